"""Playing one command: its rules, within its faction's row.

The rules of every verb are looked up in ``game.rules`` (the table of
:mod:`~tmlog.games.terra_mystica.replay.commands`, which the replayer sets),
so a rule that plays a command of its own — income rows, final scoring, a
randomized setup — calls back through here without importing the table.
"""

from __future__ import annotations

from typing import Final

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay import segment, turns
from tmlog.games.terra_mystica.replay.economy import NotEnough
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Turn


def do_command(game: Game, faction_name: str | None, action: a.Action) -> Turn | None:
    """Play one command of the log, within its faction's row; if its rules end the
    faction's part, hand the turn over and close the row. Returns what the rules said."""
    seg = game.segment
    if type(action) is a.Comment:  # a leaf class: cheaper than isinstance, every command
        assert isinstance(action, a.Comment)
        if not action.pragma:
            segment.write_comment(game, action.text)
        return None
    faction: FactionState | None = None
    if faction_name:
        faction = game.factions.get(faction_name)
        if faction is None:
            known = ", ".join(f.name for f in game.order) or "none yet"
            raise IllegalMove(f"{faction_name} are not in this game (factions: {known})")
        if not seg.open or seg.faction is not faction:
            segment.open_row(game, faction)
    then = execute(game, faction, action, faction_name=faction_name)
    if faction is not None and not faction.dropped and seg.open and seg.record:
        seg.commands.append(action)  # segment.note_command(), inlined: every command
    if then is Turn.HAND_OVER:
        turns.maybe_advance_to_next_player(game, faction)
        if seg.open:
            segment.close_row(game)
    return then


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
) -> Turn | None:
    """Apply one command's rules (outside any row); returns what they said of the turn."""
    handler = game.rules.get(type(action))
    if handler is None:
        raise IllegalMove(f"'{action.notation()}' is not a command the game can replay")
    try:
        return handler(game, faction, action)
    except NotEnough as short:
        what = _RESOURCE_WORDS.get(short.resource, short.resource)
        raise IllegalMove(
            f"{short.faction} cannot afford {action.notation()}:"
            f" needs {short.needed} {what}, has {short.has}"
        ) from None


_RESOURCE_WORDS: Final = {
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
