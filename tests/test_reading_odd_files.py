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
from tmlog.reading import MAX_BYTES, read_bytes


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
