"""The Discord renderer: every embed and message within the limits, nothing lost, views built."""

from __future__ import annotations

import re

import discord

from bot.discord.components import ActionItem
from bot.discord.render import (
    BLANK,
    COLORS,
    DESCRIPTION_MAX,
    EMBED_TOTAL_MAX,
    EMBEDS_PER_MESSAGE,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    FIELDS_PER_EMBED,
    FOOTER_MAX,
    TITLE_MAX,
    OutMessage,
    render_reply,
)
from bot.reply import Attachment, Button, Field, Kind, Reply, Select, SelectOption, Style

PARAGRAPH = (
    "Существо с эгидой не может быть целью вражеских заклинаний. "
    "Эгида снимается, когда существо атакует! Это правило действует всегда? Да.\n\n"
)


def check_limits(messages: list[OutMessage]) -> None:
    for message in messages:
        assert len(message.embeds) <= EMBEDS_PER_MESSAGE
        assert sum(len(e) for e in message.embeds) <= EMBED_TOTAL_MAX
        assert len(message.attachments) <= 10
        for e in message.embeds:
            assert len(e.title or "") <= TITLE_MAX
            assert len(e.description or "") <= DESCRIPTION_MAX
            assert len(e.fields) <= FIELDS_PER_EMBED
            assert len(e.footer.text or "") <= FOOTER_MAX
            for f in e.fields:
                assert 0 < len(f.name or "") <= FIELD_NAME_MAX
                assert 0 < len(f.value or "") <= FIELD_VALUE_MAX


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text.replace(BLANK, ""))


def all_text(messages: list[OutMessage]) -> str:
    parts: list[str] = []
    for m in messages:
        for e in m.embeds:
            parts += [e.title or "", e.description or ""]
            parts += [f"{f.name}{f.value}" for f in e.fields]
            parts.append(e.footer.text or "")
    return "".join(parts)


def test_short_reply_is_one_embed_colored_by_kind() -> None:
    for kind in Kind:
        messages = render_reply(Reply(title="Эгида", body="Текст.", kind=kind, footer="стр. 3"))
        assert len(messages) == 1
        (embed,) = messages[0].embeds
        assert embed.title == "Эгида" and embed.description == "Текст."
        assert embed.footer.text == "стр. 3"
        assert embed.colour == COLORS[kind]
        assert messages[0].view is None


def test_long_body_continues_in_more_embeds_and_messages() -> None:
    body = PARAGRAPH * 400  # ~60 000 characters
    reply = Reply(title="Длинное правило", body=body, footer="конец")
    messages = render_reply(reply)
    check_limits(messages)
    assert len(messages) > 1
    assert squash(all_text(messages)) == squash(reply.title + body + reply.footer)
    assert messages[0].embeds[0].title == "Длинное правило"
    assert messages[-1].embeds[-1].footer.text == "конец"


def test_many_and_long_fields_are_split_not_cut() -> None:
    fields = [Field(f"Поле {i}", PARAGRAPH * (i % 7 + 1), inline=i % 2 == 0) for i in range(60)]
    fields.append(Field("Огромное " * 50, PARAGRAPH * 30))
    fields.append(Field("Пустое", ""))
    reply = Reply(title="Т", body=PARAGRAPH * 30, fields=fields)
    messages = render_reply(reply)
    check_limits(messages)
    expected = reply.title + reply.body + "".join(f.name + f.value for f in fields)
    assert squash(all_text(messages)) == squash(expected)
    names = [f.name for m in messages for e in m.embeds for f in e.fields]
    assert names.count("Поле 0") == 1 and "Поле 59" in names


def test_overlong_title_and_footer_are_kept() -> None:
    reply = Reply(title="Заголовок " * 60, body="Тело.", footer="Сноска. " * 600)
    messages = render_reply(reply)
    check_limits(messages)
    assert squash(all_text(messages)) == squash(reply.title + reply.body + reply.footer)


