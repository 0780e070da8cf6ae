"""Root replayed on the board: Law of Root rules on constructed logs, VP by source,
and the eight real games.

Expected messages name the rule the Law of Root gives for the case; expected VP
are tallied by hand in the comments; real-game figures come from the logs'
text (see ``test_root_game.FINAL``, tallied there from every ``++``/``--``).
"""

# ruff: noqa: E501 - the RULES table keeps each case and its full message on one line.
from __future__ import annotations

from pathlib import Path

import pytest

from tmlog.games.root.game import GAME
from tmlog.games.root.notation import parse_rootlog
from tmlog.games.root.replay import RootReplay, replay

DATA = Path(__file__).parent / "data" / "rootlog"
HEAD = "Map: Fall\nDeck: E&P\nC: a\nE: b\nA: c\nV: d\nO: e\nL: f\n"
"""Six players on the Fall map; turn lines start at line 9."""

FINAL = {
    "2020_11_08_mega_exploding_birds": {"V": 29, "O": 22, "P": 22, "E": 21},
    "2020_11_19_orderly_eyrie": {"E": 31, "A": 11, "C": 11, "L": 8},
    "2020_11_19_winter_tournament_r1g2": {"C": 30, "E": 18, "G": 12, "V": 11},
    "2020_11_20_winter_tournament_r1g5": {"A": 33, "P": 26, "D": 20, "E": 18},
    "2020_11_24_winter_tournament_r2g4": {"C": 30, "A": 28, "O": 27, "P": 13},
    "2020_11_25_winter_tournament_r2g3": {"E": 31, "C": 21, "L": 17, "A": 7},
    "2020_11_26_winter_tournament_r1g3": {"C": 32, "D": 22, "G": 12, "V": 8},
    "2020_12_05_after_dark_special": {"P": 31, "D": 24, "A": 16, "O": 13},
}
"""Final VP per game, as test_root_game.FINAL tallies them from the text."""


def run(body: str, *, strict: bool = False) -> RootReplay:
    return replay(parse_rootlog(HEAD + body, source="t.rootlog", lenient=not strict))


