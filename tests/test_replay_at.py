"""``tmlog replay --at`` (issue 16, issue 10 item 4): before the first faction,
past the end, odd digits, and text and JSON telling the same turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli

GAME = Path(__file__).parent / "data" / "snellman-ledger" / "4pLeague_S64_D1L1_G3.txt"
# The ledger's last row is line 397; the game ends in round 6 after turn 9
# (the "round 6, turn 9, game over" head of `tmlog replay` on the whole game).
LAST = "its last point is log line 397, round 6, turn 9 (game over)"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_at_a_line_before_any_faction_shows_an_empty_table() -> None:
    code, out, err = run("replay", str(GAME), "--at", "1")
    assert code == 0, err
    assert out.startswith(f"{GAME}: round 0, turn 0 (after log line 1)\nfaction")


def test_a_log_with_no_factions_replays_to_an_empty_table(tmp_path: Path) -> None:
    path = tmp_path / "comment.txt"
    path.write_text("# comment\n", encoding="utf-8")
    code, out, err = run("replay", str(path))
    assert code == 0, err
    assert out.startswith(f"{path}: round 0, turn 0, incomplete game\nfaction")
    code, out, err = run("replay", str(path), "--format", "json")
    assert code == 0 and json.loads(out)["factions"] == {}


@pytest.mark.parametrize("value", ["²", "١٢", "R³", "R3T²", "１２", "12\n", "R3\n"])
def test_non_ascii_digits_are_a_usage_error(value: str) -> None:
    code, _, err = run("replay", str(GAME), "--at", value)
    assert code == 2
    assert (
        "use a log line number (120), a round (R3; R0 is setup) or a round and turn (R3T2)" in err
    )
    assert "internal error" not in err


@pytest.mark.parametrize(
    "value", ["R9T1", "99999", "R7", "R6T10", "398", "9" * 5000, "R" + "9" * 5000, "R6T" + "9" * 30]
)
def test_at_past_the_end_is_a_usage_error_naming_the_last_point(value: str) -> None:
    for command in (["replay"], ["render", "-o", "x.png"]):
        code, _, err = run(*command, str(GAME), "--at", value)
        assert code == 2, (command, err)
        assert f"{value} is past the end of {GAME}: {LAST}" in err.replace("\n", " ")


@pytest.mark.parametrize("value", ["R6", "R6T9", "397"])
def test_at_the_last_point_is_allowed(value: str) -> None:
    code, out, err = run("replay", str(GAME), "--at", value)
    assert code == 0, err
    assert out.startswith(f"{GAME}: round 6, turn 9, game over")


@pytest.mark.parametrize(
    ("value", "round_", "turn", "at"),
    [
        ("R3T2", 3, 3, {"end_of_round": 3, "end_of_turn": 2}),
        ("R3", 4, 1, {"end_of_round": 3, "end_of_turn": None}),
        ("120", 2, 3, {"line": 120}),
    ],
)
def test_text_and_json_agree_on_the_turn(
    value: str, round_: int, turn: int, at: dict[str, int | None]
) -> None:
    code, text, _ = run("replay", str(GAME), "--at", value)
    assert code == 0
    code, out, _ = run("replay", str(GAME), "--at", value, "--format", "json")
    state = json.loads(out)
    assert (state["round"], state["turn"], state["at"]) == (round_, turn, at)
    assert text.startswith(f"{GAME}: round {round_}, turn {turn} (")


# The ledger's last turn header of round 3 is "Round 3, turn 9" (line 180); line 187
# is "Round 4 income".
@pytest.mark.parametrize("value", ["R3T10", "R3T99", "R3T" + "9" * 30])
def test_a_turn_past_the_rounds_last_is_a_usage_error_naming_it(value: str) -> None:
    """``R3T99`` showed round 4, turn 1 with exit 0, while ``R6T10`` was refused."""
    for command in (["replay"], ["render", "-o", "x.png"]):
        code, out, err = run(*command, str(GAME), "--at", value)
        assert code == 2, (command, out)
        assert (
            f"{value} is past the last turn of round 3 of {GAME}: its last turn is R3T9"
            in err.replace("\n", " ")
        )


def test_the_rounds_last_turn_is_allowed() -> None:
    code, out, err = run("replay", str(GAME), "--at", "R3T9")
    assert code == 0, err
    assert out.startswith(f"{GAME}: round 4, turn 1 (end of round 3, turn 9)")


def test_the_setup_round_has_no_turns() -> None:
    code, _, err = run("replay", str(GAME), "--at", "R0T1")
    assert code == 2
    assert f"R0T1 is past the last turn of round 0 of {GAME}: it has none" in err.replace("\n", " ")
    code, out, _ = run("replay", str(GAME), "--at", "R0")
    assert code == 0 and out.startswith(f"{GAME}: round 1, turn 1 (end of round 0)")
