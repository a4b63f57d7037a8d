"""Lookup speed and quality figures (prints, never asserts): `python -m bench.lookup`.

For the real glossary and a synthetic one of 50,000 entries (real entries varied with an extra
word), it prints p50/p99 latency of `search` on eval-style queries and of autocomplete (short
prefixes, limit 25), the index build time and the index memory (tracemalloc), side by side with
the naive baseline `rapidfuzz.process.extract(query, titles, scorer=WRatio)` and that baseline's
top-1 accuracy on the dev queries.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from rapidfuzz import fuzz, process

from glossary import Glossary, load_glossary
from glossary.evaluate import Case, evaluate, read_cases
from glossary.model import Entry
from glossary.normalize import stem
from glossary.translit import token_forms

REPO = Path(__file__).resolve().parents[1]
DEV_TSV = REPO.parent / "shared" / "eval" / "lookup_dev.tsv"
HOLDOUT_TSV = REPO / "tests" / "glossary" / "lookup_holdout.tsv"
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
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return statistics.median(ordered) * 1000, p99 * 1000


def timed(fn: Callable[[str], object], queries: Sequence[str], rounds: int) -> tuple[float, float]:
    samples: list[float] = []
    for _ in range(rounds):
        for q in queries:
            t0 = time.perf_counter()
            fn(q)
            samples.append(time.perf_counter() - t0)
    return percentiles(samples)


def build(factory: Callable[[], object]) -> tuple[object, float, float]:
    """(object, seconds, MiB allocated and still held) for a cold build."""
    stem.cache_clear()
    token_forms.cache_clear()
    gc.collect()
    tracemalloc.start()
    t0 = time.perf_counter()
    obj = factory()
    seconds = time.perf_counter() - t0
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return obj, seconds, current / 2**20


def autocomplete_queries(entries: Sequence[Entry], count: int, rng: random.Random) -> list[str]:
    """What a player has typed after 1–5 keystrokes of a real name."""
    names = [n for e in entries for n in (e.title, *e.names) if n.strip()]
    return [(name := rng.choice(names))[: rng.randint(1, min(5, len(name)))] for _ in range(count)]


def eval_queries() -> tuple[list[Case], list[str]]:
    cases: list[Case] = []
    for path in (DEV_TSV, HOLDOUT_TSV):
        if path.is_file():
            cases += read_cases(path)[0]
    return cases, [c.query for c in cases]


def top1(cases: Sequence[Case], search: Callable[[str, str | None, int], Sequence[Entry]]) -> str:
    if not cases:
        return "n/a"
    report = evaluate(cases, search)
    return f"{report.rate(report.top1):.1f}% ({report.top1}/{report.total})"


def run(data_dir: Path | None, size: int, rounds: int) -> None:
    rng = random.Random(1234)
    real = load_glossary(data_dir).entries
    if not real:
        print("bench: the glossary is empty; import the data first")
        return
    cases, queries = eval_queries()
    dev = read_cases(DEV_TSV)[0] if DEV_TSV.is_file() else []
    holdout = read_cases(HOLDOUT_TSV)[0]
    print(f"queries: {len(queries)} eval-style (dev + held-out), autocomplete: 200 prefixes")
    print(f"{'glossary':<18}{'engine':<10}{'build s':>9}{'MiB':>8}"
          f"{'search p50':>12}{'p99 ms':>9}{'auto p50':>10}{'p99 ms':>9}")
    for label, entries in (("real", real), (f"synthetic {size:,}", synthetic(real, size))):
        auto = autocomplete_queries(entries, 200, rng)
        g, g_s, g_mib = build(lambda entries=entries: Glossary(entries))
        assert isinstance(g, Glossary)
        b, b_s, b_mib = build(lambda entries=entries: Baseline(entries))
        assert isinstance(b, Baseline)
        ours = (
            timed(lambda q, g=g: g.search(q, limit=10), queries, rounds),
            timed(lambda q, g=g: g.search(q, limit=25), auto, rounds),
        )
        base = (
            timed(lambda q, b=b: b.search(q, limit=10), queries, rounds),
            timed(lambda q, b=b: b.search(q, limit=25), auto, rounds),
        )
        for engine, secs, mib, ((s50, s99), (a50, a99)) in (
            ("index", g_s, g_mib, ours),
            ("WRatio", b_s, b_mib, base),
        ):
            print(f"{label:<18}{engine:<10}{secs:>9.3f}{mib:>8.1f}"
                  f"{s50:>12.3f}{s99:>9.3f}{a50:>10.3f}{a99:>9.3f}")
        if label == "real":
            def ours_fn(q: str, game: str | None, limit: int) -> list[Entry]:
                return [h.entry for h in g.search(q, game=game, limit=limit)]

            def base_fn(q: str, game: str | None, limit: int) -> list[Entry]:
                return b.search(q, game=game, limit=limit)

            print(f"top-1 dev:      index {top1(dev, ours_fn)}   WRatio {top1(dev, base_fn)}")
            print(f"top-1 held-out: index {top1(holdout, ours_fn)}   "
                  f"WRatio {top1(holdout, base_fn)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data-dir", type=Path, help="glossary data directory")
    parser.add_argument("--size", type=int, default=SYNTHETIC_SIZE, help="synthetic entries")
    parser.add_argument("--rounds", type=int, default=3, help="timing passes over the queries")
    args = parser.parse_args()
    run(args.data_dir, args.size, args.rounds)


if __name__ == "__main__":
    main()
