"""``tmlog replay``, ``tmlog validate`` and ``tmlog audit``: the rules engine at work."""

from __future__ import annotations

import json
import re
from typing import Any

import click

from tmlog.cli import (
    CorpusSettings,
    cli,
    corpus_options,
    input_format_option,
    input_paths,
    output_format_option,
)
from tmlog.corpus import Failure, Runner, check
from tmlog.games.terra_mystica.audit import AuditReport, audit_job
from tmlog.games.terra_mystica.parse import InputFormat, parse_file
from tmlog.games.terra_mystica.replay import Replay, Stop, game_summary, replay
from tmlog.games.terra_mystica.replay.tiles import VP_SETUPS

_AT = re.compile(r"^[Rr](\d+)(?:[Tt](\d+))?$")


def parse_at(value: str | None) -> Stop | None:
    """``--at 120`` (after log line 120) or ``--at R3T2`` (end of round 3, turn 2)."""
    if value is None:
        return None
    if value.isdigit():
        return Stop(line=int(value))
    m = _AT.match(value)
    if m:
        return Stop(round=int(m.group(1)), turn=int(m.group(2)) if m.group(2) else None)
    raise click.BadParameter(
        "use a log line number (120) or a round and turn (R3T2)", param_hint="--at"
    )


# ---------------------------------------------------------------- replay


def _state_table(result: Replay, stop: Stop | None) -> str:
    summary = game_summary(result.game)
    head = f"{result.source}: round {summary['round']}, turn {summary['turn']}"
    if summary["finished"]:
        head += ", game over"
    elif result.stopped_early and stop is not None:
        if stop.line is not None:
            head += f" (after log line {stop.line})"
        else:
            head = f"{result.source}: end of round {stop.round}" + (
                f", turn {stop.turn}" if stop.turn else ""
            )
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
    for name, f in summary["factions"].items():
        label = name + (" (dropped)" if f["dropped"] else "")
        cults = f["cults"]
        b = f["buildings"]
        rows.append(
            [
                label,
                str(f["vp"]),
                str(f["c"]),
                str(f["w"]),
                str(f["p"]),
                "/".join(str(x) for x in f["power"]),
                f"{cults['fire']}/{cults['water']}/{cults['earth']}/{cults['air']}",
                str(f["shipping"]),
                str(f["dig"]),
                f"{b['D']}/{b['TP']}/{b['TE']}/{b['SH']}/{b['SA']}",
            ]
        )
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
    lines = [head, "  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=True))]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(line.rstrip() for line in lines)


@cli.command(name="replay")
@click.argument("log", metavar="LOG")
@click.option("--at", "at", metavar="ROW|R<round>T<turn>", help="Stop after this log line or turn.")
@click.option(
    "--vp-variant",
    type=click.Choice(sorted(VP_SETUPS)),
    default=None,
    help="Starting VP per faction, instead of the map's own (variants of the rulebook).",
)
@output_format_option("text", "json", default="text")
@input_format_option
def replay_command(
    log: str, at: str | None, vp_variant: str | None, fmt: str, input_format: InputFormat | None
) -> None:
    """Replay a log and print the game state (at the end, or at --at).

    \b
    Examples:
      tmlog replay game.txt
      tmlog replay game.txt --at R3T2 --format json
      tmlog replay game.txt --at 120
    """
    stop = parse_at(at)
    parsed = parse_file(log, input_format, partial=True)
    result = replay(parsed, stop=stop, vp_variant=vp_variant)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    if result.error is not None:
        raise result.error
    if fmt == "json":
        summary = game_summary(result.game)
        summary["source"] = result.source
        click.echo(json.dumps(summary, indent=2))
    else:
        click.echo(_state_table(result, stop))


# -------------------------------------------------------------- validate


@cli.command()
@input_paths
@input_format_option
@corpus_options
def validate(paths: tuple[str, ...], input_format: InputFormat | None, **corpus: Any) -> None:
    """Replay each log through the rules; one line per log.

    Prints `OK path: …, final VP …` or `path:line: command: the rule it
    breaks`. Exit status 1 if any log is unreadable or illegal.

    \b
    Example:
      tmlog validate games/
    """
    settings = CorpusSettings(**corpus)
    failed = 0
    runner = Runner(
        check, input_format=input_format, jobs=settings.jobs, dask_scheduler=settings.dask_scheduler
    )
    with runner:
        for item in runner.run(paths, progress=settings.progress()):
            if isinstance(item, Failure):
                click.echo(f"Error: {item.message}", err=True)
                failed += 1
                continue
            for warning in item.warnings:
                click.echo(f"warning: {warning}", err=True)
            if item.error is not None:
                click.echo(f"Error: {item.error}", err=True)
                failed += 1
                continue
            ranked = ", ".join(f"{name} {vp}" for name, vp in item.final_vp)
            click.echo(f"OK {item.source}: {item.status}, final VP {ranked}")
    if failed:
        raise click.exceptions.Exit(1)


# ----------------------------------------------------------------- audit


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
@corpus_options
def audit_command(paths: tuple[str, ...], fmt: str, **corpus: Any) -> None:
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
    settings = CorpusSettings(**corpus)
    records: list[dict[str, Any]] = []
    checked = rows = diverged = matched = failed = 0
    runner = Runner(
        audit_job, input_format="ledger", jobs=settings.jobs, dask_scheduler=settings.dask_scheduler
    )
    with runner:
        for report in runner.run(paths, progress=settings.progress()):
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
                records += [_record(report, d) for d in report.divergences]
                continue
            for d in report.divergences:
                click.echo(d.describe(report.source))
            if report.ok:
                ranked = ", ".join(f"{name} {vp}" for name, vp in report.ranked_vp)
                click.echo(
                    f"OK {report.source}: {report.rows_compared} rows match, final VP {ranked}"
                )
            elif report.divergences:
                click.echo(f"DIVERGES {report.source}: {len(report.divergences)} divergences")
    if fmt == "json":
        click.echo(json.dumps(records, indent=2))
    else:
        click.echo(
            f"{checked} ledgers audited, {rows} rows compared: "
            f"{matched} match, {diverged} diverge, {failed} failed"
        )
    if diverged or failed:
        raise click.exceptions.Exit(1)
