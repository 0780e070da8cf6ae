"""``tmlog report``: one game as a page to watch, in one self-contained HTML file."""

from __future__ import annotations

from typing import Any

import click

from tmlog.cli.output import checked_output, force_option, forced, write_atomic
from tmlog.cli.replaying import capability_of, one_log, replay_options, warn
from tmlog.cli.shell import cli, input_format_option, vp_variant_option
from tmlog.errors import TmlogError

PAGE_SUFFIXES = (".html", ".htm")


def checked_page(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """The page's name ends in .html, and the target may be written: both checked
    before the log is read."""
    from pathlib import PurePath

    if PurePath(value).suffix.lower() not in PAGE_SUFFIXES:
        raise click.BadParameter(f"{value}: the file name must end in .html", ctx=ctx, param=param)
    checked = checked_output(ctx, param, value)
    assert checked is not None
    return checked


@cli.command(name="report")
@click.argument("log", metavar="LOG")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, writable=True),
    metavar="FILE.html",
    callback=checked_page,
    help="The page to write (kept if it exists, unless --force).",
)
@click.option(
    "--games",
    "games_dir",
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="With a folder: also write each game's own page into DIR (which must exist),"
    " linked from the list of games.",
)
@force_option
@input_format_option
@vp_variant_option
def report_command(
    log: str, output: str, games_dir: str | None, input_format: str | None, vp_variant: str | None
) -> None:
    """Write one game as a page to watch, or a corpus's statistics: one HTML file.

    LOG is one log of any game that can be watched, or - for standard input.
    The page shows the header (map, options, factions, final score, winner),
    the board at every step with a slider, step buttons and the arrow keys
    (each step is a position `tmlog replay --at` names), every figure over
    time, VP by source, the leech tables, the rule warnings and, for a
    ledger, the audit's marks. Its scripts and styles are inlined: it asks
    the network for nothing.

    LOG may instead be a folder of one game's logs: the page then shows the
    faction win rates of `tmlog stats` with their intervals, filtered in the
    page by player count, map and, for a game that rates its players (Terra
    Mystica), rating band (as `tmlog stats --by rating-band` groups); VP by
    source per faction; and the list of games (with --games DIR, each linked
    to its own page).

    \b
    Examples:
      tmlog report game.txt -o game.html
      tmlog report games/ -o stats.html --games pages/
    """
    import os

    if log != "-" and os.path.isdir(log):
        _corpus_page(log, output, games_dir, input_format, vp_variant)
        return
    if games_dir is not None:
        raise click.UsageError("--games goes with a folder of logs, not with one log")
    page = _game_page(log, input_format, vp_variant)
    _write(output, page)


def _game_page(log: str, input_format: str | None, vp_variant: str | None) -> str:
    """One log's page (a game that cannot be watched: a usage error naming it)."""
    from tmlog.games.capabilities import LEECH, VP_SOURCES, WATCH
    from tmlog.report.html import game_page

    game, data, source = one_log(log, input_format)
    watching = capability_of(game, WATCH, "report", source)
    watch = watching.watch(
        data,
        source=source,
        input_format=input_format,
        options=replay_options(vp_variant),
        warn=warn,
    )
    order = VP_SOURCES.of(game)
    leech = LEECH.of(game)
    return game_page(
        watch,
        source_key=None if order is None else order.source_key,
        leech_tables=None if leech is None else (leech.totals, leech.feeding),
    )


def _write(output: str, page: str) -> None:
    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(page)

    write_atomic(output, write, force=forced())
    click.echo(f"wrote {output}", err=True)


