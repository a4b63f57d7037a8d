"""Tracker fixtures (defined in `tests/helpers/tracker.py`)."""

from tests.helpers.tracker import make_ctx, notified

__all__ = ["make_ctx", "notified"]
