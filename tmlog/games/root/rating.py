"""Root's players rated with Terra Mystica's Elo (:mod:`tmlog.elo`, the site's ELO.pm).

Rootlog gives each faction's player by name (``A: phod``) and the winners
(``Winner: CGV``); what the rating needs beyond that is chosen here:

- **Which games.** Finished ones (a ``Winner:`` line) of 2 or more factions
  whose player lines all name a player, no player playing two factions.
  (Terra Mystica's site rates 3+ factions only; Root is often played by 2.)
- **Who beats whom.** The declared winners first, level with each other: a
  coalition's Vagabond and its partner draw their match (LoR 9.2.8), and a
  dominance winner beats every other faction whatever its VP (3.3). The
  others by final VP, equal VP a draw — as the site ranks by VP.
- **Factions per map.** A faction is rated per map (Fall, Winter, Lake,
  Mountain), as the site rates a faction per base map.
- **Order.** Logs carry no date but Rootlog's file names begin with it
  (``2020_11_08_...``): games are scored in the order of their names.
- **Players** are their names as written (``GuerricS`` and ``Guerric`` are two
  players); no one drops out of a Rootlog game. As on the site, a player
  with fewer than 5 games has a shadow rating, and only players with 5 or
  more are listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tmlog.elo import Ratings, Side, rate
from tmlog.games.root.record import RootRecord

FEWEST_FACTIONS = 2


@dataclass(frozen=True)
class RatedGame:
    """A finished Root game as the rating plays it: its factions best first."""

    source: str
    sides: tuple[Side, ...]


def rated_games(
    records: Iterable[RootRecord], fail: Callable[[str], None]
) -> tuple[list[RatedGame], int]:
    """The finished games among ``records``, to rate; and how many were unfinished.
    A game that cannot be rated (no player named, a player twice) goes to ``fail``."""
    games = []
    unfinished = 0
    for record in records:
        if not record.finished:
            unfinished += 1
            continue
        names = [f.player for f in record.factions]
        if any(name is None for name in names):
            fail(f"{record.game}: the log names no player for every faction: not rated")
        elif len(set(names)) < len(names):
            fail(f"{record.game}: a player plays two factions: not rated")
        elif len(names) < FEWEST_FACTIONS:
            fail(f"{record.game}: fewer than {FEWEST_FACTIONS} factions: not rated")
        else:
            sides = [
                # Winners stand above every VP a game can give (the track ends at 30).
                Side(f.player, f.player, f.faction, record.map_name, _standing(f.won, f.final_vp))
                for f in record.factions
                if f.player is not None
            ]
            # Python's sort is stable: level factions keep the order of the player lines.
            sides.sort(key=lambda s: -s.standing)
            games.append(RatedGame(record.game, tuple(sides)))
    return games, unfinished


def _standing(won: bool, vp: int) -> float:
    return float("inf") if won else float(vp)


def compute(games: Iterable[RatedGame]) -> Ratings:
    """The ratings of the players and factions of ``games``, scored in the order of their names."""
    return rate(g.sides for g in sorted(games, key=lambda g: g.source))
