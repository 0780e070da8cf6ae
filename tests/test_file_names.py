"""Bytes in a file name (issue 16): a log whose name is not valid UTF-8 is
reported under a printable name and costs nothing to the rest of the run."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.reading import printable

GAME = Path(__file__).parent / "data" / "snellman-ledger" / "4pLeague_S64_D1L1_G3.txt"
OTHER = Path(__file__).parent / "data" / "snellman-ledger" / "4pLeague_S64_D1L1_G1.txt"


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    where = tmp_path / "games"
    where.mkdir()
    try:
        shutil.copy(GAME, os.fsencode(where) + b"/caf\xe9.txt")
    except OSError:  # pragma: no cover - a file system that refuses such names
        pytest.skip("this file system does not take non-UTF-8 names")
    shutil.copy(OTHER, where / "plain.txt")
    return where


def test_printable_escapes_only_undecodable_bytes() -> None:
    assert printable("caf\udce9.txt") == "caf\\xe9.txt"
    assert printable("café.txt") == "café.txt"


@pytest.mark.parametrize("cache", [["--no-cache"], ["--cache", "C"]])
@pytest.mark.parametrize("command", ["stats", "vp", "leech"])
def test_reports_run_over_a_non_utf8_name(
    folder: Path, tmp_path: Path, command: str, cache: list[str]
) -> None:
    cache = [str(tmp_path / c) if c == "C" else c for c in cache]
    for _ in range(2):  # the second run reads the cache, when there is one
        result = CliRunner().invoke(cli, [command, str(folder), *cache, "-q"])
        assert result.exit_code == 0, result.output
        assert "internal error" not in result.output
        if command == "stats":
            assert "2 games;" in result.stdout
        else:
            assert f"{folder}/caf\\xe9.txt" in result.stdout
            assert f"{folder}/plain.txt" in result.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["validate", "-q"], "OK {}: 4 factions, 6 rounds, final VP cultists 168"),
        (["audit", "-q"], "OK {}: "),
        (["parse"], "{}:1:1: "),
        (["replay"], "{}: round 6, turn 9, game over"),
    ],
)
def test_commands_that_print_paths_escape_a_non_utf8_name(
    folder: Path, args: list[str], said: str
) -> None:
    # Found by the fuzz suite: with a strict UTF-8 standard output (any UTF-8
    # locale but C; CliRunner's too) validate, audit, parse and replay printed
    # the raw name and died with "internal error: UnicodeEncodeError".
    target = str(folder) if args[0] in ("validate", "audit") else f"{folder}/caf\udce9.txt"
    result = CliRunner().invoke(cli, [*args, target])
    assert result.exit_code == 0, result.output
    assert said.format(f"{folder}/caf\\xe9.txt") in result.stdout
