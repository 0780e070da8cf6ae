"""The command line: exit codes 0/1/2, stdin, directories, help for every command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import tmlog.cli
from tmlog.cli import cli

from .conftest import DROPOUT_GAME, OLD_STYLE


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("tmlog, version ")


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_group_help(runner: CliRunner, flag: str) -> None:
    result = runner.invoke(cli, [flag])
    assert result.exit_code == 0
    assert "Usage: " in result.output
    for name in cli.commands:
        assert name in result.output


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_has_help(runner: CliRunner, name: str) -> None:
    result = runner.invoke(cli, [name, "-h"])
    assert result.exit_code == 0
    assert cli.commands[name].help
    assert f"Usage: cli {name}" in result.output or f"Usage: tmlog {name}" in result.output


# ----------------------------------------------------------------- parse


def test_parse_text(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["parse", str(DROPOUT_GAME)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert f"{DROPOUT_GAME}:30:54: darklings: build B5" in lines
    assert f"{DROPOUT_GAME}:1:1: # Default game options" in lines


def test_parse_json(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["parse", "--format", "json", str(DROPOUT_GAME)])
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.stdout.splitlines()]
    build = next(r for r in records if r["kind"] == "build")
    assert build == {
        "source": str(DROPOUT_GAME),
        "line": 30,
        "column": 54,
        "kind": "build",
        "faction": "darklings",
        "fields": {"hex": "B5"},
        "text": "darklings: build B5",
        "recorded": {
            "vp": 20,
            "c": 15,
            "w": 1,
            "p": 1,
            "power": [5, 7, 0],
            "cults": [0, 1, 1, 0],
            "d_vp": None,
            "d_c": None,
            "d_w": None,
            "d_p": None,
            "d_pw": None,
            "d_cult": None,
            "leech_offers": [],
        },
    }
    option = next(r for r in records if r["kind"] == "option")
    assert "recorded" not in option and option["faction"] is None
    empty = [r for r in records if r["kind"] == "empty"]
    assert empty and {r["faction"] for r in empty} == {"witches"}
    assert all(r["recorded"] for r in empty)


def test_parse_stdin(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["parse", "-"], input="Nomads: Build A5. +Bon1\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "<stdin>:1:9: nomads: build A5",
        "<stdin>:1:19: nomads: +BON1",
    ]


def test_parse_directory(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "b.log").write_text("witches: build E5\n", encoding="utf-8")
    (tmp_path / "a.txt").write_text("nomads: build A5\n", encoding="utf-8")
    (tmp_path / "readme.md").write_text("not a log\n", encoding="utf-8")
    result = runner.invoke(cli, ["parse", str(tmp_path)])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{tmp_path / 'a.txt'}:1:9: nomads: build A5",
        f"{tmp_path / 'b.log'}:1:10: witches: build E5",
    ]


def test_bad_file_is_reported_and_the_others_still_run(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.log"
    bad.write_text("nomads: build A5\nnomads: bild A6\n", encoding="utf-8")
    good = OLD_STYLE[-1]
    result = runner.invoke(cli, ["parse", str(bad), str(tmp_path / "missing.log"), str(good)])
    assert result.exit_code == 1
    assert f"Error: {bad}:2:9: unexpected 'bild'" in result.stderr
    assert "missing.log: no such file" in result.stderr
    assert str(good) in result.stdout
    assert "Traceback" not in result.output


def test_binary_input_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "game.txt"
    bad.write_bytes(b"\x00\x01garbage")
    result = runner.invoke(cli, ["parse", str(bad)])
    assert result.exit_code == 1
    assert result.stderr == f"Error: {bad}:1:1: binary data, not a log: NUL byte\n"


def test_input_format_option(runner: CliRunner) -> None:
    # Line 26 of S64 G1's ledger (a command reads a ledger only with such a row).
    row = "cultists\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t1/0/1/0\t\tsetup\n"
    result = runner.invoke(
        cli, ["parse", "--input-format", "ledger", "-"], input="Round 1 income\n" + row
    )
    assert result.exit_code == 0
    assert result.stdout == "<stdin>:1:1: Round 1 income\n<stdin>:2:53: setup cultists\n"


@pytest.mark.parametrize(
    "args",
    [
        ["parse"],
        ["parse", "--format", "xml", "x"],
        ["parse", "--input-format", "html", "x"],
        ["parse", "--bogus", "x"],
        ["convert"],
        ["convert", "x", "--to", "ledger"],
        ["nosuchcommand"],
    ],
)
def test_usage_errors_exit_2(runner: CliRunner, args: list[str]) -> None:
    assert runner.invoke(cli, args).exit_code == 2


def test_unexpected_errors_are_messages_not_tracebacks(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(tmlog.cli.shell, "read_bytes", boom)
    result = runner.invoke(cli, ["parse", str(DROPOUT_GAME)])
    assert result.exit_code == 1
    assert "internal error: RuntimeError: kaboom" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


# --------------------------------------------------------------- convert


def test_convert_to_stdout(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["convert", str(DROPOUT_GAME), "--to", "commands"])
    assert result.exit_code == 0
    assert "setup witches\n" in result.stdout
    assert "drop-faction witches\n" in result.stdout


def test_convert_to_file(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "game.log"
    result = runner.invoke(cli, ["convert", str(DROPOUT_GAME), "-o", str(out)])
    assert result.exit_code == 0
    assert result.stdout == ""
    parsed = runner.invoke(cli, ["parse", str(out)])
    assert parsed.exit_code == 0


def test_convert_stdin(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["convert", "-"], input=DROPOUT_GAME.read_text(encoding="utf-8"))
    assert result.exit_code == 0
    assert result.stdout.startswith("# Default game options\noption strict-leech\n")


def test_convert_needs_a_ledger(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["convert", "-"], input="nomads: build A5\n")
    assert result.exit_code == 1
    assert "not a ledger" in result.stderr


def test_python_dash_m() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tmlog", "--version"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0
    assert run.stdout.startswith("tmlog, version ")
