"""The site's rules for which games of a results file its statistics and ratings count.

``src/genstats.pl`` (the statistics) and ``src/Analyze/RatingData.pm`` (the
ratings) leave out the same games: a player in two seats, Shapeshifters or
Riverwalkers without their variable option, no registered player, too few
factions; and they rename the factions of old versions (``_v5``). One
implementation, read by ``stats`` (:func:`stats_left_out_because`) and the
ratings (:mod:`tmlog.games.terra_mystica.ratings`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tmlog.games.terra_mystica.result_types import NOT_FACTIONS, ResultGame, ResultPlayer

# The site's rules for which games its statistics (``src/genstats.pl``) and its
# ratings (``src/Analyze/RatingData.pm``) count: the same in both.

EXCLUDED_FACTIONS = frozenset(
    (
        "riverwalkers",
        "riverwalkers_v4",
        "shapeshifters",
        "shapeshifters_v2",
        "shapeshifters_v3",
        "shapeshifters_v4",
    )
)
"""Shapeshifters and Riverwalkers without their variable option, or an old one:
a game with one is left out."""
WHITELIST = frozenset(
    ("0627puyo", "10", "17", "19", "20", "23", "24", "26", "27", "5", "8", "9", "BlaGame11",
     "BlaGame8", "IBGPBF5", "Noerrorpls", "gamecepet", "gareth2", "nyobagame", "pbc1", "pbc2",
     "pbc3", "skelly1", "skelly1a", "skelly1b", "skelly1c", "skelly1d", "skelly1e", "skelly1f",
     "verandi1", "verandi2")
)  # fmt: skip
"""Old play-by-forum games counted although no player in them is registered."""
_SS = re.compile(r"variable_(v2|v3|v4|v5)")
_RW = re.compile(r"variable_(v4|v5)")

STATS_FEWEST = 2
"""genstats.pl leaves out a game of fewer factions (dropped ones not counted)."""
RATINGS_FEWEST = 3
"""RatingData.pm leaves out a game of fewer factions (dropped ones counted)."""


def faction_name(player: ResultPlayer, options: Iterable[str]) -> str:
    """The faction as the site's statistics and ratings name it: variable
    Shapeshifters and Riverwalkers get their version (joined with spaces if
    several match, as Perl interpolates a list).

    >>> p = ResultPlayer("shapeshifters", 120, 1, 1, False, "h", "u")
    >>> faction_name(p, ("variable_v5",)), faction_name(p, ())
    ('shapeshifters_v5', 'shapeshifters')
    """
    if player.faction == "shapeshifters":
        found = [m for o in options for m in _SS.findall(o)]
        if found:
            return "shapeshifters_" + " ".join(found)
    if player.faction == "riverwalkers":
        found = [m for o in options for m in _RW.findall(o)]
        if found:
            return "riverwalkers_" + " ".join(found)
    return player.faction


def site_factions(
    players: Iterable[ResultPlayer], options: Iterable[str]
) -> dict[str, ResultPlayer]:
    """The factions of a game by the site's name for them (:func:`faction_name`),
    roles that are no faction left out; a later row of a faction replaces an
    earlier one, as the site's hash does (:func:`read_results` refuses a file
    with one)."""
    options = tuple(options)
    return {faction_name(p, options): p for p in players if not NOT_FACTIONS.match(p.faction)}


def left_out_because(game_id: str, factions: Mapping[str, ResultPlayer], fewest: int) -> str | None:
    """Why the site leaves a game out of its statistics (``fewest`` =
    :data:`STATS_FEWEST`) or ratings (:data:`RATINGS_FEWEST`), given its
    :func:`site_factions`; ``None`` if it counts it.

    >>> rows = [ResultPlayer(f, 100, 1, 1, False, "h", "u") for f in ("witches", "nomads")]
    >>> left_out_because("g", site_factions(rows, ()), STATS_FEWEST)
    'one player in two seats'
    """
    excluded = sorted(EXCLUDED_FACTIONS.intersection(factions))
    if excluded:
        return f"{excluded[0]} (only variable_v5 Shapeshifters and Riverwalkers count)"
    if len(factions) < fewest:
        return f"fewer than {fewest} factions"
    hashes = [p.id_hash for p in factions.values() if p.id_hash]
    if len(set(hashes)) < len(hashes):
        return "one player in two seats"
    if not hashes and game_id not in WHITELIST:
        return "no registered player"
    return None


def counted_players(game: ResultGame) -> list[ResultPlayer]:
    """The factions the site's statistics count: roles that are no faction and
    factions without VP are left out (``src/genstats.pl``)."""
    return [p for p in game.players if p.vp is not None and not NOT_FACTIONS.match(p.faction)]


def stats_left_out_because(game: ResultGame) -> str | None:
    """Why ``src/genstats.pl`` leaves ``game`` out of the site's statistics
    (``None``: it counts it): :func:`left_out_because` of its factions that
    have VP and did not drop out."""
    playing = (p for p in counted_players(game) if not p.dropped)
    return left_out_because(game.id, site_factions(playing, game.options), STATS_FEWEST)


_NOT_NAMED = {
    "score-tiles": "round scoring tiles",
    "score-tile": "round scoring tiles",
    **{f"score-round-{n}": "round scoring tiles" for n in range(1, 7)},
    "bonus-round-1": "bonus tiles",
}


def missing_grouping(by: str) -> str | None:
    """Why the games of a results file cannot be grouped ``by`` (a ``stats --by``
    name; ``None``: they can).

    >>> missing_grouping("bonus-round-1"), missing_grouping("seat")
    ('results files do not name the bonus tiles', None)
    """
    what = _NOT_NAMED.get(by)
    return None if what is None else f"results files do not name the {what}"
