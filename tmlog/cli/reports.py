"""``tmlog vp``, ``tmlog leech``, ``tmlog stats`` and ``tmlog render``: reports and pictures.

A thin adapter: logs are read by :func:`tmlog.corpus.iter_records`, tables
built by :mod:`tmlog.report`, printed by :func:`tmlog.report.output.format_frame`
and drawn by :mod:`tmlog.plot`. pandas is imported only when a table is more
than text (CSV, JSON, ``--timeline``, ``--feeding``, ``stats --by`` or ratings, a
picture), matplotlib only with ``--plot``/``render``: the text tables print the
computation the DataFrames are made of, and a one-log command starts fast.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from tmlog.cli.gathering import Failures, gather_records, kept, served, single_log
from tmlog.cli.output import checked_output, force_option, forced, write_atomic
from tmlog.cli.shell import (
    CorpusSettings,
    cache_options,
    cli,
    corpus_options,
    input_format_option,
    input_paths,
    output_format_option,
    vp_variant_option,
)
from tmlog.words import count

if TYPE_CHECKING:
    from tmlog.games import AnyGame
    from tmlog.records import Record
    from tmlog.report.frames import Frames

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = ("table", "csv", "json", "markdown")


def checked_picture(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A picture option's callback: a format matplotlib writes, a target that may be
    written, both checked before any work is done or any table printed."""
    if value is None:
        return None
    from pathlib import PurePath

    from tmlog.plot.common import picture_formats

    suffix = PurePath(value).suffix.lower().lstrip(".")
    formats = picture_formats()
    if suffix not in formats:
        raise click.BadParameter(
            f"{value}: the file name must end in a picture format matplotlib writes:"
            f" {', '.join('.' + f for f in formats)}",
            ctx=ctx,
            param=param,
        )
    return checked_output(ctx, param, value)


def _plot_option(what: str) -> Callable[[F], F]:
    plot = click.option(
        "--plot",
        "plot_path",
        type=click.Path(dir_okay=False, writable=True),
        metavar="FILE.png|FILE.svg|FILE.pdf|…",
        callback=checked_picture,
        help=f"Also draw {what} into this file (the format from its suffix;"
        " kept if it exists, unless --force).",
    )

    def both(func: F) -> F:
        return force_option(plot(func))

    return both


def _records(
    paths: tuple[str, ...],
    input_format: str | None,
    failures: Failures,
    corpus: CorpusSettings,
    vp_variant: str | None,
) -> list[Record]:
    records = list(gather_records(paths, input_format, failures, corpus, vp_variant=vp_variant))
    if failures.duplicates:
        click.echo(f"left out: {failures.duplicates_note()}", err=True)
    return records


def _game(records: list[Record]) -> AnyGame:
    from tmlog.games import GAMES

    return GAMES.game_of_record(records[0])


def _tables(records: list[Record]) -> Frames:
    from tmlog.report.frames import frames

    return frames(records)


def _by_game(records: list[Record]) -> list[list[Record]]:
    """``records`` split by game (one list when they are all of one game)."""
    groups: dict[type, list[Record]] = {}
    for record in records:
        groups.setdefault(type(record), []).append(record)
    return [records] if len(groups) == 1 else list(groups.values())


def _source_key(records: list[Record]) -> Callable[[str], Any] | None:
    """How the game of ``records`` orders its VP sources (None: it does not say)."""
    from tmlog.games.capabilities import VP_SOURCES

    order = VP_SOURCES.of(_game(records))
    return None if order is None else order.source_key


def _echo(text: str) -> None:
    click.echo(text)


def _save(ax: Any, path: str) -> None:
    from tmlog.plot import save

    # The temporary file keeps the suffix, from which the format is chosen.
    write_atomic(path, lambda tmp: save(ax.figure, tmp, name=path), force=forced())
    click.echo(f"wrote {path}", err=True)


# -------------------------------------------------------------------- vp


