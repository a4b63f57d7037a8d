"""A glossary entry's category in the reader's language (the data files hold the Russian one)."""

from __future__ import annotations

from bot.i18n import catalogue


def category_label(category: str, lang: str) -> str:
    """`черта объекта` → `object trait` in English; a category of several parts
    (`Срабатывающая особенность. Именная особенность`) part by part, listed with commas
    («срабатывающая особенность, именная особенность»: sentences glued with a full stop and a
    small letter read as a slip, playtest 6 B5); unknown parts as they are."""
    cat = catalogue()
    parts = [p.strip() for p in category.split(".") if p.strip()]
    shown = [cat.lookup(f"category.{p.lower()}", lang) or _lower_first(p, lang) for p in parts]
    return ", ".join(shown)


def _lower_first(part: str, lang: str) -> str:
    """One casing in Russian: the data write «Игровой термин» next to «черта объекта»
    (playtest 3 slip 25); an abbreviation (`ЗОВ`) keeps its capitals."""
    if lang != "ru" or part[1:2].isupper():
        return part
    return part[:1].lower() + part[1:]
