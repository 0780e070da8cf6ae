"""Odd files named on the command line: devices, FIFOs, pipes and link loops.

Before, ``/dev/zero`` behind a ``*.txt`` link was read to gigabytes (its
reported size is 0), a FIFO with no writer blocked forever, and a symbolic
link loop was called a broken link.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tmlog.errors import InputError
from tmlog.reading import MAX_BYTES, iter_paths, read_bytes


def _read_within(path: str, seconds: float = 10.0) -> bytes | InputError:
    out: list[bytes | InputError] = []

    def run() -> None:
        try:
            out.append(read_bytes(path))
        except InputError as exc:
            out.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert out, f"reading {path} did not return within {seconds} s"
    return out[0]


def test_character_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "zero.txt"
    link.symlink_to("/dev/zero")
    result = _read_within(str(link))
    assert isinstance(result, InputError)
    assert str(result) == f"{link}: not a log file: a character device"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_without_writer_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "game.log"
    os.mkfifo(fifo)
    assert _read_within(str(fifo)) == b""


def test_pipe_is_read_up_to_the_limit() -> None:
    read_end, write_end = os.pipe()

    def feed() -> None:
        chunk = b"a" * 2**20
        try:
            for _ in range(MAX_BYTES // len(chunk) + 2):
                os.write(write_end, chunk)
        except BrokenPipeError:
            pass
        finally:
            os.close(write_end)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    result = _read_within(f"/proc/self/fd/{read_end}" if Path("/proc/self/fd").exists() else "")
    os.close(read_end)
    assert isinstance(result, InputError)
    assert "too large for a game log (over 16,777,216 bytes)" in str(result)


def test_symlink_loop_named_directly(tmp_path: Path) -> None:
    (tmp_path / "a.txt").symlink_to(tmp_path / "b.txt")
    (tmp_path / "b.txt").symlink_to(tmp_path / "a.txt")
    result = _read_within(str(tmp_path / "a.txt"))
    assert isinstance(result, InputError)
    assert str(result).endswith("a.txt: symbolic link loop")


# ---------------------------------------------------- odd files in a folder
#
# Before, a folder's listing opened each ``*.json`` file to look for a
# "ledger" key without checking what it was: a FIFO named ``x.json`` blocked
# the listing (and the command) forever.

_fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def _list_within(folder: Path, *, recursive: bool = False, seconds: float = 10.0) -> list[str]:
    """The folder's listing (a problem as ``ERROR path: reason``), or a failure if it blocks."""
    out: list[list[str]] = []

    def run() -> None:
        out.append(
            [
                f"ERROR {item}" if isinstance(item, InputError) else item
                for item in iter_paths([str(folder)], recursive=recursive)
            ]
        )

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert out, f"listing {folder} did not return within {seconds} s"
    return out[0]


@_fifos
@pytest.mark.parametrize("recursive", [False, True])
def test_a_fifo_named_json_in_a_folder_is_reported_not_opened(
    tmp_path: Path, recursive: bool
) -> None:
    folder = tmp_path / "fj"
    inside = folder / "sub" if recursive else folder
    inside.mkdir(parents=True)
    os.mkfifo(inside / "x.json")
    os.mkfifo(inside / "y.json.gz")
    os.mkfifo(inside / "z.txt")
    os.mkfifo(inside / "notes")  # not named like a log: left alone, as any such file
    (inside / "game.txt").write_text("nomads: build A5\n")
    assert _list_within(folder, recursive=recursive) == [
        str(inside / "game.txt"),
        f"ERROR {inside / 'x.json'}: not a log file: a FIFO; left out",
        f"ERROR {inside / 'y.json.gz'}: not a log file: a FIFO; left out",
        f"ERROR {inside / 'z.txt'}: not a log file: a FIFO; left out",
    ]


def test_a_socket_and_a_device_named_json_in_a_folder_are_reported(tmp_path: Path) -> None:
    import socket

    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "null.json").symlink_to("/dev/null")
    server = socket.socket(socket.AF_UNIX)
    # A socket's path is limited to some 100 bytes: bound from inside the folder.
    here = os.getcwd()
    try:
        os.chdir(folder)
        server.bind("s.json")
    finally:
        os.chdir(here)
        server.close()
    assert _list_within(folder) == [
        f"ERROR {folder / 'null.json'}: not a log file: a character device; left out",
        f"ERROR {folder / 's.json'}: not a log file: a socket; left out",
    ]


@_fifos
def test_a_big_mixed_folder_with_a_fifo_is_listed(tmp_path: Path) -> None:
    """The issue's case: 9,800 entries of every kind, one of them a FIFO ``*.json``."""
    folder = tmp_path / "mixed"
    folder.mkdir()
    (tmp_path / "empty.json").write_bytes(b"{}")
    for i in range(9_699):
        # Hard links to one file: several times quicker to make than as many files.
        os.link(tmp_path / "empty.json", folder / f"f{i:04}.{('md', 'json', 'csv', 'png')[i % 4]}")
    (folder / "notes").symlink_to(tmp_path / "empty.json")
    for i in range(98):
        (folder / f"d{i:02}").mkdir()
    (folder / "game.json").write_text('{"ledger": []}')
    os.mkfifo(folder / "x.json")
    assert len(os.listdir(folder)) == 9_800
    assert _list_within(folder, seconds=30.0) == [
        str(folder / "game.json"),
        f"ERROR {folder / 'x.json'}: not a log file: a FIFO; left out",
    ]


@_fifos
def test_validate_on_a_folder_with_a_fifo_ends(tmp_path: Path) -> None:
    """The command line, in a process of its own that is stopped if it blocks."""
    import subprocess
    import sys

    folder = tmp_path / "fj"
    folder.mkdir()
    os.mkfifo(folder / "x.json")
    run = subprocess.run(
        [sys.executable, "-m", "tmlog", "validate", str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 1
    assert run.stderr == f"Error: {folder / 'x.json'}: not a log file: a FIFO; left out\n"
    assert "Traceback" not in run.stderr
    # Named on the command line, a FIFO is read as a pipe (`validate <(zcat g.gz)`),
    # which, with no writer, is at its end at once.
    run = subprocess.run(
        [sys.executable, "-m", "tmlog", "validate", str(folder / "x.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 1
    assert run.stderr == f"Error: {folder / 'x.json'}: empty log: no rows\n"
