"""The parts of a Rootlog action: things (pieces, cards, items, board slots,
paths), locations, and the sides of a move. Each prints back as written.

>>> str(Piece("C", "b", ("s",))), str(Card((("F", 2), ("M", 1)), grouped=True))
('Cb_s', '(2F+M)#')
>>> str(Side(Piece(None, "w"), count=3, start=Location("clearing", "10")))
'3w10'
"""

from __future__ import annotations

from dataclasses import dataclass

FACTIONS = {
    "C": "Marquise de Cat",
    "E": "Eyrie Dynasties",
    "A": "Woodland Alliance",
    "V": "Vagabond",
    "G": "2nd Vagabond",
    "L": "Lizard Cult",
    "O": "Riverfolk Company",
    "D": "Underground Duchy",
    "P": "Corvid Conspiracy",
    "H": "Lord of the Hundreds",
    "K": "Keepers in Iron",
}
"""Faction letters (spec "Factions")."""


@dataclass(frozen=True)
class Piece:
    """``[owner]<type>[_<sub>...]``: ``w``, ``Cb_s``, ``t_3_j``, ``h_Ow``."""

    owner: str | None
    kind: str
    """``w`` warrior, ``p`` pawn, ``b`` building, ``t`` token, ``f`` ferry."""
    sub: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.owner or ''}{self.kind}{''.join('_' + s for s in self.sub)}"


@dataclass(frozen=True)
class Card:
    """``[suit]#[name]`` or ``(2F+M)#[name]``; ``suits`` holds (suit, count)."""

    suits: tuple[tuple[str, int], ...] = ()
    name: str | None = None
    grouped: bool = False
    """Written as a suit group ``(...)#``."""

    def __str__(self) -> str:
        if self.grouped:
            inner = "+".join(f"{n if n != 1 else ''}{s}" for s, n in self.suits)
            head = f"({inner})"
        else:
            head = "".join(s for s, _ in self.suits)
        return f"{head}#{self.name or ''}"


@dataclass(frozen=True)
class Item:
    """``%<type>``; ``_`` stands for all items at the start."""

    kind: str

    def __str__(self) -> str:
        return f"%{self.kind}"


@dataclass(frozen=True)
class Slot:
    """A space on a faction board: ``$_h`` (a price), ``V$_E`` (a relationship),
    ``$_r`` (a decree column), ``$_2`` (a retinue column), ``$_`` (all of them)."""

    owner: str | None
    key: str

    def __str__(self) -> str:
        return f"{self.owner or ''}$_{self.key}"


@dataclass(frozen=True)
class Path:
    """``<lo>_<hi>``: the path between two clearings."""

    low: int
    high: int

    def __str__(self) -> str:
        return f"{self.low}_{self.high}"


@dataclass(frozen=True)
class Hireling:
    """``h_<type>[d]``: a hireling (``d``: demoted)."""

    kind: str
    demoted: bool = False

    def __str__(self) -> str:
        return f"h_{self.kind}{'d' if self.demoted else ''}"


Thing = Piece | Card | Item | Slot | Path


@dataclass(frozen=True)
class Location:
    """Where things start or go, kept as written; ``kind`` says which it is."""

    kind: str
    """``clearing`` (1-12, or 0 the Duchy's Burrow), ``forest`` (2_7_10, or a path
    5_9: the Keepers' relics, Highway Bandits), ``hand`` (C), ``board`` ($, O$,
    A$4: hireling control markers), ``slot`` ($_r, V$_E, $_2), ``discard`` (*),
    ``quests`` (Q), ``suit`` (M: the value of an outcast slot), ``item`` (s, d,
    t, r, e, de ...: a Vagabond's item area and state) or ``relation`` (h, a: a
    relationship's value)."""
    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def clearing(self) -> int | None:
        return int(self.text) if self.kind == "clearing" else None


@dataclass(frozen=True)
class Side:
    """One side of a move: ``[n]<thing>[start]``."""

    thing: Thing
    count: int | None = None
    """As written (None: not written, which means one)."""
    start: Location | None = None

    @property
    def number(self) -> int:
        return 1 if self.count is None else self.count

    def __str__(self) -> str:
        count = "" if self.count is None else str(self.count)
        return f"{count}{self.thing}{self.start or ''}"


@dataclass(frozen=True)
class Group:
    """``([n]x+[n]y)[start]``: things moved together from one start."""

    members: tuple[Side, ...]
    start: Location | None = None

    def __str__(self) -> str:
        return f"({'+'.join(map(str, self.members))}){self.start or ''}"

    def sides(self) -> tuple[Side, ...]:
        """The members, each with the group's start."""
        return tuple(Side(m.thing, m.count, m.start or self.start) for m in self.members)
