"""Playtest 5 (issue 17), the Berserk and WFB slips: B4–B10 and W1, W2, W4–W7."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services, UserRef, stable_id
from bot.games.berserk.dice import BerserkStrike, parse_values
from bot.games.berserk.rules import WeakerChoice
from bot.games.berserk.ui.view import _choice_line
from bot.handlers.tracker_ops import load_state
from bot.i18n import t
from tests.games.seeds import seed_line

CHANNEL = stable_id("#table")


async def _pools(services: Services) -> dict[str, tuple[int, int]]:
    state = await load_state(services.storage, CHANNEL)
    assert state is not None
    return {p.name: (p.value("power"), p.value("dispel")) for p in state.participants}


# ── W1: the winds give the power to the player whose turn it is ────────────────────────────────


async def test_winds_give_power_to_whose_turn_it_is_whoever_types(
    console: Console, services: Services
) -> None:
    # seed 002:3 «Игрок, чей ход сейчас идёт, привлекает силу … второй игрок призывает силы
    # для того, чтобы противостоять чужим заклинаниям»
    seed_line("002", 3, "Игрок, чей ход сейчас идёт, привлекает силу")
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/set target:alice stat:wizards value:2")
    await console.execute("/set target:bob stat:wizards value:1")
    await console.execute("/game next")  # bob's turn now; alice types the winds
    out = await console.execute("/whf winds")
    [rec] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
    power, dispel = rec.result["power"], rec.result["dispel"]
    assert await _pools(services) == {"alice": (0, dispel), "bob": (power, 0)}
    assert f"пул силы **{power}** — bob, пул рассеивания **{dispel}** — alice" in out
    # the caster's wizards (bob's one) add power, the dispeller's (alice's two) dispel dice
    assert len(rec.result["wizard_rolls"]) == 1 and len(rec.result["enemy_rolls"]) == 2
    assert "Сотворяет bob — 1 маг:" in out and "Рассеивает alice — 2 мага:" in out
    assert rec.inputs == {"wizards": 1, "enemy_wizards": 2}  # caster's, dispeller's (EN-6 WF-1)
    # a cast spends the caster's pool, typed by bob or for him by alice; a dispel alice's
    console.user = "bob"
    out = await console.execute("/whf cast dice:1 level:1 value:3")
    assert f"bob: потрачен 1 кубик силы, в пуле осталось {power - 1}" in out
    console.user = "alice"
    out = await console.execute("/whf cast dice:1 level:1 value:3")
    assert f"bob: потрачен 1 кубик силы, в пуле осталось {power - 2}" in out
    out = await console.execute("/whf dispel dice:1 level:1 against:3")
    if "неодолимой силой" not in out:
        left = dispel - 1
        assert f"Рассеивает alice: потрачен 1 кубик рассеивания, в пуле осталось {left}" in out


async def test_winds_typed_by_the_dispeller_count_given_wizards_as_theirs(
    console: Console, services: Services
) -> None:
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/game next")
    await console.execute("/whf winds wizards:0 enemy_wizards:3")  # alice's 3 wizards dispel
    [rec] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
    assert rec.result["wizard_rolls"] == [] and len(rec.result["enemy_rolls"]) == 3


# ── W7: the total of both pools is said ───────────────────────────────────────────────────────


async def test_winds_end_with_the_total_of_both_pools(console: Console, services: Services) -> None:
    out = await console.execute("/whf winds wizards:2 enemy_wizards:1")
    rec = (await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1))[0]
    power, dispel = rec.result["power"], rec.result["dispel"]
    assert f"Итого: пул силы **{power}**, пул рассеивания **{dispel}**" in out
    a, b = rec.result["winds"]
    assert f"сила {a + b} (сумма кубиков)" in out and f"**{a + b}**" not in out.split("\n")[2]
    console.lang = "en"
    assert "Total: power pool **" in await console.execute("/whf winds")


# ── W2, W4: a wizard on the table is counted, its wounds said as a count ───────────────────────


async def test_a_wizard_added_counts_for_the_winds_and_one_lost_does_not(
    console: Console,
) -> None:
    # seed 002:49 «Маги, которые отступают или не находятся на поле боя … усиливать ветры
    # магии не могут»
    seed_line("002", 49, "не находятся на поле боя")
    await console.execute("/game start game:whfb player1:alice player2:bob")
    out = await console.execute("/unit add name:Архимаг Тени life:3")
    assert out.strip().endswith(
        "Новый маг: Архимаг Тени (alice) · раны 3 (по профилю)\nalice · маги: 0 → 1"
    )
    board = await console.execute("/game show")
    assert "маги 1" in board and "маги 0" in board  # bob has none
    out = await console.execute("/dmg target:Архимаг Тени amount:3")
    assert "alice · маги: 1 → 0" in out and "погибает" in out  # RU-19 W5
    out = await console.execute("/unit add name:Маг Огня life:1")
    assert "· раны 1 (по профилю)" in out
    log = await console.execute("/game log")
    assert "новый маг — Архимаг Тени; alice · маги 0 → 1" in log


# ── B10: joining does not pass the turn ───────────────────────────────────────────────────────


async def test_a_player_joining_mid_game_leaves_the_turn_number(console: Console) -> None:
    # EN-10 CQ-2: Berserk seats two, so the starter runs it without a seat (play:no)
    await console.execute("/game start game:berserk player1:bob play:no")
    await console.execute("/game next")
    out = await console.execute("/game next")
    assert "ход 3 · ходит bob" in out
    console.user = "vika"
    out = await console.execute("/game join")
    assert "ход 3 · ходит bob" in out and "ход 4" not in out
    assert "Берсерк ККИ · ход 3" in await console.execute("/game show")
    console.user = "alice"
    out = await console.execute("/game next")
    assert "ход 4 · ходит vika" in out
    out = await console.execute("/game next")
    assert "ход 5 · ходит bob" in out
    out = await console.execute("/game undo")
    assert "ход 4" in await console.execute("/game show")


# ── B4: a strike back whose values are not given is said so, never «ран: ?» ────────────────────


def test_the_defenders_weaker_choice_without_its_values_says_why_no_wounds() -> None:
    strike = BerserkStrike(parse_values("2-3-4"), mode="fight")
    choice = WeakerChoice("defender", "miss", "weak")
    line = _choice_line(lambda k, **p: t(k, "ru", **p), strike, choice)
    # playtest 19, B3: why no wounds is said once, on the reply's own line, not in the choice
    assert "?" not in line and "сила_цели" not in line
    assert "тогда атакующий ран не наносит" in line
    en = _choice_line(lambda k, **p: t(k, "en", **p), strike, choice)
    assert "?" not in en and "defender_values" not in en
    assert t("dice.berserk.defender_no_values", "ru") == (
        "Раны ответа не посчитаны: укажите сила_цели:X-Y-Z."
    )
    given = BerserkStrike(parse_values("2-3-4"), mode="fight", defender_values=parse_values("1"))
    assert "1 рана" in _choice_line(lambda k, **p: t(k, "ru", **p), given, choice)


# ── B5: a magic strike or a discharge says who rolls, not «закрытый режим» ────────────────────


async def test_a_magic_strike_at_an_open_card_is_not_called_closed_mode(console: Console) -> None:
    # seed 001:277 «Сражается только карта, объявившая магический удар»
    seed_line("001", 277, "Сражается только карта, объявившая магический удар")
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add name:Ледяной тролль life:6 owner:bob")
    out = await console.execute("/berserk strike 2-2-3 kind:magic target:Ледяной тролль")
    assert "(карта открыта)" in out and "закрыт" not in out
    assert "Магический удар: бросает только атакующий, цель не отвечает" in out
    out = await console.execute("/berserk strike 2-2-3 kind:discharge defender_values:1-1-1")
    assert "Разряд: бросает только атакующий, цель не отвечает" in out
    # playtest 19, B7: «no return strike» is the mode line's; this one says what is unused
    assert "Сила атакованной карты и её модификаторы не учитываются." in out
    assert "закрыт" not in out


# ── B6, B7: the book's «Благословление»; `вид` is the type of attack ───────────────────────────


async def test_blessing_is_the_books_word_and_kind_is_the_type_of_attack(
    console: Console,
) -> None:
    # seed 001:27 «Благословление. Именной модификатор броска кубика»
    seed_line("001", 27, "Благословление. Именной модификатор")
    # seed 001:63 «Вид атаки (удара)» is weak/medium/strong; 001:99 «Тип дальней … атаки»
    seed_line("001", 63, "слабая, средняя или сильная")
    seed_line("001", 99, "Тип дальней немагической атаки")
    out = await console.execute(
        "/berserk strike 1-2-3 mode:fight defender_values:2-3-4 blessing:true"
    )
    assert "Модификатор броска: благословление +1" in out and "благословение" not in out
    out = await console.execute("/берсерк удар сила:1-2-3 благословление:да тип:выстрел")
    assert "благословление +1" in out and "Выстрел: бросает только стреляющий" in out
    help_ = await console.execute("/help command:berserk strike")
    assert "Способ атаки, не её вид: вид (слабый, средний, сильный удар) решит кубик" in help_
    assert "Благословление (+1, не суммируется)" in help_ and "Вид атаки" not in help_
    out = await console.execute("/berserk strike 1-2-3 kind:стрела")
    assert out.startswith("✖")


# ── B8, B9: a mark typed as a token, «да» typed for a mark ─────────────────────────────────────


async def test_closed_typed_as_a_token_or_as_yes_says_how_to_set_it(console: Console) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add name:Циклоп life:6")
    out = await console.execute("/жетон добавить цель:Циклоп жетон:закрыт")
    assert "«закрыт» — не жетон, а состояние карты" in out
    assert "/задать цель:Циклоп показатель:закрыт значение:1 (снять отметку — значение:0)" in out
    out = await console.execute("/token add target:Циклоп token:жизнь")
    assert "«жизнь» — не жетон, а показатель" in out
    out = await console.execute("/token add target:Циклоп token:чепуха")
    assert "Такого жетона нет: «чепуха»" in out
    out = await console.execute("/задать цель:Циклоп показатель:закрыт значение:да")
    assert "«да» — не число" in out and "1 — да, 0 — нет" in out
    out = await console.execute("/set target:Циклоп stat:закрыт value:1")
    assert not out.startswith("✖")


# ── W5, W6: a spell not cast is not the miscast; the Russian source line has no English ────────


async def test_not_cast_and_the_miscast_have_their_own_words(console: Console) -> None:
    # seed 002:79 «Если маг провалил попытку сотворить заклинание, он более не может
    # использовать магию в эту фазу»: a spell not cast only ends the wizard's magic
    seed_line("002", 79, "провалил попытку сотворить")
    out = await console.execute("/odds whf dice:3 level:2 value:9")
    assert "Не сотворено: **12,0\u00a0%**" in out and "Провал:" not in out
    assert "**7,4\u00a0%** — неодолимой силой, которая влечёт магический сбой" in out  # W2, W3
    console.lang = "en"
    out = await console.execute("/odds whf dice:3 level:2 value:9")
    assert "Not cast: **12.0" in out and "by Irresistible Force, which brings a miscast" in out


async def test_the_retold_rule_names_its_edition_in_russian(console: Console) -> None:
    out = await console.execute("/rule Неодолимая сила")
    assert "Warhammer Fantasy Battles (8-я редакция)" in out and "edition" not in out
    assert "магический сбой: сразу после" in out and "просто не сотворить" in out
    console.lang = "en"
    out = await console.execute("/rule Irresistible Force")
    assert "Warhammer Fantasy Battles (8th edition) rules" in out
