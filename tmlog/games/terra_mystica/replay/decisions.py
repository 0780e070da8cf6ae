"""Pending decisions: what the game waits for before it can move on.

One small record per kind, kept in ``game.action_required`` in the order the
reference engine keeps them (its ``action_required`` list of hashes, whose
``type`` is here the record's class). A slot set to ``None`` is a decision
taken while the list was being walked; :func:`turns.clear_empty` drops them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(slots=True, kw_only=True)
class Decision:
    faction: str = ""
    """The faction that must decide (set when the decision is required)."""

    optional: ClassVar[bool] = False
    """An optional decision does not hold up the next phase."""


@dataclass(slots=True, kw_only=True)
class LeechOffer(Decision):
    """Power offered by a neighbour's building: accept (``leech``) or ``decline``."""

    from_faction: str
    amount: int
    """The offer as built: the sum of the receiver's adjacent building strengths."""
    actual: int
    """What the receiver's bowls can take of it."""
    leech_id: int
    tainted: str | None = None
    """A command the answer came after when it should have come before."""


@dataclass(slots=True, kw_only=True)
class FullTurn(Decision):
    """The faction's turn: an action to take."""


@dataclass(slots=True, kw_only=True)
class Transform(Decision):
    """Spades or a free terraforming to use."""

    amount: int | None = None
    """Spades in hand; None for a free (or volcano) terraforming."""


@dataclass(slots=True, kw_only=True)
class LoseCult(Decision):
    """Cult steps to give up, on one track (Acolytes' volcano)."""

    amount: int


@dataclass(slots=True, kw_only=True)
class FreeUpgrade(Decision):
    """A free trading post to place (Swarmlings' action)."""


@dataclass(slots=True, kw_only=True)
class PlaceDwelling(Decision):
    """A dwelling to place: in setup, or a free one (Witches' action)."""


@dataclass(slots=True, kw_only=True)
class CultSteps(Decision):
    """Cult steps to place on a track of the faction's choice."""

    amount: int


@dataclass(slots=True, kw_only=True)
class FavorPick(Decision):
    """Favor tiles to take."""

    amount: int


@dataclass(slots=True, kw_only=True)
class TownPick(Decision):
    """Town tiles to take."""

    amount: int


@dataclass(slots=True, kw_only=True)
class BridgePlacement(Decision):
    """A bridge paid for, to place."""


@dataclass(slots=True, kw_only=True)
class DarklingConvert(Decision):
    """The Darklings' stronghold conversion of workers to priests, under ``strict-darkling-sh``."""

    optional: ClassVar[bool] = True
    amount: int


@dataclass(slots=True, kw_only=True)
class GainToken(Decision):
    """A token to gain for a price (Shapeshifters: ``gain P3 for VP``)."""

    amount: int


@dataclass(slots=True, kw_only=True)
class UnlockTerrain(Decision):
    """Terrains to unlock (Riverwalkers)."""

    count: int


@dataclass(slots=True, kw_only=True)
class PickColor(Decision):
    """A colour to choose (Fire & Ice factions)."""


@dataclass(slots=True, kw_only=True)
class PickFaction(Decision):
    """A player still has to choose a faction."""


@dataclass(slots=True, kw_only=True)
class PickBonus(Decision):
    """A bonus tile to take at the end of setup."""


@dataclass(slots=True, kw_only=True)
class NotStarted(Decision):
    """Players are still missing."""


@dataclass(slots=True, kw_only=True)
class GameOver(Decision):
    """Nothing more to decide: the game is over (or was aborted)."""

    aborted: bool = False
