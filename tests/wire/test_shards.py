"""Two real bot processes as shards 0 and 1 of 2, on one PostgreSQL, against the fake Discord.

Each process is `python -m bot` (through `tests/wire/shardproc.py`, which only points discord.py
at the fake and tags its HTTP requests with the process's name). The fake delivers each guild
only to its shard's gateway connection. The test plays four games (two guilds per shard) through
both processes, SIGKILLs the shard-1 process right after a burst of acknowledged changes (its
board edit still pending in the 2-second window), checks that a click sent while it is down is
not delivered and that shard 0 carries on, restarts it, and then checks: every acknowledged
change is in the database and on the board, the stale board was brought up to date by the new
process and the current one left alone, every message of a guild was posted and edited by its
own shard's process only, and the commands were synced once, by shard 0.

The waits are bounded polls on real events (a request arriving, a row changing); no result
depends on a fixed sleep. Phase timings are printed (`pytest -s`) for reference only.
"""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.app import create_services
from bot.config import Settings
from bot.context import Services
from bot.handlers import tracker_ops as service
from bot.tracker.model import GameState
from tests.storage.fixtures import PgServer, pg_server
from tests.wire.fakediscord import CALLBACK_DEFERRED_UPDATE, FAKE_TOKEN, embed_text
from tests.wire.fakeshards import FakeGuild, ShardedFakeDiscord

__all__ = ["pg_server"]  # the session fixture: one throwaway PostgreSQL server

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2
LIFE = 30
PLUS = "повреждения +1"
START_TIMEOUT = 90.0  # a cold start imports discord.py, opens the pool and loads the glossary
ANSWER_TIMEOUT = 30.0


class ShardProcess:
    """One bot process running one shard; each (re)start gets a new client tag."""

    def __init__(self, shard: int, fake: ShardedFakeDiscord, url: str, folder: Path) -> None:
        self.shard = shard
        self.fake = fake
        self.url = url
        self.folder = folder
        self.runs = 0
        self.tag = ""
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.runs += 1
        self.tag = f"shard{self.shard}-run{self.runs}"
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": FAKE_TOKEN,
            "ARBITER_DATABASE_URL": self.url,
            "ARBITER_DB": str(self.folder / "unused.sqlite3"),
            "ARBITER_SHARD_COUNT": str(SHARDS),
            "ARBITER_SHARD_IDS": str(self.shard),
            "ARBITER_DEV_GUILD": "",
            "ARBITER_INLINE_LOOKUP": "off",
            "ARBITER_LOCALE": "ru",
            "LOG_LEVEL": "INFO",
            "FAKE_DISCORD_API": self.fake.api_base,
            "FAKE_DISCORD_GATEWAY": str(self.fake.gateway_url),
            "FAKE_DISCORD_CLIENT": self.tag,
        }
        with (self.folder / f"{self.tag}.log").open("wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tests.wire.shardproc"],
                cwd=self.folder,  # no .env of the developer's is read
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is None or not self.alive():
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def log_tail(self) -> str:
        path = self.folder / f"{self.tag}.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def logs(self) -> str:
        """Everything every run of this shard wrote."""
        return "".join(
            p.read_text(errors="replace") for p in self.folder.glob(f"shard{self.shard}-*")
        )


