"""A glossary entry's category in the reader's language (the data files hold the Russian one)."""

from __future__ import annotations

from bot.i18n import catalogue


def category_label(category: str, lang: str) -> str:
    """`черта объекта` → `object trait` in English; a category of several parts
    (`срабатывающая особенность. именная особенность`) part by part; unknown parts as they are."""
    if lang == "ru":
        return category
    cat = catalogue()
    parts = [p.strip() for p in category.split(".") if p.strip()]
    shown = [cat.lookup(f"category.{p.lower()}", lang) or p for p in parts]
    return ". ".join(shown)
