"""Tidy tables of many games for other tools: Parquet, CSV or SQLite (``tmlog export``).

Tables of one row per thing they name, written with stable column names
and types (pyarrow for Parquet and CSV, the standard library's ``sqlite3``
for SQLite). ``game`` is the game's id (the log's path) and joins them.

Each game that can be exported (its
:data:`~tmlog.games.capabilities.EXPORT` capability) names its tables, their
columns and types, and shapes them from its records' report frames: Terra
Mystica's five in :mod:`tmlog.games.terra_mystica.export`, Root's four in
:mod:`tmlog.games.root.export`. Here they are typed and written, whatever the
game; a table a game does not have is not written.

Parquet and CSV write ``OUT/<table>.parquet`` / ``OUT/<table>.csv`` into a
directory (made if missing; its parent must exist); SQLite writes one
database file with one table each (bool as INTEGER 0/1, strings as TEXT,
nulls as NULL). Into an existing database (``--force``) only the tables
written are replaced, in one transaction; its other tables stay.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pandas as pd

from tmlog.errors import TmlogError
from tmlog.report.targets import CannotWrite, check_folder, new_temporary, publish, remove

if TYPE_CHECKING:
    from tmlog.games.capabilities import Export

FORMATS = ("parquet", "csv", "sqlite")

Columns = Mapping[str, Mapping[str, str]]
"""Table → column → type (``string``, ``int64``, ``bool``; any may be null
where the game says so), in the written order (a game's
:attr:`~tmlog.games.capabilities.Export.columns`)."""

_SQL_TYPES = {"string": "TEXT", "int64": "INTEGER", "bool": "INTEGER"}


def joined(value: Any) -> Any:
    """A list or tuple cell as comma-separated text (``('a', 'b')`` is ``a,b``)."""
    if isinstance(value, (tuple, list)):
        return ",".join(str(v) for v in value)
    return value


def with_last_state(
    factions: pd.DataFrame, timeline: pd.DataFrame, order: str, state: list[str]
) -> pd.DataFrame:
    """Each faction row with the ``state`` columns of its last timeline row (in
    ``order`` within its game); null where the game has no timeline row."""
    last = timeline.sort_values(["game", order]).groupby(["game", "faction"]).tail(1)
    return factions.merge(last[["game", "faction", *state]], on=["game", "faction"], how="left")


def every_faction(timeline: pd.DataFrame) -> pd.DataFrame:
    """The record's timeline (a row per ledger row, for that row's faction) as a
    row per ledger row and faction in play, each faction's state carried
    forward from its own last row; ``acting`` marks the rows of their own.

    >>> t = pd.DataFrame({"game": ["g"] * 3, "row": [1, 2, 3], "line": [5, 6, 7],
    ...     "round": [1] * 3, "turn": [1, 1, 2], "faction": ["a", "b", "a"], "vp": [20, 21, 23]})
    >>> print(every_faction(t)[["row", "faction", "acting", "vp"]].to_string(index=False))
     row faction  acting  vp
       1       a    True  20
       2       a   False  20
       2       b    True  21
       3       a    True  23
       3       b   False  21
    """
    if timeline.empty:
        return timeline.assign(acting=pd.Series(dtype="bool"))
    at = ["game", "row", "line", "round", "turn"]
    values = [c for c in timeline.columns if c not in (*at, "faction")]
    grid = (
        timeline[at]
        .drop_duplicates(["game", "row"])
        .merge(timeline[["game", "faction"]].drop_duplicates(), on="game")
    )
    own = timeline[["game", "row", "faction", *values]].assign(acting=True)
    out = grid.merge(own, on=["game", "row", "faction"], how="left")
    out = out.sort_values(["game", "faction", "row"], kind="stable")
    out[values] = out.groupby(["game", "faction"], sort=False)[values].ffill()
    # Before its first row of its own a faction is not in play yet.
    out = out[out[values[0]].notna()].copy()
    out[values] = out[values].astype(timeline[values].dtypes.to_dict())
    out["acting"] = out["acting"].eq(True)
    return out.sort_values(["game", "row", "faction"], kind="stable").reset_index(drop=True)


def export_tables(tables: Mapping[str, pd.DataFrame], export: Export) -> dict[str, pd.DataFrame]:
    """The export's tables of one game (its ``export`` capability) from the
    report frames of its records, each with its columns and their types."""
    shaped = export.shape(tables)
    return {name: _typed(shaped[name], export.columns[name]) for name in export.tables}


def _typed(frame: pd.DataFrame, columns: Mapping[str, str]) -> pd.DataFrame:
    frame = frame.reset_index(drop=True)
    out: dict[str, pd.Series[Any]] = {}
    for column, kind in columns.items():
        values = frame[column]
        if kind == "string":
            out[column] = values.astype("string")
        elif kind == "bool":
            out[column] = values.astype("bool")
        elif values.isna().any():
            out[column] = values.astype("Int64")
        else:
            out[column] = values.astype("int64")
    return pd.DataFrame(out, columns=list(columns))


def _arrow_schema(columns: Mapping[str, str]) -> Any:
    import pyarrow as pa

    kinds = {"string": pa.string(), "int64": pa.int64(), "bool": pa.bool_()}
    return pa.schema([(name, kinds[kind]) for name, kind in columns.items()])


def check_output(to: str, out: str) -> None:
    """Before any work: refuse an ``out`` that cannot be written (see
    :mod:`tmlog.report.targets`): a SQLite file whose folder is missing or
    read-only, a directory of tables whose parent is, or an existing file that
    is not a SQLite database (``--force`` replaces tmlog's tables in a
    database, it does not replace another file).

    Raises:
        CannotWrite: the folder is missing or not writable.
        TmlogError: ``out`` exists and is not a SQLite database.
    """
    if to == "sqlite":
        check_folder(out)
        if os.path.isfile(out) and not _is_database(out):
            raise TmlogError(
                f"{out}: exists and is not a SQLite database"
                " (--force replaces the tables tmlog writes in a database, not another file)"
            )
    elif os.path.isdir(out):
        check_folder(os.path.join(out, "games.csv"))
    else:
        check_folder(out)


def _is_database(path: str) -> bool:
    with open(path, "rb") as handle:
        head = handle.read(16)
    # An empty file is an empty database to SQLite.
    return head in (b"", b"SQLite format 3\x00")


def write_tables(
    tables: Mapping[str, pd.DataFrame],
    to: str,
    out: str,
    *,
    columns: Columns,
    force: bool = False,
) -> list[str]:
    """Write the export's tables (their ``columns``) to ``out`` (a directory, or a
    SQLite file); the paths written.

    A new file appears only once complete. With ``force``, an existing table
    file is replaced, and an existing SQLite database keeps every table but
    those written, which are replaced in one transaction. A
    write that fails (a full disk) leaves nothing this run made: no temporary
    file, no half-filled table, no folder it created.

    Raises:
        TmlogError: ``out`` cannot be written, or exists without ``force``.
    """
    if to not in FORMATS:
        raise ValueError(f"unknown export format {to!r}; expected one of {', '.join(FORMATS)}")
    try:
        if to == "sqlite":
            _write_sqlite(tables, out, columns, force=force)
            return [out]
        return _write_arrow(tables, to, out, columns, force=force)
    except (OSError, sqlite3.Error) as exc:
        raise CannotWrite(f"{out}: cannot write: {getattr(exc, 'strerror', None) or exc}") from None


def _write_arrow(
    tables: Mapping[str, pd.DataFrame], to: str, out: str, columns: Columns, *, force: bool
) -> list[str]:
    import pyarrow as pa
    import pyarrow.csv as pa_csv
    import pyarrow.parquet as pq

    # OUT itself, not its parents (tmlog.report.targets).
    made = not os.path.isdir(out)
    if made:
        os.mkdir(out)
    temporaries: dict[str, str] = {}
    published: list[str] = []
    done = False
    try:
        for name, frame in tables.items():
            table = pa.Table.from_pandas(
                frame, schema=_arrow_schema(columns[name]), preserve_index=False
            )
            tmp = temporaries[name] = new_temporary(out, f"{name}.{to}", ".tmp")
            if to == "parquet":
                pq.write_table(table, tmp)
            else:
                pa_csv.write_csv(table, tmp)
        # Every table written: only now does any replace an old one.
        for name, tmp in temporaries.items():
            path = os.path.join(out, f"{name}.{to}")
            existed = os.path.lexists(path)
            publish(tmp, path, force=force)
            if not existed:
                published.append(path)
        done = True
    finally:
        for tmp in temporaries.values():
            remove(tmp)
        if not done:
            for path in published:
                remove(path)
            if made:
                with contextlib.suppress(OSError):  # not empty: something not ours is in it
                    os.rmdir(out)
    return [os.path.join(out, f"{name}.{to}") for name in tables]


def _write_sqlite(
    tables: Mapping[str, pd.DataFrame], out: str, columns: Columns, *, force: bool
) -> None:
    if os.path.lexists(out):
        if not force:
            raise TmlogError(f"{out}: already exists (use --force to overwrite it)")
        if not _is_database(out):
            raise TmlogError(f"{out}: exists and is not a SQLite database")
        _fill(out, tables, columns, replace=True)
        return
    # A new database: written beside it and moved into place once complete.
    tmp = new_temporary(os.path.dirname(out), os.path.basename(out), ".tmp")
    try:
        _fill(tmp, tables, columns, replace=False)
        publish(tmp, out, force=False)
    finally:
        remove(tmp)
        remove(f"{tmp}-journal")


def _fill(
    path: str, tables: Mapping[str, pd.DataFrame], columns: Columns, *, replace: bool
) -> None:
    """Create and fill tmlog's tables in the database ``path`` in one transaction
    (``replace``: drop tmlog's tables first; the database's other tables stay)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            for name, frame in tables.items():
                kinds = columns[name]
                if replace:
                    db.execute(f'DROP TABLE IF EXISTS "{name}"')
                spec = ", ".join(f'"{c}" {_SQL_TYPES[k]}' for c, k in kinds.items())
                db.execute(f'CREATE TABLE "{name}" ({spec})')
                marks = ", ".join("?" * len(kinds))
                db.executemany(
                    f'INSERT INTO "{name}" VALUES ({marks})',
                    (tuple(_plain(v) for v in row) for row in frame.itertuples(index=False)),
                )
            db.execute("COMMIT")
        except BaseException:
            # A rollback that fails too (the disk) is left to SQLite, which
            # rolls back from its journal when the database is next opened.
            with contextlib.suppress(sqlite3.Error):
                if db.in_transaction:
                    db.execute("ROLLBACK")
            raise
    finally:
        db.close()


def _plain(value: Any) -> Any:
    """A cell as sqlite3 takes it: None for a null, int for a bool or numpy int."""
    if value is None or value is pd.NA:
        return None
    if isinstance(value, float) and value != value:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, bool):
        return int(value)
    return value
