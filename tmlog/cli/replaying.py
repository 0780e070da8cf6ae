"""``tmlog replay``, ``tmlog validate`` and ``tmlog audit``: the rules engine at work.

The parser, the engine and the runner are imported by the commands when they
run, not with this module: ``tmlog --help`` and ``tmlog CMD --help`` load
none of them (``tests/test_startup.py``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import click

from tmlog.cli.shell import (
    CorpusSettings,
    cli,
    corpus_options,
    game_of_log,
    input_format_option,
    input_paths,
    output_format_option,
    recursive,
    require_game,
    vp_variant_option,
)
from tmlog.words import count

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.audit import AuditReport
    from tmlog.games.terra_mystica.parse import InputFormat
    from tmlog.games.terra_mystica.replay import Replay, Stop

# ASCII digits only: '²'.isdigit() is true but int('²') fails.
_AT = re.compile(r"^[Rr](\d+)(?:[Tt](\d+))?$", re.ASCII)
_LINE = re.compile(r"^\d+$", re.ASCII)


def _number(digits: str) -> int:
    # Past 18 digits a number is past the end of any game, and past 4300
    # Python will not read it: it stands for "beyond the end" (see check_within).
    return int(digits) if len(digits) <= 18 else 10**18


def parse_at(value: str | None) -> Stop | None:
    """``--at 120`` (after log line 120) or ``--at R3T2`` (end of round 3, turn 2)."""
    if value is None:
        return None
    from tmlog.games.terra_mystica.replay import Stop

    if _LINE.fullmatch(value):
        return Stop(line=_number(value))
    m = _AT.fullmatch(value)
    if m:
        turn = m.group(2)
        return Stop(round=_number(m.group(1)), turn=_number(turn) if turn else None)
    raise click.BadParameter(
        "use a log line number (120) or a round and turn (R3T2)", param_hint="--at"
    )


# ---------------------------------------------------------------- replay


def game_capability(path: str, input_format: str | None, name: str) -> Any:
    """The optional ``name`` capability of the game of the log at ``path`` (None if
    its game has none, or it cannot be known here: the default path says why)."""
    game = game_of_log(path, input_format)
    return None if game is None else getattr(game, name, None)


def _stop_text(stop: Stop) -> str:
    if stop.line is not None:
        return f"after log line {stop.line}"
    return f"end of round {stop.round}" + (f", turn {stop.turn}" if stop.turn else "")


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
            raise click.BadParameter(
                f"{at} is past the last turn of round {stop.round} of {result.source}: {last}",
                param_hint="--at",
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
        raise click.BadParameter(
            f"{at} is past the end of {result.source}: its last point is log line"
            f" {last_line}, round {state.round}, turn {state.turn} ({end})",
            param_hint="--at",
        )


def _state_table(result: Replay, stop: Stop | None) -> str:
    state = result.state
    # Round and turn are the engine's, as in the JSON; where --at stopped is added.
    head = f"{result.source}: round {state.round}, turn {state.turn}"
    if state.finished:
        head += ", game over"
    elif result.stopped_early and stop is not None:
        head += f" ({_stop_text(stop)})"
    else:
        head += ", incomplete game"
    cols = [
        "faction",
        "VP",
        "C",
        "W",
        "P",
        "power",
        "cults F/W/E/A",
        "ship",
        "dig",
        "D/TP/TE/SH/SA",
    ]
    rows = []
    for f in state.factions:
        rows.append(
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
        )
    # A list, so that a game with no faction yet (no rows) still has widths.
    widths = [max([len(c), *(len(r[i]) for r in rows)]) for i, c in enumerate(cols)]
    lines = [head, "  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=True))]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(line.rstrip() for line in lines)


@cli.command(name="replay")
@click.argument("log", metavar="LOG")
@click.option(
    "--at",
    "at",
    metavar="LINE|R<round>[T<turn>]",
    help="Stop after this log line (120), at the end of a round (R3) or of one of its turns"
    " (R3T2).",
)
@vp_variant_option
@output_format_option("text", "json", default="text")
@input_format_option
def replay_command(
    log: str, at: str | None, vp_variant: str | None, fmt: str, input_format: InputFormat | None
) -> None:
    """Replay one log and print the game state (at the end, or at --at).

    LOG is a ledger export or a command log, or - for standard input.

    \b
    Examples:
      tmlog replay game.txt
      tmlog replay game.txt --at R3T2 --format json
      tmlog replay game.txt --at 120
    """
    other_game = game_capability(log, input_format, "replay_text")
    if other_game is not None:  # a game with its own state and --at (Root)
        click.echo(other_game(log, at, fmt, input_format))
        return

    from tmlog.games.terra_mystica.parse import parse_file
    from tmlog.games.terra_mystica.replay import replay

    stop = parse_at(at)
    require_game(log, input_format, "terra_mystica", "replay")
    parsed = parse_file(log, input_format, partial=True)
    result = replay(parsed, stop=stop, vp_variant=vp_variant)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    if result.error is not None:
        raise result.error
    if stop is not None and at is not None:
        check_within(result, stop, at, parsed.rows[-1].line if parsed.rows else 0)
    if fmt == "json":
        summary = result.state.as_dict()
        summary["source"] = result.source
        if stop is not None and result.stopped_early:
            summary["at"] = _stop_json(stop)
        import json

        click.echo(json.dumps(summary, indent=2))
    else:
        click.echo(_state_table(result, stop))


# -------------------------------------------------------------- validate


@cli.command()
@input_paths
@input_format_option
@vp_variant_option
@corpus_options
def validate(
    paths: tuple[str, ...],
    input_format: InputFormat | None,
    vp_variant: str | None,
    **corpus: Any,
) -> None:
    """Replay each log through the rules; one line per log.

    Prints `OK path: …, final VP …` or `path:line: command: the rule it
    breaks`. Exit status 1 if any log is unreadable or illegal.

    \b
    Example:
      tmlog validate games/
    """
    from tmlog.cli.validating import validate_logs

    settings = CorpusSettings(**corpus)
    failed = validate_logs(
        paths,
        input_format=input_format,
        vp_variant=vp_variant,
        jobs=settings.jobs,
        dask_scheduler=settings.dask_scheduler,
        progress=settings.progress(),
        recursive=recursive(),
    )
    if failed:
        raise click.exceptions.Exit(1)


# ----------------------------------------------------------------- audit


def _report(report: AuditReport) -> dict[str, Any]:
    """One ledger's audit as JSON: what matched as well as what did not."""
    return {
        "source": report.source,
        "ok": report.ok,
        "rows_compared": report.rows_compared,
        "final_vp": dict(report.ranked_vp),
        "error": str(report.error) if report.error is not None else None,
        "divergences": [_record(report, d) for d in report.divergences],
    }


