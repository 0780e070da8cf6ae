"""Reaching hexes and terraforming them: range, shipping, tunnels, carpets, spades."""

from __future__ import annotations

from typing import Any, Final

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import COLOR_WHEEL, CULTS

_WHEEL: Final = {color: i for i, color in enumerate(COLOR_WHEEL)}
_VALID_COLORS: Final = frozenset((*COLOR_WHEEL, "ice"))


def alias_color(color: str) -> str:
    return "gray" if color == "grey" else color


def assert_color(color: str) -> str:
    if color not in _VALID_COLORS:
        raise IllegalMove(f"invalid colour {color!r}")
    return color


def color_difference(a: str, b: str) -> int:
    """Signed steps from ``a`` to ``b`` on the terraforming wheel (-3 … 3)."""
    # Ice is a colour but not on the wheel: the reference engine counts it as 0.
    diff = _WHEEL.get(assert_color(b), 0) - _WHEEL.get(assert_color(a), 0)
    if diff > 3:
        diff -= 7
    elif diff < -3:
        diff += 7
    return diff


def check_reachable(
    game: Game, faction: FactionState, where: str
) -> tuple[dict[str, int], dict[str, int], str | None]:
    """Can ``faction`` build on ``where``? Returns the extra (teleport) cost, gain, kind."""
    if game.round == 0:
        return {}, {}, None
    board = game.board
    ship = faction.ship.level
    if faction.ship.max_level and faction.held["BON4"] and not faction.passed:
        ship += 1
    adjacent = game.adjacent(where)
    if faction.extra.get("adjacency", {"direct": 1}).get("direct"):
        for loc in faction.locations:
            if loc in adjacent:
                return {}, {}, None
    if ship:
        river = board.river_range.get(where, {})
        for loc in faction.locations:
            d = river.get(loc)
            if d is not None and d <= ship:
                return {}, {}, None
    if faction.teleport_to:
        if faction.teleport_to == where:
            return {}, {}, None
        raise IllegalMove("cannot use a tunnel or carpet flight twice in one turn")
    tele = faction.teleport
    if tele is not None and not faction.passed:
        reach = faction.limits.teleport_range(tele.spec.kind)
        land = board.land_range.get(where, {})
        for loc in faction.locations:
            d = land.get(loc)
            if d is not None and d <= reach:
                level = tele.level
                cost = dict(tele.spec.cost[level]) if level < len(tele.spec.cost) else {}
                gain = dict(tele.spec.gain[level]) if level < len(tele.spec.gain) else {}
                return cost, gain, tele.spec.kind
    ways = [f"shipping {ship}"] if faction.ship.max_level else []
    if tele is not None:
        ways.append(f"{tele.spec.kind} range {faction.limits.teleport_range(tele.spec.kind)}")
    how = " or ".join(ways) if ways else "river shipping"
    if not faction.extra.get("adjacency", {"direct": 1}).get("direct"):
        # Riverwalkers: being next to their buildings by land does not count.
        raise IllegalMove(f"{faction.name} cannot reach {where} (no own building within {how})")
    raise IllegalMove(
        f"{faction.name} cannot reach {where} (no own building next to it or within {how})"
    )


def build_color_ok(faction: FactionState, color: str) -> bool:
    return faction.color == color or color in faction.unlocked_terrain


def _validate_transform(game: Game, where: str) -> None:
    current = game.hexes[where].color
    if current in ("ice", "volcano"):
        raise IllegalMove(f"cannot transform {current}")


def _colors_on_wheel(current: str, home: str, spades: int) -> tuple[str, str]:
    index = _WHEEL.get(current, 0)
    cw = ccw = current
    for offset in range(1, spades + 1):
        if cw != home:
            cw = COLOR_WHEEL[(index + offset) % 7]
        if ccw != home:
            ccw = COLOR_WHEEL[(index - offset) % 7]
    if abs(color_difference(home, cw)) < abs(color_difference(home, ccw)):
        return cw, ccw
    return ccw, cw


def transform_colors(game: Game, faction: FactionState, where: str) -> tuple[str, str | None]:
    """Where ``transform HEX`` without a colour goes: as near home as the spades allow."""
    _validate_transform(game, where)
    current = game.hexes[where].color
    if faction.pending.free_tf or faction.color == "volcano" or faction.board.transform_spades:
        return faction.color, None
    spades = faction.pending.spade
    if not spades:
        return current, current
    home = faction.color
    secondary = faction.secondary_color
    if secondary:
        if current == secondary:
            return home, home
        a, b = _colors_on_wheel(current, secondary, spades)
        return (home if a == secondary else a), (home if b == secondary else b)
    return _colors_on_wheel(current, home, spades)


