"""Which command a typed line names: its words in either language, a game's alias, a former
name, and a name typed with a space instead of its hyphen (`/о боте` is `/о-боте`)."""

from __future__ import annotations

from rapidfuzz import fuzz

from bot.games import ALL_GAMES, find_game
from bot.games.terms import former_names
from bot.i18n import LANGUAGES
from bot.registry import (
    Command,
    Localized,
    UserError,
    command_label,
    command_name_key,
    command_word,
    unknown_command,
)


def game_words(word: str) -> list[str]:
    """A command word that names a game (`mw`, `whf`, `kf`) is typed by any one-word alias of
    that game too (`мв`, `wfb`, `кф`): `/odds wfb`, `/мв атака`."""
    slug = find_game(word)
    if slug is None:
        return []
    return [a for a in ALL_GAMES[slug].aliases if " " not in a]


def command_names(cmd: Command) -> list[tuple[str, ...]]:
    """The paths a command is typed by: `/game start`, `/игра начать` (and mixes of them)."""
    words = [
        list(
            dict.fromkeys(
                [
                    w,
                    *(command_word(cmd.path[: i + 1], lang) for lang in LANGUAGES),
                    *game_words(w),
                    *former_names().get(command_name_key(cmd.path[: i + 1]), ()),
                ]
            )
        )
        for i, w in enumerate(cmd.path)
    ]
    if len(words) == 1:
        return [(w,) for w in words[0]]
    return [(a, b) for a in words[0] for b in words[1]]


def find_command(words: list[str], commands: list[Command]) -> tuple[Command, int] | None:
    """The command whose path matches the most leading words, and how many words it used."""
    best: tuple[Command, int] | None = None
    lowered = [w.lower() for w in words]
    for cmd in commands:
        for path in command_names(cmd):
            n = len(path)
            if tuple(lowered[:n]) == path and (best is None or n > best[1]):
                best = (cmd, n)
    return best


def subcommands(group: str, commands: list[Command]) -> list[str]:
    """The sub-commands of a group typed alone or with a sub it lacks (`/игра присоединиться`),
    in the script the group was typed in, so the refusal can list what to type instead."""
    word = group.lower()
    cyrillic = any("а" <= ch <= "я" or ch == "ё" for ch in word)
    lang = "ru" if cyrillic else "en"
    out: list[str] = []
    for cmd in commands:
        if len(cmd.path) < 2 or not any(p[0] == word for p in command_names(cmd)):
            continue
        sub = command_word(cmd.path[:2], lang).split()[-1]
        if sub not in out:
            out.append(sub)
    return out


NEAR_HYPHEN = 80.0  # how close (rapidfuzz ratio) a hyphen-joined name must be to be suggested


def hyphenated(words: list[str], commands: list[Command]) -> list[str] | None:
    """The words with a name typed with spaces instead of hyphens joined again (`о боте` →
    `о-боте`, `жетон снять все` → `жетон снять-все`; playtest ru-17 G1), when that names a
    command; None when it does not."""
    for start in (0, 1):
        for n in (2, 3):
            part = words[start : start + n]
            if len(part) < n or any(":" in w for w in part):
                break
            joined = [*words[:start], "-".join(part), *words[start + n :]]
            if find_command(joined, commands) is not None:
                return joined
    return None


def near_hyphenated(words: list[str], commands: list[Command]) -> tuple[str, ...] | None:
    """A command whose hyphenated name is close to the leading words joined by a hyphen
    (`о ботэ` → `/о-боте`), or starts with the one word typed (`/о`): offered, not run."""
    typed = [w.lower() for w in words[:3] if ":" not in w]
    best: tuple[float, tuple[str, ...]] | None = None
    for cmd in commands:
        for lang in LANGUAGES:
            name = command_word(cmd.path[:1], lang)
            if "-" not in name:
                continue
            for n in range(1, len(typed) + 1):
                joined = "-".join(typed[:n])
                score = (
                    fuzz.ratio(joined, name) if n > 1 else 100.0 * (joined == name.split("-")[0])
                )
                if score >= NEAR_HYPHEN and (best is None or score > best[0]):
                    best = (score, cmd.path[:1])
    return best[1] if best else None


def unknown_name(words: list[str], commands: list[Command]) -> UserError:
    """No command starts the line: the refusal, offering the hyphenated name the words come
    close to (`/о ботэ` → «Может быть, /о-боте?»), else the commands close to the first word."""
    near = near_hyphenated(words, commands)
    if near is None:
        return unknown_command(
            "console.unknown_command", "/" + words[0], {c.path for c in commands}
        )
    label = Localized(ru=command_label(near, "ru"), en=command_label(near, "en"))
    return UserError("console.unknown_command_near", name="/" + words[0], near=label)
