"""What the Root replay knows that Rootlog does not write, and what it cannot know.

Constructed logs, one rule each. Expected figures come from the Law of Root
(numbers cited) and are counted by hand in the comments. The first turn line
of each faction is its setup (line 9 is the first turn line, see ``HEAD``).
"""

from __future__ import annotations

from typing import NamedTuple

from tmlog.games.root.board import Board
from tmlog.games.root.events import RuleBroken
from tmlog.games.root.notation import parse_rootlog
from tmlog.games.root.pieces import Faction
from tmlog.games.root.replay import RootReplay, replay
from tmlog.games.root.replayer import RootReplayer, turn_stream

HEAD = "Map: Fall\nDeck: E&P\nC: a\nE: b\nA: c\nO: d\nD: e\nP: f\n"
"""Six players on the Fall map (printed suits F M R R R F M F M R M F); turns start at line 9."""

WINTER = (  # turn lines start at line 7
    "Map: Winter\nDeck: E&P\nClearings: F1, M2, R3, F4, M5, F6, M7, M8, R9, F10, R11, R12\n"
    "C: a\nE: b\nD: c\n"
)
"""Winter paths: 1-5 1-10 1-11 2-6 2-7 2-12 3-7 3-8 3-12 4-9 4-10 4-11 5-6 8-9 8-12 9-11."""

LAKE = (  # turn lines start at line 6
    "Map: Lake\nDeck: E&P\nClearings: M1, F2, R3, R4, F5, M6, R7, F8, R9, M10, M11, F12\n"
    "C: a\nE: b\n"
)
"""Lake: the lake links coastal clearings 1, 10, 11, 12 (LoR C.2.2); the ferry starts in 1."""


def run(body: str, head: str = HEAD, *, strict: bool = False) -> RootReplay:
    return replay(parse_rootlog(head + body, source="t.rootlog", lenient=not strict))


class Pushed(NamedTuple):
    board: Board
    """The board after the last push."""
    warnings: list[str]


def board(body: str, head: str = HEAD) -> Pushed:
    log = parse_rootlog(head + body, source="t.rootlog")
    replayer = RootReplayer(log)
    events = [e for item in turn_stream(log) for e in replayer.push(item)] + replayer.finish()
    warned = [e.message for e in events if isinstance(e, RuleBroken) and e.certain]
    return Pushed(replayer.board, warned)


# --------------------------------------------------------------- Riverfolk


def test_riverfolk_starting_funds_are_placed_when_the_setup_leaves_them_out() -> None:
    # LoR 11.3.1: 15 warriors; 11.3.4: 3 in Payments at setup. A setup line of
    # 4 warriors only leaves 15 - 4 - 3 = 8 in supply.
    d = board("O:4w->4\n")
    assert d.board.count(Faction.RIVERFOLK, "w", "O$") == 3
    assert d.board.supply(Faction.RIVERFOLK, "w") == 8
    written = board("O:4w->4/3w->$\n")  # written in the log: not placed twice
    assert written.board.count(Faction.RIVERFOLK, "w", "O$") == 3


def test_protectionism_fills_empty_payments() -> None:
    # LoR 11.4.1: Payments empty at Birdsong -> two Riverfolk warriors there.
    # Setup 4 + 3 = 7 out; turn 1 spends the 3 (back to supply: 15 - 4 = 11);
    # nobody pays before turn 2, so 2 go to Payments (11 - 2 = 9) and are spent.
    result = run("O:4w->4/3w->$\nO:3w$->\nC:#->C\nO:2w$->\n")
    assert result.warnings == []
    d = board("O:4w->4/3w->$\nO:3w$->\nC:#->C\nO:2w$->\n")
    assert d.board.supply(Faction.RIVERFOLK, "w") == 15 - 4


def test_no_protectionism_after_a_payment() -> None:
    # The Marquise paid 2 before the Riverfolk's turn: Payments not empty, so
    # no warriors are added and spending 3 is one too many (LoR 2.5).
    result = run("O:4w->4/3w->$\nO:3w$->\nC:2w->O$\nO:3w$->\n")
    assert result.warnings == [
        "t.rootlog:12:3: O:3w$->: Riverfolk Company has 0 warrior at O$, not 1 (Law of Root 2.5)"
    ]


