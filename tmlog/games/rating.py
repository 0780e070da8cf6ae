"""The share of a game's ``RATING`` capability that is the Elo's own
(:mod:`tmlog.elo`), the same for every game that rates its players.

Kept apart from :mod:`tmlog.elo`, which it imports only when asked: a game's
capabilities are loaded by commands that rate no one (``tmlog vp``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from tmlog.elo import Ratings


class EloRating:
    """The summary, the tables (``map_name``: how the game shows a map), the rated
    factions and the bands of :class:`tmlog.games.capabilities.Rating`."""

    @staticmethod
    def map_name(board: str) -> str:
        return board

    def summary(self, ratings: Ratings) -> tuple[int, int]:
        """Games rated, and players listed (5+ games)."""
        return ratings.games, len(ratings.players)

    def tables(self, ratings: Ratings) -> dict[str, pd.DataFrame]:
        from tmlog.elo import ratings_tables

        return ratings_tables(ratings, self.map_name)

    def rate_factions(
        self, ratings: Ratings, min_rating: float | None, bands: bool
    ) -> Callable[[pd.DataFrame], pd.DataFrame]:
        from tmlog.elo import rated_factions

        return rated_factions(ratings, min_rating, bands)

    def bands(self) -> tuple[str, ...]:
        from tmlog.elo import BANDS

        return tuple(label for _, label in BANDS)
