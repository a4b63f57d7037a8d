"""Mage Wars: attack resolution (strike steps 1–6), Burn upkeep, escape and push rolls.

Everything here is pure: the caller injects the `random.Random`. `resolve_attack` takes an
`MWAttack` so the tracker can fill armor, defense and tokens from a tracked creature.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from itertools import chain, islice, pairwise

from bot.dice.errors import BadEffectTable, EffectRowOutOfRange
from bot.dice.faces import (
    ATTACK_FACES,
    EFFECT_SIDES,
    FACE_INDEXES,
    MAX_ATTACK_DICE,
    AttackFace,
    roll_attack_dice,
    roll_attack_indexes,
    roll_effect_die,
)
from bot.dice.ranges import check_range

MAX_DICE = MAX_ATTACK_DICE
MAX_MOD = 20
MAX_TOKENS = 20
MAX_BURN = 30
MAX_EFFECT_BONUS = 10
DAZE_HIT = 7  # the dazed attacker's effect roll that lets the attack go on
ESCAPE = 7  # Stuck and Cripple: 7+ on the effect die removes the token
DEFENSE_PENALTY = 2  # per Daze token on the target, and for Restrained


@dataclass(frozen=True)
class EffectRow:
    """One row of an effect table: `lo`..`hi` (hi None means "or more") gives `label`."""

    lo: int
    hi: int | None
    label: str

    def covers(self, value: int) -> bool:
        return value >= self.lo and (self.hi is None or value <= self.hi)

    def text(self) -> str:
        span = f"{self.lo}+" if self.hi is None else f"{self.lo}-{self.hi}"
        return f"{span} {self.label}".strip()


_ROW = re.compile(r"^\s*(\d{1,2})\s*(?:(\+)|[-–—]\s*(\d{1,2}))\s*(.*?)\s*$")


_QUOTES = ('""', "''", "«»", "“”", "„“")


def parse_effect_table(text: str) -> tuple[EffectRow, ...]:
    """`7+` or `5-8 Burn; 9+ 2 Burn` → rows; anything else is a `BadEffectTable`.

    The table may come wrapped in quotes, as people type it in a console or chat.
    """
    rows: list[EffectRow] = []
    body = text.strip()
    if len(body) >= 2 and body[0] + body[-1] in _QUOTES:
        body = body[1:-1]
    for part in re.split(r"[;,]", body):
        if not part.strip():
            continue
        m = _ROW.match(part)
        if not m:
            raise BadEffectTable(text)
        lo = int(m.group(1))
        hi = None if m.group(2) else int(m.group(3))
        if lo < 1 or (hi is not None and hi < lo):
            raise BadEffectTable(text)
        row = EffectRow(lo, hi, m.group(4))
        if max(lo, hi or lo) > EFFECT_SIDES:
            # Printed tables lie in 1–12; bonuses and Tough move the roll, not the table. A row
            # like `13+` is a typo a judge would not accept, and silently it could never fire.
            raise EffectRowOutOfRange(text, row.text(), EFFECT_SIDES)
        rows.append(row)
    if not rows:
        raise BadEffectTable(text)
    rows.sort(key=lambda r: r.lo)
    for a, b in pairwise(rows):
        if a.hi is None or a.hi >= b.lo:
            raise BadEffectTable(text)
    return tuple(rows)


# Inclusive option ranges, the same as the command declares.
ATTACK_LIMITS: dict[str, tuple[int, int]] = {
    "dice": (1, MAX_DICE),
    "bonus": (0, MAX_MOD),
    "extra": (0, MAX_MOD),
    "weak": (0, MAX_TOKENS),
    "aegis": (0, MAX_MOD),
    "armor": (0, MAX_MOD),
    "piercing": (0, MAX_MOD),
    "corrode": (0, MAX_TOKENS),
    "defense": (0, 12),
    "target_daze": (0, MAX_TOKENS),
    "strikes": (1, 3),
    "effect_bonus": (-MAX_EFFECT_BONUS, MAX_EFFECT_BONUS),
    "tough": (0, MAX_EFFECT_BONUS),
}


@dataclass(frozen=True)
class MWAttack:
    """Every option of one attack; `target:` in the tracker fills the target's fields."""

    dice: int
    bonus: int = 0  # first strike only: Melee +X, Bloodthirsty +X, Charge +X (seed 000)
    weak: int = 0
    spell: bool = False
    aegis: int = 0
    armor: int = 0
    piercing: int = 0
    corrode: int = 0
    defense: int = 0  # the d12 value that avoids; 0 means no defense
    unavoidable: bool = False
    target_daze: int = 0
    restrained: bool = False
    restrained_by: str = ""  # the token (cripple, stuck) that restrains it, named in the reply
    daze: bool = False
    resilient: bool = False
    incorporeal: bool = False
    ethereal: bool = False
    strikes: int = 1
    effect: tuple[EffectRow, ...] = ()
    effect_bonus: int = 0
    tough: int = 0
    extra: int = 0  # extra dice on every strike (a source that is not first-strike only)

    def checked(self) -> MWAttack:
        """Self, or `OutOfRange` for the first option out of range (same limits as the command)."""
        for name, (lo, hi) in ATTACK_LIMITS.items():
            check_range(name, getattr(self, name), lo, hi)
        return self

    @property
    def attack_dice(self) -> int:
        """Step 1 of the first strike: N + bonus + extra − weak (not for spells) − aegis, ≥ 1.

        Seed 000, Melee +X (line 182) and Bloodthirsty +X (line 23): with several attacks in one
        action only the first gets the bonus; Charge +X (line 37) is "the next melee attack".
        """
        return self.dice_for(1)

    @property
    def later_dice(self) -> int:
        """Step 1 of the second and third strikes: N + extra − weak − aegis, never below 1."""
        return self.dice_for(2)

    def dice_for(self, strike: int) -> int:
        weak = 0 if self.spell else self.weak
        bonus = self.bonus if strike == 1 else 0
        return max(1, self.dice + bonus + self.extra - weak - self.aegis)

    @property
    def effective_armor(self) -> int:
        """Armor − corrode − piercing, never below 0; an incorporeal target has none."""
        if self.incorporeal:
            return 0
        return max(0, self.armor - self.corrode - self.piercing)

    @property
    def defense_penalty(self) -> int:
        return DEFENSE_PENALTY * (self.target_daze + (1 if self.restrained else 0))

    @property
    def has_defense(self) -> bool:
        return self.defense > 0 and not self.unavoidable

    @property
    def twos_blank(self) -> bool:
        """Against an incorporeal target a non-ethereal attack counts every 2 as 0."""
        return self.incorporeal and not self.ethereal

    @property
    def effects_apply(self) -> bool:
        return bool(self.effect) and not (self.incorporeal and not self.ethereal)

    def with_effect(self, text: str) -> MWAttack:
        return replace(self, effect=parse_effect_table(text) if text.strip() else ())


