"""Typed Rootlog actions. Each is a frozen dataclass that prints back as notation
(``str(action)``) and knows where it was written (``line``, ``column``; left out
of equality, so a reprinted and reparsed action equals the original).

>>> from tmlog.games.root.notation.atoms import Location
>>> str(Battle("E", "V", 4, ambushes=("B",), roll=(0, 2))), str(Score(None, 2))
('EXV4B@(0,2)', '++2')
>>> str(SetPrice((Slot(None, ""),), "3")), SetPrice((Slot(None, ""),), "3").kind
('$_->3', 'price')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from tmlog.games.root.notation.atoms import Group, Hireling, Location, Path, Piece, Side, Slot


@dataclass(frozen=True)
class Action:
    """Base of every action."""

    kind: ClassVar[str] = "action"
    line: int = field(default=0, compare=False, kw_only=True)
    column: int = field(default=0, compare=False, kw_only=True)


def _sides(sides: tuple[Side | Group, ...]) -> str:
    return "+".join(map(str, sides))


@dataclass(frozen=True)
class Move(Action):
    """``[n]<thing>[start]->[dest]`` with combined sides and destinations
    (place, remove, draw, discard, give, buy, pay, take from a ruin...)."""

    kind: ClassVar[str] = "move"
    sides: tuple[Side | Group, ...]
    dests: tuple[Location, ...] = ()

    def __str__(self) -> str:
        return f"{_sides(self.sides)}->{'+'.join(map(str, self.dests))}"

    def flat(self) -> tuple[Side, ...]:
        """Every side, a group's members with the group's start."""
        out: list[Side] = []
        for side in self.sides:
            out.extend(side.sides() if isinstance(side, Group) else (side,))
        return tuple(out)


@dataclass(frozen=True)
class ClosePath(Action):
    """``<lo>_<hi>->``: a closed path is removed."""

    kind: ClassVar[str] = "close_path"
    paths: tuple[Path, ...]

    def __str__(self) -> str:
        return "+".join(map(str, self.paths)) + "->"


@dataclass(frozen=True)
class Hire(Action):
    """``h_E->A$4``: a hireling goes to a faction (with control markers)."""

    kind: ClassVar[str] = "hire"
    hireling: Hireling
    board: Location

    def __str__(self) -> str:
        return f"{self.hireling}->{self.board}"


@dataclass(frozen=True)
class SetSlot(Action):
    """``<slot>[+<slot>]->[value]``: a board space set (a base for the forms below)."""

    kind: ClassVar[str] = "slot"
    slots: tuple[Slot, ...]
    value: str | None = None

    def __str__(self) -> str:
        return f"{'+'.join(map(str, self.slots))}->{self.value or ''}"


@dataclass(frozen=True)
class SetPrice(SetSlot):
    """Riverfolk ``$_[h|r|m]-><1-4>`` (no type: every price)."""

    kind: ClassVar[str] = "price"


@dataclass(frozen=True)
class SetFunds(SetSlot):
    """Riverfolk ``$_f-><n>``: funds left at the end of a turn."""

    kind: ClassVar[str] = "funds"


@dataclass(frozen=True)
class SetOutcast(SetSlot):
    """Lizard ``$_o-><suit>`` / ``$_ho-><suit>`` (hated outcast)."""

    kind: ClassVar[str] = "outcast"


@dataclass(frozen=True)
class SetRelationship(SetSlot):
    """Vagabond ``[V|G]$_<faction>-><h|0|1|2|a>``."""

    kind: ClassVar[str] = "relationship"


@dataclass(frozen=True)
class DiscardDecree(SetSlot):
    """Eyrie ``$_->``: the whole decree is discarded."""

    kind: ClassVar[str] = "discard_decree"


@dataclass(frozen=True)
class Battle(Action):
    """``[attacker]X<defender><clearing>[<suit>@[<suit>@]][(atk,def)]``."""

    kind: ClassVar[str] = "battle"
    attacker: str | None
    defender: str
    clearing: int
    ambushes: tuple[str, ...] = ()
    """Suits of the ambush cards: the defender's, then the attacker's."""
    roll: tuple[int, int] | None = None

    def __str__(self) -> str:
        ambush = "".join(f"{s}@" for s in self.ambushes)
        roll = f"({self.roll[0]},{self.roll[1]})" if self.roll else ""
        return f"{self.attacker or ''}X{self.defender}{self.clearing}{ambush}{roll}"


@dataclass(frozen=True)
class Reveal(Action):
    """``[n][card][F]^[F]``: cards (or a whole hand) shown to one or all."""

    kind: ClassVar[str] = "reveal"
    sides: tuple[Side | Group, ...] = ()
    revealer: str | None = None
    """Written before ``^`` when no card is (``V^O``)."""
    target: str | None = None

    def __str__(self) -> str:
        return f"{_sides(self.sides)}{self.revealer or ''}^{self.target or ''}"


@dataclass(frozen=True)
class Flip(Action):
    """``[P]t<cl>^t_<x>`` (a Corvid plot) or ``t<cl>^t_<n>_<type>`` (a Keepers relic)."""

    kind: ClassVar[str] = "flip"
    token: Side
    to: Piece

    def __str__(self) -> str:
        return f"{self.token}^{self.to}"


@dataclass(frozen=True)
class Craft(Action):
    """``Z<card name>`` or ``Z%<item>``."""

    kind: ClassVar[str] = "craft"
    card: str | None = None
    item: str | None = None

    def __str__(self) -> str:
        return f"Z{self.card}" if self.card is not None else f"Z%{self.item}"


@dataclass(frozen=True)
class Score(Action):
    """``[F]++[n]`` / ``[F]--[n]`` (n omitted: one)."""

    kind: ClassVar[str] = "score"
    faction: str | None
    points: int | None = None
    """As written (None: not written, which means one)."""
    loss: bool = False

    @property
    def delta(self) -> int:
        n = 1 if self.points is None else self.points
        return -n if self.loss else n

    def __str__(self) -> str:
        n = "" if self.points is None else str(self.points)
        return f"{self.faction or ''}{'--' if self.loss else '++'}{n}"


@dataclass(frozen=True)
class Dominance(Action):
    """``++-><F>$``: the VP marker leaves the track for a dominance card
    (own board) or a coalition (another faction's board)."""

    kind: ClassVar[str] = "dominance"
    board: Location

    def __str__(self) -> str:
        return f"++->{self.board}"

    @property
    def partner(self) -> str | None:
        """The faction whose board the marker goes to (None: the player's own)."""
        return self.board.text[:-1] or None


@dataclass(frozen=True)
class Expose(Action):
    """Corvid exposure ``?P<plot><cl>`` (also ``?Pt<cl>^<plot>``)."""

    kind: ClassVar[str] = "expose"
    corvid: str
    guess: Side
    flip: Piece | None = None

    def __str__(self) -> str:
        flip = f"^{self.flip}" if self.flip else ""
        return f"?{self.corvid}{self.guess}{flip}"


@dataclass(frozen=True)
class Trick(Action):
    """Corvid ``t<cl><->t<cl>``: two plots swap places."""

    kind: ClassVar[str] = "trick"
    first: Side
    second: Side

    def __str__(self) -> str:
        return f"{self.first}<->{self.second}"


ACTION_TYPES: tuple[type[Action], ...] = (
    Move,
    ClosePath,
    Hire,
    SetSlot,
    SetPrice,
    SetFunds,
    SetOutcast,
    SetRelationship,
    DiscardDecree,
    Battle,
    Reveal,
    Flip,
    Craft,
    Score,
    Dominance,
    Expose,
    Trick,
)
