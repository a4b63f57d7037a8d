"""Berserk strike replies after playtest 2 (issue 17): each attack's kind in its own noun, the
struck card called «атакованная карта», and a target's wounds written or said why not."""

from __future__ import annotations

import random

from bot.console import Console
from bot.context import Services
from bot.games.berserk.dice import BerserkStrike, parse_values, roll_strike
from bot.games.berserk.ui.view import berserk_reply
from bot.i18n import catalogue, t
from tests.games.seeds import seed_line
from tests.helpers.tracker import CHANNEL, state_of, unit


def _tr(key: str, **params: object) -> str:
    return t(key, "ru", **params)


def test_a_shot_is_a_shot_not_a_strike() -> None:
    # seed 001:99 «Вид и сила выстрела на X-Y-Z определяется броском кубика»
    # seed 001:17 «указано одно число Х … атаку на X-X-X … игрок обязан бросать кубик»
    seed_line("001", 99, "Вид и сила выстрела")
    seed_line("001", 17, "обязан бросать кубик")
    strike = BerserkStrike(values=parse_values("3"), kind="shot", mode="closed")
    reply = berserk_reply(_tr, roll_strike(strike, random.Random(1)))
    assert reply.title == "Выстрел на 3 → 3 раны"  # en-10 BK-3: the kind stays in the body
    assert "слабый выстрел; при силе 3-3-3 любой вид даёт 3 раны" in reply.body
    assert "удар" not in reply.title + reply.body


def test_every_kind_of_attack_names_its_kinds() -> None:
    seed_line("001", 63, "слабая, средняя или сильная")
    for strike in ("shot", "throw", "discharge", "magic"):
        for kind in ("weak", "medium", "strong"):
            assert catalogue().lookup_exact(f"dice.kind_{strike}.{kind}", "ru")


def test_the_struck_card_is_the_attacked_card_not_a_defender() -> None:
    # seed 001:19 «Атакованная карта»; 001:311 «Назначить защитника» is another thing
    seed_line("001", 19, "Атакованная карта")
    seed_line("001", 311, "карта-защитник")
    strike = BerserkStrike(values=parse_values("1-2-3"), mode="fight")
    for seed in range(30):
        reply = berserk_reply(_tr, roll_strike(strike, random.Random(seed)))
        text = reply.title + reply.body
        assert "защитник" not in text and "Защищающийся" not in text
        assert "атакованная карта d6 = " in text
        if "Ответного удара нет." not in text:  # playtest 19, B3: said once, on its own line
            assert text.count("сила_цели") == 1
            assert "Раны ответа не посчитаны: укажите сила_цели:X-Y-Z." in text


async def test_a_target_alone_gets_its_wounds(console: Console, services: Services) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Гном life:20")
    out = await console.execute("/berserk strike values:3 kind:shot target:Гном")
    assert "Цель: **Гном** (карта открыта)." in out
    assert "Гном · раны: 0 → 3" in out
    assert unit(await state_of(services), "Гном").value("wounds") == 3
    console.user = "carol"  # not a player: rolled, not written, and said so
    out = await console.execute("/berserk strike values:3 kind:shot target:Гном")
    assert "Вы не играете в этой партии: раны не записаны." in out
    assert unit(await state_of(services), "Гном").value("wounds") == 3


async def test_a_fight_without_attacker_says_the_blow_back_is_not_written(
    console: Console, services: Services
) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Гном life:99")
    saw_back = False
    for _ in range(12):
        out = await console.execute("/berserk strike values:1-2-3 target:Гном defender_values:2")
        [roll] = await services.storage.rolls.recent(CHANNEL, 0, 1)
        back = roll.result["defender"]["wounds"]
        if back:
            saw_back = True
            assert "не записан. Укажите атакующую карту (параметр «атакующий»)" in out
        if roll.result["attacker"]["wounds"] == 0:
            assert "Ран нет — в партию ничего не записано." in out
    assert saw_back


async def test_a_strike_typed_as_unit_power_says_where_it_goes(console: Console) -> None:
    await console.execute("/game start game:berserk player1:bob")
    out = await console.execute("/unit add Гном life:4 power:1-2-3")
    # playtest 17 B4, playtest 18 B3: the card is added, and the strike said to go elsewhere
    assert out.startswith("✔") and "не число" not in out
    assert "Удар 1-2-3 на карте не хранится — указывайте его при каждом ударе" in out


async def test_the_former_defender_option_names_still_work(console: Console) -> None:
    out = await console.execute("/berserk strike values:1-2-3 сила_защитника:2-2-2")
    assert "(сила 2-2-2)" in out or "Ответного удара нет." in out


async def test_the_odds_name_the_kind_of_attack(console: Console) -> None:
    out = await console.execute("/odds berserk values:2-3-4 kind:shot")
    assert out.startswith("Шансы: выстрел на 2-3-4 — ран в среднем ")
    out = await console.execute("/odds berserk values:2-3-4")
    assert out.startswith("Шансы: простой удар на 2-3-4 в обоих режимах")


def test_a_fight_shows_both_dice_and_the_difference_before_the_outcome() -> None:
    # seed 001:19: in a fight both roll and the table of the difference decides; playtest 4
    # slip 8 read «d6 = 6 → слабый удар» as if the attacker's die alone gave a weak strike
    seed_line("001", 19, "Атакованная карта")
    strike = BerserkStrike(values=parse_values("2-3-4"), mode="fight")
    seen: set[str] = set()
    for seed in range(60):
        r = roll_strike(strike, random.Random(seed))
        body = berserk_reply(_tr, r).body.split("\n")
        rolls = next(i for i, line in enumerate(body) if line.startswith("Броски: атакующий d6 = "))
        assert "→ разница **" in body[rolls]
        if r.difference == 0:  # playtest 14, B1: at a tie the table's condition on the values
            assert body[rolls + 1].startswith("При разнице 0 решают значения бросков: у обоих ")
            rolls += 1
        assert body[rolls + 1].startswith("Атакующий")
        back = ("Ответ атакованной карты: ", "Ответного удара нет.")  # BK-1: a miss is none
        assert body[rolls + 2].startswith(back)
        assert "Атакующий: d6" not in "\n".join(body)
        seen.add(r.attacker_kind)
        if r.attacker_kind == "miss":
            assert body[rolls + 1] == "Атакующий промахивается: 0 ран"
    assert "miss" in seen and len(seen) >= 3
