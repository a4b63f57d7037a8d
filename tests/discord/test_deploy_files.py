"""The deployment files as an admin uses them (issue 18): compose files that docker-compose 1.29
(Debian bookworm's package) accepts as well as Compose v2, a PostgreSQL overlay, shard services
that each have their own heartbeat, an image without dead layers, and documented commands that
name files and services that exist."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
BASE = "docker-compose.yml"
POSTGRES = "docker-compose.postgres.yml"
SHARDS = "docker-compose.shards.yml"
PG_URL = "postgresql://arbiter:arbiter@postgres:5432/arbiter"


def load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((ROOT / name).read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def merged(*names: str) -> dict[str, dict[str, Any]]:
    """Services after overlaying the files in order (compose's merge: mappings merge by key)."""

    def merge(a: Any, b: Any) -> Any:
        if isinstance(a, dict) and isinstance(b, dict):
            return {k: merge(a[k], b[k]) if k in a and k in b else {**a, **b}[k] for k in a | b}
        return b

    services: dict[str, Any] = {}
    for name in names:
        services = merge(services, load(name).get("services", {}))
    return services


def walk(node: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    found = [(path, node)]
    if isinstance(node, dict):
        for key, value in node.items():
            found += walk(value, (*path, str(key)))
    elif isinstance(node, list):
        for value in node:
            found += walk(value, path)
    return found


@pytest.mark.parametrize("name", [BASE, POSTGRES, SHARDS])
def test_no_key_that_docker_compose_1_29_rejects(name: str) -> None:
    """1.29 refuses `depends_on: {x: {required: …}}` (Compose ≥ 2.20) and knows no `include`."""
    data = load(name)
    assert "include" not in data
    for path, node in walk(data):
        if len(path) >= 2 and path[-2] == "depends_on" and isinstance(node, dict):
            assert set(node) <= {"condition"}, (name, path, node)


def test_the_base_file_is_one_bot_on_sqlite_in_the_volume() -> None:
    services = load(BASE)["services"]
    assert set(services) == {"arbiter"}
    bot = services["arbiter"]
    assert "depends_on" not in bot and "profiles" not in bot
    assert bot["environment"]["ARBITER_DB"] == "/data/arbiter.sqlite3"
    assert "arbiter-data:/data" in bot["volumes"]


def test_the_postgres_overlay_adds_a_healthy_server_the_bot_waits_for() -> None:
    services = merged(BASE, POSTGRES)
    assert services["arbiter"]["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    pg = services["postgres"]
    assert "pg_isready" in " ".join(pg["healthcheck"]["test"])
    assert "ports" not in pg  # reached inside the compose network, not published on the host
    env = pg["environment"]
    user, password, db = env["POSTGRES_USER"], env["POSTGRES_PASSWORD"], env["POSTGRES_DB"]
    assert f"postgresql://{user}:{password}@postgres:5432/{db}" == PG_URL
    # the bot stays on SQLite until .env says otherwise, so `up` cannot start it on an empty
    # database before the data is moved
    assert "ARBITER_DATABASE_URL" not in services["arbiter"].get("environment", {})


def test_shards_are_disjoint_each_with_its_own_heartbeat_and_no_base_service_beside_them() -> None:
    services = merged(BASE, POSTGRES, SHARDS)
    assert services["arbiter"]["profiles"] == ["single"]  # not started by a plain `up`
    shards = {n: s for n, s in services.items() if n.startswith("arbiter-shard-")}
    assert len(shards) >= 2
    counts = {s["environment"]["ARBITER_SHARD_COUNT"] for s in shards.values()}
    assert len(counts) == 1
    count = int(counts.pop())
    ranges = [s["environment"]["ARBITER_SHARD_IDS"] for s in shards.values()]
    ids = [int(i) for r in ranges for i in r.split(",")]
    assert sorted(ids) == list(range(count))  # disjoint and covering every shard
    beats = [s["environment"]["ARBITER_HEARTBEAT"] for s in shards.values()]
    assert len(set(beats)) == len(beats) and all(b.startswith("/data/") for b in beats)
    for shard in shards.values():
        assert shard["environment"]["ARBITER_DATABASE_URL"] == PG_URL
        assert shard["depends_on"] == {"postgres": {"condition": "service_healthy"}}
        assert shard["init"] is True and "profiles" not in shard


def test_the_image_has_no_copied_then_deleted_layers_and_names_its_uid() -> None:
    text = (ROOT / "Dockerfile").read_text("utf-8")
    final = text[text.rindex("\nFROM ") :]
    copied = re.findall(r"^COPY --from=\S+ (\S+)", final, re.M)
    # what the build stages installed, dependencies first (a layer that edits of the bot keep)
    assert copied == ["/opt/arbiter", "/opt/arbiter-app"]
    for run in re.findall(r"^RUN (.+?)(?<!\\)$", final, re.M | re.S):
        assert "rm -rf" not in run and "pip install" not in run, run
    assert "--uid 10001" in final and "chown -R 10001:10001" in final
    assert "10001" in (ROOT / "README.md").read_text("utf-8")


def _documented_compose_commands() -> list[tuple[str, list[str], str | None, list[str]]]:
    """(doc, -f files, verb, the verb's arguments) of each `docker compose …` the docs give."""
    found = []
    for doc in ("README.md", "docs/scaling.md", "CHANGELOG.md"):
        text = (ROOT / doc).read_text("utf-8").replace("\\\n", " ")
        for m in re.finditer(r"\bdocker[ -]compose(?=[ \t])[^`|;&#\n]*", text):
            tokens = m.group(0).split()[1:]
            if tokens[0] == "compose":
                tokens = tokens[1:]
            files, i = [], 0
            while i < len(tokens) and tokens[i].startswith("-"):
                if tokens[i] in ("-f", "--profile"):
                    if tokens[i] == "-f":
                        files.append(tokens[i + 1])
                    i += 1
                i += 1
            verb = tokens[i] if i < len(tokens) else None
            found.append((doc, files, verb, tokens[i + 1 :]))
    return found


def test_every_documented_compose_command_names_files_and_services_that_exist() -> None:
    commands = [c for c in _documented_compose_commands() if c[2] is not None]
    assert len(commands) >= 8
    for doc, files, verb, args in commands:
        for name in files:
            assert (ROOT / name).is_file(), (doc, files)
        services = merged(*(files or [BASE]))
        if verb in {"run", "exec", "logs", "rm", "stop", "up"}:
            target = next((a for a in args if not a.startswith("-")), None)
            if verb != "up" or target is not None:
                assert target in services, (doc, files, verb, args)
