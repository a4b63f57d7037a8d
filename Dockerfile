# Arbiter: install into a virtualenv in one stage, copy only that virtualenv into a clean slim
# image in the next. No wheel or build file reaches the final image's layers, not even deleted.
# The pinned dependencies (constraints.txt) are a layer of their own, installed before the sources
# are copied, so editing the bot rebuilds only the small project layer.
# Plain `docker build` (no BuildKit features), so Debian's docker.io builds it as it is.

FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /src
RUN python -m venv /opt/arbiter
COPY constraints.txt ./
RUN /opt/arbiter/bin/pip install --no-compile -r constraints.txt
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY glossary ./glossary
COPY cogs ./cogs
RUN /opt/arbiter/bin/pip install --no-compile --no-deps . \
    && /opt/arbiter/bin/pip uninstall -q -y pip setuptools \
    && /opt/arbiter/bin/python -m compileall -q /opt/arbiter/lib

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/arbiter/bin:$PATH \
    ARBITER_DB=/data/arbiter.sqlite3
# The bot runs as `arbiter`, uid 10001 and gid 10001 (fixed, so a host folder can be given to it).
# The named volume `/data` inherits the ownership below. A bind mount keeps the host's owner: a
# folder owned by root fails with «unable to open database file». Give it to the bot once:
#   sudo chown -R 10001:10001 ./data     (then `-v "$PWD/data:/data"`)
RUN useradd --create-home --uid 10001 --user-group --shell /usr/sbin/nologin arbiter \
    && mkdir -p /data \
    && chown arbiter:arbiter /data
COPY --from=build /opt/arbiter /opt/arbiter
USER arbiter
WORKDIR /home/arbiter
VOLUME ["/data"]
# Healthy while the connected bot refreshes its heartbeat (ARBITER_HEARTBEAT, default
# /data/arbiter.heartbeat, every 30 s). `python -m bot check` stays the offline self-test.
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
# `run` only connects to Discord: without DISCORD_TOKEN it stops at once with exit 2, instead
# of opening the console on a closed stdin. SIGTERM (docker stop) closes the bot cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot", "run"]
