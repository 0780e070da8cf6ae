"""The records of many logs for the report commands, and the logs that gave none.

``vp``, ``leech``, ``stats`` and ``export`` read their logs the same way:
through :func:`tmlog.corpus.iter_records`, with the results cache, the
progress line and the duplicates left out; a log that gives no usable game
is reported (at once, or all together at the end) and makes the command
exit 1 once the others are done.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import click

from tmlog.cli.shell import CorpusSettings, Refused, recursive
from tmlog.reading import STDIN
from tmlog.words import count

if TYPE_CHECKING:
    from tmlog.games import AnyGame, Capability
    from tmlog.records import Record


class Failures:
    """Logs that gave no usable game, each reported once; and duplicates left out."""

    def __init__(self, *, defer: bool) -> None:
        self.defer = defer
        self.messages: list[str] = []
        self.duplicates: list[tuple[str, str]] = []

    def duplicate(self, item: Any) -> None:
        self.duplicates.append((item.source, item.same_as))

    def duplicates_note(self) -> str:
        """``1 duplicate (b.txt = a.txt)`` (empty if none)."""
        if not self.duplicates:
            return ""
        shown = ", ".join(f"{a} = {b}" for a, b in self.duplicates[:3])
        more = ", …" if len(self.duplicates) > 3 else ""
        return f"{count(len(self.duplicates), 'duplicate')} ({shown}{more})"

    def add(self, message: str) -> None:
        self.messages.append(message)
        if not self.defer:
            click.echo(f"Error: {message}", err=True)

    def finish(self, read: int) -> None:
        if not self.messages:
            return
        if self.defer:
            total = read + len(self.messages)
            click.echo(
                f"{len(self.messages)} of {count(total, 'log')} failed"
                f" and {'is' if total == 1 else 'are'} not counted:",
                err=True,
            )
            for message in self.messages:
                click.echo(f"  {message}", err=True)
        raise click.exceptions.Exit(1)


def gather_records(
    paths: tuple[str, ...],
    input_format: str | None,
    failures: Failures,
    corpus: CorpusSettings,
    tables: tuple[str, ...] | None = None,
    *,
    vp_variant: str | None,
    warn: bool = True,
) -> Iterator[Record]:
    """The records of the logs that replayed; the others go to ``failures``."""
    from tmlog.corpus import Failure, iter_records

    # One log replays in a few milliseconds, no more than finding it in the cache
    # costs (the code's fingerprint, the secret, every batch's manifest). A cache
    # the user named (--cache) is still used.
    one_log = len(paths) == 1 and (paths[0] == STDIN or os.path.isfile(paths[0]))
    cache = None if one_log and corpus.cache_dir is None else corpus.cache()
    for item in iter_records(
        paths,
        input_format,
        jobs=corpus.jobs,
        cache=cache,
        dask_scheduler=corpus.dask_scheduler,
        tables=tables,
        progress=corpus.progress(),
        on_duplicate=failures.duplicate,
        replay_options={"vp_variant": vp_variant},
        recursive=recursive(),
    ):
        if isinstance(item, Failure):
            failures.add(item.message)
        elif item.error is not None:
            failures.add(item.error)
        else:
            if warn:
                for warning in item.warnings:
                    click.echo(f"warning: {warning}", err=True)
            yield item


def kept(
    records: list[Record], refusal: Callable[[Record, AnyGame], str | None], single: bool
) -> list[Record]:
    """The records ``refusal`` (of a record and its game) has nothing against; each
    other one is noted and left out, or, when the command was given one log, its
    refusal is a usage error."""
    from tmlog.games import GAMES

    out = []
    for record in records:
        why = refusal(record, GAMES.game_of_record(record))
        if why is None:
            out.append(record)
        elif single:
            raise Refused(why)
        else:
            click.echo(f"skipped: {why}", err=True)
    return out


def served(
    records: list[Record], capability: Capability[Any], command: str, single: bool
) -> list[Record]:
    """The records whose game can do ``capability`` (:func:`kept`)."""
    from tmlog.errors import Unsupported

    def refusal(record: Record, game: AnyGame) -> str | None:
        if capability.of(game) is not None:
            return None
        return str(Unsupported(record.game, command, game.title))

    return kept(records, refusal, single)


def one_game(records: list[Record], why: str, prefer: str | None = None) -> list[Record]:
    """The records of one game: ``prefer`` (a game's name) if given, else the game
    most of them are of (a tie: the first one read); the others' logs are noted in
    one line, ``why`` (with ``{title}``, the kept game's) saying why, and left out."""
    from tmlog.games import GAMES

    groups: dict[str, list[Record]] = {}
    for record in records:
        groups.setdefault(GAMES.game_of_record(record).name, []).append(record)
    if not groups or list(groups) == [prefer] or (prefer is None and len(groups) == 1):
        return records
    name = prefer if prefer is not None else max(groups, key=lambda g: len(groups[g]))
    others = ", ".join(
        count(len(group), f"{GAMES[other].title} log")
        for other, group in groups.items()
        if other != name
    )
    click.echo(f"skipped: {others}: {why.format(title=GAMES[name].title)}", err=True)
    return groups.get(name, [])


def single_log(paths: tuple[str, ...]) -> bool:
    """Whether the command line names one log (not a folder): a refusal is then a usage error."""
    import os

    return len(paths) == 1 and not os.path.isdir(paths[0])
