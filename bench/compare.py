"""Replay speed of this tree against an earlier commit, measured in the same session.

Usage::

    python bench/compare.py BASE [--runs N] [--rounds R] [--compiled]

``BASE`` is any git revision (``HEAD~3``, a tag, a hash). It is checked out
into a temporary worktree. The same measuring program (below) then runs in a
fresh process on each tree, alternating base and head ``N`` times, so that
whatever else the machine does falls on both alike. It parses, replays and
audits the 42 corpus games ``R`` times (after one warm-up pass) and keeps,
per game, the fastest time of each stage, in CPU time of the process
(``time.process_time``), which another busy process on the machine disturbs
far less than wall time. Each run prints its medians over the games; the
summary gives the median of the runs for each tree and the ratio head / base
(below 1: head is faster), stage by stage and for the three together.

``--compiled`` compares the compiled builds (README, "The compiled build"):
each tree is compiled with mypyc in place, as ``TMLOG_COMPILE=1`` does, the
head in a copy of this tree (which stays pure), before anything is measured;
the build must give compiled modules, or the comparison stops.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# Runs inside each tree; it must work with the package layout of any commit
# being compared, so it finds replay and audit wherever that commit keeps them.
MEASURE = r"""
import gc, importlib, json, statistics, sys, time, types
from pathlib import Path
import tmlog
def find(name, home):
    found = getattr(tmlog, name, None)  # the front door, where the commit has one
    if callable(found) and not isinstance(found, types.ModuleType):
        return found
    return getattr(importlib.import_module(home), name)
audit = find("audit", "tmlog.audit")
parse_log = find("parse_log", "tmlog.parse")
replay = find("replay", "tmlog.replay")
paths = sorted(Path(sys.argv[1]).glob("*.txt"))
texts = [(p.name, p.read_text(encoding="utf-8")) for p in paths]
rounds = int(sys.argv[2])
gc.set_threshold(50_000, 10, 10)
best = {name: [float("inf")] * 3 for name, _ in texts}
for r in range(rounds + 1):
    for name, text in texts:
        t0 = time.process_time()
        log = parse_log(text, source=name)
        t1 = time.process_time()
        result = replay(log)
        t2 = time.process_time()
        report = audit(log, result)
        t3 = time.process_time()
        assert report.ok, name
        if r:
            b = best[name]
            b[0] = min(b[0], t1 - t0)
            b[1] = min(b[1], t2 - t1)
            b[2] = min(b[2], t3 - t2)
medians = [statistics.median(b[k] for b in best.values()) * 1000 for k in range(3)]
print(json.dumps(medians))
"""


def run_tree(tree: Path, rounds: int) -> tuple[float, float, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    data = HERE / "tests" / "data" / "snellman-ledger"
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, str(data), str(rounds)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if out.returncode:
        raise SystemExit(f"measuring {tree} failed:\n{out.stderr}")
    parse, replay, audit = json.loads(out.stdout.strip().splitlines()[-1])
    return parse, replay, audit


def build_compiled(tree: Path) -> None:
    """Compile ``tree``'s replay loop with mypyc next to its sources (its setup.py,
    as ``TMLOG_COMPILE=1 pip install`` does), and check that it took."""
    env = dict(os.environ, TMLOG_COMPILE="1")
    built = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if built.returncode:
        raise SystemExit(f"compiling {tree} failed:\n{built.stderr[-3000:]}")
    # setup.py falls back to pure Python with a warning: that is no compiled build.
    probe = "import tmlog.games.terra_mystica.replay.dispatch as m; print(m.__file__)"
    found = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tree,
        env=dict(os.environ, PYTHONPATH=str(tree)),
        capture_output=True,
        text=True,
    )
    if not found.stdout.strip().endswith(".so"):
        raise SystemExit(f"{tree} is not compiled:\n{built.stderr[-3000:]}{found.stderr}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base", help="git revision to compare with")
    ap.add_argument("--runs", type=int, default=5, help="runs of each tree (alternating)")
    ap.add_argument("--rounds", type=int, default=3, help="timed passes over the games per run")
    ap.add_argument(
        "--compiled", action="store_true", help="compare the mypyc-compiled builds of both trees"
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="tmlog-base-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(base), args.base],
            check=True,
        )
        try:
            head = HERE
            if args.compiled:
                head = Path(tmp) / "head"
                shutil.copytree(
                    HERE,
                    head,
                    ignore=shutil.ignore_patterns(
                        ".git", ".venv", "build", "*.egg-info", "__pycache__", "*.so"
                    ),
                )
                for tree in (base, head):
                    print(f"compiling {tree} (mypyc)", flush=True)
                    build_compiled(tree)
            results: dict[str, list[tuple[float, float, float]]] = {"base": [], "head": []}
            for i in range(args.runs):
                for name, tree in (("base", base), ("head", head)):
                    figures = run_tree(tree, args.rounds)
                    results[name].append(figures)
                    print(
                        f"run {i + 1} {name}: parse {figures[0]:5.2f}"
                        f"  replay {figures[1]:5.2f}  audit {figures[2]:5.2f} ms/game (CPU)",
                        flush=True,
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "remove", "--force", str(base)], check=False
            )
    build = "compiled" if args.compiled else "pure"
    print(f"\nmedian of {args.runs} runs, CPU ms per game, {build} build, base = {args.base}")
    for k, label in enumerate(("parse", "replay", "audit", "all three")):
        b = statistics.median(sum(r[k : k + 1] or r) for r in results["base"])
        h = statistics.median(sum(r[k : k + 1] or r) for r in results["head"])
        print(f"{label:9} base {b:6.2f}  head {h:6.2f}  head/base {h / b:5.2f}")


if __name__ == "__main__":
    main()
