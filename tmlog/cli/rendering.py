"""``tmlog render``: the board of one log, drawn at any point."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from tmlog.cli.output import force_option
from tmlog.cli.replaying import check_within, game_capability, parse_at
from tmlog.cli.reports import _save, checked_picture
from tmlog.cli.shell import cli, input_format_option, require_game, vp_variant_option

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.parse import InputFormat


def _where(result: Any, stop: Any) -> str:
    state = result.state
    if result.stopped_early and stop is not None:
        if stop.line is not None:
            return f"after log line {stop.line}"
        return f"end of round {stop.round}" + (f", turn {stop.turn}" if stop.turn else "")
    if state.finished:
        return "end of the game"
    return f"round {state.round}, turn {state.turn} (incomplete game)"


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
    input_format: InputFormat | None,
    vp_variant: str | None,
) -> None:
    """Draw the map of one log: terrain, hex names, buildings, bridges and towns.

    LOG is a ledger export or a command log, or - for standard input. The map
    is drawn at the end of the log, or at --at, as `tmlog replay` stops; the
    legend names each faction's player and VP there.

    \b
    Examples:
      tmlog render game.txt -o map.png
      tmlog render game.txt --at R3 -o round3.svg
    """
    other_game = game_capability(log, input_format, "render_axes")
    if other_game is not None:  # a game that draws its own board (Root)
        _save(other_game(log, at, input_format), output)
        return
    from tmlog.games.terra_mystica.parse import parse_file
    from tmlog.games.terra_mystica.replay import replay

    stop = parse_at(at)
    require_game(log, input_format, "terra_mystica", "render")
    parsed = parse_file(log, input_format)
    result = replay(parsed, stop=stop, vp_variant=vp_variant)
    if result.error is not None:
        raise result.error
    if stop is not None and at is not None:
        check_within(result, stop, at, parsed.rows[-1].line if parsed.rows else 0)
    from pathlib import PurePath

    from tmlog.games.terra_mystica.frames import board_frames
    from tmlog.plot import plot_board

    board = board_frames(result)
    title = f"{PurePath(result.source).name} — {_where(result, stop)}"
    _save(plot_board(board.hexes, board.bridges, factions=board.factions, title=title), output)
