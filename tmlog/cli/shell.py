"""The command line's shell: the ``cli`` group, reading inputs, the shared options.

The commands, in the modules beside this one, import it; :mod:`tmlog.cli`
imports them, which registers them on ``cli``.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import click

from tmlog import DIST_NAME
from tmlog.cli.streams import (
    EXIT_PIPE,
    error_message,
    escape_unwritable_text,
    progress_line,
    silence_stdout,
)
from tmlog.errors import BadOption, TmlogError, Unsupported
from tmlog.games import GAMES, AnyGame
from tmlog.reading import STDIN, iter_paths, read_bytes

F = TypeVar("F", bound=Callable[..., Any])


class Refused(click.ClickException):
    """A command the log's game cannot do, or an option it cannot serve: one line of
    error, and exit status 2 as for any usage error."""

    exit_code = 2


def refuse_early(
    paths: Sequence[str], input_format: str | None, capability: Any, command: str
) -> None:
    """Refuse a command given one log whose game cannot do it, before anything is
    replayed (a folder's logs are each noted and skipped as they come instead)."""
    import os

    if len(paths) != 1 or paths[0] == STDIN or os.path.isdir(paths[0]):
        return
    try:
        game = GAMES.game_for(read_bytes(paths[0]), paths[0], input_format)
    except TmlogError:
        return  # the command's own reading says what is wrong with it
    if capability.of(game) is None:
        raise Refused(str(Unsupported(paths[0], command, game.title)))


class _Group(click.Group):
    """A click group that turns any error into a message and exit status 1."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        # The group's own eager options (--help, --version) write their text
        # here, before invoke: `tmlog --help > /dev/full` is one line of error too.
        with _reported():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        escape_unwritable_text()
        with _reported():
            result = super().invoke(ctx)
            # Output still buffered must fail here, where it can be reported,
            # not at exit (where Python prints "Exception ignored …").
            sys.stdout.flush()
            return result


@contextlib.contextmanager
def _reported() -> Iterator[None]:
    """Any error but click's own becomes a message and exit status 1."""
    try:
        yield
    except (click.ClickException, click.exceptions.Exit, click.Abort):
        raise
    except BadOption as exc:  # an option's value the log cannot serve: usage, exit 2
        raise click.BadParameter(exc.reason, param_hint=exc.option) from None
    except Unsupported as exc:  # a command the log's game cannot do: usage, exit 2
        raise Refused(str(exc)) from None
    except BrokenPipeError:
        # The reader went away (`tmlog parse x | head -1`): stop quietly.
        silence_stdout()
        raise click.exceptions.Exit(EXIT_PIPE) from None
    except Exception as exc:
        raise click.ClickException(error_message(exc)) from None


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    # click's own version_option wants the version up front, and reading it
    # (importlib.metadata) costs every command some 30 ms of start-up.
    if not value or ctx.resilient_parsing:
        return
    from tmlog import __version__

    click.echo(f"tmlog, version {__version__}")
    ctx.exit()


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help="Show the version and exit.",
)
def cli() -> None:
    """Parse, replay and report on Terra Mystica game logs from terra.snellman.net.

    Logs are raw command logs (`faction: command` rows) or the site's
    tab-separated ledger export, or the game JSON it serves; the format is
    detected. Root games in Rootlog notation (`*.rootlog`) are read by parse,
    validate, vp, stats, replay, render and report; a command a log's game
    cannot do says so in one line. Other games are plugins (docs/architecture.md).

    parse, validate, audit, vp, leech, stats, ratings and export take any
    number of files, directories (their *.txt, *.log, *.rootlog and game JSON
    files; -r: at any depth) or - for standard input; replay, render, report
    and convert take one log. Exit status: 0 all good, 1 a bad or illegal log
    (the others are still processed), 2 a usage error. `tmlog COMMAND -h` tells more.
    """


# ------------------------------------------------------- shared options

input_format_option = click.option(
    "--input-format",
    type=click.Choice(GAMES.input_formats()),
    default=None,
    help="Format of the logs (default: detected from the text).",
)


def output_format_option(*choices: str, default: str) -> Callable[[F], F]:
    """The ``--format`` option of a command that can print several formats."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices),
        default=default,
        show_default=True,
        help="Output format.",
    )


_RECURSIVE = "tmlog.recursive"


def _remember_recursive(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    ctx.meta[_RECURSIVE] = value


def input_paths(func: F) -> F:
    """The ``PATH...`` argument of a command that reads logs, and its ``-r/--recursive``."""
    func = click.option(
        "-r",
        "--recursive",
        is_flag=True,
        expose_value=False,
        callback=_remember_recursive,
        help="Also read the logs in the folders inside a folder, at any depth.",
    )(func)
    return click.argument("paths", nargs=-1, required=True, metavar="PATH...")(func)


def recursive() -> bool:
    """Whether the running command was given ``-r/--recursive``."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(_RECURSIVE))


