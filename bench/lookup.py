"""Lookup speed and quality figures (prints, never asserts): `python -m bench.lookup`.

For the real glossary and a synthetic one of 50,000 entries (real entries varied with an extra
word), it prints p50/p99 latency of `search` on eval-style queries and of autocomplete (short
prefixes, limit 25), the index build time and the index memory (tracemalloc), side by side with
the naive baseline `rapidfuzz.process.extract(query, titles, scorer=WRatio)` and that baseline's
top-1 accuracy on the dev queries. It also times the fused `lookup` (what `/rule` runs) on the
same queries, and the real `/rule` autocomplete handler (`term_autocomplete`, with its storage
call) on every distinct 1–3 character prefix of the names plus input that folds to nothing or
matches nothing (`#`, `«`, `9`, `ъъ`, `zq`): worst, p99 and p50.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from rapidfuzz import fuzz, process

from bot.config import Settings
from glossary import Glossary, load_glossary
from glossary.evaluate import Case, evaluate, read_cases
from glossary.model import Entry
from glossary.normalize import _fold_word, stem
from glossary.question import learn_key
from glossary.translit import token_forms

REPO = Path(__file__).resolve().parents[1]
DEV_TSV = REPO / "tests" / "glossary" / "lookup_dev.tsv"
HOLDOUT_TSV = REPO / "tests" / "glossary" / "lookup_holdout.tsv"
QUESTIONS_TSV = REPO / "tests" / "glossary" / "lookup_questions.tsv"
BLIND_TSV = REPO / "tests" / "glossary" / "data" / "lookup_blind.tsv"
SYNTHETIC_SIZE = 50_000
_RU_SYLLABLES = ("ар", "бен", "вол", "гор", "дин", "жар", "кор", "лис", "мор", "нар", "рог")
_EN_SYLLABLES = ("ar", "ben", "vol", "gor", "din", "zhar", "kor", "lis", "mor", "nar", "rog")


class Baseline:
    """The naive lookup: WRatio over titles, one list per game filter."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        self.entries = list(entries)
        self.titles = [e.title for e in self.entries]
        self.by_game: dict[str, tuple[list[str], list[Entry]]] = {}
        for e in self.entries:
            titles, owners = self.by_game.setdefault(e.game, ([], []))
            titles.append(e.title)
            owners.append(e)

    def search(self, query: str, game: str | None = None, limit: int = 10) -> list[Entry]:
        titles, owners = (self.titles, self.entries) if game is None else self.by_game[game]
        found = process.extract(query, titles, scorer=fuzz.WRatio, limit=limit)
        return [owners[i] for _, _, i in found]


