"""How a lenient replay keeps the board after a slip in a real log.

Once a broken rule is reported, the board follows the log regardless (see
:mod:`tmlog.games.root.driver`). Followed blindly, one slip would create
pieces the box does not hold, and every later placement of that faction would
fail too (LoR 2.5): one slip reported forty times. So the pieces a log takes
from where none stand are taken from where the faction does have them.
"""

from __future__ import annotations

import sys

from tmlog.games.root.board import FUNDS, ONE_PER_CLEARING, Board
from tmlog.games.root.maps import Location
from tmlog.games.root.pieces import FACTIONS, Faction


def follow(
    board: Board,
    faction: Faction,
    code: str,
    src: Location | None,
    dst: Location | None,
    n: int = 1,
) -> None:
    """Carry ``n`` pieces from ``src`` (None: the supply) to ``dst`` (None: the
    supply) as the log has it, with no rule checked.

    Missing pieces come first from a clearing next to ``dst`` that holds them
    all (the log most likely mistyped the origin), then from the supply, then
    from wherever the faction has the most. Pieces placed from an empty supply
    are placed all the same (where the log has them is all the replay knows;
    messages count the supply as 0, never less), except warriors that the
    Riverfolk may have spent as funds, which are taken from their box. A second
    one-per-clearing token is left out.
    """
    if src is not None:
        moved = min(n, board.count(faction, code, src))
        board.shift(faction, code, src, None, moved)
        if moved < n and dst is not None:
            _make_up(board, faction, code, src, dst, n - moved)
    elif dst is not None and code == "w" and dst != FUNDS and board.maybe_spent[faction]:
        short = n - min(n, _left(board, faction, code))
        board.shift(faction, code, FUNDS, None, short)
    if dst is not None and not _full(board, faction, code, dst):
        board.shift(faction, code, None, dst, n)


def _pool(faction: Faction, code: str) -> str:
    piece = FACTIONS[faction].piece(code)
    return piece.pool if piece else code


def _full(board: Board, faction: Faction, code: str, where: Location) -> bool:
    """Whether ``where`` already holds the one piece of this pool a clearing can
    (LoR 8.2.5.I, 11.5.6.I, 13.2.2.II): a second one cannot exist."""
    pool = _pool(faction, code)
    if not isinstance(where, int) or (faction, pool) not in ONE_PER_CLEARING:
        return False
    return any(f is faction and _pool(f, c) == pool for (f, c) in board.pieces_at(where))


def _left(board: Board, faction: Faction, code: str) -> int:
    # An unchecked supply (None) never runs out.
    left = board.supply(faction, _pool(faction, code))
    return sys.maxsize if left is None else max(0, left)


def _make_up(
    board: Board, faction: Faction, code: str, src: Location, dst: Location, short: int
) -> None:
    others = [
        (loc, held[(faction, code)])
        for loc, held in board.holdings()
        if loc not in (src, dst) and held.get((faction, code), 0) > 0
    ]
    if isinstance(dst, int):
        for loc, k in others:
            linked = isinstance(loc, int) and board.map.adjacent(
                loc, dst, rivers=True, opened=board.map.closed_paths
            )
            if linked and k >= short:
                board.shift(faction, code, loc, None, short)
                return
    short -= min(short, _left(board, faction, code))
    for loc, k in sorted(others, key=lambda o: -o[1]):
        take = min(k, short)
        board.shift(faction, code, loc, None, take)
        short -= take
        if not short:
            return
