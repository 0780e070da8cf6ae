"""Commands on the map: build, upgrade, transform, dig, bridges and Mermaids' connections."""

from __future__ import annotations

from typing import Final

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay import decisions as d
from tmlog.games.terra_mystica.replay import (
    economy,
    events,
    leech,
    pending,
    phases,
    terrain,
    towns,
    turns,
)
from tmlog.games.terra_mystica.replay.board import RIVER
from tmlog.games.terra_mystica.replay.economy import adjust, gain, pay
from tmlog.games.terra_mystica.replay.guards import need_active, need_faction
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Handler, Phase, Turn
from tmlog.words import count

_UPGRADE_FROM: Final = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}


_LEVEL: Final = {"D": 0, "TP": 1, "TE": 2, "SH": 2, "SA": 3}


def _check_hex(game: Game, where: str) -> None:
    if where not in game.hexes:
        raise IllegalMove(f"there is no hex {where} on this map")


def _build(game: Game, faction: FactionState | None, action: a.Build) -> Turn | None:
    if not game.players:
        phases.advance_phase(game, Phase.INITIAL_DWELLINGS)
    f = need_active(game, faction, action)
    where = action.hex
    _check_hex(game, where)
    here = game.hexes[where]
    free = game.round == 0
    if here.building:
        raise IllegalMove(f"{where} already has a building ({here.building})")
    if here.color == RIVER:
        raise IllegalMove(f"{where} is a river space")
    if f.pending.free_d:
        free = True
        f.pending.free_d -= 1
    if game.round == 0 and f.board.first_dwellings_by_river:
        if len(game.board.river_range.get(where, {})) <= 1:
            raise IllegalMove("the riverwalkers' first dwellings must be next to a river")

    tf_needed = not terrain.build_color_ok(f, here.color)
    check_location = not tf_needed
    if Option.LOOSE_BUILD_AFTER_DIG not in game.options and not f.allowed_sub_actions.get(
        "transform"
    ):
        check_location = True
    if check_location and f.allowed_build_locations and where not in f.allowed_build_locations:
        f.allowed_sub_actions.pop("build", None)
    if not tf_needed and here.color != f.color:
        # An unlocked terrain (Riverwalkers) takes the builder's colour.
        recolor(game, f, where, f.color)

    turns.require_subaction(game, f, "build", {"transform": int(tf_needed)})

    if f.pending.teleport_no_tf:
        f.pending.teleport_no_tf -= 1
        if tf_needed:
            raise IllegalMove(
                f"this free dwelling must go on {f.color} terrain (no terraforming);"
                f" {where} is {here.color}"
            )
    elif tf_needed:
        if game.round == 0 and here.color == f.secondary_color:
            # First dwellings of ice and volcano factions go on their chosen colour.
            recolor(game, f, where, f.color)
        else:
            _transform_hex(game, f, where, f.color)
    else:
        cost, reward, teleport = terrain.check_reachable(game, f, where)
        if teleport:
            f.teleport_to = where
        pay(game, f, cost)
        gain(game, f, reward, "faction")

    if f.pending.spade > 0:
        raise IllegalMove(
            f"all transforms must be done before building ({count(f.pending.spade, 'spade')} left)"
        )
    setup = not game.round
    if setup:  # a first dwelling is all of a faction's part in its setup turn
        turns.setup_step_done(game)

    leech.note_leech(game, f, where)
    economy.advance_track(game, f, "D", f.buildings["D"], free=free)
    if game.round:
        economy.score_favor_tiles(game, f, "D")
        economy.score_current_tile(game, f, "D", "build")
    here.building = "D"
    f.locations.append(where)
    f.location_set.add(where)
    towns.detect_town(game, f, where)
    game.events.append(events.Built(game.round, game.turn, game.line, f.name, where, "D"))
    return Turn.HAND_OVER if setup else None


