"""The shape every game's record has: one ``games`` row and named tables of rows.

A game folds each replay into a record: a frozen dataclass whose plain fields
(``int``, ``float``, ``str``, ``bool``, optionally ``None``, or a ``tuple`` of
``str``) make its row of the ``games`` table, and whose ``tuple[SomeRow, ...]``
fields, ``SomeRow`` a :class:`~typing.NamedTuple`, are its other tables, one
per field. :func:`describe` reads that from the type's annotations, so the
results cache (:mod:`tmlog.cache`) and the report tables
(:mod:`tmlog.report.frames`) need no list of columns: a new field is a new
column everywhere.

>>> from tmlog.games.terra_mystica.record import GameRecord
>>> schema = describe(GameRecord)
>>> [c.name for c in schema.games][:4]
['game', 'map_name', 'map_id', 'options']
>>> [t.name for t in schema.tables]
['factions', 'vp', 'vp_rounds', 'leech', 'feeding', 'timeline']
>>> schema.table("vp").columns[2]
Column(name='vp', kind=<class 'int'>, optional=False, many=False)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import field
from functools import cache
from typing import Any, Protocol, TypeVar

from tmlog import lean

R = TypeVar("R")

_KINDS = (bool, int, float, str)


class Record(Protocol):
    """What the runner, the cache and the command line need of any game's record."""

    @property
    def game(self) -> str:
        """The game's id: the log's path unless given."""

    @property
    def error(self) -> str | None:
        """Why the replay stopped before the end of the log (``None``: it did not)."""

    @property
    def warnings(self) -> tuple[str, ...]:
        """What did not stop the replay but should be said."""


@lean.dataclass(frozen=True)
class Column:
    """One column: a field of the record (the ``games`` table) or of a row type."""

    name: str
    kind: type
    """``bool``, ``int``, ``float`` or ``str``."""
    optional: bool = False
    """May be ``None``."""
    many: bool = False
    """A tuple of values (stored as a list, shown comma-separated in frames)."""


@lean.dataclass(frozen=True)
class Table:
    """A table of a record: one of its ``tuple[Row, ...]`` fields."""

    name: str
    row: type[Any]
    """The :class:`~typing.NamedTuple` of its rows."""
    columns: tuple[Column, ...]


@lean.dataclass(frozen=True)
class FrameOptions:
    """How the report frames show a record's tables; a record type may set them
    as its ``frame_options`` class attribute.

    They change the frames only (the cache keeps every field under its own
    name): ``names`` renames ``games`` columns, ``hidden`` leaves some out,
    and ``keys`` repeats ``games`` columns at the end of another table's rows
    (grouping keys that reporters need next to each row, such as whether the
    game finished).
    """

    names: Mapping[str, str] = field(default_factory=dict)
    hidden: tuple[str, ...] = ()
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@lean.dataclass(frozen=True)
class RecordSchema:
    """A record type's tables, and how the report frames show them."""

    record: type[Any]
    games: tuple[Column, ...]
    tables: tuple[Table, ...]
    frame_names: Mapping[str, str] = field(default_factory=dict)
    hidden: tuple[str, ...] = ()
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def table_names(self) -> tuple[str, ...]:
        """``games`` and then the other tables, in the record's order."""
        return ("games", *(t.name for t in self.tables))

    def table(self, name: str) -> Table:
        for t in self.tables:
            if t.name == name:
                return t
        raise KeyError(name)

    def frame_name(self, column: str) -> str:
        return self.frame_names.get(column, column)

    def frame_columns(self, table: str) -> list[str]:
        """The columns of a table as :func:`tmlog.report.frames.frames` builds it."""
        if table == "games":
            return [self.frame_name(c.name) for c in self.games if c.name not in self.hidden]
        keys = [self.frame_name(k) for k in self.keys.get(table, ())]
        return ["game", *(c.name for c in self.table(table).columns), *keys]

    def only(self, record: R, tables: Iterable[str] | None) -> R:
        """``record`` with the tables not named in ``tables`` emptied (all kept for None)."""
        if tables is None:
            return record
        wanted = set(tables)
        # A record built with only those tables (GameModule.record) is returned as is.
        drop = {t.name: () for t in self.tables if t.name not in wanted and getattr(record, t.name)}
        return dataclasses.replace(record, **drop) if drop else record  # type: ignore[type-var]

    def build(self, games_row: Mapping[str, Any], tables: Mapping[str, Iterable[Any]]) -> Any:
        """A record from its ``games`` values and its tables' rows (missing tables: empty)."""
        values: dict[str, Any] = dict(games_row)
        for c in self.games:
            if c.many and values[c.name] is not None:
                values[c.name] = tuple(values[c.name])
        for t in self.tables:
            values[t.name] = tuple(tables.get(t.name, ()))
        return self.record(**values)


@cache
def describe(record_type: type[Any]) -> RecordSchema:
    """The schema of a record type, read from its annotations and ``frame_options``."""
    if not dataclasses.is_dataclass(record_type):
        raise TypeError(f"{record_type.__name__} is not a dataclass")
    hints = typing.get_type_hints(record_type)
    games: list[Column] = []
    tables: list[Table] = []
    for f in dataclasses.fields(record_type):
        hint = hints[f.name]
        row = _row_type(hint)
        if row is None:
            games.append(_column(f.name, hint, record_type))
        else:
            row_hints = typing.get_type_hints(row)
            columns = tuple(_column(name, row_hints[name], row) for name in row._fields)
            tables.append(Table(f.name, row, columns))
    names = {c.name for c in games}
    for name in ("game", "error", "warnings"):
        if name not in names:
            raise TypeError(f"{record_type.__name__} has no {name!r} field (see Record)")
    options: FrameOptions = getattr(record_type, "frame_options", FrameOptions())
    return RecordSchema(
        record_type, tuple(games), tuple(tables), options.names, options.hidden, options.keys
    )


def _row_type(hint: Any) -> type[Any] | None:
    """``SomeRow`` for ``tuple[SomeRow, ...]`` where ``SomeRow`` is a NamedTuple, else None."""
    if typing.get_origin(hint) is not tuple:
        return None
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis and isinstance(args[0], type):
        if issubclass(args[0], tuple) and hasattr(args[0], "_fields"):
            return args[0]
    return None


def _column(name: str, hint: Any, owner: type[Any]) -> Column:
    optional = False
    many = False
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        optional = len(args) < len(typing.get_args(hint))
        hint = args[0] if len(args) == 1 else hint
    if typing.get_origin(hint) is tuple:
        items = typing.get_args(hint)
        if len(items) == 2 and items[1] is Ellipsis:
            hint, many = items[0], True
    if hint not in _KINDS:
        raise TypeError(f"{owner.__name__}.{name}: cannot store {hint!r} in a table")
    return Column(name, hint, optional, many)
