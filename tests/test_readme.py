"""The README tells the truth (issue 10, item 6): every ``$ tmlog …`` example
prints exactly what the README shows, and the messages of its error table are
what tmlog says for the inputs they describe."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
GAME = ROOT / "sample_logs" / "4pLeague_S64_D1L1_G3.txt"


def _examples() -> list[tuple[str, str]]:
    examples = []
    for block in re.findall(r"```\n(\$ tmlog .*?)```", README.read_text("utf-8"), re.S):
        # A block may show several commands, each with its output.
        for part in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = part.partition("\n")
            if command.startswith("tmlog "):  # not the sqlite3 of the export example
                examples.append((command, output))
    # A block with no output shows only how to call something (a Dask cluster).
    return [(command, output) for command, output in examples if output]


def _workdir(tmp_path: Path) -> Path:
    """A folder where the README's relative paths lead to this repository's files,
    and where files an example writes (map.png) land in the test's own folder."""
    for name in ("sample_logs", "examples", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    return tmp_path


def _shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a README command line as a shell would, with this Python's tmlog."""
    line = re.sub(r"^tmlog ", f"{sys.executable} -m tmlog ", command)
    return subprocess.run(
        ["bash", "-c", line],
        cwd=cwd,
        stdout=subprocess.PIPE,
        # One pipe for both streams, written in the order a terminal shows them
        # (click flushes every line it echoes).
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "80"},
    )


# tests/test_report_cli.py::test_readme_shows_real_output runs these in-process.
IN_PROCESS = ("tmlog vp ", "tmlog leech ", "tmlog stats ")


def _cases() -> list[object]:
    cases: list[object] = []
    for command, output in _examples():
        if command.startswith(IN_PROCESS):
            continue
        # Drawing a map takes a while on a busy machine; the everyday run leaves it out.
        marks = [pytest.mark.slow] if command.startswith("tmlog render ") else []
        cases.append(pytest.param(command, output, marks=marks, id=command[:60]))
    return cases


@pytest.mark.parametrize(("command", "output"), _cases())
def test_every_readme_example_prints_what_the_readme_shows(
    command: str, output: str, tmp_path: Path
) -> None:
    done = _shell(command, _workdir(tmp_path))
    # The README shows what a terminal shows: both streams, interleaved.
    assert done.stdout == output


def test_the_examples_include_the_broken_log() -> None:
    commands = [command for command, _ in _examples()]
    assert "tmlog validate examples/broken.log" in commands
    assert (ROOT / "examples" / "broken.log").is_file()
    assert not list((ROOT / "sample_logs").glob("broken*"))  # `tmlog audit sample_logs/` passes


# ------------------------------------------------------------ error table


def _table() -> dict[str, list[str]]:
    """Kind → the messages quoted in its row of the README's error table."""
    text = README.read_text("utf-8")
    section = text[text.index("| Kind | Example message |") :].split("\n\n")[0]
    rows = {}
    for line in section.splitlines()[2:]:
        kind, example = line.strip("|").split("|", 1)
        # What follows a dash or "(then" explains the messages; it quotes no message.
        messages = re.split(r" — |\(then ", example)[0]
        rows[kind.strip()] = re.findall(r"`([^`]+)`", messages)
    return rows


def _command_log(lines: int) -> list[str]:
    """The first ``lines`` lines of the sample game as a command log (tmlog convert)."""
    from tmlog.games.terra_mystica.convert import ledger_to_commands
    from tmlog.games.terra_mystica.parse import parse_file

    return ledger_to_commands(parse_file(str(GAME))).splitlines()[:lines]


