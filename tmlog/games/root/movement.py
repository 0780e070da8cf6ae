"""Whether a move may go from one place to another: adjacency and rule (LoR 4.2).

Split from :mod:`tmlog.games.root.board`, which calls :func:`check_move` before
it moves any piece.
"""

from __future__ import annotations

from tmlog.games.root.board_view import BoardView
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.maps import Location, path
from tmlog.games.root.pieces import FACTIONS, Faction, Kind, PieceType

NIMBLE = {
    # Factions that move regardless of who rules, with the rule that says so.
    Faction.VAGABOND: "9.2.3",
    Faction.VAGABOND2: "9.2.3",
    Faction.CORVIDS: "13.2.3",
}


def check_move(
    board: BoardView,
    faction: Faction,
    piece: PieceType,
    src: Location,
    dst: Location,
    *,
    rivers: bool,
    ferry: bool,
    at: str | None,
) -> None:
    """Raise :class:`RootRuleError` unless ``faction`` may move ``piece`` from ``src`` to ``dst``.

    See :meth:`Board.move <tmlog.games.root.board.Board.move>` for the rules.
    """
    if not (isinstance(src, int) and isinstance(dst, int)):
        _check_forest_move(board, piece, src, dst, at)
        return
    root_map = board.map
    swims = FACTIONS[faction].swims or rivers
    if ferry:
        if src != board.ferry or dst not in root_map.coastal or src == dst:
            raise RootRuleError("C.2.5", f"the ferry does not go from {src} to {dst}", position=at)
    elif _tunnelled(board, faction, src, dst):
        return  # the Duchy always rules the Burrow (LoR 12.2.2): each hop is allowed
    elif not root_map.adjacent(src, dst, rivers=swims, opened=board.opened):
        link = path(src, dst)
        if link in root_map.closed_paths:
            rule, why = "C.3.2", f"the path {link[0]}_{link[1]} is closed"
        elif link in root_map.rivers:
            rule, why = "2.3", f"only the Riverfolk take the river {link[0]}_{link[1]}"
        else:
            rule, why = "2.2.1", f"clearings {src} and {dst} are not adjacent"
        raise RootRuleError(rule, why, position=at)
    # The Riverfolk swim along rivers whoever rules either end (LoR 11.2.2).
    along_river = FACTIONS[faction].swims and root_map.river_linked(src, dst)
    if faction in NIMBLE or along_river:
        return
    if not (board.rules(faction, src) or board.rules(faction, dst)):
        # After a slip in the counts of a faction here (and the lenient
        # replay's guess at the board), the ruler is a guess too: a note.
        raise RootRuleError(
            "4.2.1",
            f"{FACTIONS[faction].name} rules neither clearing {src} nor {dst}",
            position=at,
            certain=_sure_of_rule(board, src, dst),
        )


def _sure_of_rule(board: BoardView, *clearings: int) -> bool:
    """Whether who rules ``clearings`` rests on counts the log has not shown wrong
    (``Board.doubtful``: factions whose warriors or buildings a slip miscounted)."""
    return not any(
        f in board.doubtful and code[0] in "wb"
        for c in clearings
        for (f, code) in board.pieces_at(c)
    )


def _tunnelled(board: BoardView, faction: Faction, src: int, dst: int) -> bool:
    """The Duchy between two clearings with tunnels: through the Burrow, which
    is adjacent to each (LoR 12.2.2), written as one move (``2w6->4``)."""
    return faction is Faction.DUCHY and all(board.count(faction, "t", c) for c in (src, dst))


def check_way(
    board: BoardView,
    faction: Faction,
    piece: PieceType,
    n: int,
    src: Location,
    dst: Location,
    *,
    rivers: bool,
    ferry: bool,
    at: str | None,
) -> None:
    """Raise :class:`RootRuleError` unless ``n`` pieces stand at ``src`` (LoR 2.5) and
    may move to ``dst`` (:func:`check_move`; not checked to or from the Burrow).

    A move off the paths is named before missing pieces (it is the slip, whatever
    stands there); a missing piece before the rule of the clearings (moot then).
    """
    checked = 0 not in (src, dst)
    have = board.count(faction, piece.code, src)
    if have < n:
        try:
            if checked:
                check_move(board, faction, piece, src, dst, rivers=rivers, ferry=ferry, at=at)
        except RootRuleError as e:
            if e.rule != "4.2.1":
                raise
        name = FACTIONS[faction].name
        board.lost_count(faction, piece)
        raise RootRuleError(
            "2.5", f"{name} has {have} {piece.name} at {describe(src)}, not {n}", position=at
        )
    if checked:
        check_move(board, faction, piece, src, dst, rivers=rivers, ferry=ferry, at=at)


def _check_forest_move(
    board: BoardView, piece: PieceType, src: Location, dst: Location, at: str | None
) -> None:
    # Only the Vagabond's pawn goes into forests (LoR 9.3.2, 9.4.2): a forest
    # touches its clearings (2.4.1) and the forests across one path.
    if piece.kind is not Kind.PAWN:
        raise RootRuleError("4.2", "only a pawn moves into or out of a forest", position=at)
    if isinstance(src, frozenset) and isinstance(dst, frozenset):
        ok = board.map.forests_adjacent(src, dst)
    elif isinstance(src, frozenset) and isinstance(dst, int):
        ok = dst in src
    elif isinstance(dst, frozenset) and isinstance(src, int):
        ok = src in dst
    else:
        ok = False
    if not ok:
        raise RootRuleError(
            "2.4.1", f"{describe(src)} and {describe(dst)} are not adjacent", position=at
        )


def describe(where: Location) -> str:
    """A location in words: ``clearing 3``, ``forest 1_2_5``, ``the Burrow``, a box."""
    if isinstance(where, frozenset):
        return "forest " + "_".join(str(c) for c in sorted(where))
    if where == 0:
        return "the Burrow"
    return f"clearing {where}" if isinstance(where, int) else where
