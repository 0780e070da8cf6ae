"""Elo ratings of players and factions from finished games, as terra.snellman.net rates.

The algorithm of the site's ``src/Analyze/ELO.pm`` (jsnell/terra-mystica),
for any game whose factions finish in an order: each game is cut into
pairwise matches between its factions, better standing first;

- players and factions (a faction *per map*) start at 1000; the expected
  score of a match uses player rating + faction rating; the better standing
  (equal standing is half a win each) takes from a pot of 16 points;
- all matches are scored 3 times in the order the games are given, the pot
  shrinking to 16 / pass² on later passes;
- a player with fewer than 5 rated games gets a "shadow" rating: their
  matches move their own rating but not their opponents' (unless both are
  new) nor any faction's;
- a match with a dropped player counts for the players but not the factions;
- only players with at least 5 games are listed.

Which games count, in which order, and what "standing" is, are each game's
rules: Terra Mystica's (:mod:`tmlog.games.terra_mystica.ratings`) are the
site's ``RatingData.pm``, checked against it; Root's rank its winners first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class Settings:
    """ELO.pm's ``%default_settings`` (``ignore_dropped`` stays off, as on the site)."""

    iters: int = 3
    iter_decay_exponent: int = 2
    pot_size: int = 16
    min_games: int = 5
    min_output_games: int = 5
    faction_weight: int = 1


class Side(NamedTuple):
    """One faction of a rated game, in the order its matches are played (best first)."""

    player: str
    """Who played it: the key its rating is kept under."""
    name: str | None
    """The player's name in the tables; None: never listed (the site's unregistered)."""
    faction: str
    board: str
    """The map: a faction is rated per map."""
    standing: float
    """Higher is better; equal standing is a draw (Terra Mystica: VP)."""
    dropped: bool = False
    """A match with a dropped faction leaves the factions' ratings alone."""
    matched: bool = True
    """False: in no match (the site's unregistered), but counted in its faction's games."""


@dataclass
class PlayerRating:
    """A listed player's rating."""

    username: str
    score: float
    games: int
    faction_breakdown: dict[str, tuple[float, int]] = field(default_factory=dict)
    """Faction → (rating points won with it, rated games played with it)."""


@dataclass
class FactionRating:
    """A faction's rating on one map."""

    name: str
    base_map: str
    score: float
    games: int


@dataclass
class Ratings:
    """What :func:`rate` gives (a dataclass with no docstring would load inspect)."""

    players: dict[str, PlayerRating]
    """By name: named players with at least ``min_output_games`` games."""
    factions: dict[str, FactionRating]
    """By ELO.pm's key ``"<faction> <map>"``."""
    games: int
    """Games rated."""


# A match: (player a, player b, faction a, faction b, standing a, standing b,
# anyone dropped, faction name a, faction name b, game number); factions are
# per map, names are the factions' names (for a player's breakdown).
_Match = tuple[int, int, int, int, float, float, bool, int, int, int]


