"""The one table from the tracker's refusal codes to catalogue messages.

The tracker core raises `TrackerError(code, **params)` and knows no language; here each code
becomes its catalogue key, params that name something (a stat, a game) are named in the
reader's language, and names are escaped once, as typed (`md`), for Discord markdown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bot.context import Ctx
from bot.handlers.tracker_describe import game_name
from bot.handlers.trait_refusals import no_trait
from bot.i18n import catalogue, first_key, plural, t
from bot.registry import CommandLabel, Localized, UserError, maps_errors, option_label
from bot.tracker.counters import damage_ref
from bot.tracker.declension import genitive
from bot.tracker.errors import GameRef, Named, NameList, TrackerError
from bot.tracker.model import GameState, Unit
from bot.tracker.names import md
from bot.tracker.templates import template
from bot.tracker.units import STAT_OPTIONS, option_stat

E = "tracker.error."

KEYS: dict[str, str] = {
    "already_joined": E + "already_joined",
    "too_many_players": E + "too_many_players",
    "too_many_players_self": E + "too_many_players_self",
    "ambiguous": E + "ambiguous",
    "bad_name": E + "bad_name",
    "below_zero": E + "below_zero",
    "cannot_forge": E + "cannot_forge",
    "ended": E + "ended",
    "exists": E + "exists",
    "leader_unit": E + "leader_unit",
    "name_taken": E + "name_taken",
    "name_too_long": E + "name_too_long",
    "no_game": E + "no_game",
    "nobody_seated": E + "nobody_seated",
    "no_such_game": E + "no_such_game",
    "token_is_flag": E + "token_is_flag",  # playtest 5 C3: a state, marked with /set
    "token_is_stat": E + "token_is_stat",
    "not_in_game": E + "not_in_game",
    "not_in_game_seated": E + "not_in_game_seated",  # playtest ru-17, C3: with the players
    "mana_of_unit": E + "mana_of_unit",  # playtest ru-19, M2: a creature is not a player
    "not_joined": E + "not_joined",
    "nothing_to_redo": E + "nothing_to_redo",
    "nothing_to_remove": E + "nothing_to_remove",
    "nothing_to_undo": E + "nothing_to_undo",
    "redo_game_over": E + "redo_game_over",
    "redo_left": E + "redo_left",
    "redo_seated": E + "redo_seated",
    "too_many_units": E + "too_many_units",
    "too_many_unit_rows": E + "too_many_unit_rows",
    "too_many_kinds": E + "too_many_kinds",
    "too_many_steps": E + "too_many_steps",
    "undo_before_join": E + "undo_before_join",
    "undo_others": E + "undo_others",
    "undo_moved": E + "undo_moved",
    "out_of_range": "error.out_of_range",
    "stale_game": E + "stale_game",
    "wrong_game": E + "wrong_game",
    "cq_icon": E + "cq_icon",  # issue 9: an unknown planet icon
    "trait_bounds": E + "trait_bounds",
    "dmg_option": E + "dmg_option",  # EN-8 CQ-2: Conquest's `shield:N` in another game
    "kf_fight_same_side": E + "kf_fight_same_side",  # KeyForge: a fight is with an enemy
    "kf_fight_self": E + "kf_fight_self",  # playtest 6 K4: a creature does not fight itself
}
"""Codes with one message each."""


def _short(params: dict[str, Any]) -> str:
    """Spending more than there is: the stat's own message where it has one (`not enough mana`)."""
    key = f"{E}short_{params.pop('stat_key', '')}"
    if isinstance(params.get("name"), str):  # «у Ани есть 3», «у игрока bob есть 3»
        params["name_gen"] = PlayerGen(params["name"])
    return key if key in catalogue() else E + "short"


@dataclass(frozen=True)
class UnitOption:
    """A `/unit add` option named as the reader's client shows it (`сила`, not `power`)."""

    option: str

    def name(self, lang: str) -> str:
        return option_label(("unit", "add"), self.option, lang)


@dataclass(frozen=True)
class StartOption:
    """A `/game start` option named as the reader's client shows it (`жизнь`, not `life`)."""

    option: str

    def name(self, lang: str) -> str:
        return option_label(("game", "start"), self.option, lang)


