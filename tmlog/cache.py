"""A results cache: per-game records in an embedded Parquet dataset.

Records (any game's, see :mod:`tmlog.records`) are keyed by a SHA-1 of the
log's bytes and of the tmlog version, so an edited log, or a new tmlog,
misses the cache and is replayed again.

Layout: ``<root>/tmlog-<version>/batch-<id>/`` holds one Parquet file per
table of the records of one game (for Terra Mystica ``games``, ``factions``,
``vp``, ``vp_rounds``, ``leech``, ``feeding``), each row carrying its
record's ``key``; the ``games`` table also says which game the batch holds
(``game_type``). Columns and their types are read from the record type, so
nothing here knows a game's fields. A batch is written into a temporary
directory and renamed into place in one atomic step, so a run killed at any
moment leaves either a whole batch or a ``*.tmp`` directory that readers
ignore (and a later writer removes). Batches written by two runs at once may
repeat a key; readers keep one.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import time
import uuid
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tmlog import __version__
from tmlog.games import GAMES
from tmlog.records import Column, Record, RecordSchema


def default_root() -> Path:
    """The user's cache directory for tmlog (``$XDG_CACHE_HOME/tmlog`` on Linux)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
        return base / "tmlog" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "tmlog"
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "tmlog"


def content_key(data: bytes) -> str:
    """The cache key of a log: SHA-1 of the tmlog version and the log's bytes."""
    digest = hashlib.sha1(f"tmlog {__version__}\0".encode())
    digest.update(data)
    return digest.hexdigest()


class ResultCache:
    """Game records on disk, looked up by :func:`content_key`."""

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()
        self.directory = self.root / f"tmlog-{__version__}"
        self._where: dict[str, Path] | None = None

    # ------------------------------------------------------------ reading

    def _batches(self) -> list[Path]:
        if not self.directory.is_dir():
            return []
        return sorted(
            p
            for p in self.directory.iterdir()
            if p.name.startswith("batch-") and not p.name.endswith(".tmp") and p.is_dir()
        )

    def index(self) -> dict[str, Path]:
        """key → the batch that holds it (one batch per key)."""
        if self._where is None:
            import pyarrow.parquet as pq

            where: dict[str, Path] = {}
            for batch in self._batches():
                try:
                    keys = pq.read_table(batch / "games.parquet", columns=["key"])
                except (OSError, ValueError):
                    continue  # unreadable batch: its games will be replayed again
                for key in keys.column("key").to_pylist():
                    where.setdefault(key, batch)
            self._where = where
        return self._where

    def __contains__(self, key: str) -> bool:
        return key in self.index()

    def load(
        self, keys: Sequence[str], *, tables: Iterable[str] | None = None
    ) -> dict[str, Record]:
        """The cached records of ``keys`` (those not cached are left out).

        ``tables`` limits which parts are read (default: all); the others
        come back empty (win rates need only ``games`` and ``factions``).
        """
        import pyarrow.parquet as pq

        wanted = None if tables is None else set(tables) | {"games"}
        where = self.index()
        by_batch: dict[Path, set[str]] = {}
        for key in keys:
            batch = where.get(key)
            if batch is not None:
                by_batch.setdefault(batch, set()).add(key)
        records: dict[str, Record] = {}
        for batch, batch_keys in by_batch.items():
            try:
                games = pq.read_table(batch / "games.parquet").to_pydict()
                schema = GAMES[games.pop("game_type")[0]].schema
                data = {
                    t: pq.read_table(batch / f"{t}.parquet").to_pydict()
                    for t in schema.table_names[1:]
                    if wanted is None or t in wanted
                }
                records.update(_records(schema, games, data, batch_keys))
            except (OSError, ValueError, KeyError, TypeError):
                continue  # a damaged batch, or one of another shape: its games are replayed again
        return records

    # ------------------------------------------------------------ writing

    def store(self, records: Sequence[tuple[str, Record]]) -> None:
        """Add records (with their keys) as new batches, one per game, atomically."""
        by_game: dict[str, list[tuple[str, Record]]] = {}
        for key, record in records:
            by_game.setdefault(GAMES.game_of_record(record).name, []).append((key, record))
        for game, items in by_game.items():
            self._store(game, GAMES[game].schema, items)

    def _store(self, game: str, schema: RecordSchema, records: list[tuple[str, Record]]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.directory.mkdir(parents=True, exist_ok=True)
        self._remove_stale_temporaries()
        name = f"batch-{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:12]}"
        tmp = self.directory / f"{name}.tmp"
        tmp.mkdir()
        try:
            games: dict[str, list[Any]] = {"key": [k for k, _ in records]}
            games["game_type"] = [game] * len(records)
            for c in schema.games:
                values = [getattr(r, c.name) for _, r in records]
                games[c.name] = [list(v) for v in values] if c.many else values
            arrow = _arrow_schema(schema.games, extra=("game_type",))
            pq.write_table(pa.table(games, schema=arrow), tmp / "games.parquet")
            for table in schema.tables:
                names = table.row._fields
                columns: dict[str, list[Any]] = {f: [] for f in ("key", *names)}
                keys = columns["key"]
                by_field = [columns[f] for f in names]
                for key, record in records:
                    for row in getattr(record, table.name):
                        keys.append(key)
                        for out, v in zip(by_field, row, strict=True):
                            out.append(v)
                arrow = _arrow_schema(table.columns)
                pq.write_table(pa.table(columns, schema=arrow), tmp / f"{table.name}.parquet")
            os.replace(tmp, self.directory / name)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        if self._where is not None:
            for key, _ in records:
                self._where.setdefault(key, self.directory / name)

    def _remove_stale_temporaries(self, older_than: float = 3600.0) -> None:
        now = time.time()
        for p in self.directory.glob("batch-*.tmp"):
            try:
                if now - p.stat().st_mtime > older_than:
                    shutil.rmtree(p, ignore_errors=True)
            except OSError:
                continue


def _records(
    schema: RecordSchema,
    games: dict[str, list[Any]],
    data: dict[str, dict[str, list[Any]]],
    keys: set[str],
) -> dict[str, Record]:
    """The records of ``keys`` from a batch's tables (as read, column by column)."""
    key_column = games.pop("key")
    names = [c.name for c in schema.games]
    values = [games[n] for n in names]
    rows: dict[str, dict[str, Any]] = {}
    for i, key in enumerate(key_column):
        if key in keys:
            rows[key] = {n: v[i] for n, v in zip(names, values, strict=True)}
    parts: dict[str, dict[str, list[Any]]] = {}
    for table, columns in data.items():
        row_type = schema.table(table).row
        row_keys = columns["key"]
        fields = [columns[f] for f in row_type._fields]
        grouped = parts[table] = {}
        for i, key in enumerate(row_keys):
            if key in keys:
                grouped.setdefault(key, []).append(row_type(*(f[i] for f in fields)))
    return {
        key: schema.build(row, {t: by_key.get(key, ()) for t, by_key in parts.items()})
        for key, row in rows.items()
    }


def _arrow_schema(columns: Sequence[Column], extra: Sequence[str] = ()) -> Any:
    """The Parquet schema of a table: its key (and ``extra`` text columns), then its columns."""
    import pyarrow as pa

    types = {int: pa.int64(), str: pa.string(), bool: pa.bool_(), float: pa.float64()}
    fields = [pa.field(name, pa.string()) for name in ("key", *extra)]
    for c in columns:
        kind = types[c.kind]
        fields.append(pa.field(c.name, pa.list_(kind) if c.many else kind))
    return pa.schema(fields)
