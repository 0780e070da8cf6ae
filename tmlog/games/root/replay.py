"""Following a parsed Rootlog game, action by action.

For now the replay tracks what the notation states outright: each faction's
VP (``[F]++n`` / ``[F]--n``; the notation's floor at 0, as RootVis has it),
the VP markers moved for dominance or a coalition (``++-><F>$``), and the
declared winner, checked against them (a warning, since real logs miss a
point now and then). The board (``tmlog.games.root.board``) is to be wired in
here: :func:`replay` is the one place that walks the actions.

>>> from tmlog.games.root.notation import parse_rootlog
>>> log = parse_rootlog("Map: Fall\\nDeck: E&P\\nC: a\\nE: b\\nC:++3\\nE:C--5/++2\\nWinner: E\\n")
>>> result = replay(log)
>>> result.vp, result.warnings
({'C': 0, 'E': 2}, ['<string>:7: winner E has 2 VP, short of 30, and no dominance'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tmlog.games.root.notation import RootLog
from tmlog.games.root.notation.actions import Dominance, Score

WINNING_VP = 30
"""Law of Root 3.1: the first player to reach 30 victory points wins."""


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

    @property
    def finished(self) -> bool:
        """The log ends with a ``Winner:`` line."""
        return bool(self.winner)


def replay(log: RootLog) -> RootReplay:
    """Walk every action of ``log``; never raises for what the log says."""
    result = RootReplay(log, {f: 0 for f in log.factions}, warnings=list(log.warnings))
    for index, turn in enumerate(log.turns):
        for action in turn.actions:
            if isinstance(action, Score):
                faction = action.faction or turn.faction
                # The notation's floor: a VP total never goes below 0.
                vp = max(0, result.vp.get(faction, 0) + action.delta)
                result.vp[faction] = vp
                result.timeline.append(VpStep(index, action.line, faction, vp))
            elif isinstance(action, Dominance):
                result.dominance[turn.faction] = action.partner or turn.faction
    if log.winner:
        result.winner = log.winner
        _check_winner(log, result)
    return result


def _check_winner(log: RootLog, result: RootReplay) -> None:
    """Each declared winner reached 30 VP, played a dominance card, or formed a
    coalition (Law of Root 3.3) with a winner."""
    where = f"{log.source}:{log.winner_line}"
    for faction in result.winner:
        partner = result.dominance.get(faction)
        if result.vp.get(faction, 0) >= WINNING_VP or partner == faction:
            continue
        if partner is not None:
            if partner not in result.winner:
                result.warnings.append(
                    f"{where}: winner {faction} is in a coalition with {partner}, not a winner"
                )
            continue
        allies = [f for f, p in result.dominance.items() if p == faction and f in result.winner]
        if allies:
            continue
        result.warnings.append(
            f"{where}: winner {faction} has {result.vp.get(faction, 0)} VP, "
            f"short of {WINNING_VP}, and no dominance"
        )
