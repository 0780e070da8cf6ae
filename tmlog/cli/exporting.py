"""``tmlog export``: the games as tidy tables (:mod:`tmlog.report.export`)."""

from __future__ import annotations

import os
from typing import Any

import click

from tmlog.cli.gathering import Failures, gather_records, one_game, served, single_log
from tmlog.cli.output import check_target, force_option, forced
from tmlog.cli.shell import (
    CorpusSettings,
    cache_options,
    cli,
    corpus_options,
    input_format_option,
    input_paths,
    vp_variant_option,
)
from tmlog.errors import TmlogError
from tmlog.words import count


def _every_game_writes() -> list[str]:
    """The tables every game that exports writes (checked before any work: which
    game a folder's logs are of is known only once they are read)."""
    from tmlog.games import GAMES
    from tmlog.games.capabilities import EXPORT

    names: list[str] | None = None
    for game in GAMES.values():
        export = EXPORT.of(game)
        if export is not None:
            names = [n for n in (names or export.tables) if n in export.tables]
    return names or []


@cli.command(name="export")
@input_paths
@click.option(
    "--to",
    "to",
    type=click.Choice(("parquet", "csv", "sqlite")),
    required=True,
    help="Parquet or CSV files (one per table) in the directory OUT, or one SQLite database OUT.",
)
@click.argument("out", metavar="OUT")
@force_option
@input_format_option
@vp_variant_option
@corpus_options
@cache_options
def export(
    paths: tuple[str, ...],
    to: str,
    out: str,
    input_format: str | None,
    vp_variant: str | None,
    **corpus: Any,
) -> None:
    """Write the games as tables: games, factions, timeline, vp_sources (and leech).

    Terra Mystica: one row per game, per faction of a game (its final state,
    VP, rank, dropped, player), per ledger row and faction in play (its VP, C,
    W, P, power bowls, cults, buildings, shipping and digging after the row;
    acting: the row is its own), per faction and VP source, and per faction's
    leech. Root: one row per game, per faction (final VP, won, VP marker,
    final pieces), per turn line and faction (its VP, warriors, buildings and
    tokens on the clearings, clearings ruled and cards in hand after the
    turn; acting: the turn was its own), per faction and VP source; Root has
    no leech table. The columns are listed in the README. A run writes one
    game's tables: a folder of both games' logs exports the game most of its
    logs are of, and says in one line which logs it skipped. Existing files
    are kept unless --force; in an existing SQLite database, --force
    replaces the tables written only and keeps the others. OUT's folder must
    exist (for csv and parquet, OUT itself is made). Logs come through the
    results cache, as for `tmlog stats`.

    \b
    Examples:
      tmlog export games/ --to parquet tables/
      tmlog export games/ --to sqlite games.db
    """
    from tmlog.report.export import check_output, export_tables, write_tables
    from tmlog.report.frames import frames
    from tmlog.report.targets import CannotWrite

    every = _every_game_writes()
    targets = [out] if to == "sqlite" else [os.path.join(out, f"{t}.{to}") for t in every]
    try:
        if to != "sqlite" and os.path.exists(out) and not os.path.isdir(out):
            raise TmlogError(f"{out}: not a directory (--to {to} writes a file per table into it)")
        for target in targets:
            check_target(target, force=forced())
        check_output(to, out)
    except CannotWrite:
        raise  # exit status 1, as any output that cannot be written
    except TmlogError as exc:
        raise click.BadParameter(str(exc), param_hint="OUT") from None
    from tmlog.cli.shell import refuse_early
    from tmlog.games import GAMES
    from tmlog.games.capabilities import EXPORT

    refuse_early(paths, input_format, EXPORT, "export")
    failures = Failures(defer=True)
    read = list(
        gather_records(
            paths, input_format, failures, CorpusSettings(**corpus), vp_variant=vp_variant
        )
    )
    # A game whose records give no export tables is refused, left out of a folder.
    records = one_game(
        served(read, EXPORT, "export", single_log(paths)),
        "this export holds the {title} games (one game's tables per run;"
        " export the others from a folder of their own)",
    )
    if failures.duplicates:
        click.echo(f"left out: {failures.duplicates_note()}", err=True)
    if records:
        export = EXPORT.need(GAMES.game_of_record(records[0]), "export", records[0].game)
        tables = export_tables(frames(records), export)
        try:
            written = write_tables(tables, to, out, columns=export.columns, force=forced())
        except TmlogError as exc:
            click.echo(f"Error: {exc}", err=True)
            raise click.exceptions.Exit(1) from None
        rows = ", ".join(f"{name} {len(frame)}" for name, frame in tables.items())
        click.echo(
            f"wrote {', '.join(written)} ({count(len(records), 'game')}; rows: {rows})", err=True
        )
    else:
        click.echo("no games replayed: nothing written", err=True)
    failures.finish(len(read))
