"""Reading logs: bytes → text, and command-line paths → files.

Logs are UTF-8 text. A UTF-8 byte-order mark is dropped and CRLF (or a lone
CR) line ends become LF, so such files give exactly the same actions as
clean ones. Undecodable bytes and binary data (NUL or other control
characters) are rejected with an :class:`~tmlog.errors.InputError` that
names the line and column.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from tmlog.errors import InputError

if TYPE_CHECKING:
    # Only a folder's listing uses paths; a plain file is read with os alone,
    # without the start-up cost of importing pathlib (a one-log command's case).
    from pathlib import Path

STDIN = "-"
"""The path that means standard input."""

LOG_SUFFIXES = (".txt", ".log", ".rootlog")
"""Files a directory argument expands to (and game JSON, see :func:`is_log_file`)."""

MAX_BYTES = 16 * 2**20
"""Largest log accepted (a whole game's ledger is about 40 KB)."""
MAX_LINE = 64 * 2**10
"""Longest row accepted, in characters (a ledger row is under 200)."""

_LONG_LINE = re.compile(rf"^[^\n]{{{MAX_LINE + 1}}}", re.MULTILINE)
# C0 control characters other than TAB, LF and CR, and DEL.
_BINARY = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_BINARY_CHARS = tuple(chr(c) for c in (*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F))
"""The same characters one by one: ``in`` finds one character with ``memchr``, some
30 times faster over a whole log than the regex's character class (which then
finds the first for the message)."""


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
    if len(text) > MAX_BYTES:
        raise InputError(
            source, f"too large for a game log ({len(text):,} characters; limit {MAX_BYTES:,})"
        )
    if len(text) > MAX_LINE:
        long = _LONG_LINE.search(text)
        if long is not None:
            line, _ = _position(text, long.start())
            raise InputError(
                source,
                f"row too long for a game log (over {MAX_LINE:,} characters)",
                line=line,
                column=1,
            )
    if text.startswith("\ufeff"):
        text = text[1:]
    bad = _BINARY.search(text) if any(c in text for c in _BINARY_CHARS) else None
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
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise InputError("<stdin>", f"too large for a game log (over {MAX_BYTES:,} bytes)")
        return data
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError(path, _why_missing(path)) from None
    except IsADirectoryError:
        raise InputError(path, "is a directory") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError(path, "symbolic link loop") from None
        raise InputError(path, exc.strerror or str(exc)) from None
    # Opened without blocking, so that a FIFO with no writer cannot hang the
    # run; reads below block again, as a pipe's reader expects.
    try:
        info = os.fstat(fd)
        mode = info.st_mode
        if stat.S_ISDIR(mode):
            raise InputError(path, "is a directory")
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise InputError(path, f"not a log file: {_kind(mode)}")
        if stat.S_ISREG(mode) and info.st_size > MAX_BYTES:
            raise InputError(
                path, f"too large for a game log ({info.st_size:,} bytes; limit {MAX_BYTES:,})"
            )
        os.set_blocking(fd, True)
        # The size a file reports is not trusted (0 for a pipe, or a file still
        # growing): read on to the end, no further than the limit. It is only
        # the first read's size: asking for the limit itself would allocate
        # 16 MiB for each log, most of the cost of reading one.
        limit = MAX_BYTES + 1
        want = min(info.st_size + 1, limit) if stat.S_ISREG(mode) else 1 << 16
        chunks: list[bytes] = []
        got = 0
        while got < limit:
            chunk = os.read(fd, min(want, limit - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
            want = 1 << 16
        data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
    except OSError as exc:
        raise InputError(path, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise InputError(path, f"too large for a game log (over {MAX_BYTES:,} bytes)")
    return data


def _kind(mode: int) -> str:
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def printable(name: str) -> str:
    """A file name as text that can be printed and stored anywhere.

    A name that is not valid UTF-8 reaches Python with its bad bytes as lone
    surrogates (``caf\\udce9.txt``), which no UTF-8 writer (a terminal, a
    Parquet column) accepts; they become backslash escapes (``caf\\xe9.txt``).
    Any other name is returned unchanged.
    """
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raw = name.encode("utf-8", "surrogateescape")
        return raw.decode("utf-8", "backslashreplace")
    return name


def read_text(path: str) -> str:
    """The decoded text of a log file (``-`` = standard input)."""
    return decode(read_bytes(path), "<stdin>" if path == STDIN else path)


def iter_paths(
    paths: Iterable[str],
    *,
    recursive: bool = False,
    stats: dict[str, os.stat_result] | None = None,
) -> Iterator[str | InputError]:
    """Command-line paths with each directory replaced by its logs, problems in line.

    A directory stands for its ``*.txt``, ``*.log`` and ``*.rootlog`` files and its
    game JSON (:func:`is_log_file`), sorted by name
    (``recursive``: and those of the directories inside it, at any depth,
    each directory read once however symbolic links loop back); other files
    in it are not logs and are left alone. ``-`` (standard input) and plain files are kept as given.
    Instead of stopping at a problem — a missing path, a directory without
    logs, a log that is a broken or looping symbolic link or cannot be
    read — an :class:`~tmlog.errors.InputError` is yielded in its place, so a
    run over many logs can report it and go on.

    ``stats``, if given, is filled with what checking each log found in a
    directory took from the file system (``os.stat``), under the path
    yielded: a caller that needs a file's identity need not ask again.
    """
    for path in paths:
        if path == STDIN:
            yield path
            continue
        found = _is_dir(path)
        if isinstance(found, InputError):
            yield found
        elif not found:
            yield path
        else:
            yield from _folder_logs(path, recursive=recursive, stats=stats)


_NOT_THERE = frozenset((errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP))
"""The errors of ``os.stat`` that pathlib's ``exists()`` takes for a missing path."""


def _is_dir(path: str) -> bool | InputError:
    """Whether ``path`` is a folder (else a file), or why it is neither."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except OSError as exc:
        # As pathlib's is_dir() and exists(): these say "not there"; any other
        # error (a folder on the way that cannot be entered) is reported as it is.
        if exc.errno not in _NOT_THERE:
            return InputError(path, exc.strerror or str(exc))
    except ValueError:  # a NUL in the name: no such file can exist
        pass
    return InputError(path, _why_missing(path))


def _folder_logs(
    path: str, *, recursive: bool, stats: dict[str, os.stat_result] | None
) -> Iterator[str | InputError]:
    """The logs of folder ``path``, problems in line (see :func:`iter_paths`)."""
    from pathlib import Path

    problems: list[InputError] = []
    try:
        logs = _logs_in(Path(path), recursive=recursive, problems=problems)
    except OSError as exc:
        yield InputError(path, exc.strerror or str(exc))
        return
    yield from problems
    if not logs and not problems:
        where = "directory (or any inside it)" if recursive else "directory"
        yield InputError(path, f"{where} holds no *.txt, *.log, *.rootlog or game *.json files")
    for entry in logs:
        problem, info = _file_problem(entry)
        if problem:
            yield InputError(entry, problem)
            continue
        if stats is not None and info is not None:
            stats[entry] = info
        yield entry


def _logs_in(folder: Path, *, recursive: bool, problems: list[InputError]) -> list[str]:
    """The logs (:func:`is_log_file`) of ``folder`` (and, if ``recursive``, of the
    folders under it), sorted by path; a folder inside that cannot be read is
    added to ``problems``.

    A folder is entered once, known by its device and inode: a symbolic link
    back to a folder above (a loop) or beside is not followed again.
    """
    if not recursive:
        # Names, not Paths, sorted as paths of one folder sort: making and comparing
        # Paths costs ten times more, a good part of a warm run over 10,000 logs.
        base = str(folder)
        # As Path joins: no "./" before a name in the working directory.
        prefix = "" if base == "." else base if base.endswith(os.sep) else base + os.sep
        with os.scandir(folder) as listing:
            names = sorted(e.name for e in listing)
        return [prefix + n for n in names if _is_log_name(n) or is_log_file(folder / n)]
    seen: set[tuple[int, int]] = set()
    found: list[Path] = []
    todo = [folder]
    while todo:
        current = todo.pop()
        try:
            info = current.stat()
            entries = sorted(current.iterdir())
        except OSError as exc:
            if current is folder:
                raise
            problems.append(InputError(str(current), exc.strerror or str(exc)))
            continue
        if (info.st_dev, info.st_ino) in seen:
            continue
        seen.add((info.st_dev, info.st_ino))
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:  # a looping link: is_dir() says False on most systems
                is_dir = False
            if is_dir:
                todo.append(entry)
            elif is_log_file(entry):
                found.append(entry)
    return [str(p) for p in sorted(found, key=lambda e: e.parts)]


def _is_log_name(name: str) -> bool:
    """Whether a file is a log by its name alone (a ``*.json`` file must be looked into).

    Its suffix as :attr:`pathlib.PurePath.suffix` finds it: a dot file such as
    ``.txt`` has none."""
    dot = name.rfind(".")
    return (0 < dot < len(name) - 1 and name[dot:] in LOG_SUFFIXES) or name.endswith(".json.gz")


def is_log_file(entry: Path) -> bool:
    """Whether a file in a directory is a log: ``*.txt``, ``*.log``, ``*.rootlog``, ``*.json.gz``,
    or ``*.json`` holding a ``"ledger"`` key (a game JSON; a manifest or other
    JSON file is not a log)."""
    if _is_log_name(entry.name):
        return True
    if entry.suffix != ".json":
        return False
    try:
        with entry.open("rb") as f:
            return b'"ledger"' in f.read(MAX_BYTES)
    except OSError:
        return True  # reading it will report the problem


def _why_missing(path: str) -> str:
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "symbolic link loop"
    except ValueError:
        pass
    if os.path.islink(path):
        return "broken symbolic link"
    return "no such file or directory"


def _file_problem(p: str) -> tuple[str | None, os.stat_result | None]:
    """Why a directory entry cannot be read as a log (None: it can), and its
    ``os.stat`` (None if it has none)."""
    try:
        info = os.stat(p)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "symbolic link loop", None
        if os.path.islink(p):
            return "broken symbolic link", None
        return exc.strerror or str(exc), None
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file", info
    if not os.access(p, os.R_OK):
        return "permission denied", info
    return None, info


def expand_paths(paths: Iterable[str]) -> list[str]:
    """Command-line paths with each directory replaced by its logs (see :func:`iter_paths`).

    Raises:
        InputError: the first problem met.
    """
    out: list[str] = []
    for item in iter_paths(paths):
        if isinstance(item, InputError):
            raise item
        out.append(item)
    return out
