"""What the generic tracker asks a game: one typed plugin per game, every hook a no-op here.

A game's `bot/games/<game>/plugin.py` exports `PLUGIN`, an instance of a `GamePlugin` subclass
that overrides only the hooks it needs; `plugin_for(slug)` finds it (a game without one gets this
base class, so a new game is a folder and no generic code changes). The tracker calls these
methods and never looks a hook up by name. The rules themselves stay pure in the game's modules.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from bot.tracker.model import Participant, Unit
from bot.tracker.records import StepRecord

if TYPE_CHECKING:
    from bot.tracker.ports import TrackerRepo
    from bot.tracker.step import Step
    from bot.tracker.templates import Template

Holder = Participant | Unit


@dataclass(frozen=True)
class StatNote:
    """A note beside a stat on the board: a catalogue key and its parameters."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class StatNotes:
    """Catalogue phrases a note joins with commas («материалы 1/3, опорные пункты 1/3»): the
    core names them by key, the handler layer words them in the reader's language."""

    items: tuple[StatNote, ...]


@dataclass(frozen=True)
class UnitControl:
    """A button the live board shows for the selected unit: its label's catalogue key and the
    action it runs; the payload is `<game id>:u<unit id>`."""

    label: str
    action: str


class GamePlugin:
    """The hooks the generic tracker calls; each default leaves the generic behaviour alone."""

    # A unit whose toughness is 0 is destroyed (KeyForge: a creature with power 0).
    zero_toughness_destroys: ClassVar[bool] = False

    async def next_round(self, step: Step, rng: random.Random) -> None:
        """`/game next`: by default the turn passes and a round counts at the first seat."""
        from bot.tracker.rounds import pass_turn

        await pass_turn(step, new_round=False)

    async def place_tokens(self, step: Step, holder: Holder, key: str, count: int) -> bool:
        """Tokens put on by `/token add`; True when the game placed them itself."""
        return False

    def token_retired(self, key: str) -> bool:
        """A token a game saved by an older version may still hold but no one puts on any more:
        `/token add` refuses it as an unknown token and autocomplete does not offer it, while
        the board, `/token remove` and the log still name it (Conquest's old shield mark)."""
        return False

    async def heal(self, step: Step, holder: Holder, points: int) -> bool:
        """`/heal`; True when the game healed the holder itself."""
        return False

    async def before_damage(self, step: Step, unit: Unit, amount: int) -> int:
        """The damage still dealt after the game's armor, ward or shields."""
        return amount

    async def after_damage(self, step: Step, unit: Unit) -> None:
        """A unit's damage went up."""

    async def damaged_by_hand(self, step: Step, unit: Unit) -> None:
        """`/dmg` raised a unit's damage; who dealt it is not known."""

    def unit_values(self, name: str, values: dict[str, int]) -> dict[str, int]:
        """The counters `/unit add` creates a unit named `name` with; a game may read more
        from its name (WFB: «Архимаг» is a wizard). By default `values` as given."""
        return values

    def unit_note(self, note: str, values: Mapping[str, int]) -> str:
        """The note `/unit add` writes for a unit with `values` (WFB: a wizard or a unit);
        `note` is the template's."""
        return note

    def untyped_notes(self, typed: Collection[str]) -> list[str]:
        """Notes for the stats `/unit add` gave a default to because they were not typed
        (KeyForge: power 1, playtest 9 K1), so no value is invented silently. By default none."""
        return []

    def note_says(self, note: str) -> frozenset[str]:
        """The stats a `/unit add` note already says in its title, so its echo leaves them out
        (WFB: «Новый маг» is not followed by «· маг»). By default none."""
        return frozenset()

    def piece_kind(self, unit: Unit) -> str:
        """The kind a note names the unit by (`tracker.note.destroyed_kind.<kind>`), so a WFB
        wizard is «Маг «X»» and another unit «Подразделение «X»»; by default its own kind."""
        return unit.kind

    async def unit_added(self, step: Step, unit: str, owner: Participant) -> None:
        """`/unit add` put a unit named `unit` on `owner`'s side (WFB: one more wizard)."""

    async def leave_play(self, step: Step, unit: Unit) -> None:
        """A unit was destroyed or removed."""

    def item_keys(self, tpl: Template, text: str) -> list[str]:
        """The stats an item added to a list carries (`/planet icons:`); none by default."""
        return []

    async def item_added(
        self, step: Step, player: Participant, list_name: str, keys: list[str], item: str = ""
    ) -> bool:
        """An item (named `item`, so a note can quote it) went onto a player's list, with the
        stats `item_keys` read. True when the game's own note told it, so the generic «captures»
        line is not said twice (EN-10 CQ-3: a planet and its icons in one line)."""
        return False

    def damage_cap(self, kind: str, values: Mapping[str, int], default: int | None) -> int | None:
        """The damage that destroys a unit of `kind`; `default` is the sum of its toughness."""
        return default

    async def unit_hurt(self, step: Step, unit: Unit) -> bool | None:
        """The game's own consequence for a changed unit: True when a leader fell, None to
        leave it to the generic check."""
        return None

    def follows(self, step: StepRecord) -> int | None:
        """The step this one follows up (undone with it), if any."""
        return None

    async def undo_span(self, repo: TrackerRepo, game_id: int, steps: int) -> int:
        """How many stored steps `steps` user steps are (a step and its follow-ups as one)."""
        return steps

    async def redo_followups(
        self, repo: TrackerRepo, game_id: int, done: StepRecord
    ) -> list[StepRecord]:
        """After redoing `done`, redo the follow-ups undone with it; returns them."""
        return []

    def unit_controls(self) -> tuple[UnitControl, ...]:
        """The game's own buttons for a selected unit on the live board; none by default."""
        return ()

    def stat_note(
        self, key: str, value: int, values: Mapping[str, int] | None = None
    ) -> StatNote | None:
        """A note beside a stat on the board, or None; `values` are the holder's counters."""
        return None

    def board_value(self, key: str, value: int, values: Mapping[str, int]) -> int:
        """The number the board shows for a stat, given the holder's counters and tokens
        (KeyForge: power with its power tokens, as players read a creature)."""
        return value

    def board_hides(self, key: str) -> bool:
        """A counter the board leaves out (shown in another stat's note instead)."""
        return False

    def echo_hides(self, key: str, value: int) -> bool:
        """A value the `/unit add` echo leaves out because it means «none» (Mage Wars' defense
        0 is no defense, not 0+)."""
        return False

    def list_notes(self, list_name: str, values: Mapping[str, int]) -> list[StatNote]:
        """Notes beside a player's list on the board (Conquest: the planets' icons towards
        the win); `values` are the player's counters."""
        return []

    def read_trait(
        self, tpl: Template, key: str, number: int | None, rest: str, *, more: bool = False
    ) -> dict[str, int] | None:
        """The counters a trait typed at `/unit add traits:` sets, where the game reads more
        than «name N»: `rest` is what follows the name and number, or (`more`) a whole part
        that names no trait, read as more of the trait `key` before it. None leaves the part
        to the generic reading (`bot/tracker/traits.py`)."""
        return None


BASE = GamePlugin()


@cache
def plugin_for(slug: str) -> GamePlugin:
    """The plugin of the game `slug`: its package's `plugin.PLUGIN`, else the no-op base."""
    from bot.games import ALL_GAMES

    game = ALL_GAMES.get(slug)
    if game is None:
        return BASE
    dotted = f"{game.package}.plugin"
    if importlib.util.find_spec(dotted) is None:
        return BASE
    found = getattr(importlib.import_module(dotted), "PLUGIN", None)
    if not isinstance(found, GamePlugin):
        raise TypeError(f"{dotted}.PLUGIN is not a GamePlugin")
    return found
