"""The one place where game records become tables.

Two steps, so that the expensive part can run anywhere:

1. each game folds a replay into a record (its ``record``,
   :func:`tmlog.record_game`): plain, picklable Python, cheap to build in a
   worker process and to cache;
2. :func:`frames` turns any number of records into DataFrames at once, one
   per table of the record, with the columns and types its schema reads from
   the record type (:func:`tmlog.records.describe`).

>>> from tmlog import parse_file, record_game, replay
>>> record = record_game(replay(parse_file("sample_logs/4pLeague_S64_D1L1_G3.txt")))
>>> tables = frames([record])
>>> list(tables)
['games', 'factions', 'vp', 'vp_rounds', 'leech', 'feeding', 'timeline']
>>> tables.vp.groupby("faction")["vp"].sum().to_dict()
{'cultists': 168, 'darklings': 152, 'swarmlings': 149, 'witches': 92}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from tmlog.errors import TmlogError
from tmlog.reading import printable
from tmlog.records import Column, FrameOptions, Record, RecordSchema, describe
from tmlog.words import count

if TYPE_CHECKING:
    import pandas as pd


class Frames(Mapping[str, "pd.DataFrame"]):
    """The tables of many games by name (``games`` first), also as attributes:
    ``tables.factions`` is ``tables["factions"]``."""

    def __init__(self, tables: dict[str, pd.DataFrame]) -> None:
        self._tables = tables

    def __getitem__(self, name: str) -> pd.DataFrame:
        return self._tables[name]

    def __getattr__(self, name: str) -> pd.DataFrame:
        try:
            return self._tables[name]
        except KeyError:
            raise AttributeError(f"no table {name!r} (tables: {', '.join(self)})") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables)

    def __len__(self) -> int:
        return len(self._tables)

    def __repr__(self) -> str:
        sizes = ", ".join(f"{name}: {count(len(df), 'row')}" for name, df in self._tables.items())
        return f"<Frames {sizes}>"


def _dtype(column: Column) -> Any:
    """The pandas type of a column: nullable where the record allows None."""
    if column.many:
        return None  # comma-separated text
    if column.kind is int:
        return "Int64" if column.optional else "int64"
    if column.kind is bool:
        return "boolean" if column.optional else bool
    if column.kind is float:
        return "float64"
    return "string" if column.optional else None


def frames(records: Iterable[Record], schema: RecordSchema | None = None) -> Frames:
    """Build the tables of many games of one kind at once.

    Args:
        records: records of one game (of one type).
        schema: their tables (default: read from the first record's type;
            given, it also names the tables of no records at all).

    >>> from tmlog import GAMES
    >>> tables = frames([], GAMES["terra_mystica"].schema)
    >>> list(tables.leech.columns)[:4]
    ['game', 'faction', 'offers', 'offered_power']
    """
    items = iter(records)
    first = next(items, None)
    if schema is None:
        if first is None:
            schema = _no_game()  # no records: the tables every game's record has, empty
        else:
            schema = describe(type(first))
    games_columns = [c for c in schema.games if c.name not in schema.hidden]
    keys = {t: [_getter(k) for k in schema.keys.get(t, ())] for t in schema.table_names}
    games: list[tuple[Any, ...]] = []
    rows: dict[str, list[tuple[Any, ...]]] = {t.name: [] for t in schema.tables}
    for r in _chain(first, items):
        if type(r) is not schema.record:
            raise TmlogError(
                f"{r.game}: a {type(r).__name__}, not a {schema.record.__name__}:"
                " tables are made of the records of one game at a time"
            )
        games.append(tuple(_value(r, c) for c in games_columns))
        g = printable(r.game)
        for t in schema.tables:
            extra = tuple(get(r) for get in keys[t.name])
            out = rows[t.name]
            if extra:
                out += [(g, *row, *extra) for row in getattr(r, t.name)]
            else:
                out += [(g, *row) for row in getattr(r, t.name)]
    tables = {"games": _typed(games, schema.frame_columns("games"), games_columns)}
    for t in schema.tables:
        key_columns = [_games_column(schema, k) for k in schema.keys.get(t.name, ())]
        columns = [Column("game", str), *t.columns, *key_columns]
        tables[t.name] = _typed(rows[t.name], schema.frame_columns(t.name), columns)
    if first is not None:
        # Which game the tables are of, for what the game decides about them
        # (the order of its VP sources: tmlog.report.vp).
        from tmlog.games import GAMES

        try:
            name = GAMES.game_of_record(first).name
        except TypeError:  # a record type no game registered here claims
            name = None
        for table in tables.values():
            table.attrs[GAME_ATTR] = name
    return Frames(tables)


GAME_ATTR = "tmlog.game"
"""The ``DataFrame.attrs`` key of the name of the game whose records made a table."""


class _Faction(NamedTuple):
    faction: str
    start_order: int
    final_vp: int
    dropped: bool


class _Vp(NamedTuple):
    faction: str
    source: str
    vp: int


class _VpRound(NamedTuple):
    faction: str
    round: int
    vp: int


@dataclass(frozen=True)
class _NoGame:
    """The tables every game's record has (the report commands read them), for no records."""

    game: str
    finished: bool
    error: str | None
    warnings: tuple[str, ...]
    factions: tuple[_Faction, ...]
    vp: tuple[_Vp, ...]
    vp_rounds: tuple[_VpRound, ...]

    # Win rates read `finished` next to each faction, as every game's factions table has it.
    frame_options: ClassVar[FrameOptions] = FrameOptions(keys={"factions": ("finished",)})


def _no_game() -> RecordSchema:
    return describe(_NoGame)


def _chain(first: Any, rest: Iterator[Any]) -> Iterator[Any]:
    if first is not None:
        yield first
        yield from rest


def _getter(name: str) -> Any:
    return lambda record: getattr(record, name)


def _games_column(schema: RecordSchema, name: str) -> Column:
    return next(c for c in schema.games if c.name == name)


def _value(record: Any, column: Column) -> Any:
    value = getattr(record, column.name)
    if column.many:
        value = ",".join(value)
    # A file name's undecodable bytes (in the game id, in an error) cannot go
    # into a pandas/Arrow string column as they are.
    return printable(value) if isinstance(value, str) else value


def _typed(rows: list[tuple[Any, ...]], names: list[str], columns: list[Column]) -> pd.DataFrame:
    import pandas as pd

    df = pd.DataFrame.from_records(rows, columns=names)
    dtypes = {n: t for n, c in zip(names, columns, strict=True) if (t := _dtype(c)) is not None}
    return df.astype(dtypes) if dtypes else df
