"""The Fire & Ice factions and their later versions, as data.

Facts as published by the reference engine (``src/Game/Factions/{Icemaidens,
Yetis,Acolytes,Dragonlords,Shapeshifters,Riverwalkers}.pm``). The options
``fire-and-ice-factions/ice``, ``/volcano``, ``/variable`` … ``/variable_v5``
select the sets below (``final_ice`` …), as the reference engine does.
"""

from __future__ import annotations

from typing import Any

from tmlog.games.terra_mystica.replay.factions import (
    _SA_INCOME,
    _STANDARD_SHIP,
    _TE_INCOME,
    _TP_INCOME,
    BuildingSpec,
    FactionBoard,
    TrackSpec,
    _cost,
    check_board,
)

_POWER_ACTIONS = tuple(f"ACT{i}" for i in range(1, 7))
_WHEEL_COLORS = ("yellow", "brown", "black", "blue", "green", "gray", "red")


def _buildings(
    *,
    d_income: tuple[int, ...],
    tp_income: dict[str, tuple[int, ...]] | None = None,
    te_income: dict[str, tuple[int, ...]] | None = None,
    sh: BuildingSpec,
    sa_c: int,
) -> dict[str, BuildingSpec]:
    return {
        "D": BuildingSpec(_cost(1, 2), {"W": d_income}),
        "TP": BuildingSpec(_cost(2, 3), tp_income or dict(_TP_INCOME)),
        "TE": BuildingSpec(_cost(2, 5), te_income or dict(_TE_INCOME)),
        "SH": sh,
        "SA": BuildingSpec(_cost(4, sa_c), dict(_SA_INCOME)),
    }


_ICE_DIG = TrackSpec(
    level=0,
    max_level=2,
    cost=({"W": 3}, {"W": 2}, {"W": 1}),
    advance_cost={"C": 5, "W": 1, "P": 1},
    advance_gain=({"VP": 6}, {"VP": 6}),
)
_ICE_D_INCOME = (1, 2, 3, 4, 5, 6, 7, 8, 9)

ICEMAIDENS = FactionBoard(
    name="icemaidens",
    display="Ice Maidens",
    color="ice",
    start={"C": 15, "W": 3, "P1": 6, "P2": 6, "WATER": 1, "AIR": 1},
    ship=_STANDARD_SHIP,
    dig=_ICE_DIG,
    buildings=_buildings(
        d_income=_ICE_D_INCOME,
        sh=BuildingSpec(_cost(4, 6), {"PW": (0, 4)}, pass_vp=({}, {"TE": (0, 3, 6, 9)})),
        sa_c=6,
    ),
    extra={"GAIN_FAVOR": 1, "PICK_COLOR": 1},
)

YETIS = FactionBoard(
    name="yetis",
    display="Yetis",
    color="ice",
    start={"C": 15, "W": 3, "P1": 0, "P2": 12, "EARTH": 1, "AIR": 1},
    ship=_STANDARD_SHIP,
    dig=_ICE_DIG,
    buildings=_buildings(
        d_income=_ICE_D_INCOME,
        tp_income={"C": (0, 2, 4, 6, 8), "PW": (0, 2, 4, 6, 8)},
        sh=BuildingSpec(
            _cost(4, 6),
            {"PW": (0, 4)},
            advance_gain=({"allow_reuse": {a: 1 for a in _POWER_ACTIONS}},),
        ),
        sa_c=6,
    ),
    extra={
        "PICK_COLOR": 1,
        "discount": {a: {"PW": 1} for a in _POWER_ACTIONS},
        "building_strength": {"SH": 4, "SA": 4},
    },
)

_VOLCANO_DIG = TrackSpec(level=0, max_level=0, cost=({},), gain=({"VOLCANO_TF": 1},))
_VOLCANO_D_INCOME = (0, 1, 2, 3, 3, 4, 5, 6, 6)
_NO_SPADE_ACTIONS: dict[str, Any] = {
    "BON1": {"subaction": {}},
    "ACT5": {"subaction": {}},
    "ACT6": {"subaction": {}},
}

ACOLYTES = FactionBoard(
    name="acolytes",
    display="Acolytes",
    color="volcano",
    start={"C": 15, "W": 3, "P1": 6, "P2": 6, "FIRE": 3, "WATER": 3, "EARTH": 3, "AIR": 3},
    ship=_STANDARD_SHIP,
    dig=_VOLCANO_DIG,
    buildings=_buildings(
        d_income=_VOLCANO_D_INCOME,
        sh=BuildingSpec(_cost(4, 8), {"PW": (0, 2)}, advance_gain=({"PRIEST_CULT_BONUS": 1},)),
        sa_c=8,
    ),
    special={"mode": "gain", "SPADE": {"SPADE": -1, "CULT": 1}},
    extra={
        "post_setup": {"PICK_COLOR": 1},
        "action": _NO_SPADE_ACTIONS,
        "volcano_effect": {"not_home": {"LOSE_CULT": 3}, "home": {"LOSE_CULT": 4}},
    },
)

DRAGONLORDS = FactionBoard(
    name="dragonlords",
    display="Dragonlords",
    color="volcano",
    start={"C": 15, "W": 3, "P1": 4, "P2": 4, "FIRE": 2},
    ship=_STANDARD_SHIP,
    dig=_VOLCANO_DIG,
    buildings=_buildings(
        d_income=_VOLCANO_D_INCOME,
        sh=BuildingSpec(_cost(4, 8), {"PW": (0, 2)}, advance_gain=({"P1": "PLAYER_COUNT"},)),
        sa_c=8,
    ),
    special={"mode": "gain", "SPADE": {"SPADE": -1, "P1": 1}},
    extra={
        "post_setup": {"PICK_COLOR": 1},
        "action": _NO_SPADE_ACTIONS,
        "volcano_effect": {"not_home": {"LOSE_PW_TOKEN": 1}, "home": {"LOSE_PW_TOKEN": 2}},
    },
)


