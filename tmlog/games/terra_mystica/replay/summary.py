"""The game as a replay left it, as frozen plain data: what everything outside the engine reads.

The engine's :class:`~tmlog.games.terra_mystica.replay.state.Game` is mutable
and keyed by the reference engine's names (``get("P1")``, ``board.extra``…);
it changes whenever the rules do. :func:`game_state` is the one place that
reads it for the rest of tmlog: reports, the command line and the pictures
read a :class:`GameState` (``Replay.state``) or the events, never the engine.

>>> from tmlog.games.terra_mystica.parse import parse_file
>>> from tmlog.games.terra_mystica.replay import replay
>>> state = replay(parse_file("sample_logs/4pLeague_S64_D1L1_G3.txt")).state
>>> state.finished, state.round, state.map_name
(True, 6, 'Original')
>>> cultists = state.faction("cultists")
>>> cultists.vp, cultists.cults, cultists.buildings
(168, Cults(fire=7, water=10, earth=10, air=7), Buildings(D=7, TP=3, TE=1, SH=0, SA=1))
"""

# No `from __future__ import annotations`: typing.NamedTuple checks every
# annotation, and one given as a string it compiles (a ForwardRef each), at
# every start-up of a one-log command.
from dataclasses import field
from functools import cached_property
from typing import Any, NamedTuple

from tmlog import lean
from tmlog.games.terra_mystica.replay.board import HexInfo
from tmlog.games.terra_mystica.replay.maps import MAPS, ORIGINAL_ID
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import BONUS_TILES, FAVOR_TILES, TOWN_TILES


class Power(NamedTuple):
    """Power tokens in the three bowls."""

    bowl1: int
    bowl2: int
    bowl3: int


class Cults(NamedTuple):
    """Positions on the four cult tracks."""

    fire: int
    water: int
    earth: int
    air: int


class Buildings(NamedTuple):
    """Buildings of each type on the map."""

    D: int
    TP: int
    TE: int
    SH: int
    SA: int


class FactionSummary(NamedTuple):
    """One faction: who plays it, where it sits, what it holds.

    A named tuple, not a dataclass: a replay makes one per faction and a
    frozen dataclass costs several times more to build.
    """

    name: str
    """As logs name it (``shapeshifters``)."""
    full_name: str
    """The version the site's statistics keep apart (``shapeshifters_v5``); else ``name``."""
    display: str
    color: str
    """Home terrain (``green``, ``brown`` …), the faction's colour on the map."""
    player: str | None
    start_order: int
    """Seat: 1 for the faction that set up first."""
    dropped: bool
    passed: bool
    vp: int
    c: int
    w: int
    p: int
    power: Power
    cults: Cults
    keys: int
    shipping: int
    dig: int
    buildings: Buildings
    tiles: tuple[str, ...]
    """Bonus, favour and town tiles held, sorted by kind and number."""


class HexSummary(NamedTuple):
    """One hex of the map: where it is, its terrain now, what stands on it."""

    name: str
    row: int
    col: int
    terrain: str
    river: bool
    building: str | None
    owner: str | None
    """The faction whose building stands here."""
    town: bool
    """A building here belongs to a town."""


class BridgeSummary(NamedTuple):
    hex1: str
    hex2: str
    owner: str | None
    color: str


class _MapSnapshot(NamedTuple):
    """What the map looked like, copied flat (a few µs); :attr:`GameState.hexes` is
    built from it only when asked, as most readers never look at the map."""

    info: tuple[HexInfo, ...]
    """The board's static hexes (immutable, shared by every game on that map)."""
    cells: tuple[tuple[str, str | None, int], ...]
    """Terrain, building and town of each hex, in the board's order."""
    owner_of: dict[str, str]


