"""Parse time per game over the corpus: ledgers and their converted command logs.

Usage::

    python bench/parse_bench.py [LEDGER_DIR] [--rounds N] [--no-reference]
    valgrind --tool=callgrind --instr-atstart=no python bench/parse_bench.py --stage parse

``LEDGER_DIR`` defaults to ``tests/data/snellman-ledger`` (the 42 corpus
games). Texts are read and decoded up front, so the figures are parse time
only (framing, Lark, building the actions), in milliseconds per game, on
one core (CPython runs the parser on one thread).

What is measured
----------------
* **cold**: the first pass over the corpus with an empty memo (the Lark
  parsers are built before timing; their build time is printed apart);
  a game's cost depends on how much of its text earlier games left in the
  memo, so the first game is the slowest;
* **warm**: further passes, every piece of text already memoised (the best
  of ``--rounds`` passes per game is kept);
* **no memo**: ``parse_log(..., memo=False)``, every row and cell parsed
  whole by Lark — the baseline the memo is measured against.

* **--stage parse|stream|audit**: instead of the timings, one warm pass of
  that stage alone over the corpus (``parse_log``; ``command_stream`` and
  ``rewrite_stream``; ``audit`` of a replay made before), with callgrind's
  instrumentation switched on for that pass only (``callgrind_control -i
  on``): run under ``valgrind --tool=callgrind --instr-atstart=no`` and divide
  the total by the number of games for warm instructions per game, a count
  that other work on the machine does not disturb.

Why the memo, not Lark itself, makes parsing fast
-------------------------------------------------
Lark's LALR parser with the contextual lexer costs roughly 2-3 µs per token
in Python, plus about 8 µs per ``parse()`` call. A ledger game has ~420 rows
of 25-40 tokens: parsing the whole text with Lark costs tens of
milliseconds whatever the grammar (even one terminal per row still costs
~2.3 ms before a single action is built). The text is very repetitive,
though: ~14,000 action rows of the corpus hold ~1,000 distinct sub-commands
and most value cells repeat. tmlog therefore frames rows and cells with
``str.split`` (newlines, tabs, and the '#', ':' and '.' that the engine's
``clean_commands`` splits at) and parses each *distinct* piece once per
process with the matching start symbol of the grammar, memoising the typed
result; a row then costs a few dictionary lookups and copies of the
memoised actions. ``tests/test_corpus.py`` checks that this gives exactly
the same rows, actions and positions as parsing every row whole.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import clear_cache, parse_log
from tmlog.games.terra_mystica.parse.grammar import commands_parser, ledger_parser
from tmlog.reading import read_text

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "tests" / "data" / "snellman-ledger"


def timed(parse: Callable[[str], object], texts: list[str]) -> list[float]:
    """Milliseconds to parse each text, in order."""
    out = []
    for text in texts:
        start = time.perf_counter()
        parse(text)
        out.append((time.perf_counter() - start) * 1000)
    return out


def summary(label: str, ms: list[float]) -> str:
    p90 = statistics.quantiles(ms, n=10, method="inclusive")[-1]
    return f"{label:<20} {statistics.median(ms):8.2f} {p90:8.2f} {min(ms):8.2f} {max(ms):8.2f}"


def one_stage(stage: str, named: list[tuple[str, str]]) -> None:
    """One warm pass of ``stage``, instrumented when run under callgrind (see above)."""
    from tmlog.corpus import _fewer_collections
    from tmlog.games.terra_mystica.audit import audit
    from tmlog.games.terra_mystica.replay import command_stream, replay, rewrite_stream

    logs = [parse_log(text, source=name) for name, text in named]
    results = [replay(log) for log in logs] if stage == "audit" else []

    def run() -> None:
        if stage == "parse":
            for name, text in named:
                parse_log(text, source=name)
        elif stage == "stream":
            for log in logs:
                rewrite_stream(command_stream(log))
        else:
            for log, result in zip(logs, results, strict=True):
                if not audit(log, result).ok:
                    raise SystemExit(f"{log.source}: audit failed")

    def callgrind(switch: str) -> None:
        # Not under callgrind: the command is missing or finds no such process.
        with contextlib.suppress(OSError):
            subprocess.run(
                ["callgrind_control", "-i", switch, str(os.getpid())],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )

    with _fewer_collections():
        run()  # fills the memo: the pass measured is warm
        callgrind("on")
        run()
        callgrind("off")
    print(f"{stage}: one warm pass over {len(named)} games")


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("ledger_dir", nargs="?", type=Path, default=DEFAULT_DIR)
    args.add_argument("--rounds", type=int, default=5, help="warm passes (best kept per game)")
    args.add_argument("--no-reference", action="store_true", help="skip the no-memo baseline")
    args.add_argument(
        "--stage",
        choices=("parse", "stream", "audit"),
        help="one warm pass of this stage, for callgrind (no timings)",
    )
    opts = args.parse_args(argv)

    paths = sorted(opts.ledger_dir.glob("*.txt"))
    if not paths:
        print(f"no *.txt ledgers in {opts.ledger_dir}", file=sys.stderr)
        return 1
    if opts.stage:
        one_stage(opts.stage, [(p.name, read_text(str(p))) for p in paths])
        return 0
    ledgers = [read_text(str(p)) for p in paths]

    start = time.perf_counter()
    commands_parser()
    ledger_parser()
    build_ms = (time.perf_counter() - start) * 1000

    def as_ledger(text: str) -> object:
        return parse_log(text, input_format="ledger")

    def as_commands(text: str) -> object:
        return parse_log(text, input_format="commands")

    command_logs = [ledger_to_commands(parse_log(t, input_format="ledger")) for t in ledgers]

    rows: list[str] = []
    for name, texts, parse in (
        ("ledger", ledgers, as_ledger),
        ("commands", command_logs, as_commands),
    ):
        clear_cache()
        cold = timed(parse, texts)
        warm_rounds = [timed(parse, texts) for _ in range(max(1, opts.rounds))]
        warm = [min(game) for game in zip(*warm_rounds, strict=True)]
        rows.append(summary(f"{name} cold", cold))
        rows.append(summary(f"{name} warm", warm))

    if not opts.no_reference:
        for name, texts, fmt in (
            ("ledger", ledgers, "ledger"),
            ("commands", command_logs, "commands"),
        ):

            def reference(text: str, fmt: str = fmt) -> object:
                return parse_log(text, input_format=fmt, memo=False)  # type: ignore[arg-type]

            rows.append(summary(f"{name} no memo", timed(reference, texts)))

    print(
        f"parse time per game (ms), {len(paths)} games from {opts.ledger_dir}\n"
        f"Python {platform.python_version()}, lark {version('lark')}, "
        f"Lark parsers built once in {build_ms:.0f} ms\n"
    )
    print(f"{'':<20} {'median':>8} {'p90':>8} {'min':>8} {'max':>8}")
    for row in rows:
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
