"""A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, a unix socket there.

As root the server runs as the `postgres` user (PostgreSQL refuses root). `ARBITER_TEST_PG_URL`
points the tests at a server someone else started instead (CI may do that).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

BIN_DIRS = [
    Path(os.environ.get("ARBITER_PG_BIN", "")),
    *sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True),
]


def find_bin() -> Path | None:
    for d in BIN_DIRS:
        if str(d) and (d / "initdb").exists() and (d / "pg_ctl").exists():
            return d
    found = shutil.which("initdb")
    return Path(found).parent if found else None


@dataclass
class Cluster:
    root: Path
    bin: Path
    user: str | None  # run as this user (when we are root)

    @property
    def data(self) -> Path:
        return self.root / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://arbiter@/{database}?host={self.root}&port=5432"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)

    def start(self) -> None:
        init = self._run(
            "initdb",
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "arbiter",
            "-E",
            "UTF8",
            "--no-sync",
            "--locale=C",
        )
        if init.returncode:
            raise RuntimeError(f"initdb failed: {init.stderr.strip() or init.stdout.strip()}")
        up = self._start_server()
        if up.returncode:
            log = (self.root / "server.log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"pg_ctl start failed: {up.stderr.strip()} {log}")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart_server(self) -> None:
        self._start_server()

    def _start_server(self) -> subprocess.CompletedProcess[str]:
        """`pg_ctl start` on the cluster's socket folder, waiting up to 30 s for it to answer."""
        opts = f"-k {self.root} -c listen_addresses='' -p 5432 -F -c max_connections=200"
        log = str(self.root / "server.log")
        return self._run(
            "pg_ctl", "-D", str(self.data), "-o", opts, "-l", log, "-w", "-t", "30", "start"
        )

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


def start_cluster() -> Cluster:
    """Start a cluster (RuntimeError with the reason if it cannot be started)."""
    bindir = find_bin()
    if bindir is None:
        raise FileNotFoundError("no PostgreSQL binaries (initdb, pg_ctl) found")
    root = Path(tempfile.mkdtemp(prefix="arbiter-pg-"))
    user = None
    if os.geteuid() == 0:
        user = "postgres"
        pw = pwd.getpwnam(user)
        os.chown(root, pw.pw_uid, pw.pw_gid)
    cluster = Cluster(root, bindir, user)
    try:
        cluster.start()
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return cluster
