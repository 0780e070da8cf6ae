"""Following a parsed Rootlog game, action by action, on the board.

:func:`replay` pushes the log's stream through a
:class:`~tmlog.games.root.replayer.RootReplayer` and reads its results from
the events the pushes return (:mod:`tmlog.games.root.events`).
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

from collections.abc import Iterable
from dataclasses import dataclass, field

from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.events import RootEvent, RuleBroken, Scored, TurnEnded
from tmlog.games.root.notation import RootLog
from tmlog.games.root.notation.actions import Action, Dominance
from tmlog.games.root.replayer import RootReplayer, TurnStart, WinnerLine, turn_stream
from tmlog.games.root.scoring import VpSource
from tmlog.games.root.snapshot import BoardSnapshot


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
    turn_ends: list[TurnEnded] = field(default_factory=list)
    """Every faction's VP after each turn replayed."""
    board: BoardSnapshot | None = None
    """The board where the replay stopped."""
    turns_played: int = 0
    """Turn lines replayed (all of them, unless stopped early or by an error)."""
    boards: list[BoardSnapshot] | None = None
    """The board after each turn line replayed, when the replay was asked to keep
    them (``boards``): the record's timeline counts the pieces on them."""
    events: list[RootEvent] = field(default_factory=list)
    """Everything the replay reported, in order (:mod:`tmlog.games.root.events`):
    the fields above are read from these."""

    @property
    def finished(self) -> bool:
        """The log ends with a ``Winner:`` line."""
        return bool(self.winner)


def replay(
    log: RootLog, *, turns: int | None = None, boards: list[BoardSnapshot] | None = None
) -> RootReplay:
    """Walk the actions of ``log`` (of its first ``turns`` turn lines, if
    given); never raises for what the log says. ``boards``, if given, gets the
    board after each turn line replayed (what ``--at`` that line shows).

    The fold of :func:`~tmlog.games.root.replayer.turn_stream` over
    :meth:`RootReplayer.push <tmlog.games.root.replayer.RootReplayer.push>`:
    the result's VP, VP by source, timeline, turn ends, warnings and notes are
    read from the events alone (:func:`read_events`)."""
    result = RootReplay(
        log, {f: 0 for f in log.factions}, warnings=list(log.warnings), boards=boards
    )
    try:
        replayer = RootReplayer(log)
    except ValueError as exc:  # the map's suits: neither printed nor in a Clearings: line
        result.error = f"{log.source}: {exc}"
        return result
    events: list[RootEvent] = []
    pending: TurnStart | None = None
    """The turn line being pushed: replayed once the next turn line or the end comes."""
    for item in turn_stream(log, turns):
        if pending is not None and not isinstance(item, Action):
            _replayed(result, replayer, pending)
            pending = None
        try:
            events.extend(replayer.push(item))
        except RootRuleError as e:  # a strict replay stops at its first broken rule
            result.error, pending = str(e), None
            break
        if isinstance(item, TurnStart):
            pending = item
        elif isinstance(item, WinnerLine):
            result.winner = item.winner
    if pending is not None:
        _replayed(result, replayer, pending)
    events.extend(replayer.finish())
    result.events = events
    read_events(result, events)
    result.board = replayer.board.snapshot()
    return result


def _replayed(result: RootReplay, replayer: RootReplayer, start: TurnStart) -> None:
    """Every item of turn line ``start`` is pushed: the board after it, the VP markers it moved."""
    result.turns_played = start.turn + 1
    if result.boards is not None:
        result.boards.append(replayer.board.snapshot())
    faction = start.turn_line.faction
    for action in start.turn_line.actions:
        if isinstance(action, Dominance):
            result.dominance[faction] = action.partner or faction


def read_events(result: RootReplay, events: Iterable[RootEvent]) -> None:
    """Fill ``result``'s VP, VP by source, timeline, turn ends, warnings and notes from
    a replay's ``events``: each faction's VP is the sum of its :class:`Scored` points."""
    factions = result.log.factions
    vp = dict.fromkeys(factions, 0)
    by_source: dict[str, dict[VpSource, int]] = {f: {} for f in factions}
    scored: list[Scored] = []
    for e in events:
        if isinstance(e, Scored):
            if e.faction in vp:
                vp[e.faction] += e.points
                sources = by_source[e.faction]
                sources[e.source] = sources.get(e.source, 0) + e.points
            scored.append(e)
        elif isinstance(e, TurnEnded):
            result.turn_ends.append(e)
            result.timeline.extend(
                VpStep(e.turn, s.line, s.faction, e.vp.get(s.faction, 0)) for s in scored
            )
            scored.clear()
        elif isinstance(e, RuleBroken):
            (result.warnings if e.certain else result.notes).append(e.message)
    result.vp = vp
    result.vp_by_source = {f: {s: n for s, n in by_source[f].items() if n} for f in factions}
