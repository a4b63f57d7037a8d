"""Playtest RU-18 and EN-11 (issue 17), share b: /объяснить's adjective forms (B2), the
KeyForge fight sentence (K2), Berserk's tie rule and poison (BZ-1, BZ-4), the KeyForge token
list (KF-2) and the named attack dice (KF-3). Each test pins the reply in both languages."""

from __future__ import annotations

import tomllib
from pathlib import Path

from bot.console import Console
from bot.i18n import t
from tests.games.seeds import seed_line
from tests.games.test_playtest19_b import tie

ROOT = Path(__file__).resolve().parents[2]

# ── KF-3: `4a` names the dice as Mage Wars', whatever the channel's game ─────────────────────


async def test_kf3_attack_dice_named_in_a_keyforge_channel(console: Console) -> None:
    console.lang = "en"
    console.user = "Ann"
    await console.execute("/game start game:keyforge player1:Bob")
    out = await console.execute("/roll 4a")
    assert "Mage Wars attack dice (4): " in out
    console.lang = "ru"
    out = await console.execute("/бросок 4a")
    assert "Кубики атаки Mage Wars (4): " in out


# ── KF-2: the KeyForge token list is parallel and names every token ──────────────────────────


async def test_kf2_token_list_is_parallel(console: Console) -> None:
    console.lang = "en"
    console.user = "Ann"
    await console.execute("/game start game:keyforge player1:Bob")
    await console.execute("/unit add name:Troll power:8")
    out = await console.execute("/token add target:Troll token:poison")
    assert "A creature can carry power, enrage, stun and ward tokens, and captured Æmber." in out
    console.lang = "ru"
    out = await console.execute("/жетон добавить цель:Troll жетон:яд")
    assert "кладут жетоны силы, ярости, оглушения и оберега, а также захваченный янтарь" in out


def test_kf2_the_list_names_every_keyforge_token() -> None:
    tpl = tomllib.loads((ROOT / "bot/games/keyforge/template.toml").read_text("utf-8"))
    en = t("tracker.error.no_token_keyforge", "en", name="x", known="")
    for token in tpl["tokens"].values():
        # the English name's last word (power tokens → power, captured Æmber → Æmber)
        word = token["en"].removesuffix(" tokens").split()[-1]
        assert word in en, token["en"]


# ── BZ-4: Berserk's Poison is capitalised like Armor in English; Russian keeps lower case ────


async def test_bz4_poison_capitalised_like_armor(console: Console) -> None:
    # seed 001:189 «Существо не может получить отравление»: the state's Russian name
    seed_line("001", 189, "Существо не может получить отравление")
    console.lang = "en"
    console.user = "Ann"
    await console.execute("/game start game:berserk player1:Bob")
    await console.execute("/unit add name:Troll life:9 armor:1")
    out = await console.execute("/token add target:Troll token:poison")
    assert "Troll · Poison: 0 → 1" in out
    out = await console.execute("/game show")
    assert "Armor 1 · Poison 1" in out and "poison 1" not in out
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "броня 1 · отравление 1" in out


# ── BZ-1: a tie in a fight is said by its rows of the fight table, not «the values decide» ───


async def test_bz1_fight_tie_said_plainly(console: Console) -> None:
    # The seed (001) prints no fight table; fight.toml keeps it, and its two rows for a
    # difference of 0 look at both rolls: 4 or less, 5 or more.
    console.lang = "en"
    out = await tie(console, "/berserk strike values:1-2-3 blessing:yes")  # B2: on a tie only
    assert (
        "On a tie: both rolls 4 or less — the attacker deals a weak strike, no strike back; "
        "both rolls 5 or more — the attacker misses, the defender strikes back with a weak strike."
    ) in out
    assert "the values rolled decide" not in out
    console.lang = "ru"
    out = await tie(console, "/берсерк удар сила:1-2-3")
    assert (
        "При равных бросках: у обоих не больше 4 — атакующий наносит слабый удар, ответа нет; "
        "у обоих не меньше 5 — атакующий промахивается, в ответ слабый удар."
    ) in out


# ── K2: a KeyForge fight names each creature once; the rest says «цель» and «атакующий» ───────


async def _kf_fight_table(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Борис")
    await console.execute("/существо добавить имя:Тролль сила:8 черты:броня 1")
    await console.execute("/существо добавить имя:Рыцарь сила:3")
    for line in ("Гоблин сила:3", "Ведьма сила:5 черты:оберег", "Громила сила:8"):
        await console.execute(f"/существо добавить имя:{line} владелец:Борис")


async def test_k2_fight_names_each_creature_once(console: Console) -> None:
    await _kf_fight_table(console)
    out = await console.execute("/кф бой атакующий:Тролль цель:Гоблин")
    assert (
        "⚔ Бой: Тролль → Гоблин. Цель получает 8 урона — 💀 уничтожена. Атакующий получает "
        "3 урона: броня 1 предотвращает 1 урон — теперь на нём 2 урона (сила 8, до уничтожения "
        "ещё 6)."
    ) in out
    first = out.splitlines()[1]
    assert first.count("Тролль") == 1 and first.count("Гоблин") == 1
    assert "существо «" not in first and "уничтожено" not in first
    await console.execute("/игра отменить")
    out = await console.execute("/кф бой атакующий:Тролль цель:Ведьма")
    assert "Цель получает 8 урона: оберег отменяет весь урон и снимается — урона на ней нет." in out
    await console.execute("/игра отменить")
    out = await console.execute("/кф бой атакующий:Рыцарь цель:Гоблин")  # both destroyed
    assert (
        "Цель получает 3 урона — 💀 уничтожена. Атакующий получает 3 урона — 💀 уничтожен." in out
    )
    await console.execute("/игра отменить")
    console.lang = "en"
    out = await console.execute("/kf fight attacker:Тролль target:Громила")
    assert (
        "⚔ Тролль fights Громила. Громила takes 8 damage — 💀 destroyed. Тролль takes 8 damage: "
        "armor 1 prevents 1 damage — 7 damage on it now (power 8, 1 more destroys it)."
    ) in out


# ── B2: /объяснить spots a subtype spoken as its participle («летающий» → Летающее существо) ──


async def test_b2_explain_spots_the_participle_of_a_subtype(console: Console) -> None:
    # seed 001:263 «Летающее существо. Подтип существа.»
    seed_line("001", 263, "Летающее существо. Подтип существа.")
    console.lang = "ru"
    out = await console.execute(
        "/объяснить мой летающий дракон с защитой от магии атакует направленным ударом"
    )
    assert "• **летающий** → Летающее существо · Берсерк ККИ" in out
    for found in ("**дракон**", "**защитой от магии**", "**атакует**", "**направленным ударом**"):
        assert found in out
    out = await console.execute("/объяснить стрелок бьёт летающего дракона")
    assert "**летающего** → Летающее существо" in out


def test_b2_only_a_participle_before_a_card_word_stands_alone() -> None:
    from glossary.loader import load_entries
    from glossary.terms import TermFinder

    finder = TermFinder(load_entries())
    spotted = [found for found, _ in finder.spans("простой магический направленный выбранный")]
    assert spotted == []  # «Простой удар», «Магическое существо», «Выбранное существо»: no
    assert [f for f, _ in finder.spans("летающих существ нет")] == ["летающих существ"]
