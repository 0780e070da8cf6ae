"""The results cache's Parquet tables: how a batch is written, and its MACs.

See :mod:`tmlog.cache` for what the MACs prove. A MAC is made over an
entry's values as a reader gets them back from Parquet, in ``repr``, so
that writing and reading agree however a value is stored.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from tmlog.records import Column, Record, RecordSchema

LAYOUT = "v2"
"""The on-disk layout; part of every key and of the directory name."""

MAC_PREFIX = "mac_"


def mac(secret: bytes, key: str, table: str, values: Any) -> str:
    """The MAC of one entry's part: its values as Parquet gives them back, in ``repr``."""
    message = f"{LAYOUT}\0{key}\0{table}\0{values!r}".encode()
    # hmac.digest: the one-shot C path, a fifth of hmac.new's cost on a message this short.
    return hmac.digest(secret, message, "sha256").hex()


def rows_by_key(columns: dict[str, list[Any]], names: Sequence[str]) -> dict[str, list[Any]]:
    """Each key's rows (tuples of the ``names`` columns), in order."""
    by_key: dict[str, list[Any]] = {}
    keys = columns["key"]
    rows = zip(*(columns[n] for n in names), strict=True) if names else iter([()] * len(keys))
    for key, row in zip(keys, rows, strict=True):
        by_key.setdefault(key, []).append(row)
    return by_key


def arrow_tables(
    game: str, schema: RecordSchema, records: list[tuple[str, Record]], secret: bytes
) -> Iterator[tuple[str, Any]]:
    """A batch's tables one at a time, the games table last with the MACs of every
    part (one table at a time in memory: a batch's timeline is large)."""
    import pyarrow as pa

    macs: dict[str, list[str]] = {}
    keys = [k for k, _ in records]
    for table in schema.tables:
        names = table.row._fields
        columns: dict[str, list[Any]] = {f: [] for f in ("key", *names)}
        by_field = [columns[f] for f in names]
        for key, record in records:
            for row in getattr(record, table.name):
                columns["key"].append(key)
                for column, v in zip(by_field, row, strict=True):
                    column.append(v)
        arrow = pa.table(columns, schema=arrow_schema(table.columns))
        del columns, by_field
        # MACs over what a reader will get back from Parquet, not over the record.
        macs[MAC_PREFIX + table.name] = _macs_read_back(arrow, names, keys, table.name, secret)
        yield table.name, arrow
        del arrow
    games: dict[str, list[Any]] = {"key": keys, "game_type": [game] * len(records)}
    for c in schema.games:
        values = [getattr(r, c.name) for _, r in records]
        games[c.name] = [list(v) for v in values] if c.many else values
    arrow = pa.table(games, schema=arrow_schema(schema.games, extra=("game_type",)))
    read_back = rows_by_key(arrow.to_pydict(), ["game_type", *(c.name for c in schema.games)])
    macs[MAC_PREFIX + "games"] = [mac(secret, key, "games", read_back[key]) for key in keys]
    for name, values in macs.items():
        arrow = arrow.append_column(name, pa.array(values, pa.string()))
    yield "games", arrow


READ_BACK_ROWS = 50_000
"""Rows of a table turned back into Python at a time to compute its MACs."""


def _macs_read_back(
    arrow: Any, names: Sequence[str], keys: Sequence[str], table: str, secret: bytes
) -> list[str]:
    """Each key's MAC of its rows in ``arrow`` as a reader will get them back,
    a slice at a time (a key's rows are consecutive, as the batch is written)."""
    macs: dict[str, str] = {}
    current: str | None = None
    rows: list[Any] = []
    for part in arrow.to_batches(max_chunksize=READ_BACK_ROWS):
        columns = part.to_pydict()
        fields = [columns[n] for n in names]
        for i, key in enumerate(columns["key"]):
            if key != current:
                if current is not None:
                    macs[current] = mac(secret, current, table, rows)
                current, rows = key, []
            rows.append(tuple(f[i] for f in fields))
    if current is not None:
        macs[current] = mac(secret, current, table, rows)
    return [macs.get(key) or mac(secret, key, table, []) for key in keys]


def read_parquet(path: Path, columns: Callable[[list[str]], list[str]] | None = None) -> Any:
    """A Parquet file's table (``columns``: those of its column names to read).

    ``pyarrow.parquet.read_table`` would do, but it goes through
    ``pyarrow.dataset``, whose import brings pandas: most of a warm run's time.
    """
    import pyarrow.parquet as pq

    found = pq.ParquetFile(path)
    return found.read(columns=columns(found.schema_arrow.names) if columns else None)


def arrow_schema(columns: Sequence[Column], extra: Sequence[str] = ()) -> Any:
    """The Parquet schema of a table: its key (and ``extra`` text columns), then its columns."""
    import pyarrow as pa

    types = {int: pa.int64(), str: pa.string(), bool: pa.bool_(), float: pa.float64()}
    fields = [pa.field(name, pa.string()) for name in ("key", *extra)]
    for c in columns:
        kind = types[c.kind]
        fields.append(pa.field(c.name, pa.list_(kind) if c.many else kind))
    return pa.schema(fields)
