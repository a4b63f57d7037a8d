"""migrate-db's peak memory and time (prints, never asserts): `python -m bench.migrate`.

For each size (events; games grow with them, rolls stay 10,000) it builds a database with
`bench.bigdb`, then runs the real `python -m bot migrate-db` in a child process into a new
SQLite file and, when PostgreSQL binaries are installed, into a throwaway PostgreSQL database,
and prints the child's peak RSS (its VmHWM) and wall time. Bounded memory shows as a
peak that does not grow with the size. The target in issue 18 is ≤ 200 MB at 1.4 M events:
`--events 1400000` (some minutes to build and copy).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bigdb import build

_CHILD = """
import sys
from bot.cli import main
try:
    code = main(sys.argv[1:])
finally:
    with open("/proc/self/status") as status:
        peak = next(line for line in status if line.startswith("VmHWM:"))
    print("peak-rss-kb", peak.split()[1], file=sys.stderr)
raise SystemExit(code)
"""


def run_child(args: list[str]) -> tuple[int, float, float]:
    """(exit code, seconds, peak RSS in MB) of `python -m bot <args>` in a child process.

    The peak is the child's own VmHWM, read as it exits: `wait4`'s ru_maxrss would also count
    the memory of this parent at the fork.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", _CHILD, *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    peak_kb = 0.0
    for line in proc.stderr.splitlines():
        if line.startswith("peak-rss-kb "):
            peak_kb = float(line.split()[1])
        elif line.strip():
            print("   ", line[-300:])
    return proc.returncode, seconds, peak_kb / 1024


def pg_target(cluster: object) -> str:
    import asyncpg

    url_of = cluster.url  # type: ignore[attr-defined]
    name = f"bench{time.monotonic_ns()}"

    async def create() -> None:
        conn = await asyncpg.connect(url_of("postgres"))
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    asyncio.run(create())
    return str(url_of(name))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, nargs="+", default=[150_000, 600_000])
    parser.add_argument("--no-pg", action="store_true")
    args = parser.parse_args()
    cluster = None
    if not args.no_pg:
        from tests.storage.pgcluster import start_cluster

        try:
            cluster = start_cluster()
        except (OSError, RuntimeError) as exc:
            print(f"no PostgreSQL ({exc}); SQLite targets only")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            print("events     games   build s  target       copy s  peak RSS MB")
            for events in args.events:
                source = Path(tmp) / f"src{events}.sqlite3"
                size = build(source, games=max(1000, events // 130), events=events)
                targets = [("sqlite", str(Path(tmp) / f"dst{events}.sqlite3"))]
                if cluster is not None:
                    targets.append(("postgresql", pg_target(cluster)))
                for kind, target in targets:
                    code, seconds, rss = run_child(
                        ["migrate-db", "--from", str(source), "--to", target]
                    )
                    status = "" if code == 0 else f"  (exit {code})"
                    print(
                        f"{size.events:<10} {size.games:<7} {size.seconds:<8.1f} {kind:<12}"
                        f" {seconds:<7.1f} {rss:.0f}{status}"
                    )
                source.unlink()
    finally:
        if cluster is not None:
            cluster.remove()


if __name__ == "__main__":
    main()
