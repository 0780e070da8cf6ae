"""Events: the immutable outcomes of a replay, in the order they happened.

Reporters read events, never the engine's state. Every VP change is a
:class:`VpChanged` with a source, so a VP breakdown is exact by construction.

VP sources are ``initial``, ``leech``, ``SCORE1``…``SCORE9`` (round scoring
tiles), ``FAV10``, ``FAV11``, ``FAV12``, ``BON6``, ``BON7``, ``BON9``,
``BON10``, ``town``, ``advance-ship``, ``advance-dig``, ``faction`` (faction
abilities and stronghold effects), ``convert`` (VP bought or sold during
play), ``final-fire``, ``final-water``, ``final-earth``, ``final-air``,
``final-network``, ``final-<tile>`` (a Fire & Ice final scoring tile) and
``final-resources``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened to a faction (or to the game, if ``faction`` is None)."""

    round: int
    turn: int
    line: int
    """Log line of the command that caused it (0 for the engine's own steps)."""
    faction: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class FactionJoined(Event):
    """A faction was set up (``player`` is known only from the log's player list)."""

    start_order: int
    player: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class VpChanged(Event):
    delta: int
    source: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PowerOffered(Event):
    """``faction`` may gain power because ``source_faction`` built next to it."""

    source_faction: str
    amount: int
    """The offer as the rules compute it (sum of adjacent building strengths)."""
    actual: int
    """What the receiver could take at the time (capped by its bowls)."""
    offer_id: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PowerAccepted(Event):
    source_faction: str
    amount: int
    power: int
    """Power actually gained."""
    vp: int
    """VP paid (power gained minus one)."""
    offer_id: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PowerDeclined(Event):
    source_faction: str
    amount: int
    power: int
    """Power that could have been gained."""
    offer_id: int
    explicit: bool
    """False when the offer lapsed because the receiver took its turn first."""


@dataclass(frozen=True, slots=True, kw_only=True)
class IncomeTaken(Event):
    kind: str
    """``cult`` (round-scoring cult reward), ``other`` or ``all``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Built(Event):
    hex: str
    building: str
    upgraded_from: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Transformed(Event):
    """A hex changed terrain (``faction`` did it)."""

    hex: str
    terrain: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BridgeBuilt(Event):
    hex1: str
    hex2: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TownFounded(Event):
    """Buildings that became a town (``grew``: joined an existing town)."""

    hexes: tuple[str, ...]
    grew: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class TileTaken(Event):
    tile: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CultStep(Event):
    cult: str
    level: int
    """Position after the step."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    bonus: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class FactionDropped(Event):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    scoring_tile: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameFinished(Event):
    pass
