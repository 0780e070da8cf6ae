"""The analysed grammars are kept in the user's cache directory between runs.

Each check runs in a fresh process (the parsers are built once per process)
with a cache directory of its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROGRAM = """
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.errors import LogSyntaxError
from tmlog.games.terra_mystica.parse.grammar import ledger_parser
ledger_parser()
assert [str(a) for a in parse_log("witches: build E5").actions] == ["witches: build E5"]
try:
    parse_log("w\\u0131tches: build E5")  # dotless i: still refused when loaded from the cache
except LogSyntaxError:
    print("refused")
"""


def _run(cache: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    return subprocess.run(
        [sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True, check=True
    )


def test_tables_are_written_then_read(tmp_path: Path) -> None:
    first = _run(tmp_path)
    files = sorted(p.name for p in (tmp_path / "tmlog").iterdir())
    assert files == ["commands-grammar.lark-cache", "ledger-grammar.lark-cache"]
    stamps = {p: p.stat().st_mtime_ns for p in (tmp_path / "tmlog").iterdir()}
    second = _run(tmp_path)
    assert first.stdout == second.stdout == "refused\n"
    # Loaded, not rebuilt: the files were not written again.
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps


def test_a_damaged_table_file_is_rebuilt_quietly(tmp_path: Path) -> None:
    _run(tmp_path)
    damaged = tmp_path / "tmlog" / "ledger-grammar.lark-cache"
    good = damaged.read_bytes()
    bad = good[:200] + b"\0garbage" + good[208:]
    damaged.write_bytes(bad)
    result = _run(tmp_path)
    assert result.stdout == "refused\n"
    assert result.stderr == ""
    rebuilt = damaged.read_bytes()
    assert rebuilt != bad
    stamp = damaged.stat().st_mtime_ns
    _run(tmp_path)
    assert damaged.stat().st_mtime_ns == stamp  # the rebuilt file loads


def test_an_unwritable_cache_directory_is_no_error(tmp_path: Path) -> None:
    (tmp_path / "tmlog").write_text("a file where the directory should be")
    assert _run(tmp_path).stdout == "refused\n"


def test_a_fifo_in_place_of_a_table_file_is_not_waited_on(tmp_path: Path) -> None:
    """Before issue 27's fault campaign Lark opened it and waited forever for a writer."""
    (tmp_path / "tmlog").mkdir()
    os.mkfifo(tmp_path / "tmlog" / "ledger-grammar.lark-cache")
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,  # fails here, not by hanging
    )
    assert result.stdout == "refused\n"
    assert (tmp_path / "tmlog" / "ledger-grammar.lark-cache").is_fifo()


def test_a_link_in_place_of_a_table_file_is_not_written_through(tmp_path: Path) -> None:
    """Before, Lark wrote its tables into whatever file the link named."""
    mine = tmp_path / "mine.txt"
    mine.write_text("not tmlog's\n", encoding="utf-8")
    (tmp_path / "tmlog").mkdir()
    (tmp_path / "tmlog" / "ledger-grammar.lark-cache").symlink_to(mine)
    assert _run(tmp_path).stdout == "refused\n"
    assert mine.read_text(encoding="utf-8") == "not tmlog's\n"
    assert (tmp_path / "tmlog" / "ledger-grammar.lark-cache").is_symlink()
