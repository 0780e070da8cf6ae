"""Every command on a Root log, and on a folder mixing Root and Terra Mystica logs,
either serves it or refuses it in one line: never an internal error, and a mixed
folder never stops the run (issue 24)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tmlog.cli import cli

DATA = Path(__file__).parent / "data"
ROOT_LOG = DATA / "rootlog" / "2020_11_26_winter_tournament_r1g3.rootlog"
TM_LOG = Path(__file__).parent.parent / "sample_logs" / "4pLeague_S64_D1L1_G3.txt"

# What each command needs of a log's game, and so whether Root's logs are served.
REFUSED_FOR_ROOT = {
    "audit": "tmlog audit does not serve Root logs",
    "leech": "tmlog leech does not serve Root logs",
    "convert": "tmlog convert does not serve Root logs",
    "stats --by score-tiles": "Root logs cannot be grouped by score-tiles",
}


@pytest.fixture()
def mixed(tmp_path: Path) -> Path:
    folder = tmp_path / "mixed"
    folder.mkdir()
    shutil.copy(ROOT_LOG, folder)
    shutil.copy(TM_LOG, folder)
    return folder


def _invoke(args: list[str], tmp_path: Path) -> Result:
    corpus = ["-q", "-j", "1", "--cache", str(tmp_path / "cache")]
    takes_corpus = args[0] in ("vp", "leech", "stats", "ratings", "export")
    extra = (
        corpus if takes_corpus else ["-q", "-j", "1"] if args[0] in ("validate", "audit") else []
    )
    return CliRunner().invoke(cli, [*args, *extra])


def _commands(log: Path, tmp_path: Path) -> dict[str, list[str]]:
    out = tmp_path / "out"
    return {
        "parse": ["parse", str(log)],
        "validate": ["validate", str(log)],
        "audit": ["audit", str(log)],
        "vp": ["vp", str(log)],
        "vp --timeline --format csv": ["vp", str(log), "--timeline", "--format", "csv"],
        "leech": ["leech", str(log)],
        "stats": ["stats", str(log)],
        "stats --by map": ["stats", str(log), "--by", "map"],
        "stats --by score-tiles": ["stats", str(log), "--by", "score-tiles"],
        "stats --min-rating 1000": ["stats", str(log), "--min-rating", "1000"],
        "ratings": ["ratings", str(log)],
        "export": ["export", str(log), "--to", "csv", str(out)],
        "replay": ["replay", str(log), "--at", "R2"],
        "render": ["render", str(log), "-o", str(tmp_path / "board.png")],
        "convert": ["convert", str(log)],
    }


def _clean(result: Result) -> None:
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("name", list(_commands(ROOT_LOG, Path("x"))))
def test_a_root_log_is_served_or_refused_in_one_line(name: str, tmp_path: Path) -> None:
    result = _invoke(_commands(ROOT_LOG, tmp_path)[name], tmp_path)
    _clean(result)
    if name in REFUSED_FOR_ROOT:
        assert result.exit_code == 2, result.output
        errors = [line for line in result.stderr.splitlines() if not line.startswith("warning:")]
        assert len(errors) == 1 and REFUSED_FOR_ROOT[name] in errors[0], result.stderr
        assert result.stdout == ""
    else:
        assert result.exit_code == 0, result.output
        assert result.stdout or name in ("render", "export")


@pytest.mark.parametrize(
    "name", [n for n in _commands(ROOT_LOG, Path("x")) if n not in ("replay", "render", "convert")]
)
def test_a_mixed_folder_is_served_and_the_root_log_noted(
    name: str, mixed: Path, tmp_path: Path
) -> None:
    result = _invoke(_commands(mixed, tmp_path)[name], tmp_path)
    _clean(result)
    assert result.exit_code == 0, result.output
    if name in REFUSED_FOR_ROOT:
        # The Root log is noted and left out; the Terra Mystica ledger is served.
        assert f"skipped: {mixed / ROOT_LOG.name}: " in result.stderr, result.stderr
    if name == "export":
        # One game's tables per run: of one log each, the first read (the Root
        # log sorts first) is exported, the other noted in one line.
        assert result.stderr.count("skipped:") == 1, result.stderr
        assert "skipped: 1 Terra Mystica log: this export holds the Root games" in result.stderr
        assert (tmp_path / "out" / "timeline.csv").exists()
        assert not (tmp_path / "out" / "leech.csv").exists()
    if name == "ratings":
        # One game's players per run: of one log each, the first read (the Root
        # log sorts first) is rated, the other noted in one line; and a player
        # needs five games to be listed, so the table is empty here.
        assert "skipped: 1 Terra Mystica log: these ratings are of the Root games" in result.stderr
        assert "1 game rated of 1 (0 results, 1 log)" in result.stdout, result.stdout
        return
    if name == "stats --min-rating 1000":
        # Each game's players are rated from its own games: none has a player with
        # the five games a rating needs, so both are read and neither counted.
        assert "2 games read; 0 counted (2 below --min-rating 1000)" in result.stdout
        return
    served = result.stdout + (result.stderr if name == "export" else "")
    assert TM_LOG.name in served or "cultists" in served or "1 game" in served, served


def test_the_dashboard_of_a_mixed_folder_holds_one_game_and_notes_the_other(
    mixed: Path, tmp_path: Path
) -> None:
    page = tmp_path / "stats.html"
    result = CliRunner().invoke(cli, ["report", str(mixed), "-o", str(page)])
    _clean(result)
    assert result.exit_code == 0 and page.is_file()
    skipped = [line for line in result.stderr.splitlines() if line.startswith("skipped:")]
    assert len(skipped) == 1 and skipped[0].endswith("logs in a folder of their own")
