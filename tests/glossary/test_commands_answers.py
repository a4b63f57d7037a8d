"""What a player reads back: source footers, honest no-match answers, bad input in two languages."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.context import Ctx, Services, UserRef
from bot.glossary_view import display_title, extract_inline_terms, resolve_references
from bot.handlers import glossary as h
from bot.handlers import glossary_browse as browse
from bot.registry import UserError, run_action
from bot.reply import Button, Kind, Reply, Select
from glossary import Glossary, load_glossary
from glossary.importers.writer import dump_entries
from glossary.model import Entry, Source
from glossary.terms import TermFinder
from tests.glossary.sample import ENTRIES, sample_glossary


@pytest.fixture
def ctx(services: Services) -> Ctx:
    services.__dict__["glossary"] = sample_glossary()
    return Ctx(services, UserRef.from_name("alice"), channel_id=1, guild_id=2, lang="ru")


def select_of(reply: Reply) -> Select:
    (select,) = [a for a in reply.actions if isinstance(a, Select)]
    return select


async def error_of(coro: object) -> UserError:
    with pytest.raises(UserError) as err:
        await coro  # type: ignore[misc]
    return err.value


# --- the source footer ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "first", "last", "footer"),
    [
        ("ru", 9, 9, "Источник: mage-wars.txt, строка 9"),
        ("ru", 4, 5, "Источник: mage-wars.txt, строки 4–5"),
        ("en", 9, 9, "Quoted from the Russian rulebook: mage-wars.txt, line 9"),
        ("en", 4, 5, "Quoted from the Russian rulebook: mage-wars.txt, lines 4–5"),
    ],
)
def test_footer_agrees_in_number(ctx: Ctx, lang: str, first: int, last: int, footer: str) -> None:
    ctx.lang = lang
    entry = replace(ENTRIES[0], source=Source("mage-wars.txt", first, last))
    assert h.entry_reply(ctx, entry).footer == footer


# --- no match ------------------------------------------------------------------------------------


async def test_nothing_alike_says_so_and_lists_no_stranger_game(ctx: Ctx) -> None:
    """G4 (playtest 10): with no game in the channel, no random game's terms are listed."""
    reply = await h.rule(ctx, "zzzzqqq")
    assert reply.title == "Ничего похожего на «zzzzqqq»"
    assert reply.body == (
        "Ни одно название термина не похоже на этот запрос. Проверьте написание, откройте "
        "оглавление (/глоссарий) или поищите слова в текстах правил (/поиск)."
    )
    assert not reply.ephemeral and not reply.actions
    ctx.lang = "en"
    reply = await h.rule(ctx, "zzzzqqq")
    assert reply.title == "Nothing like “zzzzqqq”" and not reply.actions
    assert reply.body.endswith("look for the words in the rule texts (/search).")


async def test_a_near_spelling_is_offered_as_nearest(ctx: Ctx) -> None:
    # playtest ru-17 C2: the only near spelling (strangers left out) opens, said to be the nearest
    reply = await h.rule(ctx, "Controllership")
    assert reply.title == "Владелец (Controller)"
    assert reply.body.startswith("Точной статьи «Controllership» нет; ближайшая — эта.")


async def test_term_missing_from_the_filtered_game_points_to_other_games(ctx: Ctx) -> None:
    reply = await h.rule(ctx, "Bleed", game="berserk")
    assert reply.title == "В игре «Берсерк ККИ» нет термина «Bleed»"
    select = select_of(reply)
    assert [o.value for o in select.options] == ["mw-bleed"] and select.action == "rule.pick"
    picked = await run_action(ctx, select.action, f"{select.payload}|mw-bleed")
    assert picked.title == "Кровотечение (Bleed)" and picked.edit_origin
    ctx.lang = "en"
    assert (await h.rule(ctx, "Bleed", game="berserk")).title == "Berserk CCG has no term “Bleed”"


# --- bad input: never raises anything but a UserError, in the user's language --------------------

