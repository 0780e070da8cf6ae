"""The results cache's files: a batch's signed manifest and its tables.

See :mod:`tmlog.cache` for what the signature proves. A batch is a
directory holding one file per table of its records (:data:`TABLE_SUFFIX`)
and a :data:`MANIFEST` that names the batch's game, its keys in order, and
each table's columns and the SHA-256 of its file, under an HMAC made with
the cache's secret. So one check of the manifest and one hash of each file
read prove every entry of the batch: nothing can be added, left out,
repeated, reordered or moved between batches without the secret.

A table file is JSON compressed with zlib, read and written with the
standard library: a warm run needs neither pyarrow (whose import alone
costs more than reading 10,000 games' win-rate parts) nor per-entry work
beyond building the records. The JSON is a list aligned with the
manifest's keys: for ``games`` each key's row (its values in the columns'
order), for the other tables each key's list of rows.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from tmlog.records import Column, Record, RecordSchema

LAYOUT = "v3"
"""The on-disk layout; part of every key and of the directory name."""

MANIFEST = "manifest"
"""A batch's manifest: a line with its HMAC, then its JSON."""

TABLE_SUFFIX = ".json.z"

COMPRESSION = 1
"""zlib's level: the tables compress tenfold at the fastest level already."""


class Damaged(Exception):
    """A batch that failed a check (any reason: it is dropped all the same)."""


class Manifest(NamedTuple):
    """What a batch's signed manifest says."""

    game_type: str
    keys: list[str]
    tables: dict[str, tuple[list[str], str]]
    """Each table's column names and the SHA-256 (hex) of its file."""


def _sign(secret: bytes, body: bytes) -> str:
    return hmac.digest(secret, b"tmlog batch " + LAYOUT.encode() + b"\0" + body, "sha256").hex()


def _table_file(table: str) -> str:
    return table + TABLE_SUFFIX


def _plain(value: Any, column: Column) -> Any:
    """A value as JSON keeps it: a float column's values as floats (an int
    there would come back an int), tuples as lists."""
    if value is None:
        return None
    if column.many:
        return [float(v) for v in value] if column.kind is float else list(value)
    return float(value) if column.kind is float else value


def encoded_tables(
    schema: RecordSchema, records: Sequence[tuple[str, Record]]
) -> Iterator[tuple[str, list[str], bytes]]:
    """Each table of ``records`` as its file's bytes, one table at a time: the name,
    the column names and the bytes. A table is encoded a key at a time into the
    compressor (a batch's timeline would take hundreds of megabytes as one string)."""
    names = [c.name for c in schema.games]
    rows = ([_plain(getattr(r, c.name), c) for c in schema.games] for _, r in records)
    yield "games", names, _packed(rows)
    for table in schema.tables:
        columns = table.columns
        if any(c.kind is float for c in columns):
            per_key: Iterator[Any] = (
                [[_plain(v, c) for v, c in zip(row, columns, strict=True)] for row in got]
                for got in (getattr(r, table.name) for _, r in records)
            )
        else:  # rows are tuples: JSON writes them as lists as they are
            per_key = (getattr(r, table.name) for _, r in records)
        yield table.name, list(table.row._fields), _packed(per_key)


def _packed(items: Iterator[Any]) -> bytes:
    """A JSON list of ``items``, compressed, made an item at a time."""
    z = zlib.compressobj(COMPRESSION)
    out = [z.compress(b"[")]
    separator = b""
    for item in items:
        out.append(z.compress(separator + json.dumps(item, separators=(",", ":")).encode()))
        separator = b","
    out.append(z.compress(b"]"))
    out.append(z.flush())
    return b"".join(out)


def write_batch(
    directory: Path,
    game: str,
    schema: RecordSchema,
    records: Sequence[tuple[str, Record]],
    secret: bytes,
) -> None:
    """Write the tables of ``records`` (unique keys) and their manifest into ``directory``."""
    tables: dict[str, Any] = {}
    for name, columns, data in encoded_tables(schema, records):
        (directory / _table_file(name)).write_bytes(data)
        tables[name] = {"columns": columns, "sha256": hashlib.sha256(data).hexdigest()}
    body = json.dumps(
        {"game_type": game, "keys": [k for k, _ in records], "tables": tables},
        separators=(",", ":"),
    ).encode()
    (directory / MANIFEST).write_bytes(_sign(secret, body).encode("ascii") + b"\n" + body)


def read_file(path: Path) -> bytes:
    """The bytes of the file at ``path``, if it is a regular file: a FIFO or a
    device put in a cache file's place is opened without waiting for a writer,
    then refused.

    Raises:
        FileNotFoundError: there is no file.
        Damaged: it is not a regular file.
        OSError: it cannot be read.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Damaged(f"{path.name}: not a regular file")
        return file.read()


def read_manifest(batch: Path, secret: bytes) -> Manifest:
    """A batch's manifest, its signature checked.

    Raises:
        FileNotFoundError: the batch is gone (compacted away by another run).
        Damaged: the manifest is damaged or was not written with the secret.
    """
    raw = read_file(batch / MANIFEST)
    mac, _, body = raw.partition(b"\n")
    try:
        if not hmac.compare_digest(mac, _sign(secret, body).encode("ascii")):
            raise Damaged("manifest: MAC mismatch")
        found = json.loads(body)
        keys = found["keys"]
        tables = {
            name: (list(t["columns"]), str(t["sha256"])) for name, t in found["tables"].items()
        }
        game_type = found["game_type"]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise Damaged(f"manifest: {exc}") from None
    if (
        not isinstance(game_type, str)
        or not isinstance(keys, list)
        or not all(isinstance(k, str) for k in keys)
        or len(set(keys)) != len(keys)
    ):
        raise Damaged("manifest: not a list of distinct keys")
    return Manifest(game_type, keys, tables)


def read_table(batch: Path, manifest: Manifest, table: str, columns: Sequence[str]) -> list[Any]:
    """A table of a batch, checked against its manifest: a list aligned with its keys.

    Raises:
        FileNotFoundError: the batch is gone (compacted away by another run).
        Damaged: the file is not the one the manifest names, or of another shape.
    """
    if table not in manifest.tables:
        raise Damaged(f"{table}: not in the manifest")
    names, digest = manifest.tables[table]
    if names != list(columns):
        raise Damaged(f"{table}: columns {names}")
    data = read_file(batch / _table_file(table))
    if not hmac.compare_digest(hashlib.sha256(data).hexdigest(), digest):
        raise Damaged(f"{table}: not the file the manifest names")
    try:
        rows = json.loads(zlib.decompress(data))
    except (ValueError, zlib.error) as exc:
        raise Damaged(f"{table}: {exc}") from None
    if not isinstance(rows, list) or len(rows) != len(manifest.keys):
        raise Damaged(f"{table}: not one entry per key")
    return rows
