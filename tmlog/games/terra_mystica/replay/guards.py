"""Checks every command handler makes first: who may give the command."""

from __future__ import annotations

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay.state import FactionState, Game


def need_faction(faction: FactionState | None, action: a.Action) -> FactionState:
    if faction is None:
        raise IllegalMove(f"'{action.notation()}' needs a faction (write 'faction: command')")
    return faction


def need_active(game: Game, faction: FactionState | None, action: a.Action) -> FactionState:
    f = need_faction(faction, action)
    if game.active is not f and game.round > 0 and not game.finished:
        active = game.active.name if game.active else "no faction"
        raise IllegalMove(f"it is the {active}' turn, not the {f.name}'")
    return f


def no_faction(faction: FactionState | None, action: a.Action) -> None:
    if faction is not None:
        raise IllegalMove(f"{faction.name} cannot use the admin command '{action.notation()}'")
