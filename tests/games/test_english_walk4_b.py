"""English walk 4 (issue 17): the general, Berserk and WFB slips of docs/playtest-en-4.md."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── MW-1: the play option says yes/no, not “false” ─────────────────────────────────────────────


async def test_the_play_option_is_described_with_yes_and_no(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/help command:game start")
    assert "I play too (default: yes, but no when you name both players of a duel)." in out
    assert "false" not in out


# ── MW-2: leaving names the remaining player, not “the player left” ───────────────────────────


async def test_leaving_says_the_remaining_player_wins(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    out = await console.execute("/game leave")
    assert "the game ends now and Bob wins." in out  # playtest 18, G3: the winner named
    assert out.count("Leave this game (Mage Wars)?") == 1
    assert "the player left" not in out


# ── MW-9: the WFB name carries no brackets, so /about shows one pair ───────────────────────────


async def test_about_shows_one_pair_of_brackets_for_wfb(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/about")
    assert "Warhammer Fantasy, magic phase (`whfb`): " in out and ") (`" not in out
    console.lang = "ru"
    out = await console.execute("/about")
    assert "Warhammer Fantasy, фаза магии (`whfb`): " in out and ") (`" not in out


# ── BZ-7: Berserk's «фишки» are “counters” in English ─────────────────────────────────────────


async def test_berserk_fishki_are_counters_in_english(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Vicky")
    await console.execute("/unit add name:Gnome life:5")
    out = await console.execute("/token add target:Gnome token:banana")
    assert "In this game: Counters, Poison." in out and "chips" not in out
    out = await console.execute("/token add target:Gnome token:chips count:2")
    assert "Gnome · Counters: 0 → 2" in out
    assert "Counters 2" in await console.execute("/game show")


# ── WF-4: a wizard who failed a cast waits for the next magic phase, said in full ─────────────


async def test_a_failed_wizard_waits_for_the_next_magic_phase(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Vicky")
    await console.execute("/set target:alice stat:power value:12")
    console.lang = "en"
    await console.execute("/whf cast dice:1 level:1 value:20 wizard:Bright Wizard spell:Fireball")
    out = await console.execute("/whf cast dice:1 level:1 value:2 wizard:Bright Wizard spell:Bolt")
    assert (
        "Bright Wizard failed a casting attempt this phase and cannot cast again until the next"
        " magic phase. Nothing was rolled." in out
    )
    console.lang = "ru"
    out = await console.execute("/whf cast dice:1 level:1 value:2 wizard:Bright Wizard spell:Bolt")
    assert "до следующей фазы магии творить заклинания больше не может. Ничего не брошено." in out


# ── BZ-6: the weaker-strike option has its verb ───────────────────────────────────────────────


async def test_the_weaker_strike_option_reads_as_a_sentence(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/odds berserk values:2-3-4")
    assert (
        "The attacker may strike one step weaker to avoid the return strike when the difference"
        " is +4 or +2 (16.7%); the defender has this option at −4 (5.6%)." in out
    )
    assert "may at a difference" not in out


# ── BZ-3: a Berserk card closes and opens as an event, not “closed marked” ─────────────────────


async def test_a_berserk_card_closes_and_opens_in_words(console: Console) -> None:
    # seed 001:163 «Закрыть (существо, карту)… Открытая карта… закрывается»
    seed_line("001", 163, "Закрыть (существо, карту)")
    await console.execute("/game start game:berserk player1:Vicky")
    await console.execute("/unit add name:Gnome life:5")
    out = await console.execute("/set target:Gnome stat:closed value:1")
    assert "Gnome: карта закрыта." in out and "отмечено" not in out
    await console.execute("/game next")
    out = await console.execute("/game next")
    assert "закрытые карты игрока alice открываются (Gnome)" in out
    console.lang = "en"
    await console.execute("/game undo")
    out = await console.execute("/set target:Gnome stat:closed value:0")
    assert "Gnome is open again." in out and "cleared" not in out
    out = await console.execute("/set target:Gnome stat:closed value:1")
    assert "Gnome is now closed." in out and "marked" not in out


# ── BZ-4: a /game next with nothing else to say still says something: which turn ended ─────────
# (playtest 9, G2: not «Ходит Вика.» again under a header that says it)


async def test_a_bare_next_turn_says_which_turn_ended(console: Console) -> None:
    await console.execute("/game start game:berserk player1:Вика")
    out = await console.execute("/game next")
    # playtest 12 B3: with no closed card and no Броня used, the line only ends the turn
    assert out.rstrip().endswith("Ход 1 окончен.")
    assert "Ходит Вика." not in out
    console.lang = "en"
    out = await console.execute("/game next")
    assert out.rstrip().endswith("Turn 2 is over.")
    assert "alice's turn." not in out


# ── BZ-2: a state typed as a token is quoted as typed, the command given plainly ───────────────


async def test_tapped_as_a_token_is_quoted_as_typed(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Vicky")
    await console.execute("/unit add name:Gnome Warrior life:5")
    out = await console.execute("/token add target:Gnome Warrior token:tapped")
    assert (
        "“tapped” is a card state, not a token: mark it with /set target:Gnome Warrior"
        " stat:closed value:1 (value:0 clears it). Nothing changed." in out
    )
    assert "“closed”" not in out


# ── WF-3: a cast spell is followed by the opponent's dispel against its result ─────────────────


async def test_a_cast_spell_offers_the_dispel_against_its_result(console: Console) -> None:
    # seed 002:17 «Если заклинание успешно сотворено, то один из магов второго игрока пытается
    # разрушить сотворённое заклинание»
    seed_line("002", 17, "Если заклинание успешно сотворено", "второго игрока пытается разрушить")
    console.lang = "en"
    seen = 0
    for _ in range(12):
        out = await console.execute("/whf cast dice:2 level:2 value:3")
        if "is cast (" in out:
            result = out.split("is cast (")[1].split(" ")[0]
            assert out.rstrip().endswith(
                f"The opponent may now try to dispel it against {result}:"
                f" /whf dispel against:{result} dice:… level:…"
            )
            seen += 1
        else:
            assert "dispel against" not in out  # not cast, or Irresistible Force
    assert seen
    await console.execute("/game start game:whfb player1:Vicky")
    await console.execute("/set target:alice stat:power value:12")
    console.lang = "ru"
    for _ in range(4):
        out = await console.execute("/whf cast dice:2 level:2 value:3 wizard:Серый провидец")
        if "сотворено (" in out and "не сотворено" not in out:
            result = out.split("сотворено (")[1].split(" ")[0]
            assert out.rstrip().endswith(
                "Теперь Vicky может попытаться рассеять заклинание:"
                f" /вфб рассеивание против:{result} кубики:… уровень:…"
            )
            break


# ── MW-8, WF-5: another game's entries only when close, and the warning only with them ─────────


async def test_a_games_channel_warns_about_other_games_only_when_it_lists_one(
    console: Console,
) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    out = await console.execute("/rule eteral")
    # playtest ru-17 C2: this game's only candidate opens, said to be the nearest
    assert out.startswith("Ethereal") and "No entry is named “eteral”; this is the closest." in out
    assert "their rules do not apply here" not in out
    console.lang = "ru"
    out = await console.execute("/rule eteral")
    assert "Точной статьи «eteral» нет; ближайшая — эта." in out


async def test_far_entries_of_other_games_are_not_suggested(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:whfb player1:Bob")
    out = await console.execute("/rule remains in play")
    assert "does not cover it" in out and "/search" in out and "KeyForge" not in out  # EN-6 WF-3
    await console.execute("/game end")
    await console.execute("!press 1")
    await console.execute("/game start game:berserk player1:Bob")
    out = await console.execute("/rule first strike")
    assert "nor anything close" in out and "Triplestrike" not in out


# ── MW-10: the final board says who ended the game, when, and that it is kept ──────────────────


async def test_the_final_board_says_who_ended_the_game_and_that_it_is_saved(
    console: Console,
) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Vicky life:36")
    await console.execute("/game next")
    await console.execute("/game end")
    out = await console.execute("!press 1")
    assert "alice ended the game after round 2. It is saved; the full record: /game export." in out
    assert "Vicky" in out and "36/36" in out  # the final life totals stay on the board
    console.lang = "ru"
    await console.execute("/game start game:berserk player1:Вика")
    await console.execute("/game end")
    out = await console.execute("!press 1")
    assert (
        "Партия окончена по команде игрока alice после хода 1. Она сохранена; полная запись — "
        "/игра экспорт." in out
    )


# ── BZ-5: the choice of a weaker strike reads once, and the record says how to take it ─────────


async def test_the_weaker_strike_choice_is_clear_and_its_record_explained(
    console: Console,
) -> None:
    await console.execute("/game start game:berserk player1:Vicky")
    await console.execute("/unit add name:Forest Elf life:90")
    await console.execute("/unit add name:Gnome Warrior life:90")
    seen = set()
    for lang in ("en", "ru") * 20:
        console.lang = lang
        # playtest 13, B5: an attacker closes (seed 001:163); open it for the next try
        await console.execute("/set target:Gnome Warrior stat:closed value:0")
        out = await console.execute(
            "/berserk strike values:2-3-4 target:Forest Elf attacker:Gnome Warrior"
        )
        assert "Choice: both strike" not in out and "Выбор: бьют оба" not in out
        if "−4" in out and lang == "en":
            assert (
                "The defender may choose to strike back one step weaker (weak strike); then the"
                " attacker deals no wounds.\nThe return strike's wounds are not counted: add"
                " defender_values:X-Y-Z." in out  # playtest 19, B3: said once, on its own line
            )
            assert (
                "This records the strike as rolled. If Forest Elf struck back weaker"
                " instead, undo this (/game undo) and record the wounds with /berserk wound."
                in out  # English walk 7, BK-5: the side that had the choice, named
            )
            seen.add(lang)
        if "**+2**" in out and lang == "ru":
            assert (
                "Атакующий может вместо этого ударить на ступень слабее (слабый удар, 2 раны) — "
                "тогда атакованная карта не отвечает." in out
            )
            assert "Записан удар, как он выпал." in out
            seen.add(lang)
    assert seen


# ── BZ-8, then English walk 9 BK-2: /explain in a game's channel explains that game's terms only ──


async def test_explain_warns_when_it_lists_another_games_entry(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Vicky")
    out = await console.execute("/explain text:my flying gnome attacks")
    assert "Mage Wars" not in out  # BK-2: no other game's entries, and no warning about them
    assert "No Berserk CCG terms were found in this text. Search the rule texts: /search." in out
    console.lang = "ru"
    out = await console.execute("/explain text:гном атакует")
    assert "Гном · Берсерк ККИ" in out and "не действуют" not in out
    out = await console.execute("/explain text:my flying gnome attacks")
    assert "Терминов игры «Берсерк ККИ» в этом тексте не нашлось." in out
