"""What ``tmlog replay`` and ``tmlog render`` do with a Rootlog file.

The shared commands find the game of the log and call these (the optional
``replay_text`` and ``render_axes`` capabilities of the Root game module), so
the Root-specific reading of ``--at`` and the printing stay here.
Usage errors are :class:`click.BadParameter` (exit status 2); a log that
cannot be read, or that breaks a rule when read strictly, is a
:class:`~tmlog.errors.TmlogError` (exit status 1, positioned message).
"""

from __future__ import annotations

import json
from pathlib import PurePath
from typing import Any

import click

from tmlog.errors import TmlogError
from tmlog.games.root.notation import RootLog, parse_rootlog
from tmlog.games.root.replay import RootReplay, replay
from tmlog.games.root.view import (
    Stop,
    heading,
    last_point,
    parse_stop,
    state_json,
    state_text,
    turns_until,
)
from tmlog.reading import read_bytes


class RootReplayError(TmlogError):
    """A rule broken in a log read strictly (the message is positioned)."""


def _replayed(
    path: str, at: str | None, input_format: str | None
) -> tuple[RootReplay, Stop | None]:
    stop: Stop | None = None
    if at is not None:
        try:
            stop = parse_stop(at)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--at") from None
    log: RootLog = parse_rootlog(
        read_bytes(path), source=path, lenient=input_format != "rootlog-strict"
    )
    turns = None
    if stop is not None:
        turns = turns_until(log, stop)
        if turns is None:
            raise click.BadParameter(
                f"{at} is past the end of {path}: its last turn is {last_point(log)}",
                param_hint="--at",
            )
    result = replay(log, turns=turns)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    if result.error is not None:
        raise RootReplayError(result.error)
    return result, stop


def replay_text(path: str, at: str | None, fmt: str, input_format: str | None) -> str:
    """``tmlog replay`` of a Rootlog file: the board after the turn ``at`` names."""
    result, stop = _replayed(path, at, input_format)
    if fmt == "json":
        return json.dumps(state_json(result, stop), indent=2)
    return state_text(result, stop)


def render_axes(path: str, at: str | None, input_format: str | None) -> Any:
    """``tmlog render`` of a Rootlog file: the axes of the board's picture."""
    from tmlog.games.root.render import plot_root_board

    result, stop = _replayed(path, at, input_format)
    assert result.board is not None
    title = heading(result, stop).replace(f"{path}: ", f"{PurePath(path).name}\n", 1)
    return plot_root_board(result.board, title=title)
