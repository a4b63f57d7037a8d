"""Game templates: one `template.toml` in each `bot/games/<game>/` package, read into `Template`.

A template says which counters a player, the player's leader unit (mage, warlord) and a creature
start with, their names and bounds, the allowed tokens, the round procedure, and which stat is
damage, which stats a unit's damage is measured against and which counter wins the game.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from bot.games import ALL_GAMES
from bot.tracker.names import Lexicon, in_line, norm

TEMPLATE_SLUGS: tuple[str, ...] = tuple(ALL_GAMES)  # the games in this folder, at start-up
TEMPLATE_PATHS: dict[str, Path] = {slug: g.template_path for slug, g in ALL_GAMES.items()}
LEADER_KINDS = ("", "mage", "warlord")


def known_game(slug: str) -> bool:
    """A game with a template, a registered fixture game (`bot.games.register`) included."""
    return slug in ALL_GAMES


def counts_turns(slug: str) -> bool:
    """Counted in turns rather than rounds (the board and replies say "turn 3")."""
    game = ALL_GAMES.get(slug)
    return game is not None and game.turns


def counts_each_turn(slug: str) -> bool:
    """A turn game whose turn number counts each player's turn, not each full round (Berserk,
    KeyForge: ход 1 is the first player's, ход 2 the second's)."""
    game = ALL_GAMES.get(slug)
    return game is not None and game.turns and game.each_turn


def holds_initiative(slug: str) -> bool:
    """The active seat holds the initiative (seed 000:143 Initiative (Инициатива)), not a turn."""
    game = ALL_GAMES.get(slug)
    return game is not None and game.initiative


CREATURE = "creature"
SIGNS = frozenset({"", "+", "−"})  # a signed stat's sign (`StatDef.sign`)
_PLACEHOLDER = re.compile(r"\s*[+\-–−]\s*X$")  # the «+X» a signed trait's name ends with


@dataclass(frozen=True)
class StatDef:
    """A counter or token kind: key, Russian and English names, aliases and bounds."""

    key: str
    ru: str
    en: str
    aliases: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    token: bool = False
    # How a value is signed on the card: «Ярость +1», «Прочный −2» (`sign = "+"` or `"−"` in the
    # template); unsigned stats read «броня 2».
    sign: str = ""

    def name(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en

    def base(self, lang: str) -> str:
        """The name without its «+X»/«−X» placeholder: «Ярость» of «Ярость +X»."""
        name = self.name(lang)
        return _PLACEHOLDER.sub("", name) if self.sign else name

    def with_value(self, value: int, lang: str) -> str:
        """The stat as its card writes it: «броня 2», «Ярость +1», «Прочный −2»."""
        if self.sign:
            return f"{self.base(lang)} {self.sign}{value}"
        return f"{self.name(lang)} {value}"

    @property
    def flag(self) -> bool:
        """A yes/no stat (bounded to 0…1, like a Conquest warlord's bloodied side)."""
        return self.min == 0 and self.max == 1 and not self.token


@dataclass(frozen=True)
class Template:
    slug: str
    procedure: str
    leader: str
    damage: str
    toughness: tuple[str, ...]
    main: str
    player_main: str
    mana: str
    required: tuple[str, ...]
    start: dict[str, str]
    player: dict[str, int]
    leader_stats: dict[str, int]
    creature: dict[str, int]
    stats: dict[str, StatDef]
    tokens: dict[str, StatDef]
    win_stat: str = ""
    win_at: int = 0
    lists: tuple[str, ...] = ()
    open: bool = False
    hide_zero: tuple[str, ...] = ()  # stats not worth a place on the board while they are 0
    # False where units have no life to show as ❤ left/whole (KeyForge: power and damage, en-7 KF-5)
    life_bar: bool = True
    # Tokens that count as damage nothing heals (Mage Wars Tainted: 3 each), by key.
    damage_tokens: dict[str, int] = field(default_factory=dict)
    # Tokens that add to a unit's toughness (Mage Wars Growth: Innate Life +3 each), by key.
    toughness_tokens: dict[str, int] = field(default_factory=dict)
    unit_required: tuple[str, ...] = ()  # /unit add options a creature cannot do without
    unit_note: str = "tracker.note.unit_added"  # how /unit add announces one (Conquest: отряд)
    # A /unit add option the game's units do not keep: refused ("") or skipped with this note
    # (Conquest: the attack printed on a card is harmless to type, playtest 12 C2).
    unit_skip_note: str = ""
    max_players: int = 0  # seats the game has (Conquest, KeyForge: 2); 0: any number
    usual_players: int = 0  # the count it is played by (Berserk: a duel); more only warn; 0: none
    # Stats and tokens a unit carries from its card (`/unit add traits:`, later `/set`): made on
    # the unit when first given, so a card without them shows nothing (issue 16).
    traits: tuple[str, ...] = ()
    # Printed keywords the bot does not track and the glossary lacks (KeyForge Taunt): a card
    # given one is added, and the reply says to apply it by hand (playtest en-4, KF-1).
    keywords: dict[str, StatDef] = field(default_factory=dict)
    stat_names: Lexicon = field(default_factory=Lexicon, compare=False, repr=False)
    token_names: Lexicon = field(default_factory=Lexicon, compare=False, repr=False)
    keyword_names: Lexicon = field(default_factory=Lexicon, compare=False, repr=False)

    def __post_init__(self) -> None:
        for d in self.stats.values():
            self.stat_names.add(d.key, (d.ru, d.en, *d.aliases))
        for d in self.tokens.values():
            self.token_names.add(d.key, (d.ru, d.en, *d.aliases))
        for d in self.keywords.values():
            self.keyword_names.add(d.key, (d.ru, d.en, *d.aliases))

    def resolve_stat(self, text: str) -> str | None:
        return self.stat_names.resolve(text)

    def resolve_token(self, text: str) -> str | None:
        return self.token_names.resolve(text)

    def resolve_keyword(self, text: str) -> StatDef | None:
        """An untracked printed keyword `text` names exactly (any case), or None."""
        key = self.keyword_names.resolve_exact(text)
        return self.keywords.get(key) if key is not None else None

    def define(self, key: str) -> StatDef:
        """The definition of a stat or token key; keys made on the fly name themselves."""
        found = self.stats.get(key) or self.tokens.get(key)
        if found is not None:
            return found
        label = key.replace("_", " ")
        return StatDef(key, label, label)

    def label(self, key: str, lang: str) -> str:
        return self.define(key).name(lang)

    def line_label(self, key: str, lang: str) -> str:
        """The name inside a board or change line: the game's own lowercase in Russian (G7), a
        name someone made up on the fly as typed."""
        own = key in self.stats or key in self.tokens
        return in_line(self.label(key, lang), lang) if own else self.label(key, lang)

    def token_damage(self, values: Mapping[str, int]) -> int:
        """Damage the tokens in `values` count as (Tainted), on top of the damage counter."""
        return sum(values.get(k, 0) * per for k, per in self.damage_tokens.items())

    def toughness_of(self, values: Mapping[str, int]) -> int:
        """The toughness stats in `values` plus what its toughness tokens add (Growth)."""
        base = sum(values.get(k, 0) for k in self.toughness)
        return base + sum(values.get(k, 0) * per for k, per in self.toughness_tokens.items())

    def life_of(self, values: Mapping[str, int]) -> int:
        """The whole life of the side in play: toughness, or a bloodied Warlord's bloodied HP."""
        if values.get("bloodied") and "bloodied_hp" in values:
            return values["bloodied_hp"]
        return self.toughness_of(values)

    def life_left(self, values: Mapping[str, int]) -> tuple[int, int]:
        """(life left, whole life) of a side whose counters and tokens are `values`: its whole
        (`life_of`) less the damage counter and what its damage tokens count as (Tainted)."""
        whole = self.life_of(values)
        return max(0, whole - values.get(self.damage, 0) - self.token_damage(values)), whole

    def stats_for(self, kind: str) -> dict[str, int]:
        """Starting counters (key → default) of a participant ('player'), leader or creature."""
        if kind == "player":
            return self.player
        if kind == CREATURE:
            return self.creature
        return self.leader_stats


class TemplateError(ValueError):
    """A template data file is malformed; the message names the file and the problem."""


def _stat(key: str, raw: Any, token: bool, where: str) -> StatDef:
    if not isinstance(raw, dict) or not raw.get("ru") or not raw.get("en"):
        raise TemplateError(f"{where}: {key!r} needs ru and en names")
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise TemplateError(f"{where}: {key!r} aliases must be a list of strings")
    lo, hi = raw.get("min"), raw.get("max")
    if lo is not None and hi is not None and lo > hi:
        raise TemplateError(f"{where}: {key!r} has min > max")
    sign = str(raw.get("sign", ""))
    if sign not in SIGNS:
        raise TemplateError(f"{where}: {key!r} sign must be one of {sorted(SIGNS)}")
    return StatDef(key, str(raw["ru"]), str(raw["en"]), tuple(aliases), lo, hi, token, sign)


def parse_template(data: dict[str, Any], where: str) -> Template:
    """Build and validate a template from parsed TOML; TemplateError names what is wrong."""
    try:
        stats = {k: _stat(k, v, False, where) for k, v in data.get("stats", {}).items()}
        tokens = {k: _stat(k, v, True, where) for k, v in data.get("tokens", {}).items()}
        keywords = {k: _stat(k, v, False, where) for k, v in data.get("keywords", {}).items()}
        win = data.get("win", {})
        tpl = Template(
            slug=str(data["slug"]),
            procedure=str(data["procedure"]),
            leader=str(data.get("leader_kind", "")),
            damage=str(data.get("damage", "")),
            toughness=tuple(data.get("toughness", ())),
            main=str(data.get("main", "")),
            player_main=str(data.get("player_main", "")),
            mana=str(data.get("mana", "")),
            required=tuple(data.get("required", ())),
            start={str(k): str(v) for k, v in data.get("start", {}).items()},
            player={str(k): int(v) for k, v in data.get("player", {}).items()},
            leader_stats={str(k): int(v) for k, v in data.get("leader", {}).items()},
            creature={str(k): int(v) for k, v in data.get("creature", {}).items()},
            stats=stats,
            tokens=tokens,
            win_stat=str(win.get("stat", "")),
            win_at=int(win.get("at", 0)),
            lists=tuple(data.get("lists", ())),
            open=bool(data.get("open", False)),
            hide_zero=tuple(data.get("hide_zero", ())),
            life_bar=bool(data.get("life_bar", True)),
            damage_tokens={str(k): int(v) for k, v in data.get("damage_tokens", {}).items()},
            toughness_tokens={str(k): int(v) for k, v in data.get("toughness_tokens", {}).items()},
            unit_required=tuple(str(k) for k in data.get("unit_required", ())),
            unit_note=str(data.get("unit_note", "tracker.note.unit_added")),
            unit_skip_note=str(data.get("unit_skip_note", "")),
            max_players=int(data.get("max_players", 0)),
            usual_players=int(data.get("usual_players", 0)),
            traits=tuple(str(k) for k in data.get("traits", ())),
            keywords=keywords,
        )
    except KeyError as exc:
        raise TemplateError(f"{where}: missing {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        if isinstance(exc, TemplateError):
            raise
        raise TemplateError(f"{where}: {exc}") from None
    _validate(tpl, where)
    return tpl


def _validate(tpl: Template, where: str) -> None:
    problems: list[str] = []
    if not known_game(tpl.procedure):
        problems.append(f"unknown procedure {tpl.procedure!r}")
    if tpl.leader not in LEADER_KINDS:
        problems.append(f"unknown leader kind {tpl.leader!r}")
    if tpl.leader and not tpl.leader_stats:
        problems.append("a leader needs [leader] stats")
    used = {*tpl.player, *tpl.leader_stats, *tpl.creature, *tpl.toughness, *tpl.hide_zero}
    used |= set(tpl.traits)
    used |= set(tpl.start.values())
    for name in ("damage", "main", "player_main", "mana", "win_stat"):
        if getattr(tpl, name):
            used.add(getattr(tpl, name))
    problems += [
        f"stat {key!r} is used but not defined"
        for key in sorted(used - set(tpl.stats) - set(tpl.tokens))
    ]
    for kind in ("player", "leader", CREATURE):
        for key, default in tpl.stats_for(kind).items():
            d = tpl.stats.get(key)
            if d and not (
                (d.min is None or default >= d.min) and (d.max is None or default <= d.max)
            ):
                problems.append(f"{kind} default {key}={default} is outside its bounds")
    for key, per in tpl.damage_tokens.items():
        if key not in tpl.tokens or per <= 0 or not tpl.damage:
            problems.append(f"damage token {key!r} needs a token, a damage stat and a count > 0")
    for key, per in tpl.toughness_tokens.items():
        if key not in tpl.tokens or per <= 0 or not tpl.toughness:
            problems.append(f"toughness token {key!r} needs a token, a toughness and a count > 0")
    for r in tpl.required:
        if r not in tpl.start:
            problems.append(f"required start option {r!r} is not in start")
    seen: dict[str, str] = {}
    for group in (tpl.stats, tpl.tokens, tpl.keywords):
        for d in group.values():
            for spelling in {norm(s) for s in (d.key, d.ru, d.en, *d.aliases)}:
                other = seen.get(spelling)
                if other is not None and other != d.key:
                    problems.append(f"name {spelling!r} means both {other!r} and {d.key!r}")
                seen[spelling] = d.key
    if problems:
        raise TemplateError(f"{where}: " + "; ".join(problems))


def load_template_file(path: Path, slug: str | None = None) -> Template:
    """Load one template; `slug` (default: the file's stem) is the game it must declare."""
    where = f"{path.parent.name}/{path.name}"
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    tpl = parse_template(data, where)
    expected = slug or path.stem
    if tpl.slug != expected:
        raise TemplateError(f"{where}: slug {tpl.slug!r} does not match its game {expected!r}")
    return tpl


@cache
def _loaded(slug: str, path: Path) -> Template:
    return load_template_file(path, slug)


def templates() -> dict[str, Template]:
    """Every game's template by slug, each loaded once."""
    return {slug: template(slug) for slug in ALL_GAMES}


# slug -> (the game it was loaded for, its template): every command asks, so no path is built
# again while the game registered under the slug stays the same object.
_by_slug: dict[str, tuple[object, Template]] = {}


def template(slug: str) -> Template:
    """The template of the game `slug` (a KeyError for an unknown game)."""
    game = ALL_GAMES[slug]
    hit = _by_slug.get(slug)
    if hit is not None and hit[0] is game:
        return hit[1]
    tpl = _loaded(slug, game.template_path)
    _by_slug[slug] = (game, tpl)
    return tpl
