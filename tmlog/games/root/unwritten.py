"""What a Rootlog action leaves unwritten, read from the board: the place a
location names, a piece's code, the plot a trick swaps, a move the ferry or
Field Hospitals make.
"""

from __future__ import annotations

from tmlog.games.root.board import Board
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.maps import Location
from tmlog.games.root.notation.atoms import Location as Where
from tmlog.games.root.notation.atoms import Piece
from tmlog.games.root.pieces import Faction


def location(where: Where | None, me: Faction) -> Location:
    """The board's place for a written location (``me``: the mover, whose ``$`` it is)."""
    if where is None:
        raise RootRuleError("2.5", "no place given")
    if where.kind == "clearing":
        return int(where.text)
    if where.kind == "forest":
        return frozenset(int(c) for c in where.text.split("_"))
    if where.kind == "board":
        # `$` is the mover's board; the Riverfolk's Payments take other
        # factions' warriors (`2Cw$->` on a Riverfolk turn).
        letter = where.text.split("$")[0] or me.value
        return f"{letter}${where.text.split('$')[1]}"
    return where.text


def code_of(piece: Piece) -> str:
    """The board's code of a written piece: ``b_s`` for a sawmill."""
    return piece.kind + "".join("_" + s for s in piece.sub)


def plot_at(board: Board, owner: Faction, where: Location) -> str:
    """The plot token ``owner`` has at ``where`` (a trick names none, LoR 13.2.2)."""
    for (f, code), n in board.pieces_at(where).items():
        if f is owner and code.startswith("t") and n:
            return code
    raise RootRuleError("13.2.2", f"no plot at {where}")


def crosses_by_ferry(
    board: Board, src: Location, dst: Location, rivers: bool, ferried: bool
) -> bool:
    """A move across the lake from the ferry's clearing, the ferry not written.

    Only the ferry makes it (LoR C.2.5: once per turn, from the coastal
    clearing with the ferry to another coastal clearing; the lake is rivers
    to everyone else, C.2.2), so it is read as the ferry, which goes along.
    """
    return (
        not rivers
        and not ferried
        and isinstance(src, int)
        and isinstance(dst, int)
        and src == board.ferry
        and dst in board.map.coastal
        and src != dst
        and not board.map.adjacent(src, dst, opened=board.opened)
    )


def field_hospital(
    board: Board, me: Faction, owner: Faction, code: str, src: Location, dst: Location
) -> bool:
    """Marquise warriors removed and put back in the keep's clearing by Field
    Hospitals (LoR 6.2.3), written as a move there."""
    keep = board.where(Faction.MARQUISE, "t_k")
    return (
        owner is Faction.MARQUISE
        and code == "w"
        and dst in keep
        and isinstance(src, int)
        and isinstance(dst, int)
        and (me is not Faction.MARQUISE or not board.map.adjacent(src, dst))
    )
