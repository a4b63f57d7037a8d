"""Exact odds by enumeration and convolution (never sampling) for every dice engine.

Mage Wars attack dice. One strike's damage is max(0, N − A) + C (normal sum N, critical sum C,
armor A), which is T − min(N, A) for the total T = N + C. Counted in exact integers over 6^n:
T is a power of the per-die polynomial, and the outcomes with N < A are corrected with the joint
law of (N, C) there. Polynomials are multiplied as packed big integers (Kronecker substitution),
so the per-coefficient work runs in C. Each die's (normal, critical) per face comes from
`face_damage`, the roller's own rule, so the calculator cannot drift from the roller.

Strikes: the sum of j landed strikes is the j-th convolution power of one strike's law; those
powers depend only on (dice, armor, faces) and are cached, so a new defense, Daze or life on the
same dice only re-weights them by P(j strikes land).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb
from operator import mul

from bot.dice.faces import ATTACK_FACES
from bot.games.berserk.dice import KINDS, BerserkStrike, strike_kinds
from bot.games.berserk.rules import weaker_choice
from bot.games.mage_wars.dice import DAZE_HIT, MWAttack, face_damage
from bot.games.whfb.dice import (
    IRRESISTIBLE_SIXES,
    MAX_CAST_DICE,
    MAX_POOL,
    cast_succeeds,
    dispel_succeeds,
)

Dist = list[float]
Law = tuple[float, ...]
# (normal, critical) damage of each of the six attack-die faces, after the target's traits.
FaceDamage = tuple[tuple[int, int], ...]


# ── exact polynomials as packed integers ───────────────────────────────────────────────────────


def _pack(coeffs: Iterable[int], width: int) -> int:
    """Coefficients (lowest degree first), `width` bytes each, as one integer."""
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coeffs), "little")


def _unpack(value: int, width: int, count: int) -> list[int]:
    raw = value.to_bytes(count * width, "little")
    return [int.from_bytes(raw[i : i + width], "little") for i in range(0, len(raw), width)]


def _poly(weights: dict[int, int], width: int) -> int:
    """A packed polynomial from {degree: coefficient}."""
    return _pack((weights.get(d, 0) for d in range(max(weights) + 1)), width)


@lru_cache(maxsize=256)  # each entry: up to 121 integers of ~20 bytes
def _strike_counts(dice: int, armor: int, faces: FaceDamage) -> tuple[int, ...]:
    """For each damage d, the number of the 6**dice equally likely rolls that deal d.

    Damage is T − min(N, A): the total's power counts every roll at T − A, then each roll with
    N = s < A is moved from T − A to its critical sum C = T − s. Those rolls are grouped by how
    many dice show each normal value (a multinomial), so only s < A costs anything.
    """
    width = (6**dice).bit_length() // 8 + 1  # no count exceeds 6**dice: no carries
    bits = 8 * width
    total_die: dict[int, int] = {}
    by_normal: dict[int, dict[int, int]] = {}
    for normal, critical in faces:
        total_die[normal + critical] = total_die.get(normal + critical, 0) + 1
        row = by_normal.setdefault(normal, {})
        row[critical] = row.get(critical, 0) + 1
    top = dice * max(total_die)
    counts = pow(_poly(total_die, width), dice)
    normals = sorted(v for v in by_normal if v)
    if armor and normals:
        if normals not in ([1], [1, 2]) or 0 not in by_normal:
            raise ValueError(f"unexpected attack-die faces {faces}")
        zero = _poly(by_normal[0], width)
        one = _poly(by_normal[1], width)
        two = _poly(by_normal[2], width) if 2 in by_normal else 0
        lowest = max(0, dice - armor + 1)  # the fewest dice adding no normal damage when N < A
        zero_pow = [0] * lowest + [pow(zero, lowest)]
        while len(zero_pow) <= dice:
            zero_pow.append(zero_pow[-1] * zero)
        shifted = rest = 0  # rolls with N < A at degree T, and at degree C
        for s in range(min(armor, 2 * dice + 1)):
            joint = 0  # the law of C over rolls with N = s
            for twos in range(s // 2 + 1 if two else 1):
                ones = s - 2 * twos
                blank = dice - ones - twos
                if blank < 0:
                    continue
                ways = comb(dice, ones) * comb(dice - ones, twos)
                joint += ways * zero_pow[blank] * pow(one, ones) * pow(two, twos)
            shifted += joint << (bits * s)
            rest += joint
        counts = ((counts - shifted) >> (bits * armor)) + rest
    return tuple(_unpack(counts, width, top + 1))


# ── float distributions ────────────────────────────────────────────────────────────────────────


def _trim(dist: Dist) -> Dist:
    end = len(dist)
    while end > 1 and dist[end - 1] == 0.0:
        end -= 1
    return dist[:end]


def convolve(a: Sequence[float], b: Sequence[float]) -> Dist:
    """The law of a sum of two independent variables (one C-level dot product per output)."""
    if len(a) < len(b):
        a, b = b, a
    la, lb = len(a), len(b)
    a, rb = list(a), list(b)[::-1]
    out: Dist = []
    for t in range(la + lb - 1):
        lo = max(0, t - lb + 1)
        hi = min(t, la - 1) + 1
        start = lb - 1 - t + lo
        out.append(sum(map(mul, a[lo:hi], rb[start : start + hi - lo])))
    return out


def _square(a: Sequence[float]) -> Dist:
    """`convolve(a, a)` with half the products: a[i]·a[t−i] and a[t−i]·a[i] are one term."""
    n = len(a)
    a = list(a)
    ra = a[::-1]
    out: Dist = []
    for t in range(2 * n - 1):
        lo = max(0, t - n + 1)
        half = (t + 1) // 2  # pairs i < t − i
        s = sum(map(mul, a[lo:half], ra[n - 1 - t + lo : n - 1 - t + half])) if half > lo else 0.0
        s += s
        if t % 2 == 0:
            s += a[t // 2] * a[t // 2]
        out.append(s)
    return out


def strike_damage(dice: int, armor: int, *, twos_blank: bool, resilient: bool) -> Dist:
    """Damage of one strike that is rolled (not avoided): max(0, normal − armor) + critical."""
    probe = MWAttack(1, incorporeal=twos_blank, resilient=resilient)
    return list(_landed(dice, armor, _faces(probe), 1)[1])


def _faces(attack: MWAttack) -> FaceDamage:
    return tuple(face_damage(face, attack) for face in ATTACK_FACES)


@lru_cache(maxsize=128)  # each entry: up to ~720 floats (~25 KB)
def _landed(dice: int, armor: int, faces: FaceDamage, strikes: int) -> tuple[Law, ...]:
    """Index j: the law of the total damage of j landed strikes (j = 0..strikes)."""
    scale = 6**dice
    one = _trim([c / scale for c in _strike_counts(dice, armor, faces)])
    powers: list[Dist] = [[1.0], one]
    while len(powers) <= strikes:
        powers.append(_square(one) if len(powers) == 2 else convolve(powers[-1], one))
    return tuple(tuple(p) for p in powers[: strikes + 1])


def clear_caches() -> None:
    """Forget every cached table (benchmarks measure the first call after a start with it)."""
    _strike_counts.cache_clear()
    _landed.cache_clear()
    _with_first.cache_clear()
    _binomial.cache_clear()
    _sum_and_sixes.cache_clear()


@cache
def _binomial(n: int, p: float) -> tuple[float, ...]:
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


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


def landed_weights(strikes: int, first: float, other: float) -> Dist:
    """P(exactly j strikes land), j = 0..strikes, each independently; the first with `first`."""
    probs = [1.0 - first, first]
    for _ in range(strikes - 1):
        probs = [
            miss * (1.0 - other) + hit * other
            for miss, hit in zip([*probs, 0.0], [0.0, *probs], strict=True)
        ]
    return probs


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
    armor, faces = attack.effective_armor, _faces(attack)
    avoid = avoid_chance(attack)
    daze = daze_miss_chance(attack)
    first = (1 - daze) * (1 - avoid)
    if attack.strikes == 1 or attack.attack_dice == attack.later_dice:
        powers = _landed(attack.attack_dice, armor, faces, attack.strikes)
        weights = landed_weights(attack.strikes, first, 1 - avoid)
        total = _mix(weights, powers)
    else:
        # A first-strike bonus (Melee +X, seed 000 line 182): the first strike has its own law;
        # the later ones share theirs, and land independently of the first.
        # Σⱼ P(j later land) · [(1 − first) · later_j + first · (one ⊕ later_j)], the
        # convolutions cached like `_landed`, so another defense or Daze only re-weights.
        later = _landed(attack.later_dice, armor, faces, attack.strikes - 1)
        with_first = _with_first(
            attack.attack_dice, attack.later_dice, armor, faces, attack.strikes
        )
        weights = landed_weights(attack.strikes - 1, 1 - avoid, 1 - avoid)
        total = _mix(
            [*(w * (1 - first) for w in weights), *(w * first for w in weights)],
            [*later, *with_first],
        )
    return AttackOdds(_trim(total), avoid, daze, effect_chance(attack))


@lru_cache(maxsize=64)
def _with_first(
    first: int, later: int, armor: int, faces: FaceDamage, strikes: int
) -> tuple[Law, ...]:
    """Index j: the law of the first strike plus j landed later strikes."""
    one = _landed(first, armor, faces, 1)[1]
    return tuple(tuple(convolve(one, law)) for law in _landed(later, armor, faces, strikes - 1))


def _mix(weights: Sequence[float], laws: Sequence[Sequence[float]]) -> Dist:
    """Σⱼ weights[j] · laws[j]: the total when j strikes land with probability weights[j]."""
    total = [0.0] * max(len(law) for law in laws)
    for weight, law in zip(weights, laws, strict=True):
        if weight:
            total[: len(law)] = [t + weight * p for t, p in zip(total, law, strict=False)]
    return total


# ── Berserk ────────────────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class BerserkOdds:
    attacker: dict[str, float]
    defender: dict[str, float]
    mean_wounds: float  # dealt by the attacker
    defender_wounds: float | None  # dealt back, when the defender's values are known


def berserk_joint(strike: BerserkStrike) -> dict[tuple[str, str], float]:
    """P(attacker kind, defender kind), enumerating the d6 rolls the roller would make."""
    strike.checked()
    joint: dict[tuple[str, str], float] = {}
    defender_rolls = range(1, 7) if strike.fight else (None,)
    p = 1 / (6 * len(defender_rolls))
    for a in range(1, 7):
        for d in defender_rolls:
            kinds = strike_kinds(strike, a, d)
            joint[kinds] = joint.get(kinds, 0.0) + p
    return joint


def choice_chances(strike: BerserkStrike) -> dict[str, float]:
    """P(the fight lands on a row where the attacker / the defender may strike weaker)."""
    out = {"attacker": 0.0, "defender": 0.0}
    for (a_kind, d_kind), p in berserk_joint(strike).items():
        choice = weaker_choice(a_kind, d_kind)
        if choice is not None:
            out[choice.side] += p
    return out


def berserk_odds(strike: BerserkStrike) -> BerserkOdds:
    """Each side's strike-kind chances and the expected wounds."""
    attacker = dict.fromkeys(KINDS, 0.0)
    defender = dict.fromkeys(KINDS, 0.0)
    for (a_kind, d_kind), p in berserk_joint(strike).items():
        attacker[a_kind] += p
        defender[d_kind] += p
    mean = sum(p * strike.values.wounds(kind) for kind, p in attacker.items())
    back: float | None = None
    if strike.defender_values is not None:
        dv = strike.defender_values
        back = sum(p * dv.wounds(kind) for kind, p in defender.items())
    return BerserkOdds(attacker, defender, mean, back)


