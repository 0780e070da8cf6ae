"""``tmlog cache info`` and ``tmlog cache clear``: see and empty the results cache."""

from __future__ import annotations

import click

from tmlog.cli.shell import cache_dir_option, cli


@cli.group()
def cache() -> None:
    """The results cache of vp, leech, stats, export and ratings (see `--cache`, `--no-cache`)."""


@cache.command()
@cache_dir_option
def info(cache_dir: str | None) -> None:
    """Where the cache is, its size, entries and batches.

    \b
    Example:
      tmlog cache info
    """
    from tmlog.cache import ResultCache

    found = ResultCache(cache_dir, warn=lambda m: click.echo(f"warning: {m}", err=True)).info()
    click.echo(f"directory: {found.directory}")
    click.echo(f"entries:   {found.entries}")
    click.echo(f"batches:   {found.batches}")
    click.echo(f"size:      {_size(found.size)}")
    if found.other_builds:
        click.echo(
            f"other builds of tmlog: {found.other_builds} (`tmlog cache clear` removes them)"
        )


@cache.command()
@cache_dir_option
def clear(cache_dir: str | None) -> None:
    """Remove every cached result (of every build of tmlog) and the parsers' grammar
    tables: only files tmlog wrote; nothing else is touched, no link followed.

    \b
    Example:
      tmlog cache clear
    """
    from tmlog.cache import ResultCache
    from tmlog.errors import TmlogError

    store = ResultCache(cache_dir)
    try:
        cleared = store.clear()
    except OSError as exc:
        raise TmlogError(
            f"results cache {store.root} not cleared: {exc.strerror or type(exc).__name__}"
        ) from None
    for path, why in cleared.left:
        click.echo(f"warning: left {path}: {why}", err=True)
    if cleared.failed:
        path, why = cleared.failed[0]
        more = len(cleared.failed) - 1
        raise TmlogError(
            f"results cache {store.root} not fully cleared: cannot remove {path}: {why}"
            + (f" (and {more} more)" if more else "")
        )
    click.echo(f"cleared {store.root}" if cleared.removed else f"nothing to clear in {store.root}")


def _size(n: int) -> str:
    for unit in ("bytes", "KiB", "MiB"):
        if n < 1024 or unit == "MiB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    raise AssertionError("unreachable")
