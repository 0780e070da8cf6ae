"""The game options a log may set."""

from __future__ import annotations

VALID_OPTIONS = frozenset(
    [
        "errata-cultist-power",
        "mini-expansion-1",
        "shipping-bonus",
        "temple-scoring-tile",
        "fire-and-ice-final-scoring",
        "fire-and-ice-factions",
        "fire-and-ice-factions/ice",
        "fire-and-ice-factions/variable",
        "fire-and-ice-factions/variable_v2",
        "fire-and-ice-factions/variable_v3",
        "fire-and-ice-factions/variable_v4",
        "fire-and-ice-factions/variable_v5",
        "fire-and-ice-factions/volcano",
        "email-notify",
        "loose-adjust-resource",
        "loose-cultist-ordering",
        "loose-dig",
        "loose-engineer-bridge",
        "loose-lose-cult",
        "loose-multi-spade",
        "loose-bridge-adjacency",
        "loose-done",
        "maintain-player-order",
        "manual-fav5",
        "shapeshifter-fix-playtest-v1",
        "strict-leech",
        "strict-chaosmagician-sh",
        "strict-darkling-sh",
        "variable-turn-order",
    ]
)
