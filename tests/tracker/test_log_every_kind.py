"""Every game played in the console through each command that writes a tracker step, then its
log and export read in both languages.

A blind playtest found `/game log` answering «Что-то пошло не так» after `/mw act` or
`/berserk wound`: the log had no name for those kinds of step. Here each game's script runs
every step-writing command it has; the log must then show every step, each by its own name,
and the export must come out, in Russian and in English.
"""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.handlers.tracker_describe import ACTION_UNKNOWN, action_name, step_line
from bot.i18n import LANGUAGES, catalogue, t
from bot.tracker.records import StepRecord
from tests.helpers.tracker import CHANNEL, state_of

JOIN_LEAVE = ["!user carol", "/game join", "/game leave", "!user alice"]
COMMON = [  # in every game: a unit added, renamed and removed
    "/unit add Пробный life:3",
    "/unit rename target:Пробный name:Запасной",
    "/unit remove Запасной",
]
END = ["/game undo", "/game redo", "/game end", "!press 1"]
# A two-player game: bob joins after the start; his leaving concedes it (and ends it).
BOB_JOINS = ["!user bob", "/game join", "!user alice"]
BOB_LEAVES = ["/game undo", "/game redo", "!user bob", "/game leave", "!press 1"]

SCRIPTS: dict[str, tuple[list[str], set[str]]] = {
    "mage-wars": (
        [
            "/game start game:mage-wars player1:bob life:20",
            *JOIN_LEAVE,
            *COMMON,
            "/unit add Страж life:9 armor:1 defense:8",
            "/set target:Страж stat:ответный удар value:3",
            "/set target:Страж stat:защитное поле value:2",
            "/unit add Бес life:4",
            "!user bob",
            "/unit add Тролль life:30 armor:0",
            "/mw attack dice:3 target:Страж attacker:Тролль melee:true defense:0",
            "!user alice",
            "!press 1",
            "!press 2",
            "/mw zone dice:2 targets:Тролль, Бес",
            "/mw sweep dice:2 targets:Тролль, Страж",
            "/token add Тролль token:оглушение",
            "/token add Тролль token:горение count:2",
            "/token remove Тролль token:горение count:1",
            "/mw burn tokens:1 target:Тролль extra_roll:true",
            "/token add Тролль token:нокаут",
            "/mw act target:Тролль begin:true",
            "/mw act target:Тролль",
            "/token clear Тролль",
            "/dmg Тролль amount:2",
            "/heal Тролль amount:1",
            "/add target:alice stat:мана amount:2",
            "/mana amount:-1",
            "/game next",
            *END,
        ],
        {
            "start",
            "join",
            "leave",
            "unit.add",
            "unit.rename",
            "unit.remove",
            "set",
            "attack",
            "counterstrike",
            "barrier",
            "zone",
            "sweep",
            "token",
            "burn",
            "mw_activate",
            "mw_act",
            "token.clear",
            "dmg",
            "heal",
            "add",
            "next",
            "end",
        },
    ),
    "berserk": (
        [
            # EN-10 CQ-2: Berserk seats two, so bob joins after the start (and leaves below)
            "/game start game:berserk",
            *BOB_JOINS,
            *COMMON,
            "/unit add Гном life:5 armor:1",
            "/unit add Лучник life:4 owner:bob",
            "/berserk strike values:1-2-3 target:Гном attacker:Лучник",
            "/berserk wound target:Лучник amount:1",
            "/berserk wound target:Гном amount:1 source:poison",
            "/token add Гном token:фишки",
            "/add target:alice stat:золотые кристаллы amount:2",
            "/game next",
            *BOB_LEAVES[2:],  # his leaving concedes; undone, so the game can be ended
            "!user alice",
            "/game undo",
            *END,
        ],
        {"start", "join", "leave", "unit.add", "berserk_wound", "token", "add", "next", "end"},
    ),
    "whfb": (
        [
            "/game start game:whfb player1:bob",
            *JOIN_LEAVE,
            *COMMON,
            "/set target:alice stat:маги value:2",
            "/set target:bob stat:маги value:1",
            "/whf winds wizards:2 enemy_wizards:1",
            "/whf cast dice:2 level:1 value:5",
            "!user bob",
            "/whf dispel dice:1 level:1 against:5",
            "!user alice",
            "/dmg Запасной amount:1",
            "/game next",
            *END,
        ],
        {"start", "join", "leave", "unit.add", "set", "pools", "cast", "dispel", "next", "end"},
    ),
    "conquest": (
        [
            "/game start game:conquest hale:7 bloodied:4",
            *COMMON,
            *BOB_JOINS,
            "/unit add Космодесантник life:3",
            "/dmg Космодесантник amount:1",
            "/add target:alice stat:ресурсы amount:2",
            "/dmg Космодесантник amount:1 shield:1",  # EN-8 CQ-2: Conquest has no tokens
            "/planet name:Ферракс icons:материалы,технологии",
            "/dmg alice amount:7",
            "/game next",
            *BOB_LEAVES,
        ],
        {"start", "join", "leave", "unit.add", "dmg", "add", "item.add", "next"},
    ),
    "keyforge": (
        [
            "/game start game:keyforge",
            "/set target:alice stat:янтарь value:7",  # the state as it stands: still step 1
            "/kf forge",  # a key a card forges (playtest 8 slip K1)
            *COMMON,
            *BOB_JOINS,
            "/add target:alice stat:янтарь amount:1",
            "/add target:bob stat:янтарь amount:3",
            "/unit add Крамп power:5 armor:1",
            "/kf capture Крамп amount:1",
            "/kf steal amount:1",
            "/game next",
            *BOB_LEAVES,
        ],
        {"start", "join", "leave", "unit.add", "add", "kf_capture", "kf_steal", "forge", "next"},
    ),
    "custom": (
        [
            "/game start game:custom player1:bob life:20",
            *JOIN_LEAVE,
            *COMMON,
            "/dmg bob amount:3",
            "/heal bob amount:1",
            "/set target:alice stat:жизнь value:15",
            "/game next",
            *END,
        ],
        {"start", "join", "leave", "unit.add", "dmg", "heal", "set", "next", "end"},
    ),
}


