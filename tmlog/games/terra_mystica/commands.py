"""What Terra Mystica does for the commands beyond the game protocol: its capabilities.

``replay`` and ``render`` (its state and map at ``--at``), ``audit``,
``convert``, the order of ``vp``'s sources, ``leech``'s tables, the site's
ratings and results files, ``stats --by``'s groupings and ``report``'s steps
(:mod:`tmlog.games.capabilities`). Each is a small object whose methods import
the parser and engine when called, so that declaring them costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from tmlog.errors import BadOption
from tmlog.games.rating import EloRating

if TYPE_CHECKING:
    import pandas as pd

    from tmlog.games.terra_mystica.audit import AuditReport
    from tmlog.games.terra_mystica.parse import ParsedLog
    from tmlog.games.terra_mystica.replay import Replay, Stop


def parse_at(value: str | None) -> Stop | None:
    """``--at`` (:func:`tmlog.at.parse_at`) as the replayer's stop."""
    if value is None:
        return None
    from tmlog.at import parse_at as read
    from tmlog.games.terra_mystica.replay import Stop

    at = read(value)
    return Stop(line=at.line, round=at.round, turn=at.turn)


def stop_text(stop: Stop) -> str:
    from tmlog.at import At

    return At("", stop.line, stop.round, stop.turn).describe()


def _stop_json(stop: Stop) -> dict[str, int | None]:
    if stop.line is not None:
        return {"line": stop.line}
    return {"end_of_round": stop.round, "end_of_turn": stop.turn}


def check_within(result: Replay, stop: Stop, at: str, last_line: int) -> None:
    """``--at`` past the end of the game, or past the last turn of its round, is a
    usage error naming the game's last point (or the round's last turn)."""
    if result.stopped_early:
        last_turn = stop.turn_never_played()
        if last_turn is not None:
            last = f"its last turn is R{stop.round}T{last_turn}" if last_turn else "it has none"
            raise BadOption(
                "--at",
                f"{at} is past the last turn of round {stop.round} of {result.source}: {last}",
            )
        return
    state = result.state
    if stop.line is not None:
        beyond = stop.line > last_line
    elif stop.turn is None:
        beyond = stop.round is not None and stop.round > state.round
    else:
        beyond = (stop.round or 0, stop.turn) > (state.round, state.turn)
    if beyond:
        end = "game over" if state.finished else "incomplete game"
        raise BadOption(
            "--at",
            f"{at} is past the end of {result.source}: its last point is log line"
            f" {last_line}, round {state.round}, turn {state.turn} ({end})",
        )


