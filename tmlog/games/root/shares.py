"""The sources one written number of points holds: Rootlog writes ``++2``, the
Law of Root may award those two points for two reasons.

A faction's leader and the cards it crafted and keeps in front of it (its
*holdings*) decide: under the Eyrie's Despot a battle that removes buildings or
tokens scores one more point (LoR 7.8.4); a Vagabond scores infamy on top of
the removal for a Hostile faction's pieces (9.2.9.III); Master Engravers add
one point to each item crafted and Coffin Makers score at the start of
Birdsong (Exiles & Partisans cards: ``other``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tmlog.games.root.cards import LEADERS, MINISTERS
from tmlog.games.root.pieces import Faction
from tmlog.games.root.scoring import VpSource

HOSTILE = "h"
"""A Vagabond relationship's Hostile space, as Rootlog writes it (``$_D->h``)."""

EXHAUSTED = "e"
"""An item exhausted (``%r->e``)."""

EXTRA_FOR_REMOVAL = {"despot": VpSource.DESPOT}
"""A leader whose rule scores one more point when its faction removes buildings
or tokens in battle, and the source of that point (LoR 7.8.4)."""

ENGRAVERS = frozenset({"masterengravers", "engrave"})
COFFIN_MAKERS = frozenset({"coffinmakers", "coffin"})


@dataclass
class Holdings:
    """Each faction's leader on its board and the cards it crafted and keeps."""

    leaders: dict[Faction, str] = field(default_factory=dict)
    improvements: dict[Faction, set[str]] = field(default_factory=dict)

    def crafted(self, who: Faction, card: str) -> None:
        """A card crafted that makes no item: it stays in front of ``who``."""
        self.improvements.setdefault(who, set()).add(card.lower())

    def to_board(self, who: Faction, card: str) -> VpSource | None:
        """A card put on ``who``'s board; the source of the point that follows, if it sets one."""
        name = card.lower()
        if name in LEADERS:
            self.leaders[who] = name
        elif name in MINISTERS:
            return VpSource.OTHER  # the Duchy sways a minister: its points
        return None

    def has(self, who: Faction, names: frozenset[str]) -> bool:
        return not self.improvements.get(who, set()).isdisjoint(names)

    def shares(
        self, who: Faction, points: int, why: VpSource, *, removed: int, first: bool
    ) -> list[tuple[int, VpSource]]:
        """The points ``who`` scores on its own turn by source; ``removed``: the enemy
        buildings and tokens it removed since its last point; ``first``: the point
        is its turn's first action (Birdsong's start)."""
        if why in (VpSource.REMOVAL, VpSource.INFAMY) and removed:
            extra = EXTRA_FOR_REMOVAL.get(self.leaders.get(who, ""))
            if extra is None and who.is_vagabond:
                # 1 per building or token removed; infamy on top for a Hostile
                # faction's, and for each of its warriors (LoR 9.2.9.III).
                extra = VpSource.INFAMY
            if extra is not None:
                removal = min(points, removed)
                return [(removal, VpSource.REMOVAL), (points - removal, extra)]
        if why is VpSource.CRAFT and points > 1 and self.has(who, ENGRAVERS):
            return [(points - 1, VpSource.CRAFT), (1, VpSource.OTHER)]
        if first and self.has(who, COFFIN_MAKERS):
            return [(points, VpSource.OTHER)]
        return [(points, why)]