# ── Warhammer Fantasy ──────────────────────────────────────────────────────────────────────────


@cache
def _sum_and_sixes(dice: int) -> dict[tuple[int, int], int]:
    """How many of the 6**dice rolls give each (natural total, sixes capped at
    IRRESISTIBLE_SIXES): integer counts, so odds built on them are exact."""
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(dice):
        nxt: dict[tuple[int, int], int] = {}
        for (total, sixes), n in states.items():
            for face in range(1, 7):
                key = (total + face, min(IRRESISTIBLE_SIXES, sixes + (face == 6)))
                nxt[key] = nxt.get(key, 0) + n
        states = nxt
    return states


@dataclass(frozen=True)
class CastOdds:
    """Exact odds of a cast, kept as counts of the `rolls` = 6**dice equally likely rolls and
    turned into floats only when read: a certain cast is exactly 1.0, and complementary
    figures (cast / failed, plain cast / Irresistible Force) agree to the last digit."""

    cast: int  # rolls that cast the spell, Irresistible Force included
    forced: int  # rolls with Irresistible Force
    rolls: int

    @property
    def success(self) -> float:
        return self.cast / self.rolls

    @property
    def irresistible(self) -> float:
        return self.forced / self.rolls

    @property
    def plain(self) -> float:
        """Cast without Irresistible Force."""
        return (self.cast - self.forced) / self.rolls

    @property
    def fail(self) -> float:
        return (self.rolls - self.cast) / self.rolls


