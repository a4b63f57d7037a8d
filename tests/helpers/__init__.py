"""Helpers shared by tests, imported explicitly (not through conftest)."""
