"""Outputs that can't be written, and files written the careful way (issue 16,
issue 10 item 3): one line of error, no "internal error", quiet closed pipes,
atomic writes, no symbolic links followed, no file overwritten without --force."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli

GAME = Path(__file__).parent / "data" / "snellman-ledger" / "4pLeague_S64_D1L1_G3.txt"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def tmlog(args: str, *, shell_tail: str = "", stdout: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m tmlog`` through a shell (for pipes and redirections)."""
    command = f"{sys.executable} -m tmlog {args} {stdout} {shell_tail}"
    return subprocess.run(
        ["bash", "-c", command + '; echo "rc=${PIPESTATUS[0]}" >&2'],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_convert_into_a_missing_folder_is_one_line_of_error() -> None:
    code, _, err = run("convert", str(GAME), "-o", "/nonexistent/x")
    assert code == 1
    assert err == "Error: /nonexistent/x: cannot write: No such file or directory\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command", ["convert", "parse", "replay"])
def test_a_full_standard_output_is_one_line_of_error(command: str) -> None:
    done = tmlog(f"{command} {GAME}", stdout="> /dev/full")
    lines = done.stderr.splitlines()
    assert lines == ["Error: standard output: cannot write: No space left on device", "rc=1"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", ["--help", "--version", "validate --help"])
def test_a_full_standard_output_for_help_is_one_line_of_error(args: str) -> None:
    # The group's own options write before any command runs.
    done = tmlog(args, stdout="> /dev/full")
    lines = done.stderr.splitlines()
    assert lines == ["Error: standard output: cannot write: No space left on device", "rc=1"]


def test_a_closed_pipe_ends_quietly_as_coreutils_do() -> None:
    # 20 copies: far more than a pipe holds, so writing goes on after head quit.
    done = tmlog(f"parse {' '.join([str(GAME)] * 20)}", shell_tail="| head -1")
    assert done.stdout.startswith(f"{GAME}:1:1: ")
    # No message; the status a shell shows for a command killed by SIGPIPE.
    assert done.stderr == "rc=141\n"


def test_an_existing_output_is_kept_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "game.log"
    out.write_text("mine\n", encoding="utf-8")
    code, _, err = run("convert", str(GAME), "-o", str(out))
    assert code == 2 and "already exists (use --force to overwrite it)" in err
    assert out.read_text(encoding="utf-8") == "mine\n"
    code, _, err = run("convert", str(GAME), "-o", str(out), "--force")
    assert code == 0, err
    assert out.read_text(encoding="utf-8").startswith("# Default game options\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.log"]  # no temporary left


@pytest.mark.parametrize(
    "args",
    [
        ["render", str(GAME), "-o"],
        ["convert", str(GAME), "-o"],
        ["vp", str(GAME), "--no-cache", "--plot"],
    ],
)
def test_a_symbolic_link_at_the_target_is_refused(tmp_path: Path, args: list[str]) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep\n", encoding="utf-8")
    link = tmp_path / ("link.png" if args[0] != "convert" else "link.log")
    link.symlink_to(victim)
    for force in ([], ["--force"]):
        code, _, err = run(*args, str(link), *force)
        assert code == 2
        assert "is a symbolic link; tmlog does not write through links" in err
    assert victim.read_text(encoding="utf-8") == "keep\n"
    assert link.is_symlink()


def test_pictures_are_written_whole_and_kept_unless_forced(tmp_path: Path) -> None:
    picture = tmp_path / "map.png"
    code, _, err = run("render", str(GAME), "-o", str(picture))
    assert code == 0, err
    first = picture.read_bytes()
    assert first.startswith(b"\x89PNG")
    code, _, err = run("render", str(GAME), "--at", "R3", "-o", str(picture))
    assert code == 2 and "already exists" in err
    assert picture.read_bytes() == first
    code, _, err = run("render", str(GAME), "--at", "R3", "-o", str(picture), "--force")
    assert code == 0, err
    assert picture.read_bytes() != first
    plot = tmp_path / "vp.svg"
    code, _, err = run("vp", str(GAME), "--no-cache", "--plot", str(plot))
    assert code == 0, err
    assert plot.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.png", "vp.svg"]


def test_a_failed_picture_leaves_nothing_behind(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        code, _, err = run("render", str(GAME), "-o", str(folder / "map.png"))
    finally:
        folder.chmod(0o700)
    if os.geteuid() == 0:  # root writes anyway: nothing to check
        return
    assert code == 1 and "cannot write" in err
    assert list(folder.iterdir()) == []
