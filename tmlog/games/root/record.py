"""The per-game record of a Rootlog game (see :mod:`tmlog.records`).

>>> [t.name for t in SCHEMA.tables], [c.name for c in SCHEMA.games][:4]
(['factions', 'vp'], ['game', 'map_name', 'deck', 'finished'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from tmlog.games.root.replay import RootReplay
from tmlog.records import FrameOptions, describe


class RootFaction(NamedTuple):
    faction: str
    start_order: int
    """Its player line's place in the header (draft order)."""
    final_vp: int
    dropped: bool
    won: bool
    vp_marker: str
    """Where its VP marker ended: ``track``, ``dominance`` or ``coalition:<F>``."""


class RootVp(NamedTuple):
    faction: str
    source: str
    vp: int


@dataclass(frozen=True)
class RootRecord:
    game: str
    map_name: str
    deck: str
    finished: bool
    winner: tuple[str, ...]
    turns: int
    actions: int
    error: str | None
    warnings: tuple[str, ...]
    factions: tuple[RootFaction, ...]
    vp: tuple[RootVp, ...]

    frame_options: ClassVar[FrameOptions] = FrameOptions(keys={"factions": ("finished",)})


SCHEMA = describe(RootRecord)


def record_game(result: RootReplay) -> RootRecord:
    """Fold a replay into its record."""
    log = result.log
    factions = []
    for seat, faction in enumerate(log.factions, 1):
        partner = result.dominance.get(faction)
        marker = (
            "track"
            if partner is None
            else "dominance"
            if partner == faction
            else f"coalition:{partner}"
        )
        factions.append(
            RootFaction(faction, seat, result.vp[faction], False, faction in result.winner, marker)
        )
    return RootRecord(
        game=log.source,
        map_name=log.map,
        deck=log.deck,
        finished=result.finished,
        winner=result.winner,
        turns=len(log.turns),
        actions=sum(len(t.actions) for t in log.turns),
        error=result.error,
        warnings=tuple(result.warnings),
        factions=tuple(factions),
        # Sources are not told apart yet: every point is "score" (the notation's ++/--).
        vp=tuple(RootVp(f.faction, "score", f.final_vp) for f in factions),
    )
