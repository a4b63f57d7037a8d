"""Exact Mage Wars odds: attack damage over all strikes, avoidance, Daze, effects, Burn.

One strike's damage is max(0, N − A) + C (normal sum N, critical sum C, armor A), which is
T − min(N, A) for the total T = N + C. Counted in exact integers over 6^n: T is a power of the
per-die polynomial, and the outcomes with N < A are corrected with the joint law of (N, C) there.
Each die's (normal, critical) per face comes from `face_damage`, the roller's own rule, so the
calculator cannot drift from the roller.

Strikes: the sum of j landed strikes is the j-th convolution power of one strike's law; those
powers depend only on (dice, armor, faces) and are cached, so a new defense, Daze or life on the
same dice only re-weights them by P(j strikes land).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from bot.dice.faces import ATTACK_FACES
from bot.dice.odds import (
    Dist,
    Law,
    cached_table,
    convolve,
    poly,
    square,
    trim,
    unpack,
)
from bot.games.mage_wars.dice import DAZE_HIT, MWAttack, face_damage

# (normal, critical) damage of each of the six attack-die faces, after the target's traits.
FaceDamage = tuple[tuple[int, int], ...]


@cached_table
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
    counts = pow(poly(total_die, width), dice)
    normals = sorted(v for v in by_normal if v)
    if armor and normals:
        if normals not in ([1], [1, 2]) or 0 not in by_normal:
            raise ValueError(f"unexpected attack-die faces {faces}")
        zero = poly(by_normal[0], width)
        one = poly(by_normal[1], width)
        two = poly(by_normal[2], width) if 2 in by_normal else 0
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
    return tuple(unpack(counts, width, top + 1))


def strike_damage(dice: int, armor: int, *, twos_blank: bool, resilient: bool) -> Dist:
    """Damage of one strike that is rolled (not avoided): max(0, normal − armor) + critical."""
    probe = MWAttack(1, incorporeal=twos_blank, resilient=resilient)
    return list(_landed(dice, armor, _faces(probe), 1)[1])


def _faces(attack: MWAttack) -> FaceDamage:
    return tuple(face_damage(face, attack) for face in ATTACK_FACES)


@cached_table
@lru_cache(maxsize=128)  # each entry: up to ~720 floats (~25 KB)
def _landed(dice: int, armor: int, faces: FaceDamage, strikes: int) -> tuple[Law, ...]:
    """Index j: the law of the total damage of j landed strikes (j = 0..strikes)."""
    scale = 6**dice
    one = trim([c / scale for c in _strike_counts(dice, armor, faces)])
    powers: list[Dist] = [[1.0], one]
    while len(powers) <= strikes:
        powers.append(square(one) if len(powers) == 2 else convolve(powers[-1], one))
    return tuple(tuple(p) for p in powers[: strikes + 1])


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
        total = _mix(landed_weights(attack.strikes, first, 1 - avoid), powers)
    else:
        # A first-strike bonus (Melee +X, seed 000 line 182): the first strike has its own law.
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
    return AttackOdds(trim(total), avoid, daze, effect_chance(attack))


@cached_table
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


def burn_odds(tokens: int) -> Dist:
    """Burn damage: the sum of one attack die's face value per token (criticals included)."""
    per_die: dict[int, int] = {}
    for face in ATTACK_FACES:
        per_die[face.value] = per_die.get(face.value, 0) + 1
    scale = 6**tokens
    width = scale.bit_length() // 8 + 1
    counts = unpack(pow(poly(per_die, width), tokens), width, tokens * max(per_die) + 1)
    return trim([c / scale for c in counts])
