"""Whole-process time of ``tmlog validate ONE.txt`` and ``tmlog vp ONE.txt`` (issue 15).

Usage::

    python bench/startup_bench.py [LOG] [--runs N] [--warmup K] [--base REV]
        [--regular] [--instructions] [--floor]
        [--reference 'perl /path/to/engine.pl {commands}']

Runs each command ``N`` times after ``K`` warm-up runs (so the OS file cache,
the grammar cache and the ``.pyc`` files are warm, as for a user's second
run), the commands interleaved so that whatever else the machine does falls
on all of them alike, in the manner of hyperfine. For each it prints the
mean and standard deviation, the median and the fastest run, in wall time
and in CPU time (user + system of the child, from ``wait4``: far less
disturbed by other busy processes than wall time), and the peak memory
(max RSS).

``--base REV`` also times the commands of an earlier commit, checked out
into a temporary worktree; both trees then run as ``python -m tmlog`` with
``PYTHONPATH`` pointing at the tree (as ``bench/compare.py`` does).

``--regular`` also times a regular install of each tree (what ``pip install
tmlog-games`` gives a user): the tree is built and installed with ``pip install
--no-deps --no-build-isolation`` into a temporary virtual environment that
sees this environment's packages (click, lark …) through a ``.pth`` file, and
its ``tmlog`` script is timed. This environment's own install is usually
editable (``pip install -e``), whose import hook, loaded by ``site`` at every
start, a regular install does not have.

``--instructions`` counts, after the timed runs, the instructions of one more
run of each command under ``valgrind --tool=callgrind`` (with
``PYTHONHASHSEED=0``): deterministic, unlike any time on a machine shared with
other work, so the figure to compare two commits by.

``--floor`` also times ``python -c pass`` with the same interpreter (of each
environment, with ``--regular``): the cost of starting Python at all, which
no change to tmlog can lower; each command's figures are then also shown
above that floor.

``--reference`` adds an outside command timed the same way, e.g. the
reference Perl engine replaying the same game; ``{commands}`` in it stands
for the log converted to a command log (``tmlog convert``, done once
before timing), ``{log}`` for the log itself. tmlog holds no engine code: the
harness is the caller's. The ratios reference / tmlog are printed last.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PYTHON_M = [sys.executable, "-m", "tmlog"]
DEFAULT_LOG = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "data"
    / "snellman-ledger"
    / "4pLeague_S64_D1L1_G1.txt"
)


def tmlog_command() -> list[str]:
    """The installed ``tmlog`` script of this interpreter's environment (what a user runs)."""
    script = Path(sys.executable).parent / "tmlog"
    if script.exists():
        return [str(script)]
    found = shutil.which("tmlog")
    return [found] if found else [sys.executable, "-m", "tmlog"]


COMMANDS = ("validate ONE", "vp ONE", "--help")


def interpreter(run: list[str]) -> str:
    """The Python that a command line of :func:`main`'s runs tmlog with."""
    if run[0].startswith("PYTHONPATH="):
        return run[1]
    if run[0] == sys.executable:
        return run[0]
    # An installed script: its environment's python, beside it.
    return str(Path(run[0]).parent / "python")


