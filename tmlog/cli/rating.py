"""``tmlog ratings``, and the results files the commands over many games read.

The site's monthly results files (``/app/results/v2/YYYY/MM``) are recognised
by their content wherever a file is named on the command line: they are read
here, with no replay, and the other paths go to the runner as logs. A game
both in a results file and among the logs (its log named ``GAME_ID.txt``) is
counted once, from the results file, and the summary says which logs were
left out; so is a game in two results files.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import click

from tmlog.cli.shell import (
    CorpusSettings,
    cache_options,
    cli,
    corpus_options,
    input_format_option,
    input_paths,
    output_format_option,
    recursive,
    vp_variant_option,
)
from tmlog.errors import TmlogError
from tmlog.reading import STDIN, iter_paths

if TYPE_CHECKING:
    import pandas as pd

    from tmlog.games.terra_mystica.record import GameRecord
    from tmlog.games.terra_mystica.results import ResultGame
    from tmlog.records import Record
    from tmlog.report.ratings import Ratings

FORMATS = ("table", "csv", "json", "markdown")


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def _is_results(path: str) -> bool:
    from tmlog.games.terra_mystica.results import looks_like_results

    if path == STDIN or not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False  # the runner says what is wrong with it
    if head[:2] == b"\x1f\x8b":  # gzipped: a results file if its text is one
        import gzip
        import zlib

        try:
            with gzip.open(path) as z:
                head = z.read(4096)
        except (OSError, EOFError, zlib.error):
            return False
    return looks_like_results(head)


class MixedInputs:
    """The paths of a command line: results files, read now; and the logs left to replay.

    Args:
        paths: as given on the command line.
        fail: told the message of each results file that cannot be read.
    """

    def __init__(self, paths: Iterable[str], fail: Callable[[str], None]) -> None:
        from tmlog.games.terra_mystica.results import game_id_of_log, read_results, unique_games

        named = list(paths)
        files = [p for p in named if _is_results(p)]
        read = []
        for path in files:
            try:
                read.append((path, read_results(path)))
            except TmlogError as exc:
                fail(str(exc))
        self.games, self.repeated = unique_games(read)
        """The results' games, each id once; (file:id, first file:id) for those left out."""
        others = [p for p in named if p not in files]
        self.logs: list[str] = others
        """The logs to replay (directories and problems left for the runner to report)."""
        self.in_both: list[tuple[str, str]] = []
        """(log, file:id) for each log whose game a results file holds."""
        self.duplicates: list[tuple[str, str]] = []
        """(log, first log) for each log holding the same game as one before it."""
        if self.games:
            ids = {g.id: g for g in self.games}
            self.logs = []
            for item in iter_paths(others, recursive=recursive()):
                if isinstance(item, TmlogError):
                    self.logs.append(getattr(item, "source", "") or str(item))
                elif item != STDIN and (game := ids.get(game_id_of_log(item))) is not None:
                    self.in_both.append((item, f"{game.source}:{game.id}"))
                else:
                    self.logs.append(item)

    def records(self) -> Iterator[GameRecord]:
        """The results' games as records (the ``games`` and ``factions`` tables)."""
        from tmlog.games.terra_mystica.results import result_record

        return (result_record(g) for g in self.games)

    def note(self) -> str:
        """What was left out as counted twice (empty if nothing)."""
        parts = []
        for pairs, what, tail in (
            (self.in_both, "log", " already in results"),
            (self.repeated, "repeated result", ""),
            (self.duplicates, "duplicate", ""),
        ):
            if pairs:
                shown = ", ".join(f"{a} = {b}" for a, b in pairs[:3])
                more = ", …" if len(pairs) > 3 else ""
                parts.append(f"{_count(len(pairs), what)}{tail} ({shown}{more})")
        return ", ".join(parts)


def log_games(records: Iterable[Any], fail: Callable[[str], None]) -> tuple[list[ResultGame], int]:
    """The finished games among replayed logs' records, as results entries to rate;
    and how many were unfinished (left out). A log that names no player cannot
    be rated: said through ``fail``."""
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


def rated_factions(
    results: list[ResultGame],
    logs: Sequence[Any],
    min_rating: float | None,
    bands: bool,
) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """What ``stats --min-rating``/``--by rating-band`` does to a factions table:
    players rated from all the games given, each game's lowest rating added
    (:func:`~tmlog.report.ratings.with_min_rating`), games below ``min_rating``
    left out, rows repeated per band (:func:`~tmlog.report.ratings.by_rating_band`)."""
    from tmlog.report.ratings import by_rating_band, compute_ratings, with_min_rating

    from_logs, _ = log_games(logs, lambda m: click.echo(f"warning: {m}", err=True))
    ratings = compute_ratings([*results, *from_logs])

    def rate(factions: pd.DataFrame) -> pd.DataFrame:
        out = with_min_rating(factions, ratings)
        if min_rating is not None:
            out = out[out["min_rating"] >= min_rating]
        return by_rating_band(out) if bands else out

    return rate


# --------------------------------------------------------------- ratings


