"""What each command does to the game: the rules of every verb.

:func:`do_command` plays one command of the log (grouping ledger rows as the
reference engine does); :func:`execute` applies a command's rules. Handlers
raise :class:`~tmlog.errors.IllegalMove` naming the rule broken.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.model.enums import Tile
from tmlog.games.terra_mystica.replay import economy, events, leech, scoring, terrain, towns, turns
from tmlog.games.terra_mystica.replay.board import RIVER
from tmlog.games.terra_mystica.replay.economy import NotEnough, adjust, gain, pay
from tmlog.games.terra_mystica.replay.factions import FACTION_BOARDS
from tmlog.games.terra_mystica.replay.fire_ice import FIRE_ICE_SETS
from tmlog.games.terra_mystica.replay.randomize import SeededDraw, natural_key
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import (
    ACTIONS,
    CULTS,
    FINAL_SCORING_POINTS,
    FIRE_ICE_FINAL_SCORING,
    SCORING,
    TILES,
)

VALID_OPTIONS = frozenset(
    [
        "errata-cultist-power",
        "mini-expansion-1",
        "shipping-bonus",
        "temple-scoring-tile",
        "fire-and-ice-final-scoring",
        "fire-and-ice-factions",
        "fire-and-ice-factions/ice",
        "fire-and-ice-factions/variable",
        "fire-and-ice-factions/variable_v2",
        "fire-and-ice-factions/variable_v3",
        "fire-and-ice-factions/variable_v4",
        "fire-and-ice-factions/variable_v5",
        "fire-and-ice-factions/volcano",
        "email-notify",
        "loose-adjust-resource",
        "loose-cultist-ordering",
        "loose-dig",
        "loose-engineer-bridge",
        "loose-lose-cult",
        "loose-multi-spade",
        "loose-bridge-adjacency",
        "loose-done",
        "maintain-player-order",
        "manual-fav5",
        "shapeshifter-fix-playtest-v1",
        "strict-leech",
        "strict-chaosmagician-sh",
        "strict-darkling-sh",
        "variable-turn-order",
    ]
)
_UPGRADE_FROM = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}
_LEVEL = {"D": 0, "TP": 1, "TE": 2, "SH": 2, "SA": 3}
_STRONGHOLD_ACTIONS = frozenset(("ACTA", "ACTG", "ACTS", "ACTN", "ACTW", "ACTC"))


# ------------------------------------------------------------- entry points


def do_command(game: Game, faction_name: str | None, action: a.Action) -> None:
    """Play one command of the log, grouping it into ledger rows."""
    ledger = game.ledger
    if isinstance(action, a.Comment):
        if not action.pragma:
            ledger.add_comment(action.text)
        return
    faction: FactionState | None = None
    if faction_name:
        faction = game.factions.get(faction_name)
        if faction is None:
            known = ", ".join(f.name for f in game.order) or "none yet"
            raise IllegalMove(f"{faction_name} are not in this game (factions: {known})")
        if not ledger.collecting or ledger.current is not faction:
            ledger.start_row(faction)
    execute(game, faction, action, faction_name=faction_name)
    if faction is not None and not faction.dropped:
        ledger.add_command(action)
    if ledger.force_finish:
        turns.maybe_advance_to_next_player(game, faction)
        ledger.finish_row()


def engine_row(game: Game, faction: FactionState, action: a.Action) -> None:
    """A row the engine writes itself (income, final scoring): command plus row end.

    ``action`` names the faction (``faction=faction.tag``), as its row will.
    """
    do_command(game, faction.name, action)
    game.ledger.finish_row()


def execute(
    game: Game,
    faction: FactionState | None,
    action: a.Action,
    *,
    faction_name: str | None = None,
) -> None:
    """Apply one command's rules (without ledger row handling)."""
    if faction is not None:
        faction.waiting = False
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalMove(f"'{action.notation()}' is not a command the game can replay")
    try:
        handler(game, faction, action)
    except NotEnough as short:
        what = _RESOURCE_WORDS.get(short.resource, short.resource)
        raise IllegalMove(
            f"{short.faction} cannot afford {action.notation()}:"
            f" needs {short.needed} {what}, has {short.has}"
        ) from None


_RESOURCE_WORDS = {
    "PW": "power in bowl III",
    "P1": "power tokens in bowl I",
    "P2": "power tokens in bowl II",
    "P3": "power tokens in bowl III",
    "SPADE": "spades",
    "W": "W",
    "C": "C",
    "P": "P",
    "VP": "VP",
}


def _need_faction(faction: FactionState | None, action: a.Action) -> FactionState:
    if faction is None:
        raise IllegalMove(f"'{action.notation()}' needs a faction (write 'faction: command')")
    return faction


def _need_active(game: Game, faction: FactionState | None, action: a.Action) -> FactionState:
    f = _need_faction(faction, action)
    if game.active is not f and game.round > 0 and not game.finished:
        active = game.active.name if game.active else "no faction"
        raise IllegalMove(f"it is the {active}' turn, not the {f.name}'")
    return f


