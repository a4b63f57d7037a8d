"""Names of units and stats: cleaned, bounded, validated, and shown as typed (markdown escaped)."""

from __future__ import annotations

from bot.context import Services, UserRef
from bot.handlers import tracker_ops as service
from bot.handlers.tracker import game_log, outcome_reply
from bot.handlers.tracker_describe import header
from bot.handlers.tracker_layout import render_live
from bot.tracker.names import clean_name, md
from tests.helpers.tracker import BOB, MakeCtx, refused, unit


def test_clean_name_and_markdown_escape() -> None:
    assert clean_name("  Гоб\x07лин\n \u202eстраж\t") == "Гоблин страж"
    assert clean_name("👨\u200d👩\u200d👧 семья") == "👨\u200d👩\u200d👧 семья"  # ZWJ emoji kept
    assert md("**Жирный**") == r"\*\*Жирный\*\*"
    assert md("```код") == r"\`\`\`код"
    assert md("# заголовок") == r"\# заголовок" and md("- пункт") == r"\- пункт"
    assert md("[ссылка](http://x)") == r"\[ссылка\](http://x)"
    assert md("Лесной медведь-страж") == "Лесной медведь-страж"


async def test_unit_names_are_validated_and_nothing_changes_on_refusal(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    for bad in ("\x07\x1b", "   ", "\u200b"):

        async def add_bad(name: str = bad) -> object:
            return await service.add_unit(alice, name, None, {})

        text = await refused(services, add_bad, "tracker.error.bad_name")
        assert text.startswith("Недопустимое имя")
    text = await refused(
        services, lambda: service.add_unit(alice, "Я" * 41, None, {}), "tracker.error.name_too_long"
    )
    assert text == f"Слишком длинное имя: «{'Я' * 40}…». Можно не более 40 символов."
    out = await service.add_unit(alice, "Гоб\x00лин\tстраж", None, {"life": 3})
    assert out.notes[0].params["unit"] == "Гоблин страж"
    await refused(
        services,
        lambda: service.rename_unit(alice, "Гоблин страж", "x" * 41),
        "tracker.error.name_too_long",
    )
    await refused(
        services,
        lambda: service.rename_unit(alice, "Гоблин страж", "\x01"),
        "tracker.error.bad_name",
    )


async def test_markdown_in_names_is_shown_as_typed_and_kept_as_typed(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [UserRef.from_name("_bob_")], {"life": 20})
    out = await service.add_unit(alice, "**Жирный**", UserRef.from_name("_bob_"), {"life": 5})
    assert unit(out.state, "**Жирный**").name == "**Жирный**"  # stored as typed
    reply = outcome_reply(alice, out)
    assert reply.body == r"Новое существо: \*\*Жирный\*\* (\_bob\_) · ❤ 5"
    fat = unit(out.state, "**Жирный**")
    board = render_live(out.state, "ru", selected=f"u{fat.id}")
    assert r"Кнопки ± меняют повреждения, выбрано: **\*\*Жирный\*\***" in board.body
    assert "****" not in board.body + "".join(f.value for f in board.fields)
    assert r"▸ **\*\*Жирный\*\*** ❤" in board.fields[1].value
    assert board.fields[1].name == r"\_bob\_"
    # The select is plain text on Discord: it shows the name as typed, unescaped.
    labels = [o.label.removeprefix("▶ ") for a in board.actions for o in getattr(a, "options", ())]
    assert "**Жирный**" in labels
    out = await service.damage(alice, "**Жирный**", 2)
    assert outcome_reply(alice, out).body == r"\*\*Жирный\*\* · повреждения: 0 → 2 · ❤ 3/5"
    log = await game_log(alice, n=5)
    assert r"новое существо — \*\*Жирный\*\*" in log.body
    assert r"\*\*Жирный\*\* · повреждения 0 → 2" in log.body
    err = await refused(
        services, lambda: service.damage(alice, "**Худой**", 1), "tracker.error.no_target"
    )
    assert r"«\*\*Худой\*\*»" in err and r"\*\*Жирный\*\*" in err
    assert header(out.state, "ru") == "Mage Wars · раунд 1 · инициатива: alice"
