"""Root factions, their pieces and supply limits, and the items.

Letters are Rootlog's (``Vagabottos/Rootlog:Rootlog_V2.md`` § Factions, Piece
Types and Special Faction Syntax): a piece is written ``<kind>[_<sub>]``, so
``b_s`` is a Marquise sawmill and ``t_k`` the keep. Limits come from each
faction's setup in the Law of Root (seed ``002_*``: base game and Riverfolk;
therootdatabase.com/law for the Corvids). A limit of None means the number
was not verified from a source, so the supply of that piece is not checked:
those factions are followed at the piece level only.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


class Faction(enum.Enum):
    """The factions, by their Rootlog letter."""

    MARQUISE = "C"
    EYRIE = "E"
    ALLIANCE = "A"
    VAGABOND = "V"
    VAGABOND2 = "G"
    """The second Vagabond (LoR 9.8, Riverfolk expansion)."""
    LIZARDS = "L"
    RIVERFOLK = "O"
    DUCHY = "D"
    CORVIDS = "P"
    HUNDREDS = "H"
    KEEPERS = "K"

    @property
    def is_vagabond(self) -> bool:
        """Whether this faction is one of the two Vagabonds."""
        return self in (Faction.VAGABOND, Faction.VAGABOND2)


class Kind(enum.Enum):
    """Piece kinds, by their Rootlog letter (Rootlog_V2.md § Piece Types)."""

    WARRIOR = "w"
    PAWN = "p"
    BUILDING = "b"
    TOKEN = "t"


@dataclass(frozen=True)
class PieceType:
    """One kind of faction piece: its Rootlog code, name and the pool its limit counts in.

    Pieces that share a pool share one limit: the Lizards' 15 gardens of
    three suits, the Riverfolk's 9 trade posts, the Corvids' 8 plot tokens
    whichever side is up.
    """

    code: str
    name: str
    pool: str = ""

    def __post_init__(self) -> None:
        if not self.pool:
            object.__setattr__(self, "pool", self.code)

    @property
    def kind(self) -> Kind:
        """Warrior, pawn, building or token: the code's first letter."""
        return Kind(self.code[0])


@dataclass(frozen=True)
class FactionSpec:
    """What a faction owns: its pieces and how many of each pool the box holds."""

    faction: Faction
    name: str
    pieces: Mapping[str, PieceType]
    limits: Mapping[str, int | None]
    """Pieces per pool (None: not verified, not checked)."""
    code_limits: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """Limits on single codes inside a pool (the Corvids' two plots of each type)."""
    leave_game: frozenset[str] = frozenset()
    """Codes that go back to the box, not the supply, when removed."""
    open_codes: bool = False
    """Whether codes not listed are accepted as they come (factions outside the seed)."""
    crafting: frozenset[str] = frozenset()
    """Its crafting pieces (LoR 4.1.1), each worth its clearing's suit once a turn
    (none: the faction crafts otherwise, as the Vagabond does, and is not checked)."""
    # Faction rules that change the shared rules, as traits (no code asks a
    # faction's name for them).
    wins_ties: bool = False
    """It rules a clearing where rule is tied and it has pieces that count (the
    Eyrie's Lords of the Forest, LoR 7.2.2)."""
    gardens_rule: bool = False
    """Its buildings rule their clearing whatever else stands there (the Lizards'
    gardens, Pilgrims, LoR 10.2.4)."""
    swims: bool = False
    """Rivers are paths to it, and it moves along one whoever rules (the
    Riverfolk, LoR 11.2.2)."""
    turmoil: bool = False
    """It loses points on its own turn only in turmoil (the Eyrie, LoR 7.7.1)."""
    revenge: bool = False
    """Its warriors removed in defence become acolytes (the Lizards, LoR 10.2.5)."""
    track: str = ""
    """The codes (by their start) whose placement on the map uncovers a space of
    its scoring track: the Marquise's buildings ``b_``, the Alliance's sympathy
    ``t``, the Riverfolk's trade posts ``t_`` (the source: ``scoring.TRACK_SOURCE``)."""

    def piece(self, code: str) -> PieceType | None:
        """The piece type written ``code``, or None when the faction has none."""
        found = self.pieces.get(code)
        if found is None and self.open_codes and code[:1] in {k.value for k in Kind}:
            return PieceType(code, code)
        return found

    def limit(self, pool: str) -> int | None:
        """How many pieces of ``pool`` the faction owns, or None when unchecked."""
        return self.limits.get(pool)