class Cluster:
    """The fake Discord, the two processes and the test's own view of the database."""

    def __init__(self, fake: ShardedFakeDiscord, procs: list[ShardProcess], db: Services) -> None:
        self.fake = fake
        self.procs = procs
        self.db = db
        self.acked: dict[int, int] = {}  # guild id → acknowledged clicks
        self.boards: dict[int, int] = {}  # guild id → live message id

    async def wait(self, check: Callable[[], bool], what: str, timeout: float) -> None:
        def ready() -> bool:
            for p in self.procs:
                if p.proc is not None and not p.alive() and p.proc.returncode != -signal.SIGKILL:
                    raise AssertionError(f"{p.tag} exited:\n{p.log_tail()}")
            return check()

        await self.fake.wait_until(ready, timeout=timeout, what=what)

    async def state(self, guild: FakeGuild) -> GameState:
        state = await service.load_state(self.db.storage, guild.channel_id)
        assert state is not None, f"no active game in {guild.name}"
        return state

    async def start_game(self, guild: FakeGuild) -> None:
        since = len(self.fake.requests)
        await self.fake.slash(
            "game start",
            {"game": "mage-wars", "player1": self.fake.bob, "life": LIFE},
            guild=guild,
            timeout=ANSWER_TIMEOUT,
        )
        await self.fake.wait_for_request(
            "POST", f"/channels/{guild.channel_id}/messages", since=since, timeout=ANSWER_TIMEOUT
        )
        for _ in range(500):
            state = await self.state(guild)
            if state.live is not None:
                self.boards[guild.id] = state.live.message_id
                self.acked[guild.id] = 0
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"the board of {guild.name} was never stored")

    def plus_button(self, guild: FakeGuild) -> str:
        for row in self.fake.messages[self.boards[guild.id]]["components"]:
            for c in row["components"]:
                if c.get("label") == PLUS:
                    return str(c["custom_id"])
        raise AssertionError(f"no {PLUS!r} button on the board of {guild.name}")

    async def click(self, guild: FakeGuild, times: int = 1) -> None:
        """Press "повреждения +1" on the board; each answered (acknowledged) press is counted."""
        for _ in range(times):
            _, callback = await self.fake.click(
                self.plus_button(guild),
                message_id=self.boards[guild.id],
                guild=guild,
                timeout=ANSWER_TIMEOUT,
            )
            assert callback.status == 200
            assert callback.json["type"] == CALLBACK_DEFERRED_UPDATE, callback.json
            self.acked[guild.id] += 1

    async def damage(self, guild: FakeGuild) -> int:
        return sum(u.value("damage") for u in (await self.state(guild)).units)

    def board_text(self, guild: FakeGuild) -> str:
        return embed_text(self.fake.messages[self.boards[guild.id]]["embeds"])

    def shows(self, guild: FakeGuild, damage: int) -> bool:
        return f"{LIFE - damage}/{LIFE}" in self.board_text(guild)

    def caught_up(self, guild: FakeGuild) -> bool:
        return self.shows(guild, self.acked[guild.id])


@pytest.fixture
async def cluster(pg_server: PgServer, tmp_path: Path) -> AsyncIterator[Cluster]:
    url = await pg_server.new_database()
    # The test's own connection migrates the empty database first (and reads it throughout),
    # so the processes meet a migrated schema (two first starts on an empty PostgreSQL race in
    # `CREATE TABLE IF NOT EXISTS schema_version`, which runs before the migration lock).
    db = await create_services(Settings(), db_path=url)
    fake = ShardedFakeDiscord(shard_count=SHARDS)
    await fake.start()
    procs = [ShardProcess(shard, fake, url, tmp_path) for shard in range(SHARDS)]
    try:
        yield Cluster(fake, procs, db)
    finally:
        for p in procs:
            p.stop()
        await fake.close()
        await db.storage.close()


