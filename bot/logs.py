"""The log: a quiet start, one line per reconnect, and plain text or JSON lines.

Arbiter has no voice, so discord.py's "PyNaCl / davey is not installed, voice will NOT be
supported" warnings are dropped; aiosqlite's one line per SQL statement stays out of a
`LOG_LEVEL=DEBUG` log (it is kept at INFO), so the bot's own debug lines remain readable.
discord.py logs a whole traceback each time the gateway drops and it retries; that becomes one
line naming the error, since a reconnect is routine. `ARBITER_LOG_FORMAT=json` writes one JSON
object per line (a traceback, when there is one, is a field of it) for log collectors.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

QUIET_AT_INFO = ("aiosqlite",)  # aiosqlite.core.LOG


class _NoVoiceNotice(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


# discord.py's messages for a dropped gateway it is about to retry (client, shard manager).
RECONNECT_MESSAGES = ("Attempting a reconnect", "Failed to connect for shard_id")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class _OneLineReconnect(logging.Filter):
    """A reconnect's traceback becomes `(ErrorType: message)` at the end of its one line, a
    warning (discord.py logs it as an error; the bot recovers by itself)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith(RECONNECT_MESSAGES):
            error = record.exc_info[1]
            summary = type(error).__name__ + (f": {error}" if str(error) else "")
            record.msg = f"{record.getMessage()} ({summary})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"  # routine, not an error
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message[, exception]."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


_FILTER = _NoVoiceNotice()
_RECONNECT = _OneLineReconnect()


def setup_logging(level: str, fmt: str = "text") -> None:
    """The process's log on stderr, in `fmt` ("text" or "json"), then the filters."""
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level, handlers=[handler])
    quiet_logging()


def quiet_logging() -> None:
    """Install the filters (idempotent)."""
    client = logging.getLogger("discord.client")
    if _FILTER not in client.filters:
        client.addFilter(_FILTER)
    for name in ("discord.client", "discord.shard"):
        logger = logging.getLogger(name)
        if _RECONNECT not in logger.filters:
            logger.addFilter(_RECONNECT)
    for name in QUIET_AT_INFO:
        logger = logging.getLogger(name)
        if logger.level in (logging.NOTSET, logging.DEBUG):
            logger.setLevel(logging.INFO)
