"""Setups of real games put on the board: slots, supplies, suits and rule agree with them.

The setup lines are quoted from ``Vagabottos/Rootlog:Games/`` @35d3d80 and
translated by hand into board calls (the notation side does that for real).
Expected counts are worked out in the comments.
"""

from __future__ import annotations

import pytest

from tmlog.games.root.board import Board
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.maps import FALL, LAKE, MOUNTAIN, WINTER, Suit
from tmlog.games.root.pieces import Faction

C, E, L, RF, D, P = (
    Faction.MARQUISE,
    Faction.EYRIE,
    Faction.LIZARDS,
    Faction.RIVERFOLK,
    Faction.DUCHY,
    Faction.CORVIDS,
)


def suits(line: str) -> list[Suit]:
    """``"F1, R2, ..."`` from a Clearings: header."""
    return [Suit(item.strip()[0]) for item in line.split(",")]


def garrison(b: Board, keep: int) -> None:
    """LoR 6.3.3: a Marquise warrior in every clearing but the one opposite the keep."""
    for c in b.map.clearings:
        if c != b.map.opposite(keep):
            b.place(C, "w", c)


def test_r2g4_fall() -> None:
    # C:t_k->2/b_s->2/b_r->10/b_w->5/w->1+2+3+5+6+7+8+9+10+11+12
    # O:w->10+11/2w->5/$_->3
    # P:w->4+8+9
    b = Board(FALL, [Faction.ALLIANCE, P, RF, C])
    b.place(C, "t_k", 2)
    b.place(C, "b_s", 2)
    b.place(C, "b_r", 10)  # 2 slots, one ruined: the last free one
    b.place(C, "b_w", 5)
    garrison(b, 2)
    for c, n in ((10, 1), (11, 1), (5, 2)):
        b.place(RF, "w", c, n)
    for c in (4, 8, 9):
        b.place(P, "w", c)
    assert b.supply(C, "w") == 25 - 11
    assert b.supply(RF, "w") == 15 - 4
    assert b.free_slots(10) == 2 - 1 - 1 and b.free_slots(2) == 2 - 1  # ruin + recruiter; sawmill
    assert b.ruler(2) is C  # warrior + sawmill; the keep token does not count
    assert b.ruler(10) is C  # warrior + recruiter = 2 against 1
    assert b.ruler(5) is None  # warrior + workshop = 2 against 2
    # LoR 13.3.2: the Corvids start in one clearing of each suit.
    assert {b.suit(4), b.suit(8), b.suit(9)} == {Suit.FOX, Suit.MOUSE, Suit.RABBIT}
    with pytest.raises(RootRuleError, match=r"Law of Root 2\.2\.3\)$"):
        b.place(C, "b_w", 10)


def test_orderly_eyrie_fall() -> None:
    # C:t_k->4/b_w->8/b_s->9/b_r->12/w->1+3+4+...+12
    # E:b+6w->2
    # L:4w+b_f->1/w->5+9+10
    b = Board(FALL, [Faction.ALLIANCE, L, E, C])
    b.place(C, "t_k", 4)
    for code, c in (("b_w", 8), ("b_s", 9), ("b_r", 12)):
        b.place(C, code, c)
    garrison(b, 4)
    b.place(E, "b", 2)
    b.place(E, "w", 2, 6)
    b.place(L, "w", 1, 4)
    b.place(L, "b_f", 1)
    for c in (5, 9, 10):
        b.place(L, "w", c)
    assert b.free_slots(12) == 0  # 2 slots, a ruin and the recruiter
    assert b.ruler(1) is L  # the garden rules (10.2.4)
    assert b.ruler(2) is E
    assert b.ruler(9) is C  # warrior + sawmill against one Lizard warrior
    assert b.ruler(5) is None  # one warrior each
    assert b.supply(L, "b") == 15 - 1 and b.supply(E, "b") == 7 - 1


def test_r1g2_lake() -> None:
    # Clearings: F1, R2, M3, R4, F5, M6, M7, R8, F9, M10, R11, F12
    # C:t_k->2/b_w->2/b_s+b_r->10/w->2+3+4+...+12
    # E:b+6w->1/#despot->$
    b = Board(
        LAKE,
        [E, Faction.VAGABOND, C, Faction.VAGABOND2],
        suits("F1, R2, M3, R4, F5, M6, M7, R8, F9, M10, R11, F12"),
    )
    b.place(C, "t_k", 2)
    b.place(C, "b_w", 2)  # Lake 2: one slot
    b.place(C, "b_s", 10)
    b.place(C, "b_r", 10)  # Lake 10: three slots, one ruined
    garrison(b, 2)
    b.place(E, "b", 1)
    b.place(E, "w", 1, 6)
    assert b.count(C, "w", 1) == 0  # the garrison skipped the opposite corner
    assert b.ruler(1) is E and b.ruler(10) is C
    assert b.suit(10) is Suit.MOUSE
    with pytest.raises(RootRuleError, match=r"Law of Root 2\.2\.3\)$"):
        b.place(C, "b_r", 2)


def test_r1g3_mountain() -> None:
    # Clearings: R1, M2, R3, F4, M5, M6, F7, R8, F9, F10, R11, M12
    # C:t_k->1/w->1+2+4+...+12/b_s+b_w->1/b_r->9
    # D:t->3/2w->3+6+11
    b = Board(
        MOUNTAIN,
        [Faction.VAGABOND, Faction.VAGABOND2, C, D],
        suits("R1, M2, R3, F4, M5, M6, F7, R8, F9, F10, R11, M12"),
    )
    b.place(C, "t_k", 1)
    garrison(b, 1)
    b.place(C, "b_s", 1)
    b.place(C, "b_w", 1)  # Mountain 1: two slots
    b.place(C, "b_r", 9)  # Mountain 9: three slots, one ruined
    b.place(D, "t", 3)
    for c in (3, 6, 11):
        b.place(D, "w", c, 2)
    assert b.free_slots(1) == 0 and b.free_slots(9) == 1
    assert b.ruler(3) is D and b.ruler(6) is D  # 2 Duchy warriors against 0 and 1
    # The Duchy's corner and the clearings next to it: 3-7 is closed (LoR C.3.2).
    assert MOUNTAIN.neighbours(3) == {6, 11}


def test_duchy_in_winter_takes_the_neighbours() -> None:
    # RL r1g5 (Winter) `D:t->3/2w->3+7+8+12`: the same setup on an open corner.
    assert WINTER.neighbours(3) == {7, 8, 12}
