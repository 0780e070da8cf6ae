"""The command line's shell: the ``cli`` group, reading inputs, the shared options.

The commands, in the modules beside this one, import it; :mod:`tmlog.cli`
imports them, which registers them on ``cli``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import click

from tmlog import __version__
from tmlog.errors import TmlogError
from tmlog.games import GAMES, AnyGame
from tmlog.reading import STDIN, iter_paths, read_bytes

F = TypeVar("F", bound=Callable[..., Any])


class _Group(click.Group):
    """A click group that turns any error into a message and exit status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            result = super().invoke(ctx)
            # Output still buffered must fail here, where it can be reported,
            # not at exit (where Python prints "Exception ignored …").
            sys.stdout.flush()
            return result
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except TmlogError as exc:
            raise click.ClickException(str(exc)) from None
        except BrokenPipeError:
            # The reader went away (`tmlog parse x | head -1`): stop quietly with
            # the status a shell shows for coreutils killed by SIGPIPE (128 + 13).
            _silence_stdout()
            raise click.exceptions.Exit(_EXIT_PIPE) from None
        except OSError as exc:
            # Standard output that cannot take more (`> /dev/full`): one line.
            _silence_stdout()
            if exc.filename is not None:
                raise click.ClickException(f"{exc.filename}: {exc.strerror or exc}") from None
            raise click.ClickException(
                f"standard output: cannot write: {exc.strerror or exc}"
            ) from None
        except Exception as exc:  # a bug: say so, without a traceback
            raise click.ClickException(f"internal error: {type(exc).__name__}: {exc}") from None


_EXIT_PIPE = 141


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that the flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor (a test's captured output)
        pass


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="tmlog")
def cli() -> None:
    """Parse, replay and report on Terra Mystica game logs from terra.snellman.net.

    Logs are raw command logs (`faction: command` rows) or the site's
    tab-separated ledger export; the format is detected. Root games in
    Rootlog notation (`*.rootlog`) are read by parse, validate, vp, stats,
    replay and render.
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


def input_paths(func: F) -> F:
    """The ``PATH...`` argument of a command that reads logs."""
    return click.argument("paths", nargs=-1, required=True, metavar="PATH...")(func)


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
    """``--jobs``, ``--cache``/``--no-cache``, ``--quiet`` and ``--dask-scheduler``."""
    options = [
        click.option(
            "-j",
            "--jobs",
            type=click.IntRange(min=1),
            default=None,
            help="Replay this many logs in parallel (default: all cores).",
        ),
        click.option(
            "--cache",
            "cache_dir",
            type=click.Path(file_okay=False),
            default=None,
            help="Results cache directory (default: the user's cache directory).",
        ),
        click.option("--no-cache", is_flag=True, help="Replay every log; read and write no cache."),
        click.option("-q", "--quiet", is_flag=True, help="No progress bar."),
        click.option(
            "--dask-scheduler",
            metavar="ADDRESS",
            default=None,
            callback=_dask_address,
            help="Replay on this Dask distributed cluster (pip install 'tmlog[dask]').",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


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
        if self.quiet or not sys.stderr.isatty():
            return None
        start = time.monotonic()

        def show(done: int, total: int) -> None:
            rate = done / max(time.monotonic() - start, 1e-9)
            end = "\n" if done >= total else ""
            click.echo(f"\r{done}/{total} logs, {rate:.0f}/s ", err=True, nl=False)
            if end:
                click.echo("\r" + " " * 40 + "\r", err=True, nl=False)

        return show


def require_game(path: str, input_format: str | None, game: str, command: str) -> None:
    """Stop a command that reads one game's logs (``replay``, ``render``) when
    ``path`` is another game's log, or ``--input-format`` another game's format."""
    if input_format is not None:
        found = GAMES.game_for(b"", path, input_format).name
    elif path != STDIN:  # standard input cannot be read twice: its parser will say
        try:
            found = GAMES.game_for(read_bytes(path), path).name
        except TmlogError:
            return  # the command's own reading reports it
    else:
        return
    if found != game:

        def title(name: str) -> str:
            return name.replace("_", " ").title()

        what = (
            f"{path}: a {title(found)} log"
            if input_format is None
            else (f"--input-format {input_format} is a {title(found)} format")
        )
        raise click.ClickException(f"{what}; tmlog {command} reads {title(game)} logs only")


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
        for item in iter_paths(self.paths):
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
