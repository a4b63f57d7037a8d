"""Dice speed figures (prints, never asserts): `python -m bench.dice`.

The headline is one `/odds mw` of 40 dice with 3 strikes (target: p99 <= 5 ms), measured four
ways: warm (this dice count and armor seen before, so the strike sums are cached, as in a running
bot), another defense/Daze on those cached sums, cold (every cache cleared before each call: the
first query of a new dice count or armor) and end to end (options → exact odds → reply with its
bar chart → rendered text). Then the worst case in range and the rollers' speed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from bot.dice import odds as odds_mod
from bot.dice import replies
from bot.dice.generic import roll_expr
from bot.dice.odds import attack_odds, berserk_odds, cast_odds
from bot.dice.options import build_attack
from bot.games.berserk.dice import BerserkStrike, parse_values, roll_strike
from bot.games.mage_wars.dice import MWAttack, resolve_attack
from bot.games.whfb.dice import roll_cast
from bot.i18n import t
from bot.render.text import render_text


def timings(
    fn: Callable[[], object],
    runs: int,
    before: Callable[[], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> list[float]:
    out: list[float] = []
    for _ in range(runs):
        if before is not None:
            before()
        start = clock()
        fn()
        out.append(clock() - start)
    return out


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(name: str, values: list[float], unit: float = 1e3, suffix: str = "ms") -> None:
    print(
        f"{name:<52} p50 {statistics.median(values) * unit:8.3f} {suffix}"
        f"   p99 {p(values, 0.99) * unit:8.3f} {suffix}   (n={len(values)})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=500)
    args = parser.parse_args(argv)
    n = args.runs

    headline = MWAttack(40, strikes=3, armor=2)
    attack_odds(headline)  # build the tables once
    print("/odds mw, 40 dice, 3 strikes, armor 2 (target p99 <= 5 ms)")
    # On a shared machine the wall clock also counts time the process waits for a CPU; the
    # thread's CPU time is the cost of the work itself. Both are printed.
    print(f"  (load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    cpu = time.thread_time
    line("  warm, wall clock", timings(lambda: attack_odds(headline), n))
    line("  warm, CPU time", timings(lambda: attack_odds(headline), n, clock=cpu))
    defenses = [
        MWAttack(40, strikes=3, armor=2, defense=d, daze=dazed)
        for d in range(13)
        for dazed in (False, True)
    ]
    cycle = iter(defenses * (n // len(defenses) + 1))
    line(
        "  warm, another defense/daze each call, wall",
        timings(lambda: attack_odds(next(cycle)), n),
    )
    line(
        "  cold (caches cleared each call), wall",
        timings(lambda: attack_odds(headline), n, odds_mod.clear_caches),
    )
    line(
        "  cold (caches cleared each call), CPU",
        timings(lambda: attack_odds(headline), n, odds_mod.clear_caches, cpu),
    )

    def end_to_end() -> str:
        attack = build_attack({"dice": 40, "strikes": 3, "armor": 2})
        reply = replies.mw_odds_reply(
            lambda key, **kw: t(key, "ru", **kw), attack, attack_odds(attack), 100
        )
        return render_text(reply, "ru")

    line("  warm, end to end: options → reply text, wall", timings(end_to_end, n))
    line("  warm, end to end: options → reply text, CPU", timings(end_to_end, n, clock=cpu))

    print("\nother /odds")
    for label, attack in (
        (
            "  worst in range: 40+20 dice, armor 20, 3 strikes",
            MWAttack(40, bonus=20, armor=20, strikes=3),
        ),
        (
            "  defense 8, daze, 12 dice, armor 3, 2 strikes",
            MWAttack(12, armor=3, defense=8, daze=True, strikes=2),
        ),
        ("  4 dice, armor 1", MWAttack(4, armor=1)),
    ):
        attack_odds(attack)
        line(label, timings(partial(attack_odds, attack), n))
    fight = BerserkStrike(parse_values("2-3-4"), defender_values=parse_values("1-2-2"))
    line("  /odds berserk, fight mode", timings(lambda: berserk_odds(fight), n))
    line(
        "  /odds whf, 6 dice (cold)", timings(lambda: cast_odds(6, 4, 20), n, odds_mod.clear_caches)
    )

    print("\nrollers (per roll)")
    rng = random.Random(1)
    attack = MWAttack(4, armor=2, defense=7, strikes=2, daze=True)
    line(
        "  /mw attack 4 dice, 2 strikes, defense, daze",
        timings(lambda: resolve_attack(attack, rng), 5 * n),
        1e6,
        "µs",
    )
    line("  /berserk strike, fight", timings(lambda: roll_strike(fight, rng), 5 * n), 1e6, "µs")
    line("  /whf cast 3 dice", timings(lambda: roll_cast(3, 2, 9, rng), 5 * n), 1e6, "µs")
    line("  /roll 4d6kh3 (d20)", timings(lambda: roll_expr("4d6kh3", rng), 5 * n), 1e6, "µs")
    line("  /roll 1000d6 (the limit)", timings(lambda: roll_expr("1000d6", rng), n), 1e3, "ms")


if __name__ == "__main__":
    main()
