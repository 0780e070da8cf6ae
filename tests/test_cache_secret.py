"""A cache secret that cannot be used only costs the cache: one warning, and the
run goes on with the answers a run without the cache gives (issue 27)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tmlog.cli import cli

LEDGER_DIR = Path(__file__).parent / "data" / "snellman-ledger"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, [*args, "-q", "-j", "1"])


@pytest.fixture()
def two_games(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("4pLeague_S64_D1L1_G1.txt", "4pLeague_S64_D1L1_G2.txt"):
        shutil.copy(LEDGER_DIR / name, folder / name)
    return folder


def _sound(path: Path) -> None:
    path.write_bytes(bytes(32))
    path.chmod(0o600)


def _too_short(secret: Path) -> None:
    secret.write_bytes(b"short")
    secret.chmod(0o600)


def _readable_by_others(secret: Path) -> None:
    secret.write_bytes(bytes(32))
    secret.chmod(0o644)


def _a_directory(secret: Path) -> None:
    secret.mkdir()


def _a_link_to_a_sound_key(secret: Path) -> None:
    # Sound but for the link: a key is this user's own file, not one a link names.
    target = secret.with_name("elsewhere")
    _sound(target)
    secret.symlink_to(target)


def _a_dangling_link(secret: Path) -> None:
    secret.symlink_to(secret.with_name("nowhere"))


BAD_SECRETS: list[Callable[[Path], None]] = [
    _too_short,
    _readable_by_others,
    _a_directory,
    _a_link_to_a_sound_key,
    _a_dangling_link,
]


@pytest.mark.parametrize("bad", BAD_SECRETS, ids=lambda f: f.__name__.strip("_"))
@pytest.mark.parametrize("command", ["stats", "vp"])
def test_a_bad_secret_warns_once_and_the_run_goes_on(
    two_games: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    bad: Callable[[Path], None],
    command: str,
) -> None:
    """Before issue 27 a symbolic link stopped the run (``Error: …: Too many levels of
    symbolic links``) while every other bad key only warned."""
    data = tmp_path / "data"
    (data / "tmlog").mkdir(parents=True)
    bad(data / "tmlog" / "cache-secret")
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    plain = run(command, str(two_games), "--no-cache")
    result = run(command, str(two_games), "--cache", str(tmp_path / "C"))
    assert result.exit_code == 0, result.output
    assert result.stdout == plain.stdout
    (warning,) = result.stderr.splitlines()
    assert warning.startswith("warning: results cache") and "going on without it" in warning
    assert str(data / "tmlog" / "cache-secret") in warning
    assert not list((tmp_path / "C").glob("*/batch-*"))  # nothing stored without a key


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["stats", "vp", "cache info"])
def test_a_fifo_as_the_secret_is_refused_without_waiting(
    two_games: Path, tmp_path: Path, command: str
) -> None:
    """Opening a FIFO waits for a writer: before issue 27 these commands never ended.
    A process of its own, so that the test fails by its timeout instead of hanging."""
    data = tmp_path / "data"
    (data / "tmlog").mkdir(parents=True)
    os.mkfifo(data / "tmlog" / "cache-secret", 0o600)
    environment = {**os.environ, "XDG_DATA_HOME": str(data)}
    args = ["--cache", str(tmp_path / "C")]
    if command != "cache info":
        args = [str(two_games), "-q", "-j", "1", *args]
    done = subprocess.run(
        [sys.executable, "-m", "tmlog", *command.split(), *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (warning,) = done.stderr.splitlines()
    assert "not a 32-byte file" in warning and "going on without it" in warning
