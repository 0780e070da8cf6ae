"""Faction boards: starting resources, tracks, building costs and income.

Facts as published by the reference engine (jsnell/terra-mystica,
``src/Game/Factions/*.pm``), written down as data. Income tables are indexed
by the number of buildings of that type on the map.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from tmlog import lean
from tmlog.games.terra_mystica.replay.holdings import check_names

Gain = Mapping[str, int]
"""A bundle of resources or effects, e.g. ``{"W": 2, "C": 3}``."""


@lean.dataclass(frozen=True)
class TrackSpec:
    """Shipping, digging or teleport (tunnel / carpet) track."""

    level: int
    max_level: int
    advance_cost: Gain = field(default_factory=dict)
    advance_gain: tuple[Mapping[str, Any], ...] = ()
    cost: tuple[Gain, ...] = ()
    """Per-level price of one use (digging: one spade; teleport: one jump)."""
    gain: tuple[Gain, ...] = ()
    """Per-level reward of one use (Darklings' digging, teleport VP)."""
    kind: str = ""
    """``tunnel`` or ``carpet`` for a teleport track."""


@lean.dataclass(frozen=True)
class BuildingSpec:
    """One building type on a faction board."""

    advance_cost: Gain
    income: Mapping[str, tuple[int, ...]]
    advance_gain: tuple[Mapping[str, Any], ...] = ()
    subactions: Mapping[str, int] | None = None
    """Sub-actions granted by building it (Halflings' stronghold spades)."""
    pass_vp: tuple[Mapping[str, tuple[int, ...]], ...] | None = None


@lean.dataclass(frozen=True)
class FactionBoard:
    """Everything a faction starts the game with."""

    name: str
    display: str
    color: str
    start: Gain
    """Starting C, W, P, power bowls (P1, P2, P3) and cult steps."""
    ship: TrackSpec
    dig: TrackSpec | None
    """None for a faction that cannot dig (Riverwalkers)."""
    buildings: Mapping[str, BuildingSpec]
    teleport: TrackSpec | None = None
    special: Mapping[str, Any] | None = None
    """Automatic gains: ``mode`` (``gain``), optional ``enable_if`` and type → gain."""
    exchange_rates: Mapping[str, Gain] | None = None
    leech_effect: Mapping[str, Gain] | None = None
    """``taken`` / ``not_taken``: what the builder gets when opponents accept or all decline."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Other keys the faction starts with (``ACTE``, ``tunnel_range``, ``PICK_COLOR`` …)."""
    # Rules particular to one faction, asked for by what they do, not by name.
    setup_dwellings: int = 2
    """Dwellings placed in setup: a third one after everyone else's (Nomads), or a
    single one, last (Chaos Magicians)."""
    first_dwellings_by_river: bool = False
    """Setup dwellings must be next to a river (Riverwalkers)."""
    river_towns: bool = False
    """May join a town across one river space with ``connect`` (Mermaids)."""
    transform_spades: int = 0
    """Spades every terraforming costs, whatever the distance (Giants: 2); 0 if by distance."""
    stronghold_bridge_vp: int = 0
    """Pass VP per own bridge joining two own buildings, once the stronghold stands
    (Engineers)."""
    cult_reaction: bool = False
    """Neighbours' accepted power gives it cult steps to place, so others must wait
    for that choice before taking a cult track's top space (Cultists)."""


def _cost(w: int, c: int) -> Gain:
    return {"W": w, "C": c}


_STANDARD_SHIP = TrackSpec(
    level=0,
    max_level=3,
    advance_cost={"C": 4, "P": 1},
    advance_gain=({"VP": 2}, {"VP": 3}, {"VP": 4}),
)
_NO_SHIP = TrackSpec(level=0, max_level=0)


def _dig(advance_c: int = 5, max_level: int = 2, advance_w: int = 2) -> TrackSpec:
    costs = ({"W": 3}, {"W": 2}, {"W": 1})[: max_level + 1]
    return TrackSpec(
        level=0,
        max_level=max_level,
        cost=costs,
        advance_cost={"W": advance_w, "C": advance_c, "P": 1},
        advance_gain=tuple({"VP": 6} for _ in range(max_level)),
    )


_D_INCOME = {"W": (1, 2, 3, 4, 5, 6, 7, 8, 8)}
_TP_INCOME = {"C": (0, 2, 4, 6, 8), "PW": (0, 1, 2, 4, 6)}
_TP_INCOME_RICH = {"C": (0, 2, 4, 7, 11), "PW": (0, 1, 2, 3, 4)}
_TE_INCOME = {"P": (0, 1, 2, 3)}
_SA_INCOME = {"P": (0, 1)}


def _buildings(
    *,
    sh: BuildingSpec,
    sa_c: int,
    tp_income: Mapping[str, tuple[int, ...]] = _TP_INCOME,
    sa_income: Mapping[str, tuple[int, ...]] = _SA_INCOME,
    te_gain: tuple[Mapping[str, Any], ...] = (),
    sa_gain: tuple[Mapping[str, Any], ...] = (),
) -> dict[str, BuildingSpec]:
    return {
        "D": BuildingSpec(_cost(1, 2), _D_INCOME),
        "TP": BuildingSpec(_cost(2, 3), tp_income),
        "TE": BuildingSpec(_cost(2, 5), _TE_INCOME, advance_gain=te_gain),
        "SH": sh,
        "SA": BuildingSpec(_cost(4, sa_c), sa_income, advance_gain=sa_gain),
    }


def _sh(c: int, income: Mapping[str, tuple[int, ...]], *gain: Mapping[str, Any]) -> BuildingSpec:
    return BuildingSpec(_cost(4, c), income, advance_gain=tuple(gain))


_PW2 = {"PW": (0, 2)}
_PW4 = {"PW": (0, 4)}

BASE_FACTIONS: dict[str, FactionBoard] = {
    "alchemists": FactionBoard(
        name="alchemists",
        display="Alchemists",
        color="black",
        start={"C": 15, "W": 3, "P1": 5, "P2": 7, "WATER": 1, "FIRE": 1},
        ship=_STANDARD_SHIP,
        dig=_dig(),
        buildings=_buildings(
            sh=_sh(6, {"C": (0, 6)}, {"PW": 12}),
            sa_c=6,
            tp_income={"C": (0, 2, 4, 7, 11), "PW": (0, 1, 2, 3, 4)},
        ),
        special={"mode": "gain", "SPADE": {"PW": 2}, "enable_if": {"SH": 1}},
        exchange_rates={"C": {"VP": 2}, "VP": {"C": 1}},
    ),
    "auren": FactionBoard(
        name="auren",
        display="Auren",
        color="green",
        start={"C": 15, "W": 3, "P1": 5, "P2": 7, "WATER": 1, "AIR": 1},
        ship=_STANDARD_SHIP,
        dig=_dig(),
        buildings=_buildings(sh=_sh(6, _PW2, {"ACTA": 1, "GAIN_FAVOR": 1}), sa_c=8),
    ),
    "chaosmagicians": FactionBoard(
        name="chaosmagicians",
        display="Chaos Magicians",
        color="red",
        start={"C": 15, "W": 4, "P1": 5, "P2": 7, "FIRE": 2},
        ship=_STANDARD_SHIP,
        dig=_dig(),
        buildings=_buildings(
            sh=_sh(4, {"W": (0, 2)}, {"ACTC": 1}),
            sa_c=8,
            te_gain=({"GAIN_FAVOR": 2},) * 3,
            sa_gain=({"GAIN_FAVOR": 2},),
        ),
        setup_dwellings=1,
    ),
    "cultists": FactionBoard(
        name="cultists",
        display="Cultists",
        color="brown",
        start={"C": 15, "W": 3, "P1": 5, "P2": 7, "EARTH": 1, "FIRE": 1},
        ship=_STANDARD_SHIP,
        dig=_dig(),
        buildings=_buildings(sh=_sh(8, _PW2, {"VP": 7}), sa_c=8),
        leech_effect={"taken": {"CULT": 1}, "not_taken": {"PW": 1}},
        cult_reaction=True,
    ),
    "darklings": FactionBoard(
        name="darklings",
        display="Darklings",
        color="black",
        start={"C": 15, "W": 1, "P": 1, "P1": 5, "P2": 7, "WATER": 1, "EARTH": 1},
        ship=_STANDARD_SHIP,
        dig=TrackSpec(level=0, max_level=0, cost=({"P": 1},), gain=({"SPADE": 1, "VP": 2},)),
        buildings=_buildings(
            sh=_sh(6, _PW2, {"CONVERT_W_TO_P": 3}),
            sa_c=10,
            sa_income={"P": (0, 2)},
        ),
    ),
    "dwarves": FactionBoard(
        name="dwarves",
        display="Dwarves",
        color="gray",
        start={"C": 15, "W": 3, "P1": 5, "P2": 7, "EARTH": 2},
        ship=_NO_SHIP,
        teleport=TrackSpec(
            level=0,
            max_level=1,
            kind="tunnel",
            cost=({"W": 2}, {"W": 1}),
            gain=({"VP": 4}, {"VP": 4}),
        ),
        dig=_dig(),
        buildings=_buildings(
            sh=_sh(6, _PW2, {"GAIN_TELEPORT": 1}),
            sa_c=6,
            tp_income={"C": (0, 3, 5, 7, 10), "PW": (0, 1, 2, 4, 6)},
        ),
        extra={"tunnel_range": 1, "tunnel_max_range": 1},
    ),
    "engineers": FactionBoard(
        name="engineers",
        display="Engineers",
        color="gray",
        start={"C": 10, "W": 2, "P1": 3, "P2": 9},
        ship=_STANDARD_SHIP,
        dig=_dig(),
        buildings={
            "D": BuildingSpec(_cost(1, 1), {"W": (0, 1, 2, 2, 3, 4, 4, 5, 6)}),
            "TP": BuildingSpec(_cost(1, 2), _TP_INCOME),
            "TE": BuildingSpec(_cost(1, 4), {"P": (0, 1, 1, 2), "PW": (0, 0, 5, 5)}),
            "SH": BuildingSpec(_cost(3, 6), _PW2),
            "SA": BuildingSpec(_cost(3, 6), _SA_INCOME),
        },
        extra={"ACTE": 1},
        stronghold_bridge_vp=3,
    ),
    "fakirs": FactionBoard(
        name="fakirs",
        display="Fakirs",
        color="yellow",
        start={"C": 15, "W": 3, "P1": 7, "P2": 5, "FIRE": 1, "AIR": 1},
        ship=_NO_SHIP,
        teleport=TrackSpec(
            level=0,
            max_level=1,
            kind="carpet",
            cost=({"P": 1}, {"P": 1}),
            gain=({"VP": 4}, {"VP": 4}),
            advance_gain=({"carpet_range": 1},),
        ),
        dig=_dig(max_level=1),
        buildings=_buildings(sh=_sh(10, {"P": (0, 1)}, {"GAIN_TELEPORT": 1}), sa_c=6),
        extra={"carpet_range": 1, "carpet_max_range": 4},
    ),
    "giants": FactionBoard(
        name="giants",
        display="Giants",
        color="red",
        start={"C": 15, "W": 3, "P1": 5, "P2": 7, "FIRE": 1, "AIR": 1},
        ship=_STANDARD_SHIP,
        dig=_dig(),
        buildings=_buildings(sh=_sh(6, _PW4, {"ACTG": 1}), sa_c=6),
        transform_spades=2,
    ),
    "halflings": FactionBoard(
        name="halflings",
        display="Halflings",
        color="brown",
        start={"C": 15, "W": 3, "P1": 3, "P2": 9, "EARTH": 1, "AIR": 1},
        ship=_STANDARD_SHIP,
        dig=_dig(advance_c=1),
        buildings=_buildings(
            sh=BuildingSpec(
                _cost(4, 8),
                _PW2,
                advance_gain=({"SPADE": 3},),
                subactions={"transform": 3, "build": 1},
            ),
            sa_c=6,
        ),
        special={"mode": "gain", "SPADE": {"VP": 1}},
    ),
    "mermaids": FactionBoard(
        name="mermaids",
        display="Mermaids",
        color="blue",
        start={"C": 15, "W": 3, "P1": 3, "P2": 9, "WATER": 2},
        ship=TrackSpec(
            level=1,
            max_level=5,
            advance_cost={"C": 4, "P": 1},
            advance_gain=({"VP": 0}, {"VP": 2}, {"VP": 3}, {"VP": 4}, {"VP": 5}),
        ),
        dig=_dig(),
        buildings=_buildings(sh=_sh(6, _PW4, {"GAIN_SHIP": 1}), sa_c=8),
        river_towns=True,
    ),
    "nomads": FactionBoard(
        name="nomads",
        display="Nomads",
        color="yellow",
        start={"C": 15, "W": 2, "P1": 5, "P2": 7, "FIRE": 1, "EARTH": 1},
        ship=_STANDARD_SHIP,
        dig=_dig(),
        buildings=_buildings(sh=_sh(8, _PW2, {"ACTN": 1}), sa_c=6, tp_income=_TP_INCOME_RICH),
        setup_dwellings=3,
    ),
    "swarmlings": FactionBoard(
        name="swarmlings",
        display="Swarmlings",
        color="blue",
        start={
            "C": 20,
            "W": 8,
            "P1": 3,
            "P2": 9,
            "FIRE": 1,
            "EARTH": 1,
            "WATER": 1,
            "AIR": 1,
        },
        ship=_STANDARD_SHIP,
        dig=_dig(),
        buildings={
            "D": BuildingSpec(_cost(2, 3), {"W": (2, 3, 4, 5, 6, 7, 8, 9, 9)}),
            "TP": BuildingSpec(_cost(3, 4), {"PW": (0, 2, 4, 6, 8), "C": (0, 2, 4, 6, 9)}),
            "TE": BuildingSpec(_cost(3, 6), _TE_INCOME),
            "SH": BuildingSpec(_cost(5, 8), _PW4, advance_gain=({"ACTS": 1},)),
            "SA": BuildingSpec(_cost(5, 8), {"P": (0, 2)}),
        },
        special={"mode": "gain", **{f"TW{i}": {"W": 3} for i in range(1, 9)}},
    ),
    "witches": FactionBoard(
        name="witches",
        display="Witches",
        color="green",
        start={"C": 15, "W": 3, "P1": 5, "P2": 7, "AIR": 2},
        ship=_STANDARD_SHIP,
        dig=_dig(),
        buildings=_buildings(sh=_sh(6, _PW2, {"ACTW": 1}), sa_c=6),
        special={"mode": "gain", **{f"TW{i}": {"VP": 5} for i in range(1, 9)}},
    ),
}

FACTION_BOARDS: dict[str, FactionBoard] = dict(BASE_FACTIONS)
"""The base-game factions by name (Fire & Ice ones come with their option)."""


def check_board(board: FactionBoard) -> None:
    """Every resource a board names must be one the engine holds (checked at import)."""
    bundles: list[Mapping[str, object]] = [board.start]
    for track in (board.ship, board.dig, board.teleport):
        if track is not None:
            bundles += [track.advance_cost, *track.advance_gain, *track.cost, *track.gain]
    for spec in board.buildings.values():
        bundles += [spec.advance_cost, spec.income, *spec.advance_gain]
    if board.special:
        special = {k: v for k, v in board.special.items() if k not in ("mode", "enable_if")}
        bundles += [special, *special.values()]
    bundles += [*(board.exchange_rates or {}).values(), *(board.leech_effect or {}).values()]
    extra = board.extra
    bundles += [{k: v for k, v in extra.items() if isinstance(v, int)}]
    bundles += [extra.get("post_setup", {}), *extra.get("volcano_effect", {}).values()]
    for effects in extra.get("locked_terrain", {}).values():
        for effect in effects.values():
            bundles += [effect.get("gain", {}), effect.get("cost", {})]
    check_names(board.name, bundles)


for _board in BASE_FACTIONS.values():
    check_board(_board)