def _upgrade(game: Game, faction: FactionState | None, action: a.Upgrade) -> None:
    if not game.round:
        raise IllegalMove("buildings cannot be upgraded during setup")
    f = need_active(game, faction, action)
    turns.require_subaction(game, f, "upgrade", {})
    where = action.hex
    kind: str = action.building._value_  # not .value: an enum property, Python per call
    _check_hex(game, where)
    here = game.hexes[where]
    if here.color != f.color or not here.building:
        raise IllegalMove(f"{where} holds no building of the {f.name}")
    wanted = _UPGRADE_FROM.get(kind)
    if wanted is None:
        raise IllegalMove(f"a building cannot be upgraded to {kind}")
    if here.building != wanted:
        skipped = _LEVEL[here.building] < _LEVEL[wanted]
        raise IllegalMove(
            f"a {kind} can only replace a {wanted}; {where} holds a {here.building}"
            + (" (upgrade path skipped)" if skipped else "")
        )
    offers = leech.note_leech(game, f, where)
    free = False
    if kind == "TP":
        if f.pending.free_tp:
            free = True
            f.pending.free_tp -= 1
        elif not offers:
            # No neighbours: a trading post costs double coins.
            adjust(game, f, "C", -f.buildings["TP"].advance_cost.get("C", 0))
    track = f.buildings[kind]
    if track.subactions is not None:
        f.allowed_sub_actions = dict(track.subactions)
    f.buildings[here.building].level -= 1
    economy.advance_track(game, f, kind, track, free=free)
    economy.score_favor_tiles(game, f, kind)
    economy.score_current_tile(game, f, kind, "build")
    old = here.building
    here.building = kind
    towns.detect_town(game, f, where)
    game.events.append(
        events.Built(game.round, game.turn, game.line, f.name, where, kind, upgraded_from=old)
    )


def recolor(game: Game, f: FactionState, where: str, color: str) -> None:
    game.hexes[where].color = color
    game.events.append(events.Transformed(game.round, game.turn, game.line, f.name, where, color))


def _transform(game: Game, faction: FactionState | None, action: a.Transform) -> None:
    f = need_faction(faction, action)
    _check_hex(game, action.hex)
    _transform_hex(game, f, action.hex, action.terrain._value_ if action.terrain else None)


def _transform_hex(game: Game, f: FactionState, where: str, color: str | None) -> None:
    if color is not None:
        color = terrain.alias_color(color)
    cost, reward, teleport, steps, color = terrain.transform_cost(game, f, where, color)
    here = game.hexes[where]
    if here.color == color:
        raise IllegalMove(f"{where} already is {color}")
    if here.building:
        raise IllegalMove(f"{where} cannot be transformed: it has a building")
    if steps:
        if not f.passed:
            allowed = f.allowed_sub_actions
            turns.require_subaction(
                game,
                f,
                "transform",
                {"transform": allowed.get("transform", 1) - 1, "build": allowed.get("build", 0)},
            )
        if (
            Option.LOOSE_MULTI_SPADE not in game.options
            and f.require_home_terrain_tf
            and color != f.color
        ):
            raise IllegalMove("only one hex per action may be transformed to a non-home terrain")
    if teleport:
        f.teleport_to = where
    pay(game, f, cost)
    gain(game, f, reward, "faction")
    for kind, amount in cost.items():
        for _ in range(amount):
            economy.score_current_tile(game, f, kind, "spend")
            economy.maybe_special(game, f, kind, "spend")
    f.require_home_terrain_tf = False
    if not f.pending.spade:
        pending.dismiss_action(game, f, d.Transform)
        f.allowed_sub_actions.pop("transform", None)
        f.require_home_terrain_tf = False
    else:
        for record in pending.find_actions(game, f, d.Transform):
            record.amount = f.pending.spade
        if color != f.color and not f.passed:
            f.require_home_terrain_tf = True
            if not f.allowed_sub_actions.get("transform") and Option.LOOSE_DIG not in game.options:
                raise IllegalMove(
                    "all spades from 'dig' must be used when transforming to a non-home terrain"
                    f" ({count(f.pending.spade, 'spade')} left)"
                )
    if color == f.color:
        f.allowed_build_locations.add(where)
    recolor(game, f, where, color)
    towns.detect_town(game, f, where)


