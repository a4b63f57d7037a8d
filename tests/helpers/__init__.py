"""Helpers shared by the test packages (imported, never picked up as tests or fixtures)."""
