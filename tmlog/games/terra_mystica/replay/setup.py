"""Setting up: the tile pool, faction variants and the factions that join."""

from __future__ import annotations

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay import events, phases, segment, turns
from tmlog.games.terra_mystica.replay.factions import FACTION_BOARDS
from tmlog.games.terra_mystica.replay.fire_ice import FIRE_ICE_SETS
from tmlog.games.terra_mystica.replay.guards import no_faction
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Handler, Phase
from tmlog.games.terra_mystica.replay.tiles import (
    SCORING,
    TILES,
)

_VARIANT_OPTIONS = (
    (Option.FIRE_AND_ICE_ICE, "final_ice"),
    (Option.FIRE_AND_ICE_VOLCANO, "final_volcano"),
    (Option.FIRE_AND_ICE_VARIABLE, "final_variable"),
    (Option.FIRE_AND_ICE_VARIABLE_V2, "final_variable_v2"),
    (Option.FIRE_AND_ICE_VARIABLE_V3, "final_variable_v3"),
    (Option.FIRE_AND_ICE_VARIABLE_V4, "final_variable_v4"),
    (Option.FIRE_AND_ICE_VARIABLE_V5, "final_variable_v5"),
)
"""The options that bring in each set of Fire & Ice factions."""


def finalize_setup(game: Game) -> None:
    """Build the tile pool once the options are known."""
    if game.pool is None:
        setup_pool(game)
    for option, variant in _VARIANT_OPTIONS:
        if option in game.options:
            add_variant(game, variant)


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


def add_variant(game: Game, variant: str) -> None:
    if variant not in FIRE_ICE_SETS:
        raise IllegalMove(f"unknown faction variant {variant}")
    if variant not in game.faction_variants:
        game.faction_variants.append(variant)


def _setup(game: Game, faction: FactionState | None, action: a.Setup) -> None:
    segment.close_row(game)
    no_faction(faction, action)
    name = action.chosen.value
    finalize_setup(game)
    phases.advance_phase(game, Phase.SELECT_FACTIONS)
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
            player = player or record["name"] or None  # a ledger's unnamed player: ""
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
    segment.open_row(game, new)
    segment.note_command(
        game, a.Setup(chosen=action.chosen, faction=action.chosen, line=action.line)
    )
    segment.close_row(game)


def _conflict(new: FactionState, other: FactionState) -> bool:
    def tags(f: FactionState) -> set[str]:
        out = {f.color, f.secondary_color or "", str(f.board.extra.get("board", ""))}
        out.discard("")
        return out

    return bool(tags(new) & tags(other))


HANDLERS: dict[type, Handler] = {
    a.Setup: _setup,
}
