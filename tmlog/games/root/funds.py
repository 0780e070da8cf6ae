"""The Riverfolk's Payments and funds, as far as Rootlog lets a replay follow them.

Rootlog puts payments and funds alike on the Riverfolk's board (``O$``) and
often leaves out what the rules do by themselves: the starting funds and
Protectionism. It writes a fund spent as a warrior with no owner (``2w$->``)
whoever's it is. Split from :mod:`tmlog.games.root.driver`, which calls these.
"""

from __future__ import annotations

from tmlog.games.root.board import FUNDS, Board
from tmlog.games.root.maps import Location
from tmlog.games.root.notation import Turn
from tmlog.games.root.notation.actions import Move
from tmlog.games.root.notation.atoms import Piece
from tmlog.games.root.pieces import Faction

RIVERFOLK = Faction.RIVERFOLK


def starting_funds(board: Board) -> None:
    """LoR 11.3.4: the Riverfolk start with three warriors in Payments. Most logs
    write it (``3w->$``); a setup line that leaves it out gets it here."""
    if not board.pieces_at(FUNDS):
        board.shift(RIVERFOLK, "w", None, FUNDS, 3)


def protectionism(board: Board, turn: Turn, paid: bool) -> None:
    """LoR 11.4.1: in Birdsong, an empty Payments box gets two Riverfolk warriors.

    Birdsong moves all payments to funds (11.4.3), so Payments is empty unless
    somebody ``paid`` since the Riverfolk's last turn. Some logs write the two
    warriors (``2w->$``); the others get them here, as many as the supply has.
    """
    if paid or any(_own_warriors_to_payments(a) for a in turn.actions):
        return
    left = board.supply(RIVERFOLK, "w") or 0
    board.shift(RIVERFOLK, "w", None, FUNDS, min(2, max(0, left)))


def _own_warriors_to_payments(action: object) -> bool:
    if not isinstance(action, Move):
        return False
    own = any(
        isinstance(side.thing, Piece)
        and side.thing.kind == "w"
        and side.thing.owner in (None, RIVERFOLK.value)
        and side.start is None
        for side in action.flat()
    )
    return own and any(d.kind == "board" and d.text in ("$", FUNDS) for d in action.dests)


def is_funds(
    board: Board, mover: Faction, owner: Faction, code: str, src: Location, n: int, bare: bool
) -> bool:
    """Whether warriors taken off the Riverfolk's board are funds spent: written
    with no owner on a Riverfolk turn (``2w$->``), or as an owner that has none
    there (funds are warriors of any faction, LoR 11.2.4)."""
    if code != "w" or src != FUNDS:
        return False
    return (bare and mover is RIVERFOLK) or board.count(owner, code, src) < n


def spend(board: Board, owner: Faction, n: int) -> None:
    """Spend ``n`` funds; spent funds go back to their owners (LoR 11.5).

    Which warriors a bare ``w$->`` spends the log does not say, so other
    factions' go first: a guess that never makes a supply look emptier than it
    may be. Each faction with warriors left in the box may have been spent
    instead (``Board.maybe_spent``), which later supply checks allow for.
    """
    spent = 0
    held = [(f, k) for (f, code), k in board.pieces_at(FUNDS).items() if code == "w"]
    for f, k in sorted(held, key=lambda o: o[0] is owner):
        take = min(k, n - spent)
        if take > 0:
            board.remove(f, "w", FUNDS, take)
            spent += take
    for (f, code), k in board.pieces_at(FUNDS).items():
        if code == "w":
            board.maybe_spent[f] = max(board.maybe_spent[f], min(n, k))
    if spent < n:
        board.remove(owner, "w", FUNDS, n - spent)  # reports what is missing
