# Arbiter: build wheels in one stage, install them into a clean slim image in the next.

FROM python:3.11-slim AS build
WORKDIR /src
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY glossary ./glossary
COPY cogs ./cogs
# The project wheel plus wheels of every dependency, so the runtime stage needs no compiler.
RUN pip wheel --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    ARBITER_DB=/data/arbiter.sqlite3
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin arbiter \
    && mkdir -p /data \
    && chown arbiter:arbiter /data
COPY --from=build /wheels /wheels
RUN pip install --no-index --find-links=/wheels arbiter && rm -rf /wheels
USER arbiter
WORKDIR /home/arbiter
VOLUME ["/data"]
# Offline self-test of the installed bot: command tree, texts, glossary data, migrations.
HEALTHCHECK --interval=5m --timeout=30s --start-period=20s --retries=3 \
    CMD ["python", "-m", "bot", "check"]
CMD ["python", "-m", "bot"]
