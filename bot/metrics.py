"""Prometheus metrics: what an operator graphs and alerts on. Served only when asked for.

The counters always count (an increment costs well under a microsecond); `/metrics` is served
only with `ARBITER_METRICS_PORT` set, on `ARBITER_METRICS_HOST` (default 127.0.0.1, so nothing
is exposed by accident), from prometheus-client's own server thread: a scrape never waits on
the event loop. Label values come from the registry (command and action names), never from
user input, so a forged custom id cannot grow the label set.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import Counter, Gauge, Histogram, start_http_server

from bot.reply import Kind, Reply

log = logging.getLogger("arbiter.metrics")

COMMANDS = Counter(
    "arbiter_commands",
    "Commands, menus and component clicks answered, by name and outcome"
    " (ok, refused: a message in words, error: an unexpected error with an id).",
    ["command", "outcome"],
)
LATENCY = Histogram(
    "arbiter_command_seconds",
    "Time from receiving an interaction to its reply being sent.",
    ["command"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
ERRORS = Counter(
    "arbiter_errors", "Unexpected errors (answered with an error id and logged).", ["command"]
)
DB_FAULTS = Counter(
    "arbiter_database_faults",
    "Database faults met while serving (unavailable, read-only, full, busy, corrupt).",
    ["fault"],
)
GATEWAY_UP = Gauge("arbiter_gateway_up", "1 while every gateway connection is open and ready.")
GATEWAY_LATENCY = Gauge(
    "arbiter_gateway_latency_seconds", "The gateway heartbeat latency (NaN before the first)."
)


def observe_command(name: str, seconds: float, outcome: str) -> None:
    COMMANDS.labels(name, outcome).inc()
    LATENCY.labels(name).observe(seconds)


def count_error(name: str) -> None:
    ERRORS.labels(name).inc()


def count_fault(fault: BaseException) -> None:
    DB_FAULTS.labels(type(fault).__name__).inc()


def watch_gateway(up: Callable[[], bool], latency: Callable[[], float]) -> None:
    """The gateway gauges read these at each scrape."""
    GATEWAY_UP.set_function(lambda: float(up()))
    GATEWAY_LATENCY.set_function(latency)


def serve(host: str, port: int) -> Any:
    """Start the `/metrics` server; the server object (`shutdown()` stops it), or None when
    the address cannot be bound (one log line: the bot serves on without metrics)."""
    try:
        server, _ = start_http_server(port, addr=host)
    except OSError as exc:
        log.error("metrics: cannot listen on %s:%d: %s", host, port, exc.strerror or exc)
        return None
    log.info("metrics: serving /metrics on %s:%d", host, port)
    return server


class Outcome:
    """What `measured` records: "error" unless the reply is seen (then "ok" or "refused")."""

    def __init__(self) -> None:
        self.value = "error"

    def reply(self, reply: Reply) -> None:
        self.value = "refused" if reply.kind is Kind.ERROR else "ok"


@contextlib.contextmanager
def measured(name: str) -> Iterator[Outcome]:
    """Count one interaction named `name` and time it, from entry to the end of the block."""
    outcome = Outcome()
    started = time.perf_counter()
    try:
        yield outcome
    finally:
        observe_command(name, time.perf_counter() - started, outcome.value)
