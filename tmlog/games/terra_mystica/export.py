"""Terra Mystica's tables for ``tmlog export`` (:mod:`tmlog.report.export` writes them).

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
    ``line`` int64 (the row's own line in a ledger; in a command log its last
    command's, null for a row the engine writes itself: income, ``[opponent
    accepted power]``), ``round``, ``turn`` int64 (a ``Round N income`` row
    is round N, turn 0), ``faction`` string, ``acting`` bool, ``vp``, ``c``,
    ``w``, ``p``, ``p1``, ``p2``, ``p3``, ``fire``, ``water``, ``earth``,
    ``air``, ``d``, ``tp``, ``te``, ``sh``, ``sa``, ``ship``, ``dig`` int64.
``vp_sources`` — net VP per game, faction and source (they sum to ``final_vp``):
    ``game``, ``faction``, ``source`` string, ``vp`` int64.
``leech`` — power offered to each faction and what became of it (see
    ``tmlog leech``): ``game``, ``faction``, ``offers``, ``offered_power``,
    ``accepted``, ``accepted_power``, ``declined``, ``declined_power``,
    ``lapsed``, ``lapsed_power``, ``vp_paid`` int64.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tmlog.report.leech import LEECH_TOTAL_COLUMNS

if TYPE_CHECKING:
    import pandas as pd

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


def shape(tables: Mapping[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The export's tables (:data:`COLUMNS`) from the report frames of many games."""
    from tmlog.report.export import every_faction, joined, with_last_state

    games = tables["games"].copy()
    for column in ("options", "players", "score_tiles", "dropped"):
        games[column] = games[column].map(joined)
    timeline = tables["timeline"]
    factions = with_last_state(tables["factions"], timeline, "row", _STATE)
    return {
        "games": games,
        "factions": factions,
        "timeline": every_faction(timeline),
        "vp_sources": tables["vp"],
        "leech": tables["leech"],
    }
