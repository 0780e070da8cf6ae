"""``tmlog render``: the board of one log, drawn at any point."""

from __future__ import annotations

import click

from tmlog.cli.output import force_option
from tmlog.cli.replaying import capability_of, one_log, replay_options, warn
from tmlog.cli.reports import _save, checked_picture
from tmlog.cli.shell import cli, input_format_option, vp_variant_option


@cli.command()
@click.argument("log", metavar="LOG")
@click.option(
    "--at",
    "at",
    metavar="LINE|R<round>[T<turn>]",
    help="Draw the map after this log line (120), at the end of a round (R3) or of one of"
    " its turns (R3T2).",
)
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, writable=True),
    metavar="FILE.png|FILE.svg|FILE.pdf|…",
    callback=checked_picture,
    help="The picture to write, in the format of its suffix (kept if it exists, unless --force).",
)
@force_option
@input_format_option
@vp_variant_option
def render(
    log: str,
    at: str | None,
    output: str,
    input_format: str | None,
    vp_variant: str | None,
) -> None:
    """Draw the board of one log, at its end or at --at.

    Terra Mystica: terrain, hex names, buildings, bridges and towns. Root: the
    clearings with their suits, rulers and pieces.

    LOG is a log of either game (a ledger export, a command log, a Rootlog
    file), or - for standard input. The board is drawn at the end of the log,
    or at --at, as `tmlog replay` stops; the legend names each faction's
    player and VP there.

    \b
    Examples:
      tmlog render game.txt -o map.png
      tmlog render game.txt --at R3 -o round3.svg
      tmlog render game.rootlog --at R3T2 -o board.png
    """
    from tmlog.games.capabilities import DRAWING

    game, data, source = one_log(log, input_format)
    drawing = capability_of(game, DRAWING, "render", source)
    axes = drawing.draw(
        data,
        source=source,
        at=at,
        input_format=input_format,
        options=replay_options(vp_variant),
        warn=warn,
    )
    _save(axes, output)
