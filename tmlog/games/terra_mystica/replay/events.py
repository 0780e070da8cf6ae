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

Events are named tuples (:class:`typing.NamedTuple`): immutable and cheap to
make (a game has about 700). The engine makes each with its class, its fields
in order (mypy checks them), and everything reads them by field name.
Every event starts with the same four fields — ``round``, ``turn``,
``line`` (the log line of the command that caused it; the engine's own steps,
such as income or final scoring, carry the line of the command that set them
off, and 0 when no command did) and ``faction`` (None for events of the whole
game).

Besides these game events the engine reports two kinds of output of its own:
:class:`RuleWarning` (something the rules let pass but a player should hear
about) and the ledger events :class:`RowClosed` and :class:`CommentWritten`
(the reference engine's rows, which only an audit needs).
"""

# No `from __future__ import annotations`: typing.NamedTuple checks every
# annotation, and one given as a string it compiles (a ForwardRef each), at
# every start-up of a one-log command.
from collections.abc import Mapping
from typing import NamedTuple

from tmlog.games.terra_mystica.model.action import Action


class FactionJoined(NamedTuple):
    """A faction was set up (``player`` is known only from the log's player list)."""

    round: int
    turn: int
    line: int
    faction: str | None
    start_order: int
    player: str | None = None


class VpChanged(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    delta: int
    source: str


class PowerOffered(NamedTuple):
    """``faction`` may gain power because ``source_faction`` built next to it."""

    round: int
    turn: int
    line: int
    faction: str | None
    source_faction: str
    amount: int
    """The offer as the rules compute it (sum of adjacent building strengths)."""
    actual: int
    """What the receiver could take at the time (capped by its bowls)."""
    offer_id: int


class PowerAccepted(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    source_faction: str
    amount: int
    power: int
    """Power actually gained."""
    vp: int
    """VP paid (power gained minus one)."""
    offer_id: int


class PowerDeclined(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    source_faction: str
    amount: int
    power: int
    """Power that could have been gained."""
    offer_id: int
    explicit: bool
    """False when the offer lapsed because the receiver took its turn first."""


class IncomeTaken(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    kind: str
    """``cult`` (round-scoring cult reward), ``other`` or ``all``."""


class Built(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    hex: str
    building: str
    upgraded_from: str | None = None


class Transformed(NamedTuple):
    """A hex changed terrain (``faction`` did it)."""

    round: int
    turn: int
    line: int
    faction: str | None
    hex: str
    terrain: str


class BridgeBuilt(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    hex1: str
    hex2: str


class TownFounded(NamedTuple):
    """Buildings that became a town (``grew``: joined an existing town)."""

    round: int
    turn: int
    line: int
    faction: str | None
    hexes: tuple[str, ...]
    grew: bool = False


class TileTaken(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    tile: str


class CultStep(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    cult: str
    level: int
    """Position after the step."""


class Passed(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    bonus: str | None


class FactionDropped(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None


class RoundStarted(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None
    scoring_tile: str | None


class GameFinished(NamedTuple):
    round: int
    turn: int
    line: int
    faction: str | None


Event = (
    FactionJoined
    | VpChanged
    | PowerOffered
    | PowerAccepted
    | PowerDeclined
    | IncomeTaken
    | Built
    | Transformed
    | BridgeBuilt
    | TownFounded
    | TileTaken
    | CultStep
    | Passed
    | FactionDropped
    | RoundStarted
    | GameFinished
)
"""Any event."""

EVENT_TYPES: tuple[type[Event], ...] = (
    FactionJoined,
    VpChanged,
    PowerOffered,
    PowerAccepted,
    PowerDeclined,
    IncomeTaken,
    Built,
    Transformed,
    BridgeBuilt,
    TownFounded,
    TileTaken,
    CultStep,
    Passed,
    FactionDropped,
    RoundStarted,
    GameFinished,
)


# ------------------------------------------------------- the engine's own output


class RuleWarning(NamedTuple):
    """The rules let a command pass, but not cleanly (an offer answered out of order,
    a free terraform left unused, a resource adjusted by hand …)."""

    round: int
    turn: int
    line: int
    faction: str | None
    text: str
    command: str
    """The command being played, as the log would write it (``""`` when none)."""


class RowClosed(NamedTuple):
    """A row of the reference engine's ledger: ``faction``'s commands and its values after them.

    The ledger (:mod:`~tmlog.games.terra_mystica.replay.ledger`) keeps these
    events as its rows, which is why the fields use the ledger's words.
    """

    round: int
    turn: int
    line: int
    faction: str | None
    actions: tuple[Action, ...]
    """The commands of the row."""
    values: tuple[int, ...]
    """After the row, in :data:`~tmlog.games.terra_mystica.replay.state.LEDGER_FIELDS` order."""
    before: tuple[int, ...]
    leech: Mapping[str, int]
    """Power offered by the row's commands, by receiving colour."""
    warning: str
    """The first warning of the row, as the reference engine shows it."""
    effect: bool
    """A row the engine writes itself (Cultists' ``[opponent accepted power]`` …)."""
    holdings: tuple[int, ...] = ()
    """After the row: dwellings, trading posts, temples, strongholds and
    sanctuaries built, shipping level and digging level (:func:`holdings`)."""

    @property
    def lines(self) -> list[int]:
        """The log lines of the row's commands."""
        return [a.line for a in self.actions if a.line]


class CommentWritten(NamedTuple):
    """A comment row of the ledger (round and turn headers, scoring headers, options …)."""

    round: int
    turn: int
    line: int
    faction: str | None
    text: str


EngineEvent = Event | RuleWarning | RowClosed | CommentWritten
"""Anything the engine reports (what :meth:`Replayer.push` returns)."""