def synthetic(real: Sequence[Entry], size: int = SYNTHETIC_SIZE) -> list[Entry]:
    """`size` entries: each real entry again and again with a made-up extra word in its names."""
    out = list(real)
    i = 0
    while len(out) < size:
        base = real[i % len(real)]
        n = i // len(real)
        a, b = n % len(_RU_SYLLABLES), (n // len(_RU_SYLLABLES)) % len(_RU_SYLLABLES)
        ru = _RU_SYLLABLES[a] + _RU_SYLLABLES[b]
        en = _EN_SYLLABLES[a] + _EN_SYLLABLES[b] + str(n // 121 or "")

        def vary(name: str, ru: str = ru, en: str = en) -> str:
            return f"{name} {en if name.isascii() else ru}"

        out.append(
            replace(
                base,
                id=f"{base.id}-{n}",
                title=vary(base.title),
                names=tuple(vary(x) for x in base.names),
            )
        )
        i += 1
    return out


def percentiles(samples: list[float]) -> tuple[float, float]:
    """(p50, p99) in milliseconds."""
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p99 * 1000


@dataclass
class Latency:
    cpu: tuple[float, float]  # p50, p99 of process CPU time over every timed call
    wall: tuple[float, float]
    # p50, p99 over the queries of each one's median and fastest CPU time across the rounds:
    # this machine (a shared VM) runs everything up to twice as slow for stretches of a
    # second or so, which the pooled p99 above measures as much as the code
    typical: tuple[float, float] = (0.0, 0.0)
    fastest: tuple[float, float] = (0.0, 0.0)

    def __str__(self) -> str:
        return f"{self.cpu[0]:6.2f} / {self.cpu[1]:6.2f} ({self.wall[1]:6.2f})"

    def per_query(self) -> str:
        """The per-query figures, for the lines that quote them."""
        return (
            f"per query over the rounds, median p50 / p99 {self.typical[0]:.2f} / "
            f"{self.typical[1]:.2f}, fastest {self.fastest[0]:.2f} / {self.fastest[1]:.2f}"
        )


def timed(fn: Callable[[str], object], queries: Sequence[str], rounds: int) -> Latency:
    """Each query timed once per round, the rounds one after another (a query's samples are
    a round apart, so a slow stretch of the machine rarely covers most of them)."""
    cpu: list[float] = []
    wall: list[float] = []
    each: list[list[float]] = [[] for _ in queries]
    for _ in range(rounds):
        for k, q in enumerate(queries):
            w0, c0 = time.perf_counter(), time.process_time()
            fn(q)
            spent = time.process_time() - c0
            wall.append(time.perf_counter() - w0)
            cpu.append(spent)
            each[k].append(spent)
    typical = percentiles([statistics.median(v) for v in each]) if queries else (0.0, 0.0)
    fastest = percentiles([min(v) for v in each]) if queries else (0.0, 0.0)
    return Latency(percentiles(cpu), percentiles(wall), typical, fastest)


def build_time(factory: Callable[[], object]) -> tuple[object, float, float]:
    """(object, CPU seconds, wall seconds) for a cold build (word caches cleared)."""
    _clear_caches()
    gc.collect()
    w0, c0 = time.perf_counter(), time.process_time()
    obj = factory()
    return obj, time.process_time() - c0, time.perf_counter() - w0


def full_glossary(entries: Sequence[Entry], aliases: dict[str, tuple[str, ...]]) -> Glossary:
    """A glossary with every lazy part built too (text index, term finder, definitions)."""
    g = Glossary(entries, aliases)
    _ = g._text, g._terms, g._definitions
    return g


def build_memory(factory: Callable[[], object]) -> float:
    """MiB allocated by a cold build and still held afterwards (tracemalloc)."""
    _clear_caches()
    gc.collect()
    tracemalloc.start()
    obj = factory()
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del obj
    return current / 2**20


def _clear_caches() -> None:
    stem.cache_clear()
    token_forms.cache_clear()
    _fold_word.cache_clear()


def autocomplete_queries(entries: Sequence[Entry], count: int, rng: random.Random) -> list[str]:
    """What a player has typed after 1–5 keystrokes of a real name."""
    names = [n for e in entries for n in (e.title, *e.names) if n.strip()]
    return [(name := rng.choice(names))[: rng.randint(1, min(5, len(name)))] for _ in range(count)]


def eval_queries() -> tuple[list[Case], list[str]]:
    cases: list[Case] = []
    for path in (DEV_TSV, HOLDOUT_TSV, QUESTIONS_TSV):
        if path.is_file():
            cases += read_cases(path)[0]
    return cases, [c.query for c in cases]


def top1(cases: Sequence[Case], search: Callable[[str, str | None, int], Sequence[Entry]]) -> str:
    if not cases:
        return "n/a"
    report = evaluate(cases, search)
    return f"{report.rate(report.top1):5.1f}% ({report.top1}/{report.total})"


EDGE_PREFIXES = ("#", "«", "9", "ъъ", "zq", "", " ", "??", "99", "ъъъ", "zqz", "🙂")


def all_prefixes(entries: Sequence[Entry]) -> list[str]:
    """Every distinct 1–3 character prefix of the names as typed, and the edge cases."""
    out: set[str] = set()
    for e in entries:
        for name in (e.title, *e.names):
            text = name.strip()
            for n in (1, 2, 3):
                if len(text) >= n:
                    out.add(text[:n])
    return sorted(out) + list(EDGE_PREFIXES)


def time_autocomplete(g: Glossary, prefixes: Sequence[str]) -> tuple[Latency, float, str]:
    """Latency of the real `/rule` autocomplete handler over `prefixes` (CPU and wall, with the
    channel-game lookup in SQLite it makes), and the worst CPU time in ms with its prefix."""
    import asyncio

    from bot.app import create_services
    from bot.context import Ctx, UserRef
    from bot.handlers.glossary import term_autocomplete

    async def go() -> tuple[list[float], list[float], list[str]]:
        svc = await create_services(Settings(), db_path=":memory:")
        svc.__dict__["glossary"] = g
        ctx = Ctx(svc, UserRef.from_name("bench"), channel_id=1, guild_id=2, lang="ru")
        cpu: list[float] = []
        wall: list[float] = []
        try:
            for p in prefixes[:50]:  # warm-up
                await term_autocomplete(ctx, p, {})
            for p in prefixes:
                w0, c0 = time.perf_counter(), time.process_time()
                await term_autocomplete(ctx, p, {})
                cpu.append(time.process_time() - c0)
                wall.append(time.perf_counter() - w0)
        finally:
            await svc.storage.close()
        return cpu, wall, list(prefixes)

    cpu, wall, order = asyncio.run(go())
    worst = max(range(len(cpu)), key=cpu.__getitem__)
    return Latency(percentiles(cpu), percentiles(wall)), cpu[worst] * 1000, order[worst]


STEADY_QUERY = "сколько раз маг может кастовать одно заклинание за фазу"  # a slow blind one


def steadiness(g: Glossary, times: int = 300) -> str:
    """One question timed `times` times in a row: the spread of identical work is the
    machine's, not the code's (a shared VM here runs up to twice as slow for a second or so)."""
    g.lookup(STEADY_QUERY, limit=10)
    spent = []
    for _ in range(times):
        c0 = time.process_time()
        g.lookup(STEADY_QUERY, limit=10)
        spent.append((time.process_time() - c0) * 1000)
    spent.sort()
    p90 = spent[round(0.9 * (times - 1))]
    return f"fastest {spent[0]:.2f}, median {statistics.median(spent):.2f}, p90 {p90:.2f} ms"


def _rule_lookup(g: Glossary, query: str) -> object:
    """What `/rule` computes for typed text besides storage: the fused lookup and the key its
    learned links are filed under."""
    return g.lookup(query, limit=10), learn_key(query)


def _cpu_ms(g: Glossary, prefix: str) -> float:
    c0 = time.process_time()
    g.complete(prefix, limit=25)
    return (time.process_time() - c0) * 1000


def run(data_dir: Path | None, size: int, rounds: int, baseline_queries: int) -> None:
    rng = random.Random(1234)
    loaded = load_glossary(data_dir)
    real, aliases = loaded.entries, loaded.aliases
    if not real:
        print("bench: the glossary is empty; import the data first")
        return
    _, queries = eval_queries()
    dev = read_cases(DEV_TSV)[0] if DEV_TSV.is_file() else []
    holdout = read_cases(HOLDOUT_TSV)[0]
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} CPUs, load average {load:.1f}; latency is process CPU time")
    print(f"p50 / p99 in ms with the wall-clock p99 in brackets; {rounds} rounds over")
    print(f"{len(queries)} eval-style queries (dev + held-out + questions), 200 autocomplete")
    print("prefixes; MiB is the whole glossary with its text index built")
    print("(1-5 letters of a name, limit 25). The WRatio baseline on the big glossary runs")
    print(f"{baseline_queries} queries of each kind once: it is that slow.")
    for label, entries in (("real", real), (f"synthetic {size:,}", synthetic(real, size))):
        auto = autocomplete_queries(entries, 200, rng)
        g, cpu_s, wall_s = build_time(partial(Glossary, entries, aliases))
        assert isinstance(g, Glossary)
        b, b_cpu, b_wall = build_time(partial(Baseline, entries))
        assert isinstance(b, Baseline)
        mib = build_memory(partial(full_glossary, entries, aliases))
        b_mib = build_memory(partial(Baseline, entries))
        big = len(entries) > 5000
        b_queries = queries[:baseline_queries] if big else queries
        b_auto = auto[:baseline_queries] if big else auto
        b_rounds = 1 if big else rounds
        rows = (
            (
                "index",
                cpu_s,
                wall_s,
                mib,
                timed(partial(g.search, limit=10), queries, rounds),
                timed(partial(g.search, limit=25), auto, rounds),
            ),
            (
                "WRatio",
                b_cpu,
                b_wall,
                b_mib,
                timed(partial(b.search, limit=10), b_queries, b_rounds),
                timed(partial(b.search, limit=25), b_auto, b_rounds),
            ),
        )
        print(f"\n== {label}: {len(entries):,} entries, {len(g._index):,} keys ==")
        print(
            f"{'engine':<8}{'build s cpu (wall)':>20}{'MiB':>7}"
            f"{'search p50 / p99 (wall)':>28}{'autocomplete p50 / p99 (wall)':>32}"
        )
        for engine, c, w, m, search_lat, auto_lat in rows:
            print(f"{engine:<8}{c:>11.3f} ({w:6.3f}){m:>7.1f}{search_lat!s:>28}{auto_lat!s:>32}")
        fused = timed(partial(g.lookup, limit=10), queries, rounds)
        print(f"{'lookup':<8}{'(fused names + text, what /rule runs)':>35}{fused!s:>28}")
        print(f"  {fused.per_query()}")
        blind = [c.query for c in read_cases(BLIND_TSV)[0]] if BLIND_TSV.is_file() else []
        if blind:
            asked = timed(partial(_rule_lookup, g), blind, rounds)
            print(
                f"lookup + learned-link key over {len(blind)} blind queries (issue 19; the link "
                f"itself is one indexed SELECT): p50 / p99 {asked}"
            )
            print(f"  {asked.per_query()}")
            print(f"  the machine: one blind question timed 300 times, {steadiness(g)}")
        prefixes = all_prefixes(entries)
        handler, worst, at = time_autocomplete(g, prefixes)
        print(
            f"/rule autocomplete handler over {len(prefixes):,} prefixes of 1-3 characters and "
            f"edge cases: p50 / p99 {handler}, worst {worst:.2f} ms CPU (at {at!r})"
        )
        pure = timed(partial(g.complete, limit=25), prefixes, 1)
        slowest = max(prefixes, key=partial(_cpu_ms, g))
        print(
            f"  of which Glossary.complete (no storage call): p50 / p99 {pure}, "
            f"slowest prefix {slowest!r} {_cpu_ms(g, slowest):.2f} ms"
        )
        if label == "real":

            def ours_fn(q: str, game: str | None, limit: int, g: Glossary = g) -> list[Entry]:
                return [h.entry for h in g.search(q, game=game, limit=limit)]

            def base_fn(q: str, game: str | None, limit: int, b: Baseline = b) -> list[Entry]:
                return b.search(q, game=game, limit=limit)

            print(f"top-1 dev:      index {top1(dev, ours_fn)}   WRatio {top1(dev, base_fn)}")
            print(
                f"top-1 held-out: index {top1(holdout, ours_fn)}   WRatio {top1(holdout, base_fn)}"
            )
        del g, b
        gc.collect()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data-dir", type=Path, help="glossary data directory")
    parser.add_argument("--size", type=int, default=SYNTHETIC_SIZE, help="synthetic entries")
    parser.add_argument("--rounds", type=int, default=3, help="timing passes over the queries")
    parser.add_argument(
        "--baseline-queries", type=int, default=20, help="WRatio queries on the big glossary"
    )
    args = parser.parse_args()
    run(args.data_dir, args.size, args.rounds, args.baseline_queries)


if __name__ == "__main__":
    main()