@cli.command()
@input_paths
@output_format_option(*FORMATS, default="table")
@_plot_option("stacked VP bars per faction (with --timeline: VP after each round)")
@click.option(
    "--timeline", is_flag=True, help="VP after setup, after each round and after final scoring."
)
@input_format_option
@vp_variant_option
@corpus_options
@cache_options
def vp(
    paths: tuple[str, ...],
    fmt: str,
    plot_path: str | None,
    timeline: bool,
    input_format: str | None,
    vp_variant: str | None,
    **corpus: Any,
) -> None:
    """VP of each faction by source: where the points came from.

    Terra Mystica's sources: initial, leech, SCORE1…SCORE9 (round scoring),
    FAV10-12, BON6, BON7, BON9, BON10, town, advance-ship, advance-dig,
    faction, convert, final-fire/water/earth/air, final-network,
    final-<tile> and final-resources. Root's, each a Law of Root rule:
    removal, craft, marquise-building, roosts, despot, turmoil, sympathy,
    relationship, aid-allied, infamy, explore, quest, ritual, dividends,
    trade-post, closed-path, pass, other and unknown (the log does not say
    why). A faction's sources sum to its final VP.

    \b
    table/markdown: one table per game, a column per faction, a total row;
    csv/json: one record per game, faction and source (game, faction,
          source, vp).
    With --timeline: each faction's VP after setup, after each round (final
    scoring left out) and after final scoring, one row per game and faction.

    \b
    Examples:
      tmlog vp game.txt
      tmlog vp games/ --format json
      tmlog vp game.txt --plot vp.png
      tmlog vp game.txt --timeline --plot timeline.svg
    """
    failures = Failures(defer=False)
    all_records = _records(paths, input_format, failures, CorpusSettings(**corpus), vp_variant)
    text = fmt in ("table", "markdown") and not timeline
    # Logs of several games (Root and Terra Mystica in one folder): a table each.
    for records in _by_game(all_records):
        # The game of the logs may order its sources (by name otherwise).
        order = _source_key(records)
        if text:
            # The sums printed as they are, without pandas (it costs more to import than a replay).
            from tmlog.report.vp_sums import vp_text

            _echo(vp_text(records, fmt, order))
            if not plot_path:
                continue
        from tmlog.report.output import format_frame
        from tmlog.report.vp import vp_breakdown, vp_families, vp_timeline, without_dropped

        tables = _tables(records)
        if timeline:
            table = vp_timeline(tables.vp_rounds, tables.factions)
            _echo(format_frame(table, fmt))
        elif not text:
            _echo(format_frame(vp_breakdown(tables.vp, source_key=order), fmt))
        if plot_path and records is not all_records:
            click.echo(f"logs of several games: {plot_path} not written", err=True)
        elif plot_path:
            from tmlog.plot import plot_timeline, plot_vp

            # One game: every faction. Averages over games: as in `stats`,
            # factions that dropped out are left out.
            several = len(records) > 1
            note = f" — average of {count(len(records), 'game')}, dropped factions left out"
            if timeline:
                shown = without_dropped(table, tables.factions) if several else table
                title = f"VP after each round{note}" if several else None
                _save(plot_timeline(shown, title=title), plot_path)
            else:
                vp = without_dropped(tables.vp, tables.factions) if several else tables.vp
                factions = tables.factions
                dropped = () if several else tuple(factions.faction[factions.dropped])
                title = f"VP by source{note}" if several else None
                _save(plot_vp(vp_families(vp), dropped=dropped, title=title), plot_path)
    failures.finish(len(all_records))


# ----------------------------------------------------------------- leech


@cli.command()
@input_paths
@output_format_option(*FORMATS, default="table")
@click.option(
    "--feeding", is_flag=True, help="Print who fed whom: power each faction accepted from each."
)
@_plot_option("the who-fed-whom heatmap and power gained against VP paid")
@input_format_option
@vp_variant_option
@corpus_options
@cache_options
def leech(
    paths: tuple[str, ...],
    fmt: str,
    feeding: bool,
    plot_path: str | None,
    input_format: str | None,
    vp_variant: str | None,
    **corpus: Any,
) -> None:
    """Power offered to each faction, taken, refused, and the VP paid for it.

    \b
    offers, offered_power   offers received, and their power
    accepted, accepted_power offers taken, and the power actually gained
    declined, declined_power offers refused with a decline command
    lapsed, lapsed_power    offers left open until the faction's own turn
                            (the rules count them as declined; the ledger
                            writes no row for them)
    vp_paid                 VP paid for the power taken

    With --feeding: one row per game, receiving faction and feeding faction
    (source_faction) with the offers taken (accepted) and the power gained.

    \b
    Examples:
      tmlog leech game.txt
      tmlog leech games/ --feeding --format csv
      tmlog leech game.txt --plot leech.png
    """
    from tmlog.cli.shell import refuse_early
    from tmlog.games.capabilities import LEECH

    refuse_early(paths, input_format, LEECH, "leech")
    failures = Failures(defer=False)
    read = _records(paths, input_format, failures, CorpusSettings(**corpus), vp_variant)
    # A game without power leech (Root) is refused, its logs left out of a folder's run.
    records = served(read, LEECH, "leech", single_log(paths))
    if records and not feeding and not plot_path and fmt in ("table", "markdown"):
        from tmlog.report.leech import leech_text

        _echo(leech_text(records, fmt))
    elif records:
        from tmlog.report.leech import leech_totals, who_fed_whom
        from tmlog.report.output import format_frame

        tables = _tables(records)
        totals = leech_totals(tables.leech)
        table = who_fed_whom(tables.feeding) if feeding else totals
        _echo(format_frame(table, fmt))
        if plot_path:
            from tmlog.plot import plot_leech

            axes = plot_leech(who_fed_whom(tables.feeding, matrix=True), totals)
            _save(axes[0], plot_path)
    failures.finish(len(read))