def run_once(argv: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and max RSS (MB) of one run.

    A first word ``PYTHONPATH=TREE`` goes to the environment of the run, which
    then runs in TREE (``python -m`` looks in the working directory first).
    """
    env = cwd = None
    if argv[0].startswith("PYTHONPATH="):
        cwd = argv[0].partition("=")[2]
        env = dict(os.environ, PYTHONPATH=cwd)
        argv = argv[1:]
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=cwd
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{shlex.join(argv)} failed ({proc.returncode}):\n{err[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def instructions(argv: list[str]) -> int:
    """Instructions executed by one run of ``argv`` (callgrind's total)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    cwd = None
    if argv[0].startswith("PYTHONPATH="):
        cwd = argv[0].partition("=")[2]
        env["PYTHONPATH"] = cwd
        argv = argv[1:]
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd,
        check=False,
    )
    for line in done.stderr.splitlines():
        if "Collected :" in line:
            return int(line.rpartition(":")[2])
    raise SystemExit(f"no instruction count from callgrind:\n{done.stderr[-2000:]}")


def regular_install(tree: Path, where: Path) -> list[str]:
    """Install ``tree`` (not editable) into a new virtual environment at ``where``;
    the command that runs its ``tmlog`` script."""
    import site
    import venv

    venv.create(where, with_pip=False)
    python = where / "bin" / "python"
    packages = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # The dependencies (and pip, setuptools) are this environment's; its .pth files,
    # the editable install's import hook among them, are not read from there.
    (Path(packages) / "dependencies.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8"
    )
    # Built from a copy: a build writes build/ and *.egg-info into its source tree.
    source = where / "source"
    shutil.copytree(
        tree,
        source,
        ignore=shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "__pycache__"),
    )
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "."],
        check=True,
        cwd=source,
    )
    return [str(where / "bin" / "tmlog")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("log", nargs="?", type=Path, default=DEFAULT_LOG)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument(
        "--reference",
        action="append",
        default=[],
        metavar="COMMAND",
        help="an outside command to time alongside ({commands}: the log as a command log)",
    )
    ap.add_argument("--base", metavar="REV", help="also time this git revision")
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="also count the instructions of one run of each command (valgrind)",
    )
    ap.add_argument(
        "--floor",
        action="store_true",
        help="also time `python -c pass` (the bare interpreter) and show each command above it",
    )
    ap.add_argument(
        "--regular",
        action="store_true",
        help="also time a regular (not editable) install of each tree",
    )
    args = ap.parse_args()
    tmlog = tmlog_command()
    log = str(args.log.resolve())
    with tempfile.TemporaryDirectory(prefix="tmlog-startup-") as tmp:
        commands_log = Path(tmp) / "game.log"
        converted = subprocess.run(
            [*tmlog, "convert", log], capture_output=True, text=True, check=False
        )
        if converted.returncode == 0:
            commands_log.write_text(converted.stdout, encoding="utf-8")
        else:  # already a command log
            shutil.copy(log, commands_log)
        os.environ["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")  # vp: no cache of older runs
        # As for a user: Python keeps the compiled modules (a session that sets
        # PYTHONDONTWRITEBYTECODE would time the compiling of every module instead).
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        runs: dict[str, list[str]] = {}
        trees: list[tuple[str, Path | None]] = [("", None)]
        if args.base:
            base = Path(tmp) / "base"
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(base), args.base],
                check=True,
            )
            trees = [("", HERE), ("base ", base)]
        variants: list[tuple[str, list[str]]] = []
        for label, tree in trees:
            run = tmlog if tree is None else [f"PYTHONPATH={tree}", *PYTHON_M]
            variants.append((label, run))
            if args.regular:
                installed = Path(tmp) / f"venv-{label.strip() or 'head'}"
                variants.append((f"{label}regular ", regular_install(tree or HERE, installed)))
        floors: dict[str, str] = {}
        for label, run in variants:
            runs[f"{label}tmlog validate ONE"] = [*run, "validate", log]
            runs[f"{label}tmlog vp ONE"] = [*run, "vp", log]
            runs[f"{label}tmlog --help"] = [*run, "--help"]
            if args.floor:
                floor = f"{label}python -c pass"
                runs[floor] = [interpreter(run), "-c", "pass"]
                floors.update({f"{label}tmlog {c}": floor for c in COMMANDS})
        for i, template in enumerate(args.reference, 1):
            text = template.format(commands=shlex.quote(str(commands_log)), log=shlex.quote(log))
            runs[f"reference {i}"] = shlex.split(text)
        figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name in runs}
        try:
            for _ in range(args.warmup):
                for argv in runs.values():
                    run_once(argv)
            for _ in range(args.runs):
                for name, argv in runs.items():
                    figures[name].append(run_once(argv))
            counted = {
                name: instructions(argv)
                for name, argv in runs.items()
                if args.instructions and not name.startswith("reference")
            }
        finally:
            if args.base:
                subprocess.run(
                    [
                        "git",
                        "-C",
                        str(HERE),
                        "worktree",
                        "remove",
                        "--force",
                        str(Path(tmp) / "base"),
                    ],
                    check=False,
                )

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{log}: {args.runs} runs each after {args.warmup} warm-up runs, interleaved")
    print(f"{os.cpu_count()} cores, load average {load:.2f} at the end\n")
    print(
        f"{'':30} {'wall ms: mean ± sd':>20} {'median':>7} {'min':>7}"
        f"   {'CPU ms: median':>14} {'min':>7} {'max RSS MB':>10}"
    )
    medians: dict[str, tuple[float, float]] = {}
    for name, rows in figures.items():
        wall = [r[0] * 1000 for r in rows]
        cpu = [r[1] * 1000 for r in rows]
        rss = max(r[2] for r in rows)
        sd = statistics.stdev(wall) if len(wall) > 1 else 0.0
        medians[name] = (statistics.median(wall), statistics.median(cpu))
        print(
            f"{name:30} {statistics.mean(wall):12.1f} ± {sd:5.1f} {statistics.median(wall):7.1f}"
            f" {min(wall):7.1f}   {statistics.median(cpu):14.1f} {min(cpu):7.1f} {rss:10.1f}"
        )
    if counted:
        print()
        for name, count in counted.items():
            print(f"{name:30} {count / 1e6:10.1f} M instructions (callgrind, one run)")
    for name, floor in floors.items():
        (wall, cpu), (floor_wall, floor_cpu) = medians[name], medians[floor]
        above = f"{name}: {wall - floor_wall:.1f} ms wall, {cpu - floor_cpu:.1f} ms CPU"
        if name in counted and floor in counted:
            above += f", {(counted[name] - counted[floor]) / 1e6:.1f} M instructions"
        print(f"{above} above {floor} (medians)")
    if args.base:
        for install in ("", "regular ") if args.regular else ("",):
            for command in ("tmlog validate ONE", "tmlog vp ONE", "tmlog --help"):
                name = install + command
                head, base_figures = medians[name], medians[f"base {name}"]
                ratios = (
                    f"{name}: head / base {head[0] / base_figures[0]:.2f} (wall median),"
                    f" {head[1] / base_figures[1]:.2f} (CPU median)"
                )
                if counted:
                    ratios += f", {counted[name] / counted[f'base {name}']:.2f} (instructions)"
                print(ratios)
    for i, _ in enumerate(args.reference, 1):
        ref = medians[f"reference {i}"]
        ours = ["tmlog validate ONE", "tmlog vp ONE"]
        if args.regular:
            ours += ["regular tmlog validate ONE", "regular tmlog vp ONE"]
        for name in ours:
            own = medians[name]
            print(
                f"reference {i} / {name}: {ref[0] / own[0]:.2f}x (wall median),"
                f" {ref[1] / own[1]:.2f}x (CPU median)"
            )


if __name__ == "__main__":
    main()
