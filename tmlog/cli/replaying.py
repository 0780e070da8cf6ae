"""``tmlog replay``, ``tmlog validate`` and ``tmlog audit``: the rules engine at work.

The parser, the engine and the runner are imported by the commands when they
run, not with this module: ``tmlog --help`` and ``tmlog CMD --help`` load
none of them (``tests/test_startup.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import click

from tmlog.cli.shell import (
    CorpusSettings,
    Refused,
    cli,
    corpus_options,
    input_format_option,
    input_paths,
    output_format_option,
    recursive,
    vp_variant_option,
)
from tmlog.words import count

if TYPE_CHECKING:
    from tmlog.games import AnyGame, Capability
    from tmlog.games.capabilities import AuditReport

C = TypeVar("C")


def one_log(log: str, input_format: str | None) -> tuple[AnyGame, bytes, str]:
    """The game, bytes and source name of the one log a command reads (``-``: standard input)."""
    from tmlog.games import GAMES
    from tmlog.reading import STDIN, read_bytes

    data = read_bytes(log)
    source = "<stdin>" if log == STDIN else log
    return GAMES.game_for(data, source, input_format), data, source


def capability_of(game: AnyGame, capability: Capability[C], command: str, source: str) -> C:
    """What ``command`` needs of the log's game: a usage error naming both if it cannot."""
    from tmlog.errors import Unsupported

    try:
        return capability.need(game, command, source)
    except Unsupported as exc:
        raise Refused(str(exc)) from None


def warn(message: str) -> None:
    click.echo(f"warning: {message}", err=True)


def replay_options(vp_variant: str | None) -> dict[str, Any]:
    """The replay options a command line gave (those left at their default are not passed)."""
    return {} if vp_variant is None else {"vp_variant": vp_variant}


# ---------------------------------------------------------------- replay


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
    log: str, at: str | None, vp_variant: str | None, fmt: str, input_format: str | None
) -> None:
    """Replay one log and print the game state (at the end, or at --at).

    LOG is a ledger export or a command log, or - for standard input.

    \b
    Examples:
      tmlog replay game.txt
      tmlog replay game.txt --at R3T2 --format json
      tmlog replay game.txt --at 120
    """
    from tmlog.games.capabilities import STATE

    game, data, source = one_log(log, input_format)
    state = capability_of(game, STATE, "replay", source)
    options = replay_options(vp_variant)
    click.echo(
        state.state(
            data,
            source=source,
            at=at,
            fmt=fmt,
            input_format=input_format,
            options=options,
            warn=warn,
        )
    )


# -------------------------------------------------------------- validate


@cli.command()
@input_paths
@input_format_option
@vp_variant_option
@corpus_options
def validate(
    paths: tuple[str, ...],
    input_format: str | None,
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
    import os

    from tmlog.cli.shell import refuse_early
    from tmlog.corpus import Failure, Runner
    from tmlog.games.capabilities import AUDIT
    from tmlog.runner import Audited

    refuse_early(paths, None, AUDIT, "audit")
    settings = CorpusSettings(**corpus)
    records: list[dict[str, Any]] = []
    checked = rows = diverged = matched = failed = 0
    single = len(paths) == 1 and not os.path.isdir(paths[0])
    runner: Runner[AuditReport] = Runner(
        Audited(),
        input_format=None,
        jobs=settings.jobs,
        dask_scheduler=settings.dask_scheduler,
        replay_options={"vp_variant": vp_variant},
    )
    with runner:
        for report in runner.run(paths, progress=settings.progress(), recursive=recursive()):
            if isinstance(report, Failure):
                if report.unsupported and single:  # one log of a game with no audit
                    raise Refused(report.message)
                if report.unsupported:  # noted; the rest of the run goes on
                    click.echo(f"skipped: {report.message}", err=True)
                    continue
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
