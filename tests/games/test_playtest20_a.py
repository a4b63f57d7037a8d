"""Playtest ru-18, share s6a: the log keeps old names, Mage Wars round phases, a Berserk strike
typed to `/unit add`, KeyForge's Assault (issue 17).

Each test pins the reply a reader found wrong, so the slip stays fixed."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── G1: a rename does not rewrite the log's earlier entries ────────────────────────────────────


async def test_g1_log_keeps_names_of_the_time_mage_wars(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Гоблин владелец:Борис жизнь:8")
    await console.execute("/урон цель:Гоблин урон:4")
    await console.execute("/лечить цель:Гоблин лечение:2")
    await console.execute("/существо переименовать цель:Гоблин имя:Гоблин-стрелок")
    await console.execute("/урон цель:Гоблин-стрелок урон:1")
    out = await console.execute("/игра журнал")
    assert "урон — Гоблин · повреждения 0 → 4" in out
    assert "Гоблин · повреждения 4 → 2" in out
    assert "переименование — Гоблин → Гоблин-стрелок" in out
    assert "Гоблин-стрелок · повреждения 2 → 3" in out
    assert "Гоблин-стрелок · повреждения 4" not in out


async def test_g1_log_keeps_names_of_the_time_berserk(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Тролль владелец:Борис жизнь:8")
    await console.execute("/урон цель:Тролль урон:3")
    await console.execute("/существо переименовать цель:Тролль имя:Горный тролль")
    await console.execute("/урон цель:Горный тролль урон:1")
    # an undone rename renamed nothing: the log before it keeps the name it had
    await console.execute("/существо переименовать цель:Горный тролль имя:Тр")
    await console.execute("/игра отменить")
    out = await console.execute("/игра журнал")
    assert "урон — Тролль · раны 0 → 3" in out
    assert "урон — Горный тролль · раны 3 → 4" in out
    assert "Горный тролль · раны 0 → 3" not in out


# ── M1: the new round's lines under the names of its phases, Reset → Channeling → Upkeep ─────


async def test_m1_next_round_names_its_phases_in_order(console: Console) -> None:
    # seed 000:239 names Reset «фаза Обновление»; 000:25 rolls Burn «каждую фазу Содержание»
    seed_line("000", 239, "фазы Обновление")
    seed_line("000", 25, "Каждую фазу Содержание")
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Медведь владелец:Борис жизнь:8")
    await console.execute("/жетон добавить цель:Медведь жетон:горение сколько:2")
    await console.execute("/мв действие цель:Медведь")
    out = await console.execute("/игра дальше")
    lines = out.splitlines()
    labels = ["Раунд 2 · фаза обновления:", "Прирост маны:", "Фаза содержания:"]
    at = [lines.index(label) for label in labels]
    assert at == sorted(at)
    assert lines[at[0] + 1] == "Медведь: маркер действия снова готов."
    assert lines[at[1] + 1] == "Аня · мана: 10 → 19"
    assert lines[at[2] + 1].startswith("🔥 Медведь: горение")
    # a phase with nothing to show has no label; the first one shown names the round
    out = await console.execute("/игра дальше")
    assert "фаза обновления" not in out
    lines = out.splitlines()
    assert lines.index("Раунд 3 · прирост маны:") < lines.index("Фаза содержания:")


async def test_m1_phase_labels_in_english(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add name:Bear owner:bob life:8")
    await console.execute("/token add target:Bear token:burn count:1")
    await console.execute("/mw act target:Bear")
    lines = (await console.execute("/game next")).splitlines()
    labels = ["Round 2 · Reset phase:", "Channeling phase:", "Upkeep phase:"]
    at = [lines.index(label) for label in labels]
    assert at == sorted(at)