def _no_faction(faction: FactionState | None, action: a.Action) -> None:
    if faction is not None:
        raise IllegalMove(f"{faction.name} cannot use the admin command '{action.notation()}'")


# ------------------------------------------------------------------ setup


def finalize_setup(game: Game) -> None:
    """Build the tile pool once the options are known."""
    if game.pool is None:
        setup_pool(game)
    for kind in ("ice", "volcano", "variable", "variable_v2", "variable_v3"):
        if f"fire-and-ice-factions/{kind}" in game.options:
            _add_variant(game, f"final_{kind}")
    for kind in ("variable_v4", "variable_v5"):
        if f"fire-and-ice-factions/{kind}" in game.options:
            _add_variant(game, f"final_{kind}")


def setup_pool(game: Game) -> None:
    pool: dict[str, int] = {
        "C": 1000,
        "W": 1000,
        "P": 1000,
        "VP": 1000,
        "P1": 10000,
        "P2": 10000,
        "P3": 10000,
        "EARTH": 100,
        "FIRE": 100,
        "WATER": 100,
        "AIR": 100,
        "KEY": 100,
        "CONVERT_W_TO_P": 3,
        "ALLOW_SHAPESHIFT": 100,
        "carpet_range": 3,
    }
    for pseudo in [
        "SPADE",
        "VOLCANO_TF",
        "FREE_TF",
        "FREE_TP",
        "FREE_D",
        "TELEPORT_NO_TF",
        "TF_NEED_HEX_ADJACENCY",
        "CULT",
        "LOSE_CULT",
        "GAIN_FAVOR",
        "GAIN_SHIP",
        "GAIN_TW",
        "GAIN_ACTION",
        "PICK_COLOR",
        "BRIDGE",
        "TOWN_SIZE",
        "LOSE_PW_TOKEN",
        "PRIEST_CULT_BONUS",
        "CULTS_ON_SAME_TRACK",
        "UNLOCK_TERRAIN",
        "MAX_P",
        "GAIN_P3_FOR_VP",
    ]:
        pool[pseudo] = 10000
    for i in range(1, 7):
        pool[f"ACT{i}"] = 1
    for name, tile in TILES.items():
        if tile.option is not None and tile.option not in game.options:
            continue
        if name.startswith("BON"):
            pool[name] = pool.get(name, 0) + 1
            game.bonus_coins[name] = 0
        else:
            pool[name] = pool.get(name, 0) + tile.count
    game.score_pool = [
        n for n, s in SCORING.items() if s.option is None or s.option in game.options
    ]
    game.pool = pool


def _add_variant(game: Game, variant: str) -> None:
    if variant not in FIRE_ICE_SETS:
        raise IllegalMove(f"unknown faction variant {variant}")
    if variant not in game.faction_variants:
        game.faction_variants.append(variant)


def _setup(game: Game, faction: FactionState | None, action: a.Setup) -> None:
    game.ledger.finish_row()
    _no_faction(faction, action)
    name = action.chosen.value
    finalize_setup(game)
    turns.advance_state(game, "select-factions")
    board = None
    for variant in game.faction_variants:
        board = board or FIRE_ICE_SETS[variant].get(name)
    board = board or FACTION_BOARDS.get(name)
    if board is None:
        raise IllegalMove(f"unknown faction {name}")
    initial_vp = (game.vp_setup or {}).get(name, 20)
    new = FactionState(board, initial_vp)
    player = action.player
    if game.players:
        index = len(game.order)
        if index < len(game.players):
            record = game.players[index]
            if player and player != record["name"]:
                raise IllegalMove(f"expected {record['name']} to pick a faction")
            player = player or record["name"]
    new.player = player
    for other in game.in_order(skip_dropped=True):
        if _conflict(new, other):
            raise IllegalMove(f"cannot add {name}: {other.name} already use that colour or board")
    if not game.order:
        new.start_player = True
    turns.register_faction(game, new)
    new.start_order = len(game.order)
    game.events.append(
        events.FactionJoined(
            round=0,
            turn=0,
            line=game.line,
            faction=name,
            start_order=new.start_order,
            player=player,
        )
    )
    game.events.append(
        events.VpChanged(
            round=0, turn=0, line=game.line, faction=name, delta=initial_vp, source="initial"
        )
    )
    game.ledger.start_row(new)
    game.ledger.add_command(a.Setup(chosen=action.chosen, faction=action.chosen, line=action.line))
    game.ledger.finish_row()


def _conflict(new: FactionState, other: FactionState) -> bool:
    def tags(f: FactionState) -> set[str]:
        out = {f.color, f.secondary_color or "", str(f.board.extra.get("board", ""))}
        out.discard("")
        return out

    return bool(tags(new) & tags(other))


# -------------------------------------------------------- resource commands


def _adjust(game: Game, faction: FactionState | None, action: a.Adjust) -> None:
    kind = action.what.value
    if game.round == 0 and kind.startswith("BON"):
        # Legacy notation: taking a bonus tile in setup means passing.
        f = _need_faction(faction, action)
        do_command(game, f.name, a.Pass(bonus=Tile(kind), faction=action.faction, line=action.line))
        game.ledger.finish_row()
        return
    f = _need_faction(faction, action)
    adjust_command(game, f, action.delta, kind, action.source)


