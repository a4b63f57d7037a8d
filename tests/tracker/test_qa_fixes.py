"""Findings of the console QA pass (QA.md items 5, 6, 8–11, 17, 18, 21–23), one test or more each.

Every refusal here is checked for its words and for leaving the game and its log untouched.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.console import Console
from bot.context import Ctx, Services, UserRef
from bot.handlers.tracker import game_end, game_log, outcome_reply
from bot.i18n import t
from bot.registry import Localized, UserError
from bot.reply import Button
from bot.tracker import service
from bot.tracker.describe import header
from bot.tracker.live import render_live, step_label
from bot.tracker.names import clean_name, md
from bot.tracker.templates import template
from tests.tracker.conftest import BOB, CHANNEL, MakeCtx, state_of, unchanged, unit


async def refused(
    services: Services, action: Callable[[], Awaitable[object]], key: str, lang: str = "ru"
) -> str:
    """Run `action`, expect UserError `key`; state and log unmoved. Returns the text shown."""
    err = await unchanged(services, action, key)
    params = {k: v.get(lang) if isinstance(v, Localized) else v for k, v in err.params.items()}
    return t(err.key, lang, **params)


# --- 5: a WHFB pool too small says so ----------------------------------------------------------


async def test_spending_more_dice_than_the_pool_holds_says_so(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "whfb", [BOB], {})
    text = await refused(
        services, lambda: service.spend_pool(alice, "power", 3), "tracker.error.short_power"
    )
    assert text == "Не хватает кубиков силы: в пуле игрока alice — 0, нужно 3. Ничего не изменено."
    await service.set_pools(alice, BOB, dispel=2)
    text = await refused(
        services,
        lambda: service.spend_pool(alice, "dispel", 3, BOB),
        "tracker.error.short_dispel",
        "en",
    )
    assert text == "Not enough dispel dice: bob has 2 in the pool, 3 needed. Nothing changed."
    out = await service.spend_pool(alice, "dispel", 2, BOB)
    assert [(c.key, c.before, c.after) for c in out.changes] == [("dispel", 2, 0)]


# --- 6: removing tokens that are not there ----------------------------------------------------


async def test_removing_absent_tokens_is_a_clear_refusal(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.add_unit(alice, "Волк", None, {"life": 8})
    text = await refused(
        services, lambda: service.token(alice, "Волк", "burn", -2), "tracker.error.no_such_tokens"
    )
    assert text == "На «Волк» нет жетонов «горение». Ничего не изменено."
    out = await console.execute("/token remove target:Волк token:burn count:2")
    assert out.startswith("✖") and "нет жетонов «горение»" in out and "вне пределов" not in out


async def test_removing_more_tokens_than_there_are_takes_them_all(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.add_unit(alice, "Волк", None, {"life": 8})
    await service.token(alice, "Волк", "горение", 1)
    out = await service.token(alice, "Волк", "burn", -3)
    assert [(c.key, c.before, c.after) for c in out.changes] == [("burn", 1, 0)]
    await service.undo(alice)
    assert unit(await state_of(services), "Волк").value("burn") == 1


# --- 8: leaving ------------------------------------------------------------------------------


async def test_the_last_opponent_leaving_concedes_the_game(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    out = await service.leave(make_ctx("bob"))
    assert [n.key for n in out.notes] == ["tracker.note.left", "tracker.note.winner"]
    assert out.notes[1].params == {"name": "alice"}
    assert out.state.status == "ended" and out.state.winner is not None
    assert out.state.winner.name == "alice"
    assert await service.load_state(services.storage, CHANNEL) is None  # no active game left
    # A mistaken leave is taken back like a mistaken killing blow: the game is on again.
    after, _ = await service.undo(alice)
    assert after.game.active and [p.name for p in after.participants] == ["alice", "bob"]


async def test_a_leave_in_a_keyforge_game_names_the_winner_too(
    services: Services, make_ctx: MakeCtx
) -> None:
    await service.start(make_ctx("alice"), "keyforge", [BOB], {})
    out = await service.leave(make_ctx("alice"))
    assert out.state.status == "ended"
    assert out.state.winner is not None and out.state.winner.name == "bob"


async def test_a_three_player_game_goes_on_when_one_leaves(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB, UserRef.from_name("carol")], {"life": 20})
    out = await service.leave(make_ctx("carol"))
    assert out.state.game.active and [n.key for n in out.notes] == ["tracker.note.left"]
    # With bob's mage already down, alice is the last one standing when carol leaves.
    await service.undo(alice)
    await service.damage(alice, "bob", 20)
    out = await service.leave(make_ctx("carol"))
    assert out.state.status == "ended"
    assert out.state.winner is not None and out.state.winner.name == "alice"


async def test_when_everyone_leaves_the_game_ends(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "custom", [], {"life": 20})
    out = await service.leave(alice)
    assert [n.key for n in out.notes] == ["tracker.note.left", "tracker.note.abandoned"]
    assert out.state.status == "ended" and out.state.winner is None
    assert await service.load_state(services.storage, CHANNEL) is None
    reply = outcome_reply(alice, out)
    assert "В партии не осталось игроков: она окончена." in reply.body


async def test_a_game_nobody_plays_can_be_ended_by_anyone(
    services: Services, make_ctx: MakeCtx
) -> None:
    """A game left empty before leaving ended it (an older database) is not stuck."""
    alice = make_ctx("alice")
    await service.start(alice, "custom", [], {"life": 20})
    stranger = make_ctx("mallory")
    await refused(services, lambda: service.end(stranger), "tracker.error.not_player")
    await refused(services, lambda: game_end(stranger), "tracker.error.not_player")
    state = await state_of(services)
    me = state.participants[0]
    async with services.storage.tracker.change(
        state.game.id, at=0, user_id=me.user_id, user_name="alice", action="leave"
    ) as tx:
        await tx.set_field("participant", me.id, "present", 0)
    await refused(
        services, lambda: service.add(stranger, "alice", "life", 1), "tracker.error.not_player"
    )
    confirm = await game_end(stranger)
    assert confirm.actions and confirm.ephemeral
    out = await service.end(stranger)
    assert out.state.status == "ended"


# --- 9: wrong game / missing option name the game and the command as typed -------------------


async def test_wrong_game_messages_name_the_game_and_the_command(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "keyforge", [BOB], {})
    text = await refused(
        services,
        lambda: service.add_item(alice, "planets", "Tarrus", command="/planet"),
        "tracker.error.wrong_game",
    )
    assert text == "Команда /планета не подходит для партии KeyForge."
    for line, wanted in (
        ("/planet name:X", "Команда /планета не подходит для партии KeyForge."),
        ("/mana amount:3", "Команда /мана не подходит для партии KeyForge."),
    ):
        out = await console.execute(line)
        assert out.startswith("✖") and wanted in out, out
    await service.end(alice)
    await service.start(alice, "conquest", [BOB], {"hale": 7, "bloodied": 4})
    text = await refused(services, lambda: service.forge(alice), "tracker.error.wrong_game", "en")
    assert text == "/kf forge does not apply to a Warhammer 40,000: Conquest game."
    text = await refused(
        services, lambda: service.set_pools(alice, None, 3, 2), "tracker.error.wrong_game"
    )
    assert "для партии Warhammer 40,000: Conquest" in text and "conquest" not in text
    helper = service.wrong_game(make_ctx("alice", lang="en"), "/mw attack", "berserk")
    command = helper.params["command"]
    assert isinstance(command, Localized) and helper.params["game"] == "Berserk CCG"
    assert (command.get("en"), command.get("ru")) == ("/mw attack", "/мв атака")


async def test_a_missing_start_option_names_the_game(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    with pytest.raises(UserError) as err:
        await service.start(make_ctx("alice"), "mage-wars", [], {})
    assert err.value.params["game"] == "Mage Wars"
    assert await service.load_state(services.storage, CHANNEL) is None
    out = await console.execute("/game start game:conquest hale:7")
    assert "Для Warhammer 40,000: Conquest укажите параметр «окровавленный»" in out
    out = await console.execute("/game start game:mage-wars")  # the option as Discord shows it
    assert "Для Mage Wars укажите параметр «жизнь», например жизнь:36." in out
    console.lang = "en"
    out = await console.execute("/game start game:mage-wars")
    assert "Mage Wars needs the option “life”" in out
    with pytest.raises(UserError) as err:
        await service.start(make_ctx("alice"), "keyforge", [], {"life": 3})
    assert err.value.params["game"] == "KeyForge"
    assert await service.load_state(services.storage, CHANNEL) is None


# --- 10: names are cleaned, bounded and shown as typed ----------------------------------------


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
    assert reply.body == r"Новое существо: \*\*Жирный\*\* (владелец \_bob\_)."
    fat = unit(out.state, "**Жирный**")
    board = render_live(out.state, "ru", selected=f"u{fat.id}")
    assert r"Кнопки ±: **\*\*Жирный\*\*** (урон)" in board.body
    assert "****" not in board.body + "".join(f.value for f in board.fields)
    assert r"▸ **\*\*Жирный\*\*** ❤" in board.fields[1].value
    assert board.fields[1].name == r"\_bob\_"
    # The select is plain text on Discord: it shows the name as typed, unescaped.
    labels = [o.label.removeprefix("▶ ") for a in board.actions for o in getattr(a, "options", ())]
    assert "**Жирный**" in labels
    out = await service.damage(alice, "**Жирный**", 2)
    assert outcome_reply(alice, out).body == r"\*\*Жирный\*\* · урон: 0 → 2"
    log = await game_log(alice, n=5)
    assert r"новое существо — \*\*Жирный\*\*" in log.body
    assert r"\*\*Жирный\*\* · урон 0 → 2" in log.body
    err = await refused(
        services, lambda: service.damage(alice, "**Худой**", 1), "tracker.error.no_target"
    )
    assert r"«\*\*Худой\*\*»" in err and r"\*\*Жирный\*\*" in err
    assert header(out.state, "ru") == "Mage Wars · раунд 1 · ходит alice"


async def test_custom_stat_names_are_cleaned_and_bounded(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "custom", [BOB], {"life": 20})
    text = await refused(
        services, lambda: service.add(alice, "bob", "V" * 33, 1), "tracker.error.name_too_long"
    )
    assert "не более 32 символов" in text
    await refused(
        services, lambda: service.add(alice, "bob", "\x07\x08", 1), "tracker.error.bad_name"
    )
    out = await service.add(alice, "bob", "Яд\x07\nсильный", 2)
    assert out.changes[0].key == "Яд_сильный"
    assert outcome_reply(alice, out).body == "bob · Яд сильный: 0 → 2"


# --- 11: the ± buttons say what they move ------------------------------------------------------


async def test_step_buttons_name_the_stat_they_move(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "keyforge", [BOB], {})
    await service.add_unit(alice, "Krump", None, {"power": 6})
    state = await state_of(services)
    krump = unit(state, "Krump")
    player = [
        b.label
        for b in render_live(state, "ru").actions
        if isinstance(b, Button) and b.action == "live.step"
    ]
    assert player == ["−5 янтарь", "−1 янтарь", "+1 янтарь", "+5 янтарь"]
    on_unit = render_live(state, "en", selected=f"u{krump.id}").actions
    labels = [b.label for b in on_unit if isinstance(b, Button) and b.action == "live.step"]
    assert labels == ["−5 damage", "−1 damage", "+1 damage", "+5 damage"]
    assert step_label(1, "x" * 200) == "+1 " + "x" * 76 + "…"


# --- 17: KeyForge sheds a chain after a reduced draw ------------------------------------------


async def test_keyforge_sheds_one_chain_after_drawing_and_undo_puts_it_back(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "keyforge", [BOB], {})
    await service.set_value(alice, "alice", "цепи", 8)
    out = await service.next_round(alice)
    assert out.notes[0].params == {"name": "alice", "cards": 4, "chains": 8}
    assert out.notes[1].key == "tracker.note.chain_shed"
    assert out.notes[1].params == {"name": "alice", "chains": 7}
    assert [(c.holder, c.key, c.before, c.after) for c in out.changes] == [
        ("alice", "chains", 8, 7)
    ]
    assert out.state.participants[0].value("chains") == 7
    body = outcome_reply(alice, out).body
    assert "alice добирает до 4 карт (цепей: 8)" in body
    assert "⛓ alice сбрасывает одну цепь после добора. Цепей: 7." in body
    # bob has no chains: his turn sheds nothing.
    out = await service.next_round(make_ctx("bob"))
    assert out.changes == [] and out.notes[0].key == "tracker.note.hand"
    await service.undo(alice, 2)
    state = await state_of(services)
    assert state.participants[0].value("chains") == 8 and state.active_player is not None
    assert state.active_player.name == "alice"


# --- 18: key cost bounds -------------------------------------------------------------------


async def test_key_cost_is_at_least_one(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    with pytest.raises(UserError) as err:
        await service.start(make_ctx("alice"), "keyforge", [], {"keycost": 0})
    assert err.value.key == "error.out_of_range" and err.value.params["min"] == 1
    assert await service.load_state(services.storage, CHANNEL) is None
    out = await console.execute("/game start game:keyforge keycost:0")
    assert out.startswith("✖") and await service.load_state(services.storage, CHANNEL) is None
    await service.start(make_ctx("alice"), "keyforge", [BOB], {"keycost": 7})
    text = await refused(
        services,
        lambda: service.set_value(make_ctx("alice"), "bob", "keycost", 0),
        "tracker.error.bounds",
    )
    assert "вне пределов (1…50)" in text


# --- 21: Conquest wording, planets once --------------------------------------------------------


async def test_conquest_says_bloodied_as_the_rules_do(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    tpl = template("conquest")
    assert tpl.label("bloodied", "ru") == "окровавлен"
    assert tpl.label("bloodied_hp", "ru") == "здоровье окровавленной стороны"
    assert tpl.resolve_stat("ранен") == "bloodied"  # the old word still finds it
    await service.start(alice, "conquest", [BOB], {"hale": 6, "bloodied": 3})
    out = await service.damage(alice, "bob", 6)
    text = outcome_reply(alice, out).body
    assert "bob · окровавлен: нет → да" in text and "ранен" not in text
    board = "\n".join(f.value for f in render_live(out.state, "ru").fields)
    assert "окровавлен" in board and "ранен" not in board


async def test_a_planet_is_won_only_once(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "conquest", [BOB], {"hale": 6, "bloodied": 3})
    await service.add_item(alice, "planets", "Tarrus")
    for who, typed in ((alice, "Tarrus"), (make_ctx("bob"), "  tarrus ")):

        async def win(w: Ctx = who, n: str = typed) -> object:
            return await service.add_item(w, "planets", n)

        text = await refused(services, win, "tracker.error.planets_taken")
        assert text == "Планета «Tarrus» уже захвачена (владелец — alice). Ничего не изменено."
    await service.add_item(make_ctx("bob"), "planets", "Elouith")
    state = await state_of(services)
    assert [p.lists.get("planets") for p in state.participants] == [("Tarrus",), ("Elouith",)]


# --- 22: custom stats keep their case ---------------------------------------------------------


async def test_custom_stats_keep_their_case_and_match_any_case(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    await console.execute("/game start game:custom player1:bob")
    out = await console.execute("/add target:bob stat:VP amount:1")
    assert "bob · VP: 0 → 1" in out
    out = await console.execute("/add target:bob stat:vp amount:2")
    assert "bob · VP: 1 → 3" in out
    state = await state_of(services)
    bob = state.participants[1]
    assert [c.key for c in bob.counters] == ["VP"] and bob.value("vp") == 3
    board = render_live(state, "ru")
    assert "VP 3" in board.fields[1].value
    alice = make_ctx("alice")
    changed = await service.set_value(alice, "bob", "vP", 5)
    assert changed.changes[0].key == "VP" and changed.changes[0].after == 5


async def test_two_spellings_of_a_new_stat_in_a_row_make_one_counter(
    services: Services, make_ctx: MakeCtx
) -> None:
    """The second spelling is matched inside the step, even against a snapshot without it."""
    alice = make_ctx("alice")
    await service.start(alice, "custom", [BOB], {})
    stale = await state_of(services)
    await service.add(alice, "bob", "Очки", 1)
    state = await state_of(services)
    assert stale != state
    await service.add(alice, "bob", "ОЧКИ", 1)
    bob = (await state_of(services)).participants[1]
    assert [(c.key, c.value) for c in bob.counters] == [("Очки", 2)]


# --- 23: WHFB says «маги» as the rule text and the dice replies do ----------------------------


async def test_whfb_wizards_are_called_as_the_rules_call_them(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    tpl = template("whfb")
    assert tpl.label("wizards", "ru") == "маги"
    assert {tpl.resolve_stat(s) for s in ("волшебники", "маги", "wizards", "маг")} == {"wizards"}
    await service.start(alice, "whfb", [BOB], {})
    out = await service.set_value(alice, "alice", "волшебники", 2)
    assert outcome_reply(alice, out).body == "alice · маги: 0 → 2"
    assert "маги 2" in render_live(out.state, "ru").fields[0].value
