"""`/game export`: the whole game as a file that fits Discord's attachment limit.

The export is read from storage, then made and encoded a slice at a time (`export_file`) so a
big game does not stall the event loop; plain JSON when that fits, gzip when only that fits,
else refused in words.
"""

from __future__ import annotations

from bot import limits
from bot.context import Ctx
from bot.handlers import tracker_ops as service
from bot.i18n import decimal
from bot.registry import UserError, command
from bot.reply import Attachment, Reply
from bot.tracker.export import ExportTooBig, export_file, read_export

AREA = "tracker"


@command("game", "export", area=AREA, private=True)
async def game_export(ctx: Ctx) -> Reply:
    """`/game export`: the file, for the asker alone (a file of every step is no table talk), or a
    refusal in words when even gzip is over the limit."""
    state = await service.current_or_last(ctx.services.storage, ctx.channel_id)
    if state is None:
        raise UserError("tracker.error.no_game")
    ctx.take("export")
    game_id = state.game.id
    state, steps, index = await read_export(ctx.services.storage.tracker, game_id)
    try:
        filename, blob, _events = await export_file(
            state, steps, index, f"game-{game_id}", limits.ATTACHMENT_BYTES
        )
    except ExportTooBig as exc:
        raise UserError(
            "tracker.export.too_big", size=_mb(exc.size, ctx.lang), limit=_mb(exc.limit, ctx.lang)
        ) from None
    body = ctx.t("tracker.export.done", steps=len(steps))
    if filename.endswith(".gz"):
        body += "\n" + ctx.t("tracker.export.gzipped", size=_mb(len(blob), ctx.lang))
    return Reply(body=body, attachments=[Attachment(filename, blob)], ephemeral=True)


def _mb(size: int, lang: str) -> str:
    return decimal(size / 1_000_000, lang, 1)
