"""Whose turn it is: the order of play, a faction's action and sub-actions, handing over.

A faction's turn ends only when it has no decision pending
(:mod:`~tmlog.games.terra_mystica.replay.pending`) and has used its action.
"""

from __future__ import annotations

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.replay import decisions as d
from tmlog.games.terra_mystica.replay import leech, segment
from tmlog.games.terra_mystica.replay.pending import (
    detect_incomplete_turn,
    dismiss_action,
    require_action,
)
from tmlog.games.terra_mystica.replay.state import FactionState, Game

# -------------------------------------------------------------------- setup


def register_faction(game: Game, faction: FactionState) -> None:
    game.factions[faction.name] = faction
    game.order.append(faction)
    playing = [f for f in game.order if not f.dropped]
    names = [f.name for f in playing]
    dwellings = [(f.name, "dwelling") for f in playing if f.board.setup_dwellings >= 2]
    order = dwellings + dwellings[::-1]
    # A third dwelling after everyone's second, then the single late one.
    order += [(f.name, "dwelling") for f in playing if f.board.setup_dwellings == 3]
    order += [(f.name, "dwelling") for f in playing if f.board.setup_dwellings == 1]
    order += [(n, "bonus") for n in reversed(names)]
    game.setup_order = order


def setup_step_done(game: Game) -> None:
    if game.setup_order:
        game.setup_order.pop(0)


# --------------------------------------------------------------- the turn


def start_full_move(game: Game, faction: FactionState) -> None:
    game.active = faction
    faction.allowed_actions = 1
    faction.allowed_sub_actions = {}
    faction.allowed_build_locations = set()
    faction.require_home_terrain_tf = False
    faction.teleport_to = None
    faction.cult_blocked = {}
    faction.disable_spade_decline = False


def require_subaction(
    game: Game, faction: FactionState, kind: str, followup: dict[str, int]
) -> None:
    """Spend either a sub-action granted by an earlier step, or the turn's action."""
    allowed = faction.allowed_sub_actions
    if allowed.get(kind, 0) > 0:
        allowed[kind] -= 1
        faction.allowed_sub_actions = dict(followup)
    elif faction.allowed_actions:
        faction.allowed_actions -= 1
        faction.allowed_sub_actions = dict(followup)
        # Taking an action answers every pending power offer with "no".
        leech.decline_all(game, faction, explicit=False)
    elif game.round == 0:
        raise IllegalMove(f"{faction.name} cannot take that action during setup")
    else:
        unpassed = [f for f in game.order if not f.passed and not f.dropped]
        if len(unpassed) == 1:
            # Out of setup (which raised above), this closes the faction's row too.
            maybe_advance_to_next_player(game, faction)
            segment.open_row(game, faction)
            start_full_move(game, faction)
            require_subaction(game, faction, kind, followup)
            return
        if game.active is not faction:
            active = game.active.name if game.active else "no faction"
            raise IllegalMove(f"it is the {active}' turn, not the {faction.name}'")
        raise IllegalMove(
            f"{faction.name} have already used their action this turn ('{kind}' is a second one)"
        )


def next_in_turn(game: Game, faction: FactionState) -> FactionState | None:
    if game.finished:
        return None
    for f in game.in_order_from(faction):
        if not f.passed and not f.dropped:
            return f
    return None


def _advance_turn_counter(game: Game, faction: FactionState, nxt: FactionState) -> None:
    if game.full_turn_played:
        game.full_turn_played = False
        game.turn += 1
    if faction.order >= nxt.order:
        game.full_turn_played = True
    segment.turn_header(game)


def maybe_advance_to_next_player(game: Game, faction: FactionState | None) -> None:
    """End ``faction``'s turn if it has nothing left to do, and hand over."""
    incomplete = detect_incomplete_turn(game, faction) if faction is not None else False
    if not game.round:
        return
    if (
        faction is not None
        and not incomplete
        and game.active is faction
        and not faction.allowed_actions
    ):
        dismiss_action(game, faction, d.FullTurn)
        nxt = next_in_turn(game, faction)
        if nxt is not None:
            require_action(game, nxt, d.FullTurn())
            start_full_move(game, nxt)
            _advance_turn_counter(game, faction, nxt)
    if game.new_order:
        game.order = game.new_order
        game.new_order = []
    if game.segment.open:  # checked here: this runs at every change of faction
        segment.close_row(game)