def test_protectionism_written_in_the_log_is_not_doubled() -> None:
    d = board("O:4w->4/3w->$\nO:3w$->\nO:2w->$\n")
    assert d.board.count(Faction.RIVERFOLK, "w", "O$") == 2


def test_funds_without_an_owner_spend_other_factions_warriors_first() -> None:
    # LoR 11.5: a spent fund goes back to its owner's supply. `2w$->` does not
    # say whose: the Marquise's two paid warriors go back (25 - 0 on the map).
    d = board("O:4w->4/3w->$\nC:2w->O$\nO:2w$->\n")
    assert d.board.supply(Faction.MARQUISE, "w") == 25
    assert d.board.count(Faction.RIVERFOLK, "w", "O$") == 3


def test_a_shortfall_funds_may_cover_is_a_note() -> None:
    # The Marquise pays 3 (25 - 3 = 22 left); the Riverfolk spend 2 funds with
    # no owner written, taken as two cats: 24 in supply, 1 cat in Payments.
    # Placing 25 needs one more than 24, which that cat may be (had the log
    # said the Riverfolk spent it): a note, not a rule broken.
    result = run("O:4w->4/3w->$\nC:3w->O$\nO:2w$->\nC:25w->1\n")
    assert result.warnings == []
    assert result.notes == [
        "t.rootlog:12:3: C:25w->1: Marquise de Cat has 24 warrior left in supply, "
        "not 25 (Law of Root 2.5)"
    ]


def test_a_shortfall_funds_cannot_cover_is_a_warning() -> None:
    # Paid this turn, before any fund was spent: the cats in Payments are there.
    result = run("C:3w->O$/23w->1\n")
    assert result.warnings == [
        "t.rootlog:9:10: C:23w->1: Marquise de Cat has 22 warrior left in supply, "
        "not 23 (Law of Root 2.5)"
    ]


# ------------------------------------------------------------ the Lake's ferry


def test_a_move_across_the_lake_from_the_ferry_is_the_ferry() -> None:
    # LoR C.2.2: the lake is rivers to all but the ferry's passengers; C.2.5:
    # once per turn from the ferry's coastal clearing (1 at setup, C.2.1) to
    # another coastal clearing, the ferry going along. 1-12 is no path.
    d = board("C:w->1\nE:b+6w->2\nC:w1->12\n", LAKE)
    assert d.warnings == [] and d.board.ferry == 12
    twice = run("C:2w->1\nE:b+6w->2\nC:w1->12/w1->10\n", LAKE)
    assert twice.warnings == [
        "t.rootlog:8:10: C:w1->10: only the Riverfolk take the river 1_10 (Law of Root 2.3)"
    ]


def test_a_written_ferry_then_follows_it() -> None:
    # Written to 11, the ferry is in 11 next turn: 11 -> 12 is the ferry again.
    d = board("C:w->1\nE:b+6w->2\nC:(w+f)1->11\nE:#->E\nC:w11->12\n", LAKE)
    assert d.warnings == [] and d.board.ferry == 12


# ------------------------------------------------------------------ the Duchy


def test_duchy_supply_from_the_law_of_root() -> None:
    # LoR 12.3.1: 20 warriors; 12.3.4: 3 citadels and 3 markets.
    result = run("D:2w->1\nD:19w->0\n")
    assert result.warnings == [
        "t.rootlog:10:3: D:19w->0: Underground Duchy has 18 warrior left in supply, "
        "not 19 (Law of Root 2.5)"
    ]
    markets = run("D:4w->5\nD:b_m->5/b_m->1/b_m->8/b_m->9\n")
    assert [w.split(": ", 2)[2] for w in markets.warnings] == [
        "Underground Duchy has 0 market left in supply, not 1 (Law of Root 2.5)"
    ]


def test_the_duchy_moves_between_tunnels_through_the_burrow() -> None:
    # LoR 12.2.2: the Burrow is adjacent to each clearing with a tunnel; Rootlog
    # writes 6 -> Burrow -> 4 as one move. Winter 6 and 4 share no path.
    assert run("D:t+2w->6\nD:t->4/2w6->4\n", WINTER).warnings == []
    assert run("D:t+2w->6\nD:2w6->4\n", WINTER).warnings == [
        "t.rootlog:8:3: D:2w6->4: clearings 6 and 4 are not adjacent (Law of Root 2.2.1)"
    ]


