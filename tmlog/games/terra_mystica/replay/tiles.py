"""Bonus, favor, town and round-scoring tiles, and the action spaces.

Facts as published by the reference engine (``src/Game/Constants.pm``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any, cast

from tmlog import lean
from tmlog.games.terra_mystica.replay.factions import Gain
from tmlog.games.terra_mystica.replay.holdings import RESOURCE_SET, Cult, Resource, check_names
from tmlog.games.terra_mystica.replay.options import Option


@lean.dataclass(frozen=True)
class TileSpec:
    """A tile in the pool."""

    name: str
    income: Gain = field(default_factory=dict)
    gain: Gain = field(default_factory=dict)
    """What taking the tile gives at once (favor and town tiles)."""
    pass_vp: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """VP when passing, per building type (or ``ship`` level) count."""
    build_vp: Gain = field(default_factory=dict)
    """VP for each building of a type built while holding it (FAV10, FAV11)."""
    count: int = 1
    option: Option | None = None
    """The game option that puts the tile in the pool."""


@lean.dataclass(frozen=True)
class ScoringSpec:
    """A round-scoring tile: VP during the round, cult reward at its end."""

    name: str
    vp: Gain
    mode: str
    """``build`` (VP when building) or ``gain`` (VP when gaining, e.g. spades, towns)."""
    display: str
    cult: str
    """Cult track (or ``CULT_P``: priests sent) whose level earns the reward."""
    req: int
    income: Gain
    option: Option | None = None


@lean.dataclass(frozen=True)
class ActionSpec:
    """An action space: what it costs, gives, and which sub-actions follow."""

    cost: Gain
    gain: Mapping[str, Any]
    subaction: Mapping[str, int] = field(default_factory=dict)
    dont_block: bool = False


_TOWNS = {f"TW{i}": 5 for i in range(1, 9)}

TILES: dict[str, TileSpec] = {
    "BON1": TileSpec("BON1", income={"C": 2}),
    "BON2": TileSpec("BON2", income={"C": 4}),
    "BON3": TileSpec("BON3", income={"C": 6}),
    "BON4": TileSpec("BON4", income={"PW": 3}),
    "BON5": TileSpec("BON5", income={"PW": 3, "W": 1}),
    "BON6": TileSpec("BON6", income={"W": 2}, pass_vp={"SA": (0, 4), "SH": (0, 4)}),
    "BON7": TileSpec("BON7", income={"W": 1}, pass_vp={"TP": (0, 2, 4, 6, 8)}),
    "BON8": TileSpec("BON8", income={"P": 1}),
    "BON9": TileSpec("BON9", income={"C": 2}, pass_vp={"D": tuple(range(9))}),
    "BON10": TileSpec(
        "BON10",
        income={"PW": 3},
        pass_vp={"ship": (0, 3, 6, 9, 12, 15)},
        option=Option.SHIPPING_BONUS,
    ),
    "FAV1": TileSpec("FAV1", gain={"FIRE": 3}, count=1),
    "FAV2": TileSpec("FAV2", gain={"WATER": 3}, count=1),
    "FAV3": TileSpec("FAV3", gain={"EARTH": 3}, count=1),
    "FAV4": TileSpec("FAV4", gain={"AIR": 3}, count=1),
    "FAV5": TileSpec("FAV5", gain={"FIRE": 2, "TOWN_SIZE": -1}, count=3),
    "FAV6": TileSpec("FAV6", gain={"WATER": 2}, count=3),
    "FAV7": TileSpec("FAV7", gain={"EARTH": 2}, income={"W": 1, "PW": 1}, count=3),
    "FAV8": TileSpec("FAV8", gain={"AIR": 2}, income={"PW": 4}, count=3),
    "FAV9": TileSpec("FAV9", gain={"FIRE": 1}, income={"C": 3}, count=3),
    "FAV10": TileSpec("FAV10", gain={"WATER": 1}, build_vp={"TP": 3}, count=3),
    "FAV11": TileSpec("FAV11", gain={"EARTH": 1}, build_vp={"D": 2}, count=3),
    "FAV12": TileSpec("FAV12", gain={"AIR": 1}, pass_vp={"TP": (0, 2, 3, 3, 4)}, count=3),
    "TW1": TileSpec("TW1", gain={"KEY": 1, "VP": 5, "C": 6}, count=2),
    "TW2": TileSpec("TW2", gain={"KEY": 1, "VP": 7, "W": 2}, count=2),
    "TW3": TileSpec("TW3", gain={"KEY": 1, "VP": 9, "P": 1}, count=2),
    "TW4": TileSpec("TW4", gain={"KEY": 1, "VP": 6, "PW": 8}, count=2),
    "TW5": TileSpec(
        "TW5", gain={"KEY": 1, "VP": 8, "FIRE": 1, "WATER": 1, "EARTH": 1, "AIR": 1}, count=2
    ),
    "TW6": TileSpec(
        "TW6",
        gain={"KEY": 2, "VP": 2, "FIRE": 2, "WATER": 2, "EARTH": 2, "AIR": 2},
        count=1,
        option=Option.MINI_EXPANSION_1,
    ),
    "TW7": TileSpec(
        "TW7",
        gain={"KEY": 1, "VP": 4, "GAIN_SHIP": 1, "carpet_range": 1},
        count=2,
        option=Option.MINI_EXPANSION_1,
    ),
    "TW8": TileSpec("TW8", gain={"KEY": 1, "VP": 11}, count=1, option=Option.MINI_EXPANSION_1),
}

SCORING: dict[str, ScoringSpec] = {
    "SCORE1": ScoringSpec("SCORE1", {"SPADE": 2}, "gain", "SPADE >> 2", "EARTH", 1, {"C": 1}),
    "SCORE2": ScoringSpec("SCORE2", _TOWNS, "gain", "TOWN >> 5", "EARTH", 4, {"SPADE": 1}),
    "SCORE3": ScoringSpec("SCORE3", {"D": 2}, "build", "D >> 2", "WATER", 4, {"P": 1}),
    "SCORE4": ScoringSpec("SCORE4", {"SA": 5, "SH": 5}, "build", "SA/SH >> 5", "FIRE", 2, {"W": 1}),
    "SCORE5": ScoringSpec("SCORE5", {"D": 2}, "build", "D >> 2", "FIRE", 4, {"PW": 4}),
    "SCORE6": ScoringSpec("SCORE6", {"TP": 3}, "build", "TP >> 3", "WATER", 4, {"SPADE": 1}),
    "SCORE7": ScoringSpec("SCORE7", {"SA": 5, "SH": 5}, "build", "SA/SH >> 5", "AIR", 2, {"W": 1}),
    "SCORE8": ScoringSpec("SCORE8", {"TP": 3}, "build", "TP >> 3", "AIR", 4, {"SPADE": 1}),
    "SCORE9": ScoringSpec(
        "SCORE9", {"TE": 4}, "build", "TE >> 4", "CULT_P", 1, {"C": 2}, Option.TEMPLE_SCORING_TILE
    ),
}

if not RESOURCE_SET.issuperset(TILES):
    raise ValueError(f"tiles a faction cannot hold: {sorted(set(TILES) - RESOURCE_SET)}")
_TILE_NAMES = cast("dict[Resource, TileSpec]", TILES)
BONUS_TILES = tuple(n for n in _TILE_NAMES if n.startswith("BON"))
FAVOR_TILES = tuple(n for n in _TILE_NAMES if n.startswith("FAV"))
TOWN_TILES = tuple(n for n in _TILE_NAMES if n.startswith("TW"))
PASS_VP_TILES = tuple(n for n, t in _TILE_NAMES.items() if t.pass_vp)
BUILD_VP_TILES = tuple(n for n, t in _TILE_NAMES.items() if t.build_vp)
INCOME_TILES = tuple(n for n, t in _TILE_NAMES.items() if t.income)

_POWER_ACTIONS = ("ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6")

ACTIONS: dict[str, ActionSpec] = {
    "ACT1": ActionSpec({"PW": 3}, {"BRIDGE": 1}, {"bridge": 1}),
    "ACT2": ActionSpec({"PW": 3}, {"P": 1}),
    "ACT3": ActionSpec({"PW": 4}, {"W": 2}),
    "ACT4": ActionSpec({"PW": 4}, {"C": 7}),
    "ACT5": ActionSpec({"PW": 4}, {"SPADE": 1}, {"dig": 1, "transform": 1, "build": 1}),
    "ACT6": ActionSpec({"PW": 6}, {"SPADE": 2}, {"dig": 1, "transform": 2, "build": 1}),
    "ACTA": ActionSpec({}, {"CULT": 2, "CULTS_ON_SAME_TRACK": 1}),
    "ACTE": ActionSpec({"W": 2}, {"BRIDGE": 1}, {"bridge": 1}, dont_block=True),
    "ACTG": ActionSpec({}, {"SPADE": 2}, {"dig": 1, "transform": 1, "build": 1}),
    "ACTS": ActionSpec({}, {"FREE_TP": 1}, {"upgrade": 1}),
    "ACTN": ActionSpec(
        {}, {"FREE_TF": 1, "TF_NEED_HEX_ADJACENCY": 1}, {"dig": 1, "transform": 1, "build": 1}
    ),
    "ACTW": ActionSpec({}, {"FREE_D": 1, "TELEPORT_NO_TF": 1}, {"build": 1}),
    "ACTC": ActionSpec({}, {"GAIN_ACTION": 2}),
    "ACTH1": ActionSpec(
        {"PW": 3, "ALLOW_SHAPESHIFT": 1}, {"PICK_COLOR": 1, "VP": 2}, dont_block=True
    ),
    "ACTH2": ActionSpec(
        {"PW_TOKEN": 3, "ALLOW_SHAPESHIFT": 1}, {"PICK_COLOR": 1, "VP": 2}, dont_block=True
    ),
    "ACTH3": ActionSpec({"PW": 4}, {"PICK_COLOR": 1}, dont_block=True),
    "ACTH4": ActionSpec({"PW_TOKEN": 4}, {"PICK_COLOR": 1}, dont_block=True),
    "ACTH5": ActionSpec({"PW": 5}, {"PICK_COLOR": 1}, dont_block=True),
    "ACTH6": ActionSpec({"PW_TOKEN": 5}, {"PICK_COLOR": 1}, dont_block=True),
    "BON1": ActionSpec({}, {"SPADE": 1}, {"dig": 1, "transform": 1, "build": 1}),
    "BON2": ActionSpec({}, {"CULT": 1}),
    "FAV6": ActionSpec({}, {"CULT": 1}),
}

POWER_ACTIONS = _POWER_ACTIONS

BUILDING_STRENGTH: dict[str, int] = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}
"""Power a building is worth for towns and for neighbours' leech offers."""