def _start_option(params: dict[str, Any]) -> str:
    """An option the game does not take at start: the ones it does, by their shown names
    (playtest 6: never «Подходят: life, channeling» in Russian, nor «Подходят: —»)."""
    allowed = params.get("allowed")
    if isinstance(allowed, NameList) and not allowed.empty:  # an option name is kept as shown
        shown = NameList([StartOption(str(o)) for o in allowed.items])
        params["allowed"] = Localized(shown.name("ru"), shown.name("en"))
    return E + "start_option"


def _unit_no_stat(params: dict[str, Any]) -> str:
    """`/unit add сила:2` in a game whose units have no such stat: the option as typed, the
    options this game's units take, and the game's own wording where it has one (отряды)."""
    game = params["game"]
    tpl = template(game.slug)
    params["name"] = UnitOption(str(params["name"]))
    usable = [o for o in STAT_OPTIONS if option_stat(tpl, o) in tpl.creature]
    params["known"] = NameList([UnitOption(o) for o in usable])
    return first_key(f"{E}unit_no_stat_{game.slug}", E + "unit_no_stat")


def _unit_needs(params: dict[str, Any]) -> str:
    """A required `/unit add` option left out: the game's own words where it has them, the
    option named as the reader's client shows it (`option_name`)."""
    option = str(params.pop("option"))
    params["option_name"] = UnitOption(option)
    return _own(f"unit_needs_{option}")(params)


def _unit_same_stat(params: dict[str, Any]) -> str:
    """Two `/unit add` options for one stat with two numbers (KeyForge: жизнь is сила, K1)."""
    params["first"] = UnitOption(str(params["first"]))
    params["second"] = UnitOption(str(params["second"]))
    return E + "unit_same_stat"


@dataclass(frozen=True)
class PlayerGen:
    """A player's name in the genitive, in the reader's language («у Ани», «у игрока bob»)."""

    player: str

    def name(self, lang: str) -> str:
        declined = genitive(self.player) if lang == "ru" else None
        return declined or catalogue().get("tracker.name.player_gen", lang, name=self.player)


def no_stat_key(kind: str, slug: str) -> str:
    """The refusal for a stat a unit lacks, by what the unit is, so its name stays in the
    nominative after «у»: «У существа «Серый ворг» нет показателя…» (playtest 5, M16)."""
    own = f"{E}no_stat_kind.{kind}"  # the game's own word first: a Conquest unit is an «отряд»
    return first_key(f"{own}_{slug}", own, E + "no_stat")


def _no_stat(params: dict[str, Any]) -> str:
    """A stat the holder lacks; a player is named in the genitive («У Ани нет параметра…»), a
    unit by its kind («У существа «X» …»)."""
    kind, slug = str(params.pop("kind", "")), str(params.pop("slug", ""))
    if params.pop("player", False):
        params["target_gen"] = PlayerGen(str(params["target"]))
        return E + "no_stat_player"
    if kind == "warlord":  # CQ-1: «Bob's Warlord», the Warlord named as its player's
        params["target_gen"] = PlayerGen(str(params["target"]))
    return no_stat_key(kind, slug)


def _and_names(params: dict[str, Any], code: str) -> str:
    """The seated players as one phrase: «Alice and Bob», «Аня и Боря» (playtest en-3, 45)."""
    names = params.get("names")
    if isinstance(names, NameList):
        items = [md(str(n)) for n in names.items]
        params["names"] = Localized(*(_joined(items, lang) for lang in ("ru", "en")))
    return E + code


def _joined(items: list[str], lang: str) -> str:
    if len(items) < 2:
        return ", ".join(items)
    return ", ".join(items[:-1]) + t("tracker.list_and", lang) + items[-1]


def _own(code: str) -> Callable[[dict[str, Any]], str]:
    """A refusal worded for the game where it has its own words (Conquest: отряд, not существо)."""

    def key(params: dict[str, Any]) -> str:
        game = params.get("game")
        own = f"{E}{code}_{game.slug}" if isinstance(game, GameRef) else ""
        return first_key(own, E + code)

    return key


