"""Terra Mystica tables for analysis beyond the reports: every event, the map.

:func:`events_frame` gives one row per event of a replay, :func:`board_frames`
the map where a replay ended (what ``tmlog render`` draws). pandas is
imported only when one of them is called.
"""

from __future__ import annotations

import types
import typing
from typing import TYPE_CHECKING, Any, NamedTuple

from tmlog.games.terra_mystica.replay import Replay
from tmlog.games.terra_mystica.replay import events as ev

if TYPE_CHECKING:
    import pandas as pd


def _frame(rows: list[tuple[Any, ...]], columns: list[str]) -> pd.DataFrame:
    import pandas as pd

    return pd.DataFrame.from_records(rows, columns=columns)


# -------------------------------------------------------------- raw events


def _event_columns() -> dict[str, str]:
    columns = {"game": "string", "event": "string"}
    dtypes = {"int": "Int64", "bool": "boolean", "str": "string"}
    for cls in ev.EVENT_TYPES:
        for field_name in cls._fields:
            name = _EVENT_FIELD_RENAMES.get(field_name, field_name)
            columns.setdefault(
                name, dtypes.get(_first_type(cls.__annotations__[field_name]), "object")
            )
    return columns


def _first_type(hint: object) -> str:
    """The name of an annotation's type, the first of a union (``int`` for ``int | None``)."""
    if isinstance(hint, types.UnionType):
        hint = typing.get_args(hint)[0]
    return str(getattr(hint, "__name__", hint))


_EVENT_FIELD_RENAMES = {"kind": "income"}
"""Event fields whose column is renamed (``IncomeTaken.kind`` would clash)."""

EVENT_DTYPES = _event_columns()
EVENT_COLUMNS = list(EVENT_DTYPES)
"""Columns of :func:`events_frame`: the event's class name in ``event``, then
the union of all events' fields (empty where an event has no such field)."""


def events_frame(replay: Replay, *, game_id: str | None = None) -> pd.DataFrame:
    """One row per event of a replay, in order, with flat columns (:data:`EVENT_COLUMNS`).

    >>> from tmlog import parse_file
    >>> from tmlog.games.terra_mystica.replay import replay
    >>> df = events_frame(replay(parse_file("sample_logs/4pLeague_S64_D1L1_G3.txt")))
    >>> df[df.event == "VpChanged"].groupby("faction")["delta"].sum().to_dict()
    {'cultists': 168, 'darklings': 152, 'swarmlings': 149, 'witches': 92}
    """
    import pandas as pd

    game = game_id if game_id is not None else replay.source
    rows = []
    for e in replay.events:
        row: dict[str, Any] = {"game": game, "event": type(e).__name__}
        for name, value in zip(e._fields, e, strict=True):
            row[_EVENT_FIELD_RENAMES.get(name, name)] = value
        rows.append(row)
    # Nullable dtypes: integer columns stay integers where other events leave them empty.
    return pd.DataFrame(rows, columns=EVENT_COLUMNS).astype(EVENT_DTYPES)


# -------------------------------------------------------------------- board

HEX_COLUMNS = [
    "hex",
    "row",
    "col",
    "terrain",
    "river",
    "building",
    "faction",
    "color",
    "town",
]
"""The map of :func:`board_frames`: one row per hex; ``faction`` and
``color`` (its home terrain) are the owner of the building, ``town`` is True
for a building that belongs to a town."""

BRIDGE_COLUMNS = ["hex1", "hex2", "faction", "color"]
FACTION_COLUMNS = ["faction", "player", "vp", "color", "dropped"]
"""Columns of :attr:`BoardFrames.factions`: who plays each faction (None if the
log does not say), its VP where the replay stopped, its colour, whether it dropped out."""


class BoardFrames(NamedTuple):
    """The map at the end of a replay (or where it stopped)."""

    hexes: pd.DataFrame
    bridges: pd.DataFrame
    factions: pd.DataFrame
    """The map's legend: :data:`FACTION_COLUMNS`, best VP first."""


def board_frames(replay: Replay) -> BoardFrames:
    """The map where the replay ended: terrain, buildings, towns, bridges.

    >>> from tmlog import parse_file
    >>> from tmlog.games.terra_mystica.replay import Stop, replay
    >>> log = parse_file("sample_logs/4pLeague_S64_D1L1_G3.txt")
    >>> hexes = board_frames(replay(log, stop=Stop(round=1))).hexes
    >>> built = hexes[hexes.building.notna()]
    >>> built.groupby("faction")["building"].apply(sorted).to_dict()["swarmlings"]
    ['SH', 'TP']
    """
    state = replay.state
    colors = {f.name: f.color for f in state.factions}
    rows = [
        (
            h.name,
            h.row,
            h.col,
            h.terrain,
            h.river,
            h.building,
            h.owner,
            colors.get(h.owner) if h.owner else None,
            h.town,
        )
        for h in state.hexes
    ]
    bridges = [(b.hex1, b.hex2, b.owner, b.color) for b in state.bridges if b.owner is not None]
    factions = sorted(
        ((f.name, f.player, f.vp, f.color, f.dropped) for f in state.factions),
        key=lambda f: (-f[2], f[0]),
    )
    return BoardFrames(
        _frame(rows, HEX_COLUMNS),
        _frame(bridges, BRIDGE_COLUMNS),
        _frame(factions, FACTION_COLUMNS),
    )
