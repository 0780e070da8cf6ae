"""The runner survives its faults: a killed worker costs only its own games, and
workers do not outlive a parent killed with ``kill -9``."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tmlog.corpus import CHUNK, Failure, Runner, list_logs, read_log

LEDGER_DIR = Path(__file__).parent / "data" / "snellman-ledger"
GAMES = sorted(LEDGER_DIR.glob("*.txt"))


def expected() -> dict[str, dict[str, int]]:
    """manifest.json: the reference engine's final VP of each game."""
    data = json.loads((LEDGER_DIR / "manifest.json").read_text(encoding="utf-8"))
    return {g["log_file"]: g["expected_total_vp"] for g in data["games"]}


def final_vp(parsed: Any, replay: Any) -> dict[str, int]:
    from tmlog.games.terra_mystica.record import record_game

    return {f.faction: f.final_vp for f in record_game(replay).factions}


def killer(parsed: Any, replay: Any) -> dict[str, int]:
    if "kill" in Path(parsed.source).name:
        os.kill(os.getpid(), signal.SIGKILL)
    return final_vp(parsed, replay)


def test_a_killed_worker_costs_only_its_own_game(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for game in GAMES[: 3 * CHUNK]:
        shutil.copy(game, folder / game.name)
    shutil.copy(GAMES[0], folder / "4pLeague_S64_D1L1_G1_kill.txt")
    names = [n for n in list_logs([str(folder)]) if isinstance(n, str)]
    logs = [log for log in map(read_log, names) if not isinstance(log, Failure)]
    with Runner(killer, jobs=2) as runner:
        results = runner.map(logs)
    assert len(results) == len(logs)
    truth = expected()
    for log, result in zip(logs, results, strict=True):
        name = Path(log.source).name
        if "kill" in name:
            assert isinstance(result, Failure) and "died" in result.message
        else:
            assert result == truth[name]


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _compiled() -> bool:
    """Whether tmlog runs as the compiled (mypyc) build, as .ci/run checks it."""
    from tmlog.games.terra_mystica.replay import economy

    return not economy.__file__.endswith(".py")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_workers_die_with_a_killed_parent(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for game in GAMES:
        shutil.copy(game, folder / game.name)
    parent = subprocess.Popen(
        [sys.executable, "-m", "tmlog", "validate", str(folder), "-j", "2", "-q"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline and parent.poll() is None:
            time.sleep(0.05)
            workers = _children(parent.pid)
        assert len(workers) >= 2, "the workers never started"
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 5
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_alive(w) for w in workers)
    finally:
        if parent.poll() is None:
            parent.kill()


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_validate_finishes_after_a_worker_is_killed(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    # Enough logs that the run cannot end before the kill: 336 logs take the
    # compiled build on two workers about a second (5 ms a log), the kill
    # comes 0.2 s after both workers exist. Two copies once took 0.5 s, and
    # as replays got faster the run could finish before the kill. Pure Python
    # takes about 16 ms a log, so 126 logs last as long there; 336 cost the
    # everyday run 10 s of CPU.
    copies = 8 if _compiled() else 3
    for copy in range(copies):
        for game in GAMES:
            shutil.copy(game, folder / f"{copy}-{game.name}")
    run = subprocess.Popen(
        [sys.executable, "-m", "tmlog", "validate", str(folder), "-j", "2", "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 30
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.05)
        workers = _children(run.pid)
    assert len(workers) == 2, "the run never started its two workers"
    time.sleep(0.2)
    try:
        os.kill(workers[0], signal.SIGKILL)
    except ProcessLookupError:
        run.kill()
        pytest.fail("the run ended before a worker could be killed: give it more logs")
    out, err = run.communicate(timeout=120)
    # Every one of the real games is legal: all are reported OK, none lost.
    assert run.returncode == 0, err
    assert out.count("OK ") == copies * len(GAMES)
    assert "BrokenProcessPool" not in err
