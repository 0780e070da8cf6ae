"""Running a job over many logs: here, in a process pool, or on a Dask cluster.

:class:`Runner` hands logs out in chunks to a process pool (``jobs`` > 1), to
a Dask cluster (``dask_scheduler``), or replays them here (``jobs`` = 1). A
worker reads its logs' files itself (this process only names them), so
reading, parsing and replaying all run in parallel; this process keeps a few
chunks per worker in flight and takes the results back in the order of the
logs as they come, so the workers never wait for it and memory stays flat
however large the corpus. A log that cannot be read, parsed or replayed
becomes a :class:`Failure` in its place and the run goes on.

The runner knows games only through :class:`tmlog.games.GameModule`: each
log is parsed, replayed and run through the job by the game
:data:`tmlog.games.GAMES` finds for it. :mod:`tmlog.corpus` adds the
results cache and duplicates for the report commands.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, TypeVar, cast

from tmlog.errors import TmlogError, Unsupported
from tmlog.games import GAMES, Checked
from tmlog.reading import STDIN, iter_paths, read_bytes
from tmlog.records import Record

if TYPE_CHECKING:
    from concurrent.futures import Future


T = TypeVar("T")

WINDOW = 1000
"""Logs a Dask run hands out and takes back at a time (bounds memory)."""
CHUNK = 16
"""Logs per task given to a worker (fewer, larger tasks cost less to hand out)."""
AHEAD = 4
"""Tasks per worker in flight: enough that a worker finds its next one waiting."""


class Failure(NamedTuple):
    """A log that gave no result: unreadable, not a log, a syntax error, a crash,
    or a log of a game that cannot do what was asked (``unsupported``)."""

    source: str
    message: str
    unsupported: bool = False


class Duplicate(NamedTuple):
    """A log left out because it holds the same game as one read before it."""

    source: str
    same_as: str


def game_fingerprint(data: bytes) -> str:
    """A hash of a log's content with what does not change the game taken out.

    A BOM, CRLF or CR line ends, trailing whitespace and trailing blank lines
    are how a game was saved, not what was played: the same game saved as
    ``.txt`` and ``.log`` or by another editor hashes the same.
    """
    import hashlib  # not with the module: validating one log hashes nothing

    lines = [line.rstrip() for line in data.removeprefix(b"\xef\xbb\xbf").splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return hashlib.sha256(b"\n".join(lines)).hexdigest()


class Log(NamedTuple):
    """A log for a worker: its bytes, or the path the worker reads them from."""

    source: str
    data: bytes | None
    path: str | None = None


@dataclass(frozen=True)
class PerGame(Generic[T]):
    """A job each game does its own way: its ``record`` or its ``check`` of the
    parsed log and its replay (:class:`~tmlog.games.GameModule`).

    ``tables``: only these tables of the record are wanted (None: all). The
    game is asked what its replay must keep for them (its ``replay_needs``)
    and to build only them (``record(..., tables=...)``), and the worker sends
    back the record with only them: a win-rate run needs neither Terra
    Mystica's ledger rows nor its per-row timeline, nor its events folded.
    """

    method: Literal["record", "check"]
    tables: frozenset[str] | None = None


@dataclass(frozen=True)
class Audited(Generic[T]):
    """``tmlog audit``'s job: the log's game's :data:`~tmlog.games.capabilities.AUDIT`.
    A log whose game has none gives an :class:`~tmlog.errors.Unsupported` failure."""


Job = Callable[[Any, Any], T] | PerGame[T] | Audited[T]
"""What to compute from each parsed and replayed log: a :class:`PerGame` method,
the audit, or a top-level function (so it pickles) of one game's parsed log and
replay."""

Progress = Callable[[int, int], None]
"""Called with (logs done, logs in the run) as results come in."""


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


# ------------------------------------------------------------ the workers


def process_log(
    log: Log, job: Job[T], input_format: str | None, options: Mapping[str, Any] | None = None
) -> T | Failure:
    """Parse, replay and run ``job`` on one log, turning any error into a Failure.

    ``options`` go to the game's replay (``vp_variant`` for Terra Mystica).
    """
    try:
        data = log.data if log.data is not None else read_bytes(log.path or log.source)
        game = GAMES.game_for(data, log.source, input_format)
        parsed = game.parse(data, source=log.source, input_format=input_format, partial=True)
        if isinstance(job, PerGame):
            wanted = {**game.replay_needs(job.method, job.tables), **(options or {})}
            replayed = game.replay(parsed, **wanted)
            result: Any
            if job.method == "record":
                # The game may build only those tables: stats wants two of seven.
                result = game.record(parsed, replayed, tables=job.tables)
                if job.tables is not None:
                    result = game.schema.only(result, job.tables)
            else:
                result = game.check(parsed, replayed)
            return cast(T, result)
        if isinstance(job, Audited):
            from tmlog.games.capabilities import AUDIT

            auditing = AUDIT.need(game, "audit", log.source)
            wanted = {**auditing.replay_options, **(options or {})}
            return cast(T, auditing.audit(parsed, game.replay(parsed, **wanted)))
        return job(parsed, game.replay(parsed, **(options or {})))
    except TmlogError as exc:
        return Failure(log.source, str(exc), isinstance(exc, Unsupported))
    except Exception as exc:  # a bug in tmlog: report it, keep the run going
        return Failure(log.source, f"{log.source}: internal error: {type(exc).__name__}: {exc}")


def process_chunk(
    chunk: Sequence[Log],
    job: Job[T],
    input_format: str | None,
    options: Mapping[str, Any] | None = None,
) -> list[T | Failure]:
    results: list[T | Failure] = []
    with _fewer_collections():
        for log in chunk:
            item = process_log(log, job, input_format, options)
            results.append(item)
    return results


def process_chunk_fingerprinted(
    chunk: Sequence[Log],
    job: Job[T],
    input_format: str | None,
    options: Mapping[str, Any] | None = None,
    fingerprints: bool = False,
) -> list[tuple[str | None, T | Failure]]:
    """:func:`process_chunk`, each result with its log's fingerprint (``fingerprints``).

    The worker reads the files and hashes them itself: this process, which
    has the results to take in for all the workers, never touches the bytes.
    """
    out: list[tuple[str | None, T | Failure]] = []
    with _fewer_collections():
        for log in chunk:
            try:
                data = log.data if log.data is not None else read_bytes(log.path or log.source)
            except TmlogError as exc:
                out.append((None, Failure(log.source, str(exc))))
                continue
            fingerprint = game_fingerprint(data) if fingerprints else None
            result: T | Failure = process_log(Log(log.source, data), job, input_format, options)
            out.append((fingerprint, result))
    return out


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """Run the cyclic garbage collector less often while replaying.

    A replay makes some ten thousand short-lived objects, freed as they go
    by reference counting; at Python's default threshold the collector would
    also walk the parse memo and the parsers a dozen times per game, about a
    tenth of the time.
    """
    old = gc.get_threshold()
    gc.set_threshold(50_000, old[1], old[2])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def die_with_parent(parent: int) -> None:
    """A worker's first act: end when the process that started it ends.

    A parent killed with ``kill -9`` cannot stop its workers; orphaned, they
    would run on and keep the caller's pipes open. Linux kills them for us
    (``PR_SET_PDEATHSIG``); elsewhere a thread notices the parent is gone.
    """
    import threading

    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # it died before we could ask
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="tmlog-parent-watch", daemon=True).start()


record: PerGame[Record] = PerGame("record")
"""The report commands' job: the game's record of the replay."""

check: PerGame[Checked] = PerGame("check")
"""The validate command's job: what the game says of the log (:class:`~tmlog.games.Checked`)."""


