"""Events: what a Root replay changed, in the order it changed it.

The board (:class:`~tmlog.games.root.board.Board`) reports each change it
makes to pieces, hands and victory points; the driver
(:mod:`~tmlog.games.root.driver`) reports the rules a log broke and the end
of each turn line. :class:`~tmlog.games.root.replayer.RootReplayer` hands
them back push by push, and :func:`~tmlog.games.root.replay.replay` reads
its results (VP, VP by source, the timeline, the warnings) from them alone.

Events are named tuples (:class:`typing.NamedTuple`): immutable, cheap to
make, read by field name. ``faction`` is a faction's Rootlog letter
(``"C"``); a piece is its Rootlog code (``"w"``, ``"b_s"``, ``"t_k"``); a
place is a :data:`~tmlog.games.root.maps.Location` (a clearing number, 0 for
the Duchy's Burrow, a forest, or a box such as ``"O$"``). ``line`` and
``col`` are where the action that caused the event is written; changes the
rules make by themselves at a turn's start or end (the Riverfolk's
Protectionism, their starting funds) carry the turn line's position, column 1.

Each count is the change actually made: a lenient replay that follows a log
past a slip takes only the pieces (or hidden cards) there are, and its events
count those. There is one :class:`Scored` per score action carried out, its
``points`` possibly 0 (the 0 floor took them all).
"""

# No `from __future__ import annotations`: typing.NamedTuple would compile every
# annotation given as a string (a ForwardRef each) at every start-up.
from collections.abc import Mapping
from typing import NamedTuple

from tmlog.games.root.maps import Location
from tmlog.games.root.scoring import VpSource


class Placed(NamedTuple):
    """``n`` of ``faction``'s ``piece`` came from its supply to ``where`` (built or placed)."""

    faction: str
    piece: str
    where: Location
    n: int
    line: int
    col: int


class Removed(NamedTuple):
    """``n`` of ``faction``'s ``piece`` left ``where`` for the supply (or the box, LoR 2.5)."""

    faction: str
    piece: str
    where: Location
    n: int
    line: int
    col: int


class Moved(NamedTuple):
    """``n`` of ``faction``'s ``piece`` went from ``src`` to ``dst`` (a move, or a
    transfer such as officers, payments or Field Hospitals)."""

    faction: str
    piece: str
    src: Location
    dst: Location
    n: int
    line: int
    col: int


class Flipped(NamedTuple):
    """One of ``faction``'s pieces at ``where`` turned from ``piece`` to ``to``
    (a Corvid plot exposed, LoR 13.2.2.I)."""

    faction: str
    piece: str
    to: str
    where: Location
    line: int
    col: int


class CardMoved(NamedTuple):
    """``faction``'s hand changed by ``n`` cards: above 0 drawn or taken, below 0
    spent, discarded or given (LoR 2.1). ``card`` is the card as the log writes
    it (``"#"``, ``"F#dom"``), ``""`` when it writes none (a card crafted)."""

    faction: str
    card: str
    n: int
    line: int
    col: int


class Scored(NamedTuple):
    """``faction``'s VP changed by ``points`` (after the 0 floor), for ``source``."""

    faction: str
    points: int
    source: VpSource
    line: int
    col: int


class RuleBroken(NamedTuple):
    """The log broke Law of Root rule ``rule``; a lenient replay followed it.

    ``message`` is the warning as tmlog prints it. ``certain`` False: the log
    cannot prove the breach (a hidden hand, a count a slip spoiled), a note
    rather than a warning. ``col`` is 0 for a breach of a whole line (the
    ``Winner:`` line's claim).
    """

    rule: str
    message: str
    line: int
    col: int
    certain: bool


class TurnEnded(NamedTuple):
    """Turn line ``turn`` (its index in :attr:`RootLog.turns
    <tmlog.games.root.notation.RootLog.turns>`) was carried out: every faction's VP after it."""

    turn: int
    line: int
    faction: str
    round: int
    """0 for setup, then the faction's own count of turns (Root's rounds)."""
    vp: Mapping[str, int]


PieceEvent = Placed | Removed | Moved | Flipped
"""A change of where pieces stand."""

RootEvent = Placed | Removed | Moved | Flipped | CardMoved | Scored | RuleBroken | TurnEnded
"""Anything a Root replay reports (what :meth:`RootReplayer.push
<tmlog.games.root.replayer.RootReplayer.push>` returns)."""