def state_table(result: Replay, stop: Stop | None) -> str:
    """``tmlog replay``'s table: one row per faction."""
    state = result.state
    # Round and turn are the engine's, as in the JSON; where --at stopped is added.
    head = f"{result.source}: round {state.round}, turn {state.turn}"
    if state.finished:
        head += ", game over"
    elif result.stopped_early and stop is not None:
        head += f" ({stop_text(stop)})"
    else:
        head += ", incomplete game"
    cols = ["faction", "VP", "C", "W", "P", "power", "cults F/W/E/A", "ship", "dig"]
    cols.append("D/TP/TE/SH/SA")
    rows = [
        [
            f.name + (" (dropped)" if f.dropped else ""),
            str(f.vp),
            str(f.c),
            str(f.w),
            str(f.p),
            "/".join(str(x) for x in f.power),
            "/".join(str(x) for x in f.cults),
            str(f.shipping),
            str(f.dig),
            "/".join(str(x) for x in f.buildings),
        ]
        for f in state.factions
    ]
    # A list, so that a game with no faction yet (no rows) still has widths.
    widths = [max([len(c), *(len(r[i]) for r in rows)]) for i, c in enumerate(cols)]
    lines = [head, "  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=True))]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(line.rstrip() for line in lines)


def _replayed(
    data: bytes,
    source: str,
    at: str | None,
    input_format: str | None,
    options: Mapping[str, Any],
    warn: Callable[[str], None],
    *,
    partial: bool,
) -> tuple[Replay, Stop | None]:
    from tmlog.games.terra_mystica.parse import parse_for_command
    from tmlog.games.terra_mystica.replay import replay

    stop = parse_at(at)
    parsed = parse_for_command(data, source, input_format, partial=partial)
    for warning in parsed.warnings:
        warn(warning)
    result = replay(parsed, stop=stop, **options)
    for warning in result.warnings:
        warn(str(warning))
    if result.error is not None:
        raise result.error
    if stop is not None and at is not None:
        check_within(result, stop, at, parsed.rows[-1].line if parsed.rows else 0)
    return result, stop


class State:
    """``tmlog replay``: each faction's resources, cults and buildings."""

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
        result, stop = _replayed(data, source, at, input_format, options, warn, partial=True)
        if fmt == "json":
            import json

            summary = result.state.as_dict()
            summary["source"] = result.source
            if stop is not None and result.stopped_early:
                summary["at"] = _stop_json(stop)
            return json.dumps(summary, indent=2)
        return state_table(result, stop)


def _where(result: Replay, stop: Stop | None) -> str:
    state = result.state
    if result.stopped_early and stop is not None:
        return stop_text(stop)
    if state.finished:
        return "end of the game"
    return f"round {state.round}, turn {state.turn} (incomplete game)"


class Drawing:
    """``tmlog render``: terrain, hex names, buildings, bridges and towns."""

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
        from pathlib import PurePath

        from tmlog.games.terra_mystica.frames import board_frames
        from tmlog.plot import plot_board

        result, stop = _replayed(data, source, at, input_format, options, warn, partial=False)
        board = board_frames(result)
        title = f"{PurePath(result.source).name} — {_where(result, stop)}"
        return plot_board(board.hexes, board.bridges, factions=board.factions, title=title)


class Audit:
    """``tmlog audit``: every value a ledger recorded against the replay."""

    replay_options: Mapping[str, Any] = {"rows": True}

    def audit(self, parsed: ParsedLog, result: Replay) -> AuditReport:
        from tmlog.games.terra_mystica.audit import audit_job

        return audit_job(parsed, result)

    def __reduce__(self) -> str:
        return "AUDIT"


class Convert:
    """``tmlog convert``: a ledger (text or game JSON) as the command log the engine replays."""

    targets = ("commands",)

    def convert(self, data: bytes, *, source: str, target: str) -> str:
        from tmlog.games.terra_mystica.convert import ledger_to_commands
        from tmlog.games.terra_mystica.parse import parse_log

        return ledger_to_commands(parse_log(data, source=source))


class VpSources:
    """``tmlog vp``: initial, leech, round scoring, …, final scoring."""

    def source_key(self, source: str) -> tuple[Any, ...]:
        from tmlog.games.terra_mystica.record import source_key

        return source_key(source)


class Leech:
    """``tmlog leech``: the record's ``leech`` and ``feeding`` tables."""

    totals = "leech"
    feeding = "feeding"


class Rating(EloRating):
    """The site's Elo (``src/Analyze/ELO.pm``) and its monthly results files."""

    def is_results(self, path: str) -> bool:
        from tmlog.games.terra_mystica.results import is_results_file

        return is_results_file(path)

    def read_results(
        self, paths: Iterable[str], fail: Callable[[str], None]
    ) -> tuple[list[Any], list[Any]]:
        from tmlog.errors import TmlogError
        from tmlog.games.terra_mystica.results import read_results, unique_games

        read = []
        for path in paths:
            try:
                read.append((path, read_results(path)))
            except TmlogError as exc:
                fail(str(exc))
        return unique_games(read)

    def game_id_of_log(self, path: str) -> str | None:
        from tmlog.games.terra_mystica.results import game_id_of_log

        return game_id_of_log(path)

    def results_records(self, games: Iterable[Any]) -> Iterator[Any]:
        from tmlog.games.terra_mystica.results import result_record

        return (result_record(g) for g in games)

    def rated_games(
        self, records: Iterable[Any], fail: Callable[[str], None]
    ) -> tuple[list[Any], int]:
        from tmlog.games.terra_mystica.results import game_of_record

        games = []
        unfinished = 0
        for record in records:
            if not record.finished:
                unfinished += 1
            elif any(f.player is None for f in record.factions):
                fail(f"{record.game}: the log names no players: not rated")
            else:
                games.append(game_of_record(record))
        return games, unfinished

    def missing_grouping(self, name: str) -> str | None:
        from tmlog.games.terra_mystica.site_rules import missing_grouping

        return missing_grouping(name)

    def stats_left_out_because(self, game: Any) -> str | None:
        from tmlog.games.terra_mystica.site_rules import stats_left_out_because

        return stats_left_out_because(game)

    def compute(self, games: list[Any]) -> Any:
        from tmlog.games.terra_mystica.ratings import compute_ratings

        return compute_ratings(games)

    @staticmethod
    def map_name(board: str) -> str:
        from tmlog.games.terra_mystica.results import map_name

        return map_name(board)


class Export:
    """``tmlog export``: games, factions, the ledger's timeline, VP sources and leech
    (:mod:`tmlog.games.terra_mystica.export`)."""

    tables: tuple[str, ...] = ("games", "factions", "timeline", "vp_sources", "leech")

    @property
    def columns(self) -> Mapping[str, Mapping[str, str]]:
        from tmlog.games.terra_mystica.export import COLUMNS

        return COLUMNS

    def shape(self, frames: Mapping[str, pd.DataFrame]) -> Mapping[str, pd.DataFrame]:
        from tmlog.games.terra_mystica.export import shape

        return shape(frames)


class Groupings:
    """``tmlog stats --by``: what a Terra Mystica record (or results file) gives."""

    choices = (
        "players",
        "map",
        "seat",
        "final-scoring",
        "score-tiles",
        "score-tile",
        *(f"score-round-{n}" for n in range(1, 7)),
        "bonus-round-1",
        "rating-band",
    )


class Watch:
    """``tmlog report``: every ledger row's step, with the map, figures and audit marks."""

    def watch(
        self,
        data: bytes,
        *,
        source: str,
        input_format: str | None,
        options: Mapping[str, Any],
        warn: Callable[[str], None],
    ) -> Any:
        from tmlog.games.terra_mystica.parse import parse_for_command
        from tmlog.games.terra_mystica.record import record_game
        from tmlog.games.terra_mystica.replay import replay
        from tmlog.games.terra_mystica.watch import watch

        parsed = parse_for_command(data, source, input_format, partial=False)
        for warning in parsed.warnings:
            warn(warning)
        # The ledger's rows are kept: they are the record's timeline and the audit's rows.
        result = replay(parsed, **{**options, "rows": True})
        for warning in result.warnings:
            warn(str(warning))
        if result.error is not None:
            raise result.error
        return watch(parsed, result, record_game(result, parsed=parsed))


AUDIT = Audit()
