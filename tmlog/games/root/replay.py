"""Following a parsed Rootlog game, action by action, on the board.

The driver (:mod:`tmlog.games.root.driver`) carries every action out on a
:class:`~tmlog.games.root.board.Board`, which checks the Law of Root: a
broken rule is the replay's positioned ``error`` for a log read strictly, a
warning for one read leniently (real logs slip now and then; the board then
follows the log). The replay keeps each faction's VP (``[F]++n`` /
``[F]--n``; the notation's floor at 0, as RootVis has it) with the source of
each point, the VP markers moved for dominance or a coalition
(``++-><F>$``), the VP after every turn, and the declared winner, checked
against them (a warning, since real logs miss a point now and then).

>>> from tmlog.games.root.notation import parse_rootlog
>>> log = parse_rootlog("Map: Fall\\nDeck: E&P\\nC: a\\nE: b\\nC:++3\\nE:C--5/++2\\nWinner: E\\n")
>>> result = replay(log)
>>> result.vp, result.warnings
({'C': 0, 'E': 2}, ['<string>:7: winner Eyrie Dynasties has 2 VP, not 30 (Law of Root 3.1)'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tmlog.games.root.board import Board
from tmlog.games.root.driver import Driver, TurnEnd
from tmlog.games.root.notation import RootLog
from tmlog.games.root.notation.actions import Dominance, Score
from tmlog.games.root.pieces import Faction
from tmlog.games.root.scoring import VpSource
from tmlog.games.root.snapshot import BoardSnapshot
from tmlog.games.root.victory import winner_breaches


@dataclass(frozen=True)
class VpStep:
    """A faction's VP after a score action (one row of the VP timeline)."""

    turn: int
    """Index of the turn in :attr:`RootLog.turns`."""
    line: int
    faction: str
    vp: int


@dataclass
class RootReplay:
    """What a replay found: final VP, dominance and coalitions, the winner."""

    log: RootLog
    vp: dict[str, int]
    """VP per faction, each player's faction listed (draft order)."""
    timeline: list[VpStep] = field(default_factory=list)
    dominance: dict[str, str] = field(default_factory=dict)
    """Faction → the faction whose board its VP marker went to (itself: a dominance card)."""
    winner: tuple[str, ...] = ()
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Breaches the log cannot prove (hidden hands): kept for the curious, never
    printed as warnings (see ``RootRuleError.certain``)."""
    vp_by_source: dict[str, dict[VpSource, int]] = field(default_factory=dict)
    """Faction -> source -> VP; a faction's sources sum to its VP."""
    turn_ends: list[TurnEnd] = field(default_factory=list)
    """Every faction's VP after each turn replayed."""
    board: BoardSnapshot | None = None
    """The board where the replay stopped."""
    turns_played: int = 0
    """Turn lines replayed (all of them, unless stopped early or by an error)."""
    boards: list[BoardSnapshot] | None = None
    """The board after each turn line replayed, when the replay was asked to keep
    them (``boards``): the record's timeline counts the pieces on them."""

    @property
    def finished(self) -> bool:
        """The log ends with a ``Winner:`` line."""
        return bool(self.winner)


def replay(
    log: RootLog, *, turns: int | None = None, boards: list[BoardSnapshot] | None = None
) -> RootReplay:
    """Walk the actions of ``log`` (of its first ``turns`` turn lines, if
    given); never raises for what the log says. ``boards``, if given, gets the
    board after each turn line replayed (what ``--at`` that line shows)."""
    result = RootReplay(
        log, {f: 0 for f in log.factions}, warnings=list(log.warnings), boards=boards
    )
    try:
        driver = Driver(log, lenient=log.lenient)
    except ValueError as exc:  # the map's suits: neither printed nor in a Clearings: line
        result.error = f"{log.source}: {exc}"
        return result
    stop = len(log.turns) if turns is None else min(turns, len(log.turns))
    for index, turn in enumerate(log.turns[:stop]):
        if not driver.turn(index, turn):
            break
        result.turns_played = index + 1
        if boards is not None:
            boards.append(driver.board.snapshot())
        for action in turn.actions:
            if isinstance(action, Score):
                faction = action.faction or turn.faction
                vp = driver.board.vp.get(Faction(faction), 0)
                result.timeline.append(VpStep(index, action.line, faction, vp))
            elif isinstance(action, Dominance):
                result.dominance[turn.faction] = action.partner or turn.faction
    board = driver.board
    result.vp = {f: board.vp.get(Faction(f), 0) for f in log.factions}
    result.vp_by_source = {
        f: {s: n for s, n in board.vp_by_source[Faction(f)].items() if n} for f in log.factions
    }
    result.warnings.extend(driver.warnings)
    result.notes.extend(driver.notes)
    result.error = driver.error
    result.turn_ends = driver.ends
    result.board = board.snapshot()
    if log.winner and result.turns_played == len(log.turns) and result.error is None:
        result.winner = log.winner
        _check_winner(log, result, board)
    return result


def _check_winner(log: RootLog, result: RootReplay, board: Board) -> None:
    """The declared winners, checked on the board where the log ends."""
    declared = [Faction(f) for f in result.winner]
    where = f"{log.source}:{log.winner_line}"
    for e in winner_breaches(board, declared):
        result.warnings.append(f"{where}: winner {e.reason} (Law of Root {e.rule})")
