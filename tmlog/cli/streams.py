"""Standard output and error as every command uses them, without click.

:mod:`tmlog.cli.quick` runs ``tmlog validate LOG`` before click is imported
(click and the command modules are a good part of a one-log run's start-up),
so what both paths need is here: writing a line as ``click.echo`` writes it,
escaping what a stream cannot encode, and the message and exit status an
error ends a command with.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import sys
import time
from collections.abc import Callable

from tmlog.errors import TmlogError
from tmlog.words import count

EXIT_PIPE = 141
"""The status a shell shows for coreutils killed by SIGPIPE (128 + 13)."""

_ANSI = r"\033\[[;?0-9]*[a-zA-Z]"
"""An ANSI escape sequence, as ``click.echo`` removes them from output that is no terminal."""


def echo(text: str, *, err: bool = False, nl: bool = True) -> None:
    """Write ``text`` as ``click.echo`` does: ANSI sequences dropped unless the
    stream is a terminal, then flushed."""
    stream = sys.stderr if err else sys.stdout
    if nl:
        text += "\n"
    # Compiled only for text that has an escape at all: a one-log command's
    # output seldom has one, and compiling costs it more than its own output.
    if "\033" in text and not _isatty(stream):
        text = re.sub(_ANSI, "", text)
    stream.write(text)
    stream.flush()


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except Exception:  # a closed or odd stream: as click, no terminal
        return False


def _printable_error(exc: UnicodeError) -> tuple[str, int]:
    """Codec error handler: a file name's undecodable byte (a lone surrogate)
    becomes ``\\xNN``, as :func:`tmlog.reading.printable` writes it; any other
    character the stream cannot take becomes a backslash escape."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start : exc.end]
    return "".join(
        f"\\x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF else ascii(c)[1:-1] for c in bad
    ), exc.end


codecs.register_error("tmlog.printable", _printable_error)


def escape_unwritable_text() -> None:
    """Make standard output and error escape what they cannot encode.

    A name that is not UTF-8 (``caf\\xe9.txt``) reaches Python with lone
    surrogates; under a UTF-8 locale other than C/POSIX the streams are
    strict and printing such a path would be an internal error. Streams
    that already cope (surrogateescape, in the C locale) are left alone.
    """
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            # A closed or odd stream is left as it is.
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors="tmlog.printable")


def silence_stdout() -> None:
    """Point standard output at /dev/null, so that the flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor (a test's captured output)
        pass


def error_message(exc: Exception) -> str:
    """The one line a command that failed with ``exc`` ends with (after ``Error: ``).

    Standard output that cannot take more (``> /dev/full``) is silenced first.
    Anything that is neither tmlog's nor the system's is a bug: said so,
    without a traceback.
    """
    if isinstance(exc, TmlogError):
        return str(exc)
    if isinstance(exc, OSError):
        silence_stdout()
        if exc.filename is not None:
            return f"{exc.filename}: {exc.strerror or exc}"
        return f"standard output: cannot write: {exc.strerror or exc}"
    return f"internal error: {type(exc).__name__}: {exc}"


def progress_line() -> Callable[[int, int], None] | None:
    """A progress line on standard error (logs done, logs in all), if it is a terminal."""
    if not sys.stderr.isatty():
        return None
    start = time.monotonic()

    def show(done: int, total: int) -> None:
        rate = done / max(time.monotonic() - start, 1e-9)
        echo(f"\r{done}/{count(total, 'log')}, {rate:.0f}/s ", err=True, nl=False)
        if done >= total:
            echo("\r" + " " * 40 + "\r", err=True, nl=False)

    return show
