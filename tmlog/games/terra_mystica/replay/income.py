"""Income: what a faction receives at the start of a round."""

from __future__ import annotations

from typing import Final

from tmlog.games.terra_mystica.replay.factions import Gain
from tmlog.games.terra_mystica.replay.holdings import Resource
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import INCOME_TILES, SCORING, TILES

# Read once here (the tile tables are not compiled: each use in a compiled
# build would be a lookup in a Python module and an attribute read).
_BONUS_INCOME: Final[tuple[tuple[Resource, Gain], ...]] = tuple(
    (t, TILES[t].income) for t in INCOME_TILES if t.startswith("BON")
)
_OTHER_INCOME: Final[tuple[tuple[Resource, Gain], ...]] = tuple(
    (t, TILES[t].income) for t in INCOME_TILES if not t.startswith("BON")
)


def faction_income(game: Game, faction: FactionState) -> list[dict[str, int]]:
    """Income in four parts: round-scoring cult reward, bonus tile, buildings, favors."""
    scoring: dict[str, int] = {}
    bonus: dict[str, int] = {}
    buildings: dict[str, int] = {}
    favors: dict[str, int] = {}
    if faction.dummy:
        return [scoring, bonus, buildings, favors]

    # The buildings' part depends on the five building counts only: remembered
    # per count (a game has a few dozen), as a new dict each time (gains read it).
    counted = faction.counted
    levels = (
        (counted[0].level, counted[1].level, counted[2].level, counted[3].level, counted[4].level)
        if counted is not None
        else None
    )
    known = faction.income_by_levels.get(levels) if levels is not None else None
    if known is not None:
        buildings.update(known)
    else:
        for track in faction.buildings.values():
            for kind, table in track.income.items():
                amount = table[track.level] if track.level < len(table) else 0
                if amount:
                    buildings[kind] = buildings.get(kind, 0) + amount
        if levels is not None:
            faction.income_by_levels[levels] = dict(buildings)

    held = faction.held
    if faction.passed:
        for tile, gain in _BONUS_INCOME:
            if held[tile]:
                for kind, amount in gain.items():
                    bonus[kind] = bonus.get(kind, 0) + amount
    for tile, gain in _OTHER_INCOME:
        if held[tile]:
            for kind, amount in gain.items():
                favors[kind] = favors.get(kind, 0) + amount

    if 0 < game.round < 6 and game.round <= len(game.score_tiles):
        spec = SCORING.get(game.score_tiles[game.round - 1])
        if spec is not None:
            times = faction.get(spec.cult) // spec.req
            for kind, amount in spec.income.items():
                scoring[kind] = scoring.get(kind, 0) + amount * times
    return [scoring, bonus, buildings, favors]
