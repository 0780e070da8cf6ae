"""The closed vocabularies of Terra Mystica logs.

Each member's value is the canonical spelling the reference engine
(terra.snellman.net) writes in its logs.
"""

from __future__ import annotations

import enum


class _Spelled(str, enum.Enum):
    """An enum whose value is its spelling in the log."""

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def parse(cls, text: str) -> _Spelled:
        """Look a member up by its spelling, case-insensitively."""
        try:
            return cls._lookup()[text.lower()]
        except KeyError:
            raise ValueError(f"unknown {cls.__name__.lower()} {text!r}") from None

    @classmethod
    def _lookup(cls) -> dict[str, _Spelled]:
        table: dict[str, _Spelled] | None = cls.__dict__.get("_table")
        if table is None:
            table = {m.value.lower(): m for m in cls}
            table.update({k.lower(): cls[v] for k, v in cls._aliases().items()})
            type.__setattr__(cls, "_table", table)
        return table

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {}


class Faction(_Spelled):
    """A faction, named as in the reference engine."""

    ALCHEMISTS = "alchemists"
    AUREN = "auren"
    CHAOSMAGICIANS = "chaosmagicians"
    CULTISTS = "cultists"
    DARKLINGS = "darklings"
    DWARVES = "dwarves"
    ENGINEERS = "engineers"
    FAKIRS = "fakirs"
    GIANTS = "giants"
    HALFLINGS = "halflings"
    MERMAIDS = "mermaids"
    NOMADS = "nomads"
    SWARMLINGS = "swarmlings"
    WITCHES = "witches"
    # Fire & Ice
    ICEMAIDENS = "icemaidens"
    YETIS = "yetis"
    ACOLYTES = "acolytes"
    DRAGONLORDS = "dragonlords"
    SHAPESHIFTERS = "shapeshifters"
    RIVERWALKERS = "riverwalkers"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        # The reference engine rewrites the playtest name before parsing.
        return {"dragonmasters": "DRAGONLORDS"}


class Terrain(_Spelled):
    """A terrain colour; the first seven form the terraforming wheel in order."""

    YELLOW = "yellow"
    BROWN = "brown"
    BLACK = "black"
    BLUE = "blue"
    GREEN = "green"
    GRAY = "gray"
    RED = "red"
    ICE = "ice"
    VOLCANO = "volcano"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"grey": "GRAY"}


class Building(_Spelled):
    """A building type: dwelling, trading post, temple, stronghold, sanctuary."""

    D = "D"
    TP = "TP"
    TE = "TE"
    SH = "SH"
    SA = "SA"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {
            "dwelling": "D",
            "trading post": "TP",
            "temple": "TE",
            "stronghold": "SH",
            "sanctuary": "SA",
        }


class Cult(_Spelled):
    """A cult track."""

    FIRE = "FIRE"
    WATER = "WATER"
    EARTH = "EARTH"
    AIR = "AIR"


class Resource(_Spelled):
    """A countable resource a faction holds or pays."""

    VP = "VP"
    C = "C"
    W = "W"
    P = "P"
    PW = "PW"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {
            "priest": "P",
            "priests": "P",
            "power": "PW",
            "worker": "W",
            "workers": "W",
            "coin": "C",
            "coins": "C",
        }


