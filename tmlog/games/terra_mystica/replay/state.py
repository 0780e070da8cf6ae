"""The mutable state of a game being replayed: factions, map, pool, turn keeping.

Owned by the engine; nothing outside :mod:`tmlog.games.terra_mystica.replay` should change it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model.actions import Action
from tmlog.games.terra_mystica.model.enums import Faction, IncomeKind
from tmlog.games.terra_mystica.replay.board import Board
from tmlog.games.terra_mystica.replay.decisions import Decision
from tmlog.games.terra_mystica.replay.factions import FactionBoard, TrackSpec
from tmlog.games.terra_mystica.replay.holdings import (
    LIMIT_NAMES,
    PENDING_NAMES,
    RESOURCES,
    Limits,
    Pending,
    Resource,
)
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.tiles import (
    BONUS_TILES,
    BUILDING_STRENGTH,
    CULTS,
    FAVOR_TILES,
    TOWN_TILES,
    ScoringSpec,
)

_TILE_NAMES: Final[dict[str, tuple[Resource, ...]]] = {
    "BON": BONUS_TILES,
    "FAV": FAVOR_TILES,
    "TW": TOWN_TILES,
}

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.replay.events import EngineEvent


PLAIN_RESOURCES: Final = frozenset(("C", "W", "P1", "P2", "P3", "VP"))
"""Resources that change without side effects unless a faction special says otherwise."""

LEDGER_FIELDS: Final[tuple[Resource, ...]] = (
    "VP",
    "C",
    "W",
    "P",
    "P1",
    "P2",
    "P3",
    "FIRE",
    "WATER",
    "EARTH",
    "AIR",
)
FIELD_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(LEDGER_FIELDS)}
"""Ledger field name -> its slot for :meth:`FactionState.field` (the typed attributes)."""
_HELD_NAMES: Final[tuple[Resource, ...]] = tuple(r for r in RESOURCES if r not in FIELD_INDEX)
"""The other resources (keys, tiles, action spaces): :attr:`FactionState.held`."""


@dataclass
class Track:
    """A faction's position on a track, with the board's rules for it."""

    spec: TrackSpec
    level: int

    @property
    def max_level(self) -> int:
        return self.spec.max_level


@dataclass
class BuildingTrack:
    """How many buildings of one type a faction has placed, and the rules for them."""

    advance_cost: dict[str, int]
    income: dict[str, tuple[int, ...]]
    advance_gain: list[dict[str, Any]]
    subactions: dict[str, int] | None
    pass_vp: tuple[Any, ...] | None
    max_level: int
    level: int = 0


class FactionState:
    """One faction: resources, power bowls, cults, buildings, tracks, pending effects.

    The ledger's eleven numbers are typed attributes (``vp``, ``c``, ``w``,
    ``p``, ``p1``-``p3``, ``fire``, ``water``, ``earth``, ``air``): the rules
    read and write them on every command, and a compiled build keeps them
    unboxed in the object, where a dict lookup would hash and box. The other
    resources (keys, tiles, action spaces) are in :attr:`held`, effects still
    to use in :attr:`pending`, lasting numbers in :attr:`limits`;
    :meth:`get` and :meth:`set` reach any of them by the reference engine's
    name (``VP``, ``FAV5``, ``SPADE``, ``TOWN_SIZE`` …), which is how gains
    and costs name them, and :attr:`res` reads every resource as a mapping.
    """

    def __init__(self, board: FactionBoard, initial_vp: int) -> None:
        self.name = board.name
        self.tag = Faction(board.name)
        """The faction as the log names it (what its actions carry)."""
        self.display = board.display
        self.board = board
        self.color: str = board.color
        self.secondary_color: str | None = board.extra.get("secondary_color")
        self.dummy = False
        self.vp = initial_vp
        self.c = 0
        self.w = 0
        self.p = 0
        self.p1 = 0
        self.p2 = 0
        self.p3 = 0
        self.fire = 0
        self.water = 0
        self.earth = 0
        self.air = 0
        self.held: dict[str, int] = dict.fromkeys(_HELD_NAMES, 0)
        """Keys, tiles and action spaces (every other :data:`Resource` name is a key)."""
        self.pending = Pending()
        self.limits = Limits()
        for key, value in board.start.items():
            self.set(key, self.get(key) + value)
        self.max_cult: dict[str, int] = {cult: 10 for cult in CULTS}
        self.vp_source: dict[str, int] = {"initial": initial_vp}

        self.ship = Track(board.ship, board.ship.level)
        self.dig = Track(board.dig, board.dig.level) if board.dig else None
        self.teleport = Track(board.teleport, board.teleport.level) if board.teleport else None
        self.buildings: dict[str, BuildingTrack] = {}
        max_levels = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}
        for btype, spec in board.buildings.items():
            gains = [dict(g) for g in spec.advance_gain]
            if btype == "TE":
                while len(gains) < 3:
                    gains.append({})
                for g in gains[:3]:
                    g["GAIN_FAVOR"] = g.get("GAIN_FAVOR") or 1
            if btype == "SA":
                if not gains:
                    gains.append({})
                gains[0]["GAIN_FAVOR"] = gains[0].get("GAIN_FAVOR") or 1
            self.buildings[btype] = BuildingTrack(
                advance_cost=dict(spec.advance_cost),
                income=dict(spec.income),
                advance_gain=gains,
                subactions=dict(spec.subactions) if spec.subactions else None,
                pass_vp=spec.pass_vp,
                max_level=max_levels[btype],
            )
        b = self.buildings
        self.counted: tuple[BuildingTrack, ...] | None = (
            (b["D"], b["TP"], b["TE"], b["SH"], b["SA"])
            if all(k in b for k in ("D", "TP", "TE", "SH", "SA"))
            else None
        )
        """The five building types in the ledger's order (every faction board has
        them): what a row's holdings read, without five dict lookups per row."""
        self.special: dict[str, Any] | None = dict(board.special) if board.special else None
        self.plain = PLAIN_RESOURCES - set(self.special or ())
        """Resources whose changes have no side effects for this faction."""
        rates: dict[str, dict[str, int]] = {
            "PW": {"C": 1, "W": 3, "P": 5},
            "W": {"C": 1},
            "P": {"C": 1, "W": 1},
            "C": {"VP": 3},
        }
        for src, table in (board.exchange_rates or {}).items():
            rates.setdefault(src, {}).update(table)
        self.exchange_rates = rates
        self.leech_effect = board.leech_effect
        # A name of its own: ``value`` above is an int, these are anything (a
        # compiled build holds a variable to its first type).
        for key, extra in board.extra.items():
            if isinstance(extra, int):
                self.set(key, extra)
        self.extra: dict[str, Any] = {
            k: v for k, v in board.extra.items() if not isinstance(v, int)
        }
        self.building_strength: dict[str, int] = dict(board.extra.get("building_strength", {}))
        strength = self.building_strength
        self.strengths: tuple[int, int, int, int, int] = (
            strength.get("D") or BUILDING_STRENGTH["D"],
            strength.get("TP") or BUILDING_STRENGTH["TP"],
            strength.get("TE") or BUILDING_STRENGTH["TE"],
            strength.get("SH") or BUILDING_STRENGTH["SH"],
            strength.get("SA") or BUILDING_STRENGTH["SA"],
        )
        """A town's power of each building type, in :attr:`counted`'s order."""
        self.discount: dict[str, dict[str, int]] = dict(board.extra.get("discount", {}))
        self.allow_reuse: dict[str, int] = {}

        # Turn keeping
        self.allowed_actions = 0
        self.allowed_sub_actions: dict[str, int] = {}
        self.allowed_build_locations: set[str] = set()
        self.require_home_terrain_tf = False
        self.teleport_to: str | None = None
        self.cult_blocked: dict[str, int] = {}
        self.disable_spade_decline = False
        self.passed = False
        self.dropped = False
        self.income_taken = 0
        self.start_player = False
        self.start_order = 0
        self.order = 0
        self.locations: list[str] = []
        self.location_set: set[str] = set()
        """The same hexes as a set: the faction's buildings (a built hex keeps
        its owner's colour, recoloured with it if the owner changes colour)."""
        self.leech_not_rejected: dict[int, int] = {}
        self.leech_rejected: dict[int, int] = {}
        self.leech_cult_gained: dict[int, int] = {}
        self.player: str | None = None
        self.network = 0
        self.final_counts: dict[str, int] = {}
        self.income_by_levels: dict[tuple[int, int, int, int, int], dict[str, int]] = {}
        """The buildings' income by the five building counts (:mod:`income` fills it)."""
        locked = board.extra.get("locked_terrain")
        self.locked_terrain: dict[str, Any] | None = (
            {k: dict(v) for k, v in locked.items()} if locked else None
        )
        self.unlocked_terrain: set[str] = set()

    def __repr__(self) -> str:
        return f"<FactionState {self.name}>"

    @property
    def res(self) -> Mapping[Resource, int]:
        """Every resource by name, read-only (a copy: it does not follow later changes)."""
        return MappingProxyType({name: self.get(name) for name in RESOURCES})

    def field(self, slot: int) -> int:
        """A ledger field by its slot (:data:`FIELD_INDEX`)."""
        if slot < 4:
            if slot == 0:
                return self.vp
            if slot == 1:
                return self.c
            if slot == 2:
                return self.w
            return self.p
        if slot < 7:
            if slot == 4:
                return self.p1
            if slot == 5:
                return self.p2
            return self.p3
        if slot == 7:
            return self.fire
        if slot == 8:
            return self.water
        if slot == 9:
            return self.earth
        if slot == 10:
            return self.air
        raise IndexError(slot)

    def set_field(self, slot: int, value: int) -> None:
        """Set what :meth:`field` reads."""
        if slot < 4:
            if slot == 0:
                self.vp = value
            elif slot == 1:
                self.c = value
            elif slot == 2:
                self.w = value
            else:
                self.p = value
        elif slot < 7:
            if slot == 4:
                self.p1 = value
            elif slot == 5:
                self.p2 = value
            else:
                self.p3 = value
        elif slot == 7:
            self.fire = value
        elif slot == 8:
            self.water = value
        elif slot == 9:
            self.earth = value
        elif slot == 10:
            self.air = value
        else:
            raise IndexError(slot)

    def get(self, name: str) -> int:
        """A resource, tile, pending effect or limit by its reference-engine name.

        Raises ``KeyError`` for a name the engine does not hold.
        """
        slot = FIELD_INDEX.get(name)
        if slot is not None:
            return self.field(slot)
        held = self.held.get(name)
        if held is not None:
            return held
        attr = PENDING_NAMES.get(name)
        if attr is not None:
            return getattr(self.pending, attr)  # type: ignore[no-any-return]
        return getattr(self.limits, LIMIT_NAMES[name])  # type: ignore[no-any-return]

    def set(self, name: str, value: int) -> None:
        """Set what :meth:`get` reads (``KeyError`` for an unknown name)."""
        slot = FIELD_INDEX.get(name)
        if slot is not None:
            self.set_field(slot, value)
        elif name in self.held:
            self.held[name] = value
        elif name in PENDING_NAMES:
            setattr(self.pending, PENDING_NAMES[name], value)
        else:
            setattr(self.limits, LIMIT_NAMES[name], value)

    def snapshot(self) -> tuple[int, ...]:
        """The ledger's values (:data:`LEDGER_FIELDS`, in order)."""
        return (
            self.vp,
            self.c,
            self.w,
            self.p,
            self.p1,
            self.p2,
            self.p3,
            self.fire,
            self.water,
            self.earth,
            self.air,
        )

    def track(self, name: str) -> Track:
        if name == "ship":
            return self.ship
        if name == "dig" and self.dig is not None:
            return self.dig
        if name == "teleport" and self.teleport is not None:
            return self.teleport
        raise IllegalMove(f"{self.name} have no {name} track")

    def level_of(self, key: str) -> int:
        """Buildings of a type on the map, or a track's level (for pass VP)."""
        if key in self.buildings:
            return self.buildings[key].level
        if key == "ship":
            return self.ship.level
        if key == "dig":
            return self.dig.level if self.dig else 0
        return 0

    def tiles(self, prefix: str) -> Iterator[str]:
        """The tiles of a kind the faction holds (``BON``, ``FAV``, ``TW``)."""
        held = self.held
        for key in _TILE_NAMES[prefix]:
            if held[key]:
                yield key


