"""The ``tmlog`` command's entry point: ``tmlog validate LOG…`` without click.

Validating one log is the command a user runs most, and its time is mostly
start-up: importing click and the command modules was a fifth of it. So a
command line that is ``validate`` and paths only (no option, nothing that
click would read differently) runs :func:`validate_logs` here, as the click
command does, with the same output, errors and exit status
(``tests/test_cli_quick.py`` compares the two). Any other command line goes
to click.
"""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Sequence
from typing import Any

from tmlog.cli.streams import (
    EXIT_PIPE,
    echo,
    error_message,
    escape_unwritable_text,
    progress_line,
    silence_stdout,
)
from tmlog.cli.validating import validate_logs


def main(prog_name: str | None = None) -> None:
    """Run the command line in ``sys.argv``; exits with its status."""
    args = sys.argv[1:]
    if _plain_validate(args):
        sys.exit(_validate(args[1:]))
    from tmlog.cli import cli

    cli(prog_name=prog_name)


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
