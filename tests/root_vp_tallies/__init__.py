"""Hand tallies of every score change in the eight Rootlog games, by faction and VP source.

Each module is one game (``tests/data/rootlog/<game>.rootlog``): ``TALLY`` maps a
faction letter to its sources, each a list of ``(line, points)``, one per score
token of the log (a token holding two sources is split into one entry each, on
the same line, as in ``++2`` for a token removed under the Despot: removal 1,
despot 1); ``FINAL`` is each faction's sum. They were written by reading each
log line by line against the Law of Root before tmlog's figures were looked at;
the comments quote the log so that each can be checked again by hand. Where the
first tally and tmlog disagreed, the rules decided (tmlog was changed in every
case: the Despot's and infamy's shares, Coffin Makers and Master Engravers,
non-item crafts, a Hostile relationship, a sway, an explore by torch, a removal
with no clearing written).
"""

from __future__ import annotations

from types import ModuleType

from . import (
    after_dark_special,
    mega_exploding_birds,
    orderly_eyrie,
    r1g2,
    r1g3,
    r1g5,
    r2g3,
    r2g4,
)

GAMES: dict[str, ModuleType] = {
    "2020_11_08_mega_exploding_birds": mega_exploding_birds,
    "2020_11_19_orderly_eyrie": orderly_eyrie,
    "2020_11_19_winter_tournament_r1g2": r1g2,
    "2020_11_20_winter_tournament_r1g5": r1g5,
    "2020_11_24_winter_tournament_r2g4": r2g4,
    "2020_11_25_winter_tournament_r2g3": r2g3,
    "2020_11_26_winter_tournament_r1g3": r1g3,
    "2020_12_05_after_dark_special": after_dark_special,
}
"""Game (file stem) → its tally module."""
