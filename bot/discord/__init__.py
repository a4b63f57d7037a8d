"""The Discord layer: builds app commands from the registry, renders replies, runs the client.

Only this package and `cogs/` import discord.py; handlers stay plain Python.
"""
