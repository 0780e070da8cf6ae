"""Counts read right: "1 ledger", "1 spade", "1 log" (issue 10, item 6)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.games.terra_mystica.game import GAME as TERRA_MYSTICA
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.replay import replay
from tmlog.report.frames import frames
from tmlog.words import count

DATA = Path(__file__).parent / "data"
GAME = DATA / "snellman-ledger" / "4pLeague_S64_D1L1_G3.txt"
GIANTS = DATA / "constructed" / "giants_fakirs.log"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_count() -> None:
    assert [count(n, "game") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]


def test_audit_of_one_ledger_counts_in_the_singular() -> None:
    code, out, _ = run("audit", str(GAME), "-q")
    assert code == 0
    # 308 rows: the README's audit example of the same game.
    assert (
        out.splitlines()[-1] == "1 ledger audited, 308 rows compared: 1 match, 0 diverge, 0 failed"
    )


def test_one_failed_log_of_one(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("witches: biuld E5\n", encoding="utf-8")
    code, _, err = run("stats", str(bad), "--no-cache", "-q")
    assert code == 1
    assert "1 of 1 log failed and is not counted:" in err.splitlines()


def test_one_spade_left() -> None:
    # The constructed giants game, its row 13 with two spades bought instead of
    # one: BON1's free spade and two bought make three; a Giants' transform
    # always takes two (rulebook), so one is left when the build comes.
    lines = GIANTS.read_text(encoding="utf-8").splitlines()[:13]
    assert lines[12] == "giants: action BON1. dig 1. build D3"
    lines[12] = "giants: action BON1. dig 2. build D3"
    result = replay(parse_log("\n".join(lines) + "\n", source="g.log"))
    assert result.error is not None
    assert str(result.error).endswith("all transforms must be done before building (1 spade left)")


def test_reprs_count_in_the_singular() -> None:
    log = parse_log("witches: build E5\n", source="one.log")
    assert repr(log) == "ParsedLog(source='one.log', format='commands', rows=<1 row>)"
    record = TERRA_MYSTICA.record(log, replay(log))
    assert "games: 1 row" in repr(frames([record]))
