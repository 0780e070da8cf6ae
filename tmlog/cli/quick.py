"""The ``tmlog`` command's entry point: ``tmlog validate LOG…`` without click.

Validating one log is the command a user runs most, and its time is mostly
start-up: importing click and the command modules adds a sixth to it
(callgrind, whole process, ``tmlog validate ONE.txt``: 356.2 M instructions
here, 420.9 M through click, 415.3 M even with only the validate command's
module loaded). So a command line that is ``validate`` and paths only (no
option, nothing that click would read differently) runs
:func:`validate_logs` here, as the click command does, with the same
output, errors and exit status (``tests/test_cli_quick.py`` compares the
two). Any other command line goes to click.

Every command line ends in Python's own exit (threads joined, ``atexit``
run, output flushed), after :func:`gc.freeze`.
"""

from __future__ import annotations

import codecs
import gc
import importlib
import os
import sys
import types
from collections.abc import Sequence
from typing import Any, NoReturn

from tmlog.cli.streams import (
    EXIT_PIPE,
    echo,
    error_message,
    escape_unwritable_text,
    progress_line,
    silence_stdout,
)
from tmlog.cli.validating import validate_logs


def main(prog_name: str | None = None) -> NoReturn:
    """Run the command line in ``sys.argv``; exits with its status."""
    _defer_import("inspect", cleandoc=_cleandoc)
    # Start-up makes some hundred thousand objects that live to the end (the
    # modules' functions and classes): at Python's default threshold the
    # collector would walk them all dozens of times. Replays set the same.
    gc.set_threshold(50_000, *gc.get_threshold()[1:])
    args = sys.argv[1:]
    status = _validate(args[1:]) if _plain_validate(args) else _click(prog_name)
    # Python's exit collects the garbage a last time, walking all those objects
    # again for the few cycles that the exit frees anyway; frozen, they are
    # left out of it. Callgrind, whole process: validate ONE.txt 378.7 -> 356.2
    # M instructions, vp 484.5 -> 455.8 M, --help 223.9 -> 203.9 M.
    gc.freeze()
    sys.exit(status)


def _click(prog_name: str | None) -> int | str | None:
    """The command line's exit code (as ``sys.exit`` takes it), run by click."""
    from tmlog.cli import cli

    try:
        cli(prog_name=prog_name)
    except SystemExit as done:
        return done.code
    return 0


class _Deferred(types.ModuleType):
    """A module imported but not loaded: the real one is loaded by the first use
    of one of its names, and takes its place in ``sys.modules``."""

    def __getattr__(self, name: str) -> Any:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        real = importlib.import_module(self.__name__)
        self.__dict__.update(real.__dict__)
        return getattr(real, name)


def _defer_import(name: str, **ready: Any) -> None:
    """Load module ``name`` when it is first used, not when it is imported.

    dataclasses imports inspect (with ast, dis and tokenize) for what it does
    to classes without a docstring, which tmlog's records all have, and click
    for :func:`inspect.cleandoc` alone (:func:`_cleandoc`). Loading them is a
    tenth of ``tmlog --help`` (callgrind, whole process, editable / regular
    install: 224.4 -> 203.9 / 204.1 -> 183.7 M instructions), a twentieth of
    ``validate ONE.txt`` (377.4 -> 356.2 M) and of ``vp`` (477.0 -> 455.8 M).
    (importlib's ``LazyLoader`` does not do here: in Python 3.11 the
    ``import`` statement itself reads the module's ``__spec__``, which loads
    it.) Only the command line's process is set up so.

    ``ready``: names the module answers without being loaded (what the
    command line asks of it, as the module itself would answer).
    """
    if name not in sys.modules:
        deferred = _Deferred(name)
        deferred.__dict__.update(ready)
        sys.modules[name] = deferred


def _cleandoc(doc: str) -> str:
    """``inspect.cleandoc``, the one function of inspect that click uses for every
    command line: on each option's help text, as it makes the option."""
    lines = doc.expandtabs().split("\n")
    margin = min(
        (len(line) - len(line.lstrip()) for line in lines[1:] if line.lstrip()),
        default=None,
    )
    lines[0] = lines[0].lstrip()
    if margin is not None:
        lines[1:] = [line[margin:] for line in lines[1:]]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def _plain_validate(args: Sequence[str]) -> bool:
    """Whether ``args`` are ``validate PATH…`` as click would read them with no option."""
    return (
        len(args) >= 2
        and args[0] == "validate"
        and not any(a.startswith("-") for a in args[1:])  # options, `--`, `-` (stdin)
        # click's shell completion, asked for through the environment
        and "_TMLOG_COMPLETE" not in os.environ
        # click.echo would re-wrap a stream whose encoding is ASCII
        and not any(_ascii(s) for s in (sys.stdout, sys.stderr))
    )


def _ascii(stream: Any) -> bool:
    try:
        return codecs.lookup(stream.encoding or "ascii").name == "ascii"
    except (AttributeError, LookupError):
        return True


def _validate(paths: Sequence[str]) -> int:
    """``tmlog validate PATHS``'s exit status, its output written (the click group's
    handling of errors included: :class:`tmlog.cli.shell._Group`)."""
    from tmlog.corpus import default_jobs

    escape_unwritable_text()
    try:
        failed = validate_logs(
            paths,
            input_format=None,
            vp_variant=None,
            jobs=default_jobs(),
            dask_scheduler=None,
            progress=progress_line(),
            recursive=False,
        )
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
        return EXIT_PIPE
    except (KeyboardInterrupt, EOFError):
        echo("", err=True)
        echo("Aborted!", err=True)
        return 1
    except Exception as exc:
        echo(f"Error: {error_message(exc)}", err=True)
        return 1
    return 1 if failed else 0