def test_what_a_duchy_box_holds_is_not_followed() -> None:
    # The Duchy's board (ministers, crowns) is outside the seed: a shortfall there
    # proves nothing and is a note.
    result = run("D:2w->1\nD:2w$->\n")
    assert result.warnings == [] and len(result.notes) == 1


# ----------------------------------------------------------- boards and owners


def test_pieces_on_another_factions_board_are_that_factions() -> None:
    # `2wA$->` on an Eyrie turn: two Alliance officers removed (LoR 8.2.x: a
    # base lost costs officers), not Eyrie warriors (there are none on A$).
    d = board("A:2w->$\nE:2wA$->\n")
    assert d.warnings == [] and d.board.count(Faction.ALLIANCE, "w", "A$") == 0


# ------------------------------------------------------- a slip, then the board


def test_a_move_from_the_wrong_clearing_takes_the_warriors_next_door() -> None:
    # 4 cats in 5; the log moves 4 "from 6" to 1 (a slip: none in 6). Fall 1-5
    # is a path, so the 4 in 5 are taken, not 4 new ones from the supply.
    d = board("C:4w->5\nC:4w6->1\n")
    assert len(d.warnings) == 1
    assert d.board.count(Faction.MARQUISE, "w", 5) == 0
    assert d.board.count(Faction.MARQUISE, "w", 1) == 4
    assert d.board.supply(Faction.MARQUISE, "w") == 21


def test_only_the_first_supply_shortfall_of_a_pool_is_a_warning() -> None:
    # 20 Eyrie warriors (LoR 7.3.1): 20 placed, then one more twice. The log has
    # lost count after the first; the second proves nothing new.
    result = run("E:20w->2\nE:w->1\nC:#->C\nE:w->5\n")
    assert [w.split(": ", 2)[1] for w in result.warnings] == ["E:w->1"]
    assert [n.split(": ", 2)[1] for n in result.notes] == ["E:w->5"]


def test_rule_after_a_slip_in_the_counts_is_a_note() -> None:
    # The Marquise's count at 1 is wrong (a cat removed where none stands); who
    # rules 1 is then a guess, so the Eyrie's move from 1 is only noted.
    result = run("C:w->1\nE:w->1\nC:2w->1\nE:Cw5->\nC:#->C\nE:w1->5\n")
    assert [w.split(": ", 2)[1] for w in result.warnings] == ["E:Cw5->"]
    assert [n.split(": ", 2)[1] for n in result.notes] == ["E:w1->5"]
    sure = run("C:w->1\nE:w->1\nC:2w->1\nE:w1->5\n")
    assert [w.split(": ", 2)[1] for w in sure.warnings] == ["E:w1->5"]


def test_a_flip_where_no_plot_stands_flips_the_one_the_log_lost() -> None:
    # Plot placed in 4, flipped "in 2" (a slip): the plot is taken from 4 and
    # the snare stands in 2, so removing it there is no second warning.
    result = run("P:w->2+4\nP:w4->/t->4\nC:#->C\nP:t2^t_s\nC:Pt_s2->\n")
    assert [w.split(": ", 2)[1] for w in result.warnings] == ["P:t2^t_s"]
    d = board("P:w->2+4\nP:w4->/t->4\nC:#->C\nP:t2^t_s\n")
    assert d.board.count(Faction.CORVIDS, "t", 4) == 0
    assert d.board.count(Faction.CORVIDS, "t_s", 2) == 1


def test_a_second_sympathy_the_log_places_is_left_out() -> None:
    # LoR 8.2.5.I: one sympathy token per clearing. The second is reported and
    # not kept, so one removal clears the clearing and a new one is fine.
    result = run("A:t->1\nA:t->1\nC:At1->\nA:t->1\n")
    assert [w.split(": ", 2)[1] for w in result.warnings] == ["A:t->1"]
    assert result.warnings[0].startswith("t.rootlog:10:3:")
