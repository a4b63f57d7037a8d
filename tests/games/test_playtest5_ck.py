"""Playtest 5 (issue 17): the Conquest and KeyForge slips C1–C6 and K1–K6, and the «не черта
этой игры» family (M1, B1–B3, W3, C5, K2): a trait the book has but the bot does not track is
refused as such, with what to do instead."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.helpers.tracker import state_of


async def test_k3_no_key_is_forged_on_the_opponents_turn(
    console: Console, services: Services
) -> None:
    """Published rules (the bot's own «Ключи» entry): a key is forged at the «Ковка ключа» step
    that opens one's own turn, so the non-active player's `/kf forge` is refused."""
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Борис")
    await console.execute("/set target:Аня stat:янтарь value:15")
    out = await console.execute("/game next")
    # K6: Check! says when the key comes, not «может выковать» now.
    assert "🔑 Шах! Янтаря хватает на ключ: Аня выкует его в начале своего следующего хода." in out
    before = await state_of(services)
    out = await console.execute("/kf forge")
    assert "Сейчас ход Бориса. Аня выкует ключ в начале своего хода" in out
    assert "Ничего не изменено." in out and "Победитель" not in out
    assert await state_of(services) == before
    out = await console.execute("/kf forge player:Борис")  # the active player may: too poor
    assert "Борис не может выковать ключ" in out
    console.user = "Борис"
    out = await console.execute("/game next")  # her own turn now: the key comes first (6: K3)
    assert "🔑 В начале хода Аня выковывает ключ за 6 янтаря" in out and "Ключей: 1" in out


async def test_m1_b2_b3_a_book_trait_the_bot_does_not_track(
    console: Console, services: Services
) -> None:
    """A term of the game's glossary is not «не черта этой игры»: the bot says it does not
    track it and how to read its rule; since playtest 6 (B2) the card is added without it."""
    console.user = "Аня"
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    before = await state_of(services)
    out = await console.execute("/unit add Серый ворг life:10 traits:Быстрый, Ближний бой +1")
    assert "Черту «Быстрый» бот не отслеживает — следите за ней сами" in out
    assert "её правило: /правило Быстрый" in out and "не черта" not in out
    assert "Ничего не изменено" not in out and "Серый ворг" in out
    out = await console.execute("/unit add Ворг life:10 traits:горение 2")  # a token, not a trait
    assert "«горение» — жетон, а не черта: положите его через /жетон добавить" in out
    assert len((await state_of(services)).units) == len(before.units) + 1
    await console.execute("/game end")
    await console.execute("!press 1")
    await console.execute("/game start game:berserk player1:Борис")
    out = await console.execute("/unit add Лесная гарпия life:5 traits:Летающее")
    # the glossary's name, and Berserk's own word for it (playtest 6, B1)
    assert "Особенность «Летающее существо» бот не отслеживает" in out
    out = await console.execute("/unit add Призрачный рыцарь life:6 traits:Бестелесный")
    assert "Особенность «Бестелесность» бот не отслеживает" in out


async def test_b1_k2_the_untracked_trait_says_what_to_do_instead(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    out = await console.execute("/unit add Гном-латник life:8 traits:Броня 1, Неповоротливость 1")
    assert "Особенность «Неповоротливость 1» на карте не хранится — указывайте её при ударе" in out
    assert "/берсерк удар неповоротливость:1." in out  # playtest 12 B4: no brackets, no «Х»
    await console.execute("/game end")
    await console.execute("!press 1")
    await console.execute("/game start game:keyforge player1:Борис")
    out = await console.execute("/unit add Ящер-охотник power:4 traits:Штурм 2")
    # playtest 18 K1: Assault is kept on the card and dealt by /кф бой, so no advice follows
    assert "Новое существо: Ящер-охотник (Аня) · сила 4 · штурм 2" in out
    assert "не учитывает" not in out
    out = await console.execute("/unit add Ящер power:4 traits:Мурлыка")  # no such word
    # playtest 18 K1: KeyForge's seed says «способность», never «черта»
    assert "Способности «Мурлыка» бот не знает. На карте он хранит: сила, броня, оберег" in out


async def test_w3_c5_a_game_without_traits_never_lists_none(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:whfb player1:Борис")
    out = await console.execute("/unit add Маг Огня life:3 traits:Уровень 2")
    # playtest 7, W4: WFB now has one trait, «маг» (which units are wizards), and lists it
    assert "Черты «Уровень 2» бот не знает. Он учитывает черты: маг." in out
    assert "Черты: —" not in out
    await console.execute("/game end")
    await console.execute("!press 1")
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    out = await console.execute("/unit add Ударный отряд life:3 traits:Броня 1")
    # playtest 7, C2: the unit is added and the trait said to be left out, not the unit refused
    assert "Новый отряд: Ударный отряд" in out
    assert "Черту «Броня 1» бот не отслеживает: у отряда он хранит только здоровье и урон" in out


async def test_the_family_reads_well_in_english(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:keyforge player1:bob")
    out = await console.execute("/unit add Hunter power:4 traits:Штурм 2")
    assert "assault 2" in out and "does not apply" not in out  # playtest 18 K1: /kf fight does
    await console.execute("/game end")
    await console.execute("!press 1")
    await console.execute("/game start game:conquest player1:bob hale:7 bloodied:4")
    out = await console.execute("/unit add Squad life:3 traits:Armor 1")
    # playtest 7, C2: the unit is added, the trait said to be left out
    assert "New unit: Squad" in out
    assert "The bot does not track the trait “Armor 1”: it keeps only a unit's HP and damage" in out


async def test_c1_c2_a_plural_name_never_meets_a_singular_verb(console: Console) -> None:
    """The piece is named by its kind, in each game's word, so the name stays as typed."""
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    await console.execute("/unit add Орочьи парни life:3")
    out = await console.execute("/unit rename target:Орочьи парни name:Орки-штурмовики")
    assert "Отряд «Орочьи парни» теперь зовётся «Орки-штурмовики»." in out
    await console.execute("/unit add Бойз-ветераны life:2")
    out = await console.execute("/unit remove target:Бойз-ветераны")
    assert "Отряд «Бойз-ветераны» уходит со стола." in out
    out = await console.execute("/unit rename target:Аня name:Аня-воевода")
    assert "Военачальник «Аня» теперь зовётся «Аня-воевода»." in out
    await console.execute("/game end")
    await console.execute("!press 1")
    await console.execute("/game start game:whfb player1:Борис")
    await console.execute("/unit add Маги огня")
    assert "Маг «Маги огня» уходит со стола." in await console.execute("/unit remove Маги огня")
    await console.execute("/game end")
    await console.execute("!press 1")
    await console.execute("/game start game:berserk player1:Борис")
    await console.execute("/unit add Гномы life:5")
    out = await console.execute("/unit rename target:Гномы name:Гномы-латники")
    assert "Существо «Гномы» теперь зовётся «Гномы-латники»." in out
    out = await console.execute("/unit remove target:Гномы-латники")
    assert "Существо «Гномы-латники» уходит со стола." in out


async def test_c3_an_exhausted_unit_is_marked_with_set(
    console: Console, services: Services
) -> None:
    """«Обессиленный» is a state of a card in the Conquest rules, not a token: `/token add` says
    how to mark it, `/set` marks it on a unit, and the headquarters phase readies it."""
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    await console.execute("/unit add Ударный отряд life:3")
    before = await state_of(services)
    out = await console.execute("/token add target:Ударный отряд token:обессилен")
    assert "«обессилен» — не жетон, а состояние карты: отметьте его через /задать" in out
    assert "цель:Ударный отряд показатель:обессилен значение:1 (снять отметку — значение:0)" in out
    assert await state_of(services) == before
    out = await console.execute("/set target:Ударный отряд stat:обессилен value:1")
    assert "Ударный отряд: карта обессилена." in out
    assert "• Ударный отряд ❤ ▰▰▰▰▰ 3/3 · обессилен" in await console.execute("/game show")
    assert "Ударный отряд: карта снова готова." in await console.execute("/game next")
    board = await console.execute("/game show")
    assert "Ударный отряд ❤ ▰▰▰▰▰ 3/3\n" in board and "обессилен" not in board


async def test_k1_life_and_power_are_one_stat_in_keyforge(
    console: Console, services: Services
) -> None:
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Борис")
    out = await console.execute("/unit add name:Тролль life:8 power:8 armor:0")
    assert out.strip().endswith("Новое существо: Тролль (Аня) · сила 8 · броня 0")
    before = await state_of(services)
    out = await console.execute("/unit add name:Гоблин life:8 power:5")
    assert "Параметры «жизнь» и «сила» в этой игре задают один показатель («сила»)" in out
    assert await state_of(services) == before


async def test_k5_power_tokens_by_the_stat_they_raise_and_counted_once(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Борис")
    await console.execute("/unit add name:Крушитель power:9 traits:броня 1")
    out = await console.execute("/token add target:Крушитель token:сила count:3")
    assert (
        "Крушитель · жетоны силы: 0 → 3 (сила 12 — столько урона уничтожит существо)\n" in out
        and "❤" not in out
    )  # playtest 7 slip K3
    board = await console.execute("/game show")
    assert "• Крушитель · сила 12 (9 + 3 жетона) · броня 1" in board  # power read with its tokens
    assert "жетоны:" not in board and "×" not in board
    await console.execute("/token add target:Крушитель token:жетон силы count:2")
    assert "сила 14 (9 + 5 жетонов)" in await console.execute("/game show")


async def test_c6_a_command_after_the_win_names_the_winner(console: Console) -> None:
    """Seed 003:116 and the bloodied side: the second defeat ends the game; the next command
    says the game is over and who won, not «нет партии»."""
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    await console.execute("/dmg target:Аня amount:7")
    assert "Победитель: **Борис**" in await console.execute("/dmg target:Аня amount:4")
    out = await console.execute("/heal target:Борис amount:2")
    assert "Партия окончена, победитель — Борис." in out and "нет партии" not in out
    assert "отменить последний шаг — /игра отменить, новая партия — /игра начать" in out
    await console.execute("/game end")  # nothing to end; a new channel game is still refused
    console.channel = "другой"
    assert "В этом канале нет партии" in await console.execute("/heal target:Борис amount:2")


async def test_c4_the_log_names_the_warlord_not_the_player(console: Console) -> None:
    """Seed 003:116: a defeated hale Warlord goes to its HQ bloodied and exhausted; the log
    says it of «военачальник Ани» in one fragment, and the HQ phase readies him by that name."""
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    await console.execute("/dmg target:Аня amount:7")
    await console.execute("/game next")
    log = await console.execute("/game log")
    assert (
        "урон — военачальник Ани · урон 0 → 7; военачальник Ани: окровавлен, в штабе, обессилен;"
        " военачальник Ани · урон 7 → 0" in log
    )
    assert "Военачальник Ани снова готов" in log and "Аня: отмечено" not in log


async def test_k4_a_creature_used_this_turn_fights_again_with_a_remark(console: Console) -> None:
    """Published rules (the bot's «Бой» entry): a fight exhausts the creature, and removing a
    stun uses it too; a second fight in the turn is recorded (a card may ready it) and said."""
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Борис")
    await console.execute("/unit add name:Крушитель power:9")
    await console.execute("/token add target:Крушитель token:оглушение")
    await console.execute("/unit add name:Гоблин power:2 owner:Борис")
    await console.execute("/unit add name:Матушка power:3 owner:Борис")
    out = await console.execute("/kf fight attacker:Крушитель target:Гоблин")
    assert "только снимает оглушение" in out and "истощено" not in out
    out = await console.execute("/kf fight attacker:Крушитель target:Гоблин")
    assert "⚠ Существо «Крушитель» уже истощено в этом ходу — снова сражаться" in out  # 7: K4
    assert "только если его подготовила карта. Бой записан." in out
    assert (
        "• Крушитель · сила 9 · урон 2 (до уничтожения ещё 7) · карта истощена"
        in await console.execute("/game show")
    )
    out = await console.execute("/game next")
    assert "истощено" not in out and "готов" not in out  # readied silently
    console.user = "Борис"
    await console.execute("/game next")
    console.user = "Аня"
    out = await console.execute("/kf fight attacker:Крушитель target:Матушка")
    assert "⚠" not in out and "💀 уничтожен" in out  # playtest 10, K1
