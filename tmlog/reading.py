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
    if stat.S_ISFIFO(mode):
        return "a FIFO"
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
    in it are not logs and are left alone; a FIFO, socket or device named like
    a log is not opened but reported (``not a log file: a FIFO; left out``).
    ``-`` (standard input) and plain files are kept as given.
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
        yield InputError(
            path,
            f"{where} holds no *.txt, *.log, *.rootlog or game JSON (*.json, *.json.gz)"
            f" files{'' if recursive else _sub_folders_hint(path)}",
        )
    for entry in logs:
        problem, info = _file_problem(entry)
        if problem:
            yield InputError(entry, problem)
            continue
        if stats is not None and info is not None:
            stats[entry] = info
        yield entry


def _sub_folders_hint(path: str) -> str:
    """`` (it has 3 sub-folders: -r/--recursive reads them)``, or nothing if it has none."""
    try:
        with os.scandir(path) as listing:
            # is_dir() follows a link, as a recursive listing does.
            folders = sum(1 for e in listing if e.is_dir())
    except OSError:
        return ""
    if not folders:
        return ""
    what = "a sub-folder" if folders == 1 else f"{folders} sub-folders"
    return f" (it has {what}: -r/--recursive reads {'it' if folders == 1 else 'them'})"


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
        return [prefix + n for n in names if _is_log(prefix + n, n)]
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
    """Whether a file may be a log by its name (a game JSON must also be looked into).

    Its suffix as :attr:`pathlib.PurePath.suffix` finds it: a dot file such as
    ``.txt`` has none."""
    dot = name.rfind(".")
    return 0 < dot < len(name) - 1 and (name[dot:] in _NAMED_LOGS or name.endswith(".json.gz"))


_NAMED_LOGS = (*LOG_SUFFIXES, ".json")
"""Suffixes of the files a folder may hold logs in (``*.json.gz`` too)."""


def is_log_file(entry: Path) -> bool:
    """Whether a file in a directory is a log: ``*.txt``, ``*.log``, ``*.rootlog``,
    or ``*.json`` or ``*.json.gz`` holding a ``"ledger"`` key (a game JSON; a
    manifest, a results file or other JSON file is not a log).

    A JSON file is looked into only if it is a regular file: a FIFO, a socket
    or a device is never opened (a FIFO's open or read would wait for a writer
    forever). Such a file is kept in the listing, where
    :func:`iter_paths` reports what it is instead of reading it.
    """
    return _is_log(str(entry), entry.name)


def _is_log(path: str, name: str) -> bool:
    """:func:`is_log_file` of the file ``path``, named ``name`` in its folder."""
    if not _is_log_name(name):
        return False
    if not name.endswith((".json", ".json.gz")):
        return True
    return _holds_ledger(path, packed=name.endswith(".gz"))


_CHUNK = 1 << 16


def _holds_ledger(path: str, *, packed: bool) -> bool:
    """Whether a JSON file (``packed``: gzip-compressed) holds ``"ledger"``, read
    no further than :data:`MAX_BYTES` of text; ``True`` when it is not a regular
    file or cannot be read (reading it as a log will report the problem)."""
    import zlib

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return True
        # Not blocking, should the file have been replaced by a FIFO since.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return True
    key = b'"ledger"'
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return True
        tail = b""
        head = packed  # a packed file's first piece is looked at first
        for text in _json_text(fd, packed=packed):
            if head and text:
                if _starts_like_a_game(text):
                    return True
                head = False
            # The key may straddle two pieces: the last few bytes are kept.
            joined = tail + text
            if key in joined:
                return True
            tail = joined[-len(key) + 1 :]
        return False
    except (OSError, zlib.error):
        return True  # reading it as a log will report the problem
    finally:
        os.close(fd)


_GAME_KEYS = frozenset(
    (
        *("aborted", "action_required", "actions", "active_faction", "available_factions"),
        *("bonus_coins", "bonus_tiles", "bridges", "chat_message_count"),
        *("chat_unread_message_count", "cults", "current_chess_clock_hours"),
        *("dodgy_resource_manipulation", "error", "events", "factions", "favors"),
        *("final_scoring", "final_scoring_help", "finished", "history_view", "ledger", "map"),
        *("map_variant", "metadata", "non_standard", "options", "order", "player_count"),
        *("players", "pool", "preview_warnings", "round", "score_tiles", "towns", "turn"),
        "vp_setup",
    )
)
"""The keys of the site's game JSON (``/app/view-game/``), which come in any order."""

_FIRST_KEY = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"([a-z_]{1,40})"\s*:')


def _starts_like_a_game(head: bytes) -> bool:
    """Whether a JSON text's first key is one of a game JSON's.

    Unpacking a whole ``*.json.gz`` to find its ``ledger`` costs some 25 times
    more than listing it did before it was looked into; its first key,
    in the first piece unpacked, most often tells. A table of ratings, or a
    results file (``version``, ``games``), starts otherwise and is unpacked
    further; one that starts with a key a game JSON has too (a results
    file's ``players``) is listed, and reading it says it is not a game.
    """
    first = _FIRST_KEY.match(head)
    return first is not None and first.group(1).decode() in _GAME_KEYS


def _json_text(fd: int, *, packed: bool) -> Iterator[bytes]:
    """The text of an open file a piece at a time (unpacked if ``packed``), no
    more than :data:`MAX_BYTES` of it: a game JSON's keys come in any order,
    but most of a file need not be read or unpacked to find one."""
    import zlib

    stream = zlib.decompressobj(16 + zlib.MAX_WBITS) if packed else None
    given = 0
    # A small first piece: a packed game JSON is most often known by its start.
    size = 1 << 10
    while given <= MAX_BYTES:
        chunk = os.read(fd, size)
        size = _CHUNK
        if not chunk:
            return
        if stream is None:
            given += len(chunk)
            yield chunk
            continue
        while chunk and given <= MAX_BYTES:
            # A bounded piece at a time: a small packed chunk may unpack to gigabytes.
            text = stream.decompress(chunk, _CHUNK)
            chunk = stream.unconsumed_tail
            given += len(text)
            yield text
        if stream.eof:
            return


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
        # Left out, never opened: a FIFO would wait for a writer forever.
        return f"not a log file: {_kind(info.st_mode)}; left out", info
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
