"""What each command does to the game: the rules of every verb.

:func:`do_command` plays one command of the log (within the faction's row, as the
reference engine groups them); :func:`execute` applies a command's rules. Handlers
raise :class:`~tmlog.errors.IllegalMove` naming the rule broken.
"""

from __future__ import annotations

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay import (
    admin,
    building,
    colors,
    exchange,
    flow,
    moves,
    segment,
    setup,
    turns,
)
from tmlog.games.terra_mystica.replay.economy import NotEnough
from tmlog.games.terra_mystica.replay.guards import Handler
from tmlog.games.terra_mystica.replay.state import FactionState, Game


def do_command(game: Game, faction_name: str | None, action: a.Action) -> None:
    """Play one command of the log, within its faction's row."""
    seg = game.segment
    if isinstance(action, a.Comment):
        if not action.pragma:
            segment.write_comment(game, action.text)
        return
    faction: FactionState | None = None
    if faction_name:
        faction = game.factions.get(faction_name)
        if faction is None:
            known = ", ".join(f.name for f in game.order) or "none yet"
            raise IllegalMove(f"{faction_name} are not in this game (factions: {known})")
        if not seg.open or seg.faction is not faction:
            segment.open_row(game, faction)
    execute(game, faction, action, faction_name=faction_name)
    if faction is not None and not faction.dropped:
        segment.note_command(game, action)
    if seg.must_end:
        turns.maybe_advance_to_next_player(game, faction)
        segment.close_row(game)


def engine_row(game: Game, faction: FactionState, action: a.Action) -> None:
    """A row the engine writes itself (income, final scoring): command plus row end.

    ``action`` names the faction (``faction=faction.tag``), as its row will.
    """
    do_command(game, faction.name, action)
    segment.close_row(game)


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


_HANDLERS: dict[type, Handler] = {
    **setup.HANDLERS,
    **exchange.HANDLERS,
    **building.HANDLERS,
    **moves.HANDLERS,
    **flow.HANDLERS,
    **admin.HANDLERS,
    **colors.HANDLERS,
}
