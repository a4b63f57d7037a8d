"""A Russian and an English walk through every command in the console: each reply is in the
reader's language only. Allowed across: rule texts quoted from the sources (the glossary
replies), proper names of games, dice notation, what the players typed (their names).

The detector is a script check: in a Russian reply no Latin word outside the allow-list, in an
English reply no Cyrillic one.
"""

from __future__ import annotations

import re

import pytest

from bot.console import Console
from bot.registry import load_handlers

# Proper names and notation that read the same in both languages.
ALLOWED = {
    "Mage", "Wars", "KeyForge", "Warhammer", "Fantasy", "Conquest", "Arbiter", "Discord",
    "CCG", "WFB", "MW", "JSON", "json", "txt", "roll", "game", "KB", "D", "X", "Y", "Z",
    "mage-wars", "berserk", "whfb", "conquest", "keyforge",  # slugs shown in /about
}  # fmt: skip
ALLOWED_RU_WORDS = {"Берсерк", "ККИ"}  # Berserk's own Russian title, used in English too

# Glossary replies quote the rule texts (in the source's language) and titles from them.
QUOTING = ("rule", "search", "glossary", "explain")


def walk(lang: str) -> list[str]:
    """Every command, with names in the walk's language (players, units, planets)."""
    a, b, unit, wolf, planet = (
        ("Алиса", "Борис", "Гоблин", "Волк", "Тарсис")
        if lang == "ru"
        else ("Alice", "Bob", "Goblin", "Wolf", "Tarsis")
    )
    return [
        "/help",
        "/help game",
        "/help mw attack",
        "/about",
        "/roll 2d6",
        "/roll 1d6!",
        "/roll 1000d6",
        "/roll 2к6" if lang == "ru" else "/roll 3d6kh2",
        "/roll abc",
        "/mw attack dice:4 armor:1 defense:6 effect:7+",
        "/mw attack dice:0",
        "/mw effect",
        "/mw burn tokens:2",
        "/mw burn",
        "/mw escape",
        "/mw push",
        "/berserk strike values:3-2-1",
        "/berserk strike values:3-2-1 mode:closed",
        "/berserk strike values:abc",
        "/whf winds",
        "/whf cast dice:2 level:2 value:7",
        "/whf dispel dice:2 level:1 against:7",
        "/odds mw dice:3 armor:1 life:4",
        "/odds berserk values:3-2-1",
        "/odds whf dice:2 level:1 value:5",
        "/odds winds",
        "/odds dispel dice:2 level:1 against:7",
        "/mw zone dice:3",
        "/mw sweep dice:3",
        "/mw act target:nobody",
        "/berserk wound target:nobody amount:1",
        "/kf capture",
        "/kf steal",
        "/kf fight attacker:nobody target:nobody",
        "/history rolls",
        "/rule aegis",
        "/search text:armor",
        "/glossary game:mw",
        "/explain text:attack",
        f"/game start game:mage-wars life:20 player1:{a} player2:{b}",
        "/game show",
        f"/unit add name:{unit} life:10 owner:{a}",
        f"/unit add name:{wolf} life:8",
        f"/unit rename {wolf} name:{wolf}2",
        f"/set {unit} stat:power value:3",
        f"/set {unit} stat:armor value:2",
        f"/add {unit} stat:armor amount:1",
        f"/dmg {unit} 2",
        f"/heal {unit} 1",
        f"/token add {unit} token:burn count:2",
        f"/token remove {unit} token:burn",
        f"/token clear {unit}",
        f"/mana -2 player:{a}",
        f"/mana 0 player:{a}",
        f"/mana -500 player:{a}",
        f"/dmg {wolf}2 30",
        f"/dmg {wolf}2 1",
        f"/unit remove {unit}",
        "/game undo",
        "/game redo",
        "/game next",
        "/game log",
        "/game export",
        "/game join",
        "/kf forge",
        "/game start game:keyforge",
        "!press 1",
        "/kf forge",
        "/game next",
        f"/dmg {b} 40",
        "/game end",
        "!press 1",
        "/game show",
        "/game log",
        "/game start game:conquest hale:7 bloodied:4",
        f"/planet {planet}",
        f"/planet {planet}",
        "/game next",
        "/game leave",
        "/game end",
        "!press",
        "!press 9",
        "!frob",
        "/nope",
        "help",
    ]


def _mage_wars_keywords() -> set[str]:
    """The English card keywords of Mage Wars (its cards are printed in English): the words of
    the glossary's English titles."""
    from glossary import load_glossary

    words: set[str] = set()
    for entry in load_glossary().entries:
        if entry.game == "mage-wars":
            words |= set(re.findall(r"[A-Za-z]+", entry.title))
    return words


# Console syntax (`!press N`, `help`, `exit`) and dice notation (any word with a digit) are
# the same in both languages; so is Berserk's `X-Y-Z`.
_SYNTAX = re.compile(r"![a-z]+(?: (?:N|НОМЕР|ИМЯ|КАНАЛ|NAME))?|\b(?:help|exit)\b|\S*\d\S*|X-Y-Z")


def foreign_words(text: str, lang: str, line: str = "") -> list[str]:
    text = _SYNTAX.sub(" ", text)
    if line.startswith("/help ") and lang == "en":  # option headings give the Russian name too
        text = re.sub(r"^(▸ .*?)\([^)]*\)", r"\1", text, flags=re.M)
    if line.startswith("/help ") and lang == "ru":
        text = re.sub(r"^(▸ .*?)\([^)]*\)", r"\1", text, flags=re.M)
    if lang == "ru":
        keywords = _mage_wars_keywords()
        words = re.findall(r"[A-Za-z][A-Za-z'-]*", text)
        return [
            w for w in words if w not in ALLOWED and w.lower() not in ALLOWED and w not in keywords
        ]
        words = re.findall(r"[A-Za-z][A-Za-z'-]*", text)
        return [w for w in words if w not in ALLOWED and w.lower() not in ALLOWED]
    words = re.findall(r"[\u0400-\u04ff][\u0400-\u04ff-]*", text)
    return [w for w in words if w not in ALLOWED_RU_WORDS]


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_every_reply_is_in_the_readers_language(console: Console, lang: str) -> None:
    console.lang = lang
    seen: set[tuple[str, ...]] = set()
    problems: list[str] = []
    typed = {"Алиса", "Борис", "Гоблин", "Волк", "Волк2", "Тарсис", "2к6"}  # the walk's own names
    typed |= {"Alice", "Bob", "Goblin", "Wolf", "Wolf2", "Tarsis", "alice", "player"}
    typed |= {"abc", "power", "nope", "frob", "game-"}  # echoed input, a file name
    for line in walk(lang):
        out = await console.execute(line)
        assert "Traceback" not in out and "error.unexpected" not in out, (line, out)
        assert out.strip(), line
        word = line.lstrip("/").split()[0] if line.startswith("/") else ""
        if word in QUOTING:
            continue
        for part in line.lstrip("/").split()[:2]:
            seen.add(tuple(part.split()))
        bad = [w for w in foreign_words(out, lang, line) if w not in typed]
        if bad:
            problems.append(f"{line!r}: {sorted(set(bad))}")
    assert problems == [], "\n".join(problems)
    # the walk does go through every command
    paths = {" ".join(c.path) for c in load_handlers().commands.values()}
    walked = {
        " ".join(line.lstrip("/").split()[:2]) for line in walk(lang) if line.startswith("/")
    } | {line.lstrip("/").split()[0] for line in walk(lang) if line.startswith("/")}
    assert paths <= walked, paths - walked
