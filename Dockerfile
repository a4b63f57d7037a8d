# Arbiter: the pinned dependencies and the bot are installed in build stages, and the final image
# copies only what they installed: no wheel or build file reaches its layers, not even deleted.
# Two layers, so that editing the bot changes only the small one: the dependencies
# (constraints.txt, installed before any source is copied) in the virtualenv /opt/arbiter, and
# the bot itself in /opt/arbiter-app, which a .pth file puts on that virtualenv's path.
# Plain `docker build` (no BuildKit features), so Debian's docker.io builds it as it is.

FROM python:3.11-slim AS deps
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /src
# The base image's pip installs into the virtualenv (`--python`), so none is left inside it.
RUN python -m venv --without-pip /opt/arbiter \
    && /opt/arbiter/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' \
       | xargs -I{} sh -c 'echo /opt/arbiter-app > {}/arbiter-app.pth'
COPY constraints.txt ./
RUN pip --python /opt/arbiter/bin/python install --no-compile -r constraints.txt \
    && /opt/arbiter/bin/python -m compileall -q /opt/arbiter

FROM deps AS app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY glossary ./glossary
COPY cogs ./cogs
RUN pip --python /opt/arbiter/bin/python install --no-compile --no-deps --target /opt/arbiter-app . \
    && /opt/arbiter/bin/python -m compileall -q /opt/arbiter-app

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
COPY --from=deps /opt/arbiter /opt/arbiter
COPY --from=app /opt/arbiter-app /opt/arbiter-app
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
