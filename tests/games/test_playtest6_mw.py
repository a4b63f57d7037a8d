"""Playtest 6 (issue 17): the Mage Wars slips M1, M2, M4–M8 and the general slips G1–G3, each
asserted where the reply is made, in Russian and, where the wording changed, in English."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.games.mage_wars.followups import comma_split
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit


async def _start(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:36")


async def test_m1_corrode_beyond_armor_in_words(console: Console) -> None:
    # seed 000:49 «за каждый жетон сверх Armor он получает 1 прямое повреждение … вместо жетона»
    seed_line("000", 49, "1 прямое повреждение ядом вместо жетона")
    seed_line("000", 79, "Direct Damage (Прямое повреждение)")
    await _start(console)
    await console.execute("/unit add Волк-страж life:8 armor:1")
    out = await console.execute("/token add Волк-страж token:коррозия count:2")
    assert (
        "🧪 Волк-страж: коррозия уже снизила броню до 0, поэтому вместо 1 лишнего жетона "
        "коррозии — 1 прямое повреждение." in out
    )
    assert "(1)" not in out and "лишние жетоны" not in out and "прямой урон" not in out
    out = await console.execute("/token add Волк-страж token:коррозия count:5")
    assert "вместо 5 лишних жетонов коррозии — 5 прямых повреждений" in out
    await console.execute("/unit add Тролль life:10")
    out = await console.execute("/token add Тролль token:коррозия count:2")
    assert "🧪 Тролль: брони нет, поэтому вместо 2 лишних жетонов коррозии — 2 прямых" in out


async def test_m1_in_english(services: Services) -> None:
    en = Console(services, user="alice", channel="table", lang="en")
    await en.execute("/game start game:mage-wars player1:bob life:36")
    await en.execute("/unit add Wolf life:8 armor:1")
    out = await en.execute("/token add Wolf token:corrode count:3")
    assert "Corrode has already brought the armor down to 0, so the 2 extra Corrode markers" in out


def test_m2_spaces_split_into_known_names() -> None:
    known = ["alice", "bob", "Волк-страж", "Тролль", "Огненный имп"]
    assert comma_split("Тролль Волк-страж", known) == ["Тролль", "Волк-страж"]
    assert comma_split("огненный имп тролль", known) == ["Огненный имп", "Тролль"]
    assert comma_split("Волк страж", known) is None  # one name
    assert comma_split("Тролль Гоблин", known) is None


async def test_m2_targets_typed_without_a_comma(console: Console) -> None:
    await _start(console)
    await console.execute("/unit add Тролль life:10")
    await console.execute("/unit add Волк-страж life:8")
    for command in ("/mw zone", "/mw sweep"):
        out = await console.execute(f"{command} dice:4 targets:Тролль Волк-страж")
        assert "Цели перечисляйте через запятую: цели:Тролль, Волк-страж." in out
        assert "targets:" not in out
    out = await console.execute("/mw zone dice:4 targets:Тролль Гоблин")
    assert "Нет существа или игрока «Тролль Гоблин»" in out
    assert "Несколько целей перечисляйте через запятую" in out
    out = await console.execute("/mw sweep dice:4 targets:Тролль")
    assert "через запятую" in out


async def test_m7_a_creature_cannot_attack_itself(console: Console, services: Services) -> None:
    await _start(console)
    await console.execute("/unit add Голем life:12")
    out = await console.execute("/mw attack dice:3 target:Голем attacker:Голем melee:true")
    assert "Существо «Голем» не может атаковать само себя" in out
    assert unit(await state_of(services), "Голем").value("damage") == 0
    out = await console.execute("/mw attack dice:3 target:bob attacker:bob")
    assert "Маг «bob» не может атаковать сам себя" in out
    en = Console(services, user="alice", channel="table", lang="en")
    out = await en.execute("/mw attack dice:3 target:Голем attacker:Голем")
    assert "Голем cannot attack itself" in out


async def test_m4_no_stat_lists_what_the_creature_has(console: Console) -> None:
    await _start(console)
    await console.execute("/unit add Медведь life:8 traits:Ответный удар")
    out = await console.execute("/add target:Медведь stat:сила amount:2")
    assert "Есть: жизнь, повреждения, броня, защита, Ответный удар (быстрая атака)." in out
    assert "Защитное поле" not in out and out.count("Ответный удар") == 1
    await console.execute("/unit add Бес life:6 traits:Защитное поле 2 горение 7+")
    out = await console.execute("/add target:Бес stat:сила amount:2")
    assert "Защитное поле" in out and "fx" not in out and "Ответный удар" not in out


async def test_m5_a_trait_after_the_barrier_is_read_as_a_trait(console: Console) -> None:
    # seed 000:61 Damage Barrier, 000:6 Aegis: a plain comma list, as /help says
    seed_line("000", 61, "Damage Barrier (Защитное поле)")
    await _start(console)
    out = await console.execute("/unit add Имп life:6 traits:Защитное поле 2, Эгида 1, Бесплотный")
    assert "Новое существо: Имп (alice) · ❤ 6 · защитное поле 2 · эгида 1 · бесплотный" in out
    out = await console.execute(
        "/unit add Имп2 life:6 traits:Защитное поле 2, Огнеупорный, Эгида 1"
    )
    assert "строку эффекта" not in out and "«Огнеупорный»" in out
    # a part with a span is still a row of the trait before it
    out = await console.execute("/unit add Имп3 life:6 traits:Защитное поле 2, 2 горение 10+")
    assert "защитное поле 2 (2 горение 10+)" in out
    out = await console.execute("/unit add Имп4 life:6 traits:Защитное поле 2, 2 слизь 10+")
    assert "строку эффекта черты «Защитное поле» не понять" in out


async def test_m6_effect_rows_echo_in_words(console: Console, services: Services) -> None:
    await _start(console)
    out = await console.execute("/unit add Имп life:6 traits:Защитное поле 2 горение 7+, Эгида 1")
    assert "· защитное поле 2 (горение 7+) · эгида 1" in out
    assert "fx" not in out and "burn" not in out
    out = await console.execute("/unit add Ёж life:6 traits:Ответный удар 3 оцепенение 8+")
    assert "ответный удар 3 (оцепенение 8+)" in out
    assert "(горение 7+)" in await console.execute("/game show")  # the board says it alike
    en = Console(services, user="alice", channel="table", lang="en")
    out = await en.execute("/unit add Imp life:6 traits:Damage Barrier 2 Burn 7-9, 2 Burn 10+")
    assert "Damage Barrier 2 (Burn 7–9; 2 Burn 10+)" in out and "fx" not in out


async def test_g2_an_empty_list_is_said_in_words(console: Console, services: Services) -> None:
    out = await console.execute("/game start game:berserk player1:bob life:30")
    assert "у этой игры таких параметров нет" in out and "—" not in out
    out = await console.execute("/game start game:mage-wars player1:bob life:30 bloodied:4")
    assert "Подходят: жизнь, прирост_маны." in out and "channeling" not in out
    await console.execute("/game start game:whfb player1:bob")
    out = await console.execute("/token add target:alice token:кубик силы")
    assert "Такого жетона нет: «кубик силы». В этой игре жетонов нет." in out
    en = Console(services, user="alice", channel="table", lang="en")
    out = await en.execute("/token add target:alice token:power die")
    assert "This game has no tokens." in out


async def test_m8_end_of_round_names_only_the_tokens_held(console: Console) -> None:
    # seed 000:68 Daze and 000:273 Stun come off at the end of the creature's action phase
    seed_line("000", 68, "Daze")
    await _start(console)
    await console.execute("/unit add Медведь life:8")
    await console.execute("/token add Медведь token:оглушение")
    await console.execute("/unit add Рыцарь life:8")
    await console.execute("/token add Рыцарь token:оцепенение count:2")
    await console.execute("/token add Рыцарь token:оглушение")
    out = await console.execute("/game next")
    assert "Конец раунда: Медведь — снят 1 жетон оглушения (фаза действий закончилась)." in out
    assert "Рыцарь — сняты 2 жетона оцепенения и 1 жетон оглушения" in out
    assert "оцепенения и оглушения сняты" not in out and "оглушение: 1 → 0" not in out
    state = await state_of(console.services)
    assert unit(state, "Медведь").value("stun") == 0


async def test_g1_one_button_is_not_a_range(console: Console, services: Services) -> None:
    await _start(console)
    shown = await console.execute("/game end")
    assert shown.count("  [") == 1
    out = await console.execute("!press 2")
    assert "В этом ответе только одна кнопка — [1]." in out and "от 1 до 1" not in out
    en = Console(services, user="alice", channel="table", lang="en")
    await en.execute("/game end")
    assert "This reply has only one button: [1]." in await en.execute("!press 12")


async def test_g3_help_offers_the_near_command(console: Console, services: Services) -> None:
    out = await console.execute("/help command:атака")
    assert "Команды «атака» нет. Может быть, /мв атака?" in out
    assert "/кф бой" in await console.execute("/help command:бой")
    assert "Может быть" not in await console.execute("/help command:zzz")
    out = await console.execute("/атака dice:3")
    assert "Нет такой команды: /атака. Может быть, /мв атака?" in out
    en = Console(services, user="alice", channel="table", lang="en")
    assert "Did you mean /mw attack?" in await en.execute("/help command:attack")