def _shapeshifters(
    version: int, sh_gain: dict[str, Any], allow: int, taken: dict[str, int]
) -> FactionBoard:
    return FactionBoard(
        name="shapeshifters",
        display="Shapeshifters" if version in (1, 5) else f"Shapeshifters (playtest v{version})",
        color="variable",
        start={"C": 15, "W": 3, "P1": 4, "P2": 4, "FIRE": 1, "WATER": 1},
        ship=_STANDARD_SHIP,
        dig=TrackSpec(level=0, max_level=0, cost=({"W": 3},), gain=({"SPADE": 1},)),
        buildings=_buildings(
            d_income=(1, 2, 3, 4, 5, 6, 7, 8, 8),
            sh=BuildingSpec(_cost(3, 6), {"PW": (0, 4)}, advance_gain=(sh_gain,)),
            sa_c=6,
        ),
        leech_effect={"taken": taken, "not_taken": {"PW": 1}},
        extra={
            "board": "variable",
            "PICK_COLOR": 1,
            "pick_color_field": "color",
            "ALLOW_SHAPESHIFT": allow,
            "full_name": "shapeshifters" if version == 1 else f"shapeshifters_v{version}",
        },
    )


def _riverwalkers(version: int, unlock_cost: tuple[int, int] | None) -> FactionBoard:
    def effect(cost: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"gain": {"MAX_P": 1}}
        if cost is not None:
            out["cost"] = {"C": cost}
        return out

    home, not_home = unlock_cost if unlock_cost else (None, None)
    locked: dict[str, Any] = {
        "gain-priest": {"": {"gain": {"P": 1}, "permanent": 1}},
        **{c: {"home": effect(home), "not_home": effect(not_home)} for c in _WHEEL_COLORS},
    }
    return FactionBoard(
        name="riverwalkers",
        display="Riverwalkers" if version in (1, 5) else f"Riverwalkers (playtest v{version})",
        color="variable",
        start={"C": 15, "W": 3, "P1": 10, "P2": 2, "FIRE": 1, "AIR": 1},
        ship=TrackSpec(level=1, max_level=1),
        dig=None,
        buildings={
            "D": BuildingSpec(_cost(1, 2), {"W": (1, 2, 3, 3, 4, 5, 5, 6, 7)}),
            "TP": BuildingSpec(_cost(2, 3), dict(_TP_INCOME)),
            "TE": BuildingSpec(_cost(2, 5), {"P": (0, 1, 1, 2), "PW": (0, 0, 5, 5)}),
            "SH": BuildingSpec(
                _cost(4, 6),
                {"PW": (0, 2)},
                advance_gain=({"BRIDGE": 2},),
                subactions={"bridge": 2},
            ),
            "SA": BuildingSpec(_cost(4, 6), dict(_SA_INCOME)),
        },
        special={"mode": "replace", "SPADE": {}, "P": {"UNLOCK_TERRAIN": 1}},
        extra={
            "board": "variable",
            "MAX_P": 1,
            "PICK_COLOR": 1,
            "pick_color_field": "color",
            "adjacency": {"direct": 0},
            "locked_terrain": locked,
            "action": {"BON1": {"forbid": 1}, "ACT5": {"forbid": 1}, "ACT6": {"forbid": 1}},
            "full_name": "riverwalkers" if version == 1 else f"riverwalkers_v{version}",
        },
        first_dwellings_by_river=True,
    )


_SS1 = _shapeshifters(1, {"ACTH1": 1, "ACTH2": 1}, 100, {"P3": 1})
_SS2 = _shapeshifters(
    2, {"ACTH1": 1, "ACTH2": 1, "ALLOW_SHAPESHIFT": "PLAYER_COUNT"}, 0, {"GAIN_P3_FOR_VP": 1}
)
_SS3 = _shapeshifters(
    3, {"ACTH1": 1, "ACTH2": 1, "ALLOW_SHAPESHIFT": "OPPONENT_COUNT"}, 0, {"GAIN_P3_FOR_VP": 1}
)
_SS4 = _shapeshifters(4, {"ACTH3": 1, "ACTH4": 1}, 10000, {"GAIN_P3_FOR_VP": 1})
_SS5 = _shapeshifters(5, {"ACTH5": 1, "ACTH6": 1}, 10000, {"GAIN_P3_FOR_VP": 1})
_RW1 = _riverwalkers(1, None)
_RW4 = _riverwalkers(4, (3, 2))
_RW5 = _riverwalkers(5, (2, 1))

FIRE_ICE_SETS: dict[str, dict[str, FactionBoard]] = {
    "final_ice": {"icemaidens": ICEMAIDENS, "yetis": YETIS},
    "final_volcano": {"acolytes": ACOLYTES, "dragonlords": DRAGONLORDS},
    "final_variable": {"riverwalkers": _RW1, "shapeshifters": _SS1},
    "final_variable_v2": {"riverwalkers": _RW1, "shapeshifters": _SS2},
    "final_variable_v3": {"riverwalkers": _RW1, "shapeshifters": _SS3},
    "final_variable_v4": {"riverwalkers": _RW4, "shapeshifters": _SS4},
    "final_variable_v5": {"riverwalkers": _RW5, "shapeshifters": _SS5},
}
"""Faction variants by the name the reference engine gives them."""

for _set in FIRE_ICE_SETS.values():
    for _board in _set.values():
        check_board(_board)