def adjust_command(
    game: Game, faction: FactionState, delta: int, kind: str, source: str | None
) -> None:
    """``+N X`` / ``-N X`` typed by a player: allowed only where the rules grant it."""
    checked = False
    res = faction.res
    if kind in CULTS:
        if res["CULT"] < delta:
            if res[kind] == 10 or (faction.cult_blocked.get(kind) and res["KEY"]):
                checked = True
        elif delta < 0:
            lose = res.get("LOSE_CULT", 0)
            if lose:
                loss = -delta
                if lose != loss:
                    raise IllegalMove("all cult steps must be lost on the same cult track")
                if res[kind] < loss:
                    raise IllegalMove(f"not high enough on {kind} to lose {loss} steps")
                res["LOSE_CULT"] = lose - loss
                checked = True
            elif "loose-cult-loss" not in game.options:
                if res[kind] == 10 or res[kind] + delta < 7:
                    raise IllegalMove("cult steps cannot be given up voluntarily")
        elif res["CULT"] > delta and res.get("CULTS_ON_SAME_TRACK"):
            raise IllegalMove("all cult steps of this action must go on the same track")
        else:
            res["CULT"] -= delta
            checked = True
            res.pop("CULTS_ON_SAME_TRACK", None)
    elif res.get("LOSE_CULT") and "loose-lose-cult" not in game.options:
        raise IllegalMove(f"must first lose {res['LOSE_CULT']} cult steps")

    if kind.startswith("FAV"):
        if not res.get("GAIN_FAVOR"):
            raise IllegalMove(
                f"{faction.name} may not take a favor tile now"
                " (favors come with temples, sanctuaries and some strongholds)"
            )
        res["GAIN_FAVOR"] -= delta
        checked = True
    if kind.startswith("TW"):
        if not res.get("GAIN_TW"):
            raise IllegalMove(f"{faction.name} have not founded a town, so cannot take {kind}")
        res["GAIN_TW"] -= delta
        checked = True
    if kind == "VP" and game.finished:
        checked = True
    if kind == "SPADE" and delta < 0:
        if not faction.passed and faction.disable_spade_decline and "loose-dig" not in game.options:
            raise IllegalMove("spades bought with 'dig' must be used, not thrown away")
        checked = True
    if (not checked and delta > 0) or kind.startswith(
        ("LOSE_", "CULTS_ON_SAME_TRACK", "TOWN_SIZE", "TF_NEED_HEX_ADJACENCY")
    ):
        if "loose-adjust-resource" in game.options:
            game.ledger.warn(f"dodgy resource manipulation ({delta} {kind})")
            game.dodgy = True
        else:
            raise IllegalMove(f"{faction.name} are not entitled to gain {delta} {kind} here")

    adjust(game, faction, kind, delta, source)

    if kind == "FREE_TF" and res.get("FREE_TF") == 0:
        res.pop("TF_NEED_HEX_ADJACENCY", None)
    if kind == "FREE_D" and res.get("FREE_D") == 0:
        res.pop("TELEPORT_NO_TF", None)
    turns.dismiss_action(game, faction, "cult")
    if kind == "SPADE" and res.get("SPADE", 0) < 1:
        turns.dismiss_action(game, faction, "transform")
    if kind.startswith("GAIN_"):
        turns.dismiss_action(game, faction, "gain-token")


def _convert(game: Game, faction: FactionState | None, action: a.Convert) -> None:
    f = _need_active(game, faction, action)
    if "loose-convert-phase" not in game.options and game.state != "play":
        raise IllegalMove("resources can only be converted during the action phase")
    for record in leech.pending_offers(game, f):
        record["leech_tainted"] = "convert"
    rates = {k: dict(v) for k, v in f.exchange_rates.items()}
    src, dst = action.from_what.value, action.to_what.value
    if f.get("CONVERT_W_TO_P"):
        if action.to_count > 3:
            raise IllegalMove("the darklings' stronghold converts at most 3 W to P")
        rates.setdefault("W", {})["P"] = 1
        f.res.pop("CONVERT_W_TO_P", None)
    rate = rates.get(src, {}).get(dst)
    if not rate:
        raise IllegalMove(f"{f.name} cannot convert {src} to {dst}")
    if action.to_count * rate != action.from_count:
        raise IllegalMove(
            f"converting to {action.to_count} {dst} takes {action.to_count * rate} {src},"
            f" not {action.from_count}"
        )
    adjust(game, f, src, -action.from_count, "convert")
    adjust(game, f, dst, action.to_count, "convert")


def _gain(game: Game, faction: FactionState | None, action: a.Gain) -> None:
    f = _need_faction(faction, action)
    to, paid = action.what.value, action.paid_with.value
    field = f"GAIN_{to}_FOR_{paid}"
    if not f.get(field):
        raise IllegalMove(f"{f.name} cannot gain {to} for {paid} now")
    adjust(game, f, paid, -1, "convert")
    adjust(game, f, to, 1, "convert")
    f.res[field] -= 1
    turns.dismiss_action(game, f, "gain-token")


