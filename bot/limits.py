"""Discord's platform limits, in one place (https://discord.com/developers/docs).

Every module that fits text or controls to Discord reads its limits from here, so a limit is
written once. Plain constants, no imports: the pure core may read them too.
"""

from __future__ import annotations

# Messages and embeds.
MESSAGE_CONTENT = 2000  # characters of a message's plain content
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FIELDS = 25  # fields per embed
EMBED_FOOTER = 2048
EMBED_TOTAL = 6000  # characters per message, summed over all its embeds
EMBEDS_PER_MESSAGE = 10
FILES_PER_MESSAGE = 10
# Bytes of the files one message may carry: 25 MiB now; 8 MB is safe on every server and client.
ATTACHMENT_BYTES = 8_000_000

# Message components.
ACTION_ROWS = 5  # rows per message
BUTTONS_PER_ROW = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_PLACEHOLDER = 150
SELECT_OPTIONS = 25  # options per select menu
SELECT_OPTION_LABEL = 100
SELECT_OPTION_VALUE = 100
SELECT_OPTION_DESCRIPTION = 100

# Application commands.
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25  # options per command (and subcommands per group)
COMMAND_CHARS = 8000  # names, descriptions and choices of one command, summed
CHOICES = 25  # fixed choices per option, and autocomplete answers per request
CHOICE_NAME = 100
CHOICE_VALUE = 100
GLOBAL_COMMANDS = 100  # slash commands per application
MESSAGE_MENUS = 5  # message context-menu commands per application