# ----------------------------------------------------------------- stats


class _LaterChoice(click.Choice[str]):
    """A :class:`click.Choice` whose choices are asked for when first used (to check
    a value, or for a help text): every command line defines every command, and
    ``stats --by``'s come from each game's capabilities, which only stats needs."""

    def __init__(self, choices: Callable[[], tuple[str, ...]]) -> None:
        self._later = choices
        self._found: tuple[str, ...] | None = None
        super().__init__(())

    @property
    def choices(self) -> tuple[str, ...]:
        if self._found is None:
            self._found = self._later()
        return self._found

    @choices.setter
    def choices(self, value: tuple[str, ...]) -> None:
        """What click.Choice's ``__init__`` sets (nothing: they come later)."""


def _by_choices() -> tuple[str, ...]:
    """Every grouping of ``stats --by`` some game offers, in the games' own order."""
    from tmlog.games import GAMES
    from tmlog.games.capabilities import GROUPINGS

    choices: dict[str, None] = {}
    for name in GAMES:
        offered = GROUPINGS.of(GAMES[name])
        choices.update(dict.fromkeys(offered.choices if offered is not None else ()))
    return tuple(choices)


def _grouped(records: list[Record], by: tuple[str, ...], single: bool) -> list[Record]:
    """The records whose game offers every grouping of ``by``; the others are noted
    and left out (a usage error when the command was given one log)."""
    from tmlog.games.capabilities import GROUPINGS

    if not by:
        return records

    def refusal(record: Record, game: AnyGame) -> str | None:
        offered = GROUPINGS.of(game)
        missing = [b for b in by if offered is None or b not in offered.choices]
        if not missing:
            return None
        return f"{record.game}: {game.title} logs cannot be grouped by {', '.join(missing)}"

    return kept(records, refusal, single)


