"""The same game saved twice is counted once, and the output says what was left out."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from tmlog.cli import cli

LEDGER_DIR = Path(__file__).parent / "data" / "snellman-ledger"
GAME = LEDGER_DIR / "4pLeague_S64_D1L1_G1.txt"
# manifest.json: the reference engine's final VP of GAME
FINAL_VP = {"chaosmagicians": 129, "cultists": 157, "darklings": 149, "witches": 138}


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, [*args, "-q", "-j", "1", "--no-cache"])


def saved_twice(folder: Path) -> Path:
    """a.txt, and b.txt: the same game with a BOM, CRLF line ends and trailing blanks."""
    folder.mkdir()
    shutil.copy(GAME, folder / "a.txt")
    lines = GAME.read_bytes().splitlines()
    (folder / "b.txt").write_bytes(b"\xef\xbb\xbf" + b"  \r\n".join(lines) + b"\r\n\r\n")
    return folder


def test_stats_counts_a_game_saved_twice_once(tmp_path: Path) -> None:
    folder = saved_twice(tmp_path / "games")
    result = run("stats", str(folder), "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    # One 4-player game: each faction played it once.
    assert {r["faction"]: r["games"] for r in rows} == {f: 1 for f in FINAL_VP}
    a, b = folder / "a.txt", folder / "b.txt"
    assert "stats: 1 game; left out:" in result.stderr
    assert f"1 duplicate ({b} = {a})" in result.stderr


def test_vp_counts_a_game_saved_twice_once(tmp_path: Path) -> None:
    folder = saved_twice(tmp_path / "games")
    result = run("vp", str(folder), "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {r["game"] for r in rows} == {str(folder / "a.txt")}
    totals: dict[str, int] = {}
    for r in rows:
        totals[r["faction"]] = totals.get(r["faction"], 0) + r["vp"]
    assert totals == FINAL_VP
    assert "left out: 1 duplicate" in result.stderr


def test_different_games_are_all_counted(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for game in sorted(LEDGER_DIR.glob("*.txt"))[:3]:
        shutil.copy(game, folder / game.name)
    result = run("stats", str(folder))
    assert "duplicate" not in result.output
