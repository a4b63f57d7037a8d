"""Wire fixtures: the real bot over a fake Discord (defined in `tests/helpers/wire.py`)."""

from tests.helpers.wire import fake_discord, start_wire_bot, wire_bot

__all__ = ["fake_discord", "start_wire_bot", "wire_bot"]
