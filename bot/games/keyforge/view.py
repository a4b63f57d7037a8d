"""KeyForge on the live board: the chains counter says how many cards it costs on the draw."""

from __future__ import annotations

from bot.games.keyforge.rules import chain_penalty
from bot.i18n import t


def stat_note(key: str, value: int, lang: str) -> str | None:
    """A note beside a stat on the board, or None (only chains have one)."""
    if key == "chains" and value:
        return t("live.chains_penalty", lang, n=chain_penalty(value))
    return None
