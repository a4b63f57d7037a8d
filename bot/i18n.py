"""The message catalogue: every text a user reads, in Russian (default) and English.

Texts live in `bot/locales/*.toml`, one file per area, each key holding both languages side by
side so a missing translation is visible at a glance and caught by `python -m bot check`:

    [rule.not_found]
    ru = "Ничего не нашлось по запросу «{query}»."
    en = "Nothing found for “{query}”."
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path

LOCALES_DIR = Path(__file__).with_name("locales")
# Each game's own texts sit in its folder (`bot/games/<game>/locale.toml`), merged in the same way.
GAMES_DIR = Path(__file__).with_name("games")
LANGUAGES = ("ru", "en")
KIND_VARIANT = "_kind."  # `tracker.note.destroyed_kind.mage`: a message's wording per kind
COUNTS = "counts"  # a message's table of counted phrases (`Catalogue.get` declines them)
DEFAULT_LANGUAGE = "ru"


NONE = ".none"  # the suffix of a message's wording for an empty list
LIST_PARAMS = ("known", "allowed", "options", "names")  # placeholders that hold a list


def is_empty_list(value: object) -> bool:
    """An empty list of names: an empty list or tuple, or a listing whose `empty` is true."""
    if isinstance(value, (list, tuple)):
        return not value
    return getattr(value, "empty", False) is True


class CatalogueError(ValueError):
    """A locale file cannot be read or merged; the message names the file."""


class Catalogue:
    """Flat key -> {language: template} map merged from every locale file."""

    def __init__(
        self,
        messages: Mapping[str, Mapping[str, str]],
        counts: Mapping[str, Mapping[str, tuple[str, str]]] | None = None,
    ) -> None:
        self._messages = dict(messages)
        # message key → {phrase param: (count param, plural phrase key)}: a message's own
        # `counts` table, so a game's counted words live beside its texts (`counts` below)
        self._counts = dict(counts or {})

    @classmethod
    def load(cls, directory: Path | None = None) -> Catalogue:
        """Merge every `*.toml` in `directory`; by default `LOCALES_DIR` (read at call time) and
        every game's `locale.toml`."""
        merged: dict[str, dict[str, str]] = {}
        counts: dict[str, dict[str, tuple[str, str]]] = {}
        paths = sorted((directory or LOCALES_DIR).glob("*.toml"))
        if directory is None:
            paths += sorted(GAMES_DIR.glob("*/locale.toml"))
        for path in paths:
            try:
                with path.open("rb") as fh:
                    data = tomllib.load(fh)
                found = list(_flatten(data, counts=counts))
            except (OSError, tomllib.TOMLDecodeError, ValueError) as exc:
                raise CatalogueError(f"{path.name}: {exc}") from exc
            for key, langs in found:
                if key in merged:
                    raise CatalogueError(f"{path.name}: duplicate message key {key!r}")
                merged[key] = langs
        return cls(merged, counts)

    def keys(self) -> list[str]:
        return sorted(self._messages)

    def __contains__(self, key: str) -> bool:
        return key in self._messages

    def get(self, key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
        """The text for `key` in `lang`, formatted with `params`; falls back to Russian.

        `{/game join}` in a text is the command as the reader's client names it (`/игра войти`).
        A list given empty picks the key's `.none` wording (`listing_key`).
        """
        key = self.listing_key(key, params)
        text = self.lookup(key, lang)
        if text is None:
            raise KeyError(f"unknown message key {key!r}")
        if "{/" in text:
            text = _COMMAND_REF.sub(
                lambda m: self.command_label(m.group(1)[1:].split(), lang), text
            )
        counted = self._counts_for(key)
        if counted:  # «2 повреждения», «1 жетон»: each counted phrase in the reader's language
            params = {**params}
            for name, (count, phrase) in counted.items():
                if name not in params and count in params:
                    n = int(str(params[count]))
                    params[name] = plural_form(n, self.get(phrase, lang, n=n).split("|"), lang)
        return text.format(**params) if params else text

    def _counts_for(self, key: str) -> Mapping[str, tuple[str, str]] | None:
        """A message's counts, or its base message's: a phrase per kind of piece
        (`…_kind.creature`) and a list's `.none` wording count as their base does."""
        for candidate in (key, key.split(KIND_VARIANT)[0], key.removesuffix(NONE)):
            if candidate in self._counts:
                return self._counts[candidate]
        return None

    def listing_key(self, key: str, params: Mapping[str, object]) -> str:
        """`<key>.none` when one of `params` is an empty list and the catalogue words that case:
        «В этой игре жетонов нет», never «можно класть: —» (playtest 6, G2). Every message that
        lists things has one (`tests/core/test_i18n_lists.py`)."""
        if any(is_empty_list(v) for v in params.values()) and key + NONE in self._messages:
            return key + NONE
        return key

    def command_label(self, path: list[str] | tuple[str, ...], lang: str) -> str:
        """`/игра войти`: each word of `path` by its `cmd.<path>.name` (the word itself if none)."""
        words = [
            self.lookup("cmd." + ".".join(path[: i + 1]) + ".name", lang) or word
            for i, word in enumerate(path)
        ]
        # a literal brace in a label would break `format`; names never hold one
        return "/" + " ".join(words)

    def lookup(self, key: str, lang: str = DEFAULT_LANGUAGE) -> str | None:
        """The unformatted text for `key` (Russian if `lang` lacks it), or None when unknown.

        For texts derived from declarations (command descriptions, area names), where a missing
        key must not break a reply: `check` reports it instead.
        """
        langs = self._messages.get(key)
        if langs is None:
            return None
        return langs.get(lang) or langs.get(DEFAULT_LANGUAGE) or None

    def lookup_exact(self, key: str, lang: str) -> str | None:
        """The text for `key` in exactly `lang` (no fallback), or None."""
        return self._messages.get(key, {}).get(lang) or None

    def problems(self) -> list[str]:
        """Missing languages and placeholder mismatches, for `check`."""
        found: list[str] = []
        for key, langs in sorted(self._messages.items()):
            missing = [lang for lang in LANGUAGES if not langs.get(lang)]
            if missing:
                found.append(f"message {key!r} lacks {', '.join(missing)}")
                continue
            fields = {lang: _placeholders(langs[lang]) for lang in LANGUAGES}
            if len({frozenset(v) for v in fields.values()}) > 1:
                found.append(f"message {key!r} has different placeholders per language")
        for key, counted in sorted(self._counts.items()):
            for name, (_, phrase) in counted.items():
                if phrase not in self._messages:
                    found.append(f"message {key!r} counts {name!r} with unknown {phrase!r}")
                elif key in self._messages and name not in _placeholders(self._messages[key]["ru"]):
                    found.append(f"message {key!r} counts {name!r} but never shows it")
        return found


def _flatten(
    data: Mapping[str, object],
    prefix: str = "",
    counts: dict[str, dict[str, tuple[str, str]]] | None = None,
) -> Iterator[tuple[str, dict[str, str]]]:
    """Messages by dotted key; a message's `counts` table (`counts.damage_text = ["damage",
    "dice.plural.damage_plain"]`) is gathered into `counts`, not read as a message."""
    for name, value in data.items():
        key = f"{prefix}.{name}" if prefix else name
        if not isinstance(value, Mapping):
            raise ValueError(f"message {key!r} must be a table with ru/en")
        if any(isinstance(v, str) for v in value.values()):
            yield key, {str(k): str(v) for k, v in value.items() if isinstance(v, str)}
            counted = value.get(COUNTS)
            if counted is not None:
                if counts is None or not isinstance(counted, Mapping):
                    raise ValueError(f"message {key!r}: counts must be a table")
                counts[key] = {str(n): _count_spec(key, spec) for n, spec in counted.items()}
            nested = {k: v for k, v in value.items() if not isinstance(v, str) and k != COUNTS}
            if nested:
                yield from _flatten(nested, key, counts)
        else:
            yield from _flatten(value, key, counts)


def _count_spec(key: str, spec: object) -> tuple[str, str]:
    if not (isinstance(spec, list) and len(spec) == 2 and all(isinstance(x, str) for x in spec)):
        raise ValueError(f"message {key!r}: a count is [count param, plural phrase key]")
    return spec[0], spec[1]


_COMMAND_REF = re.compile(r"\{(/[^{}]+)\}")


def _placeholders(template: str) -> set[str]:
    """Format fields of `template`; command references (`{/game join}`) count as fields too, so
    a language that names another command is reported."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@cache
def catalogue() -> Catalogue:
    """The process-wide catalogue, loaded once."""
    return Catalogue.load()


def first_key(*keys: str) -> str:
    """The first of `keys` the catalogue has, else the last: a game's or an option's own wording
    (`…_conquest`, `….below`) where it has one, the shared one otherwise. Empty keys are skipped."""
    found = catalogue()
    return next((key for key in keys[:-1] if key and key in found), keys[-1])


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """Shorthand for `catalogue().get(key, lang, **params)`."""
    return catalogue().get(key, lang, **params)


def plural_form(n: int, forms: list[str] | tuple[str, ...], lang: str) -> str:
    """The form of a counted word for `n`: English `one|other`, Russian `one|few|many`
    (1, 21 → one; 2–4, 22–24 → few; 0, 5–20, 11–14 → many), as CLDR's plural rules say."""
    if len(forms) == 1:
        return forms[0]
    if lang != "ru" or len(forms) == 2:
        return forms[0] if abs(n) == 1 else forms[-1]
    tail, tens = abs(n) % 10, abs(n) % 100
    if tail == 1 and tens != 11:
        return forms[0]
    if 2 <= tail <= 4 and not 12 <= tens <= 14:
        return forms[1]
    return forms[2]


def plural(key: str, n: int, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """A counted phrase from the catalogue, whose text holds its forms split by `|`
    (`{n} шаг|{n} шага|{n} шагов`): the one helper every counted phrase goes through."""
    return plural_form(n, t(key, lang, n=n, **params).split("|"), lang)


def decimal(x: float, lang: str, digits: int = 2) -> str:
    """`2.59` in English, `2,59` in Russian: the one place a fraction gets its separator (the
    language is required, so no reply can fall back to English silently)."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "ru" else text


def file_size(size: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """`512 байт`, `16,6 КБ` / `512 bytes`, `16.6 KB`."""
    if size < 1024:
        return plural("format.bytes", size, lang)
    return t("format.kilobytes", lang, n=decimal(size / 1024, lang, 1))


def game_name(slug: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A game's display name (`game.<slug>`), or the slug itself for an unknown game."""
    return catalogue().lookup(f"game.{slug}", lang) or slug


def listed_name(key: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A name as it stands in a list joined by commas: `<key>.in_list` where the name holds a
    comma itself («Warhammer Fantasy (фаза магии)», playtest 16 G2), else its own name."""
    books = catalogue()
    return books.lookup(f"{key}.in_list", lang) or books.lookup(key, lang) or key


def game_list(slugs: Iterable[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """Games' names joined by commas, none of them holding a comma of its own (G2)."""
    return ", ".join(dict.fromkeys(listed_name(f"game.{slug}", lang) for slug in slugs))


def pick_language(*candidates: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """First candidate that is Russian or any English variant (`en-US`, `en-GB`), else default."""
    for raw in candidates:
        if not raw:
            continue
        code = raw.lower().replace("_", "-")
        if code == "ru" or code.startswith("ru-"):
            return "ru"
        if code == "en" or code.startswith("en-"):
            return "en"
    return default