def _record(report: AuditReport, d: Any) -> dict[str, Any]:
    def plain(v: Any) -> Any:
        return list(v) if isinstance(v, tuple) else v

    return {
        "source": report.source,
        "line": d.line,
        "faction": d.faction,
        "command": d.command,
        "field": d.field,
        "recorded": plain(d.recorded),
        "replayed": plain(d.replayed),
    }


@cli.command(name="audit")
@input_paths
@output_format_option("text", "json", default="text")
@vp_variant_option
@corpus_options
def audit_command(paths: tuple[str, ...], fmt: str, vp_variant: str | None, **corpus: Any) -> None:
    """Compare every recorded value of ledger exports with a replay.

    Every row's VP, C, W, P, power bowls, cult positions and power offers,
    and the final VP, are checked; each divergence is reported with its row,
    command, field, recorded and replayed value. Exit status 1 on any
    divergence.

    \b
    Examples:
      tmlog audit game.txt
      tmlog audit --format json ledgers/
    """
    from tmlog.corpus import Failure, Runner
    from tmlog.games.terra_mystica.audit import audit_job

    settings = CorpusSettings(**corpus)
    records: list[dict[str, Any]] = []
    checked = rows = diverged = matched = failed = 0
    runner = Runner(
        audit_job,
        input_format=None,
        jobs=settings.jobs,
        dask_scheduler=settings.dask_scheduler,
        replay_options={"vp_variant": vp_variant},
    )
    with runner:
        for report in runner.run(paths, progress=settings.progress(), recursive=recursive()):
            if isinstance(report, Failure):
                click.echo(f"Error: {report.message}", err=True)
                failed += 1
                continue
            checked += 1
            rows += report.rows_compared
            if report.error is not None:
                click.echo(f"Error: {report.error}", err=True)
                failed += 1
            if report.divergences:
                diverged += 1
            matched += report.ok
            if fmt == "json":
                records.append(_report(report))
                continue
            for d in report.divergences:
                click.echo(d.describe(report.source))
            if report.ok:
                ranked = ", ".join(f"{name} {vp}" for name, vp in report.ranked_vp)
                click.echo(
                    f"OK {report.source}: {count(report.rows_compared, 'row')} match,"
                    f" final VP {ranked}"
                )
            elif report.divergences:
                click.echo(
                    f"DIVERGES {report.source}: {count(len(report.divergences), 'divergence')}"
                )
    if fmt == "json":
        import json

        click.echo(json.dumps(records, indent=2))
    else:
        click.echo(
            f"{count(checked, 'ledger')} audited, {count(rows, 'row')} compared: "
            f"{matched} match, {diverged} diverge, {failed} failed"
        )
    if diverged or failed:
        raise click.exceptions.Exit(1)
