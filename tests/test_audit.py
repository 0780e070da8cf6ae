"""``tmlog audit`` finds every value a ledger records differently from the rules."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.games.terra_mystica.audit import audit
from tmlog.games.terra_mystica.parse import parse_log

GAME = Path(__file__).parent / "data" / "snellman-ledger" / "4pLeague_S64_D1L1_G3.txt"


def _edited(old: str, new: str) -> str:
    text = GAME.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_a_wrong_coin_count_is_reported_where_it_appears() -> None:
    # Line 28 (witches' setup row) says 15 C; the rules give the witches 15 C.
    text = _edited("witches\t\t20 VP\t\t15 C", "witches\t\t20 VP\t\t16 C")
    report = audit(parse_log(text, source="g.txt"))
    first = report.divergences[0]
    assert (first.line, first.faction, first.field) == (28, "witches", "c")
    assert (first.recorded, first.replayed) == (16, 15)
    assert first.describe("g.txt") == "g.txt:28: witches: setup: c recorded 16, replayed 15"


def test_wrong_bowls_cults_and_offers_are_named() -> None:
    lines = GAME.read_text(encoding="utf-8").split("\n")
    # Line 48: the darklings' first trading post (G5) offers 1 power to two neighbours.
    row = lines[47].split("\t")
    assert row[14] == "upgrade G5 to TP" and row[13] == "1 1"
    row[10] = "5/6/1 PW"
    row[12] = "9/1/1/0"
    row[13] = "1 2"
    lines[47] = "\t".join(row)
    report = audit(parse_log("\n".join(lines), source="g.txt"))
    fields = {d.field for d in report.divergences if d.line == 48}
    assert fields == {"power", "cults", "leech"}
    assert not report.ok


def test_audit_command_exit_status_and_json(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(_edited("witches\t\t20 VP\t\t15 C", "witches\t\t20 VP\t\t16 C"), "utf-8")
    runner = CliRunner()
    ok = runner.invoke(cli, ["audit", str(GAME), "-q", "-j", "1"])
    assert ok.exit_code == 0 and "308 rows match" in ok.stdout
    diverging = runner.invoke(cli, ["audit", str(bad), "--format", "json", "-q", "-j", "1"])
    assert diverging.exit_code == 1
    assert '"field": "c"' in diverging.stdout and '"recorded": 16' in diverging.stdout