def _burn(game: Game, faction: FactionState | None, action: a.Burn) -> None:
    f = _need_active(game, faction, action)
    n = action.amount
    if f.get("P2") < 2 * n:
        raise IllegalMove(
            f"{f.name} cannot burn {n}: needs {2 * n} power tokens in bowl II, has {f.get('P2')}"
        )
    adjust(game, f, "P2", -2 * n)
    adjust(game, f, "P3", n)


# ------------------------------------------------------------ map commands


def _check_hex(game: Game, where: str) -> None:
    if where not in game.hexes:
        raise IllegalMove(f"there is no hex {where} on this map")


def _build(game: Game, faction: FactionState | None, action: a.Build) -> None:
    if not game.players:
        turns.advance_state(game, "initial-dwellings")
    f = _need_active(game, faction, action)
    where = action.hex
    _check_hex(game, where)
    here = game.hexes[where]
    free = game.round == 0
    if here.building:
        raise IllegalMove(f"{where} already has a building ({here.building})")
    if here.color == RIVER:
        raise IllegalMove(f"{where} is a river space")
    if f.get("FREE_D"):
        free = True
        f.res["FREE_D"] -= 1
    if game.round == 0 and f.name == "riverwalkers":
        if len(game.board.river_range.get(where, {})) <= 1:
            raise IllegalMove("the riverwalkers' first dwellings must be next to a river")

    tf_needed = not terrain.build_color_ok(f, here.color)
    check_location = not tf_needed
    if "loose-build-after-dig" not in game.options and not f.allowed_sub_actions.get("transform"):
        check_location = True
    if check_location and f.allowed_build_locations and where not in f.allowed_build_locations:
        f.allowed_sub_actions.pop("build", None)
    if not tf_needed and here.color != f.color:
        # An unlocked terrain (Riverwalkers) takes the builder's colour.
        _recolor(game, f, where, f.color)

    turns.require_subaction(game, f, "build", {"transform": int(tf_needed)})

    if f.get("TELEPORT_NO_TF"):
        f.res["TELEPORT_NO_TF"] -= 1
        if tf_needed:
            raise IllegalMove(
                f"this free dwelling must go on {f.color} terrain (no terraforming);"
                f" {where} is {here.color}"
            )
    elif tf_needed:
        if game.round == 0 and here.color == f.secondary_color:
            # First dwellings of ice and volcano factions go on their chosen colour.
            _recolor(game, f, where, f.color)
        else:
            _transform_hex(game, f, where, f.color)
    else:
        cost, reward, teleport = terrain.check_reachable(game, f, where)
        if teleport:
            f.teleport_to = where
        pay(game, f, cost)
        gain(game, f, reward, "faction")

    if f.get("SPADE") > 0:
        raise IllegalMove(
            f"all transforms must be done before building ({f.get('SPADE')} spades left)"
        )
    if not game.round:
        turns.setup_step_done(game)
        game.ledger.force_finish = True

    leech.note_leech(game, f, where)
    economy.advance_track(game, f, "D", f.buildings["D"], free=free)
    if game.round:
        economy.score_favor_tiles(game, f, "D")
        economy.score_current_tile(game, f, "D", "build")
    here.building = "D"
    f.locations.append(where)
    f.location_set.add(where)
    towns.detect_town(game, f, where)
    game.events.append(
        events.Built(
            round=game.round,
            turn=game.turn,
            line=game.line,
            faction=f.name,
            hex=where,
            building="D",
        )
    )


def _upgrade(game: Game, faction: FactionState | None, action: a.Upgrade) -> None:
    if not game.round:
        raise IllegalMove("buildings cannot be upgraded during setup")
    f = _need_active(game, faction, action)
    turns.require_subaction(game, f, "upgrade", {})
    where, kind = action.hex, action.building.value
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
        if f.get("FREE_TP"):
            free = True
            f.res["FREE_TP"] -= 1
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
        events.Built(
            round=game.round,
            turn=game.turn,
            line=game.line,
            faction=f.name,
            hex=where,
            building=kind,
            upgraded_from=old,
        )
    )


def _recolor(game: Game, f: FactionState, where: str, color: str) -> None:
    game.hexes[where].color = color
    game.events.append(
        events.Transformed(
            round=game.round,
            turn=game.turn,
            line=game.line,
            faction=f.name,
            hex=where,
            terrain=color,
        )
    )


def _transform(game: Game, faction: FactionState | None, action: a.Transform) -> None:
    f = _need_faction(faction, action)
    _check_hex(game, action.hex)
    _transform_hex(game, f, action.hex, action.terrain.value if action.terrain else None)


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
            "loose-multi-spade" not in game.options
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
    if not f.get("SPADE"):
        turns.dismiss_action(game, f, "transform")
        f.allowed_sub_actions.pop("transform", None)
        f.require_home_terrain_tf = False
    else:
        for record in turns.find_actions(game, f, "transform"):
            record["amount"] = f.get("SPADE")
        if color != f.color and not f.passed:
            f.require_home_terrain_tf = True
            if not f.allowed_sub_actions.get("transform") and "loose-dig" not in game.options:
                raise IllegalMove(
                    "all spades from 'dig' must be used when transforming to a non-home terrain"
                    f" ({f.get('SPADE')} spades left)"
                )
    if color == f.color:
        f.allowed_build_locations.add(where)
    _recolor(game, f, where, color)
    towns.detect_town(game, f, where)


