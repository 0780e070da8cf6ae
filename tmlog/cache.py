"""A results cache: per-game records in signed batches of compressed JSON tables.

The cache must never change an answer, so it trusts only what it can prove.

Keys. A record is keyed by a SHA-256 of the log's bytes, the ``--input-format``
it was read with, and a fingerprint of the installed code (its Python sources
and grammars, :func:`code_fingerprint`): an edited log, another input format
or another build of tmlog misses the cache and is replayed.

Proof. Each batch has a manifest (:mod:`tmlog.cache_tables`) naming its keys
and the SHA-256 of each of its table files, under an HMAC-SHA256 made with a
per-user secret (:mod:`tmlog.cache_secret`) kept *outside* the cache
directory (0600, in the user's data directory). A flipped byte, a torn file,
a file of the wrong shape, a file moved from another batch, rows repeated by
a buggy writer, or a batch written by hand without the secret fails the
check: the batch is dropped and its games replayed, with one warning per run.
A whole batch is proved by one HMAC and one hash per table read, not by a
check per entry. Anyone who can read the secret can forge entries, but such
a user can equally edit tmlog itself.

Layout: ``<root>/v3-<fingerprint>/`` (tagged as a cache: ``CACHEDIR.TAG``)
holds ``batch-<id>/`` folders, each with its ``manifest`` and
one file per table of the records of one game (for Terra Mystica ``games``,
``factions``, ``vp``, ``vp_rounds``, ``leech``, ``feeding``, ``timeline``).
Columns are read from the record type, so nothing here knows a game's
fields. A batch is written into a temporary directory and renamed into
place in one atomic step, so a run killed at any moment leaves either a
whole batch or a ``*.tmp`` directory that readers ignore (and a later
writer removes). Batches written by two runs at once may repeat a key;
readers keep one. Past :data:`MAX_BATCHES` batches, a writer compacts them
into one per game. Directories of older layouts (``v2-…``, Parquet) are
another build's: never read, and removed by ``tmlog cache clear``, which
removes only the files tmlog wrote (:mod:`tmlog.cache_files`).

A cache that cannot be written (read-only, full, a file in the way) is
given up for the rest of the run, with one warning; the run goes on.

Files known by sight (:mod:`tmlog.cache_sight`): a log whose file is the
very one read before is not read and hashed again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
import hashlib
import json
import os
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from tmlog import cache_files as files
from tmlog import cache_sight as sight
from tmlog.cache_secret import CacheSecretError, cache_secret
from tmlog.cache_tables import LAYOUT as LAYOUT
from tmlog.cache_tables import (
    TABLE_SUFFIX,
    Damaged,
    Manifest,
    read_manifest,
    read_table,
    write_batch,
)
from tmlog.dirs import cache_root
from tmlog.games import GAMES
from tmlog.records import Record, RecordSchema

MAX_BATCHES = 16
"""A writer that finds more batches than this compacts them into one per game."""

KEPT_BYTES = 8 << 20
"""A table file of a batch up to this size is decoded once per run and kept,
not read again for each window of logs."""


def default_root() -> Path:
    """The user's cache directory for tmlog (``$XDG_CACHE_HOME/tmlog`` on Linux)."""
    return cache_root()


@functools.cache
def _fingerprint_of_installed_code() -> str:
    digest = hashlib.sha256()
    roots = [Path(str(resources.files("tmlog"))), Path(str(resources.files("tmlog.grammars")))]
    for root in roots:
        files = sorted(p for p in root.rglob("*") if p.suffix in (".py", ".lark") and p.is_file())
        for path in files:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def code_fingerprint() -> str:
    """A hash of the installed tmlog's sources and grammars (computed once per process).

    The version alone would not do: an edited install would be served results
    of the code it replaced.
    """
    return _fingerprint_of_installed_code()


def content_key(
    data: bytes, input_format: str | None = None, options: Mapping[str, Any] | None = None
) -> str:
    """The cache key of a log read with ``input_format`` (None: detected) by this code,
    replayed with the game's replay ``options`` (``vp_variant``: another result)."""
    digest = hashlib.sha256(f"tmlog {LAYOUT}\0{code_fingerprint()}\0".encode())
    digest.update(f"{input_format or 'detect'}\0".encode())
    if options:
        # Without options the key is as before, so existing entries stay valid.
        digest.update(json.dumps(dict(options), sort_keys=True).encode() + b"\0")
    digest.update(data)
    return digest.hexdigest()


