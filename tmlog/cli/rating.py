"""``tmlog ratings``, and the results files the commands over many games read.

The site's monthly results files (``/app/results/v2/YYYY/MM``) are recognised
by their content wherever a file is named on the command line: they are read
here, with no replay, and the other paths go to the runner as logs. A game
both in a results file and among the logs (its log named ``GAME_ID.txt``) is
counted once, from the results file, and the summary says which logs were
left out; so is a game in two results files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import click

from tmlog.cli.shell import (
    CorpusSettings,
    Refused,
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
from tmlog.words import count

if TYPE_CHECKING:
    import pandas as pd

    from tmlog.games.capabilities import Rating
    from tmlog.records import Record

FORMATS = ("table", "csv", "json", "markdown")


def rating_games() -> list[tuple[str, Rating]]:
    """The games that rate their players, with their rating (by name)."""
    from tmlog.games import GAMES
    from tmlog.games.capabilities import RATING

    found = []
    for name in GAMES:
        rating = RATING.of(GAMES[name])
        if rating is not None:
            found.append((name, rating))
    return found


class MixedInputs:
    """The paths of a command line: results files, read now; and the logs left to replay.

    Args:
        paths: as given on the command line.
        fail: told the message of each results file that cannot be read.
    """

    def __init__(self, paths: Iterable[str], fail: Callable[[str], None]) -> None:
        named = list(paths)
        self.rating: Rating | None = None
        """The rating of the game whose results files are read (None: none are)."""
        self.rating_game: str | None = None
        """That game's name."""
        files = []
        for path in named:
            # Only Terra Mystica has results files: the first game to claim one reads them all.
            for name, claims in rating_games():
                if (self.rating is None or claims is self.rating) and claims.is_results(path):
                    self.rating, self.rating_game = claims, name
                    files.append(path)
                    break
        rating = self.rating
        self.games: list[Any] = []
        """The results' games, each id once."""
        self.repeated: list[tuple[str, str]] = []
        """(file:id, first file:id) for each game of a results file left out."""
        if rating is not None and files:
            self.games, self.repeated = rating.read_results(files, fail)
        others = [p for p in named if p not in files]
        self.logs: list[str] = others
        """The logs to replay (directories and problems left for the runner to report)."""
        self.in_both: list[tuple[str, str]] = []
        """(log, file:id) for each log whose game a results file holds."""
        self.duplicates: list[tuple[str, str]] = []
        """(log, first log) for each log holding the same game as one before it."""
        self.not_counted: list[tuple[str, str]] = []
        """(file:id, why) for each game :meth:`records` left out as the site's statistics do."""
        if self.games and rating is not None:
            ids = {g.id: g for g in self.games}
            self.logs = []
            for item in iter_paths(others, recursive=recursive()):
                if isinstance(item, TmlogError):
                    self.logs.append(getattr(item, "source", "") or str(item))
                elif item != STDIN and (game := ids.get(rating.game_id_of_log(item))) is not None:
                    self.in_both.append((item, f"{game.source}:{game.id}"))
                else:
                    self.logs.append(item)

    def check_groupings(self, by: Iterable[str]) -> None:
        """A usage error if results files are read and ``stats --by`` asks for a
        grouping they cannot give."""
        rating = self.rating
        if rating is None or not self.games:
            return
        for name in by:
            if (why := rating.missing_grouping(name)) is not None:
                raise Refused(f"--by {name}: {why} ({self.games[0].source})")

    def records(self) -> Iterator[Record]:
        """The results' games as records (the ``games`` and ``factions`` tables),
        but those the site's statistics leave out (noted in ``not_counted``)."""
        rating = self.rating
        if rating is None:
            return
        for game in self.games:
            why = rating.stats_left_out_because(game)
            if why is None:
                yield from rating.results_records([game])
            else:
                self.not_counted.append((f"{game.source}:{game.id}", why))

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
                parts.append(f"{count(len(pairs), what)}{tail} ({shown}{more})")
        if self.not_counted:
            shown = ", ".join(f"{a}: {b}" for a, b in self.not_counted[:3])
            more = ", …" if len(self.not_counted) > 3 else ""
            n = len(self.not_counted)
            parts.append(f"{count(n, 'game')} the site's statistics leave out ({shown}{more})")
        return ", ".join(parts)


