"""Any sequence of runs gives, with the cache, exactly what ``--no-cache`` gives.

A hypothesis state machine adds logs (copies of real games, byte-identical
duplicates, edited copies, CRLF variants), deletes them, damages cache files
in every way :mod:`tests.test_cache_trust` knows, kills cached runs with
``kill -9`` at random moments, compacts the cache and runs ``stats`` or ``vp``
with it; each run is compared with a run without it.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from tests.test_cache_trust import DAMAGES, cache_files, damage_tear
from tmlog.cache import ResultCache
from tmlog.cli import cli

LEDGER_DIR = Path(__file__).parent / "data" / "snellman-ledger"
# The smallest real games, so that a sequence stays quick.
POOL = sorted(LEDGER_DIR.glob("*.txt"), key=lambda p: p.stat().st_size)[:4]

_uncached: dict[str, tuple[int, str]] = {}
"""What a run without the cache prints, by command, folder and the folder's content."""


def _invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, [*args, "-q"])
    assert "Traceback" not in result.output
    assert "internal error" not in result.output, result.output
    return result.exit_code, result.stdout


class CacheRuns(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.base = Path(tempfile.mkdtemp(prefix="tmlog-cache-machine-"))
        self.games = self.base / "games"
        self.games.mkdir()
        self.cache = self.base / "cache"
        self.serial = 0
        self.runs = 0

    def _new_name(self) -> Path:
        self.serial += 1
        return self.games / f"g{self.serial:03d}.txt"

    def _files(self) -> list[Path]:
        return sorted(self.games.glob("*.txt"))

    @initialize(game=st.sampled_from(POOL))
    def first_log(self, game: Path) -> None:
        shutil.copy(game, self._new_name())

    @rule(game=st.sampled_from(POOL))
    def add_copy(self, game: Path) -> None:
        shutil.copy(game, self._new_name())

    @precondition(lambda self: bool(self._files()))
    @rule(data=st.data())
    def add_duplicate(self, data: st.DataObject) -> None:
        shutil.copy(data.draw(st.sampled_from(self._files())), self._new_name())

    @precondition(lambda self: bool(self._files()))
    @rule(data=st.data(), crlf=st.booleans(), cut=st.floats(0.1, 1.0), comment=st.booleans())
    def add_variant(self, data: st.DataObject, crlf: bool, cut: float, comment: bool) -> None:
        """An edited copy: cut short (an unfinished or broken game), CRLF, a comment."""
        lines = data.draw(st.sampled_from(self._files())).read_bytes().splitlines()
        lines = lines[: max(1, int(len(lines) * cut))]
        if comment:
            lines.append(b"# an edit")
        self._new_name().write_bytes((b"\r\n" if crlf else b"\n").join(lines) + b"\n")

    @precondition(lambda self: len(self._files()) > 1)
    @rule(data=st.data())
    def delete(self, data: st.DataObject) -> None:
        data.draw(st.sampled_from(self._files())).unlink()

    @rule(which=st.integers(0, 1000), damage=st.sampled_from(DAMAGES))
    def damage_cache(self, which: int, damage: Callable[[Path], None]) -> None:
        # Batch names hold a time and a random part: order files by the order the
        # batches were written, so a sequence replays the same way when shrunk.
        files = sorted(cache_files(self.cache), key=lambda p: (p.parent.stat().st_mtime_ns, p.name))
        if files:
            target = files[which % len(files)]
            try:
                damage(target)
            except (OSError, ValueError, zlib.error):  # damaged before: it cannot be
                damage_tear(target)  # read to reshape (a flipped bit breaks its zlib stream)

    @rule(after=st.floats(0.0, 1.5), jobs=st.sampled_from(["1", "2"]))
    def killed_run(self, after: float, jobs: str) -> None:
        """A cached run killed with ``kill -9`` at some moment (perhaps while writing)."""
        run = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tmlog",
                "stats",
                str(self.games),
                "-q",
                "-j",
                jobs,
                "--cache",
                str(self.cache),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(after)
        run.kill()
        run.wait()

    @rule()
    def compact(self) -> None:
        ResultCache(self.cache).compact()

    @rule(command=st.sampled_from(["stats", "vp"]), jobs=st.sampled_from(["1", "2"]))
    def run(self, command: str, jobs: str) -> None:
        folder = str(self.games)
        cached = _invoke(command, folder, "-j", jobs, "--cache", str(self.cache))
        content = hashlib.sha256()
        for path in self._files():
            content.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        # Outputs name the files: the folder is part of what is remembered.
        memo = f"{command} {folder} {content.hexdigest()}"
        if memo not in _uncached:
            _uncached[memo] = _invoke(command, folder, "-j", "1", "--no-cache")
        assert cached == _uncached[memo]
        self.runs += 1

    def teardown(self) -> None:
        shutil.rmtree(self.base, ignore_errors=True)


def _machine(examples: int, steps: int) -> type[RuleBasedStateMachine]:
    class Machine(CacheRuns):
        pass

    Machine.TestCase.settings = settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )
    return Machine


TestCacheRunsQuick = _machine(examples=10, steps=6).TestCase
"""The everyday run: ten short sequences."""

TestCacheRunsLong = pytest.mark.slow(_machine(examples=200, steps=12).TestCase)
"""CI (``-m slow``): two hundred longer ones."""
