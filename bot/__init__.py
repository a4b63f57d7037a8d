"""Arbiter: a Discord bot for Russian-speaking tabletop groups."""

# The one place the version is written: pyproject.toml reads it from here (hatch), `/about` and
# `--version` show it, and CHANGELOG.md has a section for it.
__version__ = "0.3.0"
