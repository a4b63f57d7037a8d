"""The metrics the process counts, whether or not `/metrics` is served."""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from bot.config import ConfigError, load_settings
from bot.context import Ctx, Services, UserRef, stable_id
from bot.metrics import measured
from bot.registry import guarded
from bot.reply import Reply
from bot.storage.errors import DatabaseBusy


def _value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def test_a_database_fault_met_by_a_command_is_counted(services: Services) -> None:
    before = _value("arbiter_database_faults_total", fault="DatabaseBusy")

    async def busy() -> Reply:
        raise DatabaseBusy("database is locked")

    ctx = Ctx(services, UserRef.from_name("alice"), stable_id("#table"), 1)
    reply = await guarded(ctx, busy())
    assert reply.ephemeral and reply.body  # answered in words
    assert _value("arbiter_database_faults_total", fault="DatabaseBusy") == before + 1


def test_each_outcome_is_counted_and_timed() -> None:
    def count(outcome: str) -> float:
        return _value("arbiter_commands_total", command="t.metrics", outcome=outcome)

    timed = _value("arbiter_command_seconds_count", command="t.metrics")
    with measured("t.metrics") as outcome:
        outcome.reply(Reply(title="ok"))
    with measured("t.metrics") as outcome:
        outcome.reply(Reply.error("no"))
    with pytest.raises(RuntimeError), measured("t.metrics"):
        raise RuntimeError("boom")
    assert (count("ok"), count("refused"), count("error")) == (1, 1, 1)
    assert _value("arbiter_command_seconds_count", command="t.metrics") == timed + 3


def test_metrics_settings() -> None:
    default = load_settings({}, dotenv=False)
    assert default.metrics_port is None and default.metrics_host == "127.0.0.1"
    chosen = load_settings(
        {"ARBITER_METRICS_PORT": "9108", "ARBITER_METRICS_HOST": "0.0.0.0"}, dotenv=False
    )
    assert (chosen.metrics_port, chosen.metrics_host) == (9108, "0.0.0.0")
    for bad in ("0", "70000", "x"):
        with pytest.raises(ConfigError) as err:
            load_settings({"ARBITER_METRICS_PORT": bad}, dotenv=False)
        assert err.value.setting == "ARBITER_METRICS_PORT"
