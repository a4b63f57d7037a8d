"""Playtest ru-19 / en-12, share a: start, permissions and token replies (issue 17).

Each test pins the reworded reply, so the slip a reader found stays fixed."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.i18n import t
from tests.games.seeds import seed_line

# ── G1 / MW-1: the start reply gives the join hint once, only to the unseated ───────────────────


async def test_g1_join_hint_once_for_the_unseated_starter(console: Console) -> None:
    console.user = "Аня"
    out = await console.execute("/игра начать игра:mage-wars игрок1:Борис игрок2:Вика жизнь:36")
    assert out.count("/игра войти") == 1
    assert "Если играете и вы — /игра войти." in out
    assert "Доска партии: /игра показать." in out
    assert "Войти в игру" not in out


async def test_g1_seated_starter_gets_no_join_hint(console: Console) -> None:
    console.user = "Борис"
    out = await console.execute("/игра начать игра:mage-wars игрок2:Вика жизнь:36")
    assert "/игра войти" not in out
    assert "Доска партии: /игра показать." in out


async def test_mw_1_english_join_hint_once(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/game start game:mage-wars player1:Bob player2:Vicky life:36")
    assert out.count("/game join") == 1
    assert "To join" not in out


# ── G3 / G5: after the end the game is «окончена»; `/game end` with none has its own words ────────


async def test_g3_join_after_the_end_says_the_game_is_over(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис игрок2:Вика жизнь:36")
    await console.execute("/игра закончить")
    await console.execute("!press 1")
    out = await console.execute("/игра войти")
    assert "Партия в этом канале окончена. Новую — /игра начать." in out
    assert "нет партии" not in out
    console.lang = "en"
    out = await console.execute("/game join")
    assert "The game in this channel is over. A new one: /game start." in out


async def test_g5_end_with_no_game(console: Console) -> None:
    out = await console.execute("/игра закончить")
    assert "Заканчивать нечего: в этом канале нет партии." in out
    console.lang = "en"
    out = await console.execute("/game end")
    assert "Nothing to end: there is no game in this channel." in out


# ── G2 / G9 / CQ-3: one rule — the starter changes the game like a player, strangers not at all ──


async def test_g2_the_unseated_starter_records_damage(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис игрок2:Вика жизнь:36")
    out = await console.execute("/урон цель:Борис урон:4")
    assert "✖" not in out and "Борис · повреждения: 0 → 4" in out
    out = await console.execute("/игра дальше")
    assert "✖" not in out


@pytest.mark.parametrize("command", ["/урон цель:Борис урон:1", "/игра дальше", "/игра закончить"])
async def test_g2_a_stranger_is_refused_every_change(console: Console, command: str) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис игрок2:Вика жизнь:36")
    await console.execute("/урон цель:Борис урон:2")
    console.user = "Гоша"
    out = await console.execute(command)
    assert (
        "Менять партию могут только её участники, тот, кто её начал, и модераторы канала. "
        "Чтобы играть, войдите в партию: /игра войти." in out
    )
    console.user = "Аня"
    assert "34/36" in await console.execute("/игра показать")  # a refusal changes nothing


async def test_g9_a_full_table_names_who_may_record(console: Console) -> None:
    console.user = "Аня"
    out = await console.execute("/игра начать игра:keyforge игрок1:Борис игрок2:Вика")
    assert "/игра войти" not in out
    assert "Партию начали вы, так что можете вести её наравне с ними." in out
    console.user = "Гена"
    for command in ("/игра закончить", "/игра дальше", "/кф выковать"):
        out = await console.execute(command)
        assert "/игра войти" not in out
        assert "Менять партию могут только её участники (Борис, Вика)" in out
        assert "Мест за столом больше нет." in out


async def test_cq_3_the_host_records_in_conquest(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    out = await console.execute(
        "/game start game:conquest player1:Kurt player2:Lena hale:7 bloodied:4 resources:7"
    )
    assert "/game join" not in out
    out = await console.execute("/dmg target:Kurt amount:1")
    assert "✖" not in out
    console.user = "Max"
    out = await console.execute("/dmg target:Kurt amount:1")
    assert "Only this game's players (Kurt, Lena), its host and channel moderators" in out


# ── M1: the Burn refusal for a tracked creature, said plainly ───────────────────────────────────


async def test_m1_burn_with_a_target_said_plainly(console: Console) -> None:
    assert seed_line("000", 25, "Каждую фазу Содержание")  # seed 000:25
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Лесной медведь владелец:Аня жизнь:10")
    await console.execute("/жетон добавить цель:Лесной медведь жетон:горение")
    out = await console.execute("/мв горение цель:Лесной медведь")
    assert (
        "«Лесной медведь»: кубики горения бот бросит сам в фазе содержания (/игра дальше), "
        "поэтому сейчас ничего не брошено. Если карта даёт дополнительный бросок, добавьте "
        "лишний_бросок:да. Бросить кубики без записи в партию — /мв горение жетоны:N." in out
    )
    assert "так что ничего не брошено" not in out and "бросится само" not in out  # (pt20 M1)


# ── GEN-1: a yes/no option is asked as yes or no, as /help says ─────────────────────────────────


async def test_gen_1_yes_or_no(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/roll expr:d6 private:maybe")
    assert "Option “private”: expected yes or no, got “maybe”." in out
    console.lang = "ru"
    out = await console.execute("/бросок выражение:d6 лично:может")
    assert "нужно «да» или «нет», а не «может»." in out
    assert "true" not in out


# ── G7: one stop word is singular ───────────────────────────────────────────────────────────────


async def test_g7_one_stop_word_is_singular(console: Console) -> None:
    out = await console.execute("/поиск текст:а")
    assert "«а» — служебное слово, оно есть в любом тексте." in out
    out = await console.execute("/поиск текст:и в")
    assert "«и в» — только служебные слова, они есть в любом тексте." in out


# ── G8: an unknown game lists the games by name, in the reply's language ────────────────────────


async def test_g8_unknown_game_lists_names(console: Console) -> None:
    for command in ("/правило эгида игра:шахматы", "/глоссарий игра:шахматы"):
        out = await console.execute(command)
        assert "Доступны: Mage Wars, Берсерк ККИ, Warhammer Fantasy (фаза магии)" in out
        assert "mage-wars" not in out and "whfb" not in out
    console.lang = "en"
    out = await console.execute("/glossary game:chess")
    assert "Choose from: Mage Wars, Berserk CCG" in out


# ── G6: the console's `help` opens on the overview, even with a game running ────────────────────


async def test_g6_console_help_opens_on_the_overview(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    out = await console.execute("help")
    assert "Страница 1 из 4" in out
    assert "`help` — эта справка" in out


# ── MW-2 / MW-3: a recorded 0 is «no defense»; a failed defense is «not avoided» ────────────────


async def test_mw_2_mw_3_defense_words(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    await console.execute("/unit add name:Goblin Grunt owner:Bob life:5")
    out = await console.execute("/mw attack dice:3 armor:1 defense:12 target:Goblin Grunt")
    assert "Target's defense: 12+ (given in the command; the tracker records no defense)" in out
    assert "the tracker has 0" not in out and "— failed" not in out
    console.lang = "ru"
    out = await console.execute("/мв атака кубики:3 броня:1 защита:12 цель:Goblin Grunt")
    assert "(из команды; в партии защиты нет)" in out
    failed = {"calc": "7 − 6 = 1", "defense": 7}
    assert t("dice.mw.defense_failed", "en", **failed).endswith("< 7 — not avoided")
    assert t("dice.mw.defense_failed", "ru", **failed).endswith("< 7 — цель не избегает атаки")


# ── M2: /mana for a creature says it is a creature, not «not in the game» ───────────────────────


async def test_m2_mana_of_a_creature(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис игрок2:Вика жизнь:36")
    await console.execute("/существо добавить имя:Серый волк владелец:Борис жизнь:5")
    before = await console.execute("/игра показать")
    out = await console.execute("/мана сколько:-2 игрок:Серый волк")
    assert "Существо «Серый волк» — не игрок, а мана есть только у магов: Борис, Вика." in out
    assert "не участвует в партии" not in out
    assert await console.execute("/игра показать") == before  # a refusal changes nothing
    console.lang = "en"
    out = await console.execute("/mana amount:-2 player:Серый волк")
    assert "Серый волк is a creature, not a player; only the mages have mana: Борис, Вика." in out


# ── G4 / B4 / KF-1: «no such tokens» as the board line — no case after «на», no doubled noun ─────


async def test_g4_b4_kf_1_no_tokens_as_the_board_line(console: Console) -> None:
    assert seed_line("001", 289, "Наряду с фишками, маркеры")  # seed 001:289
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис игрок2:Вика")
    await console.execute("/существо добавить имя:Циклоп владелец:Борис жизнь:5")
    out = await console.execute("/жетон снять-все цель:Циклоп")
    assert "Циклоп · ни фишек, ни маркеров — снимать нечего." in out
    assert "На «Циклоп»" not in out
    await console.execute("/игра закончить")
    await console.execute("!press 1")
    console.lang = "en"
    await console.execute("/game start game:keyforge player1:Bob player2:Vicky")
    await console.execute("/unit add name:Troll owner:Bob power:8")
    out = await console.execute("/token remove target:Troll token:power")
    assert "Troll · power tokens: 0 — nothing to remove." in out
    assert "tokens tokens" not in out
    console.lang = "ru"
    out = await console.execute("/жетон убрать цель:Troll жетон:сила")
    assert "Troll · жетоны силы: 0 — снимать нечего." in out


# ── KF-3 / KF-4: no «more» before any damage; the forging note in one person ─────────────────────


async def test_kf_3_power_with_no_damage(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:keyforge player1:Bob player2:Anna")
    await console.execute("/unit add name:Krump owner:Bob power:6")
    out = await console.execute("/token add target:Krump token:power count:2")
    assert "Krump · power tokens: 0 → 2 (power 8: 8 damage destroys it)" in out
    out = await console.execute("/dmg target:Krump amount:3")
    assert "(5 more destroys it)" in out
    console.lang = "ru"
    out = await console.execute("/жетон добавить цель:Krump жетон:сила")
    assert "(до уничтожения ещё 6)" in out


async def test_kf_4_forging_note_in_one_person() -> None:
    text = t("tracker.note.kf_forged_at_start", "en", name="Anna", cost=6, keys=1)
    assert "(a player must forge when able)" in text and "you" not in text


# ── MW-7: the Guard marker has one name; «guarding» is still understood ─────────────────────────


async def test_mw_7_guard_has_one_name(console: Console) -> None:
    assert seed_line("000", 146, "теряет свой жетон Guard")  # seed 000:146
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    await console.execute("/unit add name:Knight owner:Bob life:9")
    out = await console.execute("/token add target:Knight token:guarding")
    assert "Knight · Guard: 0 → 1" in out and "Guarding" not in out
    out = await console.execute("/mw attack dice:2 target:Knight melee:yes")
    assert "Knight · Guard: 1 → 0" in out and "Guard marker" in out


# ── MW-5: the usage line is syntax only; whose an option is stays in its description ──────────


async def test_mw_5_usage_line_without_game_label(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/help command:unit add")
    assert "[regenerate] [power] [traits]`" in out and "(KeyForge) [" not in out
    assert "Power (KeyForge)" in out


async def test_en13_wf1_a_hosts_winds_are_recorded(services: Services) -> None:
    """English walk 13, WF-1: the game's host who does not play may change the game (ru-19 G2),
    so the Winds of Magic they roll fill the pools of the player whose turn it is."""
    console = Console(services, user="Anna", channel="wf13", lang="en")
    await console.execute("/game start game:whfb player1:Bob player2:Vicky")
    await console.execute("/unit add name:Archmage owner:Bob life:3 traits:wizard")
    out = await console.execute("/whf winds wizards:1 enemy_wizards:1")
    assert "Recorded: Bob's power pool" in out and "Vicky's dispel pool" in out
    board = await console.execute("/game show")
    assert "power dice 0" not in board.split("▸ Vicky")[0]


async def test_pt20_k1_only_the_ending_players_cards_are_readied(services: Services) -> None:
    """Playtest 20, K1: the «ready cards» step readies the cards of the player whose turn ends;
    the opponent's exhausted creature stays so until the end of its owner's turn."""
    console = Console(services, user="Вика", channel="kf20", lang="ru")
    await console.execute("/игра начать игра:keyforge игрок1:Вика игрок2:Борис")
    for name, owner, power in (("Трогг", "Борис", 9), ("Мышь", "Борис", 1)):
        await console.execute(f"/существо добавить имя:{name} владелец:{owner} сила:{power}")
    for name, power in (("Крыса", 8), ("Ёж", 1)):
        await console.execute(f"/существо добавить имя:{name} владелец:Вика сила:{power}")
    await console.execute("/кф бой атакующий:Крыса цель:Мышь")
    assert "Вика подготавливает свои карты: Крыса." in await console.execute("/игра дальше")
    await console.execute("!user Борис")
    await console.execute("/кф бой атакующий:Трогг цель:Ёж")
    await console.execute("/задать цель:Крыса показатель:карта истощена значение:1")
    out = await console.execute("/игра дальше")
    assert "Борис подготавливает свои карты: Трогг." in out
    board = await console.execute("/игра показать")
    assert "• Крыса · сила 8 · урон 1 (до уничтожения ещё 7) · карта истощена" in board


async def test_pt20_w1_a_failed_cast_of_the_last_phase_is_forgotten(services: Services) -> None:
    """Playtest 20, W1: a spell that failed in an earlier magic phase does not block a dispel
    in this one (seed 002:17: a dispel answers the spell just cast)."""
    seed_line("002", 17, "пытается разрушить сотворённое заклинание")
    console = Console(services, user="Борис", channel="wf20", lang="ru")
    await console.execute("/игра начать игра:whfb игрок1:Борис игрок2:Вика")
    await console.execute("/существо добавить имя:Маг владелец:Борис жизнь:3 черты:маг")
    await console.execute("/существо добавить имя:Колдунья владелец:Вика жизнь:3 черты:маг")
    await console.execute("/вфб ветры")
    await console.execute("/вфб сотворение кубики:1 уровень:1 сложность:12 маг:Маг заклинание:Буря")
    await console.execute("/игра дальше")
    await console.execute("!user Вика")
    await console.execute("/вфб ветры")
    await console.execute("!user Борис")
    out = await console.execute("/вфб рассеивание кубики:1 уровень:2 против:6 маг:Маг")
    assert "против результата 6" in out and "не сотворено" not in out


async def test_pt20_b2_a_card_without_lives_says_it_got_one(services: Services) -> None:
    """Playtest 20, B2: a Berserk card added without `жизнь` gets 1 life and the reply says so."""
    console = Console(services, user="Аня", channel="bz20", lang="ru")
    await console.execute("/игра начать игра:berserk игрок1:Аня игрок2:Вика")
    out = await console.execute("/существо добавить имя:Эльф владелец:Вика")
    assert "Жизни не указаны — записана 1 жизнь." in out
    out = await console.execute("/существо добавить имя:Гном владелец:Вика жизнь:5")
    assert "Жизни не указаны" not in out