def test_empty_reply_still_renders_a_valid_embed() -> None:
    messages = render_reply(Reply(actions=[Button("Ок", "x.ok")]))
    check_limits(messages)
    assert len(messages) == 1 and len(messages[0].embeds) == 1
    assert messages[0].view is not None


def test_view_holds_persistent_items_with_custom_ids() -> None:
    reply = Reply(
        body="Выберите",
        actions=[
            Button("Бросить ещё", "dice.reroll", "2d6", style=Style.PRIMARY),
            Button("Выкл", "dice.off", disabled=True),
            Select(
                "Игра",
                "tracker.pick",
                (SelectOption("Берсерк", "berserk", "ККИ"), SelectOption("KeyForge", "keyforge")),
                payload="42",
            ),
        ],
    )
    (message,) = render_reply(reply)
    assert message.view is not None and message.view.timeout is None
    items = [i for i in message.view.children if isinstance(i, ActionItem)]
    assert len(items) == len(message.view.children) == 3
    payload = message.view.to_components()
    ids = [c["custom_id"] for row in payload for c in row["components"]]
    assert ids == ["arb:dice.reroll:2d6", "arb:dice.off:", "arb:tracker.pick:42"]
    button = items[0].item
    assert isinstance(button, discord.ui.Button) and button.style is discord.ButtonStyle.primary
    assert isinstance(items[1].item, discord.ui.Button) and items[1].item.disabled
    select = items[2].item
    assert isinstance(select, discord.ui.Select)
    assert [o.value for o in select.options] == ["berserk", "keyforge"]


def test_view_rides_on_the_last_message_and_files_spread() -> None:
    attachments = [Attachment(f"f{i}.txt", b"x") for i in range(13)]
    reply = Reply(body=PARAGRAPH * 200, attachments=attachments, actions=[Button("Ок", "x.ok")])
    messages = render_reply(reply)
    check_limits(messages)
    assert messages[-1].view is not None
    assert all(m.view is None for m in messages[:-1])
    sent = [a.filename for m in messages for a in m.attachments]
    assert sent == [a.filename for a in attachments]
    files = messages[0].files()
    assert [f.filename for f in files] == [f"f{i}.txt" for i in range(10)]


def test_longest_glossary_entries_render_within_limits() -> None:
    from tests.core.test_split import _glossary_texts

    texts = sorted(_glossary_texts(), key=len, reverse=True)[:10]
    assert texts, "glossary/data/*.toml holds no entry text"
    for text in texts:
        for reply in (
            Reply(title="Термин", body=text),
            Reply(title="Термин", fields=[Field("Текст", text), Field("См. также", text)]),
        ):
            messages = render_reply(reply)
            check_limits(messages)
            expected = reply.title + reply.body + "".join(f.name + f.value for f in reply.fields)
            assert squash(all_text(messages)) == squash(expected)


def test_too_many_controls_continue_in_more_messages() -> None:
    buttons = [Button(f"B{i}", "x.press", str(i)) for i in range(30)]
    options = tuple(SelectOption(f"O{i}", f"v{i}") for i in range(30))
    reply = Reply(body="Много кнопок", actions=[*buttons, Select("Выбор", "x.pick", options)])
    messages = render_reply(reply)
    assert len(messages) == 3
    assert messages[0].embeds and not messages[1].embeds and not messages[2].embeds
    ids: list[str] = []
    values: list[str] = []
    for message in messages:
        assert message.view is not None
        rows = message.view.to_components()
        assert len(rows) <= 5
        message_ids = [c["custom_id"] for row in rows for c in row["components"]]
        assert len(message_ids) == len(set(message_ids)), "custom ids are unique per message"
        ids += message_ids
        values += [
            o["value"] for row in rows for c in row["components"] for o in c.get("options", [])
        ]
    assert [i for i in ids if i.startswith("arb:x.press:")] == [
        f"arb:x.press:{i}" for i in range(30)
    ]
    assert values == [f"v{i}" for i in range(30)]
