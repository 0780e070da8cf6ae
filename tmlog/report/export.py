"""Tidy tables of many games for other tools: Parquet, CSV or SQLite (``tmlog export``).

Five tables, one row per thing they name, written with stable column names
and types (pyarrow for Parquet and CSV, the standard library's ``sqlite3``
for SQLite). ``game`` is the game's id (the log's path) and joins them.

``games`` — one row per game:
    ``game`` string, ``map`` string (the map's name), ``map_id`` string,
    ``options`` string (comma-separated, sorted), ``player_count`` int64
    (factions that started), ``players`` string (names by seat,
    comma-separated), ``final_scoring`` string (``original`` or the Fire & Ice
    tile), ``score_tiles`` string (rounds 1–6, comma-separated), ``rounds``
    int64 (the round reached), ``finished`` bool, ``dropped`` string
    (comma-separated factions).
``factions`` — one row per faction of a game, its final state:
    ``game``, ``faction`` string, ``player`` string (null if unnamed),
    ``start_order`` int64 (seat), ``final_vp`` int64, ``rank`` int64 (null
    for a dropped faction), ``dropped`` bool, ``color`` string,
    ``bonus_round_1`` string, then the resources after the faction's last
    ledger row: ``c``, ``w``, ``p``, ``p1``, ``p2``, ``p3`` (power bowls),
    ``fire``, ``water``, ``earth``, ``air`` (cult positions), ``d``, ``tp``,
    ``te``, ``sh``, ``sa`` (buildings built), ``ship``, ``dig`` (levels), all int64.
``timeline`` — one row per ledger row and faction in play: each faction's
    state after that row (``acting``: the row is the faction's own and holds
    what its ledger recorded; otherwise its state after its own last row, as
    a faction's state changes only in its own rows):
    ``game``, ``row`` int64 (the ledger's action rows numbered from 1),
    ``line`` int64 (log line of the row's last command), ``round``, ``turn``
    int64, ``faction`` string, ``acting`` bool, ``vp``, ``c``, ``w``, ``p``, ``p1``, ``p2``,
    ``p3``, ``fire``, ``water``, ``earth``, ``air``, ``d``, ``tp``, ``te``,
    ``sh``, ``sa``, ``ship``, ``dig`` int64.
``vp_sources`` — net VP per game, faction and source (they sum to ``final_vp``):
    ``game``, ``faction``, ``source`` string, ``vp`` int64.
``leech`` — power offered to each faction and what became of it (see
    ``tmlog leech``): ``game``, ``faction``, ``offers``, ``offered_power``,
    ``accepted``, ``accepted_power``, ``declined``, ``declined_power``,
    ``lapsed``, ``lapsed_power``, ``vp_paid`` int64.

Parquet and CSV write ``OUT/<table>.parquet`` / ``OUT/<table>.csv`` into a
directory; SQLite writes one database file with one table each (bool as
INTEGER 0/1, strings as TEXT, nulls as NULL).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from tmlog.errors import TmlogError
from tmlog.report.leech import LEECH_TOTAL_COLUMNS

FORMATS = ("parquet", "csv", "sqlite")

_STATE = [
    "c", "w", "p", "p1", "p2", "p3", "fire", "water", "earth", "air",
    "d", "tp", "te", "sh", "sa", "ship", "dig",
]  # fmt: skip

COLUMNS: dict[str, dict[str, str]] = {
    "games": {
        "game": "string",
        "map": "string",
        "map_id": "string",
        "options": "string",
        "player_count": "int64",
        "players": "string",
        "final_scoring": "string",
        "score_tiles": "string",
        "rounds": "int64",
        "finished": "bool",
        "dropped": "string",
    },
    "factions": {
        "game": "string",
        "faction": "string",
        "player": "string",
        "start_order": "int64",
        "final_vp": "int64",
        "rank": "int64",
        "dropped": "bool",
        "color": "string",
        "bonus_round_1": "string",
        **dict.fromkeys(_STATE, "int64"),
    },
    "timeline": {
        "game": "string",
        "row": "int64",
        "line": "int64",
        "round": "int64",
        "turn": "int64",
        "faction": "string",
        "acting": "bool",
        "vp": "int64",
        **dict.fromkeys(_STATE, "int64"),
    },
    "vp_sources": {"game": "string", "faction": "string", "source": "string", "vp": "int64"},
    "leech": {
        "game": "string",
        "faction": "string",
        **dict.fromkeys(LEECH_TOTAL_COLUMNS, "int64"),
    },
}
"""Table → column → type (``string``, ``int64``, ``bool``; strings and ``rank``
may be null). The order of the tables and of their columns is the written one."""

_SQL_TYPES = {"string": "TEXT", "int64": "INTEGER", "bool": "INTEGER"}


def _joined(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return ",".join(str(v) for v in value)
    return value


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


def export_tables(tables: Mapping[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The export's tables (:data:`COLUMNS`) from the report frames of many games."""
    games = tables["games"].copy()
    for column in ("options", "players", "score_tiles", "dropped"):
        games[column] = games[column].map(_joined)
    timeline = tables["timeline"]
    last = timeline.sort_values(["game", "row"]).groupby(["game", "faction"]).tail(1)
    factions = tables["factions"].merge(
        last[["game", "faction", *_STATE]], on=["game", "faction"], how="left"
    )
    out = {
        "games": games,
        "factions": factions,
        "timeline": every_faction(timeline),
        "vp_sources": tables["vp"],
        "leech": tables["leech"],
    }
    return {name: _typed(out[name], columns) for name, columns in COLUMNS.items()}


