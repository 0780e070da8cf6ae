"""Issue 27, outputs: one rule for every output, checked before any work; no
file lost to --force, nothing left behind by a full disk."""

from __future__ import annotations

import errno
import importlib
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tmlog.cli import cli

LEDGERS = Path(__file__).parent / "data" / "snellman-ledger"
GAME = LEDGERS / "4pLeague_S64_D1L1_G1.txt"
TABLES = ["games", "factions", "timeline", "vp_sources", "leech"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def export(*args: str) -> tuple[int, str, str]:
    return run("export", str(GAME), "--no-cache", "--jobs", "1", *args)


def _users_database(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (game TEXT, note TEXT)")
        db.execute("INSERT INTO notes VALUES ('G1', 'mine')")
    db.close()


def _contents(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    db = sqlite3.connect(path)
    try:
        names = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: db.execute(f'SELECT * FROM "{n}"').fetchall() for n in sorted(names)}
    finally:
        db.close()


# ------------------------------------------------- --force in a database


def test_force_replaces_only_the_tables_tmlog_writes(tmp_path: Path) -> None:
    target = tmp_path / "games.db"
    _users_database(target)
    code, _, err = export("--to", "sqlite", str(target))
    assert code == 2 and "already exists (use --force" in err
    for _ in range(2):  # the second time over tmlog's own tables of the first
        code, _, err = export("--to", "sqlite", str(target), "--force")
        assert code == 0, err
    tables = _contents(target)
    assert tables["notes"] == [("G1", "mine")]
    assert sorted(tables) == sorted(["notes", *TABLES])
    # 4pLeague_S64_D1L1_G1: one game of four factions (not twice as many).
    assert len(tables["games"]) == 1 and len(tables["factions"]) == 4


def test_force_does_not_replace_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("mine\n", encoding="utf-8")
    code, _, err = export("--to", "sqlite", str(target), "--force")
    assert code == 2 and "exists and is not a SQLite database" in err
    assert target.read_text(encoding="utf-8") == "mine\n"


def _full_after(monkeypatch: pytest.MonkeyPatch, target: str, calls: int) -> None:
    """``target`` (``module.function``) raises ENOSPC from its ``calls``-th call
    on, as a writer does when the disk fills up. A writer of a file (pyarrow's,
    which take the path last) leaves half a table in it first."""
    module_name, name = target.rsplit(".", 1)
    module = importlib.import_module(module_name)
    real = getattr(module, name)
    seen = [0]

    def full(*args: Any, **kwargs: Any) -> Any:
        seen[0] += 1
        if seen[0] >= calls:
            if module_name.startswith("pyarrow."):
                Path(args[1]).write_bytes(b"half a table")
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, full)


def test_a_full_disk_keeps_the_database_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "games.db"
    _users_database(target)
    code, _, err = export("--to", "sqlite", str(target), "--force")
    assert code == 0, err
    before = _contents(target)
    # A cell of the timeline (the third table): the first two are replaced by then.
    _full_after(monkeypatch, "tmlog.report.export._plain", 5000)
    code, _, err = export("--to", "sqlite", str(target), "--force")
    assert code == 1
    assert err == f"Error: {target}: cannot write: No space left on device\n"
    assert _contents(target) == before  # one transaction: all of it or none
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]


@pytest.mark.parametrize(
    ("to", "writer", "calls"),
    [
        ("sqlite", "tmlog.report.export._plain", 5000),
        ("csv", "pyarrow.csv.write_csv", 3),
        ("parquet", "pyarrow.parquet.write_table", 1),
    ],
)
def test_a_full_disk_leaves_nothing_this_run_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, to: str, writer: str, calls: int
) -> None:
    _full_after(monkeypatch, writer, calls)
    out = tmp_path / ("games.db" if to == "sqlite" else "tables")
    code, _, err = export("--to", to, str(out))
    assert code == 1
    assert err == f"Error: {out}: cannot write: No space left on device\n"
    assert list(tmp_path.iterdir()) == []
    # Into a folder of the user's: the user's file stays, nothing else.
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "README").write_text("mine\n", encoding="utf-8")
    out = folder / ("games.db" if to == "sqlite" else "")
    code, _, _ = export("--to", to, str(out))
    assert code == 1
    assert [p.name for p in folder.iterdir()] == ["README"]


# ------------------------------------------- one rule for every output


def _commands(where: Path) -> list[tuple[list[str], Path]]:
    missing = where / "missing"
    return [
        (["export", str(GAME), "--no-cache", "--to", "sqlite"], missing / "games.db"),
        (["export", str(GAME), "--no-cache", "--to", "csv"], missing / "tables"),
        (["export", str(GAME), "--no-cache", "--to", "parquet"], missing / "tables"),
        (["convert", str(GAME), "-o"], missing / "game.log"),
        (["render", str(GAME), "-o"], missing / "map.png"),
        (["vp", str(GAME), "--no-cache", "--plot"], missing / "vp.png"),
        (["leech", str(GAME), "--no-cache", "--plot"], missing / "leech.png"),
        (["stats", str(GAME), "--no-cache", "--plot"], missing / "rates.png"),
    ]


def test_no_output_makes_a_missing_folder_and_each_says_so_before_any_work(
    tmp_path: Path,
) -> None:
    for args, target in _commands(tmp_path):
        code, out, err = run(*args, str(target))
        assert (code, out) == (1, ""), args  # no table printed first
        assert err == f"Error: {target}: cannot write: No such file or directory\n", args
        assert list(tmp_path.iterdir()) == [], args


def test_csv_and_parquet_make_their_own_folder(tmp_path: Path) -> None:
    code, _, err = export("--to", "csv", str(tmp_path / "tables"))
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "tables").iterdir()) == sorted(
        f"{t}.csv" for t in TABLES
    )