def _dig(game: Game, faction: FactionState | None, action: a.Dig) -> None:
    f = _need_active(game, faction, action)
    dig = f.dig
    if dig is None or not dig.spec.cost:
        raise IllegalMove(f"{f.display} cannot dig")
    cost = dig.spec.cost[dig.level]
    reward = dig.spec.gain[dig.level] if dig.level < len(dig.spec.gain) else None
    if "loose-dig" not in game.options or not f.allowed_sub_actions.get("transform"):
        turns.require_subaction(game, f, "dig", {"transform": 1, "build": 1, "dig": 1})
    if not reward:
        adjust(game, f, "SPADE", action.amount)
    for _ in range(action.amount):
        pay(game, f, cost)
    if reward:
        for _ in range(action.amount):
            gain(game, f, reward, "faction")
    f.disable_spade_decline = True


def _bridge(game: Game, faction: FactionState | None, action: a.BuildBridge) -> None:
    f = _need_active(game, faction, action)
    one, two = action.hex1, action.hex2
    _check_hex(game, one)
    _check_hex(game, two)
    if not f.get("BRIDGE"):
        raise IllegalMove(f"{f.name} have no bridge to place (take ACT1 or the engineers' action)")

    def owns(where: str) -> bool:
        h = game.hexes[where]
        return bool(h.building) and h.color == f.color

    if "loose-bridge-adjacency" not in game.options and not (owns(one) or owns(two)):
        raise IllegalMove("a bridge must touch one of the faction's own buildings")
    turns.require_subaction(game, f, "bridge", {"bridge": f.get("BRIDGE") - 1})
    if not action.allow_illegal:
        if f.get("BRIDGE_COUNT") == 0:
            raise IllegalMove(f"{f.name} have placed all 3 bridges")
        if two not in game.board.bridgable.get(one, ()):
            raise IllegalMove(f"a bridge cannot join {one} and {two}")
    f.res["BRIDGE_COUNT"] -= 1
    game.hexes[one].bridges.add(two)
    game.hexes[two].bridges.add(one)
    f.res["BRIDGE"] -= 1
    if not f.res["BRIDGE"]:
        del f.res["BRIDGE"]
    game.bridges.append((one, two, f.color))
    game.events.append(
        events.BridgeBuilt(
            round=game.round, turn=game.turn, line=game.line, faction=f.name, hex1=one, hex2=two
        )
    )
    towns.detect_town(game, f, one)
    towns.detect_town(game, f, two)


def _connect(game: Game, faction: FactionState | None, action: a.Connect) -> None:
    f = _need_active(game, faction, action)
    if action.river is not None:
        if action.river not in game.hexes:
            raise IllegalMove(f"there is no river space {action.river}")
        hexes = list(game.adjacent(action.river))
    else:
        hexes = list(action.hexes)
    towns.connect(game, f, hexes)


# ------------------------------------------------------- action commands


def _send(game: Game, faction: FactionState | None, action: a.Send) -> None:
    f = _need_active(game, faction, action)
    turns.require_subaction(game, f, "send", {})
    cult = action.cult.value
    wanted = action.slot
    steps = 1
    slots = game.cult_slots[cult]
    for i, occupant in enumerate(slots):
        if occupant is None:
            value = 3 if i == 0 else 2
            if wanted and value != wanted:
                continue
            steps = value
            slots[i] = f.color
            f.res["MAX_P"] -= 1
            f.res["CULT_P"] += 1
            break
    if wanted and steps != wanted:
        raise IllegalMove(f"there is no free {wanted}-step space on the {cult} track")
    steps += f.get("PRIEST_CULT_BONUS")
    gain(game, f, {cult: steps})
    adjust(game, f, "P", -1)


def _use_action(game: Game, faction: FactionState | None, action: a.UseAction) -> None:
    f = _need_active(game, faction, action)
    name = action.space.value
    if not (name.startswith("ACT") and name[3:4] in "123456" and name[3:4]) and not f.get(name):
        if name in _STRONGHOLD_ACTIONS:
            raise IllegalMove(f"{f.name} have no {name} action (it comes with a stronghold)")
        if name.startswith(("BON", "FAV")):
            raise IllegalMove(f"{f.name} have no {name} action (it needs the {name} tile)")
        raise IllegalMove(f"{f.name} have no {name} action")
    spec = f.extra.get("actions", {}).get(name) or ACTIONS.get(name)
    if spec is None:
        raise IllegalMove(f"unknown action {name}")
    key = name if name.startswith("ACT") else f"{name}/{f.name}"
    if key in game.blocked and not f.allow_reuse.get(key):
        raise IllegalMove(f"action space {key} is already taken this round")
    rules = f.extra.get("action", {}).get(name, {})
    if rules.get("forbid"):
        raise IllegalMove(f"{f.display} may not use action {name}")
    subaction = dict(rules.get("subaction") or spec.subaction)
    turns.require_subaction(game, f, "action", subaction)
    pay(game, f, spec.cost, f.discount.get(name))
    gain(game, f, spec.gain, name)
    if not spec.dont_block:
        game.blocked.add(key)


