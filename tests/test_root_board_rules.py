"""The Root board against constructed positions, one Law of Root rule per test.

Map facts used below (Fall, ``tmlog.games.root.maps``, sourced there):
clearing 1 (fox, 1 slot) has paths to 5, 9 and 10; 5 and 10 (rabbit) are
linked by a river only; 6 (fox) has 2 slots, one under a ruin. Mouse
clearings are 2, 7, 9, 11; opposite corners are 1-3 and 2-4.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from tmlog.errors import TmlogError
from tmlog.games.root.board import BURROW, Board
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.maps import FALL, LAKE, MOUNTAIN, Suit
from tmlog.games.root.pieces import Faction, Item
from tmlog.games.root.scoring import VpSource
from tmlog.games.root.victory import can_win, check_winners, dominance_met

C, E, A, V, G, L, RF, D, P = (
    Faction.MARQUISE,
    Faction.EYRIE,
    Faction.ALLIANCE,
    Faction.VAGABOND,
    Faction.VAGABOND2,
    Faction.LIZARDS,
    Faction.RIVERFOLK,
    Faction.DUCHY,
    Faction.CORVIDS,
)


def fall(*factions: Faction) -> Board:
    return Board(FALL, factions or (C, E, A, V, L, RF, P))


def broken(rule: str) -> pytest.RaisesContext[RootRuleError]:
    """Expect a RootRuleError citing ``rule``."""
    return pytest.raises(RootRuleError, match=re.escape(f"(Law of Root {rule})") + "$")


class TestRule:
    """LoR 2.8 ruler, 7.2.2 Lords of the Forest, 10.2.4 Pilgrims."""

    def test_most_warriors_and_buildings_rule(self) -> None:
        b = fall()
        b.place(C, "w", 2, 2)
        b.place(A, "w", 2, 1)
        b.place(A, "b_m", 2)
        b.place(A, "t", 2)  # a token: does not count (2.8)
        b.place(V, "p", 2)  # a pawn: does not count (2.8, 9.2.2)
        assert b.ruler(2) is None  # 2 against 1 + 1: a tie rules nobody
        b.place(C, "b_s", 2)
        assert b.ruler(2) is C  # 3 against 2

    def test_empty_clearing_has_no_ruler(self) -> None:
        b = fall()
        b.place(A, "t", 3)
        assert b.ruler(3) is None
        b.place(E, "w", 4)
        b.place(E, "w", 4)
        b.remove(E, "w", 4, 2)
        assert b.ruler(4) is None  # 7.2.2: the Eyrie do not rule empty clearings

    def test_eyrie_win_ties(self) -> None:
        b = fall()
        b.place(C, "w", 2, 2)
        b.place(E, "w", 2)
        b.place(E, "b", 2)
        assert b.ruler(2) is E  # 2 against 1 + 1, the Eyrie take the tie

    def test_a_garden_rules_over_the_eyrie(self) -> None:
        b = fall()
        b.place(E, "w", 7, 3)
        b.place(L, "b_m", 7)
        assert b.ruler(7) is L  # 10.2.4, overriding 7.2.2

    def test_mercenaries_count_for_the_buyer(self) -> None:
        b = fall()
        b.place(C, "w", 2, 2)
        b.place(A, "w", 2, 1)
        b.place(RF, "w", 2, 2)
        assert b.ruler(2) is None
        b.mercenaries = A  # 11.2.7.III: Riverfolk warriors count as the buyer's
        assert b.ruler(2) is A


class TestMove:
    """LoR 4.2.1 you must rule; 2.2.1 adjacency; 2.3 and 11.2.2 rivers."""

    def test_must_rule_origin_or_destination(self) -> None:
        b = fall()
        b.place(C, "w", 1, 1)
        b.place(E, "w", 1, 2)
        b.place(E, "w", 5, 1)
        with broken("4.2.1"):
            b.move(C, 1, 1, 5, at="t.rootlog:3:9")
        b.move(E, 1, 1, 5)  # the Eyrie rule both
        assert b.count(E, "w", 5) == 2 and b.count(E, "w", 1) == 1

    def test_ruling_only_the_destination_is_enough(self) -> None:
        b = fall()
        b.place(C, "w", 1, 1)
        b.place(A, "w", 1, 2)
        b.place(C, "w", 9, 1)
        b.move(C, 1, 1, 9)
        assert b.count(C, "w", 9) == 2

    def test_clearings_must_be_adjacent(self) -> None:
        b = fall()
        b.place(C, "w", 1, 3)
        with broken("2.2.1"):
            b.move(C, 1, 1, 3)
        assert b.count(C, "w", 1) == 3  # nothing moved

    def test_rivers_are_for_the_riverfolk(self) -> None:
        b = fall()
        b.place(C, "w", 5, 2)
        with broken("2.3"):
            b.move(C, 1, 5, 10)
        b.move(C, 1, 5, 10, rivers=True)  # riverboats, 11.2.7.II

    def test_riverfolk_swim_whoever_rules(self) -> None:
        b = fall()
        b.place(RF, "w", 5)
        b.place(C, "w", 5, 3)
        b.place(C, "w", 10, 3)
        b.move(RF, 1, 5, 10)  # along the river: rule not needed (11.2.2)
        b.place(C, "w", 2, 3)
        b.place(RF, "w", 1)
        b.place(C, "w", 1, 2)
        with broken("4.2.1"):
            b.move(RF, 1, 1, 5)  # along a path they must rule (4.2.1)

    def test_cannot_move_pieces_not_there(self) -> None:
        b = fall()
        b.place(C, "w", 1)
        with broken("2.5"):
            b.move(C, 2, 1, 5)

    def test_buildings_do_not_move(self) -> None:
        b = fall()
        b.place(C, "b_s", 1)
        with broken("4.2"):
            b.move(C, 1, 1, 5, code="b_s")

    def test_vagabond_is_nimble_and_slips_into_forests(self) -> None:
        b = fall()
        b.place(V, "p", 1)
        b.place(E, "w", 1, 3)
        b.place(E, "w", 5, 3)
        b.move(V, 1, 1, 5, code="p")  # 9.2.3: regardless of rule
        forest = FALL.forest("1_2_5_10")
        b.move(V, 1, 5, forest, code="p")  # 9.4.2: into an adjacent forest
        b.move(V, 1, forest, FALL.forest("1_9_10_12"), code="p")  # across path 1-10 (2.4.1)
        with broken("2.4.1"):
            b.move(V, 1, FALL.forest("1_9_10_12"), 3, code="p")
        with broken("4.2"):
            b.move(E, 1, 5, forest)  # warriors never enter forests

    def test_corvids_are_nimble(self) -> None:
        b = fall()
        b.place(P, "w", 1)
        b.place(C, "w", 1, 2)
        b.place(C, "w", 5, 2)
        b.move(P, 1, 1, 5)  # LoR 13.2.3

    def test_closed_paths_until_removed(self) -> None:
        b = Board(MOUNTAIN, [C, E], [Suit(s) for s in "RMRFMMFRFFRM"])
        b.place(C, "w", 2)
        with broken("C.3.2"):
            b.move(C, 1, 2, 5)
        b.open_path(5, 2)
        b.move(C, 1, 2, 5)
        with broken("C.3.3"):
            b.open_path(2, 5)

    def test_ferry_crosses_the_lake_once_moved(self) -> None:
        b = Board(LAKE, [C, E], [Suit(s) for s in "FRMRFMMRFMRF"])
        assert b.ferry == 1  # C.2.1
        b.place(C, "w", 1, 2)
        b.move(C, 1, 1, 12, ferry=True)  # C.2.5: coastal to coastal
        assert b.ferry == 12 and b.count(C, "w", 12) == 1
        with broken("C.2.5"):
            b.move(C, 1, 1, 11, ferry=True)  # the ferry is at 12 now

    def test_burrow_moves_are_not_checked_for_adjacency(self) -> None:
        b = fall(C, D)
        b.place(D, "w", BURROW, 2)
        b.move(D, 2, BURROW, 7)
        assert b.count(D, "w", 7) == 2


class TestPieces:
    """LoR 2.5 pieces are limited and must be there; 2.2.3 slots; 6.2.2 the keep."""

    def test_remove_from_where_none_stands(self) -> None:
        b = fall()
        with pytest.raises(RootRuleError) as caught:
            b.remove(E, "w", 3, at="game.rootlog:12:7")
        assert caught.value.rule == "2.5" and caught.value.position == "game.rootlog:12:7"
        assert str(caught.value) == (
            "game.rootlog:12:7: Eyrie Dynasties has 0 warrior at clearing 3, not 1"
            " (Law of Root 2.5)"
        )
        assert isinstance(caught.value, TmlogError)

    def test_supply_runs_out(self) -> None:
        b = fall()
        b.place(E, "b", 1)
        b.place(E, "b", 2, 2)
        b.place(E, "b", 3)
        b.place(E, "b", 4)
        b.place(E, "b", 5, 2)
        assert b.supply(E, "b") == 7 - 7  # seven roosts (7.3.2 + 7.3.5), all placed
        with broken("2.5"):
            b.place(E, "b", 7)
        b.remove(E, "b", 5)
        b.place(E, "b", 7)  # a removed roost is back in supply

    def test_pieces_in_boxes_are_out_of_supply(self) -> None:
        b = fall()
        b.place(A, "w", "A$", 9)  # officers (8.5.3)
        b.place(C, "w", "O$", 25)  # payments to the Riverfolk (11.2.6.I)
        assert b.supply(A, "w") == 10 - 9
        with broken("2.5"):
            b.place(A, "w", 1, 2)
        with broken("2.5"):
            b.place(C, "w", 1)
        b.transfer(C, "w", "O$", 1, 3)
        assert b.count(C, "w", 1) == 3

    def test_keep_and_trade_posts_return_to_the_box(self) -> None:
        b = fall()
        b.place(C, "t_k", 1)
        b.remove(C, "t_k", 1)
        with broken("2.5"):
            b.place(C, "t_k", 2)  # 6.2.2: the keep is gone for good
        b.place(RF, "t_f", 1)
        b.remove(RF, "t_f", 1)
        assert b.supply(RF, "t") == 9 - 1  # 11.2.5.I

    def test_buildings_need_an_open_slot(self) -> None:
        b = fall()
        b.place(C, "b_s", 1)
        with broken("2.2.3"):
            b.place(C, "b_w", 1)  # clearing 1 has one slot
        b.place(C, "b_w", 6)
        with broken("2.2.3"):
            b.place(C, "b_r", 6)  # 2 slots, one under a ruin (2.2.4)
        b.remove_ruin(6)  # explored bare (9.5.3)
        b.place(C, "b_r", 6)
        with broken("2.2.4"):
            b.remove_ruin(6)

    def test_only_the_marquise_place_in_the_keep(self) -> None:
        b = fall()
        b.place(C, "t_k", 1)
        with broken("6.2.2"):
            b.place(E, "w", 1)
        b.place(E, "w", 5, 2)
        b.place(C, "w", 5)
        b.move(E, 1, 5, 1)  # moving in is allowed (6.2.2); the Eyrie rule 5
        assert b.count(E, "w", 1) == 1

    def test_one_sympathy_trade_post_or_plot_per_clearing(self) -> None:
        b = fall()
        b.place(A, "t", 2)
        with broken("8.2.5.I"):
            b.place(A, "t", 2)
        b.place(P, "t", 2)
        with broken("13.2.2.II"):
            b.place(P, "t_b", 2)

    def test_two_plots_of_each_type(self) -> None:
        b = fall()
        b.place(P, "t_b", 1)
        b.place(P, "t_b", 2)
        with broken("13.2.2"):
            b.place(P, "t_b", 3)

    def test_plots_flip_in_place(self) -> None:
        b = fall()
        b.place(P, "t", 1)
        b.place(P, "t", 2)
        b.place(P, "t", 3)
        b.flip(P, 1, "t", "t_b")  # `t1^t_b` (13.2.2.I)
        b.flip(P, 2, "t", "t_b")
        with broken("13.2.2"):
            b.flip(P, 3, "t", "t_b")  # two bomb plots exist
        with broken("2.5"):
            b.flip(P, 4, "t", "t_s")  # no plot in clearing 4
        with broken("2.5"):
            b.flip(P, 3, "t", "w")
        assert b.count(P, "t_b", 1) == 1 and b.count(P, "t", 3) == 1
        assert b.supply(P, "t") == 8 - 3

    def test_vagabond_pawn_never_leaves_the_map(self) -> None:
        b = fall()
        b.place(V, "p", FALL.forest("1_2_5_10"))
        with broken("9.2.2"):
            b.remove(V, "p", FALL.forest("1_2_5_10"))

    def test_unknown_piece(self) -> None:
        with broken("2.5"):
            fall().place(C, "b_x", 1)


class TestBuild:
    """Each faction's build rule."""

    def test_marquise_build_where_they_rule(self) -> None:
        b = fall()
        with broken("6.5.4.II"):
            b.build(C, "b_s", 2)
        b.place(C, "w", 2)
        b.build(C, "b_s", 2)

    def test_eyrie_one_roost_per_ruled_clearing(self) -> None:
        b = fall()
        b.place(E, "w", 2)
        b.build(E, "b", 2)
        with broken("7.5.2.IV"):
            b.build(E, "b", 2)

    def test_lizard_garden_must_match(self) -> None:
        b = fall()
        b.place(L, "w", 2)  # a mouse clearing
        with broken("10.5.1"):
            b.build(L, "b_f", 2)
        b.build(L, "b_m", 2)

    def test_riverfolk_trade_post_where_someone_rules(self) -> None:
        b = fall()
        with broken("11.5.6.I"):
            b.build(RF, "t_m", 2)
        b.place(C, "w", 2)
        with broken("11.5.6.III"):
            b.build(RF, "t_f", 2)
        b.build(RF, "t_m", 2)
        with broken("11.5.6.I"):
            b.place(RF, "t_m", 2)

    def test_alliance_base_in_a_sympathetic_clearing_of_its_suit(self) -> None:
        b = fall()
        with broken("8.4.1.I"):
            b.build(A, "b_m", 2)
        b.place(A, "t", 2)
        with broken("8.4.1.I"):
            b.build(A, "b_f", 2)
        b.build(A, "b_m", 2)


