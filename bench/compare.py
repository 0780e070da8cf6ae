"""Replay speed of this tree against an earlier commit, measured in the same run.

Usage::

    python bench/compare.py BASE [--runs N] [--rounds R]

``BASE`` is any git revision (``HEAD~3``, a tag, a hash). It is checked out
into a temporary worktree; then each tree's own ``bench/replay_bench.py``
runs in a fresh process, alternating base and head ``N`` times, so that
whatever else the machine does falls on both alike. Each run prints its warm
per-game medians (parse, replay, audit); the summary gives the median of the
runs for each tree and the ratio head / base (below 1: head is faster).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
WARM = re.compile(r"^warm .*\| parse\s+([\d.]+)\s+replay\s+([\d.]+)\s+audit\s+([\d.]+)", re.M)


def run_bench(tree: Path, rounds: int) -> tuple[float, float, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    script = tree / "bench" / "replay_bench.py"
    data = HERE / "tests" / "data" / "snellman-ledger"
    out = subprocess.run(
        [sys.executable, str(script), str(data), "--rounds", str(rounds)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = WARM.search(out)
    if found is None:
        raise SystemExit(f"unexpected output from {script}:\n{out}")
    parse, replay, audit = (float(x) for x in found.groups())
    return parse, replay, audit


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base", help="git revision to compare with")
    ap.add_argument("--runs", type=int, default=5, help="runs of each tree (alternating)")
    ap.add_argument("--rounds", type=int, default=3, help="warm passes per run")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="tmlog-base-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(base), args.base],
            check=True,
        )
        try:
            results: dict[str, list[tuple[float, float, float]]] = {"base": [], "head": []}
            for i in range(args.runs):
                for name, tree in (("base", base), ("head", HERE)):
                    figures = run_bench(tree, args.rounds)
                    results[name].append(figures)
                    print(
                        f"run {i + 1} {name}: parse {figures[0]:5.2f}"
                        f"  replay {figures[1]:5.2f}  audit {figures[2]:5.2f} ms/game",
                        flush=True,
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "remove", "--force", str(base)], check=False
            )
    print(f"\nmedian of {args.runs} runs, ms per game (warm), base = {args.base}")
    for k, label in enumerate(("parse", "replay", "audit")):
        b = statistics.median(r[k] for r in results["base"])
        h = statistics.median(r[k] for r in results["head"])
        print(f"{label:7} base {b:6.2f}  head {h:6.2f}  head/base {h / b:5.2f}")


if __name__ == "__main__":
    main()