# One broken rule per case: the turn lines, then the message (line 9 is the first turn line).
RULES = {
    "2.2.1 not adjacent": ("C:w->1\nC:w1->3\n", "t.rootlog:10:3: C:w1->3: clearings 1 and 3 are not adjacent (Law of Root 2.2.1)"),
    "2.5 none there": ("C:w->1\nC:Ew1->\n", "t.rootlog:10:3: C:Ew1->: Eyrie Dynasties has 0 warrior at clearing 1, not 1 (Law of Root 2.5)"),
    # Fall clearing 1 has one slot (LoR map), the sawmill fills it.
    "2.2.3 no slot": ("C:b_s->1\nC:w->1/b_w->1/++2\n", "t.rootlog:10:8: C:b_w->1: clearing 1 has 0 open slots, not 1 (Law of Root 2.2.3)"),
    # LoR 7.3.1: 20 warriors; 6 placed in setup leave 14.
    "2.5 supply": ("E:b+6w->2\nE:15w->2\n", "t.rootlog:10:3: E:15w->2: Eyrie Dynasties has 14 warrior left in supply, not 15 (Law of Root 2.5)"),
    # Clearing 5: 2 cats against 1 bird; clearing 1: 1 cat.
    "4.2.1 rule": ("C:2w->5/w->1\nE:w->5\nE:w5->1\n", "t.rootlog:11:3: E:w5->1: Eyrie Dynasties rules neither clearing 5 nor 1 (Law of Root 4.2.1)"),
    # Fall: a river runs between 4 and 7.
    "2.3 river": ("C:w->4\nC:w4->7\n", "t.rootlog:10:3: C:w4->7: only the Riverfolk take the river 4_7 (Law of Root 2.3)"),
    "3.3.1 dominance": ("E:b->2\nE:++3/M#domE->$/++->E$\n", "t.rootlog:10:17: E:++->E$: Eyrie Dynasties has 3 VP, not the 10 a dominance card needs (Law of Root 3.3.1)"),
    # V 10, C 5, the others 0: the partner must be the lowest.
    "9.2.8 coalition": ("C:++5\nV:++10/B#domV->$/++->C$\n", "t.rootlog:10:18: V:++->C$: Marquise de Cat has 5 VP, not the lowest (0) (Law of Root 9.2.8)"),
    # LoR 5.1.5: one crossbow in the item supply (the fox workshop in 1 pays each time).
    "4.1.2 craft": ("C:b_w->1/w->1\nC:Z%x\nE:#->E\nC:Z%x\n", "t.rootlog:12:3: C:Z%x: no crossbow left in the item supply (Law of Root 4.1.2)"),
    "6.2.2 keep": ("C:t_k->1\nE:w->1\n", "t.rootlog:10:3: E:w->1: only the Marquise place pieces in the keep's clearing 1 (Law of Root 6.2.2)"),
    # The Corvids have no player line (HEAD): neither their pieces nor their points exist.
    "5.1 no such faction's piece": ("C:w->1\nC:Pw->1\n", "t.rootlog:10:3: C:Pw->1: Corvid Conspiracy is not in this game (Law of Root 5.1)"),
    "5.1 no such faction's score": ("C:w->1\nC:P++3\n", "t.rootlog:10:3: C:P++3: Corvid Conspiracy is not in this game (Law of Root 5.1)"),
    # LoR 2.4: play passes clockwise. Line 10 (after C's setup on 9) may open play.
    "2.4 twice in a row": ("C:w->1\nC:w->2\nC:w->3\n", "t.rootlog:11:3: C:w->3: Marquise de Cat takes a second turn in a row (Law of Root 2.4)"),
    # Rootlog names a card by its printed name or a listed abbreviation (tmlog.games.root.cards).
    "2.1 no such card drawn": ("C:w->1\nC:#notarealcard->C\n", "t.rootlog:10:3: C:#notarealcard->C: no card of Root is named 'notarealcard' (Law of Root 2.1)"),
    "2.1 no such card crafted": ("C:w->1\nC:Znotarealcard\n", "t.rootlog:10:3: C:Znotarealcard: no card of Root is named 'notarealcard' (Law of Root 2.1)"),
    # The Eyrie's only warrior stands in 5, not in 1.
    "4.3.1 no defender": ("C:w->1\nE:w->5\nC:XE1\n", "t.rootlog:11:3: C:XE1: Eyrie Dynasties has no piece in clearing 1 to battle (Law of Root 4.3.1)"),
    # Fall: the sawmill stands in 1 (setup), the wood goes to 5 (LoR 6.4 Birdsong, 6.5.5 Overwork).
    # Fall: the second recruiter uncovers a 1 VP space (LoR 6.5.4.III); the turn writes no point.
    "6.5.4.III build without its point": ("C:b_r->1/w->1/w->5\nE:#->E\nC:b_r->5/#->C\n", "t.rootlog:11:3: C:b_r->5: Marquise de Cat builds but scores no point (Law of Root 6.5.4.III)"),
    "6.4 wood without a sawmill": ("C:b_s->1/w->1\nC:t->5\n", "t.rootlog:10:3: C:t->5: no sawmill in clearing 5 to make wood (Law of Root 6.4)"),
    # The Marquise reach 30 on line 10: the game is over (the point still counts in lenient mode).
    "3.1 after the win": ("C:w->1\nC:++30\nE:++\n", "t.rootlog:11:3: E:++: Marquise de Cat has already won with 30 VP (Law of Root 3.1)"),
    # Fall 3 is a rabbit clearing: its workshop cannot pay the crossbow's fox (LoR 4.1.1).
    "4.1.1 crafting cost": ("C:t_k->3/b_w->3/w->3\nE:#->E\nC:Z%x\n", "t.rootlog:11:3: C:Z%x: Marquise de Cat has 0 fox crafting pieces unused this turn, not 1 for the crossbow (Law of Root 4.1.1)"),
    # One fox workshop in 1 pays once a turn: the crossbow, not then the hammer.
    "4.1.1 once a turn": ("C:t_k->1/b_w->1/w->1\nE:#->E\nC:Z%x/Z%h\n", "t.rootlog:11:7: C:Z%h: Marquise de Cat has 0 fox crafting pieces unused this turn, not 1 for the hammer (Law of Root 4.1.1)"),
    # Sanctify (LoR 10.4.3.III): the garden that takes the sawmill's place in rabbit 5 is a fox one.
    "10.4.3.III sanctify": ("L:4w+b_f->12\nC:t_k->1/b_s->5/w->5\nL:w->5/XC5/Cb_s5->/b_f->5\n", "t.rootlog:11:20: L:b_f->5: a fox garden does not match rabbit clearing 5 (Law of Root 10.4.3.III)"),
}  # fmt: skip


