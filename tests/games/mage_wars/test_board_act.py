"""Issue 16, section 3: the live board's «Конец фазы действий» ends the selected creature's action
phase by the same path as `/mw act target:`; only players may press it, and a forged or stale
payload is refused in words."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.registry import load_handlers, run_action
from bot.reply import Kind
from tests.games.seeds import seed_line
from tests.helpers.live import ctx_for
from tests.helpers.tracker import state_of, unit

BUTTON = "⟨Конец фазы действий⟩"


def _number(board: str, label: str) -> int:
    """The `!press` number the console printed beside `label`."""
    line = next(x for x in board.splitlines() if label in x)
    return int(line.strip().split("]")[0].lstrip("["))


async def test_board_button_ends_the_selected_creatures_action_phase(
    console: Console, services: Services
) -> None:
    # seed 000:273 «Все жетоны Stun удаляются в конце фазы действия существа»
    seed_line("000", 273, "удаляются в конце фазы действия существа")
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Голем life:9")
    await console.execute("/token add target:Голем token:оглушение")
    board = await console.execute("/game show")
    await console.execute(f"!press {_number(board, 'Голем — ')}")  # pick the golem
    board = await console.execute("/game show")
    assert "Кнопки ± меняют повреждения, выбрано: **Голем**" in board
    out = await console.execute(f"!press {_number(board, BUTTON)}")
    assert "снят 1 жетон оглушения" in out  # only what was there (playtest 5, M12)
    assert "маркер действия перевёрнут" in out and "нет → да" not in out
    golem = unit(await state_of(services), "Голем")
    assert (golem.value("stun"), golem.value("acted")) == (0, 1)
    board = await console.execute("/game show")
    out = await console.execute(f"!press {_number(board, BUTTON)}")  # a second press: refused
    assert "фаза действий в этом раунде уже закончена" in out
    await console.execute("/game undo")
    golem = unit(await state_of(services), "Голем")
    assert (golem.value("stun"), golem.value("acted")) == (1, 0)


async def test_board_button_rolls_stucks_escape(console: Console, services: Services) -> None:
    # seed 000:271 «В конце каждой фазы действий, застрявшее существо кидает кубик спасения – на
    # 7 и выше, уберите жетон Stuck»
    seed_line("000", 271, "застрявшее существо кидает кубик спасения", "7 и выше")
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Голем life:9")
    await console.execute("/token add target:Голем token:застрял count:3")
    board = await console.execute("/game show")
    await console.execute(f"!press {_number(board, 'Голем — ')}")
    board = await console.execute("/game show")
    out = await console.execute(f"!press {_number(board, BUTTON)}")
    assert "бросок на спасение" in out
    stuck = unit(await state_of(services), "Голем").value("stuck")
    assert stuck == (2 if "(нужно 7+) — жетон «застрявший» снят" in out else 3)


async def test_board_button_refuses_strangers_and_forged_payloads(
    console: Console, services: Services
) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Голем life:9")
    await console.execute("/token add target:Голем token:оглушение")
    state = await state_of(services)
    golem = unit(state, "Голем")
    gid = state.game.id
    load_handlers()
    stale = "Эта кнопка от другой или завершённой игры"
    for who, payload, said in (
        ("bob", f"{gid + 1}:u{golem.id}", stale),  # an older game's message
        ("bob", f"{gid}:p1", stale),  # a player, not a unit
        ("bob", f"{gid}:u", stale),
        ("bob", f"{gid}:u9x", stale),
        ("bob", "x", stale),
        ("bob", f"{gid}:u{golem.id + 99}", "Этого существа или мага больше нет в игре"),
        ("carol", f"{gid}:u{golem.id}", "Менять партию могут только её участники"),
    ):
        reply = await run_action(ctx_for(services, who), "mw.act", payload)
        assert reply.kind is Kind.ERROR and said in reply.body, (payload, reply.body)
        assert unit(await state_of(services), "Голем").value("stun") == 1, payload
    done = await run_action(ctx_for(services, "bob"), "mw.act", f"{gid}:u{golem.id}")
    assert "снят 1 жетон оглушения" in (done.body or "") + str(done.fields)
    assert unit(await state_of(services), "Голем").value("stun") == 0