def _pass(game: Game, faction: FactionState | None, action: a.Pass) -> None:
    f = _need_active(game, faction, action)
    if "strict-chaosmagician-sh" in game.options and f.allowed_actions > 1:
        f.allowed_actions = 1
    turns.require_subaction(game, f, "pass", {})
    first = not any(o.passed for o in game.order)
    if game.round:
        if first:
            for o in game.order:
                o.start_player = False
            f.start_player = True
        if "variable-turn-order" in game.options:
            game.new_order = [o for o in game.order if o is not f] + [f]
    if "strict-chaosmagician-sh" in game.options and f.passed:
        raise IllegalMove(f"{f.name} have already passed this round")
    f.passed = True
    discard = next(iter(f.tiles("BON")), None)
    scoring.pass_vp(game, f, lambda vp, tile: adjust(game, f, "VP", vp, tile))
    bonus = action.bonus.value if action.bonus else None
    if bonus:
        if not game.round:
            turns.setup_step_done(game)
        if game.round == 6:
            game.ledger.warn("Can't take a bonus tile when passing on last round")
        else:
            if (game.pool or {}).get(bonus, 0) < 1:
                raise IllegalMove(f"{bonus} is not available")
            adjust(game, f, bonus, 1)
    elif game.round != 6:
        raise IllegalMove("passing needs a bonus tile (except in round 6)")
    if discard:
        adjust(game, f, discard, -1)
    game.events.append(
        events.Passed(round=game.round, turn=game.turn, line=game.line, faction=f.name, bonus=bonus)
    )
    game.ledger.force_finish = True


def _advance(game: Game, faction: FactionState | None, action: a.Advance) -> None:
    f = _need_faction(faction, action)
    turns.require_subaction(game, f, "advance", {})
    name = action.track.value
    track = f.track(name)
    if track.level >= track.max_level:
        raise IllegalMove(f"{f.name} cannot advance {name} beyond level {track.max_level}")
    economy.advance_track(game, f, name, track)


def _leech(game: Game, faction: FactionState | None, action: a.Leech) -> None:
    f = _need_faction(faction, action)
    source = action.source_faction.value if action.source_faction else ""
    leech.accept(game, f, action.amount, source)
    game.ledger.force_finish = True


def _decline(game: Game, faction: FactionState | None, action: a.Decline) -> None:
    f = _need_faction(faction, action)
    if action.amount is None:
        decline_all(game, f, explicit=True)
    else:
        source = action.source_faction.value if action.source_faction else ""
        if not leech.decline(game, f, action.amount, source, explicit=True):
            raise IllegalMove(
                f"there is no offer of {action.amount} power from {source} to decline"
            )
        turns.clear_empty(game)
    game.ledger.force_finish = True


def decline_all(game: Game, faction: FactionState, *, explicit: bool) -> int:
    declined = 0
    for record in leech.pending_offers(game, faction):
        declined += leech.decline(
            game, faction, record["amount"], record["from_faction"], explicit=explicit
        )
        turns.clear_empty(game)
    return declined


# -------------------------------------------------------------- turn flow


def _wait(game: Game, faction: FactionState | None, action: a.Wait) -> None:
    _need_faction(faction, action).waiting = True


def _done(game: Game, faction: FactionState | None, action: a.Done) -> None:
    f = _need_faction(faction, action)
    if "loose-done" in game.options:
        f.allowed_actions = 0
    elif f.allowed_actions:
        raise IllegalMove(f"{f.name} must take an action before 'done'")
    f.allowed_sub_actions = {}


def _start(game: Game, faction: FactionState | None, action: a.Start) -> None:
    if any(r and r.get("type") == "full" for r in game.action_required):
        return
    turns.start_round(game)


def _admin_income(game: Game, faction: FactionState | None, action: a.AdminIncome) -> None:
    if any(r and r.get("type") != "leech" for r in game.action_required):
        return
    for f in game.in_order():
        if not f.income_taken:
            turns.take_income(game, f, 15)


def _faction_income(game: Game, faction: FactionState | None, action: a.FactionIncome) -> None:
    f = _need_faction(faction, action)
    mask = {None: 15, "all": 15, "cult": 1, "other": 14}[
        action.income.value if action.income else None
    ]
    turns.take_income(game, f, mask)


def _finish(game: Game, faction: FactionState | None, action: a.Finish) -> None:
    _no_faction(faction, action)
    if any(r and r.get("type") != "leech" for r in game.action_required):
        return
    scoring.finish(game)


def _score_resources(game: Game, faction: FactionState | None, action: a.ScoreResources) -> None:
    scoring.score_resources(game, _need_faction(faction, action))


