"""Reading logs: bytes → text, and command-line paths → files.

Logs are UTF-8 text. A UTF-8 byte-order mark is dropped and CRLF (or a lone
CR) line ends become LF, so such files give exactly the same actions as
clean ones. Undecodable bytes and binary data (NUL or other control
characters) are rejected with an :class:`~tmlog.errors.InputError` that
names the line and column.
"""

from __future__ import annotations

import codecs
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from tmlog.errors import InputError

STDIN = "-"
"""The path that means standard input."""

LOG_SUFFIXES = (".txt", ".log")
"""Files a directory argument expands to."""

# C0 control characters other than TAB, LF and CR, and DEL.
_BINARY = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def decode(data: bytes, source: str) -> str:
    """The text of a log file's bytes, with a BOM dropped and line ends normalised.

    >>> decode(b"\\xef\\xbb\\xbfnomads: build A5\\r\\n", "x.txt")
    'nomads: build A5\\n'

    Raises:
        InputError: the bytes are not UTF-8 text, or are binary.
    """
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8")
        line, column = _position(good, len(good))
        raise InputError(
            source,
            f"not UTF-8 text: byte 0x{data[exc.start]:02x} cannot be decoded",
            line=line,
            column=column,
        ) from None
    return normalize(text, source)


def normalize(text: str | bytes, source: str) -> str:
    """Text with a BOM dropped and CRLF or CR line ends turned into LF.

    Bytes are decoded first (:func:`decode`).

    Raises:
        InputError: the text holds binary data (NUL or other control characters).
    """
    if isinstance(text, bytes):
        return decode(text, source)
    if text.startswith("\ufeff"):
        text = text[1:]
    bad = _BINARY.search(text)
    if bad is not None:
        line, column = _position(text, bad.start())
        char = bad.group()
        what = "NUL byte" if char == "\0" else f"control character 0x{ord(char):02x}"
        raise InputError(source, f"binary data, not a log: {what}", line=line, column=column)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_bytes(path: str) -> bytes:
    """The bytes of a file, or of standard input for ``-``.

    Raises:
        InputError: the file cannot be read.
    """
    if path == STDIN:
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except IsADirectoryError:
        raise InputError(path, "is a directory") from None
    except OSError as exc:
        raise InputError(path, exc.strerror or str(exc)) from None


def read_text(path: str) -> str:
    """The decoded text of a log file (``-`` = standard input)."""
    return decode(read_bytes(path), "<stdin>" if path == STDIN else path)


def expand_paths(paths: Iterable[str]) -> list[str]:
    """Command-line paths with each directory replaced by its logs.

    A directory stands for its ``*.txt`` and ``*.log`` files (not
    recursively), sorted by name; ``-`` (standard input) and plain files are
    kept as given.

    Raises:
        InputError: a path does not exist, or a directory holds no logs.
    """
    out: list[str] = []
    for path in paths:
        if path == STDIN:
            out.append(path)
            continue
        p = Path(path)
        if p.is_dir():
            found = sorted(str(f) for f in p.iterdir() if f.suffix in LOG_SUFFIXES and f.is_file())
            if not found:
                raise InputError(path, "directory holds no *.txt or *.log files")
            out.extend(found)
        elif p.exists():
            out.append(path)
        else:
            raise InputError(path, "no such file or directory")
    return out