@pytest.mark.parametrize("strict", [False, True])
def test_a_hand_short_of_cards_is_a_note_not_a_warning(strict: bool) -> None:
    # LoR 5.1.3: three cards in setup, not written. Rootlog leaves out many
    # draws (card effects, the Eyrie's and Alliance's extra draws), so a hand
    # that looks short proves nothing: a note, and the replay goes on.
    result = run("C:w->1\nC:4#C->\nE:#->E\nC:w->2\n", strict=strict)
    assert result.error is None and result.warnings == [] and result.turns_played == 4
    assert result.notes == [
        "t.rootlog:10:3: C:4#C->: Marquise de Cat holds 3 cards, not 4 (Law of Root 2.1.3)"
    ]


def test_a_craft_from_a_hand_that_looks_empty_still_crafts() -> None:
    # The card is spent from a hand of 0 (a note), and the item is still taken
    # from the supply: the second crossbow craft is the rule broken (LoR 4.1.2,
    # one crossbow, 5.1.5).
    result = run("C:b_w->1/w->1\nC:3#C->\nE:#->E\nC:Z%x\nA:#->A\nC:Z%x\n")
    assert result.warnings == [
        "t.rootlog:14:3: C:Z%x: no crossbow left in the item supply (Law of Root 4.1.2)"
    ]
    assert len(result.notes) == 2


@pytest.mark.parametrize("case", sorted(RULES))
def test_a_broken_rule_stops_a_strict_replay(case: str) -> None:
    body, message = RULES[case]
    result = run(body, strict=True)
    assert result.error == message
    broken_turn = int(message.split(":")[1]) - 9
    assert result.turns_played == broken_turn  # the turns before it only
    assert not result.winner


@pytest.mark.parametrize("case", sorted(RULES))
def test_a_broken_rule_is_a_warning_in_lenient_mode(case: str) -> None:
    body, message = RULES[case]
    result = run(body)
    assert result.error is None and result.warnings == [message]
    assert result.turns_played == body.count("\n")


def test_lenient_board_follows_the_log() -> None:
    result = run("C:w->1\nC:w1->3\n")
    assert result.board is not None
    pieces = {c.number: c.pieces for c in result.board.clearings}
    assert pieces[1] == () and [(f.value, code, n) for f, code, n in pieces[3]] == [("C", "w", 1)]


def test_riverfolk_swim() -> None:
    assert run("O:w->4\nO:w4->7\n").warnings == []  # LoR 11.2.2


def test_boat_builders_take_rivers() -> None:
    # The Boat Builders card, once crafted, treats rivers as paths (as in r1g5 line
    # 58 and r2g3 line 50, which cross rivers after crafting it).
    assert run("C:w->4\nC:Zboat/w4->7\n").warnings == []


def test_field_hospitals_and_funds_are_no_breach() -> None:
    # LoR 6.2.3: removed cats go to the keep (written as a move there); LoR 11.2.6:
    # a fund spent is written as the Riverfolk's own warrior whoever's it is.
    body = "C:t_k->1/w->3\nO:w->2\nE:Cw3->1\nC:2w->O$\nO:2w$->\n"
    result = run(body)
    assert result.warnings == []
    assert result.board is not None and result.board.clearing(1).pieces[0][1:] == ("t_k", 1)