def _drop(game: Game, faction: FactionState | None, action: a.DropFaction) -> None:
    if action.target is None:
        _no_faction(faction, action)
        index = action.player_index or 0
        if not 1 <= index <= len(game.players):
            raise IllegalMove(f"there is no player {index} to drop")
        raise IllegalMove("dropping a player before faction selection is not supported")
    name = action.target.value
    if faction is not None and faction.name != name:
        raise IllegalMove(f"{faction.name} cannot drop the {name}")
    target = game.factions.get(name)
    if target is None:
        raise IllegalMove(f"{name} are not in the game")
    target.dropped = True
    target.allowed_actions = 0
    target.allowed_sub_actions = {}
    game.events.append(
        events.FactionDropped(round=game.round, turn=game.turn, line=game.line, faction=name)
    )
    turns.dismiss_action(game, target, None)
    discard = next(iter(target.tiles("BON")), None)
    if discard:
        adjust(game, target, discard, -1)
    game.setup_order = [step for step in game.setup_order if step[0] != name]
    turns.maybe_advance_to_next_player(game, target)
    game.ledger.add_comment(f"{name} dropped from the game")


# ------------------------------------------------------------ admin commands


def _score(game: Game, faction: FactionState | None, action: a.Score) -> None:
    _no_faction(faction, action)
    if len(action.tiles) != 6:
        raise IllegalMove(f"six round-scoring tiles are needed, not {len(action.tiles)}")
    for i, tile in enumerate(action.tiles, 1):
        spec = SCORING.get(tile.value)
        if spec is None:
            raise IllegalMove(f"{tile.value} is not a round-scoring tile")
        game.ledger.add_comment(f"Round {i} scoring: {tile.value}, {spec.display}")
    game.score_tiles = [t.value for t in action.tiles]


def _delete(game: Game, faction: FactionState | None, action: a.Delete) -> None:
    finalize_setup(game)
    name = action.tile.upper()
    holder: dict[str, Any] = faction.res if faction is not None else (game.pool or {})
    game.ledger.add_comment(f"Removing tile {name}")
    if name not in holder or holder[name] <= 1:
        holder.pop(name, None)
    else:
        holder[name] -= 1


def _option(game: Game, faction: FactionState | None, action: a.SetOption) -> None:
    _no_faction(faction, action)
    name = action.name.lower()
    if name not in VALID_OPTIONS:
        raise IllegalMove(f"unknown option {name}")
    if name == "maintain-player-order" and game.player_count is not None:
        raise IllegalMove("maintain-player-order can only be used in private games")
    game.options.add(name)
    game.ledger.add_comment(f"option {name}")


def _drop_option(game: Game, faction: FactionState | None, action: a.DropOption) -> None:
    game.options.discard(action.name)


def _player(game: Game, faction: FactionState | None, action: a.AddPlayer) -> None:
    _no_faction(faction, action)
    game.players.append(
        {
            "name": action.name,
            "email": action.email,
            "username": action.username,
            "index": len(game.players),
        }
    )
    if game.player_count is not None and len(game.players) > game.player_count:
        raise IllegalMove(f"too many players (expected {game.player_count})")


def _order(game: Game, faction: FactionState | None, action: a.Order) -> None:
    _no_faction(faction, action)
    wanted = {u.lower(): i for i, u in enumerate(action.usernames)}
    game.players.sort(key=lambda p: wanted.get(str(p.get("username") or "").lower(), len(wanted)))
    turns.advance_state(game, "select-factions")


def _randomize(game: Game, faction: FactionState | None, action: a.Randomize) -> None:
    _no_faction(faction, action)
    finalize_setup(game)
    if game.player_count is None:
        turns.advance_state(game, "select-factions")
    if game.player_count is not None and len(game.players) != game.player_count:
        return
    if not game.players:
        raise IllegalMove("randomize needs the players ('player NAME' lines) to draw the seats")
    draw = SeededDraw(action.seed)
    tiles = sorted(game.score_pool, key=natural_key)
    while True:
        drawn = draw.shuffle(tiles)
        if "SCORE1" not in drawn[4:6]:
            break
    do_command(game, None, a.Score(tiles=tuple(Tile(t) for t in drawn[:6]), line=action.line))
    game.ledger.finish_row()
    bonus = draw.shuffle(sorted(k for k in (game.pool or {}) if k.startswith("BON")))
    while len(bonus) > len(game.players) + 3:
        do_command(game, None, a.Delete(tile=bonus.pop(0), line=action.line))
        game.ledger.finish_row()
    if "maintain-player-order" in game.options:
        players = sorted(game.players, key=lambda p: p["index"])
    else:
        ordered = sorted(game.players, key=lambda p: (str(p["name"]).lower(), p["index"]))
        players = draw.shuffle(ordered, name=lambda p: str(p["name"]))
    for seat, player in enumerate(players, 1):
        game.ledger.add_comment(f"Player {seat}: {player['name']}")
    if "fire-and-ice-final-scoring" in game.options:
        kinds = sorted(FIRE_ICE_FINAL_SCORING)
        if action.version != "v1":
            kinds = draw.shuffle(kinds)
        add_final_scoring(game, kinds[0])
    game.players = players


def _map(game: Game, faction: FactionState | None, action: a.SelectMap) -> None:
    _no_faction(faction, action)
    game.map_variant = None if action.map_id == "original" else action.map_id
    game.ledger.add_comment(f"map {action.map_id}")