class HexState:
    """What can change on a hex during a game."""

    # A plain class, not a dataclass: a compiled build runs a dataclass's
    # generated __init__ as Python, and a game makes one per hex.
    __slots__ = ("bridges", "building", "color", "town")

    def __init__(self, color: str) -> None:
        self.color = color
        self.building: str | None = None
        self.town = 0
        self.bridges: set[str] = set()

    def __repr__(self) -> str:
        return (
            f"HexState(color={self.color!r}, building={self.building!r},"
            f" town={self.town!r}, bridges={self.bridges!r})"
        )


class Phase(enum.Enum):
    """Where the game is, between two commands (the reference engine's names)."""

    WAIT_FOR_PLAYERS = "wait-for-players"
    SELECT_FACTIONS = "select-factions"
    POST_SETUP = "post-setup"
    INITIAL_DWELLINGS = "initial-dwellings"
    INITIAL_BONUS = "initial-bonus"
    INCOME = "income"
    USE_INCOME_SPADES = "use-income-spades"
    INCOME_TERRAIN_UNLOCK = "income-terrain-unlock"
    PLAY = "play"
    """The action phase: most of the game."""


@dataclass(slots=True)
class Segment:
    """Which faction's row is open and what was last written.

    The reference engine groups a faction's consecutive commands into one row;
    :mod:`~tmlog.games.terra_mystica.replay.segment` opens and closes it."""

    record: bool = True
    """Emit :class:`RowClosed` and :class:`CommentWritten` (only a ledger needs
    them; a replay for statistics saves the snapshots they take)."""
    open: bool = False
    faction: FactionState | None = None
    """Whose row is open (or was last)."""
    after_comment: bool = False
    """The last thing written was a comment row (no second header after it)."""
    action: Action | None = None
    """The command being played: what a warning names."""
    header_round: int = 0
    header_turn: int = 0
    """The last ``Round R, turn T`` header due (written or not)."""
    # What the open row will report (kept only while recording).
    commands: list[Action] = field(default_factory=list)
    before: tuple[int, ...] = ()
    offers: dict[str, int] = field(default_factory=dict)
    warning: str = ""


