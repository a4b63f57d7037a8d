"""The footer under a rule: which rulebook and lines it quotes, or that it is retold."""

from __future__ import annotations

import re

from bot.context import Ctx
from glossary.importers import RULEBOOKS
from glossary.model import Entry

_RU_MONTHS = "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь"
_EN_MONTHS = "January February March April May June July August September October November December"
_MONTHS_EN = dict(zip(_RU_MONTHS.split(), _EN_MONTHS.split(), strict=True))
_EDITION = re.compile(r"\b(\d+)(?:st|nd|rd|th) edition\b")
_RU_MONTH = re.compile(r"\((" + "|".join(_MONTHS_EN) + r") (\d{4})\)")


def source_footer(ctx: Ctx, entry: Entry) -> str:
    """`Источник: Mage Wars: Compiled Codex, строки 3–5`: the rulebook by name, not its file
    name (an unknown file is named as is); Russian and English agree in number. A supplement
    entry says it is retold from the published rules, not quoted from a seed."""
    src = entry.source
    if src.published is not None:
        rules = src.published
        if ctx.lang == "ru":  # «(8th edition)» → «(8-я редакция)» (playtest 5, W6)
            rules = _EDITION.sub(lambda m: ctx.t("rule.source.edition", n=m.group(1)), rules)
        return ctx.t("rule.source.retold", rules=rules)
    book = RULEBOOKS.get(src.file, src.file)
    if ctx.lang == "en":  # the seed dates its title in Russian: «(январь 2014)» → (January 2014)
        book = _RU_MONTH.sub(lambda m: f"({_MONTHS_EN[m.group(1)]} {m.group(2)})", book)
    if src.first_line == src.last_line:
        return ctx.t("rule.source.line", book=book, line=src.first_line)
    return ctx.t("rule.source.lines", book=book, first=src.first_line, last=src.last_line)
