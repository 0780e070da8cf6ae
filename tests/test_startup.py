"""What each command imports: start-up is most of a one-log run, so it stays lean.

Each command runs in a fresh interpreter (``sys.modules`` is per process) that
then writes the names of the modules it imported; the test fails if a command
loaded something it has no use for: the parser or the engine for a help
text, pandas, pyarrow or matplotlib for a command that prints no table.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DROPOUT_GAME

REPORTERS = ("pandas", "pyarrow", "matplotlib")
ENGINE = ("lark", "tmlog.games.terra_mystica.parse", "tmlog.games.terra_mystica.replay")

WRAPPER = """
import json, sys
from tmlog.cli import cli
try:
    cli.main(sys.argv[2:], prog_name="tmlog", standalone_mode=False)
except SystemExit:
    pass
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump(sorted(sys.modules), out)
"""


def imported(tmp_path: Path, *args: str) -> set[str]:
    """The modules a ``tmlog ARGS`` process has imported by its end."""
    names = tmp_path / "modules.json"
    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    run = subprocess.run(
        [sys.executable, "-c", WRAPPER, str(names), *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return set(json.loads(names.read_text(encoding="utf-8")))


def loaded(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("--version",),
        ("validate", "--help"),
        ("replay", "--help"),
        ("audit", "--help"),
        ("parse", "--help"),
        ("convert", "--help"),
        ("vp", "--help"),
        ("leech", "--help"),
        ("stats", "--help"),
        ("render", "--help"),
        ("ratings", "--help"),
        ("export", "--help"),
        ("cache", "info", "--help"),
    ],
)
def test_help_imports_no_parser_engine_or_reporter(tmp_path: Path, args: tuple[str, ...]) -> None:
    assert loaded(imported(tmp_path, *args), ENGINE + REPORTERS) == []


CAPABILITIES = (
    "tmlog.games.capabilities",
    "tmlog.games.terra_mystica.commands",
    "tmlog.games.root.commands",
)


@pytest.mark.parametrize(
    "args",
    [("--help",), ("vp", "--help"), ("validate", str(DROPOUT_GAME)), ("parse", str(DROPOUT_GAME))],
)
def test_games_capabilities_load_when_asked_for(tmp_path: Path, args: tuple[str, ...]) -> None:
    """Every command loads every game, but what a game does beyond the protocol
    (its capabilities' module) only for a command that asks for it."""
    assert loaded(imported(tmp_path, *args), CAPABILITIES) == []
    assert loaded(imported(tmp_path, "stats", "--help"), CAPABILITIES) != []


@pytest.mark.parametrize(
    "args",
    [
        ("validate", str(DROPOUT_GAME)),
        ("audit", str(DROPOUT_GAME)),
        ("replay", str(DROPOUT_GAME), "--at", "R3T2"),
        ("parse", str(DROPOUT_GAME)),
        ("convert", str(DROPOUT_GAME)),
        # One log's report, as a table: plain Python from the record, no cache read.
        ("vp", str(DROPOUT_GAME)),
        ("vp", str(DROPOUT_GAME), "--format", "markdown"),
        ("leech", str(DROPOUT_GAME)),
    ],
)
def test_commands_without_tables_import_no_reporter(tmp_path: Path, args: tuple[str, ...]) -> None:
    modules = imported(tmp_path, *args)
    assert "tmlog.games.terra_mystica.replay" in modules or args[0] in ("parse", "convert")
    assert loaded(modules, REPORTERS) == []


def test_spelled_out_choices_are_the_engines() -> None:
    """The lists written out so that --help needs no engine are the engine's own."""
    from tmlog.cli.shell import VP_VARIANTS
    from tmlog.games.terra_mystica.game import GAME
    from tmlog.games.terra_mystica.parse import INPUT_FORMATS
    from tmlog.games.terra_mystica.replay.tiles import VP_SETUPS

    assert tuple(sorted(VP_SETUPS)) == VP_VARIANTS
    assert GAME.input_formats == INPUT_FORMATS


def test_an_ordinary_ledger_is_read_without_lark(tmp_path: Path) -> None:
    """Its pieces all have the common shapes of :mod:`tmlog.games.terra_mystica.parse.fast`."""
    modules = imported(tmp_path, "validate", str(DROPOUT_GAME))
    assert "tmlog.games.terra_mystica.replay" in modules
    assert loaded(modules, ("lark",)) == []
