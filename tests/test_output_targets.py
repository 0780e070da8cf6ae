"""Issue 27, outputs: one rule for every output, checked before any work; no
file lost to --force, nothing left behind by a full disk, no temporary name
or library warning shown."""

from __future__ import annotations

import errno
import importlib
import os
import sqlite3
import warnings
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


# ------------------------------------------------------------- pictures


def test_a_picture_format_that_needs_latex_is_refused_before_any_work(tmp_path: Path) -> None:
    code, out, err = run("vp", str(GAME), "--no-cache", "--plot", str(tmp_path / "p.pgf"))
    assert (code, out) == (2, "")
    assert "p.pgf: the file name must end in a picture format" in err
    assert ".pgf" not in err.split("writes:")[1] and ".png" in err
    assert list(tmp_path.iterdir()) == []


def test_a_failed_picture_names_its_file_not_a_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from matplotlib.figure import Figure

    def full(self: Figure, path: str, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Figure, "savefig", full)
    target = tmp_path / "vp.png"
    code, _, err = run("vp", str(GAME), "--no-cache", "--plot", str(target))
    assert code == 1
    assert err.endswith(f"Error: {target}: cannot write: No space left on device\n")
    assert list(tmp_path.iterdir()) == []


def _no_faction(tmp_path: Path) -> Path:
    """The first 20 lines of 4pLeague_S64_D1L1_G1 as a command log: options,
    scoring tiles and players, and no faction yet."""
    from tmlog.games.terra_mystica.convert import ledger_to_commands
    from tmlog.games.terra_mystica.parse import parse_file

    head = ledger_to_commands(parse_file(str(GAME))).split("\n")[:20]
    assert not any(line.startswith("setup ") for line in head)
    log = tmp_path / "no-faction.log"
    log.write_text("\n".join(head) + "\n", encoding="utf-8")
    return log


@pytest.mark.parametrize("timeline", [[], ["--timeline"]])
def test_vp_plot_of_a_log_with_no_faction(tmp_path: Path, timeline: list[str]) -> None:
    log = _no_faction(tmp_path)
    picture = tmp_path / "v.png"
    code, _, err = run("vp", str(log), "--no-cache", *timeline, "--plot", str(picture))
    assert code == 0, err
    assert "internal error" not in err
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_library_warning_reaches_standard_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """matplotlib's "does not support transparency" (a log message, for .eps)
    and "No artists with labels" (a warning, for a timeline of no faction) are
    its own business: tmlog's standard error holds only tmlog's lines."""
    log = _no_faction(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning shown would be an error here
        code, _, err = run("vp", str(GAME), "--no-cache", "--plot", str(tmp_path / "v.eps"))
        assert (code, err) == (0, f"wrote {tmp_path / 'v.eps'}\n")
        picture = tmp_path / "t.png"
        code, _, err = run("vp", str(log), "--no-cache", "--timeline", "--plot", str(picture))
        assert code == 0, err
    assert [r.getMessage() for r in caplog.records if r.name.startswith("matplotlib")] == []


# -------------------------------------------------------------- convert


def test_convert_says_what_it_wrote_as_render_does(tmp_path: Path) -> None:
    target = tmp_path / "game.log"
    code, out, err = run("convert", str(GAME), "-o", str(target))
    assert code == 0
    assert (out, err) == ("", f"wrote {target}\n")  # as render's "wrote map.png"
