"""Pending decisions: what the game waits for before it can move on.

One small record per kind, kept in ``game.action_required`` in the order the
reference engine keeps them (its ``action_required`` list of hashes, whose
``type`` is here the record's class). A slot set to ``None`` is a decision
taken while the list was being walked; :func:`turns.clear_empty` drops them.

Plain classes, not dataclasses: a compiled build compiles them (a game makes
a few hundred), where it would run a dataclass's generated methods as Python.
Each says its fields once, in :meth:`Decision.fields`, which equality and the
repr read.
"""

from __future__ import annotations


class Decision:
    """A decision the game waits for (the base of each kind)."""

    optional = False
    """An optional decision does not hold up the next phase."""

    def __init__(self, *, faction: str = "") -> None:
        self.faction = faction
        """The faction that must decide (set when the decision is required)."""

    def fields(self) -> tuple[tuple[str, object], ...]:
        """Name and value of each field, in order."""
        return (("faction", self.faction),)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return type(other) is type(self) and other.fields() == self.fields()

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={value!r}" for name, value in self.fields())
        return f"{type(self).__name__}({inner})"


class LeechOffer(Decision):
    """Power offered by a neighbour's building: accept (``leech``) or ``decline``."""

    def __init__(
        self,
        *,
        faction: str = "",
        from_faction: str,
        amount: int,
        actual: int,
        leech_id: int,
        tainted: str | None = None,
    ) -> None:
        self.faction = faction
        self.from_faction = from_faction
        self.amount = amount
        """The offer as built: the sum of the receiver's adjacent building strengths."""
        self.actual = actual
        """What the receiver's bowls can take of it."""
        self.leech_id = leech_id
        self.tainted = tainted
        """A command the answer came after when it should have come before."""

    def fields(self) -> tuple[tuple[str, object], ...]:
        return (
            ("faction", self.faction),
            ("from_faction", self.from_faction),
            ("amount", self.amount),
            ("actual", self.actual),
            ("leech_id", self.leech_id),
            ("tainted", self.tainted),
        )


class FullTurn(Decision):
    """The faction's turn: an action to take."""


class Transform(Decision):
    """Spades or a free terraforming to use."""

    def __init__(self, *, faction: str = "", amount: int | None = None) -> None:
        self.faction = faction
        self.amount = amount
        """Spades in hand; None for a free (or volcano) terraforming."""

    def fields(self) -> tuple[tuple[str, object], ...]:
        return (("faction", self.faction), ("amount", self.amount))


class _Counted(Decision):
    """A decision about so many of something (steps, tiles, tokens)."""

    def __init__(self, *, faction: str = "", amount: int) -> None:
        self.faction = faction
        self.amount = amount

    def fields(self) -> tuple[tuple[str, object], ...]:
        return (("faction", self.faction), ("amount", self.amount))


class LoseCult(_Counted):
    """Cult steps to give up, on one track (Acolytes' volcano)."""


class FreeUpgrade(Decision):
    """A free trading post to place (Swarmlings' action)."""


class PlaceDwelling(Decision):
    """A dwelling to place: in setup, or a free one (Witches' action)."""


class CultSteps(_Counted):
    """Cult steps to place on a track of the faction's choice."""


class FavorPick(_Counted):
    """Favor tiles to take."""


class TownPick(_Counted):
    """Town tiles to take."""


class BridgePlacement(Decision):
    """A bridge paid for, to place."""


class DarklingConvert(_Counted):
    """The Darklings' stronghold conversion of workers to priests, under ``strict-darkling-sh``."""

    optional = True


class GainToken(_Counted):
    """A token to gain for a price (Shapeshifters: ``gain P3 for VP``)."""


class UnlockTerrain(Decision):
    """Terrains to unlock (Riverwalkers)."""

    def __init__(self, *, faction: str = "", count: int) -> None:
        self.faction = faction
        self.count = count

    def fields(self) -> tuple[tuple[str, object], ...]:
        return (("faction", self.faction), ("count", self.count))


class PickColor(Decision):
    """A colour to choose (Fire & Ice factions)."""


class PickFaction(Decision):
    """A player still has to choose a faction."""


class PickBonus(Decision):
    """A bonus tile to take at the end of setup."""


class NotStarted(Decision):
    """Players are still missing."""


class GameOver(Decision):
    """Nothing more to decide: the game is over (or was aborted)."""

    def __init__(self, *, faction: str = "", aborted: bool = False) -> None:
        self.faction = faction
        self.aborted = aborted

    def fields(self) -> tuple[tuple[str, object], ...]:
        return (("faction", self.faction), ("aborted", self.aborted))
