"""Issue 18, defect 4: `/game export` fits Discord's attachment limit: plain JSON, else gzip,
else a refusal in words (before, a 20,000-step game's 8.6 MB file got «Что-то пошло не так»)."""

from __future__ import annotations

import gzip
import json

import pytest

from bot import limits
from bot.context import Services, UserRef
from bot.handlers import tracker_ops as service
from bot.handlers.tracker_export import game_export
from bot.i18n import t
from bot.registry import UserError
from bot.tracker import export
from tests.helpers.tracker import MakeCtx


async def _long_game(make_ctx: MakeCtx, steps: int = 300) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "custom", [UserRef.from_name("bob")], {"life": 500})
    for i in range(steps):
        await service.add(alice, "bob" if i % 2 else "alice", "life", -1)


async def test_a_game_that_fits_is_plain_json(services: Services, make_ctx: MakeCtx) -> None:
    await _long_game(make_ctx, steps=5)
    reply = await game_export(make_ctx("alice"))
    (file,) = reply.attachments
    assert file.filename.endswith(".json")
    data = json.loads(file.data)
    assert len(data["steps"]) == 6 and data["steps"][0]["action"] == "start"


async def test_a_large_game_over_the_limit_comes_gzipped(
    services: Services, make_ctx: MakeCtx, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _long_game(make_ctx)
    plain = (await game_export(make_ctx("alice"))).attachments[0].data
    monkeypatch.setattr(limits, "ATTACHMENT_BYTES", len(plain) - 1)
    reply = await game_export(make_ctx("alice"))
    (file,) = reply.attachments
    assert file.filename.endswith(".json.gz") and len(file.data) < len(plain) // 4
    assert gzip.decompress(file.data) == plain  # the same export, only packed
    assert "сжат (`gzip`" in reply.body


async def test_a_game_too_large_even_gzipped_is_refused_in_words(
    services: Services, make_ctx: MakeCtx, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _long_game(make_ctx)
    monkeypatch.setattr(limits, "ATTACHMENT_BYTES", 2_000)
    with pytest.raises(UserError) as err:
        await game_export(make_ctx("alice"))
    assert err.value.key == "tracker.export.too_big"
    text = t(err.value.key, "ru", **err.value.params)
    assert text.startswith("Экспорт партии не помещается в Discord даже сжатым")
    assert "0.0 МБ" in text  # the 2 kB limit, shown in MB


async def test_the_file_made_in_slices_is_the_whole_export(
    services: Services, make_ctx: MakeCtx
) -> None:
    await _long_game(make_ctx, steps=2 * export.SLICE + 7)  # three slices of steps
    state = await service.load_state(services.storage, make_ctx("alice").channel_id)
    assert state is not None
    repo = services.storage.tracker
    whole = await export.export_game(repo, state.game.id)
    parts = await export.read_export(repo, state.game.id)
    name, blob, events = await export.export_file(*parts, "g", 10**9)
    assert name == "g.json" and json.loads(blob) == whole
    assert events == len(whole["events"]) and len(whole["steps"]) == 2 * export.SLICE + 8
