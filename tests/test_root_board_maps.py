"""The four Root maps: invariants from the Law of Root, and spot facts from public games.

Spot facts are read off setup lines of the games in
``Vagabottos/Rootlog:Games/`` @35d3d80 (RL below): each names the file, the
line and the rule that makes it a fact about the map.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tmlog.games.root.maps import (
    CLEARINGS,
    FALL,
    LAKE,
    MAPS,
    MOUNTAIN,
    WINTER,
    RootMap,
    Suit,
    forest_name,
    path,
    suits_for,
)

ALL = [FALL, WINTER, LAKE, MOUNTAIN]


@pytest.mark.parametrize("m", ALL, ids=lambda m: m.name)
class TestInvariants:
    def test_twelve_clearings_everywhere(self, m: RootMap) -> None:
        assert len(m.slots) == 12
        for a, b in m.paths | m.rivers | m.closed_paths:
            assert a < b and a in CLEARINGS and b in CLEARINGS
        for forest in m.forests:
            assert forest <= set(CLEARINGS)

    def test_four_ruins_in_slots(self, m: RootMap) -> None:
        # LoR 5.1.4: a ruin in each slot marked "R", four in total; a ruin fills a slot.
        assert len(m.ruins) == 4
        assert all(m.slots_of(c) >= 1 for c in m.ruins)
        assert all(m.slots_of(c) >= 1 for c in CLEARINGS)

    def test_links_are_of_one_kind(self, m: RootMap) -> None:
        # A pair of clearings is linked by a path, a river or a closed path, never two.
        assert not (m.paths & m.rivers)
        assert not (m.paths & m.closed_paths)
        assert not (m.rivers & m.closed_paths)

    def test_paths_connect_the_whole_map(self, m: RootMap) -> None:
        seen, todo = {1}, [1]
        while todo:
            for n in m.neighbours(todo.pop()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(CLEARINGS)

    def test_adjacency_is_symmetric(self, m: RootMap) -> None:
        # LoR 2.2.1: adjacency is a path between two clearings, so it goes both ways.
        for a in CLEARINGS:
            for b in m.neighbours(a, rivers=True, opened=m.closed_paths):
                assert a in m.neighbours(b, rivers=True, opened=m.closed_paths)
            assert a not in m.neighbours(a, rivers=True, opened=m.closed_paths)

    def test_corners_pair_up_diagonally(self, m: RootMap) -> None:
        # Law of Rootbotics numbering: clearings 1-4 are the corners, in two
        # opposite pairs (LoR 3.3.1.II bird dominance, 6.3.3 garrison).
        pairs = [set(p) for p in m.opposite_corners]
        assert pairs[0] | pairs[1] == {1, 2, 3, 4} and not pairs[0] & pairs[1]
        for c in (1, 2, 3, 4):
            other = m.opposite(c)
            assert other is not None and m.opposite(other) == c
        assert m.opposite(5) is None

    def test_forests_counted_by_eulers_formula(self, m: RootMap) -> None:
        # The map is a connected plane graph: faces = edges - vertices + 2.
        # Edges are the lines that divide forests: paths and closed paths
        # (LoR C.3.2), the Winter river (C.1.1), and on the Lake the shore,
        # four lines 10-11, 11-1, 1-12, 12-10 around the lake (C.2.2, C.2.4).
        # The faces that are no forest: the outside, and the lake itself.
        edges = len(m.paths) + len(m.closed_paths)
        not_forests = 1
        if m is WINTER:
            edges += len(m.rivers)
        if m is LAKE:
            edges += 4
            not_forests += 1
        assert len(m.forests) == edges - 12 + 2 - not_forests

    def test_forests_are_named_by_three_or_more_clearings(self, m: RootMap) -> None:
        # Rootlog_V2.md § Forest: all clearings adjacent to the forest, 3 or more.
        assert len({forest_name(f) for f in m.forests}) == len(m.forests)
        for f in m.forests:
            assert len(f) >= 3
            assert m.forest(forest_name(f)) == f
        assert set().union(*m.forests) == set(CLEARINGS)

    def test_every_path_borders_a_forest(self, m: RootMap) -> None:
        for a, b in m.paths | m.closed_paths:
            assert any(a in f and b in f for f in m.forests), (a, b)


def test_names_are_rootlog_map_headers() -> None:
    # Rootlog_V2.md § Game Setup: Map: Fall | Winter | Lake | Mountain.
    assert sorted(MAPS) == ["Fall", "Lake", "Mountain", "Winter"]


def test_fall_suits_are_printed_four_of_each() -> None:
    suits = suits_for(FALL)
    assert Counter(suits) == {Suit.FOX: 4, Suit.MOUSE: 4, Suit.RABBIT: 4}
    # RL orderly_eyrie line `L:4w+b_f->1/...`: the Cult's first garden matches
    # its corner (LoR 10.3.2), so Fall clearing 1 is a fox clearing.
    assert suits[0] is Suit.FOX


def test_other_maps_need_their_suits() -> None:
    # Rootlog_V2.md: the Clearings line is "Omitted only on the Fall map".
    with pytest.raises(ValueError):
        suits_for(WINTER)
    # RL mega_exploding_birds, Winter: "Clearings: F1, M2, R3, F4, M5, F6, M7, M8, R9, ..."
    given = [Suit(s) for s in "FMRFMFMMRFRR"]
    assert suits_for(WINTER, given) == tuple(given)
    with pytest.raises(ValueError):
        suits_for(WINTER, given[:11])
    with pytest.raises(ValueError):
        suits_for(WINTER, [Suit.BIRD, *given[1:]])


@pytest.mark.parametrize(
    ("m", "keep", "buildings", "skipped"),
    [
        # LoR 6.3.3: a warrior everywhere but the corner opposite the keep;
        # 6.3.4: the three buildings in the keep's clearing or adjacent ones.
        (FALL, 2, {2, 10, 5}, 4),  # RL r2g4 line 14
        (FALL, 4, {8, 9, 12}, 2),  # RL orderly_eyrie
        (LAKE, 2, {2, 10}, 1),  # RL r1g2
        (LAKE, 4, {6, 4}, 3),  # RL r2g3
        (MOUNTAIN, 1, {1, 9}, 3),  # RL r1g3
    ],
)
def test_marquise_setups_in_real_games(
    m: RootMap, keep: int, buildings: set[int], skipped: int
) -> None:
    assert m.opposite(keep) == skipped
    for c in buildings - {keep}:
        assert m.adjacent(keep, c)


@pytest.mark.parametrize(
    ("m", "corner", "neighbours"),
    [
        # LoR 10.3.2: the Cult puts one warrior in each clearing adjacent to its corner.
        (FALL, 1, {5, 9, 10}),  # RL orderly_eyrie `L:4w+b_f->1/w->5+9+10`
        (LAKE, 2, {7, 8, 10}),  # RL r2g3 `L:b_f+4w->2/w->7+8+10`
    ],
)
def test_lizard_setups_in_real_games(m: RootMap, corner: int, neighbours: set[int]) -> None:
    assert m.neighbours(corner) == neighbours


@pytest.mark.parametrize(
    ("m", "clearings"),
    [
        # LoR 11.3.2: the Riverfolk's four warriors go to clearings on a river.
        (FALL, {10, 11, 5}),  # RL r2g4 `O:w->10+11/2w->5`
        (WINTER, {11}),  # RL mega_exploding_birds `O:4w->11`
        (WINTER, {12}),  # RL after_dark_special `O:4w->12`
    ],
)
def test_riverfolk_setups_in_real_games(m: RootMap, clearings: set[int]) -> None:
    on_river = {c for link in m.rivers for c in link}
    assert clearings <= on_river


def test_rivers_are_no_paths_but_for_swimmers() -> None:
    # LoR 2.3: rivers act as paths for the Riverfolk only.
    assert not FALL.adjacent(5, 10)
    assert FALL.adjacent(5, 10, rivers=True)
    assert FALL.river_linked(10, 5)


def test_mountain_closed_paths_are_those_real_games_open() -> None:
    # LoR C.3.1: six closed paths. RL r1g3 removes `11_12->`, `2_5->`, `3_7->`,
    # `5_9->`, `6_11->`, `8_9->`.
    removed = {path(11, 12), path(2, 5), path(3, 7), path(5, 9), path(6, 11), path(8, 9)}
    assert MOUNTAIN.closed_paths == removed
    # LoR C.3.2: clearings linked by a closed path are not adjacent.
    assert not MOUNTAIN.adjacent(2, 5)
    assert MOUNTAIN.adjacent(2, 5, opened=[path(2, 5)])
    # LoR C.3.1: the tower stands in the central clearing, the Pass.
    assert MOUNTAIN.tower == 10


def test_winter_river_divides_forests() -> None:
    # LoR C.1.1 "Raging River": the river divides forests as printed paths do,
    # so 2_7_12 and 3_7_12 are two forests, not one 2_3_7_12.
    assert WINTER.forest("2_7_12") != WINTER.forest("3_7_12")
    with pytest.raises(KeyError):
        WINTER.forest("2_3_7_12")
    # ... and, being divided by one line, they are adjacent (LoR 2.4.1).
    assert WINTER.forests_adjacent(WINTER.forest("2_7_12"), WINTER.forest("3_7_12"))


def test_forests_named_in_real_games_exist() -> None:
    # Vagabond placements and moves written in RL games.
    for m, name in [
        (WINTER, "1_2_5_6_11_12"),
        (WINTER, "4_9_11"),
        (WINTER, "8_9_11_12"),
        (LAKE, "1_9_12"),
        (LAKE, "2_7_10"),
        (LAKE, "4_5_6_11"),
        (MOUNTAIN, "10_11_12"),
    ]:
        assert forest_name(m.forest(name)) == name


def test_closed_paths_divide_forests() -> None:
    # LoR C.3.2: closed paths divide forests as paths do, so the Vagabond can
    # slip across one: 1_8_9 and 4_8_9_12 lie on both sides of closed 8-9.
    assert MOUNTAIN.forests_adjacent(MOUNTAIN.forest("1_8_9"), MOUNTAIN.forest("4_8_9_12"))
    # Fall: forests 1_2_5_10 and 4_7_8_12 share no clearing, so no path either.
    assert not FALL.forests_adjacent(FALL.forest("1_2_5_10"), FALL.forest("4_7_8_12"))
    assert not FALL.forests_adjacent(FALL.forest("1_2_5_10"), FALL.forest("1_2_5_10"))


def test_lake_ferry_and_shore() -> None:
    # LoR C.2.1: the ferry starts in the corner clearing that is coastal.
    assert LAKE.ferry_start in LAKE.coastal and LAKE.ferry_start in (1, 2, 3, 4)
    # LoR C.2.2: the lake links every two coastal clearings as a river.
    for a in LAKE.coastal:
        for b in LAKE.coastal - {a}:
            assert LAKE.river_linked(a, b)
    # LoR C.2.4: each coastal forest touches two coastal clearings and is
    # adjacent to the coastal forests beside it.
    for f in LAKE.coastal_forests:
        assert len(f & LAKE.coastal) == 2
    assert LAKE.forests_adjacent(LAKE.forest("7_10_11"), LAKE.forest("1_5_11"))
    assert not LAKE.forests_adjacent(LAKE.forest("7_10_11"), LAKE.forest("1_9_12"))


def test_fall_spot_facts() -> None:
    # RN/MS, written out: clearing 11 has three slots, one under a ruin, and
    # clearing 12 touches five clearings by path.
    assert FALL.slots_of(11) == 3 and 11 in FALL.ruins
    assert FALL.neighbours(12) == {4, 7, 9, 10, 11}
    # 8-12 is no path (MS mapData lists it one-sidedly; see maps.py).
    assert not FALL.adjacent(8, 12)
