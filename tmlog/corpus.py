"""The corpus: many logs' records, replayed in parallel (:mod:`tmlog.runner`), cached.

:func:`iter_records` gives the report commands one record per log, in
order: replayed by a :class:`~tmlog.runner.Runner`, or found in the results
cache (:mod:`tmlog.cache`), which knows most files by sight and reads only
the others; logs that hold a game seen before can be left out.

>>> items = list(iter_records(["sample_logs/4pLeague_S64_D1L1_G3.txt", "missing.txt"]))
>>> [type(item).__name__ for item in items]
['GameRecord', 'Failure']

>>> items[1].message
'missing.txt: no such file or directory'
"""

from __future__ import annotations

import dataclasses
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tmlog.errors import TmlogError
from tmlog.reading import STDIN
from tmlog.records import Record, describe
from tmlog.runner import (
    AHEAD,
    CHUNK,
    WINDOW,
    Duplicate,
    Failure,
    Job,
    Log,
    PerGame,
    Progress,
    Runner,
    Ticker,
    _fewer_collections,
    check,
    default_jobs,
    deferred_log,
    die_with_parent,
    game_fingerprint,
    list_logs,
    process_chunk,
    process_chunk_fingerprinted,
    process_log,
    read_log,
    record,
    windows,
)

if TYPE_CHECKING:
    from tmlog.cache import ResultCache

__all__ = [
    "AHEAD",
    "CHUNK",
    "WINDOW",
    "Duplicate",
    "Failure",
    "Job",
    "Log",
    "PerGame",
    "Progress",
    "Runner",
    "_fewer_collections",
    "check",
    "default_jobs",
    "die_with_parent",
    "game_fingerprint",
    "iter_records",
    "list_logs",
    "process_chunk",
    "process_chunk_fingerprinted",
    "process_log",
    "read_log",
    "record",
    "record_file",
]


# ----------------------------------------------------------------- records


def iter_records(
    paths: Iterable[str],
    input_format: str | None = None,
    *,
    jobs: int = 1,
    cache: ResultCache | None = None,
    dask_scheduler: str | None = None,
    tables: Sequence[str] | None = None,
    progress: Progress | None = None,
    on_duplicate: Callable[[Duplicate], None] | None = None,
    replay_options: Mapping[str, Any] | None = None,
    recursive: bool = False,
) -> Iterator[Record | Failure]:
    """One record (or :class:`Failure`) per log named by ``paths``, in order: the
    record of the log's game (:meth:`tmlog.games.GameModule.record`).

    Args:
        jobs: worker processes (1: replay in this process).
        cache: where to find records replayed before and keep new ones (None: no cache).
        dask_scheduler: address of a Dask distributed scheduler to replay on.
        tables: the parts of cached records to load (default: all of them).
        progress: called with (done, total) as logs are done, a few times a second.
        on_duplicate: if given, a log holding the same game as one before it
            (:func:`game_fingerprint`) is left out and passed to it instead.
        replay_options: the game's replay options (``{"vp_variant": "yucata_fjords"}``);
            they are part of the cache key.
        recursive: read directories at any depth.
    """
    # Few collections: a warm run makes a few hundred thousand objects, none
    # in a cycle, and at Python's default threshold the collector would walk
    # every cached record decoded so far again and again (a tenth of the run).
    with _fewer_collections():
        yield from _records(
            paths,
            input_format,
            jobs,
            cache,
            dask_scheduler,
            tables,
            progress,
            on_duplicate,
            replay_options,
            recursive,
        )


def _records(
    paths: Iterable[str],
    input_format: str | None,
    jobs: int,
    cache: ResultCache | None,
    dask_scheduler: str | None,
    tables: Sequence[str] | None,
    progress: Progress | None,
    on_duplicate: Callable[[Duplicate], None] | None,
    replay_options: Mapping[str, Any] | None,
    recursive: bool,
) -> Iterator[Record | Failure]:
    options = {k: v for k, v in (replay_options or {}).items() if v is not None}
    # The listing's stat of each file in a folder is its identity for the cache:
    # one stat per file, not two.
    stats: dict[str, os.stat_result] | None = {} if cache is not None else None
    names = list_logs(paths, recursive=recursive, stats=stats)
    # One log has no duplicate: hashing it would cost more than its report (hashlib's
    # import alone is some milliseconds of `tmlog vp ONE`).
    dedupe = on_duplicate is not None and len(names) > 1
    # Cached records are whole (a later command may want any table); without a
    # cache the workers build and send back only the tables asked for.
    job = record if cache is not None or tables is None else PerGame("record", frozenset(tables))
    # The worker reads the file unless this process needs its bytes: for the
    # cache key, or for a cluster that may not see the same files.
    local = dask_scheduler is None
    # (key, fingerprint) of each log sent to the workers, in order.
    sent: deque[tuple[str | None, str | None]] = deque()
    if dedupe:
        from tmlog.identity import Copies, content_identity

        copies = Copies()

    def items() -> Iterator[Log | Failure | _Hit]:
        for window in windows(names, WINDOW):
            if cache is not None:
                yield from _cached(
                    window, cache, input_format, options, tables, dedupe, sent, stats or {}
                )
                continue
            for name in window:
                if isinstance(name, Failure):
                    yield name
                    continue
                log = deferred_log(name, local_files=local)
                if isinstance(log, Log):
                    data = log.data
                    fingerprint = game_fingerprint(data) if dedupe and data is not None else None
                    sent.append((None, fingerprint))
                yield log

    new: list[tuple[str, Record]] = []
    ticker = Ticker(progress, len(names))
    with Runner(
        job,
        input_format=input_format,
        jobs=jobs,
        dask_scheduler=dask_scheduler,
        replay_options=options,
    ) as r:
        for item, worker_fingerprint, result in r.stream(
            items(), total=len(names), fingerprints=dedupe and local and cache is None
        ):
            ticker.tick()
            if isinstance(item, Failure):
                yield item
                continue
            out: Record | Failure
            if isinstance(item, _Hit):
                fingerprint, out = item.fingerprint, _as_found(item.record, item.source)
            else:
                key, fingerprint = sent.popleft()
                fingerprint = fingerprint or worker_fingerprint
                if key is not None and not isinstance(result, Failure):
                    new.append((key, result))
                # Without a cache the workers sent back only the tables asked for.
                out = _only(result, tables) if job is record else result
            # The same game in another format (a ledger, its command log, its game
            # JSON) has the same content fingerprint, but not the same bytes: a
            # replayed log is known by its content, one that failed by its bytes.
            if dedupe and on_duplicate is not None:
                identity = content_identity(out) or fingerprint
                first = copies.first(identity, item.source) if identity is not None else None
                if first is not None:
                    on_duplicate(Duplicate(item.source, first))
                    continue
            if cache is not None and len(new) >= WINDOW:
                cache.store(new)
                new = []
            yield out
        if cache is not None and new:
            cache.store(new)
        if cache is not None:
            cache.save_identities()


