"""`python -m bot check` for the glossary data: every file loads strictly; counts per game;
the curated aliases point at entries and are unambiguous; the synonyms name words the texts
use; the spoken names of `/explain` point at entries; the games agree with the bot's."""

from __future__ import annotations

from collections import Counter

from bot.checks import checker
from bot.games import GAME_SLUGS as BOT_GAME_SLUGS
from glossary.aliases import alias_dir, read_alias_files, validate_aliases
from glossary.english_names import (
    ENGLISH_NAMES_FILE,
    ENGLISH_TEXTS_FILE,
    english_names,
    english_texts,
    validate_english_names,
    validate_english_texts,
)
from glossary.gamenames import GAMES_FILE, read_games, validate_games
from glossary.importers import GAME_SLUGS
from glossary.loader import DATA_DIR, load_entries, validate_data
from glossary.synonyms import SYNONYM_FILE, read_synonyms, validate_synonyms
from glossary.terms import SPOKEN_FILE, spoken_names, validate_spoken
from glossary.textindex import TextIndex


@checker("glossary data")
def check_glossary_data(report: list[str]) -> list[str]:
    problems = validate_data(DATA_DIR)
    if problems:
        return problems
    counts = Counter(entry.game for entry in load_entries(DATA_DIR))
    figures = ", ".join(f"{game} {n}" for game, n in counts.items())
    report.append(f"glossary: {sum(counts.values())} entries ({figures})")
    return []


@checker("glossary see-also")
def check_glossary_see_also(report: list[str]) -> list[str]:
    """The seeds' «см. также» references to terms no entry has (playtest 10, K3): replies leave
    them out, so they are listed here as dead links, to be given an entry or dropped."""
    from bot.glossary_view import resolve_references

    entries = load_entries(DATA_DIR)
    dead = sorted(
        f"{e.id} → «{text}»"
        for e in entries
        for text in resolve_references(e.see_also_text, entries, e.game)[1]
    )
    shown = "; ".join(dead[:20]) + ("; …" if len(dead) > 20 else "")
    tail = f", left out of replies: {shown}" if dead else ""
    report.append(f"glossary see-also: {len(dead)} dead links{tail}")
    return []


@checker("glossary aliases")
def check_glossary_aliases(report: list[str]) -> list[str]:
    problems = validate_aliases(alias_dir(DATA_DIR), load_entries(DATA_DIR))
    if problems:
        return problems
    files, _ = read_alias_files(alias_dir(DATA_DIR))
    count = sum(len(names) for table in files.values() for names in table.values())
    report.append(f"glossary aliases: {count} names in {len(files)} files")
    return []


@checker("glossary English names")
def check_glossary_english_names(report: list[str]) -> list[str]:
    """The official English names shown beside Russian-only titles point at real entries."""
    problems = validate_english_names(ENGLISH_NAMES_FILE, load_entries(DATA_DIR))
    if problems:
        return problems
    report.append(f"glossary English names: {len(english_names())} entries")
    return []


@checker("glossary English texts")
def check_glossary_english_texts(report: list[str]) -> list[str]:
    """Arbiter's retold entries have English texts; no seed quotation is replaced."""
    problems = validate_english_texts(ENGLISH_TEXTS_FILE, load_entries(DATA_DIR))
    if problems:
        return problems
    report.append(f"glossary English texts: {len(english_texts())} retold entries")
    return []


@checker("glossary synonyms")
def check_glossary_synonyms(report: list[str]) -> list[str]:
    """Every synonym line reads, and every rule word it names occurs in some entry text."""
    plain = TextIndex(load_entries(DATA_DIR), word_map={})
    problems = validate_synonyms(SYNONYM_FILE, plain.knows)
    if problems:
        return problems
    table, _ = read_synonyms(SYNONYM_FILE)
    report.append(f"glossary synonyms: {len(table)} player words")
    return []


@checker("glossary spoken names")
def check_glossary_spoken(report: list[str]) -> list[str]:
    """The names only `/explain` reads point at real entries."""
    problems = validate_spoken(SPOKEN_FILE, (e.id for e in load_entries(DATA_DIR)))
    if problems:
        return problems
    report.append(f"glossary spoken names: {len(spoken_names())} entries")
    return []


@checker("glossary game names")
def check_glossary_game_names(report: list[str]) -> list[str]:
    """Names of games in queries: shared names point at our games, other games' names are no
    word of our texts."""
    plain = TextIndex(load_entries(DATA_DIR), word_map={})
    problems = validate_games(GAMES_FILE, frozenset(BOT_GAME_SLUGS), plain.knows)
    if problems:
        return problems
    shared, others, _ = read_games(GAMES_FILE)
    report.append(f"glossary game names: {len(shared)} shared, {len(others)} of other games")
    return []


@checker("glossary games")
def check_glossary_games(report: list[str]) -> list[str]:
    """The importers' table of games and `bot.games` must list the same slugs."""
    if set(GAME_SLUGS) != set(BOT_GAME_SLUGS):
        return [
            f"glossary games {sorted(GAME_SLUGS)} differ from bot games {sorted(BOT_GAME_SLUGS)}"
        ]
    return []