class CacheInfo(NamedTuple):
    """What ``tmlog cache info`` shows."""

    directory: Path
    entries: int
    batches: int
    size: int
    """Bytes of the files tmlog wrote in the cache's directory: every build's
    entries and the parsers' grammar tables (:mod:`tmlog.cache_files`)."""
    other_builds: int
    """Directories left by other builds of tmlog (``tmlog cache clear`` removes them)."""


Warn = Callable[[str], None]


class ResultCache:
    """Game records on disk, looked up by :func:`content_key`.

    ``warn`` is told, once per kind per cache object, that damaged entries
    were dropped or that the cache could not be used.
    """

    def __init__(
        self, root: str | os.PathLike[str] | None = None, warn: Warn | None = None
    ) -> None:
        self.root = Path(root) if root is not None else default_root()
        self.directory = self.root / f"{LAYOUT}-{code_fingerprint()[:16]}"
        self._warn = warn
        self._said: set[str] = set()
        self._where: dict[str, Path] | None = None
        self._secret: bytes | None = None
        self._tables: dict[tuple[Path, str], Any] = {}
        self._manifests: dict[Path, tuple[Manifest, dict[str, int]]] = {}
        self._known: dict[str, list[Any]] | None = None
        self._learned: dict[str, list[Any]] = {}
        self.usable = True
        """False once the cache has been given up for this run."""

    key_of = staticmethod(content_key)

    # ------------------------------------------------------------ reporting

    def _say(self, kind: str, message: str) -> None:
        if kind in self._said:
            return
        self._said.add(kind)
        if self._warn is not None:
            self._warn(message)

    def _give_up(self, why: str) -> None:
        self.usable = False
        self._say("unusable", f"results cache {self.root} not used: {why}; going on without it")

    def _mac_key(self) -> bytes | None:
        if self._secret is None and self.usable:
            try:
                self._secret = cache_secret()
            except CacheSecretError as exc:
                self._give_up(str(exc))
        return self._secret

    # ------------------------------------------------------------ reading

    def _batches(self) -> list[Path]:
        try:
            return sorted(
                p
                for p in self.directory.iterdir()
                if p.name.startswith("batch-")
                and not p.name.endswith(".tmp")
                and p.is_dir()
                and not p.is_symlink()  # tmlog writes none
            )
        except OSError:
            return []

    def _drop(self, batch: Path) -> None:
        """Remove a damaged batch (its games will be replayed and stored anew)."""
        self._say(
            "damaged",
            f"results cache {self.directory}: damaged entries dropped; their games were replayed",
        )
        files.remove_batch(batch)

    def index(self) -> dict[str, Path]:
        """key → the batch that holds it (one batch per key); only batches whose
        manifest proves sound are listed."""
        if self._where is None:
            where: dict[str, Path] = {}
            secret = self._mac_key()
            for batch in self._batches() if secret is not None else []:
                try:
                    manifest = read_manifest(batch, secret)  # type: ignore[arg-type]
                except FileNotFoundError:
                    continue  # compacted away by another run meanwhile
                except Exception:  # any damage at all: drop the batch, replay its games
                    self._drop(batch)
                    continue
                self._manifests[batch] = (manifest, {k: i for i, k in enumerate(manifest.keys)})
                for key in manifest.keys:
                    where.setdefault(key, batch)
            self._where = where
        return self._where

    def __contains__(self, key: str) -> bool:
        return key in self.index()

    # ------------------------------------------------------------ files known by sight

    def known(
        self,
        path: str,
        input_format: str | None,
        options: Mapping[str, Any],
        st: os.stat_result | None = None,
    ) -> tuple[str, str] | None:
        """The key and game fingerprint of the log at ``path``, if it is the very
        file read before (its identity unchanged: see the module's text), else None.
        ``st``: the file's ``os.stat`` if the caller has just taken it."""
        if self._known is None:
            self._known = self._read_identities()
        return sight.known(self._known, path, input_format, options, st)

    def remember(
        self,
        path: str,
        before: os.stat_result,
        key: str,
        fingerprint: str,
        input_format: str | None,
        options: Mapping[str, Any],
    ) -> None:
        """Note the key and fingerprint of the log at ``path``, whose identity was
        ``before`` just before it was read (kept by :meth:`save_identities`)."""
        sight.learn(self._learned, path, before, key, fingerprint, input_format, options)

    def _read_identities(self) -> dict[str, list[Any]]:
        secret = self._mac_key()
        if secret is None:
            return {}
        with _no_collections():
            known = sight.read(self.directory / sight.FILE, secret)
        if known is None:  # damaged or forged: every log is read and hashed again
            self._say(
                "damaged",
                f"results cache {self.directory}: damaged entries dropped;"
                " their games were replayed",
            )
            return {}
        return known

    def save_identities(self) -> None:
        """Keep what :meth:`remember` noted, with what other runs kept meanwhile."""
        if not self._learned or not self.usable:
            return
        secret = self._mac_key()
        if secret is None:
            return
        known = self._read_identities()
        known.update(self._learned)
        try:
            files.make_layout_folder(self.directory)
            sight.write(self.directory / sight.FILE, secret, known)
        except OSError as exc:
            self._give_up(exc.strerror or type(exc).__name__)
            return
        self._known = known
        self._learned = {}

    def load(
        self, keys: Sequence[str], *, tables: Iterable[str] | None = None
    ) -> dict[str, Record]:
        """The cached records of ``keys`` that prove sound (the others are left out).

        ``tables`` limits which parts are read (default: all); the others
        come back empty (win rates need only ``games`` and ``factions``).
        """
        secret = self._mac_key()
        if secret is None:
            return {}
        wanted = None if tables is None else set(tables) | {"games"}
        where = self.index()
        by_batch: dict[Path, set[str]] = {}
        for key in keys:
            batch = where.get(key)
            if batch is not None:
                by_batch.setdefault(batch, set()).add(key)
        records: dict[str, Record] = {}
        with _no_collections():
            self._load(by_batch, wanted, secret, records)
        return records

    def _load(
        self,
        by_batch: dict[Path, set[str]],
        wanted: set[str] | None,
        secret: bytes,
        records: dict[str, Record],
    ) -> None:
        where = self.index()
        for batch, batch_keys in by_batch.items():
            try:
                if batch not in self._manifests:  # written by this run
                    manifest = read_manifest(batch, secret)
                    self._manifests[batch] = (manifest, {k: i for i, k in enumerate(manifest.keys)})
                manifest, positions = self._manifests[batch]
                records.update(
                    _read_batch(batch, batch_keys, wanted, manifest, positions, self._tables)
                )
            except FileNotFoundError:
                continue  # compacted away by another run meanwhile: replayed
            except Exception:  # any damage at all: drop the batch, replay its games
                self._drop(batch)
                self._tables = {k: v for k, v in self._tables.items() if k[0] != batch}
                for key in batch_keys:
                    where.pop(key, None)

    # ------------------------------------------------------------ writing

    def store(self, records: Sequence[tuple[str, Record]]) -> None:
        """Add records (with their keys) as new batches, one per game, atomically.

        A key given twice is stored once. If the cache cannot be written, it
        is given up (see :attr:`usable`) and the run goes on without it.
        """
        secret = self._mac_key()
        if secret is None:
            return
        unique: dict[str, Record] = {}
        for key, record in records:
            unique.setdefault(key, record)
        by_game: dict[str, list[tuple[str, Record]]] = {}
        for key, record in unique.items():
            by_game.setdefault(GAMES.game_of_record(record).name, []).append((key, record))
        try:
            for game, items in by_game.items():
                self._store(game, GAMES[game].schema, items, secret)
            if len(self._batches()) > MAX_BATCHES:
                self.compact()
        except OSError as exc:
            self._give_up(exc.strerror or type(exc).__name__)

    def _store(
        self, game: str, schema: RecordSchema, records: list[tuple[str, Record]], secret: bytes
    ) -> Path:
        files.make_layout_folder(self.directory)
        self._remove_stale_temporaries()
        name = f"batch-{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:12]}"
        tmp = self.directory / f"{name}.tmp"
        tmp.mkdir()
        try:
            write_batch(tmp, game, schema, records, secret)
            os.replace(tmp, self.directory / name)
        except BaseException:
            files.remove_batch(tmp)
            raise
        if self._where is not None:
            for key, _ in records:
                self._where.setdefault(key, self.directory / name)
        return self.directory / name

    def _remove_stale_temporaries(self, older_than: float = 3600.0) -> None:
        now = time.time()
        for p in self.directory.glob("batch-*.tmp"):
            try:
                if now - p.stat().st_mtime > older_than:
                    files.remove_batch(p)
            except OSError:
                continue

    # ------------------------------------------------------------ housekeeping

    def compact(self) -> None:
        """Merge every sound batch into one per game; drop the damaged ones.

        A run reading meanwhile may find a batch gone: it replays those games
        (an answer is never changed, only recomputed).
        """
        secret = self._mac_key()
        if secret is None:
            return
        old = self._batches()
        self._where = None
        keys = list(self.index())
        records = self.load(keys)
        by_game: dict[str, list[tuple[str, Record]]] = {}
        for key, record in records.items():
            by_game.setdefault(GAMES.game_of_record(record).name, []).append((key, record))
        for game, items in by_game.items():
            self._store(game, GAMES[game].schema, items, secret)
        for batch in old:
            files.remove_batch(batch)
        self._where = None
        self._tables = {}
        self._manifests = {}

    def info(self) -> CacheInfo:
        """Where the cache is, its entries and batches (this build's) and the size of
        what tmlog wrote in its directory (:mod:`tmlog.cache_files`; nothing else)."""
        try:
            found = files.survey(self.root)
        except OSError:
            found = files.Survey([], [], [], [])
        size = sum(n for _, n in found.files)
        other = sum(1 for p in found.layouts if p != self.directory)
        return CacheInfo(self.directory, len(self.index()), len(self._batches()), size, other)

    def clear(self) -> files.Cleared:
        """Remove every build's entries and the grammar tables: only the files tmlog
        wrote, never a symbolic link (see :mod:`tmlog.cache_files`).

        Raises:
            OSError: the cache's directory exists but cannot be listed.
        """
        cleared = files.clear(self.root)
        self._where = None
        self._tables = {}
        self._manifests = {}
        return cleared