def _spec(
    faction: Faction,
    name: str,
    pieces: list[tuple[PieceType, int | None]],
    **extra: object,
) -> FactionSpec:
    limits: dict[str, int | None] = {}
    for piece, count in pieces:
        limits.setdefault(piece.pool, count)
    return FactionSpec(
        faction,
        name,
        MappingProxyType({p.code: p for p, _ in pieces}),
        MappingProxyType(limits),
        **extra,  # type: ignore[arg-type]
    )


_SUITED = (("f", "fox"), ("r", "rabbit"), ("m", "mouse"))

MARQUISE = _spec(
    Faction.MARQUISE,
    "Marquise de Cat",
    [
        (PieceType("w", "warrior"), 25),  # LoR 6.3.1: 25 warriors
        (PieceType("t", "wood"), 8),  # LoR 6.3.1: 8 wood tokens
        (PieceType("t_k", "keep"), 1),  # LoR 6.3.2: the keep token
        # LoR 6.3.4-6.3.5: one of each placed, five more of each on the tracks.
        (PieceType("b_s", "sawmill"), 6),
        (PieceType("b_w", "workshop"), 6),
        (PieceType("b_r", "recruiter"), 6),
    ],
    crafting=frozenset({"b_w"}),  # workshops
    leave_game=frozenset({"t_k"}),  # LoR 6.2.2: a removed keep returns to the box
    track="b_",
)

EYRIE = _spec(
    Faction.EYRIE,
    "Eyrie Dynasties",
    [
        (PieceType("w", "warrior"), 20),  # LoR 7.3.1: 20 warriors
        # LoR 7.3.2 places 1 roost, 7.3.5 puts the 6 others on the track.
        # Rootlog writes a roost as a bare `b` (`E:b+6w->1`).
        (PieceType("b", "roost"), 7),
    ],
    crafting=frozenset({"b"}),  # roosts
    wins_ties=True,
    turmoil=True,
)

ALLIANCE = _spec(
    Faction.ALLIANCE,
    "Woodland Alliance",
    [
        (PieceType("w", "warrior"), 10),  # LoR 8.3.1: 10 warriors
        # LoR 8.3.2: 3 bases on their matching spaces, one per suit (8.4.1.I).
        *((PieceType(f"b_{s}", f"{n} base"), 1) for s, n in _SUITED),
        (PieceType("t", "sympathy"), 10),  # LoR 8.2.5, 8.3.3: 10 sympathy tokens
    ],
    crafting=frozenset({"t"}),  # sympathy tokens
    track="t",
)


def _vagabond(faction: Faction, name: str) -> FactionSpec:
    # LoR 9.3.2: one pawn; 9.2.2: it is no warrior and never leaves the map.
    return _spec(faction, name, [(PieceType("p", "pawn"), 1)])


VAGABOND = _vagabond(Faction.VAGABOND, "Vagabond")
VAGABOND2 = _vagabond(Faction.VAGABOND2, "Second Vagabond")

LIZARDS = _spec(
    Faction.LIZARDS,
    "Lizard Cult",
    [
        (PieceType("w", "warrior"), 25),  # LoR 10.3.1: 25 warriors
        # LoR 10.3.2 places 1 garden, 10.3.4 the 14 others on the tracks: 15.
        # The split per suit is not in the text, so the limit is on all 15.
        *((PieceType(f"b_{s}", f"{n} garden", pool="b"), 15) for s, n in _SUITED),
    ],
    crafting=frozenset(f"b_{s}" for s, _ in _SUITED),  # gardens
    gardens_rule=True,
    revenge=True,
)

RIVERFOLK = _spec(
    Faction.RIVERFOLK,
    "Riverfolk Company",
    [
        (PieceType("w", "warrior"), 15),  # LoR 11.3.1: 15 warriors
        # LoR 11.3.3: 9 trade posts on the tracks (split per suit not stated).
        *((PieceType(f"t_{s}", f"{n} trade post", pool="t"), 9) for s, n in _SUITED),
    ],
    # LoR 11.2.5.I: a removed trade post returns to the box.
    leave_game=frozenset(f"t_{s}" for s, _ in _SUITED),
    crafting=frozenset(f"t_{s}" for s, _ in _SUITED),  # trade posts
    swims=True,
    track="t_",
)

_PLOTS = (("b", "bomb"), ("s", "snare"), ("r", "raid"), ("e", "extortion"))

