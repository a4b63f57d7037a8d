"""Where the tracker's generic commands hand over to a game's own step glue (issue 9).

A game's `bot/games/<game>/tracker.py` may define, all optional (found by `hooks.game_module`,
so no game is named here):
- `async place_tokens(step, holder, key, count) -> bool`: tokens put on by `/token add` (Mage
  Wars Corrode beyond armor; KeyForge says what stun, enrage and ward mean); True = done;
- `async heal(step, holder, points) -> bool`: `/heal` (Mage Wars Bleed, Rage, Finite Life);
- `async before_damage(step, unit, amount) -> int`: the damage still dealt (KeyForge armor and
  ward, Berserk Броня X, Conquest shields);
- `async after_damage(step, unit)`: a unit's damage went up (Mage Wars Sleep → Daze);
- `ZERO_TOUGHNESS_DESTROYS = True`: a unit with toughness 0 is destroyed (KeyForge power 0);
- `async leave_play(step, unit)`: a unit destroyed or removed (KeyForge captured Æmber);
- `async item_added(step, player, list_name, icons)`: a list item (Conquest planet icons).
The rules themselves are pure, in `bot/games/<game>/rules.py`.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from bot.tracker import hooks
from bot.tracker.model import Participant, Unit
from bot.tracker.records import StepRecord

if TYPE_CHECKING:
    from bot.tracker.ports import TrackerRepo
    from bot.tracker.step import Step
    from bot.tracker.templates import Template

Holder = Participant | Unit


def _glue(slug: str) -> ModuleType | None:
    return hooks.game_module(slug, "tracker")


async def place_tokens(step: Step, holder: Holder, key: str, count: int) -> bool:
    fn = getattr(_glue(step.tpl.slug), "place_tokens", None)
    return bool(await fn(step, holder, key, count)) if fn is not None else False


async def heal(step: Step, holder: Holder, points: int) -> bool:
    fn = getattr(_glue(step.tpl.slug), "heal", None)
    return bool(await fn(step, holder, points)) if fn is not None else False


async def before_damage(step: Step, unit: Unit, amount: int) -> int:
    fn = getattr(_glue(step.tpl.slug), "before_damage", None)
    return int(await fn(step, unit, amount)) if fn is not None else amount


async def after_damage(step: Step, unit: Unit) -> None:
    fn = getattr(_glue(step.tpl.slug), "after_damage", None)
    if fn is not None:
        await fn(step, unit)


def zero_toughness_destroys(slug: str) -> bool:
    return bool(getattr(_glue(slug), "ZERO_TOUGHNESS_DESTROYS", False))


async def leave_play(step: Step, unit: Unit) -> None:
    fn = getattr(_glue(step.tpl.slug), "leave_play", None)
    if fn is not None:
        await fn(step, unit)


async def item_added(step: Step, player: Participant, list_name: str, icons: list[str]) -> None:
    fn = getattr(_glue(step.tpl.slug), "item_added", None)
    if fn is not None:
        await fn(step, player, list_name, icons)


# A follow-up step (a Counterstrike or Damage Barrier after a Mage Wars attack) names the step
# it follows in `params["follows"]`, or, when the attack itself changed nothing and left no step,
# the step that was last then in `params["after"]`. Undo and redo treat an attack and its
# follow-ups as one.
FOLLOWS = "follows"
AFTER = "after"


def _group(step: StepRecord) -> tuple[str, int] | None:
    """The attack a step belongs to: ("follows", attack step) or ("after", anchor), else None."""
    for link in (FOLLOWS, AFTER):
        value = step.params.get(link)
        if isinstance(value, int):
            return link, value
    return None


def follow_span(done_newest_first: list[StepRecord], steps: int) -> int:
    """How many done steps to undo for `steps` user steps, an attack and its follow-ups as one."""
    n = 0
    for _ in range(steps):
        if n >= len(done_newest_first):
            break
        group = _group(done_newest_first[n])
        n += 1
        while group is not None and n < len(done_newest_first):
            nxt = done_newest_first[n]
            if group == (FOLLOWS, nxt.id):  # the attack itself ends the group
                n += 1
                break
            if _group(nxt) != group:
                break
            n += 1
    return n


async def undo_span(repo: TrackerRepo, game_id: int, steps: int) -> int:
    done = await repo.done_steps(game_id, steps + 8)
    return max(steps, follow_span(done, steps)) if done else steps


async def redo_followups(repo: TrackerRepo, game_id: int, done: StepRecord) -> list[StepRecord]:
    """After redoing a step, redo the follow-ups that were undone with it; returns them."""
    group = _group(done) or (FOLLOWS, done.id)
    redone: list[StepRecord] = []
    while True:
        history = await repo.history(game_id, limit=16)
        undone = sorted((s for s in history if s.status == "undone"), key=lambda s: s.id)
        if not undone or _group(undone[0]) != group:
            return redone
        step = await repo.redo(game_id)
        if step is None:
            return redone
        redone.append(step)


def icon_keys(tpl: Template, text: str) -> list[str]:
    """`материалы, технологии` → Conquest's icon stats; an unknown name is refused."""
    from bot.tracker.errors import NameList, TrackerError

    keys: list[str] = []
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        key = tpl.resolve_stat(part)
        if key is None or not key.startswith("icon_"):
            known = [d for k, d in tpl.stats.items() if k.startswith("icon_")]
            raise TrackerError("cq_icon", name=part, known=NameList(known))
        if key not in keys:
            keys.append(key)
    return keys
