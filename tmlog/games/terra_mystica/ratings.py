"""Player and faction Elo ratings, computed as terra.snellman.net computes them.

A line-by-line port of ``src/Analyze/RatingData.pm`` (which games and
matches count: here) and ``src/Analyze/ELO.pm`` (the rating: :mod:`tmlog.elo`,
which Root's ratings share) of jsnell/terra-mystica, checked against them run
on the same input (``tests/test_ratings.py``):

- every game with at least 3 factions and no player playing two of them
  (and some registered player) is cut into pairwise matches, best VP first;
  a match between a player and a faction without a registered player is
  left out, but that faction still counts for its faction's games;
- players and factions (a faction *per map*) start at 1000; the expected
  score of a match uses player rating + faction rating; the winner (by VP;
  equal VP is half a win each) takes from a pot of 16 points;
- all matches are scored 3 times in order of the games' ``last_update``,
  the pot shrinking to 16 / pass² on later passes;
- a player with fewer than 5 rated games gets a "shadow" rating: their
  matches move their own rating but not their opponents' (unless both are
  new) nor any faction's;
- a match with a dropped player counts for the players but not the factions
  (faction weight 0);
- Shapeshifters and Riverwalkers games are left out, except the v5 versions
  (``variable_v5`` option), rated as ``shapeshifters_v5``/``riverwalkers_v5``;
- only registered players with at least 5 games are reported.

The site's code leaves two orders to Perl's hash order, which changes from
run to run: games with the same ``last_update``, and factions with equal VP
within a game (the order of their matches). Here they are fixed: games by
(``last_update``, id), tied factions in the order the game lists them.
"""

from __future__ import annotations

from collections.abc import Iterable

from tmlog.elo import Ratings, Settings, Side, rate
from tmlog.games.terra_mystica.result_types import ResultGame
from tmlog.games.terra_mystica.site_rules import RATINGS_FEWEST, left_out_because, site_factions

__all__ = ["Ratings", "Settings", "compute_ratings"]

ORIGINAL_MAP = "126fe960806d587c78546b30f1a90853b1ada468"


def compute_ratings(games: Iterable[ResultGame], settings: Settings | None = None) -> Ratings:
    """The ratings of the players and factions of ``games`` (see the module)."""
    order = sorted(games, key=lambda g: (g.last_update, g.id))
    return rate((sides for game in order if (sides := _sides(game)) is not None), settings)


def _sides(game: ResultGame) -> list[Side] | None:
    """A game's factions as :func:`tmlog.elo.rate` plays them, best VP first; None
    if the site does not rate it."""
    # read_rating_data: one entry per faction (a later row of the same faction
    # replaces it); handle_game: the rules the site's statistics share.
    factions = site_factions(game.players, game.options)
    if left_out_because(game.id, factions, RATINGS_FEWEST) is not None:
        return None
    base_map = game.base_map or ORIGINAL_MAP
    sides = []
    for name, p in factions.items():
        ident = p.username or p.id_hash
        pid = ident if ident is not None else "unknown"
        username = (p.username if ident is not None else None) or f"unregistered-{pid}"
        listed = None if "unregistered-" in username else username
        # A faction without a registered player is in no match, but counts for its faction.
        sides.append(Side(pid, listed, name, base_map, p.vp or 0, p.dropped, ident is not None))
    # Perl's sort is stable: equal VP keep the game's order (undef VP counts as 0).
    return sorted(sides, key=lambda side: -side.standing)
