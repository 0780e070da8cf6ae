"""A results cache: per-game records in an embedded Parquet dataset.

Records (:class:`~tmlog.report.frames.GameRecord`) are keyed by a SHA-1 of
the log's bytes and of the tmlog version, so an edited log, or a new tmlog,
misses the cache and is replayed again.

Layout: ``<root>/tmlog-<version>/batch-<id>/`` holds one Parquet file per
table of the records (``games``, ``factions``, ``vp``, ``vp_rounds``,
``leech``, ``feeding``), each row carrying its record's ``key``. A batch is
written into a temporary directory and renamed into place in one atomic
step, so a run killed at any moment leaves either a whole batch or a
``*.tmp`` directory that readers ignore (and a later writer removes).
Batches written by two runs at once may repeat a key; readers keep one.
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
from tmlog.report.frames import (
    FactionRow,
    FeedingRow,
    GameRecord,
    LeechRow,
    VpRoundRow,
    VpRow,
)

TABLES = ("games", "factions", "vp", "vp_rounds", "leech", "feeding")
"""The tables of a record, in the order a batch writes them."""

_PARTS: dict[str, Any] = {
    "factions": FactionRow,
    "vp": VpRow,
    "vp_rounds": VpRoundRow,
    "leech": LeechRow,
    "feeding": FeedingRow,
}
_GAME_FIELDS = (
    "game",
    "map_id",
    "map_name",
    "options",
    "players",
    "player_count",
    "final_scoring",
    "finished",
    "last_round",
    "dropped",
    "error",
    "warnings",
)
_LISTS = ("options", "players", "dropped", "warnings")


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

    def load(self, keys: Sequence[str], *, tables: Iterable[str] = TABLES) -> dict[str, GameRecord]:
        """The cached records of ``keys`` (those not cached are left out).

        ``tables`` limits which parts are read; the others come back empty
        (win rates need only ``games`` and ``factions``).
        """
        import pyarrow.parquet as pq

        wanted = set(tables) | {"games"}
        where = self.index()
        by_batch: dict[Path, set[str]] = {}
        for key in keys:
            batch = where.get(key)
            if batch is not None:
                by_batch.setdefault(batch, set()).add(key)
        records: dict[str, GameRecord] = {}
        for batch, batch_keys in by_batch.items():
            try:
                data = {
                    t: pq.read_table(batch / f"{t}.parquet").to_pydict()
                    for t in TABLES
                    if t in wanted
                }
            except (OSError, ValueError):
                continue  # a damaged batch: its games are replayed again
            records.update(_records(data, batch_keys))
        return records

    # ------------------------------------------------------------ writing

    def store(self, records: Sequence[tuple[str, GameRecord]]) -> None:
        """Add records (with their keys) as one new batch, atomically."""
        if not records:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.directory.mkdir(parents=True, exist_ok=True)
        self._remove_stale_temporaries()
        name = f"batch-{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:12]}"
        tmp = self.directory / f"{name}.tmp"
        tmp.mkdir()
        try:
            games = {f: [getattr(r, f) for _, r in records] for f in _GAME_FIELDS}
            for list_field in _LISTS:
                games[list_field] = [list(v) for v in games[list_field]]
            games["key"] = [k for k, _ in records]
            pq.write_table(pa.table(games), tmp / "games.parquet")
            for table, row_type in _PARTS.items():
                columns: dict[str, list[Any]] = {f: [] for f in ("key", *row_type._fields)}
                for key, record in records:
                    for row in getattr(record, table):
                        columns["key"].append(key)
                        for f, v in zip(row_type._fields, row, strict=True):
                            columns[f].append(v)
                schema = _schema(row_type) if not columns["key"] else None
                pq.write_table(pa.table(columns, schema=schema), tmp / f"{table}.parquet")
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


def _records(data: dict[str, dict[str, list[Any]]], keys: set[str]) -> dict[str, GameRecord]:
    """The records of ``keys`` from a batch's tables (as read, column by column)."""
    games: dict[str, dict[str, Any]] = {}
    parts: dict[str, dict[str, list[Any]]] = {}
    for table, columns in data.items():
        key_column = columns.pop("key")
        names = list(columns)
        values = [columns[c] for c in names]
        if table == "games":
            for i, key in enumerate(key_column):
                if key in keys:
                    games[key] = {c: values[j][i] for j, c in enumerate(names)}
            continue
        row_type = _PARTS[table]
        grouped = parts.setdefault(table, {})
        for i, key in enumerate(key_column):
            if key in keys:
                grouped.setdefault(key, []).append(row_type(*(v[i] for v in values)))
    out: dict[str, GameRecord] = {}
    for key, game in games.items():
        fields: dict[str, Any] = dict(game)
        for name in _LISTS:
            fields[name] = tuple(fields[name])
        for t in _PARTS:
            fields[t] = tuple(parts.get(t, {}).get(key, ()))
        out[key] = GameRecord(**fields)
    return out


def _schema(row_type: Any) -> Any:
    """An explicit schema for an empty table (types cannot be inferred from no rows)."""
    import pyarrow as pa

    types = {"int": pa.int64(), "str": pa.string(), "bool": pa.bool_()}
    fields = [pa.field("key", pa.string())]
    for name in row_type._fields:
        hint = row_type.__annotations__[name]
        hint = str(getattr(hint, "__forward_arg__", hint)).split(" | ")[0]
        fields.append(pa.field(name, types.get(hint, pa.string())))
    return pa.schema(fields)
