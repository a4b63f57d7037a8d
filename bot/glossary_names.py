"""`python -m bot check`: every game term the bot shows is named as its glossary entry is.

A game's `terms.toml` (`bot/games/terms.py`) links the bot's keys to glossary entries; here the
bot's Russian and English names (template labels, catalogue option and command names) are
compared with the entry's names as the seed spells them (`glossary/names.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.checks import checker
from bot.games import ALL_GAMES
from bot.games.terms import KINDS, game_terms
from bot.i18n import LANGUAGES, Catalogue, catalogue
from bot.tracker.templates import template
from glossary.loader import load_entries
from glossary.model import Entry
from glossary.names import bare_name, entry_name, names_term, same_word

Namer = Callable[[str, str], str | None]  # (key, lang) → the bot's name, None when it has none


def _namers(slug: str, cat: Catalogue) -> dict[str, tuple[Namer, Callable[[str, str], bool]]]:
    """For each kind: how the bot names a key, and how strictly it must match the entry."""
    tpl = template(slug) if slug in ALL_GAMES else None

    def stat(key: str, lang: str) -> str | None:
        d = tpl.stats.get(key) if tpl else None
        return d.name(lang) if d else None

    def token(key: str, lang: str) -> str | None:
        d = tpl.tokens.get(key) if tpl else None
        return d.name(lang) if d else None

    def trait(key: str, lang: str) -> str | None:
        traits = getattr(tpl, "traits", None) or {}
        d = traits.get(key)
        return d.name(lang) if d is not None and hasattr(d, "name") else None

    def option(key: str, lang: str) -> str | None:
        return cat.lookup_exact(f"opt.{key}.name", lang)

    def command(key: str, lang: str) -> str | None:
        # English command words are contracts (`/mw sweep`): only the Russian one is compared.
        return cat.lookup_exact(f"cmd.{key}.name", lang) if lang == "ru" else None

    return {
        "stats": (stat, same_word),
        "tokens": (token, same_word),
        "traits": (trait, same_word),
        "options": (option, names_term),
        "commands": (command, same_word),
    }


def term_problems(entries: Iterable[Entry], cat: Catalogue | None = None) -> list[str]:
    """Each linked name that differs from its entry's, or a link to a missing entry or key."""
    by_id = {e.id: e for e in entries}
    cat = cat or catalogue()
    problems: list[str] = []
    for slug in ALL_GAMES:
        terms = game_terms(slug)
        namers = _namers(slug, cat)
        for kind in KINDS:
            name_of, agrees = namers[kind]
            for key, entry_id in terms.links.get(kind, {}).items():
                where = f"{slug} {kind[:-1]} {key!r}"
                entry = by_id.get(entry_id)
                if entry is None:
                    problems.append(f"{where}: no glossary entry {entry_id!r}")
                    continue
                for lang in LANGUAGES:
                    ours, seeds = name_of(key, lang), entry_name(entry, lang)
                    if lang == "ru" and entry_id in terms.spelling:
                        seeds = terms.spelling[entry_id]
                    if lang == "en" and entry_id in terms.english:
                        seeds = terms.english[entry_id]
                    if ours is None and not (kind == "commands" and lang != "ru"):
                        problems.append(f"{where}: the bot has no {lang} name for it")
                    elif ours is not None and seeds is not None and not agrees(ours, seeds):
                        problems.append(
                            f"{where}: {lang} name «{ours}» differs from the glossary's "
                            f"«{seeds}» ({entry_id})"
                        )
    return problems


def unlinked_problems(entries: Iterable[Entry]) -> list[str]:
    """Each stat or token named as an entry of its game is but not linked to it: unlinked, its
    name could drift from the entry's unnoticed, and the board could not open its rule."""
    by_name: dict[tuple[str, str], str] = {}
    for e in entries:
        name = entry_name(e, "ru")
        if name:
            by_name.setdefault((e.game, " ".join(name.casefold().split())), e.id)
    problems: list[str] = []
    for slug in ALL_GAMES:
        tpl, terms = template(slug), game_terms(slug)
        for kind, table in (("stats", tpl.stats), ("tokens", tpl.tokens)):
            for key, d in table.items():
                if terms.entry_of(kind, key) or terms.entry_of("traits", key):
                    continue
                found = by_name.get((slug, " ".join(bare_name(d.ru).casefold().split())))
                if found is not None:
                    problems.append(
                        f"{slug} {kind[:-1]} {key!r} «{d.ru}» is glossary entry {found!r}: link it"
                        f" in bot/games/{ALL_GAMES[slug].home.name}/terms.toml"
                    )
    return problems


@checker("glossary names")
def check_term_names(report: list[str]) -> list[str]:
    links = sum(len(v) for slug in ALL_GAMES for v in game_terms(slug).links.values())
    report.append(f"glossary names: {links} terms linked to their entries")
    entries = load_entries()
    return term_problems(entries) + unlinked_problems(entries)