FINAL_SCORING_POINTS: dict[str, tuple[int, ...]] = {
    "network": (18, 12, 6),
    "connected-distance": (18, 12, 6),
    "connected-sa-sh-distance": (18, 12, 6),
    "building-on-edge": (18, 12, 6),
    "connected-clusters": (18, 12, 6),
    "cults": (8, 4, 2),
}
FIRE_ICE_FINAL_SCORING = (
    "connected-distance",
    "connected-sa-sh-distance",
    "building-on-edge",
    "connected-clusters",
)

VP_SETUPS: dict[str, dict[str, int]] = {
    "original_2017": {
        "darklings": 15,
        "cultists": 16,
        "engineers": 16,
        "chaosmagicians": 19,
        "mermaids": 19,
        "nomads": 19,
        "witches": 19,
        "dwarves": 20,
        "halflings": 20,
        "icemaidens": 20,
        "riverwalkers": 21,
        "shapeshifters": 22,
        "swarmlings": 22,
        "yetis": 22,
        "acolytes": 23,
        "dragonlords": 24,
        "giants": 25,
        "alchemists": 27,
        "auren": 27,
        "fakirs": 33,
    }
}
"""Starting VP per faction for map variants with their own VP setup.

``original_2017`` is the reference engine's (map "Original [2017 vp]"); it is
also the seed rulebook's start-VP variant for the base map. The Fjords and
Lakes tables are the seed rulebook's (its Appendix 8, as played on Yucata),
which the reference engine does not know; every faction they do not name
starts with 20 VP.
"""

VP_SETUPS["yucata_fjords"] = {
    **dict.fromkeys(("nomads", "witches", "cultists", "darklings"), 15),
    **dict.fromkeys(("fakirs", "halflings", "auren", "giants", "alchemists"), 25),
}
VP_SETUPS["yucata_lakes"] = {
    **dict.fromkeys(("nomads", "engineers", "cultists", "darklings"), 15),
    **dict.fromkeys(("fakirs", "swarmlings", "giants"), 25),
    "dwarves": 30,
}

CULTS: tuple[Cult, ...] = ("FIRE", "WATER", "EARTH", "AIR")

check_names("tiles", [t.gain for t in TILES.values()] + [t.income for t in TILES.values()])
check_names("round scoring", [s.income for s in SCORING.values()])
check_names("round scoring", [{s.cult: s.req} for s in SCORING.values()])
check_names("actions", [a.cost for a in ACTIONS.values()] + [a.gain for a in ACTIONS.values()])
COLOR_WHEEL = ("yellow", "brown", "black", "blue", "green", "gray", "red")
