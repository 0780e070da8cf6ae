"""``tmlog parse`` and ``tmlog convert``: reading logs, writing the command form."""

from __future__ import annotations

import click

from tmlog.cli.output import checked_output, force_option, forced, write_atomic
from tmlog.cli.shell import Inputs, cli, input_format_option, input_paths, output_format_option
from tmlog.reading import STDIN

# --------------------------------------------------------------- parse


@cli.command()
@input_paths
@output_format_option("text", "json", default="text")
@input_format_option
def parse(paths: tuple[str, ...], fmt: str, input_format: str | None) -> None:
    """Parse logs and print their actions.

    \b
    text: one line per action, `source:line:column: action`;
    json: JSON Lines, one object per action (kind, faction, fields, line,
          column, text; ledger rows also carry the recorded values); a
          ledger row with an empty command cell gives one object of kind
          "empty".

    \b
    Examples:
      tmlog parse game.txt
      tmlog parse --format json games/ | jq .kind
      cat game.log | tmlog parse -
    """
    inputs = Inputs(paths, input_format)
    for game, log in inputs.parsed():
        for line in game.listing(log, fmt):
            click.echo(line)
    inputs.finish()


# ------------------------------------------------------------- convert


@cli.command()
@click.argument("ledger", metavar="LEDGER")
@click.option(
    "--to",
    "target",
    type=click.Choice(["commands"]),
    default="commands",
    show_default=True,
    help="The format to write.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True, allow_dash=True),
    default=STDIN,
    callback=checked_output,
    help="Where to write (default: standard output).",
)
@force_option
def convert(ledger: str, target: str, output: str) -> None:
    """Convert one ledger export into the raw command log the engine replays.

    LEDGER is a ledger export, or - for standard input. An existing output
    file is kept unless --force is given.

    \b
    Example:
      tmlog convert 4pLeague_S64_D1L1_G3.txt --to commands -o game.log
    """
    from tmlog.cli.replaying import capability_of, one_log
    from tmlog.games.capabilities import CONVERT

    game, data, source = one_log(ledger, None)
    converting = capability_of(game, CONVERT, "convert", source)
    if target not in converting.targets:
        raise click.UsageError(f"{source}: {game.title} logs cannot be converted to {target}")
    text = converting.convert(data, source=source, target=target)
    if output == STDIN:
        click.echo(text, nl=False)
    else:

        def write(tmp: str) -> None:
            with open(tmp, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)

        write_atomic(output, write, force=forced())
        click.echo(f"wrote {output}", err=True)  # as render and --plot say