async def test_two_shard_processes_share_one_postgresql(cluster: Cluster) -> None:
    fake, procs = cluster.fake, cluster.procs
    guilds = [fake.add_guild(shard) for shard in (0, 1, 0, 1)]
    on0 = [g for g in guilds if g.shard == 0]
    on1 = [g for g in guilds if g.shard == 1]
    timings: dict[str, float] = {}
    mark = time.monotonic()

    def lap(name: str) -> None:
        nonlocal mark
        now = time.monotonic()
        timings[name] = now - mark
        mark = now

    # Both processes start at once; each identifies as its own shard and gets its guilds.
    for p in procs:
        p.start()
    await cluster.wait(
        lambda: (
            sorted(s for s in fake.connected_shards() if s is not None) == [0, 1]
            and None in fake.commands
        ),
        "both shards connected and the commands synced",
        START_TIMEOUT,
    )
    assert sorted(tuple(i["shard"]) for i in fake.identifies) == [(0, SHARDS), (1, SHARDS)]
    lap("start both processes")

    # A game in every guild, then changes through both processes at the same time.
    await asyncio.gather(*(cluster.start_game(g) for g in guilds))
    await asyncio.gather(*(cluster.click(g, 3) for g in guilds))
    for g in guilds:
        assert await cluster.damage(g) == 3
    lap("4 games started, 12 changes")

    # Once the quiet board shows its game, a burst on the other shard-1 board, then SIGKILL
    # right after the last acknowledgement: that board's edit is still waiting out the
    # 2-second window, so it shows an older state.
    hot, quiet = on1
    await cluster.wait(functools.partial(cluster.caught_up, quiet), "the quiet board", 30)
    await cluster.click(hot, 4)
    procs[1].kill()
    lap("burst of 4 and SIGKILL")
    assert await cluster.damage(hot) == cluster.acked[hot.id] == 7
    stale = not cluster.shows(hot, 7)  # almost always: the kill follows the last ack at once

    # While shard 1 is down its guilds' clicks reach nobody; shard 0 carries on.
    await cluster.wait(lambda: 1 not in fake.connected_shards(), "shard 1 to drop", 10)
    await fake.send_interaction(
        3,
        {"custom_id": cluster.plus_button(hot), "component_type": 2},
        guild=hot,
        message=fake.messages[cluster.boards[hot.id]],
    )
    assert [e for e, d in fake.undelivered if d["guild_id"] == str(hot.id)] == [
        "INTERACTION_CREATE"
    ]
    await asyncio.gather(*(cluster.click(g, 2) for g in on0))
    lap("shard 0 alone: 4 changes")

    # The restarted process picks its games up: the stale board is edited to the stored state.
    since = len(fake.requests)
    procs[1].start()
    run2 = procs[1].tag
    await cluster.wait(lambda: 1 in fake.connected_shards(), "shard 1 to reconnect", START_TIMEOUT)
    hot_board = f"/channels/{hot.channel_id}/messages/{cluster.boards[hot.id]}"
    quiet_board = f"/channels/{quiet.channel_id}/messages/{cluster.boards[quiet.id]}"
    await fake.wait_for_request(
        "PATCH" if stale else "GET",
        hot_board,
        since=since,
        timeout=ANSWER_TIMEOUT,
        predicate=lambda r: r.client == run2,
    )
    await cluster.wait(functools.partial(cluster.shows, hot, 7), "the re-attached board", 10)
    await fake.wait_for_request(
        "GET",
        quiet_board,
        since=since,
        timeout=ANSWER_TIMEOUT,
        predicate=lambda r: r.client == run2,
    )
    lap("restart shard 1 and re-attach")

    # Changes through the restarted process land, in both of its guilds.
    await asyncio.gather(cluster.click(hot, 2), cluster.click(quiet, 1))
    lap("3 changes through the restarted process")

    # Nothing acknowledged is lost, nothing unacknowledged is added; every board catches up.
    for g in guilds:
        assert await cluster.damage(g) == cluster.acked[g.id], g.name
    assert cluster.acked == {g.id: n for g, n in zip(guilds, (5, 9, 5, 4), strict=True)}
    for g in guilds:
        await cluster.wait(
            functools.partial(cluster.caught_up, g),
            f"the board of {g.name} to show the final state",
            ANSWER_TIMEOUT,
        )
    lap("final state on every board")

    # Each guild's messages were posted and edited by its own shard's process only, and its
    # interactions answered by it; the boards kept their ids across the restart.
    for g in guilds:
        mine = f"shard{g.shard}-"
        touched = fake.channel_requests(g)
        assert touched and all(r.client.startswith(mine) for r in touched), (
            g.name,
            sorted({r.client for r in touched}),
        )
        assert not [r for r in touched if r.method == "POST" and r.path.endswith("/messages")][1:]
        for sent in fake.interactions.values():
            if sent.payload["guild_id"] != str(g.id):
                continue
            answers = fake.find("POST", f"/interactions/{sent.id}/{sent.token}/callback")
            assert all(r.client.startswith(mine) for r in answers)
    # The quiet board was read back and found current: no edit until its one change since.
    quiet_edits = [
        r for r in fake.find("PATCH", None) if r.path == quiet_board and r.client == run2
    ]
    assert len(quiet_edits) == 1, [r.json for r in quiet_edits]
    # One global command sync, by shard 0; shard 1 never pushed (nor did the restart).
    puts = fake.find("PUT", "/applications/{app}/commands")
    assert [r.client for r in puts] == ["shard0-run1"]
    for p in procs:
        logs = p.logs()
        assert "Traceback" not in logs and " ERROR " not in logs, logs[-3000:]
    assert "re-attached 2 live message(s) on shards 1 of 2" in procs[1].log_tail()
    print("\nshard wire test timings:", {k: round(v, 2) for k, v in timings.items()})
    print("board stale at the kill:", stale)
