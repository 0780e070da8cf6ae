"""``tmlog audit`` says something true (issue 10 item 4, item 6): a log with
nothing recorded is an error pointing to ``validate``, JSON reports matching
ledgers too, and counts are in the right number."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import parse_file

GAME = Path(__file__).parent / "data" / "snellman-ledger" / "4pLeague_S64_D1L1_G3.txt"
# The final VP the ledger recorded; 308 rows of it carry recorded values (the
# README's audit example shows the same count).
RECORDED = {"cultists": 168, "darklings": 152, "swarmlings": 149, "witches": 92}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [*args, "-q", "-j", "1"])
    return result.exit_code, result.stdout, result.stderr


def test_a_command_log_is_an_error_that_points_to_validate(tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    log.write_text(ledger_to_commands(parse_file(str(GAME))), encoding="utf-8")
    code, out, err = run("audit", str(log))
    assert code == 1
    assert err == (
        f"Error: {log}: nothing recorded to audit (not a ledger export);"
        " use 'tmlog validate' to check a command log against the rules\n"
    )
    assert "OK" not in out
    assert out.splitlines()[-1] == "1 ledger audited, 0 rows compared: 0 match, 0 diverge, 1 failed"


def test_json_reports_a_matching_ledger() -> None:
    code, out, _ = run("audit", str(GAME), "--format", "json")
    assert code == 0
    assert json.loads(out) == [
        {
            "source": str(GAME),
            "ok": True,
            "rows_compared": 308,
            "final_vp": RECORDED,
            "error": None,
            "divergences": [],
        }
    ]


def test_counts_of_one_are_singular(tmp_path: Path) -> None:
    code, out, _ = run("audit", str(GAME))
    assert code == 0
    assert (
        out.splitlines()[-1] == "1 ledger audited, 308 rows compared: 1 match, 0 diverge, 0 failed"
    )
    bad = tmp_path / "bad.txt"
    text = GAME.read_text(encoding="utf-8")
    # The witches' setup row (the first of their rows) records 16 C instead of 15.
    edited = text.replace("witches\t\t20 VP\t\t15 C", "witches\t\t20 VP\t\t16 C", 1)
    bad.write_text(edited, "utf-8")
    code, out, _ = run("audit", str(bad))
    assert code == 1
    assert f"DIVERGES {bad}: 1 divergence" in out.splitlines()
