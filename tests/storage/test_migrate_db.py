"""`migrate-db`: an SQLite install moved into PostgreSQL keeps every row and every game exactly,
goes on working there (new ids, undo, redo), and a non-empty target is refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.app import create_services
from bot.cli import main
from bot.config import Settings
from bot.context import Ctx, Services, UserRef
from bot.handlers import tracker_ops as service
from bot.storage import open_storage
from bot.storage.api import RollRecord
from bot.storage.migrate import MigrationRefused, counts, migrate
from tests.storage import fixtures as both
from tests.storage.fixtures import PgServer

pg_server = both.pg_server


def ctx(svc: Services, name: str, channel: int) -> Ctx:
    return Ctx(svc, UserRef.from_name(name), channel, 1, lang="ru")


async def filled(path: Path) -> dict[int, object]:
    """An install with an ended game and an active one (units, items, undone steps, a live
    message), rolls and meta; returns each game's state."""
    svc = await create_services(Settings(), db_path=path, rng=random.Random(3))
    try:
        a = ctx(svc, "alice", 101)
        await service.start(a, "keyforge", [UserRef.from_name("bob")], {})
        await service.add(a, "bob", "aember", 3)
        await service.end(a)
        m = ctx(svc, "alice", 202)
        await service.start(m, "mage-wars", [UserRef.from_name("bob")], {"life": 30})
        await service.add_unit(m, "Bear", None, {"life": 6})
        await service.add_unit(m, "Bear", None, {"life": 6})
        await service.damage(m, "Bear 2", 2)
        await service.token(m, "Bear", "burn", 2)
        await service.undo(m)  # one step waits on the redo stack
        game_id = await svc.storage.tracker.active_game_id(202)
        assert game_id is not None
        await svc.storage.tracker.set_live_message(game_id, 777, 5.5)
        await svc.storage.rolls.add(
            RollRecord(101, 1, "alice", "roll", {"expr": "1d6"}, {"total": 4}, False, 1.0)
        )
        await svc.storage.meta.set("commands.hash", "abc")
        for member in ("m1", "m2"):  # a learned lookup link (issue 19) and its two picks
            await svc.storage.learned.record_pick(
                1, "брон", "броню", "mage-wars/armor", member, 2.0, agree=2, bound=10
            )
        ids = [int(r[0]) for r in await svc.storage.db.fetch("SELECT id FROM tracker_games")]
        return {i: await svc.storage.tracker.load(i) for i in ids}
    finally:
        await svc.storage.close()


async def test_migrate_copies_everything_and_the_game_goes_on(
    tmp_path: Path, pg_server: PgServer
) -> None:
    path = tmp_path / "a.sqlite3"
    games = await filled(path)
    url = await pg_server.new_database()
    report = await migrate(path, url)
    assert report.games == 2 and report.counts["tracker_events"] > 10
    assert report.counts["rolls"] == 1 and report.counts["meta"] == 1
    svc = await create_services(Settings(), db_path=url, rng=random.Random(3))
    try:
        for game_id, state in games.items():
            assert await svc.storage.tracker.load(game_id) == state
        assert await svc.storage.meta.get("commands.hash") == "abc"
        assert report.counts["lookup_picks"] == 2 and report.counts["lookup_links"] == 1
        assert await svc.storage.learned.link(1, "брон") == "mage-wars/armor"
        m = ctx(svc, "alice", 202)
        await service.redo(m)  # the undone step came along
        after = await service.load_state(svc.storage, 202)
        assert after is not None
        bear = next(u for u in after.units if u.name == "Bear")
        assert bear.value("burn") == 2
        await service.add_unit(m, "Wolf", None, {"life": 3})  # new ids do not collide
        await service.undo(m)
        again = await service.load_state(svc.storage, 202)
        assert again is not None
        assert (again.units, again.participants) == (after.units, after.participants)
    finally:
        await svc.storage.close()


async def test_a_non_empty_target_is_refused(tmp_path: Path, pg_server: PgServer) -> None:
    path = tmp_path / "a.sqlite3"
    await filled(path)
    url = await pg_server.new_database()
    target = await open_storage(url)
    await target.meta.set("something", "here")
    before = await counts(target.db)
    await target.close()
    with pytest.raises(MigrationRefused, match="not empty"):
        await migrate(path, url)
    target = await open_storage(url)
    try:
        assert await counts(target.db) == before
    finally:
        await target.close()


async def test_the_cli_reports_and_refuses(
    tmp_path: Path, pg_server: PgServer, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.sqlite3"
    await filled(path)
    url = await pg_server.new_database()
    import asyncio

    code = await asyncio.to_thread(main, ["migrate-db", "--from", str(path), "--to", url])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "tracker_events:" in out.out and "verified" in out.out
    # run again (as after a kill during verification): the copy is verified, nothing written
    code = await asyncio.to_thread(main, ["migrate-db", "--from", str(path), "--to", url])
    out = capsys.readouterr()
    assert code == 0 and "already holds a copy" in out.out and "verified" in out.out
    code = await asyncio.to_thread(
        main, ["migrate-db", "--from", str(path), "--to", url, "--verify"]
    )
    assert code == 0 and "verified" in capsys.readouterr().out
    target = await open_storage(url)
    await target.meta.set("something", "new")
    await target.close()
    code = await asyncio.to_thread(main, ["migrate-db", "--from", str(path), "--to", url])
    err = capsys.readouterr().err
    assert code == 1 and "refused" in err and "not empty" in err and err[-1] == "\n"
    code = await asyncio.to_thread(
        main, ["migrate-db", "--from", str(path), "--to", url, "--verify"]
    )
    err = capsys.readouterr().err
    assert code == 1 and "meta: 1 → 2 rows" in err
    code = await asyncio.to_thread(
        main, ["migrate-db", "--from", str(tmp_path / "no"), "--to", url]
    )
    assert code == 1 and "no database" in capsys.readouterr().err


async def test_no_password_is_printed(
    tmp_path: Path, pg_server: PgServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """The test server trusts local users, so a wrong password still connects."""
    path = tmp_path / "a.sqlite3"
    await filled(path)
    url = await pg_server.new_database()
    with_user = url.replace("postgresql://arbiter@", "postgresql://arbiter:hunter2@")
    in_query = url + "&password=swordfish"
    import asyncio

    assert (
        await asyncio.to_thread(main, ["migrate-db", "--from", str(path), "--to", with_user]) == 0
    )
    other = await pg_server.new_database()
    assert await asyncio.to_thread(main, ["migrate-db", "--from", in_query, "--to", other]) == 0
    unreachable = "postgresql://arbiter:letmein@127.0.0.1:1/none?password=opensesame"
    assert (
        await asyncio.to_thread(main, ["migrate-db", "--from", str(path), "--to", unreachable]) == 1
    )
    out = capsys.readouterr()
    printed = out.out + out.err
    assert "arbiter:***@" in printed and "password=***" in printed
    for secret in ("hunter2", "swordfish", "letmein", "opensesame"):
        assert secret not in printed