class Pseudo(_Spelled):
    """Pseudo-resources of the reference engine: pending effects one can adjust.

    For example ``-SPADE`` throws a spade away, ``+P3`` is a power token
    gained straight into bowl III.
    """

    SPADE = "SPADE"
    BRIDGE = "BRIDGE"
    KEY = "KEY"
    CULT = "CULT"
    P1 = "P1"
    P2 = "P2"
    P3 = "P3"
    PW_TOKEN = "PW_TOKEN"
    FREE_TF = "FREE_TF"
    FREE_TP = "FREE_TP"
    FREE_D = "FREE_D"
    VOLCANO_TF = "VOLCANO_TF"
    TELEPORT_NO_TF = "TELEPORT_NO_TF"
    TF_NEED_HEX_ADJACENCY = "TF_NEED_HEX_ADJACENCY"
    LOSE_CULT = "LOSE_CULT"
    LOSE_PW_TOKEN = "LOSE_PW_TOKEN"
    GAIN_FAVOR = "GAIN_FAVOR"
    GAIN_SHIP = "GAIN_SHIP"
    GAIN_TW = "GAIN_TW"
    GAIN_ACTION = "GAIN_ACTION"
    PICK_COLOR = "PICK_COLOR"
    CONVERT_W_TO_P = "CONVERT_W_TO_P"
    TOWN_SIZE = "TOWN_SIZE"
    PRIEST_CULT_BONUS = "PRIEST_CULT_BONUS"
    CULTS_ON_SAME_TRACK = "CULTS_ON_SAME_TRACK"
    UNLOCK_TERRAIN = "UNLOCK_TERRAIN"
    MAX_P = "MAX_P"
    ALLOW_SHAPESHIFT = "ALLOW_SHAPESHIFT"
    GAIN_P3_FOR_VP = "GAIN_P3_FOR_VP"


class Tile(_Spelled):
    """A bonus (BON), favor (FAV), town (TW) or round-scoring (SCORE) tile."""

    BON1 = "BON1"
    BON2 = "BON2"
    BON3 = "BON3"
    BON4 = "BON4"
    BON5 = "BON5"
    BON6 = "BON6"
    BON7 = "BON7"
    BON8 = "BON8"
    BON9 = "BON9"
    BON10 = "BON10"
    FAV1 = "FAV1"
    FAV2 = "FAV2"
    FAV3 = "FAV3"
    FAV4 = "FAV4"
    FAV5 = "FAV5"
    FAV6 = "FAV6"
    FAV7 = "FAV7"
    FAV8 = "FAV8"
    FAV9 = "FAV9"
    FAV10 = "FAV10"
    FAV11 = "FAV11"
    FAV12 = "FAV12"
    TW1 = "TW1"
    TW2 = "TW2"
    TW3 = "TW3"
    TW4 = "TW4"
    TW5 = "TW5"
    TW6 = "TW6"
    TW7 = "TW7"
    TW8 = "TW8"
    SCORE1 = "SCORE1"
    SCORE2 = "SCORE2"
    SCORE3 = "SCORE3"
    SCORE4 = "SCORE4"
    SCORE5 = "SCORE5"
    SCORE6 = "SCORE6"
    SCORE7 = "SCORE7"
    SCORE8 = "SCORE8"
    SCORE9 = "SCORE9"

    @property
    def kind(self) -> str:
        """``BON``, ``FAV``, ``TW`` or ``SCORE``."""
        return self.value.rstrip("0123456789")

    @property
    def number(self) -> int:
        return int(self.value[len(self.kind) :])


class ActionSpace(_Spelled):
    """A power action (ACT1–6) or a faction's own action space."""

    ACT1 = "ACT1"
    ACT2 = "ACT2"
    ACT3 = "ACT3"
    ACT4 = "ACT4"
    ACT5 = "ACT5"
    ACT6 = "ACT6"
    ACTA = "ACTA"
    ACTE = "ACTE"
    ACTG = "ACTG"
    ACTS = "ACTS"
    ACTN = "ACTN"
    ACTW = "ACTW"
    ACTC = "ACTC"
    ACTH1 = "ACTH1"
    ACTH2 = "ACTH2"
    ACTH3 = "ACTH3"
    ACTH4 = "ACTH4"
    ACTH5 = "ACTH5"
    ACTH6 = "ACTH6"


class Track(_Spelled):
    """An advancement track on the faction board."""

    SHIP = "ship"
    DIG = "dig"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"shipping": "SHIP", "digging": "DIG"}


class IncomeKind(_Spelled):
    """Which part of the income an engine row pays."""

    CULT = "cult"
    OTHER = "other"
    ALL = "all"
