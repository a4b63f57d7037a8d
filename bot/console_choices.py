"""Which words refuse a typed value that is not one of an option's fixed choices."""

from __future__ import annotations

from bot.i18n import LANGUAGES, catalogue, t


def bad_choice_key(path: tuple[str, ...], option: str, typed: str) -> str:
    """The option's own refusal (`console.bad_choice.<path>.<option>`) where it has one, else the
    plain one; its `.aside` variant only when the value typed is one of the words the aside
    answers (`.aside_words`, comma-separated): «вид:сильный» is told where a strike's strength
    comes from (playtest 12, B1), «kind:ranged» only what the choices are (English walk 7, BK-2)."""
    own = f"console.bad_choice.{'.'.join(path)}.{option}" if path else ""
    if own not in catalogue():
        return "console.bad_choice"
    if f"{own}.aside" in catalogue() and f"{own}.aside_words" in catalogue():
        words = {
            w.strip().casefold()
            for lang in LANGUAGES
            for w in t(f"{own}.aside_words", lang).split(",")
        }
        if " ".join(typed.split()).casefold() in words:
            return f"{own}.aside"
    return own
