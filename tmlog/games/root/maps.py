"""The four Root maps (Fall, Winter, Lake, Mountain) as immutable facts.

Clearings are numbered 1-12 as in the Law of Rootbotics map diagrams, the
numbering Rootlog uses (``Vagabottos/Rootlog:Rootlog_V2.md`` § Clearings).
Corners are clearings 1-4 on every map.

Sources, cited by tag next to each fact:

* **LoR**: the Law of Root (seed ``002_*``; English text of the variant-map
  section C at therootdatabase.com/law/variant-maps/en).
* **RN**: ``bvs7/RootNote:RootNote/data/board_defaults/<Map>_board_default.json``
  @51066bee25eab6a6657f412b1e70b944f1e76da7 (suits, free slots, ruins, paths,
  rivers, closed paths, forests).
* **MS**: ``BarbarianMatt/Root-Map-Setup:src/app/rootlog.static.ts``
  @86634abcdcd58e55937318a40036c0591ac3a445 (``mapData``: total slots, ruins,
  adjacency, river clearings, opposite corners; ``pathPositions``;
  ``forestPositions``) and ``src/app/map.service.ts`` (the Pass is clearing 10).
* **RV**: ``Vagabottos/RootVis:src/app/rootlog.static.ts``
  @5efeaa8dd30b5aa70216ed1526251a0e16bafdbf (``forestPositions``).
* **RP**: ``Vagabottos/RootlogParser:src/parsers/rootlog.ts``
  @a13ceec958a7a36539515331066955c159252d2a (default Fall suits).
* **RL**: the games in ``Vagabottos/Rootlog:Games/``
  @35d3d80bb8c2c439e25c4cc897fb55dcc609efb2 (setup lines, closed paths removed).

Where the sources disagree the comment at the fact says so and which one was
kept (the rulebook's reading when it decides the question).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

CLEARINGS = range(1, 13)
"""Every map has twelve clearings, numbered 1-12."""

Path = tuple[int, int]
"""A path, river or closed path: its two clearings, lower number first."""

Forest = frozenset[int]
"""A forest, named by the clearings that touch it (LoR 2.4.1)."""

Location = int | Forest | str
"""Where pieces stand: a clearing (0 = the Burrow), a forest, or a box such as ``"A$"``."""


class Suit(enum.Enum):
    """Card and clearing suits, by their Rootlog letter (Rootlog_V2.md § Suits)."""

    BIRD = "B"
    """Cards only: no clearing is a bird clearing (LoR 2.2.2)."""
    FOX = "F"
    MOUSE = "M"
    RABBIT = "R"


CLEARING_SUITS = (Suit.FOX, Suit.MOUSE, Suit.RABBIT)
"""The suits a clearing can have (LoR 2.2.2)."""


def path(a: int, b: int) -> Path:
    """The path between ``a`` and ``b``, whichever order they are given in."""
    return (a, b) if a < b else (b, a)


def forest_name(forest: Iterable[int]) -> str:
    """Rootlog's name for a forest: its clearings in ascending order joined by ``_``."""
    return "_".join(str(c) for c in sorted(forest))


def _paths(text: str) -> frozenset[Path]:
    pairs = (item.split("-") for item in text.split())
    return frozenset(path(int(a), int(b)) for a, b in pairs)


def _forests(text: str) -> tuple[Forest, ...]:
    return tuple(frozenset(int(c) for c in name.split("_")) for name in text.split())