EMOJI = "🎲🙂"
CONTROL = "\x00\x07\u200b\x1b"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(
    ("call", "key"),
    [
        (lambda c: h.rule(c, ""), "glossary.empty_query"),
        (lambda c: h.rule(c, CONTROL), "glossary.empty_query"),
        (lambda c: h.rule(c, "б" * 1000), "glossary.query_too_long"),
        (lambda c: h.rule(c, EMOJI), "glossary.no_letters"),
        (lambda c: h.rule(c, "броня", game="chess"), "glossary.unknown_game"),
        (lambda c: browse.search(c, ""), "glossary.empty_query"),
        (lambda c: browse.search(c, "б" * 1000), "glossary.query_too_long"),
        (lambda c: browse.search(c, EMOJI), "glossary.no_letters"),
        (lambda c: browse.search(c, CONTROL), "glossary.empty_query"),
        (lambda c: browse.search(c, "броня", game="chess"), "glossary.unknown_game"),
        (lambda c: browse.glossary_index(c, "chess"), "glossary.unknown_game"),
        (lambda c: browse.explain(c, CONTROL), "explain.empty"),
        (lambda c: browse.explain(c, EMOJI), "explain.none"),
    ],
)
async def test_bad_input_is_a_clear_ephemeral_message(
    ctx: Ctx, lang: str, call: object, key: str
) -> None:
    ctx.lang = lang
    err = await error_of(call(ctx))  # type: ignore[operator]
    assert err.key == key
    reply = err.reply(ctx)
    assert reply.ephemeral and reply.kind is Kind.ERROR and reply.body
    other = Ctx(
        ctx.services, ctx.user, ctx.channel_id, ctx.guild_id, "en" if lang == "ru" else "ru"
    )
    assert err.reply(other).body != reply.body  # really the user's language


async def test_mixed_scripts_and_a_long_text_still_answer(ctx: Ctx) -> None:
    assert (await h.rule(ctx, "Эгida")).title  # an entry, a question or suggestions
    assert (await h.rule(ctx, "Bleed кровотечение")).title == "Кровотечение (Bleed)"
    long_text = "Существо с кровотечением. " * 200  # 5,200 characters: cut, not refused
    reply = await browse.explain(ctx, long_text)
    assert "Кровотечение (Bleed)" in reply.body and reply.ephemeral


async def test_inline_bad_marks_never_raise(ctx: Ctx) -> None:
    ctx.services.settings = replace(ctx.services.settings, inline_lookup=True)
    reply = await browse.inline_reply(ctx, f"[[{EMOJI}]] [[{CONTROL}]] [[{'ж' * 150}]]")
    assert reply is not None and "Не нашлось" in reply.body
    assert await browse.inline_reply(ctx, f"[[{'ж' * 1000}]]") is None  # not a term mark at all


async def test_broken_data_file_serves_the_readable_entries(
    services: Services, tmp_path: Path
) -> None:
    def kf(n: int) -> Entry:
        return Entry(
            id=f"keyforge/term-{n}",
            game="keyforge",
            title=f"Эгидище {n}" if n == 1 else f"Бронище {n}",
            names=(f"Эгидище {n}" if n == 1 else f"Бронище {n}",),
            text=f"Текст {n}.",
            source=Source("s.txt", n, n),
        )

    text = dump_entries([kf(1), kf(2)], game_name="KeyForge", seed_file="s.txt")
    (tmp_path / "keyforge.toml").write_text(text.replace('title = "Бронище 2"\n', ""), "utf-8")
    (tmp_path / "berserk.toml").write_text("[[entry]\nid = ", "utf-8")  # not even TOML
    glossary = load_glossary(tmp_path)
    assert [e.id for e in glossary.entries] == ["keyforge/term-1"]
    services.__dict__["glossary"] = glossary
    ctx = Ctx(services, UserRef.from_name("alice"), channel_id=1, guild_id=2, lang="en")
    assert (
        await h.rule(ctx, "Эгидище")
    ).footer == "Quoted from the Russian rulebook: s.txt, line 1"
    reply = await h.rule(ctx, "Бронище")  # its entry was broken: an answer, not a crash
    assert reply.title and reply.body
    err = await error_of(browse.glossary_index(ctx, "berserk"))
    assert err.key == "glossary.index.empty" and err.reply(ctx).ephemeral


async def test_empty_glossary_never_raises_beyond_a_user_error(ctx: Ctx) -> None:
    ctx.services.__dict__["glossary"] = Glossary([])
    for call in (h.rule(ctx, "эгида"), browse.search(ctx, "эгида"), browse.explain(ctx, "эгида")):
        assert (await error_of(call)).reply(ctx).ephemeral
    assert await h.term_autocomplete(ctx, "эги", {}) == []


# --- see-also buttons open what they name ---------------------------------------------------------