def _with_example(params: dict[str, Any]) -> str:
    """`/dmg` at a player: the example names a unit on the board when there is one (scout W3),
    else the game's made-up one."""
    known = "_with" if params.get("example") else ""
    game = params.get("game")
    own = f"{E}player_no_damage_{game.slug}{known}" if isinstance(game, GameRef) else ""
    return first_key(own, E + "player_no_damage" + known)


def _destroyed(params: dict[str, Any]) -> str:
    """A destroyed unit, named by what it is («Существо «Волк» уничтожено»), so its name stays
    in the nominative and no participle agrees with it."""
    kind, slug = params.pop("kind", ""), params.pop("slug", "")
    own = f"{E}destroyed_kind.{kind}"  # the game's own word first: a WFB piece is a wizard
    if params.get("alive"):  # a later add of its name is in play: name it (M4)
        alive = f"{E}destroyed_alive_kind.{kind}"
        # a game that words its dead its own way («погибло») and not this: the neutral one
        kinds = (alive,) if f"{own}_{slug}" not in catalogue() else ()
        return first_key(f"{alive}_{slug}", *kinds, E + "destroyed_alive")
    return first_key(f"{own}_{slug}", own, E + "destroyed")


def _bounds(params: dict[str, Any]) -> str:
    """A value past a bound that is open on the other side is said as that one bound («не может
    быть меньше 0»), never as a range to «∞» (playtest 6, B4); a second token where one at most
    lies (a KeyForge ward) is said as that rule, not as a range (playtest 12, K1). A stat whose
    upper bound is a named rule of its game (`tracker.error.bounds_limit.<game>.<stat>`: the WFB
    Power Limit) says that rule and the sum that broke it (playtest EN-9, WF-3)."""
    low, high = params.get("min"), params.get("max")
    value, token = params.get("value"), params.pop("token", False)
    stat_key, slug, before = (
        params.pop("stat_key", ""),
        params.pop("slug", ""),
        params.pop("before", None),
    )
    limit = f"{E}bounds_limit.{slug}.{stat_key}"
    if isinstance(value, int) and isinstance(high, int) and value > high and limit in catalogue():
        grew = isinstance(before, int) and 0 < before < value
        params["sum"] = f"{before} + {value - before} = {value}" if grew else str(value)
        return limit if before is not None else first_key(f"{limit}_set", limit)
    if token and high == 1 and isinstance(value, int) and value > 1:
        return E + "bounds_one_token"
    if isinstance(value, int) and isinstance(low, int) and not isinstance(high, int):
        return E + "bounds_below" if value < low else E + "bounds"
    if isinstance(value, int) and isinstance(high, int) and not isinstance(low, int):
        return E + "bounds_above" if value > high else E + "bounds"
    return E + "bounds"


@dataclass(frozen=True)
class CountedValue:
    """A stat's value as a counted phrase in the reader's language («2 ключа», "2 keys")."""

    key: str
    value: int

    def name(self, lang: str) -> str:
        return plural(self.key, self.value, lang)


def _set_same(params: dict[str, Any]) -> str:
    """`/set` to the value already there (playtest 6 slip C4): «У Егора здоровье уже 8», a
    unit by its name, a yes/no mark in words. A player's stat the game counts
    (`tracker.plural.stat.<game>.<stat>`) is said as a count, so a plural stat agrees: «У Ани
    уже 2 ключа», "Anna already has 2 keys" (en-7 KF-1)."""
    player, flag = params.pop("player", False), params.pop("flag", False)
    counted = str(params.pop("counted", ""))
    if player:
        params["target_gen"] = PlayerGen(str(params["target"]))
    mark = ("_on" if params.get("value") else "_off") if flag else ""
    value = params.get("value")
    if player and not mark and counted in catalogue() and isinstance(value, int):
        params["value_text"] = CountedValue(counted, value)
        return E + "set_same_player_counted"
    return f"{E}set_same{'_player' if player else ''}{mark}"


def _gen_of(param: str, code: str) -> Callable[[dict[str, Any]], str]:
    """A refusal naming a player in the genitive («Сейчас ход Бориса»): `param` declined."""

    def key(params: dict[str, Any]) -> str:
        params[f"{param}_gen"] = PlayerGen(str(params.pop(param)))
        return E + code

    return key