def rate(games: Iterable[Sequence[Side]], settings: Settings | None = None) -> Ratings:
    """The ratings of the players and factions of ``games``, each its sides best
    first, the games in the order they are scored (see the module)."""
    s = settings or Settings()
    player_ix: dict[str, int] = {}
    names: list[str | None] = []
    player_games: list[int] = []
    faction_ix: dict[tuple[str, str], int] = {}
    faction_games: list[int] = []
    name_ix: dict[str, int] = {}
    matches: list[_Match] = []
    rated = 0
    for number, sides in enumerate(games):
        rated += 1
        seats = []
        for side in sides:
            fi = faction_ix.setdefault((side.faction, side.board), len(faction_ix))
            if fi == len(faction_games):
                faction_games.append(0)
            faction_games[fi] += 1
            pi = player_ix.setdefault(side.player, len(player_ix))
            if pi == len(player_games):
                player_games.append(0)
                names.append(side.name)
            else:
                names[pi] = side.name  # ELO.pm keeps the name a player last had
            player_games[pi] += 1
            ni = name_ix.setdefault(side.faction, len(name_ix))
            seats.append((pi, fi, side.standing, side.dropped, ni, side.matched))
        for i, (p1, f1, v1, d1, n1, m1) in enumerate(seats):
            if not m1:
                continue
            for p2, f2, v2, d2, n2, m2 in seats[i + 1 :]:
                if m2:
                    matches.append((p1, p2, f1, f2, v1, v2, d1 or d2, n1, n2, number))

    scores = [1000.0] * len(player_games)
    fscores = [1000.0] * len(faction_games)
    kinds = len(name_ix)
    plan, plays = _plan(matches, player_games, kinds, s)
    breakdown = [0.0] * len(plays)
    for it in range(1, s.iters + 1):
        pot = s.pot_size / it**s.iter_decay_exponent
        for p1, p2, f1, f2, a1, a2, weighted, mode, s1, s2 in plan:
            # ELO.pm's iterate_results, operation for operation (the same doubles;
            # with faction weight 0, rating + faction * 0 is the rating itself;
            # (-diff) / 400 is -(diff / 400) exactly).
            if weighted:
                q = ((scores[p1] + fscores[f1]) - (scores[p2] + fscores[f2])) / 400
            else:
                q = (scores[p1] - scores[p2]) / 400
            d1 = pot * (a1 - 1 / (1 + 10**-q))
            d2 = pot * (a2 - 1 / (1 + 10**q))
            if mode == _BOTH_RATED:
                scores[p1] += d1
                scores[p2] += d2
                breakdown[s1] += d1
                breakdown[s2] += d2
                if weighted:
                    fscores[f1] += d1
                    fscores[f2] += d2
            elif mode == _BOTH_NEW:
                scores[p1] += d1
                scores[p2] += d2
            elif mode == _FIRST_NEW:
                scores[p1] += d1
            else:
                scores[p2] += d2

    players: dict[str, PlayerRating] = {}
    name_of = list(name_ix)
    for pi, name in enumerate(names):
        if player_games[pi] < s.min_output_games or name is None:
            continue
        rating = players[name] = PlayerRating(name, scores[pi], player_games[pi])
        for ni in range(kinds):
            slot = pi * kinds + ni
            if plays[slot]:
                rating.faction_breakdown[name_of[ni]] = (breakdown[slot], plays[slot])
    factions = {}
    for (name, board), fi in faction_ix.items():
        key = f"{name} {board}"
        # ELO.pm's init_factions splits the key on spaces: a name with a space
        # leaves a piece of the name as the map, as there.
        name, board = key.split(" ")[:2]
        factions[key] = FactionRating(name, board, fscores[fi], faction_games[fi])
    return Ratings(players, factions, rated)


_BOTH_RATED, _BOTH_NEW, _FIRST_NEW, _SECOND_NEW = range(4)
"""Who a match moves: both players (and the factions), both players only
(two new players), only the new one (against an established opponent)."""


def _plan(
    matches: list[_Match], games: list[int], names: int, s: Settings
) -> tuple[list[tuple[int, int, int, int, float, float, bool, int, int, int]], list[int]]:
    """Everything about the matches that does not change from pass to pass:
    outcome, faction weight, who is moved (games played are counted once,
    before the first pass, as in ELO.pm), the slot of each (player, faction
    name) breakdown; and per slot, the games played in matches between
    established players (ELO.pm's ``faction_plays``)."""
    if s.faction_weight not in (0, 1):
        raise ValueError("faction_weight must be 0 or 1")
    plan = []
    plays = [0] * (len(games) * names)
    last = [-1] * len(plays)
    for p1, p2, f1, f2, v1, v2, dropped, n1, n2, number in matches:
        a1, a2 = (0.5, 0.5) if v1 == v2 else (1.0, 0.0) if v1 > v2 else (0.0, 1.0)
        old1 = games[p1] >= s.min_games
        old2 = games[p2] >= s.min_games
        s1 = p1 * names + n1
        s2 = p2 * names + n2
        if old1 and old2:
            mode = _BOTH_RATED
            # Matches come game by game: a game is counted once per slot.
            for slot in (s1, s2):
                if last[slot] != number:
                    last[slot] = number
                    plays[slot] += 1
        elif not (old1 or old2):
            mode = _BOTH_NEW
        else:
            mode = _FIRST_NEW if old2 else _SECOND_NEW
        weighted = not dropped and s.faction_weight == 1
        plan.append((p1, p2, f1, f2, a1, a2, weighted, mode, s1, s2))
    return plan, plays