def cast_odds(dice: int, level: int, value: int) -> CastOdds:
    """P(the spell is cast, Irresistible Force included), P(Irresistible Force), P(failure)."""
    if not 1 <= dice <= MAX_CAST_DICE:
        raise ValueError(dice)
    success = irresistible = 0
    for (total, sixes), n in _sum_and_sixes(dice).items():
        if sixes >= IRRESISTIBLE_SIXES:
            irresistible += n
        if cast_succeeds(total, sixes, level, value):
            success += n
    rolls: int = 6**dice
    return CastOdds(success, irresistible, rolls)


def dispel_odds(dice: int, level: int, against: int) -> float:
    """P(a dispel of `dice` dice at `level` reaches `against`), exact over 6**dice rolls."""
    hits = sum(
        n
        for (total, _), n in _sum_and_sixes(dice).items()
        if dispel_succeeds(total, level, against)
    )
    rolls: int = 6**dice
    return hits / rolls


def winds_odds(wizards: int, enemy_wizards: int) -> tuple[Dist, Dist]:
    """The exact power-pool and dispel-pool distributions (index = dice in the pool)."""
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
    """Burn damage: the sum of one attack die's face value per token (criticals included)."""
    per_die: dict[int, int] = {}
    for face in ATTACK_FACES:
        per_die[face.value] = per_die.get(face.value, 0) + 1
    scale = 6**tokens
    width = scale.bit_length() // 8 + 1
    counts = _unpack(pow(_poly(per_die, width), tokens), width, tokens * max(per_die) + 1)
    return _trim([c / scale for c in counts])


__all__ = [
    "AttackOdds",
    "BerserkOdds",
    "CastOdds",
    "attack_odds",
    "berserk_joint",
    "berserk_odds",
    "burn_odds",
    "cast_odds",
    "dispel_odds",
    "landed_weights",
    "strike_damage",
    "winds_odds",
]