def _stat_not_token(params: dict[str, Any]) -> str:
    """A stat typed as a token, in the game's words for that stat where it has them (en-7 MW-2:
    Mage Wars' Counterstrike is a yes/no trait, not «value:N»), else the generic refusal."""
    game, stat = params.get("game"), params.get("name")
    key = getattr(stat, "key", "")
    own = f"{E}token_is_stat_{game.slug}_{key}" if isinstance(game, GameRef) and key else ""
    return first_key(own, E + "token_is_stat")


def _no_game(params: dict[str, Any]) -> str:
    """A game just won names its winner (C6); one just ended says it is over (ru-19, G3)."""
    if "winner" in params:
        return E + "no_game_won"
    return E + ("no_game_ended" if params.pop("ended", False) else "no_game")


FAMILIES: dict[str, Callable[[dict[str, Any]], str]] = {
    "token_is_stat": _stat_not_token,
    "bounds": _bounds,
    "destroyed": _destroyed,
    "no_stat": _no_stat,
    "no_target": _own("no_target"),
    "not_a_unit": _own("not_a_unit"),  # en-5 KF-4: the game's word (Conquest: unit)
    "no_token": _own("no_token"),
    "no_such_tokens": _own("no_such_tokens"),  # en-7 MW-1: Mage Wars says markers
    "no_tokens": _own("no_tokens"),
    "set_same": _set_same,  # playtest 6 C2: Conquest has no token but a shield card
    "player_no_damage": _with_example,
    "start_needs": _own("start_needs"),
    "token_is_damage": _own("token_is_damage"),  # en-4 CQ-3: Conquest adds its shield card
    "token_is_state_elsewhere": _own("token_is_state_elsewhere"),  # RU-19 C1
    "start_option": _start_option,
    "no_trait": no_trait,  # playtest 5: an untracked term of the game is not «не черта»
    "trait_extra": _own("trait_extra"),  # issue 16: what follows a trait's number, unread
    # the game's own word for a trait (playtest 6, B1: Berserk's «особенность»)
    "trait_is_token": _own("trait_is_token"),  # a token typed as a trait: put it with /token add
    "trait_is_stat": _own("trait_is_stat"),  # a stat typed as a trait: set it with /set
    "trait_value": _own("trait_value"),
    "unit_no_stat": _unit_no_stat,
    "unit_same_stat": _unit_same_stat,
    "short": _short,
    "pool_short": lambda p: f"{E}short_{p.pop('pool')}",
    "unit_needs": _unit_needs,  # playtest 6 C1: Conquest's own words
    "item_taken": lambda p: f"{E}{p.pop('list')}_taken",
    "no_game": _no_game,  # C6: just won; ru-19 G3: just ended
    "table_full": lambda p: _and_names(p, "table_full"),
    "not_player": lambda p: E + ("not_player_full" if p.pop("full", False) else "not_player"),
    "kf_not_your_turn": _gen_of("active", "kf_not_your_turn"),  # K3: a key on one's own turn
    "kf_fight_not_active": _gen_of("owner", "kf_fight_not_active"),  # playtest 6 K2
    "kf_nothing_to_take": _gen_of("name", "kf_nothing_to_take"),  # playtest 6 K1: «у Ани»
    "kf_no_opponent": _gen_of("name", "kf_no_opponent"),
    "all_keys": _gen_of("name", "all_keys"),
}
"""Codes whose message is the template's or the game's own (`unit_needs_life`, `planets_taken`)."""


def catalogue_key(exc: TrackerError, params: dict[str, Any]) -> str:
    """The catalogue key for a refusal; family rules may take their selector out of `params`."""
    family = FAMILIES.get(exc.code)
    if family is not None:
        return family(params)
    return KEYS[exc.code]


def _named(value: object, lang: str) -> object:
    if isinstance(value, PlayerGen):  # both languages: a refusal may be shown in either
        return Localized(md(value.name("ru")), md(value.name("en")))
    if isinstance(value, GameRef):
        return game_name(value.slug, lang)
    if isinstance(value, str) or not callable(getattr(value, "name", None)):
        return value
    named: Named = value  # type: ignore[assignment]
    return named.name(lang)