def test_vp_by_source_sums_to_vp() -> None:
    body = (
        "C:t_k->9/b_s->9/w->1+5+9\n"  # setup
        "E:b+6w->3\n"
        "O:2w->1/w->2\n"
        "L:4w+b_f->12\n"
        "C:b_w->5/++/Z%f/++\n"  # a workshop: 1 (track); boots crafted in rabbit 5: 1
        "E:w3->7/b->7/++2/$_->/--\n"  # Evening roosts: 2; turmoil: -1
        "A:t->12/++/Cb_w5->/++\n"  # sympathy 1; an enemy building removed: 1
        "V:p->10/%s10->$/++/$_C->1/++/F#Q->$/++\n"  # explore 1, relationship 1, quest 1
        "O:++/t_f+w->1/++2\n"  # dividends 1 (Birdsong); a fox trade post, fox clearing 1: 2
        "L:R#^/++2\n"  # a ritual: 2
    )
    result = run(body)
    assert result.warnings == []
    record = GAME.record(result.log, result)
    by = {(r.faction, r.source): r.vp for r in record.vp}
    assert by == {
        ("C", "craft"): 1,
        ("C", "marquise-building"): 1,
        ("E", "roosts"): 2,
        ("E", "turmoil"): -1,
        ("A", "removal"): 1,
        ("A", "sympathy"): 1,
        ("V", "relationship"): 1,
        ("V", "explore"): 1,
        ("V", "quest"): 1,
        ("O", "dividends"): 1,
        ("O", "trade-post"): 2,
        ("L", "ritual"): 2,
    }
    assert result.vp == {"C": 2, "E": 1, "A": 2, "V": 3, "O": 3, "L": 2}


def test_vp_after_each_round() -> None:
    record = GAME.record(*_replayed("C:w->1\nE:b->2\nC:++2\nE:++\nC:++\n"))
    rows = [(r.round, r.faction, r.vp) for r in record.vp_rounds if r.faction in "CE"]
    # Round 0: setup; round 1: C 2, E 1; round 2: C's second turn, C 3.
    assert rows == [(0, "C", 0), (0, "E", 0), (1, "C", 2), (1, "E", 1), (2, "C", 3), (2, "E", 1)]


def _replayed(body: str) -> tuple[object, RootReplay]:
    result = run(body)
    return result.log, result


# ------------------------------------------------------------------ real games


@pytest.mark.parametrize("name", sorted(FINAL))
def test_real_game_replays_on_the_board(name: str) -> None:
    path = DATA / f"{name}.rootlog"
    result = GAME.replay(GAME.parse(path.read_bytes(), source=path.name))
    assert result.error is None and result.vp == FINAL[name]
    assert result.turns_played == len(result.log.turns)
    for faction, sources in result.vp_by_source.items():
        assert sum(sources.values()) == FINAL[name][faction]
    assert all(w.startswith(f"{path.name}:") for w in result.warnings)


def _warnings(name: str) -> list[str]:
    path = DATA / f"{name}.rootlog"
    return GAME.replay(GAME.parse(path.read_bytes(), source=path.name)).warnings


def test_after_dark_move_off_the_paths() -> None:
    # Line 49 `w2->1` on the Winter map: 1 and 2 share no path (LoR 2.2.1).
    assert (
        "2020_12_05_after_dark_special.rootlog:49:27: P:w2->1: clearings 2 and 1 are not "
        "adjacent (Law of Root 2.2.1)"
    ) in _warnings("2020_12_05_after_dark_special")


def test_mega_riverfolk_start_elsewhere() -> None:
    # Line 14 (setup) puts the Riverfolk's 4 warriors in 11; line 18 moves 4 from 10.
    text = (DATA / "2020_11_08_mega_exploding_birds.rootlog").read_text()
    assert text.splitlines()[13].startswith("O:4w->11/") and "O:4w10->4" in text.splitlines()[17]
    assert (
        "2020_11_08_mega_exploding_birds.rootlog:18:3: O:4w10->4: Riverfolk Company has 0 "
        "warrior at clearing 10, not 4 (Law of Root 2.5)"
    ) in _warnings("2020_11_08_mega_exploding_birds")


def test_r1g3_coalition_under_ten_points() -> None:
    # V ends with 8 VP and never loses any (no `V--` in the log): fewer than 10 at
    # its coalition on line 46 (LoR 3.3.1).
    text = (DATA / "2020_11_26_winter_tournament_r1g3.rootlog").read_text()
    assert "V--" not in text and "V:" in text.splitlines()[45]
    assert (
        "2020_11_26_winter_tournament_r1g3.rootlog:46:85: V:++->G$: Vagabond has 8 VP, "
        "not the 10 a dominance card needs (Law of Root 3.3.1)"
    ) in _warnings("2020_11_26_winter_tournament_r1g3")


def test_strict_replay_of_a_real_game_stops_at_its_first_breach() -> None:
    path = DATA / "2020_11_19_orderly_eyrie.rootlog"
    lenient = GAME.replay(GAME.parse(path.read_bytes(), source=path.name))
    strict = GAME.replay(
        GAME.parse(path.read_bytes(), source=path.name, input_format="rootlog-strict")
    )
    assert strict.error == lenient.warnings[0] and strict.vp != lenient.vp


