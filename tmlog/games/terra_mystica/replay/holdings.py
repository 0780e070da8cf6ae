"""What a faction holds, under the reference engine's names.

The reference engine keeps everything in one hash per faction: coins, cult
steps and tiles next to spades still to use and the size a town needs. Here
they are split by what they are:

- :data:`Resource`: what a faction counts and the ledger shows (VP, C, W, P,
  bowls, cults, keys) and the tiles and action spaces it holds. The ledger's
  eleven are typed attributes of ``FactionState``, the rest live in
  ``FactionState.held``, a dict made with every other name, so an unknown name
  is a ``KeyError``; ``FactionState.res`` reads them all as one mapping.
- :class:`Pending`: effects granted and still to use or settle (spades, cult
  steps to place, a favor or town tile to take, a free dwelling …).
- :class:`Limits`: lasting numbers of the faction (power a town needs, priests
  left, bridges left, tunnel or carpet range …).

Rules, tiles and faction boards still name all of them by string when they
grant or charge them (``{"SPADE": 1, "VP": 2}``), as the reference engine
does; :func:`check_names` checks such data once, when it is loaded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Final, Literal, get_args

from tmlog.errors import IllegalMove

Cult = Literal["FIRE", "WATER", "EARTH", "AIR"]

Resource = Literal[
    "VP",
    "C",
    "W",
    "P",
    "P1",
    "P2",
    "P3",
    "KEY",
    Cult,
    # Tiles
    "BON1",
    "BON2",
    "BON3",
    "BON4",
    "BON5",
    "BON6",
    "BON7",
    "BON8",
    "BON9",
    "BON10",
    "FAV1",
    "FAV2",
    "FAV3",
    "FAV4",
    "FAV5",
    "FAV6",
    "FAV7",
    "FAV8",
    "FAV9",
    "FAV10",
    "FAV11",
    "FAV12",
    "TW1",
    "TW2",
    "TW3",
    "TW4",
    "TW5",
    "TW6",
    "TW7",
    "TW8",
    # A faction's own action spaces
    "ACTA",
    "ACTC",
    "ACTE",
    "ACTG",
    "ACTN",
    "ACTS",
    "ACTW",
    "ACTH1",
    "ACTH2",
    "ACTH3",
    "ACTH4",
    "ACTH5",
    "ACTH6",
]


RESOURCES: Final[tuple[Resource, ...]] = get_args(Resource)  # nested Literals come flattened
RESOURCE_SET: Final = frozenset(RESOURCES)
FACTION_ACTIONS: Final = frozenset(n for n in RESOURCES if n.startswith("ACT"))


@dataclass(slots=True)
class Pending:
    """Effects granted and not yet used, each a count (the reference engine's name in
    capitals beside it). Most must be settled before the turn can end."""

    spade: int = 0  # SPADE
    cult: int = 0  # CULT: steps to place on a cult track of the faction's choice
    lose_cult: int = 0  # LOSE_CULT
    gain_favor: int = 0  # GAIN_FAVOR
    gain_tw: int = 0  # GAIN_TW
    free_tf: int = 0  # FREE_TF
    free_tp: int = 0  # FREE_TP
    free_d: int = 0  # FREE_D
    volcano_tf: int = 0  # VOLCANO_TF
    pick_color: int = 0  # PICK_COLOR
    bridge: int = 0  # BRIDGE
    convert_w_to_p: int = 0  # CONVERT_W_TO_P
    gain_p3_for_vp: int = 0  # GAIN_P3_FOR_VP
    unlock_terrain: int = 0  # UNLOCK_TERRAIN
    # Conditions on the effect being used, cleared with it.
    teleport_no_tf: int = 0  # TELEPORT_NO_TF
    tf_need_hex_adjacency: int = 0  # TF_NEED_HEX_ADJACENCY
    cults_on_same_track: int = 0  # CULTS_ON_SAME_TRACK

    def any_to_settle(self) -> bool:
        """Is anything left that the end of a turn must look at?"""
        return bool(
            self.pick_color
            or self.spade
            or self.free_tf
            or self.volcano_tf
            or self.lose_cult
            or self.free_tp
            or self.free_d
            or self.cult
            or self.gain_favor
            or self.gain_tw
            or self.bridge
            or self.convert_w_to_p
            or self.gain_p3_for_vp
            or self.unlock_terrain
        )


@dataclass(slots=True)
class Limits:
    """Lasting numbers of a faction, changed by tiles, buildings and its board."""

    town_size: int = 7  # TOWN_SIZE: power of buildings a town needs
    max_p: int = 7  # MAX_P: priests the faction can still have (sent ones are gone)
    cult_p: int = 0  # CULT_P: priests sent to the cults (round scoring counts them)
    bridge_count: int = 3  # BRIDGE_COUNT: bridges left to place
    allow_shapeshift: int = 0  # ALLOW_SHAPESHIFT
    priest_cult_bonus: int = 0  # PRIEST_CULT_BONUS: extra steps for a priest sent
    tunnel_range: int = 0
    tunnel_max_range: int = 0
    carpet_range: int = 0
    carpet_max_range: int = 0

    def teleport_range(self, kind: str) -> int:
        """Range of the ``tunnel`` or ``carpet`` teleport track."""
        return self.tunnel_range if kind == "tunnel" else self.carpet_range


def _engine_name(attr: str) -> str:
    # The reference engine spells effects in capitals, ranges in lower case.
    return attr if attr.endswith("range") else attr.upper()


PENDING_NAMES: Final[dict[str, str]] = {_engine_name(f.name): f.name for f in fields(Pending)}
"""Reference-engine name → :class:`Pending` attribute."""
LIMIT_NAMES: Final[dict[str, str]] = {_engine_name(f.name): f.name for f in fields(Limits)}
"""Reference-engine name → :class:`Limits` attribute."""

OPERATIONS: Final = frozenset(
    ("PW", "PW_TOKEN", "LOSE_PW_TOKEN", "GAIN_SHIP", "GAIN_TELEPORT", "GAIN_ACTION")
)
"""Names a gain or cost may use that are acts, not holdings: power moved between
bowls, tokens lost, a track or an extra action gained."""

# Built from frozensets: a set | dict keys is a set, whatever the annotation says
# (and a compiled build checks that it is what mypy infers).
HELD: Final = RESOURCE_SET | frozenset(PENDING_NAMES) | frozenset(LIMIT_NAMES)
"""Every name a faction has a count of."""
NAMES: Final = HELD | OPERATIONS
"""Every name a gain, cost or ``+N X`` may use."""

_ABILITIES: Final = frozenset(("allow_reuse",))
"""Keys of a gain that grant an ability rather than a count."""


def check_names(where: str, bundles: Iterable[Mapping[str, object]]) -> None:
    """Fail at import if a data table names something the engine does not hold."""
    for bundle in bundles:
        unknown = set(bundle) - NAMES - _ABILITIES
        if unknown:
            raise ValueError(f"{where}: unknown resources {sorted(unknown)} in {dict(bundle)}")


def take_from_pool(pool: dict[str, int] | None, kind: str, delta: int) -> None:
    """Take ``delta`` of ``kind`` from the game's pool (every gain does)."""
    if pool is None or kind not in pool or pool[kind] < delta:
        raise IllegalMove(f"no {kind} left in the pool")
    pool[kind] -= delta
