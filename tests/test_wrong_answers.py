"""Wrong answers with exit 0 (issue 16): a log with no factions counted as a
finished game, and a ``map`` line that changed the terrain wherever it stood."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import parse_file, parse_log
from tmlog.games.terra_mystica.replay import replay

LEDGERS = Path(__file__).parent / "data" / "snellman-ledger"
GAME = LEDGERS / "4pLeague_S64_D1L1_G3.txt"
# The final VP the site recorded on the last rows of GAME's ledger.
RECORDED = {"witches": 92, "cultists": 168, "darklings": 152, "swarmlings": 149}
ORIGINAL = "126fe960806d587c78546b30f1a90853b1ada468"
OTHER_MAP = "91645cdb135773c2a7a50e5ca9cb18af54c664c4"  # Fire & Ice's side


def test_a_log_with_no_factions_is_not_a_finished_game(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    shutil.copytree(LEDGERS, folder)
    (folder / "comment.txt").write_text("# comment\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["stats", str(folder), "--no-cache"])
    assert result.exit_code == 0, result.stderr
    # 42 corpus games (6 dropped factions among them, as without the comment file).
    assert result.stdout.splitlines()[-1] == (
        "42 games; left out: 6 dropped factions, 1 unfinished game"
    )


def _commands() -> list[str]:
    lines = ledger_to_commands(parse_file(str(GAME))).rstrip("\n").split("\n")
    assert lines[20].startswith("setup ")  # the first faction's setup
    return lines


def test_a_map_line_after_the_game_changes_nothing() -> None:
    lines = _commands()
    lines.append(f"map {OTHER_MAP}")
    result = replay(parse_log("\n".join(lines), source="g.txt"))
    assert result.error is None
    assert result.final_vp() == RECORDED
    assert result.map_id == ORIGINAL
    assert f"g.txt:{len(lines)}: map {OTHER_MAP}: ignored, the game is already over" in (
        result.warnings
    )


def test_a_map_line_mid_game_changes_no_terrain_and_says_so() -> None:
    lines = _commands()
    lines.insert(120, f"map {OTHER_MAP}")
    result = replay(parse_log("\n".join(lines), source="g.txt"))
    assert result.error is None
    assert result.final_vp() == RECORDED
    # As the reference engine does, only the id the game reports changes.
    assert result.map_id == OTHER_MAP
    assert any(
        w.startswith(f"g.txt:121: map {OTHER_MAP}: ") and "changes no terrain" in w
        for w in result.warnings
    ), result.warnings


def test_the_map_set_before_setup_is_the_terrain() -> None:
    lines = _commands()
    lines.insert(20, f"map {OTHER_MAP}")
    lines.insert(0, f"map {ORIGINAL}")
    result = replay(parse_log("\n".join(lines), source="g.txt"))
    # The last map line before the first setup wins: the game was not played
    # on that terrain, so the replay breaks a rule somewhere or changes VP.
    assert result.map_id == OTHER_MAP
    assert result.error is not None or result.final_vp() != RECORDED


def test_an_unknown_map_mid_game_is_a_positioned_error() -> None:
    lines = _commands()
    lines.insert(120, "map 0123456789abcdef0123456789abcdef01234567")
    result = replay(parse_log("\n".join(lines), source="g.txt"))
    assert result.error is not None and result.error.line == 121
    assert "unknown map id" in str(result.error)


def test_trailing_spaces_after_a_ledger_header_change_nothing() -> None:
    # Found by the fault campaign: "Scoring FIRE cult   " was read as a user
    # comment, not as the final scoring's header, so the cult-scoring rows
    # after it became four "ignored, the game is already over" warnings.
    text = (LEDGERS / "4pLeague_S68_D1L1_G3.txt").read_text(encoding="utf-8")
    assert "\nScoring FIRE cult\n" in text
    spaced = "\n".join(line + "   " if line else line for line in text.split("\n"))
    plain, padded = replay(parse_log(text)), replay(parse_log(spaced))
    assert plain.warnings == [] and padded.warnings == []
    # The final VP the site recorded on the ledger's last rows.
    recorded = {"cultists": 138, "darklings": 139, "engineers": 116, "witches": 129}
    assert plain.final_vp() == padded.final_vp() == recorded