class _Hit(NamedTuple):
    """A log whose record the cache had."""

    source: str
    record: Record
    fingerprint: str | None


def _cached(
    window: Sequence[str | Failure],
    cache: ResultCache,
    input_format: str | None,
    options: Mapping[str, Any],
    tables: Sequence[str] | None,
    dedupe: bool,
    sent: deque[tuple[str | None, str | None]],
    stats: dict[str, os.stat_result],
) -> Iterator[Log | Failure | _Hit]:
    """A window of logs with the cache: its hits, and the others to replay; each
    log sent on is noted in ``sent``.

    A log the cache knows by sight (:meth:`~tmlog.cache.ResultCache.known`) is
    not read: its key and fingerprint are the cache's. The others are read
    here, for their keys, and the cache learns them. ``stats``: each file's
    ``os.stat`` from its listing, taken before it is read (used once, then
    forgotten: a file met again is looked at anew).
    """
    found: list[tuple[Log | Failure | _Known, str | None]] = []
    for name in window:
        if isinstance(name, Failure):
            found.append((name, None))
            continue
        listed = stats.pop(name, None)
        known = cache.known(name, input_format, options, listed) if name != STDIN else None
        if known is not None:
            found.append((_Known(name, *known), known[0]))
        else:
            found.append(_read_and_learn(name, cache, input_format, options, listed))
    hits = cache.load([k for _, k in found if k], tables=tables)
    for item, key in found:
        if isinstance(item, _Known) and key not in hits:
            # Known by sight, but its entry is gone (dropped, compacted away): read it.
            item, key = _read_and_learn(item.source, cache, input_format, options)
        if isinstance(item, Failure):
            yield item
        elif isinstance(item, _Known):
            yield _Hit(item.source, hits[item.key], item.fingerprint if dedupe else None)
        else:
            data = item.data
            fingerprint = game_fingerprint(data) if dedupe and data is not None else None
            if key is not None and key in hits:
                yield _Hit(item.source, hits[key], fingerprint)
            else:
                sent.append((key, fingerprint))
                yield item


class _Known(NamedTuple):
    """A log the cache knows by sight: its key and fingerprint, unread."""

    source: str
    key: str
    fingerprint: str


def _read_and_learn(
    name: str,
    cache: ResultCache,
    input_format: str | None,
    options: Mapping[str, Any],
    listed: os.stat_result | None = None,
) -> tuple[Log | Failure, str | None]:
    """The log at ``name``, read here, and its key; the cache learns them by sight
    (under ``listed``, its ``os.stat`` when it was listed, if given)."""
    from tmlog.cache import content_key

    try:
        # Before reading: a write during the read leaves a newer identity than this.
        before = listed or (os.stat(name) if name != STDIN else None)
    except OSError:
        before = None  # reading it says what is wrong
    log = read_log(name)
    if not isinstance(log, Log) or log.data is None:
        return log, None
    key = content_key(log.data, input_format, options)
    if before is not None:
        cache.remember(name, before, key, game_fingerprint(log.data), input_format, options)
    return log, key


def _only(item: Record | Failure, tables: Sequence[str] | None) -> Record | Failure:
    """A record with only the parts asked for (as a cached one would come back)."""
    if tables is None or isinstance(item, Failure):
        return item
    return describe(type(item)).only(item, tables)


def _as_found(cached: Record, source: str) -> Record:
    """A cached record under the path the log was found at this time.

    The same content may have been cached under another path; its game id
    and the position in its error message name the path read now.
    """
    if cached.game == source:
        return cached

    def here(text: str) -> str:
        return source + text[len(cached.game) :] if text.startswith(cached.game + ":") else text

    error = here(cached.error) if cached.error is not None else None
    warnings = tuple(here(w) for w in cached.warnings)
    return dataclasses.replace(cached, game=source, error=error, warnings=warnings)  # type: ignore[type-var]


def record_file(path: str, input_format: str | None = None) -> Record:
    """Read, parse and replay one log into its record (the game id is its path).

    Raises:
        TmlogError: the log cannot be read or parsed.
    """
    log = read_log(path)
    if isinstance(log, Failure):
        raise TmlogError(log.message)
    result = process_log(log, record, input_format)
    if isinstance(result, Failure):
        raise TmlogError(result.message)
    return result
