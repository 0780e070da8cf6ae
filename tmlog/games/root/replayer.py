"""Replay a Rootlog game push by push: each push returns the events it caused.

:class:`RootReplayer` is Root's engine in the shape of Terra Mystica's
:class:`~tmlog.games.terra_mystica.replay.replayer.Replayer`: push the items
of :func:`turn_stream` one by one (each turn line's :class:`TurnStart`, then
its actions, and at the end the log's :class:`WinnerLine`) and get back the
events (:mod:`tmlog.games.root.events`) of each. :func:`~tmlog.games.root.replay.replay`
is the fold of a log's stream over it.

>>> from tmlog.games.root.notation import parse_rootlog
>>> log = parse_rootlog("Map: Fall\\nDeck: E&P\\nC: a\\nE: b\\nC:w->1\\nE:2w->3\\nC:b_s->1/++1\\n")
>>> replayer = RootReplayer(log)
>>> for item in turn_stream(log):
...     events = replayer.push(item)
...     if item in log.turns[-1].actions:
...         print(item, *events, sep="\\n  ")
b_s->1
  Placed(faction='C', piece='b_s', where=1, n=1, line=7, col=3)
++1
  Scored(faction='C', points=1, source=<VpSource.MARQUISE_BUILDING: '6.5.4.III'>, line=7, col=10)
  TurnEnded(turn=2, line=7, faction='C', round=1, vp={'C': 1, 'E': 0})
"""

from __future__ import annotations

from typing import NamedTuple

from tmlog.errors import ReplayError
from tmlog.games.root.board import Board
from tmlog.games.root.driver import Driver
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.events import RootEvent, RuleBroken
from tmlog.games.root.notation import RootLog, Turn
from tmlog.games.root.notation.actions import Action
from tmlog.games.root.pieces import Faction
from tmlog.games.root.victory import winner_breaches


class TurnStart(NamedTuple):
    """The boundary before a turn line; its actions follow."""

    turn: int
    """Index of the turn line in :attr:`RootLog.turns`, as in :class:`TurnEnded
    <tmlog.games.root.events.TurnEnded>`."""
    turn_line: Turn


class WinnerLine(NamedTuple):
    """The log's ``Winner:`` line, after its last turn: the winners it declares."""

    winner: tuple[str, ...]
    line: int


StreamItem = TurnStart | Action | WinnerLine
"""What :meth:`RootReplayer.push` takes."""


def turn_stream(log: RootLog, turns: int | None = None) -> list[StreamItem]:
    """The items a replay of ``log`` pushes: each turn line's :class:`TurnStart` and
    actions, then the :class:`WinnerLine` if the log has one. With ``turns``,
    the first ``turns`` turn lines only (and no winner unless that is all of them)."""
    stop = len(log.turns) if turns is None else min(turns, len(log.turns))
    items: list[StreamItem] = []
    for index, turn in enumerate(log.turns[:stop]):
        items.append(TurnStart(index, turn))
        items.extend(turn.actions)
    if log.winner and stop == len(log.turns):
        items.append(WinnerLine(log.winner, log.winner_line))
    return items


class RootReplayer:
    """A Root game in progress: push turn starts and actions, get back their events.

    A :class:`TurnStart` carries its turn line's actions, which the rules read
    ahead (a battle's defender, the Pass scored at the very end); the actions
    are then pushed one by one, in order. The push of the turn's last action
    (or of its start, for a turn of none) also ends the turn: its
    :class:`~tmlog.games.root.events.TurnEnded` comes back with it. A turn
    whose faction has no player line is left out with a
    :class:`~tmlog.games.root.events.RuleBroken`, and so are its actions.

    A broken rule is a :class:`~tmlog.games.root.events.RuleBroken` event and
    the board follows the log, unless the log is read strictly
    (``RootLog.lenient`` False): then a breach the log proves raises a
    :class:`RootRuleError` located at its action and ends the game; further
    pushes raise :class:`~tmlog.errors.ReplayError`, and :meth:`finish`
    returns what the board reported before the error.

    Raises ValueError when the log's map has no suits (neither printed nor in a
    ``Clearings:`` line).
    """

    __slots__ = ("_driver", "_left", "_open", "failed", "log")

    def __init__(self, log: RootLog) -> None:
        self.log = log
        self._driver = Driver(log, lenient=log.lenient)
        self._open = False
        """A turn has begun and not ended."""
        self._left = 0
        """Actions of the current turn line still to come."""
        self.failed = False
        """A strict replay has stopped at a broken rule."""

    @property
    def board(self) -> Board:
        """The board as the pushes so far have left it."""
        return self._driver.board

    def push(self, item: StreamItem) -> list[RootEvent]:
        """Carry out ``item``; the events it caused, in order."""
        if self.failed:
            raise ReplayError(f"{self.log.source}: the replay has stopped at a broken rule")
        try:
            if isinstance(item, TurnStart):
                self._close()
                self._left = len(item.turn_line.actions)
                self._open = self._driver.begin(item.turn, item.turn_line)
                self._close_if_done()
            elif isinstance(item, WinnerLine):
                self._close()
                self._check_winner(item)
            else:
                self._left -= 1
                if self._open:
                    self._driver.act(item)
                self._close_if_done()
        except RootRuleError:
            self.failed = True
            raise
        return self._drain()

    def finish(self) -> list[RootEvent]:
        """End the game: the end of a turn left open, and any events not yet returned."""
        if not self.failed:
            self._close()
        return self._drain()

    def _drain(self) -> list[RootEvent]:
        events = self._driver.events
        out = events[:]
        events.clear()
        return out

    def _close_if_done(self) -> None:
        if self._left <= 0:
            self._close()

    def _close(self) -> None:
        if self._open:
            self._open = False
            self._driver.end()

    def _check_winner(self, item: WinnerLine) -> None:
        """The declared winners, checked on the board where the log ends (LoR 3.1,
        3.3.1, 9.2.8): a breach is a warning, since real logs miss a point now and then."""
        declared = [Faction(f) for f in item.winner]
        where = f"{self.log.source}:{item.line}"
        for e in winner_breaches(self.board, declared):
            message = f"{where}: winner {e.reason} (Law of Root {e.rule})"
            self._driver.events.append(RuleBroken(e.rule, message, item.line, 0, True))