def _typed(frame: pd.DataFrame, columns: dict[str, str]) -> pd.DataFrame:
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


def _arrow_schema(columns: dict[str, str]) -> Any:
    import pyarrow as pa

    kinds = {"string": pa.string(), "int64": pa.int64(), "bool": pa.bool_()}
    return pa.schema([(name, kinds[kind]) for name, kind in columns.items()])


def write_tables(tables: Mapping[str, pd.DataFrame], to: str, out: str) -> list[str]:
    """Write the export's tables to ``out`` (a directory, or a SQLite file); the paths written.

    Raises:
        TmlogError: ``out`` cannot be written.
    """
    if to not in FORMATS:
        raise ValueError(f"unknown export format {to!r}; expected one of {', '.join(FORMATS)}")
    try:
        if to == "sqlite":
            _write_sqlite(tables, out)
            return [out]
        return _write_arrow(tables, to, out)
    except (OSError, sqlite3.Error) as exc:
        raise TmlogError(f"{out}: cannot write: {getattr(exc, 'strerror', None) or exc}") from None


def _write_arrow(tables: Mapping[str, pd.DataFrame], to: str, out: str) -> list[str]:
    import pyarrow as pa
    import pyarrow.csv as pa_csv
    import pyarrow.parquet as pq

    Path(out).mkdir(parents=True, exist_ok=True)
    written = []
    for name, frame in tables.items():
        table = pa.Table.from_pandas(
            frame, schema=_arrow_schema(COLUMNS[name]), preserve_index=False
        )
        path = os.path.join(out, f"{name}.{to}")
        tmp = os.path.join(out, f".{name}.{to}.tmp")
        if to == "parquet":
            pq.write_table(table, tmp)
        else:
            pa_csv.write_csv(table, tmp)
        os.replace(tmp, path)
        written.append(path)
    return written


def _write_sqlite(tables: Mapping[str, pd.DataFrame], out: str) -> None:
    tmp = f"{out}.tmp"
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)
    db = sqlite3.connect(tmp)
    try:
        with db:
            for name, frame in tables.items():
                columns = COLUMNS[name]
                spec = ", ".join(f'"{c}" {_SQL_TYPES[k]}' for c, k in columns.items())
                db.execute(f'CREATE TABLE "{name}" ({spec})')
                marks = ", ".join("?" * len(columns))
                db.executemany(
                    f'INSERT INTO "{name}" VALUES ({marks})',
                    (tuple(_plain(v) for v in row) for row in frame.itertuples(index=False)),
                )
    finally:
        db.close()
    os.replace(tmp, out)


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
