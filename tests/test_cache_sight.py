"""The results cache knows unchanged files by sight, and never a changed one.

A warm run takes a log's key from the cache's record of the file's identity
(:mod:`tmlog.cache_sight`) instead of reading and hashing it. Whatever is
done to a file, its answer must be that of its content now.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tmlog import cache_sight, corpus
from tmlog.cache import ResultCache
from tmlog.corpus import iter_records
from tmlog.games.terra_mystica.record import GameRecord

LEDGER_DIR = Path(__file__).parent / "data" / "snellman-ledger"
SETTLE = 0.05


@pytest.fixture()
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two games, old enough (for a shortened settling time) to be known by sight."""
    monkeypatch.setattr(cache_sight, "SETTLE_SECONDS", SETTLE)
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt", folder / "a.txt")
    shutil.copy(LEDGER_DIR / "4pLeague_S64_D1L1_G2.txt", folder / "b.txt")
    time.sleep(2 * SETTLE)
    return folder


def records(folder: Path, cache: ResultCache | None) -> list[GameRecord]:
    out = [r for r in iter_records([str(folder)], cache=cache) if isinstance(r, GameRecord)]
    assert len(out) == len(list(folder.iterdir()))
    return out


def counting_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    real = corpus.read_log

    def counted(path: str) -> object:
        read.append(path)
        return real(path)

    monkeypatch.setattr(corpus, "read_log", counted)
    return read


def test_an_unchanged_file_is_not_read_again(
    games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = records(games, ResultCache(tmp_path / "C"))
    read = counting_reads(monkeypatch)
    assert records(games, ResultCache(tmp_path / "C")) == first
    assert read == []


def test_a_file_rewritten_with_its_old_size_and_time_is_read(
    games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records(games, ResultCache(tmp_path / "C"))
    a = games / "a.txt"
    before = a.stat()
    # Another game cut to the same size, its modification time set back: only
    # the change time (and, for a replaced file, the inode) can tell.
    other = (LEDGER_DIR / "4pLeague_S64_D1L1_G3.txt").read_bytes()
    other = (other + b"\n" * before.st_size)[: before.st_size]
    a.write_bytes(other)
    os.utime(a, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert a.stat().st_size == before.st_size and a.stat().st_mtime_ns == before.st_mtime_ns
    read = counting_reads(monkeypatch)
    assert records(games, ResultCache(tmp_path / "C")) == records(games, None)
    assert str(a) in read


def test_a_file_replaced_by_another_is_read(
    games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records(games, ResultCache(tmp_path / "C"))
    b = games / "b.txt"
    times = b.stat()
    os.replace(games / "a.txt", b)
    shutil.copy(LEDGER_DIR / "4pLeague_S64_D1L1_G3.txt", games / "a.txt")
    os.utime(b, ns=(times.st_atime_ns, times.st_mtime_ns))
    assert records(games, ResultCache(tmp_path / "C")) == records(games, None)


def test_a_file_changed_just_before_it_was_read_is_not_known(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # File times tick coarsely: a second write in the same tick, of the same
    # size, would leave them as they were. So a fresh file is never recorded.
    folder = tmp_path / "fresh"
    folder.mkdir()
    shutil.copy(LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt", folder / "a.txt")
    records(folder, ResultCache(tmp_path / "C"))
    read = counting_reads(monkeypatch)
    records(folder, ResultCache(tmp_path / "C"))
    assert read == [str(folder / "a.txt")]


def test_a_forged_identity_file_is_ignored(
    games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records(games, ResultCache(tmp_path / "C"))
    (where,) = (tmp_path / "C").glob(f"*/{cache_sight.FILE}")
    mac, _, body = where.read_bytes().partition(b"\n")
    entries = json.loads(body)
    assert len(entries) == 2
    # Swap the two files' keys: without the secret the MAC cannot follow.
    (ka, a), (kb, b) = sorted(entries.items())
    forged = {ka: [*a[:5], *b[5:]], kb: [*b[:5], *a[5:]]}
    where.write_bytes(mac + b"\n" + json.dumps(forged).encode())
    warnings: list[str] = []
    found = records(games, ResultCache(tmp_path / "C", warn=warnings.append))
    assert found == records(games, None)
    assert len(warnings) == 1 and "cache" in warnings[0]


def test_a_warm_run_stats_each_log_once(
    games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The listing's stat of a file is its identity: no second stat per log."""
    first = records(games, ResultCache(tmp_path / "C"))
    statted: list[str] = []
    real = os.stat

    def counted(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if str(path).startswith(str(games) + os.sep):
            statted.append(str(path))
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", counted)
    read = counting_reads(monkeypatch)
    assert records(games, ResultCache(tmp_path / "C")) == first
    assert read == []
    assert sorted(statted) == sorted(str(p) for p in games.iterdir())
