"""Playtest 7 (issue 17), second pass on the Berserk and WFB slips: B1, B2, B3, B5, B6, W1, W3,
W5 — each test pins the reworded reply or the reordered list."""

from __future__ import annotations

from bot.console import Console
from bot.handlers.glossary_browse import index_order
from glossary.loader import load_entries
from tests.games.seeds import seed_line

# ── B6: a retold entry stands in the index under its own letter ─────────────────────────────────


def test_the_berserk_index_keeps_the_retold_strike_under_its_letter() -> None:
    titles = [e.title for e in index_order([e for e in load_entries() if e.game == "berserk"])]
    assert titles[0] == "Авангард"
    # the seed index (001) runs А…О: «Простой удар» closes the list, after «Один (Х) раз за бой»
    at = titles.index("Простой удар")
    assert titles[at - 1].casefold() < "простой удар"
    assert all(title.casefold() > "простой удар" for title in titles[at + 1 :])


async def test_the_berserk_index_page_one_starts_with_avangard(console: Console) -> None:
    out = await console.execute("/glossary game:berserk")
    assert "`  1.` Авангард" in out and "` Простой удар" not in out


# ── W5: a new magic phase says what comes first ─────────────────────────────────────────────────


async def test_the_next_magic_phase_asks_for_the_winds(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Борис")
    out = await console.execute("/game next")
    assert "ход 1 · ходит Борис" in out and "Ходит Борис." not in out  # said once (G1)
    assert "Начало фазы магии: пулы силы и рассеивания пусты — Борис бросает Ветры Магии" in out
    assert "(/вфб ветры)" in out
    console.lang = "en"
    out = await console.execute("/game next")
    assert "Start of the magic phase: the power and dispel pools are empty" in out
    assert "(/whf winds)" in out


# ── B1, B2: chips and markers counted in the book's words ───────────────────────────────────────


async def test_berserk_chips_and_poison_are_counted_on_the_board(console: Console) -> None:
    # seed 001:289 «Наряду с фишками, маркеры используются для отслеживания некоторых состояний»
    seed_line("001", 289, "Наряду с фишками, маркеры используются для отслеживания")
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Циклоп life:10")
    await console.execute("/token add target:Циклоп token:фишка count:2")
    await console.execute("/token remove target:Циклоп token:фишка")
    await console.execute("/token add target:Циклоп token:отравление count:3")
    out = await console.execute("/game show")
    assert "Циклоп** ❤ ▰▰▰▰▰ 10/10 · фишки 1 · отравление 3" in out  # picked (en-7 BK-1)
    assert "жетоны" not in out and "×" not in out
    await console.execute("/token add target:Циклоп token:фишка count:4")
    assert "фишки 5" in await console.execute("/game show")
    console.lang = "en"
    out = await console.execute("/game show")
    assert "Counters 5 · Poison 3" in out  # en-8 BK-4; EN11 BZ-4: Poison named like Armor


# ── W3: one cast chance, its Irresistible Force share said to be part of it ─────────────────────


async def test_the_wfb_odds_give_one_cast_chance(console: Console) -> None:
    out = await console.execute("/odds whf dice:3 level:2 value:9")
    assert (
        "Шанс сотворить: **88,0\u00a0%** (из них **7,4\u00a0%** — неодолимой силой, "
        "которая влечёт магический сбой)"
    ) in out
    assert "сотворено без неодолимой силы │" in out and "80,6\u00a0%" in out
    assert "Неодолимая сила (и магический сбой)" not in out
    console.lang = "en"
    out = await console.execute("/odds whf dice:3 level:2 value:9")
    assert "Cast chance: **88.0%** (of which **7.4%** by Irresistible Force" in out
    assert "cast without Irresistible Force │" in out


# ── W1: the common synonyms of «Неодолимая сила» open it ────────────────────────────────────────


async def test_irresistible_force_opens_under_its_common_russian_names(console: Console) -> None:
    for query in ("неотразимая сила", "непреодолимая сила", "Что даёт неотразимая сила?"):
        out = await console.execute(f"/rule {query}")
        assert out.startswith("Неодолимая сила (Irresistible Force)"), query
        assert "Точного совпадения" not in out and "Дубль шестёрок" in out


# ── B3: a rolled strike gets no magic-attack hint; all wounds prevented is said ──────────────────


async def test_a_rolled_throw_into_armor_says_no_wound_was_dealt(console: Console) -> None:
    # seed 001:37: Броня Х prevents the first X wounds of non-magical attacks each turn
    seed_line("001", 37, "Броня Х")
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Огненный дракон life:10 traits:броня 2")
    out = await console.execute("/berserk strike values:1-1-2 kind:throw target:Огненный дракон")
    assert "🛡 Огненный дракон: ни одной раны не нанесено — Броня 2 предотвратила" in out
    assert "магическ" not in out.split("Записано в партию")[-1]
    out = await console.execute("/game next")
    out = await console.execute("/game next")
    out = await console.execute("/dmg Огненный дракон amount:3")
    assert (
        "🛡 Огненный дракон: Броня 2 предотвратила 2 раны (до конца хода Броня израсходована)."
        in out
    )
    # playtest 11 B2: one short clause
    assert "(Атака считается немагической; иначе — /берсерк раны источник:магическая атака.)" in out
    console.lang = "en"
    await console.execute("/game next")
    await console.execute("/game next")
    out = await console.execute("/dmg Огненный дракон amount:1")
    assert (
        "no wound dealt — Armor 2 prevented 1 wound; until the end of the turn it prevents" in out
    )
    assert (
        "(Counted as a non-magical attack; otherwise use /berserk wound source:magic attack.)"
        in out
    )