def test_mountain_pass_and_closed_path() -> None:
    # Mountain (LoR C.3): the Pass is clearing 10; ruling it at the end of the turn
    # scores 1 (C.3.4); removing a closed path (2_5) scores 1 (C.3.3).
    head = (
        "Map: Mountain\nDeck: E&P\n"
        "Clearings: F1, M2, R3, F4, M5, R6, F7, M8, R9, F10, M11, R12\nC: a\nE: b\n"
    )
    log = parse_rootlog(head + "C:w->10+2\nC:2_5->/++/w2->5/++\n", source="m.rootlog")
    result = replay(log)
    assert result.warnings == []
    record = GAME.record(log, result)
    assert {(r.source, r.vp) for r in record.vp if r.faction == "C"} == {
        ("closed-path", 1),
        ("pass", 1),
    }


def test_the_defender_scores_for_what_it_removed() -> None:
    # A's own sympathy token removed in A's turn (in battle), then C scores for it
    # (LoR 3.2.1); a point C scores in A's turn otherwise is `other` (a card).
    result = run("C:w->1\nA:t->1\nA:XC1/t1->/C++/C++\n")
    record = GAME.record(result.log, result)
    assert {(r.source, r.vp) for r in record.vp if r.faction == "C"} == {
        ("removal", 1),
        ("other", 1),
    }


# The Eyrie's roosts and turmoil, tallied by hand from each `E:` line of the log:
# a point in Evening (after `b->`, or the turn's last `++N` with no battle before
# it) is the roosts track's; `--N` on the Eyrie's own turn is turmoil (LoR 7.7.1),
# whether written before or after the Decree is purged (`$_->`).
EYRIE_ROOSTS_AND_TURMOIL = {
    # Roosts: line 29 `b->8/++` 1, 34 `b->9/++2` 2, 39 `b->12/++3` 3, 44
    # `b->4/++3` 3, 49 `b->10/++3` 3, 54 `--7/$_->/#commander->$/++3` 3: 15 (line
    # 44's `++` at its very start, in Birdsong, is the Coffin Makers crafted on
    # line 39, `Zcoffin`: not a roost). Turmoil: line 24 `--3` at 0 VP loses
    # nothing (VP do not go below 0), line 54 `--7`: -7.
    "2020_11_08_mega_exploding_birds": (15, -7),
    # Roosts: line 26 `++` 1, 31 `++3` 3, 36 `++4` 4, 41 `$_->/--5/#commander->$/++5`
    # 5, 46 `++4` (no building placed, the track still scores) 4, 51
    # `$_->/--3/++3` 3, 56 the last `++3` 3: 23. Turmoil: line 41 -5, 51 -3: -8.
    "2020_11_19_winter_tournament_r1g2": (23, -8),
}


@pytest.mark.parametrize("name", sorted(EYRIE_ROOSTS_AND_TURMOIL))
def test_eyrie_turmoil_is_the_loss_and_the_evening_point_is_roosts(name: str) -> None:
    path = DATA / f"{name}.rootlog"
    result = GAME.replay(GAME.parse(path.read_bytes(), source=path.name))
    by = {(r.faction, r.source): r.vp for r in GAME.record(result.log, result).vp}
    assert (by[("E", "roosts")], by[("E", "turmoil")]) == EYRIE_ROOSTS_AND_TURMOIL[name]


def test_cards_by_name_abbreviation_and_board() -> None:
    # A name, its abbreviation (Rootlog_V2.md), an ambush, a leader and a minister.
    result = run("C:w->1\nE:#sappers->E/Zsap/B#@->E/#despot->$\nA:#brigadier->$\n")
    assert [w for w in result.warnings if "no card" in w] == []


def test_a_third_building_in_a_one_slot_clearing_finds_none_open() -> None:
    # Fall's clearing 1 has one slot: the workshop is the first breach, the
    # recruiter the second, and the board says 0 open slots, not -1 (LoR 2.2.3).
    result = run("C:b_s->1\nC:w->1/b_w->1/++2\nE:#->E\nC:b_r->1/++\n")
    assert [w.split(": ", 2)[2] for w in result.warnings] == [
        "clearing 1 has 0 open slots, not 1 (Law of Root 2.2.3)"
    ] * 2


