"""The cost of building Terra Mystica records, per set of tables asked for.

Usage::

    python bench/record_bench.py [LEDGER_DIR] [--tables games,factions] [--rounds N]

``LEDGER_DIR`` defaults to ``tests/data/snellman-ledger`` (the 42 corpus
games). Each game is parsed and replayed once, up front, the way the corpus
runner's worker replays it for those tables (the ledger's rows kept only for
the timeline); then only the record is built, ``--rounds`` times over all the
games, and the best round's mean CPU time per record is printed for each table
set. Without ``--tables`` three sets are timed: ``games,factions`` (what
``tmlog stats`` asks for), every table but the timeline, and all of them
(``all``).

For instruction counts, which a shared machine does not disturb, run one set
under callgrind with instrumentation off at the start; the script switches it
on around the record building of its last round only (``CG=1``)::

    CG=1 valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/rec.out \\
        python bench/record_bench.py --tables games,factions --rounds 2

The total then divided by the number of games is the instructions per record.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time
from pathlib import Path

from tmlog.corpus import _fewer_collections
from tmlog.games.terra_mystica.game import GAME
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.record import SCHEMA, record_game
from tmlog.games.terra_mystica.replay import Replay, replay
from tmlog.reading import read_text

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "tests" / "data" / "snellman-ledger"

ALL_BUT_TIMELINE = ",".join(t.name for t in SCHEMA.tables if t.name != "timeline")
DEFAULT_SETS = ("games,factions", f"games,{ALL_BUT_TIMELINE}", "all")


def _tables(spec: str) -> frozenset[str] | None:
    return None if spec == "all" else frozenset(spec.split(","))


def _replays(folder: Path, tables: frozenset[str] | None) -> list[Replay]:
    needs = GAME.replay_needs("record", tables)
    out = []
    for path in sorted(folder.glob("*.txt")):
        log = parse_log(read_text(str(path)), source=path.name)
        out.append(replay(log, **needs))
    return out


def _callgrind(switch: str) -> None:
    subprocess.run(
        ["callgrind_control", "-i", switch, str(os.getpid())],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def time_set(folder: Path, spec: str, rounds: int) -> tuple[int, float]:
    """Games and the best round's mean CPU ms per record for one table set."""
    tables = _tables(spec)
    replays = _replays(folder, tables)
    cg = bool(os.environ.get("CG"))
    best = float("inf")
    with _fewer_collections():
        for i in range(rounds):
            last = i == rounds - 1
            if cg and last:
                _callgrind("on")
            for r in replays:
                # The record reads the replay's frozen state, made on first use:
                # a worker pays for it with the record, so each round does too.
                r.__dict__.pop("state", None)
            start = time.process_time()
            for r in replays:
                record_game(r, tables=tables)
            spent = time.process_time() - start
            if cg and last:
                _callgrind("off")
            best = min(best, spent)
    return len(replays), best * 1000 / max(1, len(replays))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_DIR)
    parser.add_argument(
        "--tables",
        action="append",
        help="comma-separated tables, or 'all' (repeatable; default: three sets)",
    )
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for spec in args.tables or DEFAULT_SETS:
        games, ms = time_set(args.folder, spec, max(1, args.rounds))
        print(f"{spec:60s} {games:3d} games  {ms:7.3f} ms/record (CPU, best of {args.rounds})")


if __name__ == "__main__":
    main()