def face_damage(face: AttackFace, attack: MWAttack) -> tuple[int, int]:
    """`(normal, critical)` one face adds, after incorporeal and resilient."""
    value = 0 if attack.twos_blank and face.value == 2 else face.value
    if face.critical:
        return 0, value
    return (0 if attack.resilient else value), 0


@dataclass(slots=True)
class D12Roll:
    """An effect-die roll: the natural value, after modifiers, and what it meant."""

    natural: int
    modified: int
    success: bool
    row: EffectRow | None = None


@dataclass(slots=True)
class Strike:
    number: int
    missed_daze: bool = False
    defense: D12Roll | None = None
    faces: list[AttackFace] = field(default_factory=list)
    normal: int = 0
    critical: int = 0
    armor: int = 0
    damage: int = 0
    effect: D12Roll | None = None
    effect_blocked: bool = False  # incorporeal target, non-ethereal attack
    no_target: bool = False  # an earlier strike destroyed the target (seed 000:84)

    @property
    def avoided(self) -> bool:
        return self.defense is not None and self.defense.success

    @property
    def landed(self) -> bool:
        return not self.missed_daze and not self.avoided and not self.no_target


@dataclass
class AttackResult:
    attack: MWAttack
    dice: int  # the first strike's
    daze: D12Roll | None
    strikes: list[Strike]

    @property
    def total(self) -> int:
        return sum(s.damage for s in self.strikes)