class TestCardsItemsScore:
    def test_craft_takes_from_the_item_supply(self) -> None:
        b = fall()
        b.craft(C, Item.HAMMER)  # the only hammer (5.1.5)
        with broken("4.1.2"):
            b.craft(E, Item.HAMMER)
        assert b.crafted[C][Item.HAMMER] == 1 and b.item_supply[Item.HAMMER] == 0
        b.take_item(C, V, Item.HAMMER)  # Aid (9.5.4)
        with broken("9.5.4"):
            b.take_item(C, V, Item.HAMMER)

    def test_hands(self) -> None:
        b = fall()
        assert b.hands[C] == 3  # LoR 5.1.3: three cards each, not written in Rootlog
        b.draw(C, 1)
        b.give(C, A, 2)
        b.discard(C, 2)
        assert (b.hands[C], b.hands[A]) == (3 + 1 - 2 - 2, 3 + 2)
        with broken("2.1.3"):
            b.discard(C, 1)
        with broken("1.3.2"):
            Board(FALL, [C, A], hand=0).give(C, A)

    def test_vp_floor_and_ledger(self) -> None:
        b = fall()
        b.score(E, 3, VpSource.ROOSTS)
        assert b.score(E, -5, VpSource.TURMOIL) == -3  # floored at 0, as Rootlog counts
        b.score(E, 2, VpSource.REMOVAL)
        assert b.vp[E] == 2
        assert sum(b.vp_by_source[E].values()) == b.vp[E]


