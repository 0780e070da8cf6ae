"""Bad input: cut-off games, directories with junk, oversized files — reported, never fatal."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.errors import InputError
from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.replay import Stop, replay

GAME = Path(__file__).parent / "data" / "snellman-ledger" / "4pLeague_S64_D1L1_G3.txt"


@pytest.fixture()
def cut_game(tmp_path: Path) -> Path:
    """The game cut off in the middle of its line 199 (a witches row of round 4)."""
    path = tmp_path / "cut.txt"
    path.write_bytes(GAME.read_bytes()[:12000])
    assert path.read_text(encoding="utf-8").count("\n") == 198
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_cut_off_game_replays_to_its_last_complete_row(cut_game: Path) -> None:
    log = parse_file(str(cut_game), partial=True)
    assert log.rows[-1].line == 198
    assert log.warnings == [f"{cut_game}:199: last row is cut off and was left out (end of row)"]
    result = replay(log)
    assert result.error is None and not result.finished
    assert (result.state.round, result.state.turn) == (4, 1)
    # The values the ledger recorded on its last complete row (line 198).
    assert result.state.faction("witches").vp == 51
    assert f"{cut_game}: incomplete game (round 4, turn 1)" in result.warnings


def test_commands_on_a_cut_off_game_say_it_is_unfinished(cut_game: Path) -> None:
    code, out, err = run("validate", str(cut_game), "-q")
    assert code == 0
    assert "incomplete game (round 4, turn 1)" in out
    assert "last row is cut off" in err
    code, out, err = run("replay", str(cut_game), "--at", "R2")
    assert code == 0 and "end of round 2" in out
    code, out, err = run("vp", str(cut_game), "--no-cache", "-q")
    assert code == 0 and "incomplete game (round 4, turn 1)" in err
    code, out, _ = run("replay", str(cut_game), "--format", "json")
    assert code == 0 and '"finished": false' in out


def test_a_directory_with_junk_reports_each_bad_entry(tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "good.txt").write_bytes(GAME.read_bytes())
    (folder / "notes.md").write_text("not a log", encoding="utf-8")  # not a *.txt/*.log: ignored
    (folder / "binary.log").write_bytes(b"witches\x00 build E5")
    (folder / "loop.txt").symlink_to(folder / "loop.txt")
    (folder / "gone.txt").symlink_to(folder / "nowhere.txt")
    code, out, err = run("validate", str(folder), "-q")
    assert code == 1
    assert out.count("OK ") == 1 and "good.txt" in out
    lines = [line for line in err.splitlines() if line.startswith("Error:")]
    assert len(lines) == 3
    assert f"{folder / 'binary.log'}:1:8: binary data, not a log: NUL byte" in err
    assert f"{folder / 'loop.txt'}: symbolic link loop" in err
    assert f"{folder / 'gone.txt'}: broken symbolic link" in err
    assert "Traceback" not in out + err


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file_is_reported(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_bytes(GAME.read_bytes())
    secret.chmod(0)
    code, _, err = run("validate", str(tmp_path), "-q")
    assert code == 1 and "permission denied" in err.lower()


def test_a_huge_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as f:
        f.truncate(100 * 2**20)  # 100 MB, sparse
    code, _, err = run("validate", str(huge), "-q")
    assert code == 1
    assert "too large for a game log (104,857,600 bytes; limit 16,777,216)" in err


def test_a_one_megabyte_row_is_refused(tmp_path: Path) -> None:
    long = tmp_path / "long.txt"
    long.write_text("setup nomads\nnomads: build " + "A" * 2**20 + "\n", encoding="utf-8")
    code, _, err = run("validate", str(long), "-q")
    assert code == 1
    assert f"{long}:2:1: row too long for a game log (over 65,536 characters)" in err


def test_replay_at_a_row_of_a_cut_off_game(cut_game: Path) -> None:
    result = replay(parse_file(str(cut_game), partial=True), stop=Stop(line=100))
    assert result.stopped_early and result.error is None


COMMAND_LOG = Path(__file__).parent / "data" / "constructed" / "halflings.log"


def test_a_command_log_read_as_a_ledger_is_an_error() -> None:
    """Read as a ledger, a command log's rows are all comments: validate said
    "OK …: 0 factions" and exited 0 (issue 27)."""
    message = (
        f"{COMMAND_LOG}: not a ledger: no row has a faction and its values (tab-separated);"
        " a command log is read as commands"
    )
    from tmlog.games import GAMES

    game = GAMES.game_for(b"", "x", "ledger")
    with pytest.raises(InputError) as caught:
        game.parse(COMMAND_LOG.read_bytes(), source=str(COMMAND_LOG), input_format="ledger")
    assert str(caught.value) == message
    # The parser itself reads a ledger fragment of comment rows (the round-trip tests do).
    assert parse_file(COMMAND_LOG, "ledger").rows[0].recorded is None
    for command in ("validate", "parse", "vp", "stats"):
        code, out, err = run(command, "--input-format", "ledger", str(COMMAND_LOG))
        assert code == 1, (command, out)
        assert message in err and "OK" not in out
    code, out, _ = run("validate", "--input-format", "commands", str(COMMAND_LOG))
    assert code == 0 and out.startswith(f"OK {COMMAND_LOG}: 2 factions")


FJORDS = Path(__file__).parent / "data" / "fire-ice"


def test_an_unknown_map_id_is_the_replays_error_not_an_exception() -> None:
    """replay() promises that a broken rule never raises; an unknown map id did
    (38 of 2,071 mutated logs, issue 27). It is the result's error, at its line."""
    (path,) = FJORDS.glob("fjords-2.0_*.log")
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[10] == "map 54919e13090127079e7cc3540ad0065311f2ecd7"
    lines[10] = "map 0000000000000000000000000000000000000000"
    from tmlog.games.terra_mystica.parse import parse_log

    result = replay(parse_log("\n".join(lines), source="m.log"))
    assert str(result.error) == (
        "m.log:11: map 0000000000000000000000000000000000000000:"
        " unknown map id 0000000000000000000000000000000000000000: tmlog does not know its terrain"
    )
    # Everything up to it was played: the ten options of lines 1-10.
    assert len(result.options) == 10
    assert result.state.round == 0 and not result.state.factions