@dataclass(frozen=True)
class RootMap:
    """One map: its clearings, paths, rivers, forests and special features.

    ``slots`` counts every building slot of a clearing, ruined ones included
    (LoR 2.2.3, 2.2.4); ``slots[0]`` is clearing 1.
    """

    name: str
    slots: tuple[int, ...]
    ruins: frozenset[int]
    paths: frozenset[Path]
    rivers: frozenset[Path]
    forests: tuple[Forest, ...]
    opposite_corners: tuple[Path, Path]
    printed_suits: tuple[Suit, ...] | None = None
    closed_paths: frozenset[Path] = frozenset()
    river_divides_forests: bool = False
    coastal: frozenset[int] = frozenset()
    coastal_forests: frozenset[Forest] = frozenset()
    ferry_start: int | None = None
    tower: int | None = None
    _by_name: Mapping[str, Forest] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name = {forest_name(f): f for f in self.forests}
        object.__setattr__(self, "_by_name", MappingProxyType(by_name))

    @property
    def clearings(self) -> range:
        """The clearing numbers, 1-12."""
        return CLEARINGS

    def slots_of(self, clearing: int) -> int:
        """All building slots of ``clearing``, a ruined one included."""
        return self.slots[clearing - 1]

    def neighbours(
        self, clearing: int, *, rivers: bool = False, opened: Iterable[Path] = ()
    ) -> frozenset[int]:
        """Clearings adjacent to ``clearing`` (LoR 2.2.1).

        ``rivers`` counts rivers as paths (the Riverfolk, LoR 11.2.2, or a
        buyer of riverboats, 11.2.7.II). A closed path links nothing
        (LoR C.3.2) unless it is in ``opened`` (removed, LoR C.3.3).
        """
        links = set(self.paths) | (self.closed_paths & set(opened))
        if rivers:
            links |= self.rivers
        return frozenset(b if a == clearing else a for a, b in links if clearing in (a, b))

    def adjacent(
        self, a: int, b: int, *, rivers: bool = False, opened: Iterable[Path] = ()
    ) -> bool:
        """Whether clearings ``a`` and ``b`` are adjacent (see :meth:`neighbours`)."""
        return b in self.neighbours(a, rivers=rivers, opened=opened)

    def river_linked(self, a: int, b: int) -> bool:
        """Whether a river (or the lake, LoR C.2.2) links ``a`` and ``b``."""
        return path(a, b) in self.rivers

    def opposite(self, clearing: int) -> int | None:
        """The corner diagonally opposite ``clearing``, or None if it is no corner."""
        for a, b in self.opposite_corners:
            if clearing == a:
                return b
            if clearing == b:
                return a
        return None

    def forest(self, name: str) -> Forest:
        """The forest Rootlog names ``name`` (e.g. ``"2_7_10"``); KeyError if none."""
        return self._by_name[name]

    def _dividers(self) -> frozenset[Path]:
        # Closed paths divide forests like paths (LoR C.3.2); so does the
        # Winter river (LoR C.1.1). Other rivers do not (LoR 2.3).
        out = self.paths | self.closed_paths
        return out | self.rivers if self.river_divides_forests else out

    def forests_adjacent(self, f: Forest, g: Forest) -> bool:
        """Whether two forests are separated by exactly one printed path (LoR 2.4.1).

        Two faces of the map are separated by one path when both touch the
        path's two clearings. On the Lake, coastal forests are adjacent to
        the two coastal forests beside them (LoR C.2.4).
        """
        if f == g:
            return False
        shared = f & g
        if any(a in shared and b in shared for a, b in self._dividers()):
            return True
        return f in self.coastal_forests and g in self.coastal_forests and bool(shared)


# Fall ("Autumn" in RN). The only map with printed suits: Rootlog_V2.md says
# `Clearings:` is "Omitted only on the Fall map".
FALL = RootMap(
    name="Fall",
    # RN `suit` and RP's default list agree: F M R R R F M F M R M F.
    printed_suits=tuple(Suit(s) for s in "FMRRRFMFMRMF"),
    # MS `slots` (ruined slot included) = RN `slots` (free slots) + 1 where RN
    # `ruin` is true; the two agree on every clearing of every map.
    slots=(1, 2, 1, 1, 2, 2, 2, 2, 2, 2, 3, 2),
    ruins=frozenset({6, 10, 11, 12}),  # RN `ruin`, MS `ruins`
    # RN `paths` (PATH) = MS `pathPositions`. MS `mapData.adjacent` also lists
    # 8 for clearing 12 and leaves 10 out; both are one-sided (clearing 8 does
    # not list 12, clearing 10 lists 12), so MS adjacency has a slip there and
    # RN + MS pathPositions are kept. Forest 4_7_8_12 (RN, RV) confirms 8-12
    # is no path.
    paths=_paths(
        "1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12"
    ),
    # RN RIVER entries; MS `river` flags the same clearings 4 5 7 10 11.
    rivers=_paths("4-7 5-10 7-11 10-11"),
    # RN `forests` = RV `forestPositions` keys (7 forests).
    forests=_forests("1_2_5_10 1_9_10_12 2_6_10_11_12 3_7_11_12 3_6_11 4_9_12 4_7_8_12"),
    # MS `opposite`; RL orderly_eyrie: keep in 4, garrison skips 2, Eyrie in 2
    # (LoR 6.3.3, 7.3.2).
    opposite_corners=((1, 3), (2, 4)),
)

WINTER = RootMap(
    name="Winter",
    slots=(1, 1, 2, 2, 2, 2, 1, 2, 2, 1, 3, 3),  # MS; RN + ruins agree
    ruins=frozenset({8, 9, 11, 12}),  # RN, MS
    paths=_paths("1-5 1-10 1-11 2-6 2-7 2-12 3-7 3-8 3-12 4-9 4-10 4-11 5-6 8-9 8-12 9-11"),
    rivers=_paths("7-12 10-11 11-12"),  # RN; MS river flags 7 10 11 12
    # LoR C.1.1 "Raging River": the river divides forests as paths do. RV and
    # MS split the forests along it (8 forests, kept). RN merges 2_7_12 with
    # 3_7_12 and 1_10_11 with 4_10_11 across the river (6 forests), which is
    # the base rule 2.3 but not the Winter map's.
    river_divides_forests=True,
    forests=_forests("1_2_5_6_11_12 1_10_11 2_7_12 3_7_12 3_8_12 4_10_11 4_9_11 8_9_11_12"),
    opposite_corners=((1, 3), (2, 4)),  # MS `opposite`
)

