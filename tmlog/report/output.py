"""The one writer of report tables: aligned text, CSV, JSON or Markdown.

Every report command prints through :func:`format_frame`, so the four
formats behave the same everywhere: JSON is a list of records (``null``
for a missing value), CSV has a header and no index, ``table`` and
``markdown`` are for reading and can split a frame into titled groups.

>>> import pandas as pd
>>> df = pd.DataFrame({"faction": ["witches", "nomads"], "vp": [132, 98], "rate": [0.5, 0.25]})
>>> print(format_frame(df, "table"))
faction   vp   rate
witches  132  0.500
nomads    98  0.250
>>> print(format_frame(df, "markdown"))
| faction | vp | rate |
|:--|--:|--:|
| witches | 132 | 0.500 |
| nomads | 98 | 0.250 |
>>> print(format_frame(df.head(1), "json"))
[
  {"faction": "witches", "vp": 132, "rate": 0.5}
]
>>> print(format_frame(df, "csv"), end="")
faction,vp,rate
witches,132,0.5
nomads,98,0.25
"""

from __future__ import annotations

import json
import math
from typing import Any

import pandas as pd
from pandas.api.types import is_bool_dtype, is_float_dtype, is_numeric_dtype

from tmlog.report.table import cell, decimals, text_table

FORMATS = ("table", "csv", "json", "markdown")
"""The output formats every report command offers."""

_JSON_DIGITS = 6


def format_frame(df: pd.DataFrame, fmt: str, *, group_by: str | None = None) -> str:
    """Render a table in one of :data:`FORMATS` (no trailing newline).

    Args:
        df: the table; its index is ignored.
        fmt: ``table``, ``csv``, ``json`` or ``markdown``.
        group_by: for ``table`` and ``markdown``, print one titled table per
            value of this column (in order of appearance), without the column,
            and without the columns that are empty in that group. CSV and JSON
            keep the column.
    """
    df = df.reset_index(drop=True)
    if fmt == "json":
        return _json(df)
    if fmt == "csv":
        return _csv(df)
    if fmt not in ("table", "markdown"):
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if group_by is None:
        return _text(df, fmt)
    parts = []
    for key, group in df.groupby(group_by, sort=False, dropna=False):
        group = group.drop(columns=[group_by]).dropna(axis="columns", how="all")
        title = f"{key}" if fmt == "table" else f"### {key}"
        parts.append(f"{title}\n{'' if fmt == 'table' else chr(10)}{_text(group, fmt)}")
    return "\n\n".join(parts)


# ---------------------------------------------------------------- cells


def _plain(value: Any) -> Any:
    """A JSON-ready Python value (``None`` for a missing one)."""
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if hasattr(value, "item"):  # numpy scalar
        value = value.item()
    if isinstance(value, float):
        if math.isnan(value):
            return None
        return round(value, _JSON_DIGITS)
    if isinstance(value, tuple):
        return list(value)
    return value


def _cells(name: str, column: pd.Series) -> list[str]:
    # pandas' missing values (NA, NaT, NaN) print as None does.
    digits = decimals(name) if is_float_dtype(column.dtype) else None
    return [cell(None if not isinstance(v, tuple) and pd.isna(v) else v, digits) for v in column]


def _numeric(column: pd.Series) -> bool:
    return is_numeric_dtype(column.dtype) and not is_bool_dtype(column.dtype)


# -------------------------------------------------------------- writers


def _json(df: pd.DataFrame) -> str:
    columns = [str(c) for c in df.columns]
    lines = []
    for row in df.itertuples(index=False, name=None):
        record = {c: _plain(v) for c, v in zip(columns, row, strict=True)}
        lines.append("  " + json.dumps(record, ensure_ascii=False))
    if not lines:
        return "[]"
    return "[\n" + ",\n".join(lines) + "\n]"


def _csv(df: pd.DataFrame) -> str:
    out = df.copy()
    for c in out.columns:
        if is_float_dtype(out[c].dtype):
            out[c] = out[c].round(_JSON_DIGITS)
    return str(out.to_csv(index=False, lineterminator="\n"))


def _text(df: pd.DataFrame, fmt: str) -> str:
    header = [str(c) for c in df.columns]
    columns = [_cells(str(c), df[c]) for c in df.columns]
    right = [_numeric(df[c]) for c in df.columns]
    rows = [list(r) for r in zip(*columns, strict=True)] if columns else []
    return text_table(header, rows, right, fmt)