async def test_every_real_see_also_button_opens_its_entry(services: Services) -> None:
    real = load_glossary()
    assert real.entries, "glossary/data holds no entry"
    services.__dict__["glossary"] = real
    ctx = Ctx(services, UserRef.from_name("alice"), channel_id=1, guild_id=2, lang="ru")
    opened = 0
    for entry in real.entries:
        for button in h.entry_reply(ctx, entry).actions:
            assert isinstance(button, Button) and button.action == "rule.open"
            target = real.get(button.payload)
            named, _ = resolve_references(entry.see_also_text, real.entries, entry.game)
            assert target is not None
            assert target.id in entry.see_also or target in named  # or a supplement entry
            assert button.label == display_title(target, "ru")[:80] or button.label.endswith("…")
            reply = await run_action(ctx, button.action, button.payload)
            assert reply.title == display_title(target, "ru") and reply.ephemeral
            opened += 1
    assert opened > 50


# --- labels and term spotting share the search's folding ------------------------------------------


def test_parameter_letters_do_not_decide_a_names_language() -> None:
    # a Cyrillic `Х` in an English title and a Latin `X` in a Russian name (both occur in the data)
    entry = replace(ENTRIES[0], title="Regenerate Х", names=("Regenerate Х", "Регенерация X"))
    assert display_title(entry, "en") == "Regenerate Х (Регенерация X)"
    assert display_title(entry, "ru") == "Регенерация X (Regenerate Х)"
    both = replace(ENTRIES[0], title="Броня ( Armor )", names=("Броня", "Armor"))
    assert display_title(both, "ru") == display_title(both, "en") == "Броня ( Armor )"


def test_term_finder_reads_words_like_the_search() -> None:
    hero = replace(ENTRIES[0], id="bk-hero", game="berserk", title="Герой-воин", names=())
    finder = TermFinder([*ENTRIES, hero])
    found = {m.found: [e.id for e in m.entries] for m in finder.find("Герою-воину ЗОВ, Ёжик")}
    assert found == {"Герою-воину": ["bk-hero"], "ЗОВ": ["bk-zov"]}
    assert [m.found for m in finder.find("кровотечени\u0301ем")] == ["кровотечени\u0301ем"]


# --- [[term]] with equally good answers -----------------------------------------------------------


async def test_inline_names_equally_good_entries_and_opens_them(ctx: Ctx) -> None:
    ctx.services.settings = replace(ctx.services.settings, inline_lookup=True)
    reply = await browse.inline_reply(ctx, "а что делает [[броня]]?")
    assert reply is not None
    shown = {"Броня (Armor)": "mw-armor", "Броня ( Armor )": "kf-armor", "Броня": "bk-armor"}
    others = {i for t, i in shown.items() if t != reply.title}
    assert len(others) == 2  # one of the three is the answer, the other two are named
    (tied,) = [f for f in reply.fields if f.name == "Также подходят"]
    payloads = {a.payload for a in reply.actions if isinstance(a, Button)}
    assert others <= payloads
    for entry_id in others:
        opened = await run_action(ctx, "rule.open", entry_id)
        assert opened.title in tied.value and opened.ephemeral
    labels = [a.label for a in reply.actions if isinstance(a, Button) and a.payload in others]
    assert all(" · " in label for label in labels)  # the game tells the twins apart
    one = await browse.inline_reply(ctx, "[[эгида]]")
    assert one is not None and not [f for f in one.fields if f.name == "Также подходят"]


async def test_a_one_page_index_has_no_paging_buttons(ctx: Ctx) -> None:
    reply = await browse.glossary_index(ctx, "mage-wars")
    assert reply.title == "Mage Wars — термины"
    assert not [a for a in reply.actions if isinstance(a, Button)]
    # in Russian the index is sorted by the Russian names: Броня, Владелец… (playtest 7, M9)
    assert [o.value for o in select_of(reply).options][:2] == ["mw-armor", "mw-controller"]


async def test_autocomplete_lists_near_spellings_but_no_strangers(ctx: Ctx) -> None:
    near = await h.term_autocomplete(ctx, "Controllership", {})
    assert [c.value for c in near] == ["mw-controller"]
    assert await h.term_autocomplete(ctx, "zzzzqqq", {}) == []
    assert len(await h.term_autocomplete(ctx, "", {})) == len(ENTRIES)  # empty input lists all


def test_inline_marks_repeat_the_way_the_search_folds() -> None:
    assert extract_inline_terms("[[Ёж]] [[еж]] [[ ЕЖ! ]] [[🙂]] [[🙂]]") == ["Ёж", "🙂"]