CRASH = [t("error.unexpected", lang, error_id="").split(".")[0] for lang in LANGUAGES]


def _crashed(reply: str) -> bool:
    """«Что-то пошло не так» / “Something went wrong”: a bug's apology, not a refusal."""
    return any(text in reply for text in CRASH)


@pytest.mark.parametrize("slug", sorted(SCRIPTS))
async def test_every_step_kind_reads_in_the_log_and_export(
    console: Console, services: Services, slug: str
) -> None:
    lines, kinds = SCRIPTS[slug]
    for line in lines:
        reply = await console.execute(line)
        assert not _crashed(reply), f"{line}\n{reply}"
    game_id = await services.storage.tracker.latest_game_id(CHANNEL)
    assert game_id is not None
    steps = await services.storage.tracker.history(game_id)
    written = {s.action for s in steps}
    assert kinds <= written, f"{slug}: never written: {sorted(kinds - written)}"
    for lang in LANGUAGES:
        reader = Console(services, user="alice", channel="table", lang=lang)
        log = await reader.execute("/game log n:50")
        assert not _crashed(log), log
        unknown = t(ACTION_UNKNOWN, lang)
        for s in steps:
            key = f"tracker.action.{s.action}"
            assert catalogue().lookup_exact(key, lang), f"{key} has no {lang} text"
            shown = next((x for x in log.splitlines() if x.startswith(f"#{s.id} ")), None)
            assert shown is not None, f"step #{s.id} ({s.action}) not in the {lang} log:\n{log}"
            name = action_name(s.action, lang, slug)
            assert name != unknown, shown
            said = shown.split(": ", 1)[1].split(" — ")[0]
            if s.action == "add" and said != name:  # playtest 3 slip 24: named by its stat
                assert f" · {said} " in shown, shown
            else:
                assert f": {name}" in shown, shown
        export = await reader.execute("/game export")
        assert not _crashed(export) and "📎 game-" in export, export


async def test_an_unknown_step_kind_reads_as_a_plain_action(
    console: Console, services: Services
) -> None:
    """A kind no catalogue text names (a newer bot's, say) never breaks the log or undo."""
    await console.execute("/game start game:custom player1:bob life:20")
    state = await state_of(services)
    step = StepRecord(7, 0.0, 1, "alice", "from_the_future", {}, "done")
    assert f"tracker.action.{step.action}" not in catalogue()
    for lang in LANGUAGES:
        line = step_line(step, state, {}, lang)
        assert line.startswith("#7 ") and line.endswith(f"alice: {t(ACTION_UNKNOWN, lang)}"), line


def _written_kinds() -> set[str]:
    """Step kinds the code writes as literals: `run_step(…, "kind", body, …)` and the
    follow-up kinds (`counterstrike`, `barrier`, `zone`, `sweep`) it picks from a table."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "bot"
    kinds: set[str] = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            # the kind's place: run_step(table, state, kind, …); _hit/_change_stat(table, target,
            # amount or stat, kind, …) in bot/tracker/counters.py
            at = {"run_step": 2, "core_run_step": 2, "_hit": 3, "_change_stat": 3}.get(name)
            if at is not None and len(node.args) > at:
                arg = node.args[at]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    kinds.add(arg.value)
    return kinds


def test_every_kind_written_in_the_code_has_a_name_in_both_languages() -> None:
    from bot.games.mage_wars.ui.followups import KINDS

    kinds = _written_kinds() | set(KINDS.values()) | {"zone", "sweep", "start"}
    assert {"mw_act", "mw_activate", "berserk_wound", "kf_steal", "dmg", "set"} <= kinds
    for kind in kinds:
        for lang in LANGUAGES:
            assert catalogue().lookup_exact(f"tracker.action.{kind}", lang), (kind, lang)