def _write(path: Path, lines: list[str]) -> None:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _inputs(kind: str, where: Path) -> list[str]:
    """Make in ``where`` the input the README's row describes; the commands to run
    (``b: …``: in the folder ``b``)."""
    game_log, game_txt = where / "game.log", where / "game.txt"
    if kind == "syntax error":
        _write(game_log, ["setup witches", "witches: biuld E5"])
        return ["tmlog validate game.log"]
    if kind == "misspelt faction, building":
        _write(game_log, ["setup wizards"])
        (where / "b").mkdir()
        _write(where / "b" / "game.log", ["setup witches", "witches: upgrade E5 to XX"])
        return ["tmlog validate game.log", "b: tmlog validate game.log"]
    if kind == "no such hex":
        # Line 25 is the darklings' first dwelling of the setup (B5 in the game).
        _write(game_log, [*_command_log(24), "darklings: build Q5"])
        return ["tmlog validate game.log"]
    if kind == "illegal move":
        # After 58 lines of the game, the witches are to play.
        _write(game_log, [*_command_log(58), "darklings: build A1"])
        return ["tmlog validate game.log"]
    if kind == "not enough resources":
        return ["tmlog validate examples/broken.log"]
    if kind == "audit divergence":
        # Row 32, the witches' first dwelling, recorded 15 C: say 16 instead.
        lines = GAME.read_text(encoding="utf-8").split("\n")
        assert lines[31].startswith("witches\t\t20 VP\t\t15 C\t")
        lines[31] = lines[31].replace("15 C", "16 C")
        game_txt.write_text("\n".join(lines), encoding="utf-8")
        return ["tmlog audit game.txt"]
    if kind == "not text":
        game_log.write_bytes(b"setup witches\n\xe9\n")
        (where / "bin.log").write_bytes(b"x\x00y\n")
        return ["tmlog validate game.log bin.log"]
    if kind == "too large":
        with open(where / "huge.txt", "wb") as f:
            f.truncate(100 * 2**20)  # sparse: no 100 MB written
        (where / "long.txt").write_text("a" * 70_000 + "\n", encoding="utf-8")
        return ["tmlog validate huge.txt long.txt"]
    if kind == "unreadable path":
        (where / "games").mkdir()
        (where / "games" / "loop.txt").symlink_to("loop.txt")
        (where / "games" / "old.txt").symlink_to("gone.txt")
        return ["tmlog validate games/loop.txt games/old.txt x.txt"]
    if kind == "cut-off log (warning)":
        # Cut in the middle of line 199, a witches row of round 4.
        game_txt.write_bytes(GAME.read_bytes()[:12000])
        return ["tmlog validate game.txt"]
    if kind == "unfinished game (warning)":
        _write(game_txt, GAME.read_text(encoding="utf-8").splitlines()[:200])
        return ["tmlog validate game.txt"]
    raise KeyError(kind)


CHECKED_ELSEWHERE = {
    # tests/test_huge_numbers.py makes these logs and checks these messages.
    "more than the rules allow",
    # tests/test_wrong_answers.py and tests/test_warnings.py, on games of the corpus.
    "late map line (warning)",
    "rule warning",
}


def test_the_error_table_is_all_checked() -> None:
    kinds = set(_table())
    assert "bad hex, faction, building" not in kinds  # its example was a syntax error
    checked = kinds - CHECKED_ELSEWHERE
    for kind in checked:
        with pytest.raises(KeyError):
            _inputs(f"not {kind}", Path("/nonexistent"))
    assert len(checked) == 11


@pytest.mark.parametrize("kind", sorted(set(_table()) - CHECKED_ELSEWHERE))
def test_the_error_table_shows_real_messages(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = _workdir(tmp_path)
    said = []
    for command in _inputs(kind, where):
        folder, _, command = command.rpartition(": ")
        # In this process (a new one per command costs seconds on a busy machine).
        monkeypatch.chdir(where / folder)
        done = CliRunner().invoke(cli, command.split()[1:])
        assert done.exit_code in (0, 1), done.output
        assert done.exception is None or isinstance(done.exception, SystemExit)
        said += done.stdout.splitlines() + done.stderr.splitlines()
    assert _table()[kind]
    for message in _table()[kind]:
        # An error on standard error; a divergence is the audit's output.
        assert message in said or f"Error: {message}" in said, (kind, said)
