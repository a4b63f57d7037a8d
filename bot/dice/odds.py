"""Exact odds by enumeration and convolution (never sampling) for every dice engine.

Mage Wars attack dice: each die is normal-faced (1 or 2), critical-faced (1* or 2*) or blank, each
with probability 1/3. Conditioning on how many dice came up normal-faced separates the normal sum
(the only part armor touches) from the critical sum, so one strike costs O(n³) small products
instead of a 2-D convolution; strikes are then convolved together.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb
from operator import add, mul, sub

from bot.dice.berserk import KINDS, BerserkStrike, closed_kind, fight_outcome
from bot.dice.mage_wars import DAZE_HIT, MWAttack
from bot.dice.whfb import IRRESISTIBLE_SIXES, MAX_CAST_DICE, cast_succeeds

Dist = list[float]


def convolve(a: Dist, b: Dist) -> Dist:
    """The distribution of a sum of two independent variables (one C-level dot product each)."""
    if len(a) < len(b):
        a, b = b, a
    la, lb = len(a), len(b)
    if lb <= 3:
        # Small kernels (one die) as one comprehension over shifted copies.
        padded = [0.0] * (lb - 1)
        shifted = [padded[:i] + a + padded[: lb - 1 - i] for i in range(lb)]
        if lb == 1:
            return [x * b[0] for x in a]
        if lb == 2:
            return [x * b[0] + y * b[1] for x, y in zip(shifted[0], shifted[1], strict=True)]
        b0, b1, b2 = b
        return [
            x * b0 + y * b1 + z * b2
            for x, y, z in zip(shifted[0], shifted[1], shifted[2], strict=True)
        ]
    rb = b[::-1]
    out: Dist = []
    for t in range(la + lb - 1):
        lo = max(0, t - lb + 1)
        hi = min(t, la - 1) + 1
        start = lb - 1 - t + lo
        out.append(sum(map(mul, a[lo:hi], rb[start : start + hi - lo])))
    return out


def mix(p_zero: float, dist: Dist) -> Dist:
    """With probability `p_zero` the result is 0, otherwise drawn from `dist`."""
    out = [(1.0 - p_zero) * x for x in dist]
    out[0] += p_zero
    return out


def _trim(dist: Dist) -> Dist:
    end = len(dist)
    while end > 1 and dist[end - 1] == 0.0:
        end -= 1
    return dist[:end]


_POWER_TABLES: dict[tuple[float, ...], list[Dist]] = {}


def _powers(base: Dist, n: int) -> list[Dist]:
    """Convolution powers 0..n (at least) of one die's law.

    Kept per process for each of the few per-die laws and extended only as far as asked, so a
    later call with as many dice or fewer reuses them.
    """
    key = tuple(_trim(base))
    table = _POWER_TABLES.setdefault(key, [[1.0]])
    while len(table) <= n:
        table.append(_trim(convolve(table[-1], list(key))))
    return table


def clear_caches() -> None:
    """Forget every cached table (benchmarks measure the first call after a start with it)."""
    _POWER_TABLES.clear()
    _binomial.cache_clear()
    _sum_and_sixes.cache_clear()


@cache
def _binomial(n: int, p: float) -> tuple[float, ...]:
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


def strike_damage(dice: int, armor: int, *, twos_blank: bool, resilient: bool) -> Dist:
    """Damage of one strike that is rolled (not avoided): max(0, normal − armor) + critical.

    Where the normal sum N reaches the armor A, damage is simply N + C − A, so the total T = N + C
    (a plain power of the per-die distribution) gives it. Only the joint law of (N, C) for N < A is
    needed to correct that, which keeps the work small for the usual low armor.
    """
    two = 0 if twos_blank else 2
    per_die: Dist = [2 / 6, 0.0, 0.0]
    per_die[0 if resilient else 1] += 1 / 6
    per_die[0 if resilient else two] += 1 / 6
    per_die[1] += 1 / 6
    per_die[two] += 1 / 6
    total = _powers(per_die, dice)[dice]
    if armor == 0:
        return total
    out = [0.0] * (2 * dice + 1)
    for t in range(armor, len(total)):
        out[t - armor] = total[t]
    normal_die: Dist = [1.0] if resilient else [0.0, 0.5, 0.0]
    if not resilient:
        normal_die[two] += 0.5
    # A die that is not normal-faced is critical-faced or blank, equally likely.
    rest_die: Dist = [0.5, 0.25, 0.0]
    rest_die[two] += 0.25
    normal_pow = _powers(normal_die, dice)
    rest_pow = _powers(rest_die, dice)
    binomial = _binomial(dice, 1 / 3)
    size = len(out)
    for s in range(min(armor, 2 * dice + 1)):
        # J_s = P(N = s, C = c) over c, summed over k (the number of normal-faced dice).
        joint = [0.0] * size
        if resilient:
            ks = range(dice + 1) if s == 0 else range(0)
        elif twos_blank:
            ks = range(s, dice + 1)  # each normal-faced die adds 0 or 1
        else:
            ks = range((s + 1) // 2, min(s, dice) + 1)  # each adds 1 or 2
        for k in ks:
            row = normal_pow[k]
            if s >= len(row) or not row[s]:
                continue
            crit = rest_pow[dice - k]
            w = binomial[k] * row[s]
            joint[: len(crit)] = map(add, joint[: len(crit)], map(w.__mul__, crit))
        # N = s < A: damage is C alone, where the shifted T assumed s + C − A.
        out = list(map(add, out, joint))
        shift = armor - s
        if shift < size:
            out[: size - shift] = map(sub, out[: size - shift], joint[shift:])
    return _trim([max(0.0, x) for x in out])


def avoid_chance(attack: MWAttack) -> float:
    """P(the modified defense roll reaches the defense value) for one strike."""
    if not attack.has_defense:
        return 0.0
    hits = sum(1 for r in range(1, 13) if r - attack.defense_penalty >= attack.defense)
    return hits / 12


def daze_miss_chance(attack: MWAttack) -> float:
    if not attack.daze:
        return 0.0
    return sum(1 for r in range(1, 13) if r < DAZE_HIT) / 12


@dataclass(frozen=True)
class AttackOdds:
    distribution: Dist  # index = total damage over all strikes
    avoid: float  # per strike
    daze_miss: float  # of the first strike
    effect: float  # P(an effect row applies) per strike that is rolled

    @property
    def mean(self) -> float:
        return sum(d * p for d, p in enumerate(self.distribution))

    def at_least(self, k: int) -> float:
        return sum(self.distribution[k:]) if k > 0 else 1.0

    def kill(self, life: int | None) -> float | None:
        return None if life is None else self.at_least(life)


def effect_chance(attack: MWAttack) -> float:
    if not attack.effects_apply:
        return 0.0
    shift = attack.effect_bonus - attack.tough
    hits = sum(1 for r in range(1, 13) if any(row.covers(r + shift) for row in attack.effect))
    return hits / 12


def attack_odds(attack: MWAttack) -> AttackOdds:
    """The exact total-damage distribution of an attack, misses and avoidance at 0."""
    attack.checked()
    one = strike_damage(
        attack.attack_dice,
        attack.effective_armor,
        twos_blank=attack.twos_blank,
        resilient=attack.resilient,
    )
    avoid = avoid_chance(attack)
    strike = mix(avoid, one)
    daze = daze_miss_chance(attack)
    total = mix(daze, strike)
    for _ in range(attack.strikes - 1):
        total = convolve(total, strike)
    return AttackOdds(_trim(total), avoid, daze, effect_chance(attack))


@dataclass(frozen=True)
class BerserkOdds:
    attacker: dict[str, float]
    defender: dict[str, float]
    mean_wounds: float  # dealt by the attacker
    defender_wounds: float | None  # dealt back, when the defender's values are known


def berserk_odds(strike: BerserkStrike) -> BerserkOdds:
    """Each side's strike-kind chances and the expected wounds, by enumerating the d6 rolls."""
    strike.checked()
    attacker = dict.fromkeys(KINDS, 0.0)
    defender = dict.fromkeys(KINDS, 0.0)
    if strike.fight:
        for a in range(1, 7):
            for d in range(1, 7):
                a_kind, d_kind = fight_outcome(a + strike.attacker_mod, d + strike.defender_mod)
                attacker[a_kind] += 1 / 36
                defender[d_kind] += 1 / 36
    else:
        for a in range(1, 7):
            attacker[closed_kind(a + strike.attacker_mod)] += 1 / 6
        defender["miss"] = 1.0
    mean = sum(p * strike.values.wounds(kind) for kind, p in attacker.items())
    back: float | None = None
    if strike.defender_values is not None:
        dv = strike.defender_values
        back = sum(p * dv.wounds(kind) for kind, p in defender.items())
    return BerserkOdds(attacker, defender, mean, back)