def effect_roll(attack: MWAttack, natural: int) -> D12Roll:
    """Step 5: d12 + effect_bonus − tough, and the table row it reaches (if any)."""
    modified = natural + attack.effect_bonus - attack.tough
    row = next((r for r in attack.effect if r.covers(modified)), None)
    return D12Roll(natural, modified, row is not None, row)


@dataclass(frozen=True)
class Plan:
    """What an attack's options fix before any die is rolled (checked once per attack)."""

    dice: int  # the first strike's attack dice
    later_dice: int  # every later strike's (no first-strike bonus)
    strikes: int
    daze: bool
    defense: int  # the value to reach; 0 when there is no defense roll
    penalty: int
    armor: int
    effect: bool  # an effect table is rolled on each rolled strike
    effect_blocked: bool  # a table is given, but the incorporeal target ignores it
    normal_of: tuple[int, ...]  # per face index: normal damage after incorporeal and resilient
    critical_of: tuple[int, ...]

    def avoids(self, natural: int) -> bool:
        """Step 3: the defense roll minus the target's penalties reaches the defense."""
        return natural - self.penalty >= self.defense

    def damage(self, picks: list[int]) -> tuple[int, int, int]:
        """Step 4: `(normal, critical, damage)` of the attack dice rolled (face indexes)."""
        normal = sum(map(self.normal_of.__getitem__, picks))
        critical = sum(map(self.critical_of.__getitem__, picks))
        return normal, critical, max(0, normal - self.armor) + critical


@lru_cache(maxsize=256)
def plan(attack: MWAttack) -> Plan:
    attack.checked()
    damage = [face_damage(face, attack) for face in ATTACK_FACES]
    return Plan(
        dice=attack.attack_dice,
        later_dice=attack.later_dice,
        strikes=attack.strikes,
        daze=attack.daze,
        defense=attack.defense if attack.has_defense else 0,
        penalty=attack.defense_penalty,
        armor=attack.effective_armor,
        effect=attack.effects_apply,
        effect_blocked=bool(attack.effect) and not attack.effects_apply,
        normal_of=tuple(n for n, _ in damage),
        critical_of=tuple(c for _, c in damage),
    )


# One strike's dice as drawn: (defense d12 or None, attack dice or None when avoided or missed,
# effect d12 or None). The draws and the order of the steps live only in `roll_strikes`.
RawStrike = tuple[int | None, list[int] | None, int | None]
D12 = Callable[[], int]  # draws one effect die
AttackDice = Callable[[int], list[int]]  # draws n attack dice as face indexes


def roll_strikes(
    p: Plan, d12: D12, attack_dice: AttackDice, daze_roll: int | None = None
) -> tuple[int | None, list[RawStrike]]:
    """Every die of one attack in the codex's order: the Daze d12, then per strike defense,
    attack dice and effect. A Daze miss sends the attack to Additional Strikes, so it costs
    the first strike only. `daze_roll` is a Daze d12 already rolled for a whole zone attack
    (seed 000 line 68: «Если атака проводится на зону – проверяйте один раз»)."""
    daze = (daze_roll if daze_roll is not None else d12()) if p.daze else None
    out: list[RawStrike] = []
    for number in range(p.strikes):
        if number == 0 and daze is not None and daze < DAZE_HIT:
            out.append((None, None, None))
            continue
        defense = d12() if p.defense else None
        if defense is not None and p.avoids(defense):
            out.append((defense, None, None))
            continue
        picks = attack_dice(p.dice if number == 0 else p.later_dice)
        out.append((defense, picks, d12() if p.effect else None))
    return daze, out


