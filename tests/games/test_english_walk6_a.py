"""English walk 6 (issue 17): the Mage Wars, Berserk and general slips of docs/playtest-en-6.md."""

from __future__ import annotations

from bot.console import Console
from bot.games.berserk.dice import BerserkResult, BerserkStrike, parse_values
from bot.games.berserk.ui.view import berserk_reply
from bot.i18n import t
from tests.games.seeds import seed_line


def _en(key: str, **params: object) -> str:
    return t(key, "en", **params)


def _ru(key: str, **params: object) -> str:
    return t(key, "ru", **params)


# ── G-2: a custom game's end is not “this game of Custom game” ─────────────────────────────────


async def test_ending_a_custom_game_names_it_in_brackets(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:custom player1:Bob life:20")
    out = await console.execute("/game end")
    assert "End this game (Custom game)? It will be saved as finished." in out
    assert "game of" not in out


# ── G-3: a search of a common word says it is too common ──────────────────────────────────────


async def test_a_too_common_search_word_is_said_plainly(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/search text:a")
    assert (
        "“a” is too common to search for. Add a more specific word, e.g. /search text:burn" in out
    )
    assert "little words" not in out


# ── MW-4: the Guard marker is named as the glossary titles it, capitalised ────────────────────


async def test_the_token_list_names_guarding_capitalised(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    await console.execute("/unit add name:Timber Wolf life:7")
    out = await console.execute("/token add target:Timber Wolf token:banana")
    assert "Stuck, Tainted, Guard, Rage" in out and "guard," not in out  # en-12 MW-7: Guard
    out = await console.execute("/token add target:Timber Wolf token:guard")
    assert "Timber Wolf · Guard: 0 → 1" in out


# ── MW-5: the export reply without developer jargon ───────────────────────────────────────────


async def test_the_export_reply_counts_steps_and_changes_plainly(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    await console.execute("/dmg target:Bob amount:3")
    out = await console.execute("/game export")
    assert "The whole game as a JSON file: 2 entries in the log (/game log)." in out
    assert "counters and fields" not in out


# ── MW-6: /mw burn with no input names its options as options ─────────────────────────────────


async def test_burn_with_no_input_names_its_options(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/mw burn")
    assert (
        "Give tokens: (the number of Burn markers) or target: (a unit in this channel's game)."
        in out
    )


# ── MW-3 / MW-7: Upkeep shows Burn dice as /mw burn does, and Regenerate before its result ────


async def test_upkeep_burn_dice_have_no_crit_marks_and_regenerate_comes_first(
    console: Console,
) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    await console.execute("/unit add name:Iron Golem life:40")
    await console.execute("/token add target:Iron Golem token:burn count:12")
    await console.execute("/unit add name:Timber Wolf life:7 traits:Regenerate 1")
    await console.execute("/dmg target:Timber Wolf amount:2")
    out = await console.execute("/game next")
    burn = next(line for line in out.splitlines() if line.startswith("🔥 Iron Golem: Burn, dice ["))
    assert "*" not in burn and "] [" in burn
    regen = "✚ Timber Wolf: Regenerate — 1 damage healed."
    assert regen in out
    assert out.index(regen) < out.index("Timber Wolf · damage: 2 → 1")
    console.lang = "ru"
    await console.execute("/dmg target:Timber Wolf amount:2")
    out = await console.execute("/game next")
    assert "✚ Timber Wolf: регенерация — вылечено 1 повреждение." in out


# ── BK-5: the wound source is “magic attack” in the help, the choices and the replies ─────────


async def test_the_magic_attack_source_has_one_name(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/help command:berserk wound")
    assert "attack (default), magic attack, spell, effect, poison" in out
    assert "Choices: attack, magic attack, spell, effect, poison." in out
    assert "magical" not in out
    await console.execute("/game start game:berserk player1:Vicky")
    await console.execute("/unit add name:Knight life:6 traits:Броня 1")
    out = await console.execute("/berserk wound target:Knight amount:2 source:magic attack")
    assert "Knight: Armor 1 does not stop a magic attack — 2 wounds dealt." in out
    out = await console.execute("/berserk wound target:Knight amount:1 source:poison")
    assert "Knight: Armor 1 does not stop poison — 1 wound dealt." in out
    console.lang = "ru"
    out = await console.execute("/help command:berserk wound")
    assert "атака (по умолчанию), магическая атака, заклинание, воздействие, яд" in out


# ── BK-1: every roll modifier is shown on the roll line, the total after them ────────────────


def test_two_modifiers_show_the_roll_and_the_total() -> None:
    strike = BerserkStrike(parse_values("2-3-4"), mode="closed", clumsiness=1, blessing=True)
    result = BerserkResult(strike, False, 2, 2, "weak", 2)
    body = berserk_reply(_en, result).body
    assert "Attacker: d6 = 2 + 1 − 1 = 2 → weak strike, 2 wounds (values 2-3-4)" in body
    assert "d6 = 2 + 1 − 1 = 2 →" in berserk_reply(_ru, result).body


# ── BK-4: a fight's title names the return strike as well ────────────────────────────────────


def test_the_fight_title_names_the_return_strike() -> None:
    strike = BerserkStrike(
        parse_values("1-2-3"), mode="fight", defender_values=parse_values("2-2-3")
    )
    result = BerserkResult(strike, True, 1, 1, "miss", 0, 5, 5, "weak", 2)
    assert berserk_reply(_en, result).title == (
        "Simple strike 1-2-3 → miss, 0 wounds; return strike: weak strike, 2 wounds"
    )
    assert berserk_reply(_ru, result).title == (
        "Простой удар на 1-2-3 → промах, 0 ран; ответ: слабый удар, 2 раны"
    )
    quiet = BerserkResult(strike, True, 5, 5, "medium", 2, 5, 5, "miss", None)
    assert ";" not in berserk_reply(_en, quiet).title


# ── BK-2: the turn line names the cards that open or get their armor back, once ──────────────


async def test_the_berserk_turn_line_names_cards_in_play_once(console: Console) -> None:
    # seed 001:53 the active player opens their cards; 001:37 Броня Х counts from the turn's start
    seed_line("001", 37, "Предотвратить первые X ран от немагических атак")
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Vicky")
    await console.execute("/unit add name:Knight life:6 traits:Броня 1")
    console.user = "Vicky"
    await console.execute("/unit add name:Goblin life:2")
    await console.execute("/unit add name:Orc life:4")
    await console.execute("/set target:Goblin stat:closed value:1")
    await console.execute("/set target:Orc stat:closed value:1")
    console.user = "alice"
    await console.execute("/berserk wound target:Knight amount:3")
    await console.execute("/dmg target:Goblin amount:2")
    out = await console.execute("/game next")
    assert (
        "Turn 1 is over: Vicky's closed cards open (Orc). Armor works again: Knight (Armor " in out
    )
    assert "armor is restored" not in out and "open again" not in out and "Goblin" not in out


# ── BK-3: the board names armor once, with what it did this turn beside it ───────────────────


async def test_the_board_names_armor_once(console: Console) -> None:
    seed_line("001", 37, "Предотвратить первые X ран от немагических атак")
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Vicky")
    await console.execute("/unit add name:Knight life:6 traits:Броня 1")
    await console.execute("/unit add name:Ogre life:8 traits:Броня 2")
    await console.execute("/berserk wound target:Knight amount:3")
    await console.execute("/berserk wound target:Ogre amount:1")
    out = await console.execute("/game show")
    assert "Knight** ❤ ▰▰▰▱▱ 4/6 · Armor 1 (used this turn)" in out  # picked (en-7 BK-1)
    assert "Ogre ❤ ▰▰▰▰▰ 8/8 · Armor 2 (1 wound prevented this turn)" in out
    assert "Armor 1 used" not in out
    console.lang = "ru"
    out = await console.execute("/game show")
    assert "броня 2 (в этом ходу предотвратила 1 рану)" in out


# ── MW-2: Mage Wars conditions are markers on the board and in the refusals ──────────────────


async def test_mage_wars_says_markers_not_tokens(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    await console.execute("/unit add name:Iron Golem life:12 traits:Armor 2")
    await console.execute("/token add target:Iron Golem token:burn count:2")
    await console.execute("/token add target:Iron Golem token:corrode")
    out = await console.execute("/game show")
    assert "markers: Burn×2, Corrode" in out and "tokens:" not in out
    out = await console.execute("/token add target:Iron Golem token:banana")
    assert "No such condition marker: “banana”." in out
    console.lang = "ru"
    assert "жетоны: " in await console.execute("/game show")


async def test_other_games_keep_their_word(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:keyforge player1:Bob")
    await console.execute("/unit add name:Troll power:8")
    await console.execute("/token add target:Troll token:stun")
    assert "markers:" not in await console.execute("/game show")


# ── G-1: “armour” is “armor”: with no game in the channel, every game's Armor is offered ──────


async def test_british_armour_offers_every_armor(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/rule armour")
    assert "Armor (Броня) · Mage Wars" in out
    assert "Броня (Armor) · KeyForge" in out
    assert "Броня Х · Berserk CCG" in out