@cache
def _sum_and_sixes(dice: int) -> dict[tuple[int, int], float]:
    """P(natural total, number of sixes capped at IRRESISTIBLE_SIXES) for `dice` d6."""
    states: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for _ in range(dice):
        nxt: dict[tuple[int, int], float] = {}
        for (total, sixes), p in states.items():
            for face in range(1, 7):
                key = (total + face, min(IRRESISTIBLE_SIXES, sixes + (face == 6)))
                nxt[key] = nxt.get(key, 0.0) + p / 6
        states = nxt
    return states


@dataclass(frozen=True)
class CastOdds:
    success: float
    irresistible: float


def cast_odds(dice: int, level: int, value: int) -> CastOdds:
    """P(the spell is cast, Irresistible Force included) and P(Irresistible Force)."""
    if not 1 <= dice <= MAX_CAST_DICE:
        raise ValueError(dice)
    success = 0.0
    irresistible = 0.0
    for (total, sixes), p in _sum_and_sixes(dice).items():
        if sixes >= IRRESISTIBLE_SIXES:
            irresistible += p
        if cast_succeeds(total, sixes, level, value):
            success += p
    return CastOdds(success, irresistible)


def dispel_odds(dice: int, level: int, against: int) -> float:
    """P(a dispel of `dice` dice at `level` reaches `against`)."""
    return sum(
        p
        for (total, _), p in _sum_and_sixes(dice).items()
        if total > 2 and total + level >= against
    )