class Game:
    """Everything the replay engine keeps between two commands."""

    def __init__(
        self, board: Board, *, options: set[Option], vp_setup: dict[str, int] | None
    ) -> None:
        self.board = board
        self.options = options
        self.vp_setup = vp_setup
        self.round = 0
        self.turn = 0
        self.finished = False
        self.player_count: int | None = None
        self.players: list[dict[str, Any]] = []
        self.pool: dict[str, int] | None = None
        self.bonus_coins: dict[str, int] = {}
        self.score_pool: list[str] = []
        self.score_tiles: list[str] = []
        self.final_scoring: dict[str, tuple[int, ...]] = {
            "network": (18, 12, 6),
            "cults": (8, 4, 2),
        }
        self.faction_variants: list[str] = []
        self.map_variant: str | None = None
        self.leech_id = 0
        self.cult_slots: dict[str, list[str | None]] = {c: [None] * 4 for c in CULTS}
        self.hexes: dict[str, HexState] = {
            name: HexState(info.terrain) for name, info in board.hexes.items()
        }
        self.skip: dict[str, set[str]] = {}
        """Mermaids' river-town connections: land hexes joined across a river."""
        self.blocked: set[str] = set()
        self.bridges: list[tuple[str, str, str]] = []
        self.factions: dict[str, FactionState] = {}
        self.order: list[FactionState] = []
        self.new_order: list[FactionState] = []
        self.setup_order: list[tuple[str, str]] = []
        self.action_required: list[Decision | None] = []
        self.active: FactionState | None = None
        self.phase = Phase.WAIT_FOR_PLAYERS
        self.income_kind = IncomeKind.OTHER
        """The part of the income the income phase pays next (cult income comes first
        unless the phases are merged)."""
        self.full_turn_played = False
        self.events: list[EngineEvent] = []
        """What the engine reported since the replayer last collected it."""
        self.warnings: list[str] = []
        self.line = 0
        """Log line of the command being replayed, stamped on events."""
        self.scoring_tile: ScoringSpec | None = None
        """This round's scoring tile (None in setup and income phases before round 1)."""
        self.gain_tile: ScoringSpec | None = None
        """The scoring tile if it scores gains (spades, towns), else None."""
        self.final_resources = False
        """True while resources are being converted at the end of the game."""
        self.segment: Segment
        """Which faction's row of play is open (set by the replayer)."""
        self.rules: Mapping[type, Handler]
        """What each command does, by action type (set by the replayer)."""

    # -------------------------------------------------------------- factions

    def faction(self, name: str) -> FactionState | None:
        return self.factions.get(name)

    def in_order(self, skip_dropped: bool = False) -> list[FactionState]:
        if skip_dropped:
            return [f for f in self.order if not f.dropped]
        return list(self.order)

    def in_order_from(
        self, faction: FactionState, skip_dropped: bool = False
    ) -> list[FactionState]:
        """Factions in table order starting after ``faction`` and ending with it."""
        if skip_dropped and faction.dropped:
            return self.in_order(skip_dropped)
        # One pass round the table, not a filtered copy, a search, two slices and
        # a concatenation: a game asks this some 250 times.
        order = self.order
        n = len(order)
        start = 0
        while start < n and order[start] is not faction:
            start += 1
        if start == n:
            return self.in_order(skip_dropped)
        out: list[FactionState] = []
        for k in range(start + 1, start + 1 + n):
            f = order[k % n]
            if not (skip_dropped and f.dropped):
                out.append(f)
        return out

    def in_turn_order(self) -> list[FactionState]:
        """This round's turn order: the start player first."""
        order = self.in_order()
        starts = [f for f in order if f.start_player]
        if not starts:
            return order
        rotated = self.in_order_from(starts[0])
        return [rotated[-1], *rotated[:-1]]

    def adjacent(self, where: str) -> frozenset[str] | set[str]:
        bridged = self.hexes[where].bridges
        base = self.board.adjacent[where]
        return base | bridged if bridged else base

    def color_owner(self, color: str) -> FactionState | None:
        for f in self.order:
            if not f.dropped and f.color == color:
                return f
        return None


class Turn(enum.Enum):
    """What the rules of a command tell the dispatcher about the turn, besides
    what they change in the game (None: nothing, the faction's row goes on)."""

    HAND_OVER = "hand over"
    """The command ends the faction's part (a pass, a leech reply, a setup dwelling,
    a colour picked): the turn goes on to the next faction and the row closes."""


Handler = Callable[[Game, FactionState | None, Any], Turn | None]
"""The rules of one command: what it changes in the game, given who gave it, and
whether that ends the faction's part of the turn."""
