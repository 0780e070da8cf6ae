"""Checks of the Law of Root that read the board, for the replay driver.

Each raises :class:`~tmlog.games.root.errors.RootRuleError` with its rule
number; a check whose proof rests on counts the log has already shown wrong
(the board's ``doubtful`` factions) raises it as uncertain, a note.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tmlog.games.root.board_view import BoardView
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.maps import Location, Suit
from tmlog.games.root.notation.actions import Action, Battle, Move
from tmlog.games.root.notation.atoms import Piece
from tmlog.games.root.pieces import CRAFT_COST, FACTIONS, Faction, Item


def pay_for(board: BoardView, faction: Faction, item: Item, used: Counter[str]) -> None:
    """An item's cost in crafting pieces of its suit, each used once a turn (LoR 4.1.1);
    ``used``: the pieces the turn has used so far, by suit letter (updated)."""
    pieces = FACTIONS[faction].crafting
    if not pieces:
        return
    suit, cost = CRAFT_COST[item]
    owned = sum(
        board.count(faction, code, where)
        for code in pieces
        for where, _ in board.holdings()
        if isinstance(where, int) and where and board.suit(where).value == suit
    )
    left = owned - used[suit]
    if left < cost:
        raise RootRuleError(
            "4.1.1",
            f"{FACTIONS[faction].name} has {max(0, left)} {Suit(suit).name.lower()} "
            f"crafting pieces unused this turn, not {cost} for the {item.name.lower()}",
            certain=faction not in board.doubtful,
        )
    used[suit] += cost


def defender_stands(
    board: BoardView, battle: Battle, defender: Faction, rest: Sequence[Action]
) -> None:
    """A battle needs a defender with a piece in the clearing (LoR 4.3.1). Where the
    turn (``rest``: its actions after the battle) goes on to remove the defender's
    pieces from there, the log says they stood there, and that removal alone names
    the count the board lost (LoR 2.5)."""
    here = board.pieces_at(battle.clearing)
    if any(f is defender and n for (f, _), n in here.items()):
        return
    if any(
        isinstance(a, Move)
        and any(
            isinstance(side.thing, Piece)
            and side.thing.owner == defender.value
            and side.start is not None
            and side.start.clearing == battle.clearing
            for side in a.flat()
        )
        for a in rest
    ):
        return
    raise RootRuleError(
        "4.3.1",
        f"{FACTIONS[defender].name} has no piece in clearing {battle.clearing} to battle",
        certain=defender not in board.doubtful,
    )


def wood_at_a_sawmill(board: BoardView, clearing: int) -> None:
    """Wood comes only at a Marquise sawmill: Birdsong, or Overwork (LoR 6.4, 6.5.5)."""
    if not board.count(Faction.MARQUISE, "b_s", clearing):
        raise RootRuleError(
            "6.4",
            f"no sawmill in clearing {clearing} to make wood",
            certain=Faction.MARQUISE not in board.doubtful,
        )


def garden_matches(board: BoardView, code: str, clearing: Location) -> None:
    """A Sanctify garden matches the clearing it takes over (LoR 10.4.3.III)."""
    if not isinstance(clearing, int):
        return
    suit = Suit(code[-1].upper())
    if suit is not board.suit(clearing):
        raise RootRuleError(
            "10.4.3.III",
            f"a {suit.name.lower()} garden does not match "
            f"{board.suit(clearing).name.lower()} clearing {clearing}",
        )
