"""``tmlog parse`` and ``tmlog convert``: reading logs, writing the command form."""

from __future__ import annotations

import json
from typing import Any

import click

from tmlog.cli import Inputs, cli, input_format_option, input_paths, output_format_option
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.model.actions import Action
from tmlog.games.terra_mystica.parse import InputFormat, ParsedLog, Row, parse_file
from tmlog.reading import STDIN

# --------------------------------------------------------------- parse


def _action_record(log: ParsedLog, row: Row, action: Action | None) -> dict[str, Any]:
    """The JSON object of an action (``None``: a ledger row with no commands)."""
    faction = row.faction if action is None else action.faction
    record: dict[str, Any] = {
        "source": log.source,
        "line": row.line,
        "column": action.column if action else 1,
        "kind": action.kind if action else "empty",
        "faction": faction.value if faction is not None else None,
        "fields": action.fields() if action else {},
        "text": str(action) if action else "",
    }
    if row.recorded is not None:
        record["recorded"] = row.recorded.as_dict()
    return record


@cli.command()
@input_paths
@output_format_option("text", "json", default="text")
@input_format_option
def parse(paths: tuple[str, ...], fmt: str, input_format: InputFormat | None) -> None:
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
    for log in inputs:
        for row in log.rows:
            if fmt == "json":
                for action in row.actions or ((None,) if row.recorded else ()):
                    record = _action_record(log, row, action)
                    click.echo(json.dumps(record, ensure_ascii=False))
            else:
                for action in row.actions:
                    click.echo(f"{log.source}:{row.line}:{action.column}: {action}")
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
    help="Where to write (default: standard output).",
)
def convert(ledger: str, target: str, output: str) -> None:
    """Convert a ledger export into the raw command log the engine replays.

    \b
    Example:
      tmlog convert 4pLeague_S64_D1L1_G3.txt --to commands -o game.log
    """
    text = ledger_to_commands(parse_file(ledger))
    if output == STDIN:
        click.echo(text, nl=False)
    else:
        with open(output, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
