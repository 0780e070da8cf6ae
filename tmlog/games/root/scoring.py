"""Where Root victory points come from, each source with the Law of Root rule that awards it.

Rootlog writes only the points (``++2``), never why; a replay driver that can
tell the source from context passes it to :meth:`Board.score
<tmlog.games.root.board.Board.score>`, and the board keeps a ledger per
faction whose sources sum to the faction's VP.
"""

from __future__ import annotations

import enum

from tmlog.games.root.pieces import Faction

WIN_VP = 30
"""The first player to reach 30 victory points wins (LoR 3.1)."""

DOMINANCE_MIN_VP = 10
"""A dominance card is activated with at least 10 victory points (LoR 3.3.1)."""

COALITION_MIN_PLAYERS = 4
"""The Vagabond forms coalitions only in games of four or more players (LoR 9.2.8)."""


class VpSource(enum.Enum):
    """A kind of victory point, valued by the Law of Root rule that awards it."""

    REMOVAL = "3.2.1"
    """Removing an enemy building or token."""
    CRAFT = "3.2.2"
    """Crafting an item (the Eyrie score 1 instead, 7.2.3)."""
    MARQUISE_BUILDING = "6.5.4.III"
    """A Marquise sawmill, workshop or recruiter: the uncovered track space."""
    ROOSTS = "7.6.1"
    """Eyrie Evening: the rightmost empty space of the Roosts track."""
    DESPOT = "7.8.4"
    """Despot leader: removing a building or token in battle."""
    TURMOIL = "7.7.1"
    """Eyrie turmoil: one lost per bird card in the Decree (negative)."""
    SYMPATHY = "8.4.2.III"
    """Alliance sympathy placed (spread, or organize in Evening, 8.6.1.IV)."""
    RELATIONSHIP = "9.2.9.I"
    """Vagabond relationship improved: the new space."""
    AID_ALLIED = "9.2.9.II"
    """Vagabond aiding an Allied faction: 2."""
    INFAMY = "9.2.9.III"
    """Vagabond removing a Hostile faction's piece in battle on his turn."""
    EXPLORE = "9.5.3"
    """Vagabond taking an item from a ruin."""
    QUEST = "9.5.5"
    """Vagabond quest: one per completed quest of that suit."""
    RITUAL = "10.5.3"
    """Lizard Cult score ritual."""
    DIVIDENDS = "11.4.2"
    """Riverfolk dividends: one per two funds, with a trade post on the map."""
    TRADE_POST = "11.5.6.III"
    """Riverfolk trade post placed: the uncovered space."""
    CLOSED_PATH = "C.3.3"
    """Mountain map: removing a closed path."""
    PASS = "C.3.4"
    """Mountain map: ruling the Pass at the end of Evening."""
    OTHER = "other"
    """Card effects and faction rules outside the seed (Duchy, Corvids, ...)."""
    UNKNOWN = "unknown"
    """The log does not say why."""


# What a faction scores for when nothing else in its turn explains a point:
# the Eyrie's roosts in Evening (LoR 7.6.1), the Riverfolk's dividends in
# Birdsong (11.4.2), the Lizards' rituals (10.5.3).
DEFAULT_SOURCE = {
    Faction.EYRIE: VpSource.ROOSTS,
    Faction.RIVERFOLK: VpSource.DIVIDENDS,
    Faction.LIZARDS: VpSource.RITUAL,
    Faction.ALLIANCE: VpSource.SYMPATHY,
    Faction.DUCHY: VpSource.OTHER,
    Faction.CORVIDS: VpSource.OTHER,
}


# What a faction's scoring track pays for (its ``FactionSpec.track`` codes placed).
TRACK_SOURCE = {
    Faction.MARQUISE: VpSource.MARQUISE_BUILDING,
    Faction.ALLIANCE: VpSource.SYMPATHY,
    Faction.RIVERFOLK: VpSource.TRADE_POST,
}


OWN_LOSS = VpSource.UNKNOWN
"""Context after the mover lost a building or token: a point another faction
then scores is for removing it. (A mover's own point after it stays unknown.)"""