def command_game(command: str) -> str | None:
    """The game whose package registers `command` (`/planet` → conquest), or None for a shared
    one: a game's command in another game's channel names the game it belongs to (playtest 12,
    M6). Found from the handler's module, so no game is named here."""
    from bot.games import ALL_GAMES
    from bot.registry import registry

    cmd = registry.commands.get(tuple(command.lstrip("/").split()))
    module = getattr(cmd.handler, "__module__", "") if cmd is not None else ""
    for slug, game in ALL_GAMES.items():
        if game.package and (module + ".").startswith(game.package + "."):
            return slug
    return None


def wrong_game_refusal(
    command: object, playing: str, lang: str, fits: Sequence[str] = ()
) -> tuple[str, dict[str, Any]]:
    """The wrong-game key and its names: with the command's own game when it has one, or the
    one game a shared command applies to (`/mana`: Mage Wars; playtest 15, G1)."""
    params: dict[str, Any] = {"game": game_name(playing, lang)}
    owner = command_game(str(command)) if isinstance(command, str) else None
    if owner is None and len(fits) == 1:
        owner = fits[0]
    if owner is None or owner == playing:
        return E + "wrong_game", params
    return E + "wrong_game_owned", {**params, "owner": game_name(owner, lang)}


def user_error(exc: TrackerError, lang: str) -> UserError:
    """The refusal as players read it: its message, named in `lang`, names escaped as typed."""
    params = dict(exc.params)
    fits = params.pop("fits", ())
    fits = fits if isinstance(fits, tuple) else ()
    key = catalogue().listing_key(catalogue_key(exc, params), params)  # an empty list: `.none`
    shown = {k: _named(v, lang) for k, v in params.items()}
    if exc.code == "dmg_option":  # the option as the reader's client names it
        shown["option"] = option_label(("dmg",), str(params["option"]), lang)
    playing = params.get("game")
    if exc.code == "wrong_game" and isinstance(playing, GameRef):
        key, named = wrong_game_refusal(params.get("command"), playing.slug, lang, fits)
        shown.update(named)
    command = shown.get("command")
    if isinstance(command, str) and command.startswith("/"):  # as the reader's client names it
        shown["command"] = CommandLabel(command.lstrip("/").split(), slash=True)
    return UserError(key, **{k: md(v) if isinstance(v, str) else v for k, v in shown.items()})


@contextmanager
def refusals(ctx: Ctx) -> Iterator[None]:
    """Turn a tracker refusal raised inside into the handler layer's `UserError`."""
    try:
        yield
    except TrackerError as exc:
        raise user_error(exc, ctx.lang) from None


@maps_errors
def tracker_user_error(exc: Exception) -> UserError | None:
    """A tracker refusal that reached the registry without a `Ctx` at hand (both languages)."""
    if not isinstance(exc, TrackerError):
        return None
    ru, en = user_error(exc, "ru"), user_error(exc, "en")
    params = {
        k: v if v == en.params[k] else Localized(str(v), str(en.params[k]))
        for k, v in ru.params.items()
    }
    return UserError(ru.key, **params)


def nothing_to_heal(state: GameState, target: str, lang: str) -> UserError:
    """`/heal` that healed nothing, in the game's word (playtest 9 M2); when the damage left is
    tokens' that nothing heals (Mage Wars' Tainted), the board shows it, so say whose (MW-1)."""
    tpl = template(state.slug)
    plain = first_key(f"{E}nothing_to_heal_in.{state.slug}", E + "nothing_to_heal")
    try:
        holder = damage_ref(state, tpl, target)[0]
    except TrackerError:
        return UserError(plain, target=md(target))
    if isinstance(holder, Unit):  # a kind's own word where the game has one (RU-19 C2: warlord)
        plain = first_key(f"{E}nothing_to_heal_in.{state.slug}.{holder.kind}", plain)
    held = {t.key: t.value for t in holder.tokens if t.key in tpl.damage_tokens and t.value}
    own = f"{E}nothing_to_heal_tokens.{state.slug}"
    if not held or own not in catalogue():
        return UserError(plain, target=md(target))
    key, count = next(iter(held.items()))
    damage = sum(n * tpl.damage_tokens[k] for k, n in held.items())
    return UserError(own, target=md(target), token=tpl.label(key, lang), count=count, damage=damage)
