"""SimCord fixtures (defined, with their guide, in `tests/helpers/cogs.py`)."""

from tests.helpers.cogs import simcord_bot, table

__all__ = ["simcord_bot", "table"]