VP_VARIANTS = ("original_2017", "yucata_fjords", "yucata_lakes")
"""The engine's ``VP_SETUPS``, sorted (a test checks they are the same): written out
so that ``--help`` need not import the engine to list them."""


def vp_variant_option(func: F) -> F:
    """``--vp-variant``: the same choices and help on every command that replays."""
    return click.option(
        "--vp-variant",
        type=click.Choice(VP_VARIANTS),
        default=None,
        help="Replay with this starting-VP table instead of the map's own"
        " (a variant of the rulebook).",
    )(func)


def _dask_address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A scheduler address of a form tmlog will try (checked before any connection)."""
    if value is None:
        return None
    from tmlog.dask_cluster import DaskAddressError, parse_address

    try:
        parse_address(value)
    except DaskAddressError as exc:
        raise click.BadParameter(str(exc)) from None
    return value


def corpus_options(func: F) -> F:
    """``--jobs``, ``--quiet`` and ``--dask-scheduler``: how many logs are replayed."""
    options = [
        click.option(
            "-j",
            "--jobs",
            type=click.IntRange(min=1),
            default=None,
            help="Replay this many logs in parallel (default: all cores).",
        ),
        click.option("-q", "--quiet", is_flag=True, help="No progress line."),
        click.option(
            "--dask-scheduler",
            metavar="ADDRESS",
            default=None,
            callback=_dask_address,
            help=f"Replay on this Dask distributed cluster (pip install '{DIST_NAME}[dask]').",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


cache_dir_option = click.option(
    "--cache",
    "cache_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Results cache directory (default: the user's cache directory).",
)


def cache_options(func: F) -> F:
    """``--cache DIR`` and ``--no-cache``: only on the commands that keep results."""
    func = click.option(
        "--no-cache", is_flag=True, help="Replay every log; read and write no cache."
    )(func)
    return cache_dir_option(func)


class CorpusSettings:
    """How a command runs over many logs: parallelism, cache, progress display."""

    def __init__(
        self,
        jobs: int | None = None,
        cache_dir: str | None = None,
        no_cache: bool = False,
        quiet: bool = False,
        dask_scheduler: str | None = None,
    ) -> None:
        from tmlog.corpus import default_jobs

        self.jobs = jobs or default_jobs()
        self.cache_dir = cache_dir
        self.no_cache = no_cache
        self.quiet = quiet
        self.dask_scheduler = dask_scheduler

    def cache(self) -> Any:
        if self.no_cache:
            return None
        from tmlog.cache import ResultCache

        return ResultCache(self.cache_dir, warn=lambda m: click.echo(f"warning: {m}", err=True))

    def progress(self) -> Callable[[int, int], None] | None:
        """A progress line on standard error, if it is a terminal and not --quiet."""
        return None if self.quiet else progress_line()


class Inputs:
    """The logs named on the command line, parsed one by one.

    A file that cannot be read or parsed is reported on standard error and
    skipped; :meth:`finish` exits with status 1 if any was.
    """

    def __init__(
        self, paths: Sequence[str], input_format: str | None, *, partial: bool = False
    ) -> None:
        self.paths = paths
        self.input_format = input_format
        self.partial = partial
        """Accept logs cut off in their last row (with a warning)."""
        self.failed = 0

    def fail(self, exc: TmlogError) -> None:
        click.echo(f"Error: {exc}", err=True)
        self.failed += 1

    def files(self) -> Iterator[str]:
        for item in iter_paths(self.paths, recursive=recursive()):
            if isinstance(item, TmlogError):
                self.fail(item)
            else:
                yield item

    def parsed(self) -> Iterator[tuple[AnyGame, Any]]:
        """Each log that parses, with its game (:data:`tmlog.games.GAMES`)."""
        for path in self.files():
            source = "<stdin>" if path == STDIN else path
            try:
                data = read_bytes(path)
                game = GAMES.game_for(data, source, self.input_format)
                parsed = game.parse(
                    data, source=source, input_format=self.input_format, partial=self.partial
                )
            except TmlogError as exc:
                self.fail(exc)
                continue
            for warning in parsed.warnings:
                click.echo(f"warning: {warning}", err=True)
            yield game, parsed

    def finish(self) -> None:
        if self.failed:
            raise click.exceptions.Exit(1)