# A point Rootlog writes as one number may hold two sources; each case's split
# is tallied by hand from the Law of Root rule named.
SHARES = {
    # LoR 7.8.4: under the Despot, one more point per battle that removes a
    # building or token: `++2` for one sawmill is 1 removal and 1 despot.
    "despot": (
        "C:b_s->1\nE:#despot->$\nC:w->1\nE:w->1/XC1/Cb_s1->/++2\n",
        "E",
        {"removal": 1, "despot": 1},
    ),
    # Without the Despot the same battle is worth 1 a building: both removal.
    "no despot": ("C:b_s->1/b_w->1\nE:w->1/XC1/(Cb_s+Cb_w)1->/++2\n", "E", {"removal": 2}),
    # LoR 9.2.9.III: a Hostile faction's token is 1 removal and 1 infamy; its
    # warrior 1 infamy. Turning it Hostile scores nothing (9.2.9.III.a).
    "infamy": ("A:t->1/w->1\nV:p->1/$_A->h/XA1/(Aw+At)1->/++2\n", "V", {"removal": 1, "infamy": 1}),
    # Master Engravers (E&P): one more point per item, the card's: `++2` for a
    # bag (1 VP) is 1 craft and 1 other.
    "engravers": ("A:Zengrave\nC:w->1\nA:Z%b/++2\n", "A", {"craft": 1, "other": 1}),
    # Coffin Makers score at the start of Birdsong; the Evening's point is a roost.
    "coffin makers": ("E:Zcoffin\nC:w->1\nE:++/b->1/++\n", "E", {"other": 1, "roosts": 1}),
    # A card that makes no item scores nothing for being crafted (LoR 3.2.2):
    # the Evening's `++2` after Fox Partisans is the roosts'.
    "no item": ("E:b->1\nC:w->1\nE:Zfpart/b->2/++2\n", "E", {"roosts": 2}),
    # Exploring: a torch exhausted at a ruin scores 1 (LoR 9.5.3).
    "explore": ("V:p->6\nC:w->1\nV:%r->e/++\n", "V", {"explore": 1}),
}


@pytest.mark.parametrize("case", sorted(SHARES))
def test_one_number_may_hold_two_sources(case: str) -> None:
    body, faction, expected = SHARES[case]
    result = run(body)
    record = GAME.record(result.log, result)
    assert {r.source: r.vp for r in record.vp if r.faction == faction and r.vp} == expected


def test_the_duchy_swaying_a_minister_scores_other_after_a_removal() -> None:
    # `#marshal->$` after a battle: the next point is the sway's (a Duchy rule,
    # outside the seed: `other`), not the removal's, which the log did not write.
    head = "Map: Fall\nDeck: E&P\nA: a\nD: b\n"
    body = "A:t->1\nD:w->1/XA1/At1->/#marshal->$/++\n"
    result = replay(parse_rootlog(head + body, source="t.rootlog"))
    record = GAME.record(result.log, result)
    assert {(r.faction, r.source): r.vp for r in record.vp if r.vp} == {("D", "other"): 1}


def test_a_piece_removed_in_battle_with_no_clearing_is_the_battles() -> None:
    # `XO8/Ot_m->` (mega_exploding_birds, line 35): by the letter from the supply
    # to the supply; read as the defender's trade post in 8, with a warning.
    head = "Map: Fall\nDeck: E&P\nO: a\nC: b\n"
    body = "O:(w+t_m)->8\nC:w->8/XO8/Ot_m->/++\n"
    result = replay(parse_rootlog(head + body, source="t.rootlog"))
    assert result.warnings == [
        "t.rootlog:6:12: C:Ot_m->: a piece removed in battle with no clearing written:"
        " read as clearing 8, the battle's (Law of Root 4.3.3)"
    ]
    assert result.board is not None
    pieces = [(f.value, code, n) for f, code, n in result.board.clearing(8).pieces]
    assert pieces == [("C", "w", 1), ("O", "w", 1)]  # the trade post is gone
    record = GAME.record(result.log, result)
    assert {(r.faction, r.source): r.vp for r in record.vp if r.vp} == {("C", "removal"): 1}
    strict = replay(parse_rootlog(head + body, source="t.rootlog", lenient=False))
    assert strict.error is not None and "4.3.3" in strict.error
