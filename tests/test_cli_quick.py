"""``tmlog validate PATH…`` without click (:mod:`tmlog.cli.quick`) answers as click's command.

Each command line runs twice in a fresh process: through the entry point
(``python -m tmlog``, which takes the quick path for ``validate`` and paths
only) and through the click group itself; standard output, standard error and
the exit status must be the same.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DATA, DROPOUT_GAME, LEDGER_DIR

ENTRY = [sys.executable, "-m", "tmlog"]
CLICK = [sys.executable, "-c", "from tmlog.cli import cli; cli(prog_name='tmlog')"]

QUICK_TRACE = """
import atexit, json, sys
atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))
from tmlog.cli.quick import main
sys.argv[0] = "tmlog"
main()
"""


def run(command: list[str], args: list[str], tmp_path: Path) -> tuple[str, str, int]:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    done = subprocess.run(
        [*command, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    return done.stdout, done.stderr, done.returncode


@pytest.fixture
def logs(tmp_path: Path) -> dict[str, str]:
    """Logs of each outcome: legal, illegal (a rule broken), a syntax error, binary."""
    illegal = tmp_path / "illegal.log"
    text = (DATA / "constructed" / "halflings.log").read_text(encoding="utf-8")
    illegal.write_text(text + "\nhalflings: build A1\n", encoding="utf-8")
    syntax = tmp_path / "syntax.txt"
    syntax.write_text("witches: bild E5\n", encoding="utf-8")
    binary = tmp_path / "binary.log"
    binary.write_bytes(b"\x00\xff\xfe garbage \x1b[31m")
    escape = tmp_path / "esc\x1b[31mape.log"
    escape.write_text("witches: build E5\n", encoding="utf-8")
    return {
        "legal": str(DROPOUT_GAME),
        "illegal": str(illegal),
        "syntax": str(syntax),
        "binary": str(binary),
        "escape": str(escape),
        "missing": str(tmp_path / "missing.txt"),
        "folder": str(LEDGER_DIR),
        "json": str(DATA / "site-json" / "4pLeague_S64_D1L1_G1.json.gz"),
    }


@pytest.mark.parametrize(
    "names",
    [
        ["legal"],
        ["illegal"],
        ["syntax"],
        ["binary"],
        ["escape"],
        ["missing"],
        ["json"],
        ["legal", "missing", "illegal", "syntax"],
    ],
)
def test_quick_validate_answers_as_click(
    tmp_path: Path, logs: dict[str, str], names: list[str]
) -> None:
    args = ["validate", *(logs[n] for n in names)]
    quick = run(ENTRY, args, tmp_path)
    assert quick == run(CLICK, args, tmp_path)
    assert quick[2] == (0 if names == ["legal"] or names == ["json"] else 1)


def test_a_folder_of_logs_answers_as_click(tmp_path: Path, logs: dict[str, str]) -> None:
    args = ["validate", logs["folder"]]
    quick = run(ENTRY, args, tmp_path)
    assert quick == run(CLICK, args, tmp_path)
    assert quick[0].count("OK ") >= 40


def test_quick_validate_imports_no_click(tmp_path: Path) -> None:
    # Warm: the first run in a new environment reads the installed games (tmlog.plugins).
    run([sys.executable, "-c", QUICK_TRACE], ["validate", str(DROPOUT_GAME)], tmp_path)
    out, err, status = run(
        [sys.executable, "-c", QUICK_TRACE], ["validate", str(DROPOUT_GAME)], tmp_path
    )
    assert status == 0 and out.startswith("OK ")
    modules = set(err.splitlines()[-1].strip("[]").replace('"', "").split(", "))
    assert "tmlog.games.terra_mystica.replay" in modules
    assert not [m for m in modules if m == "click" or m.startswith("click.")]
    # inspect is imported (by dataclasses) but never loaded: nor are its own imports.
    # (Measured on Python 3.11, the CI's; on 3.13 other standard modules load ast.)
    if sys.version_info < (3, 13):
        assert not modules & {"ast", "dis", "tokenize"}
    assert {m for m in modules if m.startswith("tmlog.cli")} == {
        "tmlog.cli",
        "tmlog.cli.quick",
        "tmlog.cli.streams",
        "tmlog.cli.validating",
    }
    # What validate has no use for: the games' other capabilities, the game JSON's
    # reader, duplicates' hashing (one log has none). (json: this trace's own.)
    assert not modules & {
        "tmlog.games.capabilities",
        "tmlog.games.terra_mystica.commands",
        "tmlog.games.root.commands",
        "tmlog.games.terra_mystica.parse.site_json",
        "tmlog.json_input",
        "tmlog.identity",
        "_blake2",
    }


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "-q"],  # an option: click's (and a usage error: no path)
        ["validate", "--", "-"],
        ["validate"],
        ["validat", "x.txt"],
    ],
)
def test_anything_else_goes_to_click(tmp_path: Path, args: list[str]) -> None:
    quick = run(ENTRY, args, tmp_path)
    assert quick == run(CLICK, args, tmp_path)
    assert quick[2] == 2 or args[1:] == ["--", "-"]


def _help_texts() -> list[str]:
    """Every command's docstring and every option's help, of every command."""
    import click

    from tmlog.cli import cli

    texts: list[str] = []
    todo: list[click.Command] = [cli]
    while todo:
        command = todo.pop()
        if isinstance(command, click.Group):
            todo.extend(command.commands.values())
        if command.callback is not None and command.callback.__doc__:
            texts.append(command.callback.__doc__)
        texts.extend(p.help for p in command.params if isinstance(p, click.Option) and p.help)
    return texts


@pytest.mark.parametrize(
    "text",
    ["", "one", "  one\n    two\n  three\n", "\n\n  x\n\ty\n\n", "a\n\n   \n  b", " \n \n"],
)
def test_the_entry_points_cleandoc_is_inspects(text: str) -> None:
    """The command line's process answers ``inspect.cleandoc`` without loading inspect."""
    import inspect

    from tmlog.cli.quick import _cleandoc

    assert _cleandoc(text) == inspect.cleandoc(text)
    assert len(_help_texts()) > 50
    for help_text in _help_texts():
        assert _cleandoc(help_text) == inspect.cleandoc(help_text)


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="other standard modules load ast there")
@pytest.mark.parametrize("args", [["--help"], ["vp", str(DROPOUT_GAME)]])
def test_click_commands_do_not_load_inspect(tmp_path: Path, args: list[str]) -> None:
    """click cleans every option's help with inspect.cleandoc, which the entry point answers."""
    # A first run in a new environment asks importlib.metadata, which loads inspect, for
    # the installed games (tmlog.plugins); every later run reads the answer it kept.
    run([sys.executable, "-c", QUICK_TRACE], args, tmp_path)
    out, err, status = run([sys.executable, "-c", QUICK_TRACE], args, tmp_path)
    assert status == 0 and out
    modules = set(err.splitlines()[-1].strip("[]").replace('"', "").split(", "))
    assert "click" in modules
    assert not modules & {"ast", "dis", "tokenize"}


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["validate", str(DROPOUT_GAME)], 0),  # the quick path
        (["validate", "-q", str(DROPOUT_GAME)], 0),  # click's
        (["parse", *[str(DROPOUT_GAME)] * 20], 141),  # far more than a pipe holds
    ],
)
def test_a_pipe_closed_early_ends_quietly(args: list[str], status: int) -> None:
    """A closed pipe is reported as coreutils do, on either path, and nothing
    more is printed (not even by the flush at Python's exit)."""
    command = " ".join([sys.executable, "-m", "tmlog", *args])
    done = subprocess.run(
        ["bash", "-c", command + ' | head -1; echo "rc=${PIPESTATUS[0]}" >&2'],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.stdout.count("\n") == 1
    assert done.stderr == f"rc={status}\n"
