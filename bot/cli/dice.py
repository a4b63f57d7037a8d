"""`python -m bot roll …` and `python -m bot odds …`: the dice engines from a shell.

The `--json` shapes of `odds` are contracts:
- `odds mw`: `{"mean": float, "distribution": {"0": p0, …}, "kill": p_or_null}`;
- `odds berserk`: `{"attacker": {"miss", "weak", "medium", "strong"}, "defender": {…},
  "mean_wounds": x}`;
- `odds whf`: `{"success": p, "irresistible": p}`.
Bad input prints the catalogue message (in ARBITER_LOCALE) on stderr and exits with 2.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from bot.config import Settings
from bot.dice.ranges import check_range
from bot.games.berserk import view as berserk_view
from bot.games.berserk.commands import BERSERK_OPTIONS, build_strike, odds_strikes
from bot.games.mage_wars import view as mw_view
from bot.games.mage_wars.commands import ATTACK_OPTIONS, MAX_LIFE, build_attack
from bot.games.whfb import view as whf_view
from bot.handlers import dice_replies as replies
from bot.i18n import t
from bot.registry import Localized, Option, as_user_error
from bot.reply import Reply

EXIT_BAD_INPUT = 2
Runner = Callable[[argparse.Namespace, random.Random, replies.Tr], tuple[dict[str, Any], Reply]]


def _add_options(p: argparse.ArgumentParser, options: Sequence[Option]) -> None:
    """One `--flag` per command option (underscores become dashes), same names as on Discord."""
    for opt in options:
        flag = "--" + opt.name.replace("_", "-")
        if opt.type is bool:
            p.add_argument(flag, dest=opt.name, action="store_true")
        elif opt.type is int:
            p.add_argument(flag, dest=opt.name, type=int, required=opt.required, metavar="N")
        else:
            p.add_argument(flag, dest=opt.name, required=opt.required)


def _values(args: argparse.Namespace, options: Sequence[Option]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for opt in options:
        value = getattr(args, opt.name, None)
        if value is not None and value is not False:
            out[opt.name] = value
    return out


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    roll = sub.add_parser("roll", help="roll game dice (Mage Wars, Berserk, WFB, expressions)")
    games = roll.add_subparsers(dest="game", metavar="GAME", required=True)

    mw = games.add_parser("mw", help="Mage Wars").add_subparsers(
        dest="what", metavar="ROLL", required=True
    )
    p = mw.add_parser("attack", help="an attack, all strikes")
    _add_options(p, ATTACK_OPTIONS)
    _common(p, _roll_attack)
    p = mw.add_parser("effect", help="the effect die")
    p.add_argument("--bonus", type=int, default=0)
    _common(p, _roll_effect)
    p = mw.add_parser("burn", help="Burn upkeep")
    p.add_argument("--tokens", type=int, required=True)
    _common(p, _roll_burn)
    _common(mw.add_parser("escape", help="escape roll, 7+"), _roll_escape)
    _common(mw.add_parser("push", help="push direction"), _roll_push)

    p = games.add_parser("berserk", help="Berserk strike")
    _add_options(p, BERSERK_OPTIONS)
    _common(p, _roll_berserk)

    whf = games.add_parser("whf", help="Warhammer Fantasy magic").add_subparsers(
        dest="what", metavar="ROLL", required=True
    )
    p = whf.add_parser("winds", help="winds of magic")
    p.add_argument("--wizards", type=int, default=0)
    p.add_argument("--enemy-wizards", dest="enemy_wizards", type=int, default=0)
    _common(p, _roll_winds)
    p = whf.add_parser("cast", help="cast a spell")
    _cast_args(p, "value")
    _common(p, _roll_cast)
    p = whf.add_parser("dispel", help="dispel a spell")
    _cast_args(p, "against")
    _common(p, _roll_dispel)

    p = games.add_parser("expr", help="a d20 expression, or Na for Mage Wars attack dice")
    p.add_argument("expr")
    _common(p, _roll_expr)

    odds = sub.add_parser("odds", help="exact odds (enumeration, never sampling)")
    kinds = odds.add_subparsers(dest="game", metavar="GAME", required=True)
    p = kinds.add_parser("mw", help="Mage Wars attack damage distribution")
    _add_options(p, ATTACK_OPTIONS)
    p.add_argument("--life", type=int)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_odds_mw)
    p = kinds.add_parser("berserk", help="Berserk strike kinds and expected wounds")
    _add_options(p, BERSERK_OPTIONS)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_odds_berserk)
    p = kinds.add_parser("whf", help="WFB casting chance and Irresistible Force")
    _cast_args(p, "value")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_odds_whf)


def _cast_args(p: argparse.ArgumentParser, target: str) -> None:
    p.add_argument("--dice", type=int, required=True)
    p.add_argument("--level", type=int, required=True)
    p.add_argument(f"--{target}", type=int, required=True)


def _common(p: argparse.ArgumentParser, runner: Runner) -> None:
    p.add_argument("--seed", type=int, help="seed the RNG (default: system randomness)")
    p.add_argument("--json", action="store_true", help="print the full result as JSON")
    p.set_defaults(func=lambda args, settings: cmd_roll(args, settings, runner))


def _tr(lang: str) -> replies.Tr:
    def tr(key: str, /, **params: object) -> str:
        return t(key, lang, **params)

    return tr


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def _guarded(settings: Settings, fn: Callable[[], int]) -> int:
    try:
        return fn()
    except BrokenPipeError:  # `… --json | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:
        exc = as_user_error(err)  # the engines' own refusals, as the handlers show them
        if exc is None:
            raise
        # the CLI's flags are the English option names, so errors name them so in any locale
        params = {k: v.en if isinstance(v, Localized) else v for k, v in exc.params.items()}
        print(t(exc.key, settings.locale, **params), file=sys.stderr)
        return EXIT_BAD_INPUT


def cmd_roll(args: argparse.Namespace, settings: Settings, runner: Runner) -> int:
    from bot.render.text import render_text

    rng: random.Random = random.SystemRandom() if args.seed is None else random.Random(args.seed)

    def run() -> int:
        data, reply = runner(args, rng, _tr(settings.locale))
        if args.json:
            _print_json(data)
        else:
            print(render_text(reply, settings.locale), end="")
        return 0

    return _guarded(settings, run)


def _roll_attack(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.games.mage_wars.dice import attack_json, resolve_attack

    result = resolve_attack(build_attack(_values(args, ATTACK_OPTIONS)), rng)
    return attack_json(result), mw_view.attack_reply(tr, result)


def _roll_effect(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.games.mage_wars.dice import MAX_EFFECT_BONUS, roll_plain_effect

    check_range("bonus", args.bonus, -MAX_EFFECT_BONUS, MAX_EFFECT_BONUS)
    roll = roll_plain_effect(rng, args.bonus)
    return {"roll": roll.natural, "modified": roll.modified}, mw_view.effect_reply(
        tr, roll, args.bonus
    )


def _roll_burn(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.games.mage_wars.dice import burn_json, roll_burn

    r = roll_burn(args.tokens, rng)
    return burn_json(r), mw_view.burn_reply(tr, r)


def _roll_escape(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.games.mage_wars.dice import roll_escape

    roll = roll_escape(rng)
    return {"roll": roll.natural, "escaped": roll.success}, mw_view.escape_reply(tr, roll)


def _roll_push(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.games.mage_wars.dice import roll_push

    roll, direction = roll_push(rng)
    return {"roll": roll, "direction": direction}, mw_view.push_reply(tr, roll, direction)


def _roll_berserk(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.games.berserk.dice import roll_strike, strike_json

    result = roll_strike(build_strike(_values(args, BERSERK_OPTIONS)), rng)
    return strike_json(result), berserk_view.berserk_reply(tr, result)


def _roll_winds(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.games.whfb.dice import roll_winds, winds_json

    r = roll_winds(args.wizards, args.enemy_wizards, rng)
    return winds_json(r), whf_view.winds_reply(tr, r)


def _roll_cast(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.games.whfb.dice import cast_json, roll_cast

    r = roll_cast(args.dice, args.level, args.value, rng)
    return cast_json(r), whf_view.cast_reply(tr, r)


def _roll_dispel(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.games.whfb.dice import dispel_json, roll_dispel

    r = roll_dispel(args.dice, args.level, args.against, rng)
    return dispel_json(r), whf_view.dispel_reply(tr, r)


def _roll_expr(
    args: argparse.Namespace, rng: random.Random, tr: replies.Tr
) -> tuple[dict[str, Any], Reply]:
    from bot.dice.generic import expr_json, roll_expr

    r = roll_expr(args.expr, rng)
    return expr_json(r), replies.expr_reply(tr, r)


def mw_odds_json(options: dict[str, Any], life: int | None) -> dict[str, Any]:
    """The `odds mw --json` contract."""
    from bot.games.mage_wars.odds import attack_odds

    if life is not None:
        check_range("life", life, 1, MAX_LIFE)
    odds = attack_odds(build_attack(options))
    return {
        "mean": odds.mean,
        "distribution": {str(d): p for d, p in enumerate(odds.distribution)},
        "kill": odds.kill(life),
    }


def berserk_odds_json(options: dict[str, Any]) -> dict[str, Any]:
    """The `odds berserk --json` contract."""
    from bot.games.berserk.odds import berserk_odds

    odds = berserk_odds(build_strike(options))
    return {
        "attacker": dict(odds.attacker),
        "defender": dict(odds.defender),
        "mean_wounds": odds.mean_wounds,
    }


def whf_odds_json(dice: int, level: int, value: int) -> dict[str, Any]:
    """The `odds whf --json` contract."""
    from bot.games.whfb.dice import MAX_LEVEL, check_magic
    from bot.games.whfb.odds import cast_odds

    check_magic(dice, level, "value", value)
    check_range("level", level, 1, MAX_LEVEL)  # casting needs a wizard: level 1 or more
    odds = cast_odds(dice, level, value)
    return {"success": odds.success, "irresistible": odds.irresistible}


def cmd_odds_mw(args: argparse.Namespace, settings: Settings) -> int:
    def run() -> int:
        options = _values(args, ATTACK_OPTIONS)
        data = mw_odds_json(options, args.life)
        if args.json:
            _print_json(data)
            return 0
        from bot.games.mage_wars.odds import attack_odds
        from bot.render.text import render_text

        attack = build_attack(options)
        reply = mw_view.mw_odds_reply(_tr(settings.locale), attack, attack_odds(attack), args.life)
        print(render_text(reply, settings.locale), end="")
        return 0

    return _guarded(settings, run)


def cmd_odds_berserk(args: argparse.Namespace, settings: Settings) -> int:
    def run() -> int:
        options = _values(args, BERSERK_OPTIONS)
        data = berserk_odds_json(options)
        if args.json:
            _print_json(data)
            return 0
        from bot.render.text import render_text

        reply = berserk_view.berserk_odds_view(_tr(settings.locale), odds_strikes(options))
        print(render_text(reply, settings.locale), end="")
        return 0

    return _guarded(settings, run)


def cmd_odds_whf(args: argparse.Namespace, settings: Settings) -> int:
    def run() -> int:
        data = whf_odds_json(args.dice, args.level, args.value)
        if args.json:
            _print_json(data)
            return 0
        from bot.games.whfb.odds import cast_odds
        from bot.render.text import render_text

        odds = cast_odds(args.dice, args.level, args.value)
        reply = whf_view.whf_odds_reply(
            _tr(settings.locale), args.dice, args.level, args.value, odds
        )
        print(render_text(reply, settings.locale), end="")
        return 0

    return _guarded(settings, run)
