"""Frozen summaries of a Root board, for ``replay --at`` and ``render``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tmlog.games.root.board_view import BoardView, Pieces
from tmlog.games.root.maps import Path, Suit
from tmlog.games.root.pieces import FACTIONS, Faction, Item
from tmlog.games.root.scoring import VpSource

Holding = tuple[tuple[Faction, str, int], ...]
"""Pieces at one place: (faction, Rootlog code, how many), sorted by faction letter and code."""


@dataclass(frozen=True)
class ClearingView:
    """One clearing: suit, all its slots, whether a ruin still stands, pieces and ruler."""

    number: int
    suit: Suit
    slots: int
    ruin: bool
    pieces: Holding
    ruler: Faction | None


@dataclass(frozen=True)
class BoardSnapshot:
    """The whole board at one moment; nothing in it changes afterwards."""

    map_name: str
    clearings: tuple[ClearingView, ...]
    elsewhere: Mapping[str, Holding]
    """Pieces off the clearings: forests by Rootlog name, the Burrow as ``"0"``, boxes."""
    vp: Mapping[Faction, int]
    vp_by_source: Mapping[Faction, Mapping[VpSource, int]]
    supply: Mapping[Faction, Mapping[str, int]]
    """Pieces left in each faction's supply, per pool whose limit is known."""
    hands: Mapping[Faction, int]
    item_supply: Mapping[Item, int]
    crafted: Mapping[Faction, Mapping[Item, int]]
    dominance: Mapping[Faction, Suit]
    coalitions: Mapping[Faction, Faction]
    """Vagabond -> the partner it shares a win with."""
    opened_paths: frozenset[Path]
    ferry: int | None

    def clearing(self, number: int) -> ClearingView:
        """The view of clearing ``number`` (1-12)."""
        return self.clearings[number - 1]


def snapshot_of(board: BoardView) -> BoardSnapshot:
    """Freeze ``board`` as it stands (what :meth:`Board.snapshot` returns)."""
    clearings = tuple(
        ClearingView(
            number=c,
            suit=board.suit(c),
            slots=board.map.slots_of(c),
            ruin=c in board.ruins,
            pieces=_holding(board.pieces_at(c)),
            ruler=board.ruler(c),
        )
        for c in board.map.clearings
    )
    elsewhere = {
        _place_name(loc): _holding(held)
        for loc, held in board.holdings()
        if not (isinstance(loc, int) and loc in board.map.clearings)
    }
    return BoardSnapshot(
        map_name=board.map.name,
        clearings=clearings,
        elsewhere=MappingProxyType(elsewhere),
        vp=MappingProxyType(dict(board.vp)),
        vp_by_source=MappingProxyType(
            {f: MappingProxyType(dict(c)) for f, c in board.vp_by_source.items()}
        ),
        supply=MappingProxyType({f: _supply(board, f) for f in board.factions}),
        hands=MappingProxyType(dict(board.hands)),
        item_supply=MappingProxyType(dict(+board.item_supply)),
        crafted=MappingProxyType(
            {f: MappingProxyType(dict(+c)) for f, c in board.crafted.items() if +c}
        ),
        dominance=MappingProxyType(dict(board.dominance)),
        coalitions=MappingProxyType(dict(board.coalitions)),
        opened_paths=frozenset(board.opened),
        ferry=board.ferry,
    )


def _supply(board: BoardView, faction: Faction) -> Mapping[str, int]:
    out = {}
    for pool in FACTIONS[faction].limits:
        left = board.supply(faction, pool)
        if left is not None:
            out[pool] = left
    return MappingProxyType(out)


def _place_name(loc: int | frozenset[int] | str) -> str:
    if isinstance(loc, frozenset):
        return "_".join(str(c) for c in sorted(loc))
    return str(loc)


def _holding(held: Pieces) -> Holding:
    items = ((f, code, n) for (f, code), n in held.items() if n > 0)
    return tuple(sorted(items, key=lambda t: (t[0].value, t[1])))