def winds_odds(wizards: int, enemy_wizards: int) -> tuple[Dist, Dist]:
    """The exact power-pool and dispel-pool distributions (index = dice in the pool)."""
    from bot.dice.whfb import MAX_POOL

    power = [0.0] * (MAX_POOL + 1)
    dispel = [0.0] * (MAX_POOL + 1)
    own = _binomial(wizards, 1 / 6)
    enemy = _binomial(enemy_wizards, 1 / 6)
    for a in range(1, 7):
        for b in range(1, 7):
            for extra, p in enumerate(own):
                power[min(MAX_POOL, a + b + extra)] += p / 36
            for extra, p in enumerate(enemy):
                dispel[min(MAX_POOL, max(a, b) + extra)] += p / 36
    return power, dispel


def burn_odds(tokens: int) -> Dist:
    """Burn damage: each token's die gives 0, 1 or 2 with probability 1/3 each."""
    return _powers([1 / 3, 1 / 3, 1 / 3], tokens)[tokens] if tokens else [1.0]


__all__ = [
    "AttackOdds",
    "BerserkOdds",
    "CastOdds",
    "attack_odds",
    "berserk_odds",
    "burn_odds",
    "cast_odds",
    "dispel_odds",
    "strike_damage",
    "winds_odds",
]
