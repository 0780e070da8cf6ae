"""The game options: every one the rules check, and which of them a log may set."""

from __future__ import annotations

import enum
from collections.abc import Iterable

from tmlog.errors import IllegalMove


class Option(str, enum.Enum):
    """A game option, spelt as the reference engine spells it."""

    def __str__(self) -> str:
        return str(self.value)

    ERRATA_CULTIST_POWER = "errata-cultist-power"
    MINI_EXPANSION_1 = "mini-expansion-1"
    SHIPPING_BONUS = "shipping-bonus"
    TEMPLE_SCORING_TILE = "temple-scoring-tile"
    FIRE_AND_ICE_FINAL_SCORING = "fire-and-ice-final-scoring"
    FIRE_AND_ICE_FACTIONS = "fire-and-ice-factions"
    FIRE_AND_ICE_ICE = "fire-and-ice-factions/ice"
    FIRE_AND_ICE_VARIABLE = "fire-and-ice-factions/variable"
    FIRE_AND_ICE_VARIABLE_V2 = "fire-and-ice-factions/variable_v2"
    FIRE_AND_ICE_VARIABLE_V3 = "fire-and-ice-factions/variable_v3"
    FIRE_AND_ICE_VARIABLE_V4 = "fire-and-ice-factions/variable_v4"
    FIRE_AND_ICE_VARIABLE_V5 = "fire-and-ice-factions/variable_v5"
    FIRE_AND_ICE_VOLCANO = "fire-and-ice-factions/volcano"
    EMAIL_NOTIFY = "email-notify"
    LOOSE_ADJUST_RESOURCE = "loose-adjust-resource"
    LOOSE_CULTIST_ORDERING = "loose-cultist-ordering"
    LOOSE_DIG = "loose-dig"
    LOOSE_ENGINEER_BRIDGE = "loose-engineer-bridge"
    LOOSE_LOSE_CULT = "loose-lose-cult"
    LOOSE_MULTI_SPADE = "loose-multi-spade"
    LOOSE_BRIDGE_ADJACENCY = "loose-bridge-adjacency"
    LOOSE_DONE = "loose-done"
    MAINTAIN_PLAYER_ORDER = "maintain-player-order"
    MANUAL_FAV5 = "manual-fav5"
    SHAPESHIFTER_FIX_PLAYTEST_V1 = "shapeshifter-fix-playtest-v1"
    STRICT_LEECH = "strict-leech"
    STRICT_CHAOSMAGICIAN_SH = "strict-chaosmagician-sh"
    STRICT_DARKLING_SH = "strict-darkling-sh"
    VARIABLE_TURN_ORDER = "variable-turn-order"
    # The reference engine reads these four but its ``option`` command
    # refuses them: they only come with a game's stored settings.
    LOOSE_BUILD_AFTER_DIG = "loose-build-after-dig"
    LOOSE_CONVERT_PHASE = "loose-convert-phase"
    LOOSE_CULT_LOSS = "loose-cult-loss"
    MERGE_INCOME_PHASES = "merge-income-phases"


SETTINGS_ONLY = frozenset(
    (
        Option.LOOSE_BUILD_AFTER_DIG,
        Option.LOOSE_CONVERT_PHASE,
        Option.LOOSE_CULT_LOSS,
        Option.MERGE_INCOME_PHASES,
    )
)
"""Options a game's stored settings may hold but an ``option`` line may not set."""

_BY_NAME = {o.value: o for o in Option}

VALID_OPTIONS = frozenset(o.value for o in Option if o not in SETTINGS_ONLY)
"""The options a log may set with ``option NAME``."""


def log_option(name: str) -> Option:
    """The option an ``option NAME`` line sets; unknown (or settings-only) names are illegal."""
    if name not in VALID_OPTIONS:
        raise IllegalMove(f"unknown option {name}")
    return _BY_NAME[name]


def option_named(name: str) -> Option | None:
    return _BY_NAME.get(name)


def game_options(names: Iterable[str]) -> set[Option]:
    """Options given before the log (a game's stored settings), checked by name."""
    out: set[Option] = set()
    for name in names:
        option = _BY_NAME.get(name)
        if option is None:
            raise ValueError(f"unknown game option {name!r}")
        out.add(option)
    return out
