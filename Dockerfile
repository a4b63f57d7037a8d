# Arbiter: build wheels in one stage, install them into a clean slim image in the next.
# The pinned dependencies (constraints.txt) are a layer of their own, built before the sources
# are copied, so editing the bot rebuilds only the small project wheel.

FROM python:3.11-slim AS build
WORKDIR /src
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
COPY constraints.txt ./
RUN pip wheel --wheel-dir /deps -r constraints.txt && cp constraints.txt /deps/
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY glossary ./glossary
COPY cogs ./cogs
RUN pip wheel --no-deps --wheel-dir /app .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    ARBITER_DB=/data/arbiter.sqlite3
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin arbiter \
    && mkdir -p /data \
    && chown arbiter:arbiter /data
COPY --from=build /deps /deps
RUN pip install --no-index --find-links=/deps -r /deps/constraints.txt && rm -rf /deps
COPY --from=build /app /app
RUN pip install --no-index --no-deps /app/*.whl && rm -rf /app
USER arbiter
WORKDIR /home/arbiter
VOLUME ["/data"]
# Healthy while the connected bot refreshes its heartbeat (/data/arbiter.heartbeat, every 30 s).
# `python -m bot check` stays the offline self-test of the image.
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
# `run` only connects to Discord: without DISCORD_TOKEN it stops at once with exit 2, instead
# of opening the console on a closed stdin. SIGTERM (docker stop) closes the bot cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot", "run"]