# ------------------------------------------------------------ reading logs


def list_logs(
    paths: Iterable[str],
    *,
    recursive: bool = False,
    stats: dict[str, os.stat_result] | None = None,
) -> list[str | Failure]:
    """The logs named on a command line (files, directories, ``-``), problems in place
    (``stats``: see :func:`tmlog.reading.iter_paths`)."""
    out: list[str | Failure] = []
    for item in iter_paths(paths, recursive=recursive, stats=stats):
        if isinstance(item, TmlogError):
            out.append(Failure(getattr(item, "source", ""), str(item)))
        else:
            out.append(item)
    return out


def read_log(path: str) -> Log | Failure:
    try:
        return Log("<stdin>" if path == STDIN else path, read_bytes(path))
    except TmlogError as exc:
        return Failure(path, str(exc))


def deferred_log(path: str, *, local_files: bool) -> Log | Failure:
    """A log whose worker reads the file itself (saves this process the reading),
    where the workers see the same files; standard input is read here."""
    if local_files and path != STDIN:
        return Log(path, None, path)
    return read_log(path)


def windows(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    """``items`` in consecutive slices of ``size`` (the last may be shorter)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


# -------------------------------------------------------------- the runner


class Runner(Generic[T]):
    """Runs a job over logs: here, in a process pool, or on a Dask cluster."""

    def __init__(
        self,
        job: Job[T],
        *,
        input_format: str | None = None,
        jobs: int = 1,
        dask_scheduler: str | None = None,
        replay_options: Mapping[str, Any] | None = None,
    ) -> None:
        self.job = job
        self.input_format = input_format
        # An option left at None is the game's default: not passed at all.
        self.replay_options = {k: v for k, v in (replay_options or {}).items() if v is not None}
        self.jobs = max(1, jobs)
        self.dask_scheduler = dask_scheduler
        self._pool: Any = None
        self._client: Any = None
        self._quiet: Any = None
        self._timeouts = (0.0, 0.0)

    def __enter__(self) -> Runner[T]:
        if self.dask_scheduler is not None:
            from tmlog.dask_cluster import (
                PROBE_TIMEOUT,
                DaskAddressError,
                probe,
                quiet_distributed,
                timeouts,
            )

            try:
                from distributed import Client
            except ImportError:
                from tmlog.dist import DIST_NAME

                raise TmlogError(
                    f"--dask-scheduler needs dask and distributed: pip install '{DIST_NAME}[dask]'"
                ) from None
            try:
                self._timeouts = connect, _ = timeouts()
                address = probe(self.dask_scheduler, timeout=min(PROBE_TIMEOUT, connect))
            except DaskAddressError as exc:
                raise TmlogError(str(exc)) from None
            self._quiet = quiet_distributed()
            self._quiet.__enter__()
            try:
                self._client = Client(address, timeout=connect)  # type: ignore[no-untyped-call]
            except Exception as exc:  # any failure of distributed's: one line, no traceback
                self.__exit__()
                raise TmlogError(
                    f"cannot use the Dask scheduler at {self.dask_scheduler}: "
                    f"{type(exc).__name__}: {exc}"
                ) from None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        if self._client is not None:
            with contextlib.suppress(Exception):
                self._client.close(timeout=self._timeouts[0])
            self._client = None
        if self._quiet is not None:
            self._quiet.__exit__(None, None, None)
            self._quiet = None

    def map(self, logs: Sequence[Log]) -> list[T | Failure]:
        """The job's result (or a Failure) for each log, in order."""
        return [result for _, _, result in self.stream(logs, total=len(logs))]

    def stream(
        self, items: Iterable[Any], *, total: int, fingerprints: bool = False
    ) -> Iterator[tuple[Any, str | None, Any]]:
        """Each of ``items`` in order with, for a :class:`Log`, its fingerprint
        (``fingerprints``: :func:`game_fingerprint`, else None) and the job's result
        (or a Failure); anything else comes back in its place with ``None, None``.

        ``total`` is the number of logs (or an estimate): a handful is replayed
        here, as starting worker processes would cost more. Logs go to the
        workers in chunks as ``items`` yields them, a few chunks per worker
        ahead of the results taken back, so that reading the next items here
        overlaps with the replaying there.
        """
        inline = self._client is None and (self.jobs == 1 or total <= CHUNK)
        size = WINDOW if self._client is not None else CHUNK
        ahead = 0 if inline or self._client is not None else self.jobs * AHEAD
        queue: deque[tuple[list[Any], list[Log], Any]] = deque()
        group: list[Any] = []
        logs: list[Log] = []
        for item in items:
            group.append(item)
            if isinstance(item, Log):
                logs.append(item)
            # Items with no log to run (cache hits, failures) still flush, so
            # that a long run of them is not held back.
            if len(logs) >= size or len(group) >= 8 * size:
                queue.append((group, logs, self._start(logs, inline, fingerprints)))
                group, logs = [], []
                while len(queue) > ahead:
                    yield from self._finish(*queue.popleft(), fingerprints)
        if group:
            queue.append((group, logs, self._start(logs, inline, fingerprints)))
        while queue:
            yield from self._finish(*queue.popleft(), fingerprints)

    def _start(self, logs: list[Log], inline: bool, fingerprints: bool) -> Any:
        """A pool's future for ``logs`` (None: they run when taken back)."""
        if not logs or inline or self._client is not None:
            return None
        return self._submit(logs, fingerprints)

    def _finish(
        self, group: list[Any], logs: list[Log], future: Any, fingerprints: bool
    ) -> Iterator[tuple[Any, str | None, Any]]:
        if not logs:
            done: list[tuple[str | None, T | Failure]] = []
        elif future is not None:
            done = self._result_of(future, logs, fingerprints)
        elif self._client is not None:
            done = self._dask_map(logs, fingerprints)
        else:
            done = process_chunk_fingerprinted(
                logs, self.job, self.input_format, self.replay_options, fingerprints
            )
        results = iter(done)
        for item in group:
            if isinstance(item, Log):
                fingerprint, result = next(results)
                yield item, fingerprint, result
            else:
                yield item, None, None

    def _dask_map(
        self, logs: Sequence[Log], fingerprints: bool
    ) -> list[tuple[str | None, T | Failure]]:
        chunks = list(windows(logs, CHUNK))
        try:
            futures = self._client.map(
                process_chunk_fingerprinted,
                chunks,
                job=self.job,
                input_format=self.input_format,
                options=self.replay_options,
                fingerprints=fingerprints,
                pure=False,
            )
            results = self._results(futures)
        except Exception as exc:  # a cluster gone or failing: say which logs are not done
            names = [log.source for log in logs]
            shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
            raise TmlogError(
                f"the Dask cluster at {self.dask_scheduler} failed"
                f" ({type(exc).__name__}: {exc}); logs not done: {shown}"
            ) from None
        return [item for chunk in results for item in chunk]

    def _results(self, futures: list[Any]) -> list[Any]:
        """The results of ``futures``, in order, waiting at most the idle timeout
        for each next one to finish: a scheduler that is stopped or silent keeps
        its connection open (the client still says "running"), so only a clock
        can tell it from a slow one."""
        from distributed import wait

        step, idle = self._timeouts
        pending, last = list(futures), time.monotonic()
        while pending:
            with contextlib.suppress(TimeoutError):
                wait(pending, timeout=step, return_when="FIRST_COMPLETED")  # type: ignore[no-untyped-call]
            still = [f for f in pending if not f.done()]
            if len(still) < len(pending):
                last = time.monotonic()
            elif time.monotonic() - last >= idle:
                raise TimeoutError(f"no result for {idle:g} s")
            if self._client.status != "running":
                raise ConnectionError(f"lost the scheduler ({self._client.status})")
            pending = still
        return [f.result(timeout=idle) for f in futures]

    # A worker killed (kill -9, the OOM killer) breaks the whole pool: every task
    # in it fails. Its logs are run again in a new pool, one log per task; those
    # lost again are run one at a time, so that only a log that kills its worker
    # by itself is reported failed, and the run goes on with all the others.

    def _submit(
        self, chunk: Sequence[Log], fingerprints: bool
    ) -> Future[list[tuple[str | None, T | Failure]]]:
        if self._pool is None:
            # Imported here: a run in this process (one log, --jobs 1) needs no
            # multiprocessing, whose import is a good part of a one-log run's start.
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(
                max_workers=self.jobs, initializer=die_with_parent, initargs=(os.getpid(),)
            )
        future: Future[list[tuple[str | None, T | Failure]]] = self._pool.submit(
            process_chunk_fingerprinted,
            chunk,
            self.job,
            self.input_format,
            self.replay_options,
            fingerprints,
        )
        return future

    def _lost_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _result_of(
        self,
        future: Future[list[tuple[str | None, T | Failure]]],
        logs: Sequence[Log],
        fingerprints: bool,
    ) -> list[tuple[str | None, T | Failure]]:
        """The results of a chunk; run again, a log at a time, if its worker died."""
        from concurrent.futures import CancelledError
        from concurrent.futures.process import BrokenProcessPool

        try:
            return future.result()
        except (BrokenProcessPool, CancelledError):
            # Every task in flight fails with the pool: each comes here in turn.
            # A task the broken pool had not started yet is cancelled instead
            # (_lost_pool shuts the pool down with cancel_futures), and is lost
            # the same way.
            self._lost_pool()
        results: list[tuple[str | None, T | Failure] | None] = [None] * len(logs)
        lost = self._collect(
            [([i], self._submit([logs[i]], fingerprints)) for i in range(len(logs))], results
        )
        if lost:
            self._lost_pool()
        for i in lost:
            (results[i],) = self._collect_one(logs[i], fingerprints)
        return [r for r in results if r is not None]

    def _collect(
        self,
        futures: list[tuple[list[int], Future[list[tuple[str | None, T | Failure]]]]],
        results: list[tuple[str | None, T | Failure] | None],
    ) -> list[int]:
        """Fill ``results`` from ``futures``; the indices whose worker died."""
        from concurrent.futures.process import BrokenProcessPool

        lost: list[int] = []
        for indices, future in futures:
            try:
                for i, item in zip(indices, future.result(), strict=True):
                    results[i] = item
            except BrokenProcessPool:
                lost.extend(indices)
        return lost

    def _collect_one(self, log: Log, fingerprints: bool) -> list[tuple[str | None, T | Failure]]:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self._submit([log], fingerprints).result()
        except BrokenProcessPool:
            self._lost_pool()
            message = f"{log.source}: the worker process replaying it died, twice; not counted"
            return [(None, Failure(log.source, message))]

    def run(
        self, paths: Iterable[str], *, progress: Progress | None = None, recursive: bool = False
    ) -> Iterator[T | Failure]:
        """The job's result (or a Failure) for every log named by ``paths``, in order
        (``recursive``: directories at any depth)."""
        names = list_logs(paths, recursive=recursive)
        local = self.dask_scheduler is None
        items = (n if isinstance(n, Failure) else deferred_log(n, local_files=local) for n in names)
        ticker = Ticker(progress, len(names))
        for item, _, result in self.stream(items, total=len(names)):
            yield item if isinstance(item, Failure) else result
            ticker.tick()


class Ticker:
    """Calls ``progress`` with (done, total) a few times a second and at the end."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress = progress
        self.total = total
        self.done = 0
        self.last = time.monotonic()

    def tick(self) -> None:
        self.done += 1
        if self.progress is None:
            return
        if self.done == self.total or time.monotonic() - self.last > 0.1:
            self.last = time.monotonic()
            self.progress(self.done, self.total)
