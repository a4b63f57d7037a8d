"""`/unit add traits:` and what it does not track: a term of the game's rules the bot does not
track is left out and said to be untracked, with what to do instead, and the unit is added with
the rest (playtest 5: M1, B1–B3, K2; playtest 6, B2), never «не черта этой игры»; a game whose
units carry no traits says so instead of listing none (W3, C5). A game may word it its own way
(`…_<slug>` keys: Berserk's «особенность», playtest 6, B1).

The glossary tells a term of the game from a word it does not have: a part whose name is an
entry's name (exactly, by stem, or as the start of it, «Летающее» for «Летающее существо»)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.games.terms import game_terms
from bot.i18n import catalogue, first_key, t
from bot.tracker.errors import GameRef, TrackerError
from bot.tracker.names import md
from bot.tracker.plugin import plugin_for
from bot.tracker.templates import StatDef, template
from bot.tracker.traits import parse_traits, split_parts
from glossary import load_glossary
from glossary.model import Entry

E = "tracker.error."
SURE = frozenset({"exact", "stem"})  # the typed word is the entry's name, in some form
TRACKED = ("stats", "tokens", "traits")  # `terms.toml` kinds the bot keeps on a unit
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


@dataclass(frozen=True)
class TermName:
    """An entry's name as the reader's language writes it: the book's Russian name for Russian
    readers, the English one where the entry has one (else as typed)."""

    entry: Entry
    typed: str

    def name(self, lang: str) -> str:
        names = sorted(self.entry.names, key=lambda n: "(" in n)  # «Штурм» before «Штурм (Х)»
        russian = [n for n in names if _CYRILLIC.search(n)]
        english = [n for n in names if not _CYRILLIC.search(n)]
        if lang == "ru":
            return russian[0] if russian else self.typed
        return english[0] if english else self.typed


def untracked_entry(slug: str, term: str) -> Entry | None:
    """The game's glossary entry `term` names, unless the bot tracks it (its `terms.toml` links
    the entry to a stat, token or trait): then the typed word is not that entry's."""
    if not term:
        return None
    hits = load_glossary().search(term, game=slug, limit=1)
    if not hits or not (hits[0].tier in SURE or _starts(hits[0].entry, term)):
        return None
    entry = hits[0].entry
    terms = game_terms(slug)
    tracked = {terms.entry_of(kind, key) for kind in TRACKED for key in terms.links.get(kind, {})}
    return None if entry.id in tracked else entry


def _starts(entry: Entry, term: str) -> bool:
    """`term` is the first whole words of one of the entry's names («Летающее» of «Летающее
    существо»), not a bit of a word («Ле»). The curated aliases count too: a card's English
    abilities are typed as printed («flying» of «flying creature», English walk 12, BK-7)."""
    typed = term.casefold()
    names = (*entry.names, *load_glossary().aliases.get(entry.id, ()))
    if " " not in typed and len(typed) >= _INFLECTED:  # «летающий» of «Летающее существо»
        stem = typed[:-2]
        return any(n.casefold().split(" ", 1)[0][:-2] == stem for n in names)
    return any(
        n.casefold().startswith(typed) and n[len(typed) : len(typed) + 1] in ("", " ", "(")
        for n in names
    )


_INFLECTED = 6  # a word this long differing only in its last two letters is the same word


def no_trait(params: dict[str, Any]) -> str:
    """The message for `no_trait`: untracked term (the game's own advice where it has one),
    a game without traits, or a word the game does not have (the traits listed)."""
    game, term = params.pop("game", None), str(params.pop("term", ""))
    slug = game.slug if isinstance(game, GameRef) else ""
    entry = untracked_entry(slug, term) if slug else None
    if entry is not None:
        params["name"] = TermName(entry, term)
        return _own(E + "trait_untracked", slug)
    if slug and not template(slug).traits:
        own = f"{E}no_traits_{slug}"
        return own if own in catalogue() else E + "no_traits"
    return _own(E + "no_trait", slug)


def _own(key: str, slug: str) -> str:
    """`key`, or the game's own wording of it (`key_<slug>`) where the game has one."""
    return first_key(f"{key}_{slug}" if slug else "", key)


# ── playtest 6, B2: a card is added with the traits the bot tracks; the rest are said ───────────

_NUMBER = re.compile(r"(\d+)\s*\)?\s*$")
_PLACEHOLDER = re.compile(r"\s+[XХ]$")  # a rule title's value placeholder, Latin or Cyrillic


@dataclass(frozen=True)
class Untracked:
    """A part of `traits:` that names a term of the game's rules the bot does not track."""

    part: str  # as typed: «Неповоротливость 2»
    # None: a game whose units carry no traits at all (C2); a StatDef: a printed keyword the
    # glossary lacks, named in the game's template (KeyForge Taunt, en-4 KF-1)
    name: TermName | StatDef | None

    @property
    def number(self) -> int:
        """The card's number for the term («Неповоротливость 2» → 2), 1 when none is typed."""
        m = _NUMBER.search(self.part)
        return int(m.group(1)) if m else 1


def drop_untracked(slug: str, text: str) -> tuple[str, list[Untracked]]:
    """`traits:` without the game's terms the bot does not track, and those terms. Any other
    refusal (a typo, a token, a bad number) is left to `/unit add` to say. A game whose units
    carry no traits adds the unit without any and says each part is not tracked (playtest 7,
    C2: a refusal made the player retype the whole unit)."""
    tpl = template(slug)
    left: list[Untracked] = []
    if not tpl.traits:
        return "", [Untracked(part, None) for part in split_parts(text)]
    for _ in range(len(split_parts(text))):
        try:
            parse_traits(tpl, text, plugin_for(slug))
        except TrackerError as exc:
            if exc.code != "no_trait":
                break
            part, term = str(exc.params.get("name", "")), str(exc.params.get("term", ""))
            entry = untracked_entry(slug, term)
            keyword = tpl.resolve_keyword(_NUMBER.sub("", term or part).strip())
            if entry is not None:
                left.append(Untracked(part, TermName(entry, term)))
            elif keyword is not None:
                left.append(Untracked(part, keyword))
            else:
                break
            text = ", ".join(p for p in split_parts(text) if p != part)
        else:
            break
    return text, left


def untracked_lines(slug: str, left: list[Untracked], lang: str) -> list[str]:
    """A line for each term left out: the game's own advice for that term where it has one
    (`tracker.note.untracked.<entry id>`), else the game's or the shared «not tracked» line."""
    lines = []
    for item in left:
        if item.name is None:
            lines.append(t(_own("tracker.note.no_traits", slug), lang, name=md(item.part)))
            continue
        if isinstance(item.name, StatDef):  # no entry to point /rule at: the advice alone
            shown = item.name.name(lang) + (f" {item.number}" if _NUMBER.search(item.part) else "")
            lines.append(t("tracker.note.keyword_untracked", lang, name=md(shown)))
            continue
        own = f"tracker.note.untracked.{item.name.entry.id.replace('/', '.')}"
        key = own if own in catalogue() else _own("tracker.note.trait_untracked", slug)
        name = item.name.name(lang)
        if _NUMBER.search(item.part):  # the title's «Х» is no value: the card's own number is
            name = _PLACEHOLDER.sub(f" {item.number}", name)  # (playtest 12, B4)
        lines.append(t(key, lang, name=md(name), n=item.number))
    return lines
