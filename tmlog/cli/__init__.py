"""The ``tmlog`` command line: a thin adapter over the library.

Every command reads its logs through :class:`Inputs` (``-`` is standard
input, a directory stands for its ``*.txt``/``*.log``/``*.rootlog`` files and
game JSON (``-r``: at any depth), a bad file is reported and the others still
run, the exit status is 1 if any failed) and
takes the shared options :data:`input_format_option` and
:func:`output_format_option`. Errors exit with status 1 and a message,
usage errors with status 2 (click's default); no traceback is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tmlog.cli.shell import cli

__all__ = ["cli"]


def __getattr__(name: str) -> Any:
    # click and the commands are imported when `cli` is first asked for: the
    # entry point, tmlog.cli.quick, runs `tmlog validate LOG` without them.
    if name != "cli":
        raise AttributeError(f"module 'tmlog.cli' has no attribute {name!r}")
    from tmlog.cli import (  # noqa: F401  (registers the commands)
        caching,
        exporting,
        parsing,
        rating,
        rendering,
        replaying,
        reporting,
        reports,
    )
    from tmlog.cli.shell import cli

    globals()["cli"] = cli
    return cli
