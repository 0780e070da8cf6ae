"""Towns: four or more connected buildings worth enough power."""

from __future__ import annotations

from typing import Final

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.replay import events
from tmlog.games.terra_mystica.replay.holdings import take_from_pool
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.terrain import own_adjacent_buildings
from tmlog.games.terra_mystica.replay.tiles import BUILDING_STRENGTH


def _strength(faction: FactionState, building: str) -> int:
    return faction.building_strength.get(building) or BUILDING_STRENGTH[building]


_TOWN_TILES: Final = tuple(f"TW{i}" for i in range(1, 9))


def _town_tiles_left(game: Game) -> int:
    pool = game.pool or {}
    return sum(1 for k in _TOWN_TILES if pool.get(k, 0) > 0)


def _join_town(game: Game, faction: FactionState, where: str, town: int) -> None:
    game.hexes[where].town = town
    _town_event(game, faction, (where,), grew=True)
    for other in own_adjacent_buildings(game, faction, where):
        if not game.hexes[other].town:
            _join_town(game, faction, other, town)


def _town_event(game: Game, faction: FactionState, hexes: tuple[str, ...], *, grew: bool) -> None:
    game.events.append(
        events.TownFounded(
            round=game.round,
            turn=game.turn,
            line=game.line,
            faction=faction.name,
            hexes=hexes,
            grew=grew,
        )
    )


def _could_found(game: Game, faction: FactionState) -> bool:
    """Could the faction's buildings found a town (a bound, before the search)?

    Not if all of them together are too weak or too few: a few reads of its
    building counts, where the search walks the map.
    """
    counted = faction.counted
    if counted is None:
        return True
    d, tp, te, sh, sa = counted
    s = faction.strengths
    power = d.level * s[0] + tp.level * s[1] + te.level * s[2] + sh.level * s[3] + sa.level * s[4]
    count = d.level + tp.level + te.level + sh.level + 2 * sa.level
    return power >= faction.limits.town_size and count >= 4


def detect_town(game: Game, faction: FactionState, where: str) -> bool:
    """After something changed at ``where``: does it found a new town?"""
    hexes = game.hexes
    here = hexes[where]
    color = faction.color
    if here.town or not here.building or here.color != color:
        return False
    skip = game.skip if faction.board.river_towns else {}
    # own_adjacent_buildings(), without its list: this runs for every building.
    for around in (game.adjacent(where), skip.get(where, ())):
        for other in around:
            h = hexes[other]
            if h.town and h.building and h.color == color and not here.town:
                _join_town(game, faction, where, h.town)
    if here.town:
        return False
    if not _could_found(game, faction):
        return False

    # The connected buildings of the faction around ``where``.
    own = faction.location_set
    reached = {where}
    stack = [where]
    power = count = 0
    while stack:
        loc = stack.pop()
        building = hexes[loc].building
        assert building is not None
        power += _strength(faction, building)
        count += 2 if building == "SA" else 1
        for other in game.adjacent(loc):
            if other in own and other not in reached:
                reached.add(other)
                stack.append(other)
        for other in skip.get(loc, ()):
            if other in own and other not in reached:
                reached.add(other)
                stack.append(other)

    if power < faction.limits.town_size or count < 4:
        return False
    tiles_left = _town_tiles_left(game)
    if tiles_left:
        for loc in reached:
            game.hexes[loc].town = tiles_left
        _town_event(game, faction, tuple(sorted(reached)), grew=False)
        # The town's reward is a town tile to choose: a pending decision that
        # nothing scores or rewards, so it needs none of economy.adjust's
        # side effects (and towns need not import economy, which imports them).
        take_from_pool(game.pool, "GAIN_TW", 1)
        faction.pending.gain_tw += 1
        return True
    return False


def connect(game: Game, faction: FactionState, hexes: list[str]) -> None:
    """Mermaids: found a town across a river space."""
    if not faction.board.river_towns:
        raise IllegalMove("only the mermaids can connect a town across a river")
    hexes = [h for h in hexes if h]
    rivers: dict[str, int] = {}
    for h in hexes:
        for adj in game.adjacent(h):
            if adj.startswith("r"):
                rivers[adj] = rivers.get(adj, 0) + 1
    for river, seen in rivers.items():
        if seen != len(hexes):
            continue
        land = [h for h in game.adjacent(river) if not h.startswith("r")]
        for a in land:
            for b in land:
                if a != b:
                    game.skip.setdefault(a, set()).add(b)
        game.hexes[river].town = 1
        break
    founded = sum(detect_town(game, faction, h) for h in hexes)
    if not founded:
        raise IllegalMove(f"connecting {' '.join(hexes)} does not found a town")
