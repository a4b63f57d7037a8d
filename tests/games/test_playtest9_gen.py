"""Playtest 9 and English walk 5 (issue 17): general and lookup slips — replies that say
something new, errors that name the real problem, and English that reads as a player writes."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services


def _en(services: Services) -> Console:
    return Console(services, user="Anna", channel="table", lang="en")


async def test_bk3_nearest_entry_reads_idiomatically(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:berserk player1:Bob")
    out = await en.execute("/rule первый удар")
    # playtest 12, B2: a term only scattered in a text shows the list, not that entry
    assert "No exact match for “первый удар”" in out
    from bot.i18n import t

    assert t("rule.nearest", "en", query="x").endswith(
        "this is the closest match in the rule texts."
    )


async def test_bk5_buttons_name_the_player_first(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:berserk player1:Bob")
    await en.execute("/unit add name:Gnome life:5")
    out = await en.execute("/game show")
    # en-7 BK-1: the buttons change a card's wounds, not the crystals nothing in play moves
    assert "The ± buttons change **Gnome**'s wounds" in out and "of:" not in out


async def test_mw2_play_option_is_named_as_typed(services: Services) -> None:
    en = _en(services)
    out = await en.execute("/game start game:mage-wars player1:Bob player2:Carl play:no life:36")
    assert "(play:no)" in out and "play:false" not in out


async def test_mw7_long_roll_counts_shown_and_filed_dice(
    services: Services, console: Console
) -> None:
    out = await _en(services).execute("/roll 1000d6")
    assert "The first 20 dice are shown; all 1,000 are in roll.txt." in out
    out = await console.execute("/roll 1000d6")
    assert "Показаны первые 20 кубиков; все 1\u00a0000 — в файле roll.txt." in out


async def test_mw8_odds_on_a_destroyed_target_says_what_to_ask(
    services: Services, console: Console
) -> None:
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:Bob life:36")
    await en.execute("/unit add Wolf life:5")
    await en.execute("/dmg Wolf amount:5")
    out = await en.execute("/odds mw dice:3 defense:6 target:Wolf")
    assert "Wolf is already destroyed: pick a living target, or leave out target." in out
    assert "Nothing was done" not in out


async def test_mw9_last_game_board_says_over_once(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:Bob life:36")
    await en.execute("/game end")
    await en.execute("!press 1")
    out = await en.execute("/game show")
    # no winner: the heading is plain, the next line says who ended it after which round
    assert "Anna ended the game after round 1." in out and "here is how" not in out
    assert "The game is over." not in out


async def test_mw10_log_names_max_life_as_the_reply_does(
    services: Services, console: Console
) -> None:
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:Bob life:36")
    out = await en.execute("/set target:Bob stat:life value:30")
    assert "Bob · max life: 36 → 30" in out
    log = await en.execute("/game log")
    assert "Bob · max life 36 → 30" in log


async def test_g3_zero_dice_or_faces_names_the_wrong_number(console: Console) -> None:
    out = await console.execute("/roll 0d6")
    assert "«0d6»: нужно бросить хотя бы 1 кубик." in out and "Примеры" not in out
    out = await console.execute("/roll d0")
    assert "«d0»: у кубика должна быть хотя бы 1 грань." in out


async def test_g2_bare_next_says_which_turn_ended(services: Services, console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:custom player1:Борис")
    out = await console.execute("/game next")
    assert out.rstrip().endswith("Ход Ани окончен.") and "Ходит Борис." not in out
    out = await console.execute("/game next")
    assert out.rstrip().endswith("Ход 1 окончен.") and "Ходит Аня." not in out
    en = Console(services, user="Anna", channel="other", lang="en")
    await en.execute("/game start game:berserk player1:Vicky")
    out = await en.execute("/game next")
    # playtest 12 B3: nothing opens and no Armor was used, so the line only ends the turn
    assert out.rstrip().endswith("Turn 1 is over.")
    assert "Vicky's turn." not in out


async def test_bk2_strike_help_says_what_kind_and_mode_mean(services: Services) -> None:
    out = await _en(services).execute("/help command:berserk strike")
    assert (
        "How the card attacks; the die decides whether the strike is weak, medium or strong" in out
    )
    assert "Who rolls: auto (by the target), closed (attacker only), fight (both;" in out
    assert "Mode: auto, closed, fight" not in out


async def test_cq2_cq3_conquest_titles_take_their_official_english_names(
    services: Services, console: Console
) -> None:
    en = _en(services)
    out = await en.execute("/glossary game:conquest")
    assert "Командные Значки (Command Icons)" in out and "Combat Icons" not in out
    assert "Цены: Слово «Чтобы» (Costs: The Word “To”)" in out
    out = await en.execute("/rule command icons")
    assert out.splitlines()[0].startswith("Командные Значки (Command Icons)")
    out = await console.execute("/правило командные значки")  # Russian keeps the seed's title
    assert out.splitlines()[0].startswith("Командные Значки (Combat Icons)")


async def test_cq1_warlord_opens_damage_and_says_why(services: Services, console: Console) -> None:
    en = _en(services)
    await en.execute("/game start game:conquest player1:Bob hale:7 bloodied:4")
    for term in ("Warlord", "bloodied"):
        out = await en.execute(f"/rule {term}")
        assert f"No entry for “{term}”. It is mentioned in: Урон (Damage)." in out
    out = await en.execute("/explain text:The warlord is bloodied")
    assert "→ Урон (Damage)" in out and "no entry of its own; mentioned here" in out
    out = await console.execute("/правило военачальник игра:conquest")
    assert "Отдельной статьи «военачальник» нет. Упоминается в статье «Урон (Damage)»." in out


async def test_c1_explain_names_every_word_of_the_damage_rule(console: Console) -> None:
    # seed 003:108–124: «Значки урона помещаются…», «становится окровавленным»
    out = await console.execute(
        "/объяснить текст:Военачальник окровавлен, на отряде значки урона, сбросил карту щита"
    )
    lines = [x for x in out.splitlines() if "Урон (Damage)" in x]
    # English walk 11, WF-2: the words with no entry of their own on their line, with the note
    covered = next(
        x for x in lines if x.startswith("• **Военачальник, окровавлен** → Урон (Damage)")
    )
    assert "отдельной статьи нет, упоминается здесь" in covered
    assert any(x.startswith("• **значки урона** → Урон (Damage)") for x in lines)


async def test_b3_armor_against_magic_offers_magic_armor_first(console: Console) -> None:
    # seed 001:271: «Магическая броня Х … предотвращает первые X ран от магических атак»
    out = await console.execute("/правило как работает броня против магии")
    first = next(x for x in out.splitlines() if x.strip().startswith("[1]"))
    assert "Магическая броня Х" in first


async def test_g1_search_in_a_game_channel_sums_up_other_games(
    services: Services, console: Console
) -> None:
    await console.execute("/game start game:conquest player1:bob hale:7 bloodied:4")
    out = await console.execute("/поиск текст:окровавленной стороне")
    assert "· Warhammer 40\u00a0000: Conquest" in out and "· Берсерк ККИ\n" not in out
    line = next(x for x in out.splitlines() if "в других играх:" in x)  # playtest 16 G2
    assert "совпаден" in line and "/поиск текст:окровавленной стороне игра:…" in line
    en = Console(services, user="Anna", channel="free", lang="en")  # no game: every game mixed
    out = await en.execute("/search text:окровавленной стороне")
    assert "in other games" not in out
