"""The game's presentation: its commands, replies, buttons and CLI shapes (catalogue, registry).

Every module here is imported by `load_handlers()`; nothing in the game's core imports this
package (the layers contract in pyproject.toml).
"""
