"""The learned-lookup repository on both back ends (issue 19): distinct members agree before a
link exists, a second process sees it at once, «не то» removes it with its picks, each server is
bounded, and the export groups links across servers."""

from __future__ import annotations

from bot.storage import open_storage
from tests.storage import fixtures as both

pg_server, target = both.pg_server, both.target


async def test_agreement_links_undo_bounds_and_export(target: str) -> None:
    one = await open_storage(target)
    two = await open_storage(target)  # a second process on the same database
    try:
        repo, other = one.learned, two.learned

        async def pick(guild: int, query: str, entry: str, member: str, at: float) -> str | None:
            return await repo.record_pick(guild, query, query, entry, member, at, agree=2, bound=3)

        assert await pick(1, "брон", "mw/armor", "m1", 1.0) is None
        assert await pick(1, "брон", "mw/armor", "m1", 2.0) is None  # the same member again
        assert await pick(1, "брон", "kf/bronya", "m2", 3.0) is None  # disagreeing
        assert await other.link(1, "брон") is None
        assert await pick(1, "брон", "mw/armor", "m2", 4.0) == "mw/armor"
        assert await other.link(1, "брон") == "mw/armor"
        assert await other.link(2, "брон") is None  # another server learned nothing
        # «не то» in the other process: gone, and the picks that made it too
        assert await other.unlink(1, "брон") == "mw/armor"
        assert await other.unlink(1, "брон") is None
        assert await repo.link(1, "брон") is None
        assert await pick(1, "брон", "mw/armor", "m3", 5.0) is None
        # bounded per server: the oldest links go, other servers keep theirs
        for n, guild in enumerate((1, 1, 1, 1, 2, 2), start=10):
            for m in ("a", "b"):
                await pick(guild, f"q{n}", "mw/x", m, float(n))
        kept = [q for q in ("q10", "q11", "q12", "q13") if await repo.link(1, q)]
        assert kept == ["q11", "q12", "q13"]
        assert await repo.link(2, "q14") == "mw/x" and await repo.link(2, "q15") == "mw/x"
        picks = await one.db.fetch("SELECT COUNT(*) FROM lookup_picks WHERE guild_id = 1")
        assert int(picks[0][0]) <= 3 * 5
        await pick(2, "q11", "mw/x", "a", 20.0)
        await pick(2, "q11", "mw/x", "b", 21.0)
        pairs = await other.pairs()
        assert pairs[0].query == "q11" and pairs[0].servers == 2 and pairs[0].members == 4
        assert {p.query for p in pairs} == {"q11", "q12", "q13", "q14", "q15"}
    finally:
        await one.close()
        await two.close()
