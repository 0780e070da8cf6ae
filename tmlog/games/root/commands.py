"""What ``tmlog replay`` and ``tmlog render`` do with a Rootlog file.

The shared commands find the game of the log and ask it for these (its
:data:`~tmlog.games.capabilities.STATE` and
:data:`~tmlog.games.capabilities.DRAWING` capabilities), so the Root-specific
reading of ``--at`` and the printing stay here. A bad ``--at`` is a
:class:`~tmlog.errors.BadOption` (a usage error); a log that cannot be read,
or that breaks a rule when read strictly, is a
:class:`~tmlog.errors.TmlogError` (exit status 1, positioned message).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from tmlog.errors import BadOption, TmlogError
from tmlog.games.rating import EloRating

if TYPE_CHECKING:
    import pandas as pd

    from tmlog.at import At
    from tmlog.games.root.replay import RootReplay

# The notation, the replay and the view are imported when a command runs: the
# game module declares these capabilities for every command, even --help.


class RootReplayError(TmlogError):
    """A rule broken in a log read strictly (the message is positioned)."""


def _replayed(
    data: bytes,
    source: str,
    at: str | None,
    input_format: str | None,
    warn: Callable[[str], None],
) -> tuple[RootReplay, At | None]:
    from tmlog.at import parse_at
    from tmlog.games.root.notation import parse_rootlog
    from tmlog.games.root.replay import replay
    from tmlog.games.root.view import past_end, turns_until

    stop = None if at is None else parse_at(at)
    log = parse_rootlog(data, source=source, lenient=input_format != "rootlog-strict")
    turns = None
    if stop is not None:
        turns = turns_until(log, stop)
        if turns is None:
            raise BadOption("--at", f"{at} is {past_end(log, stop, source)}")
    result = replay(log, turns=turns)
    for warning in result.warnings:
        warn(warning)
    if result.error is not None:
        raise RootReplayError(result.error)
    return result, stop


class State:
    """``tmlog replay`` of a Rootlog: the board after the turn ``--at`` names."""

    def state(
        self,
        data: bytes,
        *,
        source: str,
        at: str | None,
        fmt: str,
        input_format: str | None,
        options: Mapping[str, Any],
        warn: Callable[[str], None],
    ) -> str:
        from tmlog.games.root.view import state_json, state_text

        result, stop = _replayed(data, source, at, input_format, warn)
        if fmt == "json":
            return json.dumps(state_json(result, stop), indent=2)
        return state_text(result, stop)


class Drawing:
    """``tmlog render`` of a Rootlog: the board's picture (matplotlib axes)."""

    def draw(
        self,
        data: bytes,
        *,
        source: str,
        at: str | None,
        input_format: str | None,
        options: Mapping[str, Any],
        warn: Callable[[str], None],
    ) -> Any:
        from tmlog.games.root.render import plot_root_board
        from tmlog.games.root.view import heading

        result, stop = _replayed(data, source, at, input_format, warn)
        assert result.board is not None
        title = heading(result, stop).replace(f"{source}: ", f"{PurePath(source).name}\n", 1)
        return plot_root_board(result.board, title=title)


class Watch:
    """``tmlog report`` of a Rootlog: every turn line's step, its board and VP."""

    def watch(
        self,
        data: bytes,
        *,
        source: str,
        input_format: str | None,
        options: Mapping[str, Any],
        warn: Callable[[str], None],
    ) -> Any:
        from tmlog.games.root.notation import parse_rootlog
        from tmlog.games.root.record import record_game
        from tmlog.games.root.replay import replay
        from tmlog.games.root.snapshot import BoardSnapshot
        from tmlog.games.root.watch import watch

        log = parse_rootlog(data, source=source, lenient=input_format != "rootlog-strict")
        boards: list[BoardSnapshot] = []
        result = replay(log, boards=boards)
        for warning in result.warnings:
            warn(warning)
        if result.error is not None:
            raise RootReplayError(result.error)
        return watch(data, result, boards, record_game(result))


class VpSources:
    """``tmlog vp``: the order in which the Law of Root lists the ways to score."""

    def source_key(self, source: str) -> tuple[Any, ...]:
        from tmlog.games.root.record import source_key

        return source_key(source)


class Groupings:
    """``tmlog stats --by``: what a Root record gives (its map, deck, player count, seat)."""

    choices = ("players", "map", "seat", "deck", "rating-band")


class Rating(EloRating):
    """``tmlog ratings`` and ``stats --min-rating``: the players named in the logs,
    rated with the same Elo as Terra Mystica (:mod:`tmlog.games.root.rating`).
    Root has no results files."""

    def is_results(self, path: str) -> bool:
        return False

    def read_results(
        self, paths: Iterable[str], fail: Callable[[str], None]
    ) -> tuple[list[Any], list[Any]]:
        return [], []

    def game_id_of_log(self, path: str) -> str | None:
        return None

    def results_records(self, games: Iterable[Any]) -> Iterator[Any]:
        return iter(())

    def rated_games(
        self, records: Iterable[Any], fail: Callable[[str], None]
    ) -> tuple[list[Any], int]:
        from tmlog.games.root.rating import rated_games

        return rated_games(records, fail)

    def missing_grouping(self, name: str) -> str | None:
        return None

    def stats_left_out_because(self, game: Any) -> str | None:
        return None

    def compute(self, games: list[Any]) -> Any:
        from tmlog.games.root.rating import compute

        return compute(games)


class Export:
    """``tmlog export``: games, factions, the timeline of turns, VP sources
    (:mod:`tmlog.games.root.export`)."""

    tables: tuple[str, ...] = ("games", "factions", "timeline", "vp_sources")

    @property
    def columns(self) -> Mapping[str, Mapping[str, str]]:
        from tmlog.games.root.export import COLUMNS

        return COLUMNS

    def shape(self, frames: Mapping[str, pd.DataFrame]) -> Mapping[str, pd.DataFrame]:
        from tmlog.games.root.export import shape

        return shape(frames)