class TestVictory:
    """LoR 3.1 thirty points, 3.3 dominance, 9.2.8 coalitions."""

    def test_thirty_points_win(self) -> None:
        b = fall()
        b.score(C, 29)
        with broken("3.1"):
            check_winners(b, [C])
        b.score(C, 1)
        check_winners(b, [C])
        assert can_win(b, C)

    def test_dominance_needs_ten_points_then_stops_scoring(self) -> None:
        b = fall()
        b.score(E, 9)
        with broken("3.3.1"):
            b.activate_dominance(E, Suit.MOUSE)
        b.score(E, 1)
        b.activate_dominance(E, Suit.MOUSE)
        with broken("3.3.1"):
            b.score(E, 1)
        with broken("3.3.2"):
            b.activate_dominance(E, Suit.FOX)

    def test_mouse_dominance_wins_with_three_mouse_clearings(self) -> None:
        b = fall()
        b.score(E, 10)
        b.activate_dominance(E, Suit.MOUSE)
        b.place(E, "w", 2)
        b.place(E, "w", 7)
        with broken("3.3.1"):
            check_winners(b, [E])
        b.place(E, "w", 9)
        check_winners(b, [E])

    def test_bird_dominance_wins_with_opposite_corners(self) -> None:
        b = fall()
        b.score(C, 10)
        b.activate_dominance(C, Suit.BIRD)
        b.place(C, "w", 1)
        b.place(C, "w", 2)
        assert not dominance_met(b, C)  # 1 and 2 are not opposite
        b.place(C, "w", 3)
        assert dominance_met(b, C)

    def test_coalition_with_the_lowest_player(self) -> None:
        b = fall(C, E, A, V)
        b.score(V, 12)
        b.score(C, 5)
        b.score(E, 3)
        b.score(A, 3)
        with broken("9.2.8"):
            b.form_coalition(V, C)  # C is not lowest
        b.form_coalition(V, A)  # tied lowest with E: either may be chosen
        with broken("9.2.8"):
            b.score(V, 1)
        b.score(A, 27)
        check_winners(b, [A, V])
        with broken("9.2.8"):
            check_winners(b, [V])

    def test_chained_coalitions(self) -> None:
        # RL r1g3 (CDVG): V `++->G$`, then G `++->C$`; "Winner: CGV".
        b = fall(C, D, V, G)
        b.score(V, 10)
        b.score(G, 10)
        b.score(C, 12)
        b.score(D, 15)
        b.form_coalition(V, G)  # G lowest among C 12, D 15, G 10
        b.form_coalition(G, C)  # C lowest among C 12, D 15 (V is off the track)
        b.score(C, 30 - 12)
        assert can_win(b, V) and can_win(b, G)
        check_winners(b, [C, G, V])
        with broken("9.2.8"):
            check_winners(b, [C, V])  # V's partner G must win too

    def test_no_coalition_with_a_dominant_player(self) -> None:
        b = fall(C, E, V, G)
        b.score(V, 10)
        b.score(G, 10)
        b.form_coalition(G, C)
        with broken("9.2.8"):
            b.form_coalition(V, G)  # G activated a dominance card for its coalition

    def test_coalitions_need_four_players(self) -> None:
        b = fall(C, E, V)
        b.score(V, 10)
        with broken("9.2.8"):
            b.form_coalition(V, C)