def _dig(game: Game, faction: FactionState | None, action: a.Dig) -> None:
    f = need_active(game, faction, action)
    dig = f.dig
    if dig is None or not dig.spec.cost:
        raise IllegalMove(f"{f.display} cannot dig")
    cost = dig.spec.cost[dig.level]
    reward = dig.spec.gain[dig.level] if dig.level < len(dig.spec.gain) else None
    if Option.LOOSE_DIG not in game.options or not f.allowed_sub_actions.get("transform"):
        turns.require_subaction(game, f, "dig", {"transform": 1, "build": 1, "dig": 1})
    # Each spade is paid and rewarded one at a time, as the reference engine
    # does; the supply of what a dig yields (spades, volcano transforms) caps
    # how many there can be, so a huge number fails here before any loop.
    supply = game.pool or {}
    for kind in reward or {"SPADE": 1}:
        if kind in supply and action.amount > supply[kind]:
            raise IllegalMove(
                f"cannot dig {action.amount}: the supply holds only {supply[kind]} {kind}"
            )
    if not reward:
        adjust(game, f, "SPADE", action.amount)
    if cost:  # an empty cost (volcano factions) pays nothing however often
        for _ in range(action.amount):
            pay(game, f, cost)
    if reward:
        for _ in range(action.amount):
            gain(game, f, reward, "faction")
    f.disable_spade_decline = True


def _bridge(game: Game, faction: FactionState | None, action: a.BuildBridge) -> None:
    f = need_active(game, faction, action)
    one, two = action.hex1, action.hex2
    _check_hex(game, one)
    _check_hex(game, two)
    if not f.pending.bridge:
        raise IllegalMove(f"{f.name} have no bridge to place (take ACT1 or the engineers' action)")

    def owns(where: str) -> bool:
        h = game.hexes[where]
        return bool(h.building) and h.color == f.color

    if Option.LOOSE_BRIDGE_ADJACENCY not in game.options and not (owns(one) or owns(two)):
        raise IllegalMove("a bridge must touch one of the faction's own buildings")
    turns.require_subaction(game, f, "bridge", {"bridge": f.pending.bridge - 1})
    if not action.allow_illegal:
        if f.limits.bridge_count == 0:
            raise IllegalMove(f"{f.name} have placed all 3 bridges")
        if two not in game.board.bridgable.get(one, ()):
            raise IllegalMove(f"a bridge cannot join {one} and {two}")
    f.limits.bridge_count -= 1
    game.hexes[one].bridges.add(two)
    game.hexes[two].bridges.add(one)
    f.pending.bridge -= 1
    game.bridges.append((one, two, f.color))
    game.events.append(
        events.BridgeBuilt(
            round=game.round, turn=game.turn, line=game.line, faction=f.name, hex1=one, hex2=two
        )
    )
    towns.detect_town(game, f, one)
    towns.detect_town(game, f, two)


def _connect(game: Game, faction: FactionState | None, action: a.Connect) -> None:
    f = need_active(game, faction, action)
    if action.river is not None:
        if action.river not in game.hexes:
            raise IllegalMove(f"there is no river space {action.river}")
        hexes = list(game.adjacent(action.river))
    else:
        hexes = list(action.hexes)
    towns.connect(game, f, hexes)


HANDLERS: dict[type, Handler] = {
    a.Build: _build,
    a.Upgrade: _upgrade,
    a.Transform: _transform,
    a.Dig: _dig,
    a.BuildBridge: _bridge,
    a.Connect: _connect,
}
