"""Income: what a faction receives at the start of a round."""

from __future__ import annotations

from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import INCOME_TILES, SCORING, TILES


def faction_income(game: Game, faction: FactionState) -> list[dict[str, int]]:
    """Income in four parts: round-scoring cult reward, bonus tile, buildings, favors."""
    scoring: dict[str, int] = {}
    bonus: dict[str, int] = {}
    buildings: dict[str, int] = {}
    favors: dict[str, int] = {}
    if faction.dummy:
        return [scoring, bonus, buildings, favors]

    for track in faction.buildings.values():
        for kind, table in track.income.items():
            amount = table[track.level] if track.level < len(table) else 0
            if amount:
                buildings[kind] = buildings.get(kind, 0) + amount

    res = faction.res
    for tile in INCOME_TILES:
        if not res[tile]:
            continue
        if tile.startswith("BON"):
            if faction.passed:
                for kind, amount in TILES[tile].income.items():
                    bonus[kind] = bonus.get(kind, 0) + amount
        else:
            for kind, amount in TILES[tile].income.items():
                favors[kind] = favors.get(kind, 0) + amount

    if 0 < game.round < 6 and game.round <= len(game.score_tiles):
        spec = SCORING.get(game.score_tiles[game.round - 1])
        if spec is not None:
            times = faction.get(spec.cult) // spec.req
            for kind, amount in spec.income.items():
                scoring[kind] = scoring.get(kind, 0) + amount * times
    return [scoring, bonus, buildings, favors]
