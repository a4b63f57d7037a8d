"""A quiet start: the log says what Arbiter does, not what it does not use.

Arbiter has no voice, so discord.py's "PyNaCl / davey is not installed, voice will NOT be
supported" warnings are dropped; the SQLite driver's (aiosqlite's, logger "aiosqlite") one line
per SQL statement stays out of a `LOG_LEVEL=DEBUG` log (it is kept at INFO), so the bot's own
debug lines remain readable.
"""

from __future__ import annotations

import logging

QUIET_AT_INFO = ("aiosqlite",)  # aiosqlite.core.LOG


class _NoVoiceNotice(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


_FILTER = _NoVoiceNotice()


def quiet_logging() -> None:
    """Install the filters (idempotent)."""
    client = logging.getLogger("discord.client")
    if _FILTER not in client.filters:
        client.addFilter(_FILTER)
    for name in QUIET_AT_INFO:
        logger = logging.getLogger(name)
        if logger.level in (logging.NOTSET, logging.DEBUG):
            logger.setLevel(logging.INFO)