@contextlib.contextmanager
def _no_collections() -> Iterator[None]:
    """No cyclic garbage collection while decoding tables into records.

    Decoding makes hundreds of thousands of lists and tuples, none in a
    cycle, and each few hundred of them would start a collection that walks
    every object made so far: half the time of loading 10,000 cached games.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _read_batch(
    batch: Path,
    keys: set[str],
    wanted: set[str] | None,
    manifest: Manifest,
    positions: dict[str, int],
    memo: dict[tuple[Path, str], Any],
) -> dict[str, Record]:
    """The records of ``keys`` in ``batch``, whose ``manifest`` was checked (``positions``:
    each key's place in it); each table read is checked against it.

    ``memo`` keeps the batch's decoded tables (those up to :data:`KEPT_BYTES`)
    for the next windows of the run: a batch is read and decoded once, not once
    per window of logs.

    Raises:
        Exception: the batch is damaged (of any kind); the caller drops it.
    """
    schema = GAMES[manifest.game_type].schema

    def decoded(name: str, columns: list[str]) -> list[Any]:
        found = memo.get((batch, name))
        if found is None:
            found = read_table(batch, manifest, name, columns)
            if (batch / f"{name}{TABLE_SUFFIX}").stat().st_size <= KEPT_BYTES:
                memo[(batch, name)] = found
        return found

    names = [c.name for c in schema.games]
    games = decoded("games", names)
    parts = [
        (
            t.row,
            decoded(t.name, list(t.row._fields)) if wanted is None or t.name in wanted else None,
        )
        for t in schema.tables
    ]
    build = _builder(schema)
    width = len(names)
    many = [i for i, c in enumerate(schema.games) if c.many]
    records: dict[str, Record] = {}
    for key in keys:
        i = positions[key]
        values = games[i]
        if len(values) != width:
            raise Damaged(f"{key}: {len(values)} values in a games row of {width}")
        for j in many:  # in place: the same again for a row read twice
            if values[j] is not None:
                values[j] = tuple(values[j])
        tables = [() if rows is None else tuple([row(*r) for r in rows[i]]) for row, rows in parts]
        records[key] = build(values, tables)
    return records


def _builder(schema: RecordSchema) -> Callable[[list[Any], list[Any]], Record]:
    """How to make a record from its games row (in column order) and its tables
    (in the schema's order): positionally when its fields come in that order,
    which costs less than by name (:meth:`~tmlog.records.RecordSchema.build`)."""
    fields = [f.name for f in dataclasses.fields(schema.record)]
    if fields == [*(c.name for c in schema.games), *schema.table_names[1:]]:
        record = schema.record
        return lambda values, tables: record(*values, *tables)
    names = [c.name for c in schema.games]
    return lambda values, tables: schema.build(
        dict(zip(names, values, strict=True)),
        dict(zip(schema.table_names[1:], tables, strict=True)),
    )
