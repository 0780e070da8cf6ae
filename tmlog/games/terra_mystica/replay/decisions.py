"""Pending decisions: what the game waits for before it can move on.

One small record per kind, kept in ``game.action_required`` in the order the
reference engine keeps them (its ``action_required`` list of hashes, whose
``type`` is here the record's class). A slot set to ``None`` is a decision
taken while the list was being walked; :func:`turns.clear_empty` drops them.
"""

from __future__ import annotations

from typing import ClassVar

from tmlog import lean


@lean.dataclass(slots=True, kw_only=True)
class Decision:
    """A decision the game waits for (the base of each kind)."""

    faction: str = ""
    """The faction that must decide (set when the decision is required)."""

    optional: ClassVar[bool] = False
    """An optional decision does not hold up the next phase."""


@lean.dataclass(slots=True, kw_only=True, compiled_init=True)  # some 80 a game
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


@lean.dataclass(slots=True, kw_only=True, compiled_init=True)  # some 150 a game
class FullTurn(Decision):
    """The faction's turn: an action to take."""


@lean.dataclass(slots=True, kw_only=True)
class Transform(Decision):
    """Spades or a free terraforming to use."""

    amount: int | None = None
    """Spades in hand; None for a free (or volcano) terraforming."""


@lean.dataclass(slots=True, kw_only=True)
class LoseCult(Decision):
    """Cult steps to give up, on one track (Acolytes' volcano)."""

    amount: int


@lean.dataclass(slots=True, kw_only=True)
class FreeUpgrade(Decision):
    """A free trading post to place (Swarmlings' action)."""


@lean.dataclass(slots=True, kw_only=True)
class PlaceDwelling(Decision):
    """A dwelling to place: in setup, or a free one (Witches' action)."""


@lean.dataclass(slots=True, kw_only=True)
class CultSteps(Decision):
    """Cult steps to place on a track of the faction's choice."""

    amount: int


@lean.dataclass(slots=True, kw_only=True)
class FavorPick(Decision):
    """Favor tiles to take."""

    amount: int


@lean.dataclass(slots=True, kw_only=True)
class TownPick(Decision):
    """Town tiles to take."""

    amount: int


@lean.dataclass(slots=True, kw_only=True)
class BridgePlacement(Decision):
    """A bridge paid for, to place."""


@lean.dataclass(slots=True, kw_only=True)
class DarklingConvert(Decision):
    """The Darklings' stronghold conversion of workers to priests, under ``strict-darkling-sh``."""

    optional: ClassVar[bool] = True
    amount: int


@lean.dataclass(slots=True, kw_only=True)
class GainToken(Decision):
    """A token to gain for a price (Shapeshifters: ``gain P3 for VP``)."""

    amount: int


@lean.dataclass(slots=True, kw_only=True)
class UnlockTerrain(Decision):
    """Terrains to unlock (Riverwalkers)."""

    count: int


@lean.dataclass(slots=True, kw_only=True)
class PickColor(Decision):
    """A colour to choose (Fire & Ice factions)."""


@lean.dataclass(slots=True, kw_only=True)
class PickFaction(Decision):
    """A player still has to choose a faction."""


@lean.dataclass(slots=True, kw_only=True)
class PickBonus(Decision):
    """A bonus tile to take at the end of setup."""


@lean.dataclass(slots=True, kw_only=True)
class NotStarted(Decision):
    """Players are still missing."""


@lean.dataclass(slots=True, kw_only=True)
class GameOver(Decision):
    """Nothing more to decide: the game is over (or was aborted)."""

    aborted: bool = False
