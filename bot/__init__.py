"""Arbiter: a Discord bot for Russian-speaking tabletop groups."""

__version__ = "0.1.0"