def _finite(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    # FloatRange lets nan through (it compares false with any bound) and inf.
    if value is not None and not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a rating", ctx=ctx, param=param)
    return value


@cli.command()
@input_paths
@click.option(
    "--by",
    type=_LaterChoice(_by_choices),
    multiple=True,
    help="Also group by player count, map, seat (start order), final scoring (Fire & Ice"
    " tile), the six round scoring tiles (score-tiles), the tile of round N"
    " (score-round-N), each round tile in play (score-tile), the bonus tile taken for"
    " round 1 (bonus-round-1) or the rating of the game's weakest player (rating-band:"
    " all, 1000+, 1250+, as the site does); repeat it to group by several"
    " (--by seat --by players).",
)
@click.option(
    "--min-rating",
    type=click.FloatRange(min=0),
    default=None,
    metavar="RATING",
    callback=_finite,
    help="Only games whose players are all rated this or more (the site offers 1000, 1250).",
)
@output_format_option(*FORMATS, default="table")
@_plot_option("each faction's win rate with its interval")
@input_format_option
@vp_variant_option
@corpus_options
@cache_options
def stats(
    paths: tuple[str, ...],
    by: tuple[str, ...],
    min_rating: float | None,
    fmt: str,
    plot_path: str | None,
    input_format: str | None,
    vp_variant: str | None,
    **corpus: Any,
) -> None:
    """Faction win rates over many games.

    \b
    games       finished games the faction played to the end
    wins        a tie for first gives 1/k to each of the k tied factions
    win_rate    wins / games, with ci_low and ci_high, its 95% Wilson interval
    avg_vp      average final VP
    avg_rank    average finishing place (1 = first; ties share the best)
    avg_margin  average of own VP minus the mean VP of the opponents

    As on the reference site, factions that dropped out are left out (the
    output says how many), and wins, places and margins are among the
    factions that played to the end. Unfinished games are left out too.
    Logs that cannot be read or replayed are listed at the end; the others
    are still counted, and the exit status is 1.

    The site's results files (/app/results/v2/YYYY/MM) are read too, with no
    replay, mixed with logs as you like; a game in both is counted once.
    With --min-rating or --by rating-band, players are rated first from the
    same games (see `tmlog ratings`); a player without a rating counts as 0.

    \b
    Examples:
      tmlog stats games/
      tmlog stats games/ --by seat --format markdown
      tmlog stats games/ --by seat --by players --plot winrates.png
      tmlog stats results-2024-*.json --min-rating 1250
    """
    from tmlog.cli.rating import MixedInputs, rated_by_game
    from tmlog.report.tally import WinTally, winrate_table

    # One tally, a part of the corpus at a time: memory stays flat however many games.
    failures = Failures(defer=True)
    settings = CorpusSettings(**corpus)
    mixed = MixedInputs(paths, failures.add)
    mixed.check_groupings(by)
    tally = WinTally()
    counted = dropped = unfinished = 0
    chunk: list[Record] = []
    rating_of: dict[str, Callable[[Any], Any]] | None = None
    """Per game: its factions tables rated (--min-rating, --by rating-band)."""
    rated_games: set[str] = set()
    bands = "rating-band" in by
    like: Any = None  # a factions table counted: the types of its grouping columns
    single = single_log(paths)

    def count_tables() -> None:
        """The chunk's records counted as DataFrames: grouped (pandas reads the
        groupings' columns) and rated."""
        from tmlog.report.frames import frames
        from tmlog.report.winrates import left_out, tally_factions

        nonlocal counted, dropped, unfinished, like
        for part in _by_game(chunk) or [chunk]:  # tables hold one game's records
            tables = frames(part)
            rate = None
            if rating_of:  # no game at all: still the columns rating adds
                rate = rating_of[_game(part).name] if part else next(iter(rating_of.values()))
            like = factions = tables.factions if rate is None else rate(tables.factions)
            before = tally.dropped
            tally_factions(factions, by=by, into=tally)
            if bands:  # each game is in up to three bands: count it once
                factions = factions[factions["rating_band"] == "all"]
                dropped += left_out(factions)["dropped"]
            else:
                dropped += tally.dropped - before
            if rate is not None:
                rated_games.update(factions.loc[factions["finished"].astype(bool), "game"])
            # From the games, not the factions: a log with no faction at all has
            # no faction row, yet it is not a finished game.
            unfinished += int((~tables.games["finished"].astype(bool)).sum())
        counted += len(chunk)
        chunk.clear()

    # Unfinished games are counted in the closing line, not warned about one by one.
    logs = gather_records(
        tuple(mixed.logs),
        input_format,
        failures,
        settings,
        tables=("games", "factions"),
        vp_variant=vp_variant,
        warn=False,
    )
    if min_rating is not None or bands:
        # Ratings need every game first: then one part.
        from tmlog.games.capabilities import RATING

        logged = list(logs) if mixed.logs else []
        refused = served(logged, RATING, "stats --min-rating/--by rating-band", single)
        logged = _grouped(refused, by, single)
        rating_of = rated_by_game(mixed, logged, min_rating, bands)
        chunk.extend([*mixed.records(), *logged])
        count_tables()
    else:
        for record in itertools.chain(mixed.records(), logs if mixed.logs else ()):
            if not by:
                # Counted from the record: no pandas, whose import alone costs a warm
                # run over a large corpus more than reading its cached records.
                tally.add(record)
                counted += 1
            elif _grouped([record], by, single):
                chunk.append(record)
                if len(chunk) >= 500:
                    count_tables()
        if chunk or (by and like is None):  # no game at all: still the groupings' columns
            count_tables()
        if not by:
            dropped, unfinished = tally.dropped, tally.unfinished
    text = not by and fmt in ("table", "markdown")
    if text:
        _echo(winrate_table(tally.rates(), fmt))
    rates = None
    if not text or plot_path:
        from tmlog.report.output import format_frame
        from tmlog.report.winrates import winrates

        rates = winrates(tally.rates(), by=by, like=like)
        if bands:
            from tmlog.elo import BANDS

            order = {label: i for i, (_, label) in enumerate(BANDS)}
            rates = rates.sort_values("rating_band", key=lambda c: c.map(order), kind="stable")
        if not text:
            _echo(format_frame(rates, fmt))
    games = counted - unfinished
    read = count(games, "game")
    if min_rating is not None:
        below = games - len(rated_games)
        read = (
            f"{read} read; {len(rated_games)} counted ({below} below --min-rating {min_rating:g})"
        )
    note = (
        f"{read}; left out: {count(dropped, 'dropped faction')},"
        f" {count(unfinished, 'unfinished game')}"
    )
    if failures.duplicates:
        note += f", {failures.duplicates_note()}"
    if mixed.note():
        note += f", {mixed.note()}"
    click.echo(
        note if fmt in ("table", "markdown") else f"stats: {note}", err=fmt in ("csv", "json")
    )
    if plot_path and rates is not None and rates.empty:
        click.echo(f"no finished games: {plot_path} not written", err=True)
    elif plot_path and rates is not None:
        from tmlog.plot import plot_winrates_by
        from tmlog.report.winrates import BY

        axes = plot_winrates_by(rates, [BY[b][1] for b in dict.fromkeys(by)], games=games)
        _save(axes[0], plot_path)
    failures.finish(counted)