def ratings_tables(ratings: Ratings) -> dict[str, pd.DataFrame]:
    """The ``players``, ``factions`` and ``breakdown`` tables of ``tmlog ratings``."""
    import pandas as pd

    from tmlog.games.terra_mystica.results import map_name

    players = sorted(ratings.players.values(), key=lambda p: (-p.score, p.username))
    factions = sorted(ratings.factions.values(), key=lambda f: (-f.score, f.name, f.base_map))
    return {
        "players": pd.DataFrame(
            {
                "rank": pd.Series(range(1, len(players) + 1), dtype="int64"),
                "player": [p.username for p in players],
                "rating": pd.Series([p.score for p in players], dtype="float64"),
                "games": pd.Series([p.games for p in players], dtype="int64"),
            }
        ),
        "factions": pd.DataFrame(
            {
                "faction": [f.name for f in factions],
                "map": [map_name(f.base_map) for f in factions],
                "rating": pd.Series([f.score for f in factions], dtype="float64"),
                "games": pd.Series([f.games for f in factions], dtype="int64"),
            }
        ),
        "breakdown": pd.DataFrame(
            [
                {"player": p.username, "faction": faction, "rating": points, "games": games}
                for p in players
                for faction, (points, games) in sorted(
                    p.faction_breakdown.items(), key=lambda kv: (-kv[1][0], kv[0])
                )
            ],
            columns=["player", "faction", "rating", "games"],
        ),
    }


def gather_games(
    paths: tuple[str, ...],
    input_format: str | None,
    corpus: CorpusSettings,
    fail: Callable[[str], None],
    vp_variant: str | None = None,
) -> tuple[MixedInputs, list[Record]]:
    """Results files read and logs replayed: the inputs and the logs' records (games
    and factions only; those that failed go to ``fail``)."""
    from tmlog.corpus import Failure, iter_records

    mixed = MixedInputs(paths, fail)
    records: list[Record] = []
    if mixed.logs:
        for item in iter_records(
            mixed.logs,
            input_format,
            jobs=corpus.jobs,
            cache=corpus.cache(),
            dask_scheduler=corpus.dask_scheduler,
            tables=("games", "factions"),
            progress=corpus.progress(),
            replay_options={"vp_variant": vp_variant},
            on_duplicate=lambda d: mixed.duplicates.append((d.source, d.same_as)),
        ):
            if isinstance(item, Failure):
                fail(item.message)
            elif item.error is not None:
                fail(item.error)
            else:
                records.append(item)
    return mixed, records


@cli.command()
@input_paths
@click.option(
    "--show",
    type=click.Choice(("players", "factions", "breakdown")),
    default="players",
    show_default=True,
    help="Player ratings, faction ratings per map, or each player's points per faction.",
)
@output_format_option(*FORMATS, default="table")
@input_format_option
@vp_variant_option
@corpus_options
@cache_options
def ratings(
    paths: tuple[str, ...],
    show: str,
    fmt: str,
    input_format: str | None,
    vp_variant: str | None,
    **corpus: Any,
) -> None:
    """Player and faction Elo ratings, as terra.snellman.net computes them.

    PATH... are the site's results files (/app/results/v2/YYYY/MM, read with
    no replay) and game logs (replayed; a ledger names its players), mixed
    as you like; a game in both is rated once.

    \b
    The site's rules (src/Analyze/ELO.pm): every game of 3+ factions is cut
    into pairwise matches; player and faction-per-map ratings start at 1000;
    the winner of a match takes from a pot of 16 points, expected scores from
    player + faction rating; all matches are scored 3 times in date order, the
    pot shrinking to 16/pass²; players with fewer than 5 games get a shadow
    rating that moves no one else; matches with a dropped player leave the
    factions alone. Only registered players with 5+ games are listed. Logs
    carry no date: they are rated by name, before the results' games.

    \b
    players    rank, player, rating, games
    factions   faction, map, rating, games
    breakdown  player, faction, rating (points won with it), games

    \b
    Examples:
      tmlog ratings results-2024-*.json
      tmlog ratings games/ --show factions --format csv
    """
    from tmlog.report.output import format_frame
    from tmlog.report.ratings import compute_ratings

    messages: list[str] = []
    mixed, records = gather_games(
        paths, input_format, CorpusSettings(**corpus), messages.append, vp_variant
    )
    from_logs, unfinished = log_games(records, messages.append)
    games = [*mixed.games, *from_logs]
    result = compute_ratings(games)
    click.echo(format_frame(ratings_tables(result)[show], fmt))
    note = (
        f"{_count(result.games, 'game')} rated of {len(games)}"
        f" ({_count(len(mixed.games), 'result')}, {_count(len(from_logs), 'log')});"
        f" {_count(len(result.players), 'player')} with 5+ games"
    )
    left = [x for x in (mixed.note(), unfinished and _count(unfinished, "unfinished game")) if x]
    if left:
        note += "; left out: " + ", ".join(str(x) for x in left)
    click.echo(
        note if fmt in ("table", "markdown") else f"ratings: {note}", err=fmt in ("csv", "json")
    )
    if messages:
        click.echo(f"{_count(len(messages), 'input')} failed, not counted:", err=True)
        for message in messages:
            click.echo(f"  {message}", err=True)
        raise click.exceptions.Exit(1)
