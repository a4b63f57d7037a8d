"""The third blind English review (docs/playtest-en-3.md): one representative fix for each slip
fixed, asserted on the reply an English client gets (and, where the Russian text had the same
defect, on the Russian one)."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services


def _en(services: Services, user: str = "alice") -> Console:
    return Console(services, user=user, channel="table", lang="en")


def _ru(services: Services, user: str = "alice") -> Console:
    return Console(services, user=user, channel="table", lang="ru")


# ── Mage Wars: 3–10 ────────────────────────────────────────────────────────────────────────────


async def test_3_4_help_of_the_mw_group(services: Services) -> None:
    out = await _en(services).execute("/help command:mw")
    assert "▸ Subcommands" in out and "Commands of the group" not in out
    assert "Daze and Stun markers are removed; a Stuck creature rolls to escape" in out


async def _mw(services: Services) -> Console:
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:bob life:36")
    return en


async def test_5_a_mage_ends_the_action_phase_without_its(services: Services) -> None:
    en = await _mw(services)
    out = await en.execute("/mw act target:bob")
    assert "bob's action phase is over; the action marker stays flipped" in out
    assert "its action marker" not in out


async def test_6_a_given_armor_is_shown_once(services: Services) -> None:
    en = await _mw(services)
    await en.execute("/unit add Bear life:10")
    out = await en.execute("/mw attack dice:3 armor:1 target:Bear")
    assert "Armor: **1** (given in the command; the tracker records no armor)" in out  # en-9 MW-1
    assert out.count("Armor:") == 1 and "Armor: 1 (" not in out and "the game holds" not in out


async def test_7_odds_lines_say_what_the_chance_is(services: Services) -> None:
    out = await _en(services).execute("/odds mw dice:3 defense:6 armor:1 life:3 effect:9+")
    assert "Chance to avoid each strike: 58.3%" in out
    assert "Effect chance if the attack lands: 33.3%" in out


async def test_8_end_is_saved_as_finished(services: Services) -> None:
    en = await _mw(services)
    out = await en.execute("/game end")
    assert "End this game (Mage Wars)? It will be saved as finished." in out


async def test_9_escape_title_is_the_roll_alone(services: Services) -> None:
    out = await _en(services).execute("/mw escape")
    title = out.splitlines()[0].removeprefix("✔ ")
    assert title.startswith(("Escape fails (", "Escape succeeds (")) and title.endswith(")")
    assert "The roll records nothing in the game." in out or "marker stays." in out
    assert "Stuck/Cripple marker" in out or "token:Stuck (or Cripple)" in out


async def test_10_burn_has_no_critical_legend(services: Services) -> None:
    en = await _mw(services)
    await en.execute("/unit add Goblin Grunt life:9")
    out = await en.execute("/mw burn tokens:3 target:Goblin Grunt extra_roll:true")
    assert "— · blank" in out and "= blank" not in out and "critical" not in out and "*]" not in out


# ── Berserk: 16–20 ─────────────────────────────────────────────────────────────────────────────


async def test_16_a_tracked_strike_is_logged_as_a_strike(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:berserk player1:bob")
    await en.execute("/unit add Gnome Warrior life:9")
    await en.execute("/berserk strike values:3 target:Gnome Warrior mode:closed")
    out = await en.execute("/game log")
    assert "alice: strike — Gnome Warrior · wounds 0 → 3" in out
    await en.execute("/berserk wound target:Gnome Warrior amount:1 source:poison")
    assert "alice: wounds — Gnome Warrior · wounds 3 → 4" in await en.execute("/game log")


async def test_17_18_the_return_strike_is_named(services: Services) -> None:
    out = await _en(services).execute("/odds berserk values:1-2-3 defender_values:1-2-2")
    assert "▸ Fight — defender's return strike" in out
    assert "Average wounds from the return strike: 0.47" in out
    assert (
        "The attacker may strike one step weaker to avoid the return strike when the "
        "difference is +4 or +2 (16.7%); the defender has this option at −4 (5.6%)." in out
    )
    assert "(back)" not in out and "unanswered" not in out


async def test_19_the_roll_modifier_is_named_once(services: Services) -> None:
    out = await _en(services).execute("/berserk strike values:3 defender_values:1-1-1 mod:1")
    assert "Roll modifier: +1" in out and "(roll modifier)" not in out
    out = await _ru(services).execute("/berserk strike values:3 defender_values:1-1-1 mod:1")
    assert "Модификатор броска: +1" in out and "(модификатор броска)" not in out


async def test_20_wounds_are_recorded_not_written(services: Services) -> None:
    out = await _en(services).execute("/help command:berserk strike")
    assert "its wounds are recorded; if it is closed, closed mode is used" in out
    assert "wounds are recorded on both cards (needs a target)" in out
    assert "written" not in out


# ── Warhammer Fantasy: 24–30 ───────────────────────────────────────────────────────────────────


async def test_24_25_26_winds_are_channelled_and_recorded(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:whfb player1:bob")
    out = await en.execute("/whf winds wizards:2 enemy_wizards:1")
    title = out.splitlines()[0]
    assert title.startswith("Winds of Magic: ") and " dispel di" in title
    assert "Channelling (alice, 2 wizards): rolled " in out
    assert "Channelling (bob, 1 wizard): rolled " in out
    assert "Recorded: alice's power pool **" in out and "bob's dispel pool **" in out
    assert "casts —" not in out and "In all" not in out and "sixes: " not in out


async def test_27_a_failed_cast_is_spell_not_cast(services: Services) -> None:
    out = await _en(services).execute("/whf cast dice:1 level:1 value:12")
    assert out.startswith("Spell not cast") or "Irresistible Force" in out


async def test_28_a_short_pool_says_what_was_asked(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:whfb player1:bob")
    await en.execute("/set target:bob stat:dispel value:5")
    out = await _en(services, "bob").execute("/whf dispel dice:6 level:1 against:5")
    assert "bob's dispel pool has only 5 dice; you asked to roll 6. Nothing was rolled." in out
    await en.execute("/set target:bob stat:dispel value:1")
    out = await _en(services, "bob").execute("/whf dispel dice:2 level:1 against:5")
    assert "has only 1 die;" in out


async def test_29_a_range_in_english_words(services: Services) -> None:
    out = await _en(services).execute("/whf cast dice:0 level:1 value:5")
    assert "Option “dice”: 0 is out of range; it must be between 1 and 6." in out
    assert "…" not in out


async def test_30_the_two_cast_figures_are_explained(services: Services) -> None:
    out = await _en(services).execute("/odds whf dice:2 level:2 value:9")
    assert "Cast chance: **58.3%** (of which **2.8%** by Irresistible Force" in out
    assert "cast without Irresistible Force │" in out and "55.6%" in out


# ── Conquest: 31, 32, 38, 39 ───────────────────────────────────────────────────────────────────


async def _conquest(services: Services) -> Console:
    en = _en(services)
    await en.execute("/game start game:conquest player1:bob hale:7 bloodied:5")
    return en


async def test_31_32_shield_icons_counted_and_prevented_damage(services: Services) -> None:
    en = await _conquest(services)
    await en.execute("/unit add Ork Boyz life:3")
    out = await en.execute("/dmg target:Ork Boyz amount:1 shield:1")  # EN-8 CQ-2: with the damage
    shield = "🛡 Ork Boyz: the shield card prevents 1 damage and is discarded; no damage is dealt"
    assert shield in out
    out = await en.execute("/dmg target:bob amount:3 shield:2")
    assert "🛡 bob's Warlord: the shield card prevents 2 damage and is discarded." in out


async def test_38_heal_without_damage_says_it_once(services: Services) -> None:
    en = await _conquest(services)
    await en.execute("/unit add Space Marine Captain life:3")
    out = await en.execute("/heal target:Space Marine Captain amount:5")
    # RU-19 C2: Conquest removes damage tokens
    assert "Space Marine Captain has no damage tokens to remove. Nothing changed." in out
    assert "nothing to heal" not in out


async def test_39_headquarters_phase_has_one_colon(services: Services) -> None:
    en = await _conquest(services)
    out = await en.execute("/game next")
    assert "Headquarters phase: each player gains 4 resources and draws 2 cards." in out
    assert "bob · resources 0 → 4" in out  # playtest 8 slip C3: added by the bot


# ── KeyForge: 40–42, 45–47; general: 48, 49 ────────────────────────────────────────────────────


async def _keyforge(services: Services, extra: str = "") -> Console:
    en = _en(services)
    await en.execute(f"/game start game:keyforge player1:bob{extra}")
    return en


async def test_40_aember_is_capitalised(services: Services) -> None:
    en = await _keyforge(services)
    out = await en.execute("/add target:alice stat:aember amount:7")
    assert "alice · Æmber: 0 → 7" in out
    out = await en.execute("/game show")
    assert "Æmber 7 · keys 0/3" in out and "⟨Æmber +1⟩" in out and "æmber" not in out
    assert "Æmber — alice · Æmber 0 → 7" in await en.execute("/game log")


async def test_41_42_exhausted_and_readied_in_keyforge_words(services: Services) -> None:
    en = await _keyforge(services)
    await en.execute("/unit add Troll life:30")
    await en.execute("/unit add Grey Monk life:9 owner:bob")
    await en.execute("/unit add Bad Penny life:9 owner:bob")
    await en.execute("/kf fight attacker:Troll target:Grey Monk")
    assert "Troll exhausted" in await en.execute("/game log")
    out = await en.execute("/kf fight attacker:Troll target:Bad Penny")
    assert "it fights again only if a card ability readied it. The fight is recorded anyway." in out
    await en.execute("/game undo")
    out = await en.execute("/game undo")
    assert "Troll exhausted" in out and "marked" not in out
    await en.execute("/kf fight attacker:Troll target:Grey Monk")
    await en.execute("/game next")
    assert "Troll readied" in await en.execute("/game log")


async def test_45_46_a_full_table(services: Services) -> None:
    await _keyforge(services)
    carol = _en(services, "carol")
    out = await carol.execute("/game join")
    assert "KeyForge is a two-player game, and alice and bob are already seated." in out
    out = await carol.execute("/kf forge")
    assert (
        "Only this game's players (alice, bob), its host and channel moderators "
        "can change the game; the table is full." in out
    )
    assert "/game join" not in out


async def test_47_the_key_cost_is_confirmed(services: Services) -> None:
    en = _en(services)
    out = await en.execute("/game start game:keyforge player1:bob keycost:7")
    assert "Key cost: 7 Æmber." in out


async def test_48_an_unknown_choice_is_not_forbidden(services: Services) -> None:
    out = await _en(services).execute("/game start game:chess")
    assert "Option “game”: “chess” is not one of the choices. Choose from: " in out


async def test_49_about_says_state_not_score(services: Services) -> None:
    out = await _en(services).execute("/about")
    assert "the state of your game, right in the channel." in out and "score" not in out
    assert "состояние партии прямо в канале" in await _ru(services).execute("/about")