def color_home_status(game: Game, color: str) -> str:
    status = "not_home"
    for other in game.in_order():
        if other.locked_terrain is not None:
            continue
        if other.color == color:
            status = "home"
    return status


def transform_cost(
    game: Game, faction: FactionState, where: str, color: str | None
) -> tuple[dict[str, int], dict[str, int], str | None, int, str]:
    """Price of terraforming ``where`` to ``color``: (cost, gain, teleport, steps, colour)."""
    if not color:
        color = transform_colors(game, faction, where)[0]
    else:
        _validate_transform(game, where)
    map_color = game.hexes[where].color
    cost, gain, teleport = check_reachable(game, faction, where)

    if color == "ice":
        secondary = faction.secondary_color or ""
        if map_color == secondary:
            steps = 1
        else:
            steps = abs(color_difference(map_color, secondary))
    elif color == "volcano":
        steps = 7
    else:
        home = faction.secondary_color or faction.color
        diff = color_difference(map_color, color)
        steps = abs(diff)
        if Option.LOOSE_DIG in game.options:
            pass
        elif color == home or map_color == home:
            # To or from home terrain: go round the way the spades in hand fit.
            other_way = 7 - steps
            if faction.pending.spade and faction.pending.spade == other_way:
                steps = other_way
        else:
            home_diff = color_difference(map_color, home)
            if (home_diff < 0) != (diff < 0) or abs(home_diff) > abs(diff):
                pass
            else:
                # Home terrain lies on the short way: go the long way round.
                steps = 7 - steps

    if faction.board.transform_spades and steps != 0:
        steps = faction.board.transform_spades

    if color == "volcano":
        cost["VOLCANO_TF"] = cost.get("VOLCANO_TF", 0) + 1
        effect: dict[str, Any] = faction.extra.get("volcano_effect", {}).get(
            color_home_status(game, map_color), {}
        )
        for currency, amount in effect.items():
            if currency == "LOSE_PW_TOKEN":
                if faction.p1 + faction.p2 + faction.p3 < amount:
                    raise IllegalMove("not enough power tokens for a volcano")
            elif currency == "LOSE_CULT":
                if not any(faction.get(c) >= amount for c in CULTS):
                    raise IllegalMove("not high enough on any cult track for a volcano")
            cost[currency] = cost.get(currency, 0) - amount
    elif faction.pending.free_tf:
        cost["FREE_TF"] = cost.get("FREE_TF", 0) + 1
    else:
        cost["SPADE"] = cost.get("SPADE", 0) + steps

    if faction.pending.tf_need_hex_adjacency:
        cost["TF_NEED_HEX_ADJACENCY"] = cost.get("TF_NEED_HEX_ADJACENCY", 0) + 1
        bridged = game.hexes[where].bridges
        adjacent = game.adjacent(where)
        if not any(loc in adjacent and loc not in bridged for loc in faction.locations):
            raise IllegalMove(
                "transforming here needs a building directly adjacent (not by bridge)"
            )

    return cost, gain, teleport, steps, color


def own_adjacent_buildings(game: Game, faction: FactionState, where: str) -> list[str]:
    """Buildings of ``faction`` directly next to ``where`` (or joined by a Mermaids town)."""
    around: list[str] = list(game.adjacent(where))
    if faction.board.river_towns and where in game.skip:
        around.extend(game.skip[where])
    hexes = game.hexes
    color = faction.color
    return [h for h in around if hexes[h].building and hexes[h].color == color]


def building_cliques(game: Game, faction: FactionState, indirect: bool) -> dict[str, int]:
    """Group a faction's buildings into connected networks (with range if ``indirect``)."""
    locations = faction.locations
    clique: dict[str, int] = {}
    if not locations:
        return clique
    tele = faction.teleport
    if tele is not None:
        reach = faction.limits.teleport_range(tele.spec.kind)
        ranges = game.board.land_range
    else:
        reach = faction.ship.level
        ranges = game.board.river_range
    river_towns = faction.board.river_towns

    for start_id, start in enumerate(locations, 1):
        if start in clique:
            continue
        stack = [start]
        while stack:
            here = stack.pop()
            if here in clique:
                continue
            clique[here] = start_id
            adjacent = game.adjacent(here)
            skip = game.skip.get(here, ()) if river_towns else ()
            rng = ranges.get(here, {})
            for other in locations:
                if other == here or other in clique:
                    continue
                if other in adjacent or other in skip:
                    stack.append(other)
                elif indirect:
                    d = rng.get(other)
                    if d is not None and d <= reach:
                        stack.append(other)
    return clique