def _faction_variant(game: Game, faction: FactionState | None, action: a.FactionVariant) -> None:
    _no_faction(faction, action)
    _add_variant(game, action.name.lower())


def _final_scoring(game: Game, faction: FactionState | None, action: a.FinalScoring) -> None:
    _no_faction(faction, action)
    add_final_scoring(game, action.name)


def add_final_scoring(game: Game, name: str) -> None:
    if name not in FINAL_SCORING_POINTS:
        raise IllegalMove(f"unknown final scoring type {name}")
    game.final_scoring[name] = FINAL_SCORING_POINTS[name]
    game.non_standard = True
    game.ledger.add_comment(f"Added final scoring tile: {name}")


def _noop(game: Game, faction: FactionState | None, action: a.Action) -> None:
    return None


def _preview(game: Game, faction: FactionState | None, action: a.StartPreview) -> None:
    _no_faction(faction, action)
    game.in_preview = True


def _planning(game: Game, faction: FactionState | None, action: a.StartPlanning) -> None:
    raise IllegalMove("the site's planner rows (start_planning) are not part of a game log")


def _pick_color(game: Game, faction: FactionState | None, action: a.PickColor) -> None:
    f = _need_faction(faction, action)
    if not f.get("PICK_COLOR"):
        raise IllegalMove(f"{f.name} may not pick a colour now")
    wanted = terrain.assert_color(terrain.alias_color(action.terrain.value))
    for other in game.in_order():
        if other.color == wanted or (game.round == 0 and other.secondary_color == wanted):
            raise IllegalMove(f"{wanted} is not available")
    del f.res["PICK_COLOR"]
    field = f.extra.get("pick_color_field", "secondary_color")
    game.ledger.force_finish = True
    if field == "color":
        orig = f.color
        f.color = wanted
        for name, h in game.hexes.items():
            if h.building and h.color == orig:
                _recolor(game, f, name, wanted)
        game.bridges = [(x, y, wanted if c == orig else c) for x, y, c in game.bridges]
        for cult in CULTS:
            game.cult_slots[cult] = [wanted if s == orig else s for s in game.cult_slots[cult]]
    else:
        f.secondary_color = wanted
    if f.locked_terrain is not None:
        f.locked_terrain.pop(wanted, None)
        f.unlocked_terrain.add(wanted)


def _unlock(game: Game, faction: FactionState | None, action: a.UnlockTerrain) -> None:
    f = _need_faction(faction, action)
    if not f.get("UNLOCK_TERRAIN"):
        raise IllegalMove(f"{f.name} may not unlock a terrain now")
    target = str(action.target)  # a colour's or a "gain-…" name, as plain text
    special = target.startswith("gain-")
    if not special:
        target = terrain.assert_color(terrain.alias_color(target))
    locked = f.locked_terrain
    if not locked or target not in locked:
        raise IllegalMove(f"{f.name} cannot unlock {target} (already unlocked?)")
    effect = (
        locked[target][""] if special else locked[target][terrain.color_home_status(game, target)]
    )
    saved, f.special = f.special, None
    gain(game, f, effect.get("gain", {}))
    pay(game, f, effect.get("cost", {}))
    f.special = saved
    f.unlocked_terrain.add(target)
    if not effect.get("permanent"):
        del locked[target]
    if all(k.startswith("gain-") for k in locked) and f.special:
        f.special.pop("P", None)
    f.res["UNLOCK_TERRAIN"] -= 1
    if not f.res["UNLOCK_TERRAIN"]:
        turns.dismiss_action(game, f, "unlock-terrain")


Handler = Callable[[Game, FactionState | None, Any], None]

_HANDLERS: dict[type, Handler] = {
    a.Adjust: _adjust,
    a.Build: _build,
    a.Upgrade: _upgrade,
    a.Send: _send,
    a.Convert: _convert,
    a.Gain: _gain,
    a.Burn: _burn,
    a.Leech: _leech,
    a.Decline: _decline,
    a.Transform: _transform,
    a.Dig: _dig,
    a.UseAction: _use_action,
    a.Pass: _pass,
    a.Advance: _advance,
    a.BuildBridge: _bridge,
    a.Connect: _connect,
    a.PickColor: _pick_color,
    a.UnlockTerrain: _unlock,
    a.Wait: _wait,
    a.Done: _done,
    a.DropFaction: _drop,
    a.Delete: _delete,
    a.FactionIncome: _faction_income,
    a.ScoreResources: _score_resources,
    a.StartPlanning: _planning,
    a.Setup: _setup,
    a.AddPlayer: _player,
    a.Order: _order,
    a.Score: _score,
    a.SetOption: _option,
    a.DropOption: _drop_option,
    a.SelectMap: _map,
    a.Randomize: _randomize,
    a.FactionVariant: _faction_variant,
    a.FinalScoring: _final_scoring,
    a.AdminIncome: _admin_income,
    a.Start: _start,
    a.Finish: _finish,
    a.Abort: _noop,
    a.AdminEmail: _noop,
    a.StartPreview: _preview,
}