def _corpus_page(
    folder: str,
    output: str,
    games_dir: str | None,
    input_format: str | None,
    vp_variant: str | None,
) -> None:
    """``tmlog report DIR``: the corpus's win rates, VP by source and games."""
    import os

    from tmlog.cli.gathering import Failures, gather_records
    from tmlog.cli.output import check_target
    from tmlog.cli.shell import CorpusSettings
    from tmlog.games import GAMES
    from tmlog.games.capabilities import GROUPINGS
    from tmlog.report.targets import check_folder

    if games_dir is not None:
        check_folder(os.path.join(games_dir, "game.html"))
    failures = Failures(defer=True)
    records = []
    read = 0
    title = None
    for record in gather_records(
        (folder,),
        input_format,
        failures,
        CorpusSettings(),
        tables=("games", "factions", "vp"),
        vp_variant=vp_variant,
        warn=False,  # as stats: each game's warnings are its own page's
    ):
        read += 1
        game = GAMES.game_of_record(record)
        groupings = GROUPINGS.of(game)
        if groupings is None or not {"players", "map"} <= set(groupings.choices):
            click.echo(
                f"skipped: {record.game}: tmlog report DIR does not serve {game.title} logs",
                err=True,
            )
            continue
        if title is None:
            title = game.title
        elif game.title != title:
            # One page compares the factions of one game: another game's logs
            # make a page of their own.
            click.echo(
                f"skipped: {record.game}: this page holds {title} logs; report the"
                f" {game.title} logs in a folder of their own",
                err=True,
            )
            continue
        records.append(record)
    if not records:
        raise click.UsageError(f"{folder}: no log tmlog report DIR serves")
    links: dict[str, str] = {}
    if games_dir is not None:
        # Every target checked before any page is written: a refusal writes nothing.
        targets = _page_names([str(r.game) for r in records], games_dir)
        for target in targets.values():
            try:
                check_target(target, force=forced())
            except TmlogError as exc:
                raise click.UsageError(str(exc)) from None
        base = os.path.dirname(os.path.abspath(output))
        for game_id, target in targets.items():
            _write(target, _game_page(game_id, input_format, vp_variant))
            links[game_id] = os.path.relpath(os.path.abspath(target), base).replace(os.sep, "/")
    if failures.duplicates:
        click.echo(f"left out: {failures.duplicates_note()}", err=True)
    page = corpus_html(
        records, title=f"{title}: {folder}", links=links, duplicates=len(failures.duplicates)
    )
    _write(output, page)
    failures.finish(read)


def corpus_html(
    records: list[Any], *, title: str, links: dict[str, str], duplicates: int = 0
) -> str:
    """The page of the records of one game's logs (``links``: each game's own page;
    ``duplicates``: the logs left out as copies of a game before them)."""
    from tmlog.games import GAMES
    from tmlog.games.capabilities import VP_SOURCES
    from tmlog.report.html.corpus import corpus_page

    sources = VP_SOURCES.of(GAMES.game_of_record(records[0]))
    rate, bands = _rating_bands(records)
    return corpus_page(
        records,
        title=title,
        source_key=None if sources is None else sources.source_key,
        links=links,
        rate=rate,
        bands=bands,
        duplicates=duplicates,
    )


def _rating_bands(records: list[Any]) -> tuple[Any, tuple[str, ...]]:
    """How ``tmlog stats --by rating-band`` rates the factions of ``records`` (players
    rated first from the same games), and the band labels; (None, ()) for a game
    that does not rate its players."""
    from tmlog.cli.rating import rated_factions
    from tmlog.games import GAMES
    from tmlog.games.capabilities import GROUPINGS, RATING

    game = GAMES.game_of_record(records[0])
    rating = RATING.of(game)
    groupings = GROUPINGS.of(game)
    if rating is None or groupings is None or "rating-band" not in groupings.choices:
        return None, ()
    return rated_factions(rating, [], records, None, True), rating.bands()


def _page_names(games: list[str], folder: str) -> dict[str, str]:
    """Each game's page in ``folder``: its log's name with ``.html``, numbered when
    two logs share a name (from different folders)."""
    import os
    from pathlib import PurePath

    out: dict[str, str] = {}
    taken: set[str] = set()
    for game in games:
        stem = PurePath(game).name
        name, n = f"{stem}.html", 1
        while name in taken:
            n += 1
            name = f"{stem}.{n}.html"
        taken.add(name)
        out[game] = os.path.join(folder, name)
    return out