def test_snapshot_is_frozen() -> None:
    b = fall()
    b.place(C, "w", 1, 2)
    b.place(A, "w", "A$", 1)
    b.place(V, "p", FALL.forest("1_2_5_10"))
    b.score(C, 4, VpSource.MARQUISE_BUILDING)
    snap = b.snapshot()
    b.place(C, "w", 1)
    b.score(C, 1)
    assert snap.clearing(1).pieces == ((C, "w", 2),)
    assert snap.clearing(1).ruler is C and snap.clearing(1).suit is Suit.FOX
    assert snap.clearing(6).ruin and snap.clearing(6).slots == 2
    assert snap.elsewhere == {"A$": ((A, "w", 1),), "1_2_5_10": ((V, "p", 1),)}
    assert snap.vp[C] == 4 and snap.map_name == "Fall"
    assert snap.vp_by_source[C] == {VpSource.MARQUISE_BUILDING: 4}
    assert snap.supply[C]["w"] == 25 - 2 and snap.supply[A]["w"] == 10 - 1
    assert snap.supply[V] == {"p": 1 - 1}
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.ferry = 3  # type: ignore[misc]


def test_located_keeps_the_first_position() -> None:
    err = RootRuleError("4.2.1", "x")
    assert err.located("a:1:1").position == "a:1:1"
    assert RootRuleError("4.2.1", "x", position="b:2:2").located("a:1:1").position == "b:2:2"
