"""Many logs → one :class:`~tmlog.report.frames.GameRecord` each.

:func:`iter_records` is the single loop the report commands use to read a
corpus; a parallel or cached runner can replace it as long as it yields the
same items: a :class:`GameRecord` for every log that could be read (its
``error`` says if the replay broke a rule part-way) and a :class:`Failure`
for every path that could not be read or parsed at all. No pandas here.

>>> items = list(iter_records(["sample_logs/4pLeague_S64_D1L1_G3.txt", "missing.txt"]))
>>> [type(item).__name__ for item in items]
['GameRecord', 'Failure']
>>> items[1].message
'missing.txt: no such file or directory'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from tmlog.errors import TmlogError
from tmlog.parse import InputFormat, parse_file
from tmlog.parse.reading import expand_paths
from tmlog.replay import replay
from tmlog.report.frames import GameRecord, record_game


class Failure(NamedTuple):
    """A path that gave no game: unreadable, not a log, or a syntax error."""

    source: str
    message: str


def record_file(path: str, input_format: InputFormat | None = None) -> GameRecord:
    """Read, parse and replay one log into its record (the game id is its path).

    Raises:
        TmlogError: the log cannot be read or parsed.
    """
    parsed = parse_file(path, input_format)
    return record_game(replay(parsed))


def iter_records(
    paths: Iterable[str], input_format: InputFormat | None = None
) -> Iterator[GameRecord | Failure]:
    """One item per log named by ``paths`` (files, directories, ``-``), in order."""
    for path in paths:
        try:
            files = list(expand_paths([path]))
        except TmlogError as exc:
            yield Failure(path, str(exc))
            continue
        for file in files:
            try:
                yield record_file(file, input_format)
            except TmlogError as exc:
                yield Failure(file, str(exc))