def resolve_attack(
    attack: MWAttack, rng: random.Random, daze_roll: int | None = None
) -> AttackResult:
    """Steps 1–6 of an attack as the codex states them, every die kept for the reply."""
    p = plan(attack)
    natural, raw = roll_strikes(
        p, partial(roll_effect_die, rng), partial(roll_attack_indexes, rng=rng), daze_roll
    )
    daze = None if natural is None else D12Roll(natural, natural, natural >= DAZE_HIT)
    strikes: list[Strike] = []
    for number, (defense, picks, effect) in enumerate(raw, 1):
        strike = Strike(number)
        strikes.append(strike)
        if defense is not None:
            strike.defense = D12Roll(defense, defense - p.penalty, p.avoids(defense))
        if picks is None:
            strike.missed_daze = defense is None
            continue
        strike.faces = [ATTACK_FACES[i] for i in picks]
        strike.normal, strike.critical, strike.damage = p.damage(picks)
        strike.armor = p.armor
        if effect is not None:
            strike.effect = effect_roll(attack, effect)
        strike.effect_blocked = p.effect_blocked
    return AttackResult(attack, p.dice, daze, strikes)


def bulk_draws(rng: random.Random, values: range, block: int = 4096) -> Iterator[int]:
    """An endless stream of uniform picks from `values`, drawn `block` at a time."""
    return chain.from_iterable(iter(partial(rng.choices, values, k=block), None))


def attack_totals(attack: MWAttack, rng: random.Random, n: int) -> Counter[int]:
    """Total damage of `n` attacks, for simulations (the chi-square tests).

    The same `plan` and `roll_strikes` as `resolve_attack` (so the same rules, steps and order);
    only the dice come in bulk: uniform d12s and attack-die faces drawn from `rng` in blocks and
    served one by one, which is several times cheaper than a `randrange` per die.
    """
    p = plan(attack)
    d12s = bulk_draws(rng, range(1, EFFECT_SIDES + 1))
    faces = bulk_draws(rng, FACE_INDEXES)

    def attack_dice(k: int) -> list[int]:
        return list(islice(faces, k))

    damage = p.damage
    totals: Counter[int] = Counter()
    for _ in range(n):
        _, raw = roll_strikes(p, d12s.__next__, attack_dice)
        totals[sum([damage(picks)[2] for _, picks, _ in raw if picks is not None])] += 1
    return totals


@dataclass
class BurnResult:
    """Upkeep for Burn: one attack die per token, direct damage; a blank removes its token."""

    rolls: list[AttackFace]
    damage: int
    tokens_left: int

    def faces(self) -> str:
        """The dice as their damage, `[2] [·]`, never `2*`: Burn damage is direct, so a critical
        face means nothing there (playtest en-3, slip 10); `/mw burn` and the Upkeep note show
        the same text (English walk 6, MW-3)."""
        return " ".join(f"[{'·' if f.blank else f.value}]" for f in self.rolls)


def roll_burn(tokens: int, rng: random.Random) -> BurnResult:
    check_range("tokens", tokens, 0, MAX_BURN)
    rolls = roll_attack_dice(tokens, rng)
    damage = sum(face.value for face in rolls)
    left = sum(1 for face in rolls if not face.blank)
    return BurnResult(rolls, damage, left)


def roll_escape(rng: random.Random, bonus: int = 0) -> D12Roll:
    """Stuck or Cripple: the effect die, 7+ escapes."""
    natural = roll_effect_die(rng)
    return D12Roll(natural, natural + bonus, natural + bonus >= ESCAPE)


PUSH_DIRECTIONS = ("north", "east", "south", "west")


def push_direction(roll: int) -> str:
    """1–3 north, 4–6 east, 7–9 south, 10–12 west."""
    return PUSH_DIRECTIONS[(roll - 1) // 3]


def roll_push(rng: random.Random) -> tuple[int, str]:
    roll = roll_effect_die(rng)
    return roll, push_direction(roll)


def roll_plain_effect(rng: random.Random, bonus: int = 0) -> D12Roll:
    natural = roll_effect_die(rng)
    return D12Roll(natural, natural + bonus, True)


def stop_at_kill(result: AttackResult, life_left: int) -> AttackResult:
    """Strikes after the one that destroyed a tracked target are not made (playtest 16 M2: seed
    000:83 gives an additional strike against the defender, and a destroyed one is gone); they
    stay in the reply as «not made», their dice unused."""
    done = 0
    for i, strike in enumerate(result.strikes):
        if 0 < life_left <= done:
            result.strikes[i] = Strike(strike.number, no_target=True)
            continue
        done += strike.damage
    return result