@lean.dataclass(frozen=True)  # not slots: GameState.hexes is a cached_property
class GameState:
    """A game at the end of its replay (or where the replay stopped)."""

    round: int
    turn: int
    finished: bool
    map_id: str
    """The reference engine's id of the map."""
    map_name: str
    options: tuple[str, ...]
    """Game options, sorted."""
    final_scoring: tuple[str, ...]
    """Final scorings in play: ``network``, ``cults`` and any Fire & Ice tile."""
    players: tuple[str, ...]
    """Player names by seat (empty when the log does not name them)."""
    factions: tuple[FactionSummary, ...]
    """In table order."""
    bridges: tuple[BridgeSummary, ...]
    score_tiles: tuple[str, ...]
    """The round scoring tiles of rounds 1 to 6 (empty before they are chosen)."""
    _map: _MapSnapshot = field(repr=False, compare=False)

    @cached_property
    def hexes(self) -> tuple[HexSummary, ...]:
        """Every hex of the map, in the board's order (river hexes ``r0``, ``r1`` … included)."""
        m = self._map
        owner_of = m.owner_of
        return tuple(
            HexSummary(
                info.name,
                info.row,
                info.col,
                terrain,
                info.is_river,
                building,
                owner_of.get(info.name) if building else None,
                # A river hex joined into a Mermaids town holds no building of it.
                bool(town) and not info.is_river,
            )
            for info, (terrain, building, town) in zip(m.info, m.cells, strict=True)
        )

    def faction(self, name: str) -> FactionSummary:
        for f in self.factions:
            if f.name == name:
                return f
        raise KeyError(name)

    def final_vp(self) -> dict[str, int]:
        return {f.name: f.vp for f in self.factions}

    def as_dict(self) -> dict[str, Any]:
        """``{"round", "turn", "finished", "factions": {name: {...}}}``: ``tmlog replay``'s JSON."""
        return {
            "round": self.round,
            "turn": self.turn,
            "finished": self.finished,
            "factions": {f.name: _faction_dict(f) for f in self.factions},
        }


def _faction_dict(f: FactionSummary) -> dict[str, Any]:
    return {
        "vp": f.vp,
        "c": f.c,
        "w": f.w,
        "p": f.p,
        "power": list(f.power),
        "cults": f.cults._asdict(),
        "shipping": f.shipping,
        "dig": f.dig,
        "buildings": f.buildings._asdict(),
        "dropped": f.dropped,
        "passed": f.passed,
        "keys": f.keys,
        "tiles": list(f.tiles),
        "player": f.player,
    }


# ------------------------------------------------ reading the engine's state


def _tile_key(tile: str) -> tuple[str, int]:
    return tile.rstrip("0123456789"), int(tile.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))


_TILES = frozenset((*BONUS_TILES, *FAVOR_TILES, *TOWN_TILES))


def faction_summary(f: FactionState) -> FactionSummary:
    held = f.held
    levels = f.buildings
    return FactionSummary(
        name=f.name,
        full_name=f.board.extra.get("full_name", f.name),
        display=f.display,
        color=f.color,
        player=f.player,
        start_order=f.start_order,
        dropped=f.dropped,
        passed=f.passed,
        vp=f.vp,
        c=f.c,
        w=f.w,
        p=f.p,
        power=Power(f.p1, f.p2, f.p3),
        cults=Cults(f.fire, f.water, f.earth, f.air),
        keys=held["KEY"],
        shipping=f.ship.level,
        dig=f.dig.level if f.dig else 0,
        buildings=Buildings(*(levels[b].level for b in Buildings._fields)),
        tiles=tuple(sorted([k for k in held.keys() & _TILES if held[k]], key=_tile_key)),
    )


def game_state(game: Game, players: tuple[str, ...] = ()) -> GameState:
    """Freeze what a replay left in ``game`` (cheap: some tens of µs, once per replay)."""
    engine_factions = [f for f in game.order if not f.dummy]
    factions = tuple(faction_summary(f) for f in engine_factions)
    by_color = {f.color: f.name for f in factions}
    snapshot = _MapSnapshot(
        tuple(game.board.hexes.values()),
        tuple([(h.color, h.building, h.town) for h in game.hexes.values()]),
        {loc: f.name for f in engine_factions for loc in f.locations},
    )
    map_id = game.map_variant or ORIGINAL_ID
    return GameState(
        round=game.round,
        turn=game.turn,
        finished=game.finished,
        map_id=map_id,
        map_name=MAPS[map_id][0] if map_id in MAPS else map_id,
        options=tuple(sorted(game.options)),
        final_scoring=tuple(game.final_scoring),
        players=players,
        factions=factions,
        bridges=tuple(
            BridgeSummary(one, two, by_color.get(color), color) for one, two, color in game.bridges
        ),
        score_tiles=tuple(game.score_tiles),
        _map=snapshot,
    )


def game_summary(game: Game) -> dict[str, Any]:
    """The JSON of ``tmlog replay`` (see :meth:`GameState.as_dict`)."""
    return game_state(game).as_dict()
