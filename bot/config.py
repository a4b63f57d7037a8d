"""Settings in one typed place, read from the environment and an optional `.env` file.

An invalid value raises `ConfigError` naming the setting, so start-up can stop with one clear line.
The token is kept out of `repr` so it never reaches a log.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

LOCALES = ("ru", "en")
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
LOG_FORMATS = ("text", "json")
DEFAULT_DB = "./data/arbiter.sqlite3"


class ConfigError(ValueError):
    """A setting has an invalid value; the message names the setting."""

    def __init__(self, setting: str, problem: str) -> None:
        super().__init__(f"{setting}: {problem}")
        self.setting = setting


@dataclass(frozen=True)
class Settings:
    token: str | None = field(default=None, repr=False)
    db_path: Path = Path(DEFAULT_DB)
    database_url: str | None = field(default=None, repr=False)  # postgresql://…; wins over db_path
    dev_guild: int | None = None
    locale: str = "ru"
    inline_lookup: bool = False
    lookup_learning: bool = True  # /rule learns from members' picks (per server)
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    log_level: str = "INFO"
    log_format: str = "text"  # or "json": one JSON object per line
    heartbeat: Path | None = None  # unset: next to the database, named for the shard ids
    metrics_port: int | None = None  # Prometheus /metrics; unset: not served
    metrics_host: str = "127.0.0.1"

    @property
    def database(self) -> Path | str:
        """What storage opens: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url or self.db_path

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None or self.shard_ids is not None


def _bool(name: str, raw: str) -> bool:
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"", "0", "false", "no", "off"}:
        return False
    raise ConfigError(name, f"expected on/off, got {raw!r}")


def _int(name: str, raw: str, minimum: int = 0) -> int:
    try:
        value = int(raw.strip())
    except ValueError:
        raise ConfigError(name, f"expected an integer, got {raw!r}") from None
    if value < minimum:
        raise ConfigError(name, f"must be >= {minimum}, got {value}")
    return value


def load_settings(env: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Settings:
    """Build settings from `env` (default: the process environment plus `.env`)."""
    if env is None:
        if dotenv:
            from dotenv import find_dotenv, load_dotenv

            # Look in the working directory, not beside this module (wheel and Docker installs).
            load_dotenv(find_dotenv(usecwd=True), override=False)
        env = os.environ

    def get(name: str) -> str | None:
        value = env.get(name)
        return value if value is not None and value.strip() != "" else None

    token = get("DISCORD_TOKEN")
    if token is not None and (any(c.isspace() for c in token.strip()) or len(token) < 20):
        raise ConfigError("DISCORD_TOKEN", "does not look like a bot token")

    locale = (get("ARBITER_LOCALE") or "ru").strip().lower()
    if locale not in LOCALES:
        raise ConfigError("ARBITER_LOCALE", f"expected one of {', '.join(LOCALES)}, got {locale!r}")

    level = (get("LOG_LEVEL") or "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise ConfigError("LOG_LEVEL", f"expected one of {', '.join(LOG_LEVELS)}, got {level!r}")

    log_format = (get("ARBITER_LOG_FORMAT") or "text").strip().lower()
    if log_format not in LOG_FORMATS:
        raise ConfigError(
            "ARBITER_LOG_FORMAT", f"expected one of {', '.join(LOG_FORMATS)}, got {log_format!r}"
        )

    raw_guild = get("ARBITER_DEV_GUILD")
    dev_guild = _int("ARBITER_DEV_GUILD", raw_guild, 1) if raw_guild else None

    raw_count = get("ARBITER_SHARD_COUNT")
    shard_count = _int("ARBITER_SHARD_COUNT", raw_count, 1) if raw_count else None
    raw_ids = get("ARBITER_SHARD_IDS")
    shard_ids: tuple[int, ...] | None = None
    if raw_ids:
        shard_ids = tuple(_int("ARBITER_SHARD_IDS", p, 0) for p in raw_ids.split(",") if p.strip())
        if shard_count is None:
            raise ConfigError("ARBITER_SHARD_IDS", "needs ARBITER_SHARD_COUNT as well")
        if any(i >= shard_count for i in shard_ids):
            raise ConfigError("ARBITER_SHARD_IDS", "every id must be below ARBITER_SHARD_COUNT")

    inline = _bool("ARBITER_INLINE_LOOKUP", get("ARBITER_INLINE_LOOKUP") or "")
    learning = _bool("ARBITER_LOOKUP_LEARNING", get("ARBITER_LOOKUP_LEARNING") or "on")
    db = Path(get("ARBITER_DB") or DEFAULT_DB)
    raw_heartbeat = get("ARBITER_HEARTBEAT")
    raw_port = get("ARBITER_METRICS_PORT")
    metrics_port = _int("ARBITER_METRICS_PORT", raw_port, 1) if raw_port else None
    if metrics_port is not None and metrics_port > 65535:
        raise ConfigError("ARBITER_METRICS_PORT", f"must be <= 65535, got {metrics_port}")
    metrics_host = (get("ARBITER_METRICS_HOST") or "127.0.0.1").strip()
    database_url = get("ARBITER_DATABASE_URL")
    if database_url is not None:
        database_url = database_url.strip()
        if not database_url.startswith(("postgresql://", "postgres://")):
            raise ConfigError("ARBITER_DATABASE_URL", "expected a postgresql:// URL")
    return Settings(
        token=token.strip() if token else None,
        db_path=db,
        database_url=database_url,
        dev_guild=dev_guild,
        locale=locale,
        inline_lookup=inline,
        lookup_learning=learning,
        shard_count=shard_count,
        shard_ids=shard_ids,
        log_level=level,
        log_format=log_format,
        heartbeat=Path(raw_heartbeat.strip()) if raw_heartbeat else None,
        metrics_port=metrics_port,
        metrics_host=metrics_host,
    )
