"""The one text writer of report tables: aligned columns or Markdown, without pandas.

:func:`tmlog.report.output.format_frame` writes a DataFrame's cells with it, and
the commands that print a table as text write the rows of the table's one
computation with it (:mod:`tmlog.report.vp_sums`, :mod:`tmlog.report.tally`,
:mod:`tmlog.report.leech`) without importing pandas, whose import costs more than
replaying one game. Both print a cell alike: a float with :func:`decimals` of its
column, nothing for a missing value, anything else as ``str``.

>>> print(text_table(["faction", "vp"], [["witches", "132"], ["nomads", "98"]], [False, True]))
faction   vp
witches  132
nomads    98
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

RATE_DECIMALS = 3
"""Decimals of a rate (a share between 0 and 1: ``win_rate``, ``ci_low``, ``ci_high``)."""
DECIMALS = 2
"""Decimals of every other fractional figure (``wins`` with shared ties, averages)."""


def decimals(name: str) -> int:
    """The decimals of a float column, by its kind, the same in every table whatever its values."""
    return RATE_DECIMALS if name.endswith("rate") or name.startswith("ci_") else DECIMALS


def cell(value: Any, digits: int | None) -> str:
    """A value as its table prints it; ``digits``: a float column's decimals (None: not one).

    >>> cell(0.25, 3), cell(float("nan"), 2), cell(None, None), cell(7, None)
    ('0.250', '', '', '7')
    """
    if value is None:
        return ""
    if digits is not None:
        return "" if math.isnan(value) else f"{value:.{digits}f}"
    return str(value)


def rows_text(
    header: Sequence[str], rows: Iterable[Sequence[Any]], right: Sequence[bool], fmt: str
) -> str:
    """Rows of values as :func:`~tmlog.report.output.format_frame` prints their DataFrame."""
    digits = [decimals(name) for name in header]
    cells = [
        [cell(v, d if isinstance(v, float) else None) for v, d in zip(row, digits, strict=True)]
        for row in rows
    ]
    return text_table(header, cells, right, fmt)


def text_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool], fmt: str = "table"
) -> str:
    """Cells as aligned text (``table``) or Markdown; ``right``: the columns aligned right."""
    if fmt == "markdown":
        lines = ["| " + " | ".join(header) + " |"]
        lines.append("|" + "|".join("--:" if r else ":--" for r in right) + "|")
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        out = [
            c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right, strict=True)
        ]
        return "  ".join(out).rstrip()

    return "\n".join([line(header), *(line(r) for r in rows)])