LAKE = RootMap(
    name="Lake",
    slots=(2, 1, 1, 1, 3, 2, 1, 1, 1, 3, 3, 3),  # MS; RN + ruins agree
    ruins=frozenset({5, 10, 11, 12}),  # RN, MS
    paths=_paths("1-5 1-9 2-7 2-8 2-10 3-8 3-9 3-12 4-5 4-6 5-11 6-7 6-11 7-10 7-11 8-10 9-12"),
    # LoR C.2.2: the lake is treated as rivers linking each coastal clearing.
    # RN lists the six RIVER links among 1 10 11 12; MS flags those four.
    coastal=frozenset({1, 10, 11, 12}),
    rivers=_paths("1-10 1-11 1-12 10-11 10-12 11-12"),
    # RN = RV (9 forests). RN tags four with a 0 (the lake): the coastal
    # forests of LoR C.2.4.
    forests=_forests("1_9_12 1_5_11 2_7_10 2_8_10 3_8_10_12 3_9_12 4_5_6_11 6_7_11 7_10_11"),
    coastal_forests=frozenset(_forests("7_10_11 1_5_11 3_8_10_12 1_9_12")),
    # MS `opposite` pairs 1-2 and 3-4 here. RL r1g2: keep in 2, garrison skips
    # 1, Eyrie in 1; RL r2g3: keep in 4, garrison skips 3.
    opposite_corners=((1, 2), (3, 4)),
    # LoR C.2.1: the ferry starts in the corner clearing that is coastal;
    # clearing 1 is the only corner among the coastal ones.
    ferry_start=1,
)

MOUNTAIN = RootMap(
    name="Mountain",
    slots=(2, 2, 2, 2, 1, 1, 1, 1, 3, 2, 3, 3),  # MS; RN + ruins agree
    ruins=frozenset({9, 10, 11, 12}),  # RN, MS
    paths=_paths("1-8 1-9 2-6 2-11 3-6 3-11 4-8 4-12 5-10 5-11 7-12 9-10 9-12 10-11 10-12"),
    # LoR C.3.1: six closed paths. RN CLOSED entries = MS `closedAdjacent`, and
    # RL r1g3 (Mountain) removes exactly these six (`11_12->`, `2_5->`, ...).
    closed_paths=_paths("2-5 3-7 5-9 6-11 8-9 11-12"),
    rivers=_paths("2-10 4-10"),  # RN; MS river flags 2 4 10
    # RN (10 forests) = MS with its two commented-out entries left out. RV also
    # lists 1_5_9 and 4_7_12; no source has a 1-5 or 4-7 path, so those areas
    # reach the map edge and are not "enclosed by paths and clearings"
    # (LoR C.3.5). Euler's formula on 21 dividing paths gives 10 (see tests).
    forests=_forests(
        "5_9_10 2_5_11 4_8_9_12 3_6_11 10_11_12 9_10_12 1_8_9 5_10_11 3_7_11_12 2_6_11"
    ),
    opposite_corners=((1, 3), (2, 4)),  # MS; RL r1g3: keep in 1, garrison skips 3
    # LoR C.3.1: the tower goes in the central clearing showing two towers,
    # the Pass (C.3.4); MS map.service.ts places the Pass landmark at 10.
    tower=10,
)

MAPS: Mapping[str, RootMap] = MappingProxyType({m.name: m for m in (FALL, WINTER, LAKE, MOUNTAIN)})
"""The maps by the name Rootlog's ``Map:`` header gives."""


def suits_for(root_map: RootMap, given: Iterable[Suit] | None = None) -> tuple[Suit, ...]:
    """The suits of clearings 1-12: ``given`` (a ``Clearings:`` header) or the printed ones.

    Raises ValueError when neither is there, or when ``given`` is not twelve
    clearing suits.
    """
    if given is None:
        if root_map.printed_suits is None:
            raise ValueError(
                f"the {root_map.name} map has no printed suits: give a Clearings: line"
            )
        return root_map.printed_suits
    suits = tuple(given)
    if len(suits) != len(CLEARINGS) or any(s not in CLEARING_SUITS for s in suits):
        raise ValueError("clearing suits are twelve of fox, mouse and rabbit (LoR 2.2.2)")
    return suits
