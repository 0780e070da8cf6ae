"""Who has won a Root game: 30 VP, an activated dominance card whose clearings
are ruled, or a coalition with a winner (Law of Root 3.1, 3.3, 9.2.8).

The board keeps the VP, the dominance cards and the coalitions; these read
them through its :class:`~tmlog.games.root.board_view.BoardView`.
"""

from __future__ import annotations

from collections.abc import Iterable

from tmlog.games.root.board_view import BoardView
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.maps import Suit
from tmlog.games.root.pieces import FACTIONS, Faction
from tmlog.games.root.scoring import WIN_VP


def dominance_met(board: BoardView, faction: Faction) -> bool:
    """Whether ``faction``'s activated dominance card would win now (LoR 3.3.1.I-II)."""
    suit = board.dominance.get(faction)
    if suit is None:
        return False
    if suit is Suit.BIRD:
        return any(
            board.rules(faction, a) and board.rules(faction, b)
            for a, b in board.map.opposite_corners
        )
    ruled = [c for c in board.map.clearings if board.suit(c) is suit and board.rules(faction, c)]
    return len(ruled) >= 3


def can_win(board: BoardView, faction: Faction) -> bool:
    """30 VP (LoR 3.1), a met dominance (3.3.1), or a coalition partner who can (9.2.8)."""
    partner = board.coalitions.get(faction)
    if partner is not None:
        return can_win(board, partner)
    return board.vp[faction] >= WIN_VP or dominance_met(board, faction)


def check_winners(board: BoardView, declared: Iterable[Faction], *, at: str | None = None) -> None:
    """Raise the first of :func:`winner_breaches` (see there)."""
    for breach in winner_breaches(board, declared, at=at):
        raise breach


def winner_breaches(
    board: BoardView, declared: Iterable[Faction], *, at: str | None = None
) -> list[RootRuleError]:
    """What makes a declared winner no winner: each needs 30 VP (LoR 3.1), or
    to rule what its activated dominance card needs (3.3.1), or to be a
    Vagabond whose coalition partner won too (9.2.8). A partner wins on its
    own merits: its Vagabond does not make 29 VP a win."""
    winners = set(declared)
    found = []
    for faction in sorted(winners, key=lambda f: f.value):
        name = FACTIONS[faction].name
        partner = board.coalitions.get(faction)
        suit = board.dominance.get(faction)
        if partner is not None:
            if partner not in winners:
                reason = f"{name} wins only with {FACTIONS[partner].name}"
                found.append(RootRuleError("9.2.8", reason, position=at))
        elif suit is not None:
            if not dominance_met(board, faction):
                kind = suit.name.lower()
                needs = "two opposite corners" if suit is Suit.BIRD else f"three {kind} clearings"
                reason = f"{name} does not rule {needs} for its {kind} dominance"
                found.append(RootRuleError("3.3.1", reason, position=at))
        elif board.vp.get(faction, 0) < WIN_VP:
            reason = f"{name} has {board.vp.get(faction, 0)} VP, not {WIN_VP}"
            found.append(RootRuleError("3.1", reason, position=at))
    return found
