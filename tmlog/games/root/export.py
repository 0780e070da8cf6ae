"""Root's tables for ``tmlog export`` (:mod:`tmlog.report.export` writes them).

``games`` — one row per game:
    ``game`` string, ``map`` string (Fall, Winter, Lake, Mountain), ``deck``
    string, ``player_count`` int64, ``finished`` bool (the log has its
    ``Winner:`` line), ``winner`` string (its factions' letters,
    comma-separated; null if unfinished), ``turns`` int64 (turn lines,
    setup's included), ``actions`` int64, ``error`` string (the rule the
    replay stopped at, null if none).
``factions`` — one row per faction of a game (its letter: ``C`` Marquise de
    Cat, ``E`` Eyrie…): ``game``, ``faction`` string, ``player`` string (the
    name its player line gives), ``start_order`` int64
    (seat: 1 takes the first turn after setup), ``final_vp`` int64, ``won``
    bool, ``vp_marker`` string (``track``, ``dominance``, ``coalition:<F>``),
    then its state after the last turn line replayed, as in ``timeline``:
    ``warriors``, ``buildings``, ``tokens``, ``ruled``, ``cards`` int64.
``timeline`` — one row per turn line and faction of the game, the faction
    after that turn line (:class:`~tmlog.games.root.record.RootTimeline`):
    ``game``, ``turn`` int64 (the turn line's number, from 1), ``line`` int64
    (its line in the log), ``round`` int64 (0 for setup, then the count of
    turns of the faction whose turn it was), ``faction`` string, ``acting``
    bool (the turn was its own), ``vp``, ``warriors``, ``buildings``,
    ``tokens`` (its pieces on the clearings), ``ruled`` (clearings it
    rules), ``cards`` (in its hand) int64.
``vp_sources`` — net VP per game, faction and source (``tmlog vp``; they sum
    to ``final_vp``): ``game``, ``faction``, ``source`` string, ``vp`` int64.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

_STATE = ["warriors", "buildings", "tokens", "ruled", "cards"]

COLUMNS: dict[str, dict[str, str]] = {
    "games": {
        "game": "string",
        "map": "string",
        "deck": "string",
        "player_count": "int64",
        "finished": "bool",
        "winner": "string",
        "turns": "int64",
        "actions": "int64",
        "error": "string",
    },
    "factions": {
        "game": "string",
        "faction": "string",
        "player": "string",
        "start_order": "int64",
        "final_vp": "int64",
        "won": "bool",
        "vp_marker": "string",
        **dict.fromkeys(_STATE, "int64"),
    },
    "timeline": {
        "game": "string",
        "turn": "int64",
        "line": "int64",
        "round": "int64",
        "faction": "string",
        "acting": "bool",
        "vp": "int64",
        **dict.fromkeys(_STATE, "int64"),
    },
    "vp_sources": {"game": "string", "faction": "string", "source": "string", "vp": "int64"},
}
"""Table → column → type, in the written order. A game that stopped before its
first turn line has no timeline rows: its factions' state is then null."""


def shape(tables: Mapping[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The export's tables (:data:`COLUMNS`) from the report frames of Root's records."""
    from tmlog.report.export import joined, with_last_state

    games = tables["games"].copy()
    games["winner"] = games["winner"].map(joined).replace("", None)
    timeline = tables["timeline"]
    factions = with_last_state(tables["factions"], timeline, "turn", _STATE)
    return {
        "games": games,
        "factions": factions,
        "timeline": timeline,
        "vp_sources": tables["vp"],
    }