def rated_factions(
    rating: Rating,
    results: list[Any],
    logs: Sequence[Any],
    min_rating: float | None,
    bands: bool,
) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """What ``stats --min-rating``/``--by rating-band`` does to a factions table:
    players rated from all the games given, each game's lowest rating added,
    games below ``min_rating`` left out, rows repeated per band."""
    from_logs, _ = rating.rated_games(logs, lambda m: click.echo(f"warning: {m}", err=True))
    ratings = rating.compute([*results, *from_logs])
    return rating.rate_factions(ratings, min_rating, bands)


def rated_by_game(
    mixed: MixedInputs, logs: Sequence[Record], min_rating: float | None, bands: bool
) -> dict[str, Callable[[pd.DataFrame], pd.DataFrame]]:
    """:func:`rated_factions` per game (by name): each game's players rated from its
    own games (the results files' with their game's logs)."""
    from tmlog.games import GAMES
    from tmlog.games.capabilities import RATING

    groups: dict[str, list[Record]] = {}
    if mixed.rating_game is not None:
        groups[mixed.rating_game] = []
    for record in logs:
        groups.setdefault(GAMES.game_of_record(record).name, []).append(record)
    if not groups and (raters := rating_games()):
        groups[raters[0][0]] = []  # no game at all: the first's columns, rating no one
    return {
        name: rated_factions(
            RATING.need(GAMES[name], "stats --min-rating", name),
            mixed.games if name == mixed.rating_game else [],
            records,
            min_rating,
            bands,
        )
        for name, records in groups.items()
    }


# --------------------------------------------------------------- ratings


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
    Root logs are rated the same way from their player lines: the declared
    winners first and level with each other, the others by VP; games of 2+
    factions. A folder mixing games rates one game's players.

    \b
    players    rank, player, rating, games
    factions   faction, map, rating, games
    breakdown  player, faction, rating (points won with it), games

    \b
    Examples:
      tmlog ratings results-2024-*.json
      tmlog ratings games/ --show factions --format csv
    """
    from tmlog.cli.gathering import one_game, served, single_log
    from tmlog.cli.shell import refuse_early
    from tmlog.games import GAMES
    from tmlog.games.capabilities import RATING
    from tmlog.report.output import format_frame

    refuse_early(paths, input_format, RATING, "ratings")
    messages: list[str] = []
    mixed, read = gather_games(
        paths, input_format, CorpusSettings(**corpus), messages.append, vp_variant
    )
    # A game that rates no one is refused, its logs left out of a folder's run.
    records = one_game(
        served(read, RATING, "ratings", single_log(paths)),
        "these ratings are of the {title} games (one game's players per run;"
        " rate the others from a folder of their own)",
        mixed.rating_game,
    )
    if records:
        rating = RATING.need(GAMES.game_of_record(records[0]), "ratings", records[0].game)
    elif mixed.rating is not None:
        rating = mixed.rating
    else:  # nothing to rate: the first game's empty tables
        raters = rating_games()
        if not raters:
            raise click.ClickException("no game tmlog reads rates its players")
        rating = raters[0][1]
    from_logs, unfinished = rating.rated_games(records, messages.append)
    games = [*mixed.games, *from_logs]
    result = rating.compute(games)
    rated, players = rating.summary(result)
    click.echo(format_frame(rating.tables(result)[show], fmt))
    note = (
        f"{count(rated, 'game')} rated of {len(games)}"
        f" ({count(len(mixed.games), 'result')}, {count(len(from_logs), 'log')});"
        f" {count(players, 'player')} with 5+ games"
    )
    left = [x for x in (mixed.note(), unfinished and count(unfinished, "unfinished game")) if x]
    if left:
        note += "; left out: " + ", ".join(str(x) for x in left)
    click.echo(
        note if fmt in ("table", "markdown") else f"ratings: {note}", err=fmt in ("csv", "json")
    )
    if messages:
        click.echo(f"{count(len(messages), 'input')} failed, not counted:", err=True)
        for message in messages:
            click.echo(f"  {message}", err=True)
        raise click.exceptions.Exit(1)