# ------------------------------------------------- statistics among rated players

BANDS = ((0, "all"), (1000, "1000+"), (1250, "1250+"))
"""The site's rating filter of its statistics (``src/genstats.pl``, ``stc/stats.js``):
all games, games whose players are all rated 1000+, all rated 1250+."""


def with_min_rating(factions: pd.DataFrame, ratings: Ratings) -> pd.DataFrame:
    """The factions table with ``min_rating``: the lowest rating among the
    players of the faction's game, as ``src/genstats.pl`` computes it: over the
    factions that did not drop out, a player without a rating (fewer than 5
    games, not registered, not named) counting as 0.
    """
    scores = {name: p.score for name, p in ratings.players.items()}
    out = factions.copy()
    # The table of no game at all (every log failed) has no player column.
    players = out.get("player", [None] * len(out))
    own = [
        10000.0 if dropped else (scores.get(player, 0.0) if isinstance(player, str) else 0.0)
        for player, dropped in zip(players, out["dropped"].astype(bool), strict=True)
    ]
    out["min_rating"] = out.assign(_own=own).groupby("game")["_own"].transform("min")
    return out


def by_rating_band(factions: pd.DataFrame) -> pd.DataFrame:
    """The rows of :func:`with_min_rating`'s table once per band their game is in
    (the bands overlap: a game of 1250+ players is in all three), with
    ``rating_band``; the game ids carry the band, so that each band's copy of
    a game is a game of its own.
    """
    import pandas as pd

    parts = []
    for floor, label in BANDS:
        part = factions[factions["min_rating"] >= floor].copy()
        part["rating_band"] = label
        part["game"] = label + "|" + part["game"].astype(str)
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def rated_factions(
    ratings: Ratings, min_rating: float | None, bands: bool
) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """What ``stats --min-rating``/``--by rating-band`` does to a factions table:
    each game's lowest rating added (:func:`with_min_rating`), games below
    ``min_rating`` left out, rows repeated per band (:func:`by_rating_band`)."""

    def rated(factions: pd.DataFrame) -> pd.DataFrame:
        out = with_min_rating(factions, ratings)
        if min_rating is not None:
            out = out[out["min_rating"] >= min_rating]
        return by_rating_band(out) if bands else out

    return rated


def ratings_tables(
    ratings: Ratings, map_name: Callable[[str], str] = str
) -> dict[str, pd.DataFrame]:
    """The ``players``, ``factions`` and ``breakdown`` tables of ``tmlog ratings``
    (``map_name``: how a map is shown)."""
    import pandas as pd

    players = sorted(ratings.players.values(), key=lambda p: (-p.score, p.username))
    factions = sorted(ratings.factions.values(), key=lambda f: (-f.score, f.name, f.base_map))
    return {
        "players": pd.DataFrame(
            {
                "rank": pd.Series(range(1, len(players) + 1), dtype="int64"),
                "player": [p.username for p in players],
                "rating": pd.Series([p.score for p in players], dtype="float64"),
                "games": pd.Series([p.games for p in players], dtype="int64"),
            }
        ),
        "factions": pd.DataFrame(
            {
                "faction": [f.name for f in factions],
                "map": [map_name(f.base_map) for f in factions],
                "rating": pd.Series([f.score for f in factions], dtype="float64"),
                "games": pd.Series([f.games for f in factions], dtype="int64"),
            }
        ),
        "breakdown": pd.DataFrame(
            [
                {"player": p.username, "faction": faction, "rating": points, "games": games}
                for p in players
                for faction, (points, games) in sorted(
                    p.faction_breakdown.items(), key=lambda kv: (-kv[1][0], kv[0])
                )
            ],
            columns=["player", "faction", "rating", "games"],
        ),
    }