CORVIDS = _spec(
    Faction.CORVIDS,
    "Corvid Conspiracy",
    [
        # therootdatabase.com/law/corvid-conspiracy/en 13.3.1: 15 warriors and
        # 8 plot tokens; 13.2.2: two of each type. `t` is a facedown plot.
        (PieceType("w", "warrior"), 15),
        (PieceType("t", "facedown plot", pool="t"), 8),
        *((PieceType(f"t_{s}", f"{n} plot", pool="t"), 8) for s, n in _PLOTS),
    ],
    code_limits=MappingProxyType({f"t_{s}": 2 for s, _ in _PLOTS}),
)

DUCHY = _spec(
    Faction.DUCHY,
    "Underground Duchy",
    [
        # therootdatabase.com/expansion/underworld-expansion/law/en 12.3.1:
        # "Form supplies of 20 warriors and 3 tunnel tokens"; 12.3.4: 3 citadels
        # and 3 markets on the Buildings track.
        (PieceType("w", "warrior"), 20),
        (PieceType("b_c", "citadel"), 3),
        (PieceType("b_m", "market"), 3),
        # 12.2.4: with all three tunnels out, the Duchy may first take one off
        # the map to place it; Rootlog does not write that, so not checked.
        (PieceType("t", "tunnel"), None),
    ],
    open_codes=True,
)
# Outside the seed, Marauder expansion: no Law of Root text for these was found
# in the sources at hand (a third-party summary, tabletopprofessor.com, gives
# the Hundreds 20 warriors besides the warlord and 6 strongholds; the Keepers'
# numbers were not found at all), so pieces are tracked and supplies unchecked.
HUNDREDS = _spec(
    Faction.HUNDREDS,
    "Lord of the Hundreds",
    [(PieceType("w", "warrior"), None), (PieceType("w_w", "warlord"), None)],
    open_codes=True,
)
KEEPERS = _spec(
    Faction.KEEPERS, "Keepers in Iron", [(PieceType("w", "warrior"), None)], open_codes=True
)

FACTIONS: Mapping[Faction, FactionSpec] = MappingProxyType(
    {
        s.faction: s
        for s in (
            MARQUISE,
            EYRIE,
            ALLIANCE,
            VAGABOND,
            VAGABOND2,
            LIZARDS,
            RIVERFOLK,
            DUCHY,
            CORVIDS,
            HUNDREDS,
            KEEPERS,
        )
    }
)


class Item(enum.Enum):
    """Items, by their Rootlog letter (Rootlog_V2.md § Item Types)."""

    SWORD = "s"
    BAG = "b"
    COIN = "c"
    CROSSBOW = "x"
    HAMMER = "h"
    TEA = "t"
    TORCH = "r"
    BOOT = "f"
    CLUB = "u"


CRAFT_COST: Mapping[Item, tuple[str, int]] = MappingProxyType(
    {
        # What every card of the Standard and Exiles & Partisans decks that
        # makes the item costs (suit letter, crafting pieces): the three swords
        # (Sword, Foxfolk Steel, Arms Trader) 2 fox; the four bags 1 mouse; the
        # three coins cards 2 rabbit; Crossbow and Anvil 1 fox; Root Tea 1 mouse;
        # the three boots cards 1 rabbit.
        Item.SWORD: ("F", 2),
        Item.BAG: ("M", 1),
        Item.COIN: ("R", 2),
        Item.CROSSBOW: ("F", 1),
        Item.HAMMER: ("F", 1),
        Item.TEA: ("M", 1),
        Item.BOOT: ("R", 1),
    }
)
"""An item card's crafting cost (LoR 4.1.1): the same for every card of the item."""

ITEM_SUPPLY: Mapping[Item, int] = MappingProxyType(
    {
        # LoR 5.1.5. The seed keeps the counts "2, 2, 1, 1, 2, 2, 2" but lost the
        # item icons; the English text (therootdatabase.com/law/setup/en 5.1.5)
        # reads "2 boot, 2 bag, 1 crossbow, 1 hammer, 2 sword, 2 tea, 2 coin",
        # the same counts in the same order. A third-party transcript found in
        # the code index says 2 swords, 1 bag, 2 hammers instead; not kept.
        Item.BOOT: 2,
        Item.BAG: 2,
        Item.CROSSBOW: 1,
        Item.HAMMER: 1,
        Item.SWORD: 2,
        Item.TEA: 2,
        Item.COIN: 2,
    }
)
"""The item supply at the top of the map at the start of a game (12 items)."""
