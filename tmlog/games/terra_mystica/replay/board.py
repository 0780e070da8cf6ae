"""The map: hex names, terrain, adjacency, river and land ranges, bridge spots.

A map is given as the reference engine's terrain string: colour words, ``x``
for river and ``E`` closing each row. Land hexes are named by row letter and
a counter of land hexes in that row (``A1`` …), river hexes ``r0``, ``r1`` …
in reading order. Rows alternate: even rows (A, C, …) are shifted half a hex
to the left of odd rows.

The topology is computed once per terrain and shared; a game copies only
what it changes (terrain colours, buildings, towns, bridges).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tmlog.errors import ReplayError

RIVER: Final = "white"
"""Terrain value of a river hex."""


@dataclass(frozen=True)
class HexInfo:
    """Where a hex is on the grid."""

    name: str
    row: int
    col: int
    terrain: str
    edge: bool

    @property
    def is_river(self) -> bool:
        return self.terrain == RIVER


class Board:
    """The static topology of one map."""

    def __init__(self, terrain: tuple[str, ...]) -> None:
        self.terrain_string = " ".join(terrain)
        self.hexes: dict[str, HexInfo] = {}
        self._grid: dict[tuple[int, int], str] = {}
        self._build_grid(terrain)
        self.adjacent: dict[str, frozenset[str]] = self._direct_adjacency()
        # Land distance (0 = adjacent) and river distance (1 = across one river).
        self.land_range: dict[str, dict[str, int]] = {}
        self.river_range: dict[str, dict[str, int]] = {}
        for name, info in self.hexes.items():
            if not info.is_river:
                self.land_range[name] = self._ranges(name, river_only=False)
                self.river_range[name] = self._ranges(name, river_only=True)
        self.bridgable: dict[str, frozenset[str]] = self._bridge_spots()
        self.land = tuple(n for n, i in self.hexes.items() if not i.is_river)

    @property
    def map_id(self) -> str:
        """The SHA-1 the reference engine names this terrain by."""
        import hashlib  # here: most replays never ask, and hashlib is slow to import

        return hashlib.sha1(self.terrain_string.encode()).hexdigest()

    def _build_grid(self, terrain: tuple[str, ...]) -> None:
        rows: list[list[str]] = [[]]
        for word in terrain:
            if word == "E":
                rows.append([])
            else:
                rows[-1].append(word)
        if not rows[-1]:
            rows.pop()
        river = 0
        cells: list[tuple[str, int, int, str]] = []
        for r, words in enumerate(rows):
            letter = chr(ord("A") + r)
            land = 1
            for c, word in enumerate(words):
                if word == "x":
                    name, colour = f"r{river}", RIVER
                    river += 1
                else:
                    name, colour = f"{letter}{land}", word
                    land += 1
                cells.append((name, r, c, colour))
                self._grid[(r, c)] = name
        # A map whose first row is the short one starts with an empty row A.
        used = [r for r, words in enumerate(rows) if words]
        first_row, last_row = (used[0], used[-1]) if used else (0, 0)
        last_col = {r: len(words) - 1 for r, words in enumerate(rows)}
        for name, r, c, colour in cells:
            edge = c in (0, last_col[r]) or r in (first_row, last_row)
            self.hexes[name] = HexInfo(name, r, c, colour, edge)

    def _at(self, row: int, col: int) -> str:
        return self._grid.get((row, col), "")

    def _direct_adjacency(self) -> dict[str, frozenset[str]]:
        out: dict[str, frozenset[str]] = {}
        for name, info in self.hexes.items():
            r, c = info.row, info.col
            around = [self._at(r, c + 1), self._at(r, c - 1)]
            if r % 2 == 0:
                c -= 1
            around += [
                self._at(r - 1, c),
                self._at(r - 1, c + 1),
                self._at(r + 1, c),
                self._at(r + 1, c + 1),
            ]
            out[name] = frozenset(a for a in around if a)
        return out

    def _ranges(self, start: str, *, river_only: bool) -> dict[str, int]:
        # Breadth-first: land range counts hexes in between; river range counts
        # river hexes crossed, and only rivers carry the search onwards.
        reached = {start: -1}
        frontier = [start]
        for distance in range(7 if river_only else 5):
            nxt: list[str] = []
            for here in frontier:
                if river_only and distance != 0 and not self.hexes[here].is_river:
                    continue
                for other in self.adjacent[here]:
                    if river_only and distance == 0 and not self.hexes[other].is_river:
                        continue
                    if other not in reached:
                        reached[other] = distance
                        nxt.append(other)
            frontier = nxt
        return reached

    def _bridge_spots(self) -> dict[str, frozenset[str]]:
        spots: dict[str, set[str]] = {name: set() for name in self.hexes}

        def record(here: str, other: str) -> None:
            if other and not self.hexes[other].is_river:
                if self.river_range[here].get(other) == 1:
                    spots[here].add(other)
                    spots[other].add(here)

        for name, info in self.hexes.items():
            if info.is_river:
                continue
            r, c = info.row, info.col
            oc = c - (0 if r % 2 else 1)
            sw, se = self._at(r + 1, oc), self._at(r + 1, oc + 1)
            sw_river = sw.startswith("r")
            se_river = se.startswith("r")
            if (sw_river and se_river) or (sw_river and not se) or (se_river and not sw):
                record(name, self._at(r + 2, c))
            if self._at(r, c - 1).startswith("r") and sw_river:
                record(name, self._at(r + 1, oc - 1))
            if self._at(r, c + 1).startswith("r") and se_river:
                record(name, self._at(r + 1, oc + 2))
        return {k: frozenset(v) for k, v in spots.items()}

    def distance(self, a: str, b: str) -> int:
        """Hex distance on the grid (Fire & Ice final scoring)."""
        if a == b:
            return 0
        ha, hb = self.hexes[a], self.hexes[b]
        rdelta = abs(ha.row - hb.row)
        cdelta = abs((ha.col * 2 + ha.row % 2) - (hb.col * 2 + hb.row % 2))
        if cdelta < rdelta:
            return rdelta
        dist = 0
        while rdelta > 1:
            rdelta -= 2
            cdelta -= 2
            dist += 2
        if rdelta:
            cdelta -= 1
            dist += 1
        return dist + cdelta // 2


@lru_cache(maxsize=32)
def board_for(terrain: tuple[str, ...]) -> Board:
    """The (shared, immutable) board for a terrain layout."""
    return Board(terrain)


def parse_terrain(text: str) -> tuple[str, ...]:
    """Split a terrain string (colour words, ``x``, ``E``) into its words."""
    words = tuple(text.split())
    valid = {"yellow", "brown", "black", "blue", "green", "gray", "red", "ice", "volcano", "x", "E"}
    bad = [w for w in words if w not in valid]
    if bad:
        raise ReplayError(f"invalid terrain word {bad[0]!r} in map")
    if words and words[-1] != "E":
        words += ("E",)
    return words
