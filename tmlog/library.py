"""The library's front door for one log of any game: each call goes to the log's game.

>>> from tmlog import parse_log, replay
>>> [str(a) for a in parse_log("witches: build E5").actions]
['witches: build E5']
>>> replay(parse_log("witches: build E5")).error is not None  # no game was set up
True
>>> parse_log("Map: Fall\\nDeck: E&P\\n", source="g.rootlog").source
'g.rootlog'
"""

from __future__ import annotations

import os
from collections.abc import Collection
from typing import Any

from tmlog.games import GAMES
from tmlog.games.capabilities import AUDIT, AuditReport
from tmlog.reading import STDIN, read_bytes
from tmlog.records import Record


def parse_log(
    data: bytes | str,
    *,
    source: str = "<string>",
    input_format: str | None = None,
    partial: bool = False,
) -> Any:
    """Parse a log of any game tmlog reads (found by :meth:`~tmlog.games.Registry.game_for`).

    Raises:
        TmlogError: the log cannot be read (its message names source, line and column).
    """
    game = GAMES.game_for(data, source, input_format)
    return game.parse(data, source=source, input_format=input_format, partial=partial)


def parse_file(
    path: str | os.PathLike[str], input_format: str | None = None, *, partial: bool = False
) -> Any:
    """Read and parse a log file (``-`` reads standard input); see :func:`parse_log`."""
    name = os.fspath(path)
    source = "<stdin>" if name == STDIN else name
    return parse_log(read_bytes(name), source=source, input_format=input_format, partial=partial)


def replay(parsed: Any, **options: Any) -> Any:
    """Replay a parsed log through its game's rules; a broken rule is the result's
    ``error``, not an exception. ``options`` are the game's own (Terra
    Mystica's ``stop``, ``vp_variant``, ``rows``)."""
    return GAMES.game_of(parsed).replay(parsed, **options)


def record_game(
    result: Any, *, parsed: Any | None = None, tables: Collection[str] | None = None
) -> Record:
    """The per-game record of a replay (see :mod:`tmlog.records`); ``parsed``, the log
    replayed, lets a game add what only the log tells (a ledger row's own line)."""
    return GAMES.game_of(result).record(parsed, result, tables=tables)


def audit(parsed: Any, result: Any | None = None) -> AuditReport:
    """Every value a log recorded, checked against its replay (for a game that can:
    :data:`~tmlog.games.capabilities.AUDIT`; :class:`~tmlog.errors.Unsupported` otherwise)."""
    game = GAMES.game_of(parsed)
    auditing = AUDIT.need(game, "audit", parsed.source)
    if result is None:
        result = game.replay(parsed, **auditing.replay_options)
    return auditing.audit(parsed, result)
