"""Compatibility name for the dice bridge (`bot/dice/tracked.py`) and `bot/handlers/dice.py`.

The tracker core is split by responsibility (`step`, `resolve`, `lifecycle`, `counters`,
`tokens`, `units`, `history`, `access`); its `Ctx`-taking front is `bot/handlers/tracker_ops.py`.
This module only re-exports that front until the dice side stops importing it (the archdice
branch); nothing in the tracker imports it.
"""

from bot.handlers.tracker_ops import *  # noqa: F403
from bot.handlers.tracker_ops import __all__ as __all__
