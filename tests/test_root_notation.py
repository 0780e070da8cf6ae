"""Rootlog notation: the eight public games parse, the known deviations are exactly
the lenient warnings, every action prints back, and bad text gets a positioned error.

Expected figures come from the files themselves: turn lines and slash-separated
actions are counted with plain string operations written here (not with the
parser), and the deviations' positions are found with ``str.index`` on the line.
"""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

from tmlog.errors import LogSyntaxError
from tmlog.games.root.notation import parse_rootlog
from tmlog.games.root.notation.actions import (
    Battle,
    ClosePath,
    Craft,
    DiscardDecree,
    Dominance,
    Expose,
    Flip,
    Hire,
    Move,
    Reveal,
    Score,
    SetFunds,
    SetOutcast,
    SetPrice,
    SetRelationship,
    Trick,
)
from tmlog.games.root.notation.printer import print_log

DATA = Path(__file__).parent / "data" / "rootlog"
GAMES = sorted(DATA.glob("*.rootlog"))


def _text(name: str) -> str:
    return (DATA / f"{name}.rootlog").read_text(encoding="utf-8")


def _turn_lines(text: str) -> list[tuple[int, str]]:
    """Turn lines by hand: `F:` then no blank (a player line has one); comment cut."""
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        body = line.split("//")[0].strip()
        if re.match(r"^[A-Z]:\S", body) and not body.startswith("Map:"):
            out.append((number, body))
    return out


# Turn and action counts, from the files (see _turn_lines); the same counts
# come from @seiyria/rootlog-parser 1.4.0 on the five games it reads whole.
COUNTS = {
    "2020_11_08_mega_exploding_birds": (37, 442),
    "2020_11_19_orderly_eyrie": (26, 253),
    "2020_11_19_winter_tournament_r1g2": (34, 375),
    "2020_11_20_winter_tournament_r1g5": (45, 476),
    "2020_11_24_winter_tournament_r2g4": (29, 368),
    "2020_11_25_winter_tournament_r2g3": (31, 319),
    "2020_11_26_winter_tournament_r1g3": (34, 364),
    "2020_12_05_after_dark_special": (34, 332),
}

# The deviations of rootlog.md §2.3, each with its line (read off the files).
DEVIATIONS = [
    ("2020_11_08_mega_exploding_birds", 14, "($_h+$_m)", "$_h+$_m", "grouped in parentheses"),
    ("2020_11_08_mega_exploding_birds", 38, "($_h+$_r)", "$_h+$_r", "grouped in parentheses"),
    # `(5w)1->12`: a group joins things with `+` (Rootlog_V2.md); the npm parser refuses it.
    ("2020_11_19_winter_tournament_r1g2", 26, "(5w)1", "5w1", "around one thing"),
    ("2020_11_25_winter_tournament_r2g3", 46, "r_b", "b_r", "letters swapped"),
    ("2020_12_05_after_dark_special", 20, "(t+w0)", "t+w0", "inside a group"),
    ("2020_12_05_after_dark_special", 30, "(t+4w0)", "t+4w0", "inside a group"),
    ("2020_12_05_after_dark_special", 40, "(t+4w0)", "t+4w0", "inside a group"),
]


def test_there_are_eight_games() -> None:
    assert [g.stem for g in GAMES] == sorted(COUNTS)
    assert len(CLEAN) == 4


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_turn_and_action_counts(name: str) -> None:
    text = _text(name)
    by_hand = _turn_lines(text)
    turns, actions = COUNTS[name]
    assert len(by_hand) == turns
    assert sum(len(body[2:].split("/")) for _, body in by_hand) == actions
    log = parse_rootlog(text, source=name)
    assert len(log.turns) == turns
    assert sum(len(t.actions) for t in log.turns) == actions
    assert [t.line for t in log.turns] == [n for n, _ in by_hand]
    # Each faction's first turn is its setup: four players, four setup turns.
    assert sum(t.setup for t in log.turns) == 4 == len(log.players)


def test_the_lenient_warnings_are_exactly_the_known_deviations() -> None:
    expected = []
    for name, line, written, read_as, why in DEVIATIONS:
        column = _text(name).split("\n")[line - 1].index(written) + 1
        expected.append((f"{name}.rootlog", line, column, written, read_as, why))
    got = []
    for path in GAMES:
        log = parse_rootlog(path.read_bytes(), source=path.name)
        for warning in log.warnings:
            m = re.fullmatch(r"(.+?):(\d+):(\d+): ([^:']+): '(.+)' read as '(.+)'", warning)
            assert m, warning
            got.append((m[1], int(m[2]), int(m[3]), m[5], m[6], m[4]))
    assert len(got) == len(expected)
    for (*place, why), (*got_place, description) in zip(expected, got, strict=True):
        assert got_place == place and why in description


@pytest.mark.parametrize("name,line,written", [(d[0], d[1], d[2]) for d in DEVIATIONS])
def test_strict_mode_rejects_each_deviation_where_it_is(name: str, line: int, written: str) -> None:
    text = _text(name)
    # Fix every other deviation of the file by hand, so the one under test is the first.
    lines = text.split("\n")
    for other_name, other_line, other_written, read_as, _ in DEVIATIONS:
        if other_name == name and other_line != line:
            lines[other_line - 1] = lines[other_line - 1].replace(other_written, read_as, 1)
    column = lines[line - 1].index(written) + 1
    with pytest.raises(LogSyntaxError) as caught:
        parse_rootlog("\n".join(lines), source="g.rootlog", lenient=False)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"g.rootlog:{line}:{column}: unexpected '{written}'")


CLEAN = [p for p in GAMES if not any(d[0] == p.stem for d in DEVIATIONS)]


@pytest.mark.parametrize("path", CLEAN, ids=lambda p: p.stem)
def test_strict_mode_reads_the_games_without_deviations(path: Path) -> None:
    strict = parse_rootlog(path.read_bytes(), source=path.name, lenient=False)
    assert strict.warnings == [] and strict.turns == parse_rootlog(path.read_bytes()).turns


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_round_trip(path: Path) -> None:
    """parse → print → parse gives equal actions; the print is the original line but
    for the documented normalisation (a lenient fix is printed in the spec's form)."""
    text = path.read_text(encoding="utf-8")
    log = parse_rootlog(text, source=path.name)
    by_hand = dict(_turn_lines(text))
    fixes = [(d[1], d[2], d[3]) for d in DEVIATIONS if d[0] == path.stem]
    for turn in log.turns:
        original = by_hand[turn.line]
        for line, written, read_as in fixes:
            if line == turn.line:
                original = original.replace(written, read_as, 1)
        assert str(turn) == original
        for action in turn.actions:
            again = parse_rootlog(
                f"Map: Fall\nDeck: E&P\n{turn.faction}: x\n{turn.faction}:{action}\n"
            )
            (reparsed,) = again.turns[0].actions
            assert reparsed == action and type(reparsed) is type(action)
    printed = parse_rootlog(print_log(log), lenient=False)
    assert printed.turns == log.turns and printed.winner == log.winner
    assert (printed.map, printed.deck, printed.clearings, printed.pool) == (
        log.map, log.deck, log.clearings, log.pool
    )  # fmt: skip
    assert [(p.faction, p.name) for p in printed.players] == [
        (p.faction, p.name) for p in log.players
    ]


def test_headers() -> None:
    log = parse_rootlog(_text("2020_11_19_winter_tournament_r1g2"))
    assert (log.map, log.deck, log.pool) == ("Lake", "E&P", tuple("CEVAG"))
    assert log.clearings == tuple("FRMRFMMRFMRF")
    assert [(p.faction, p.name) for p in log.players] == [
        ("E", "LilyG"), ("V", "Andromeda"), ("C", "Phily"), ("G", "Phouglas"),
    ]  # fmt: skip
    assert log.winner == ("C", "G")
    fall = parse_rootlog(_text("2020_11_24_winter_tournament_r2g4"))
    assert fall.clearings is None and fall.suits[:3] == ("F", "M", "R")
    spaced = parse_rootlog(_text("2020_11_25_winter_tournament_r2g3"))
    assert spaced.players[1].name == "Russano the Wise"


# One game's actions of each class, counted by hand in its text.
def test_typed_actions_in_the_corpus() -> None:
    kinds: dict[str, int] = {}
    for path in GAMES:
        for _, action in parse_rootlog(path.read_bytes()).actions():
            kinds[action.kind] = kinds.get(action.kind, 0) + 1
    # `XA`-style battles: 'X' occurs in no other action form of the corpus.
    battles = sum(
        len(re.findall(r"(?:^|/)[A-Z]?X", body[2:]))
        for p in GAMES
        for _, body in _turn_lines(p.read_text(encoding="utf-8"))
    )
    assert kinds["battle"] == battles
    assert kinds["dominance"] == 4  # ++->E$, ++->C$ (r1g2); ++->G$, ++->C$ (r1g3)
    assert kinds["trick"] == 3 and kinds["expose"] == 6
    assert kinds["close_path"] == 6  # the Vagabonds' and Duchy's closed paths in r1g3
    texts = [p.read_text(encoding="utf-8") for p in GAMES]
    assert kinds["discard_decree"] == sum(len(re.findall(r"\$_->(?:/|$)", t, re.M)) for t in texts)
    assert kinds["outcast"] == sum(t.count("$_o->") + t.count("$_ho->") for t in texts)


SPEC_EXAMPLES = {
    # faction whose turn it is: actions from the spec's examples, as written there
    "D": "2Dw3->5/4w10->4/b->3/At5->/F#domO->C/#V->C/F#C->/#->C/#brigadier->$/#brigadierD$->",
    "A": "3#A->$/3F#$->/#E->A$/R#@*->A/(2R+B)#A$->/h_E->A$4/(2R+B)#^",
    "V": "%sO$->V$/%s12->$/%s->e/%fe->/%sde->r/(%r+%t+%s)d->s/%ct->s/%_d->s+r/XK9/$_K->h",
    "O": "$_->3/$_h->4/$_f->2/#bankO->/w->$/%uh_V$->",
    "L": "$_o->F/$_ho->M/(4Lw+2Lb_r)4->",
    "E": "(B+F)#E->$_r/M#E->$_x+$_m/$_->/XE3/(w+2Ew+Eb)3->/++/XV1B@/XP2M@(0,0)/++->C$",
    "P": "?Pt_e5/#^P/?Pt3^t_e/t4^t_r/Pt5^t_r/t12<->t4/XP12/Pt12^t_r",
    "K": "b_j_t->12/t_t7_10_11->10/t10^t_2_t/#faith$_2->/t_3_f5->$/++5/Kt_f9->2_3_7_12",
    "H": "w12->/w_w->12/h_Op->4/h_OXD4/3Dw4->",
    "G": "V^O/F#+2M#^/2M#^/^A/%r->e/CXO12/(2Cw+3Ow)12->/$_O+$_C->h/++3/5_9->/Z%h/Zrpart",
}


def test_the_spec_examples_parse_and_print_back() -> None:
    players = "".join(f"{f}: p{f}\n" for f in SPEC_EXAMPLES)
    turns = "".join(f"{f}:{a}\n" for f, a in SPEC_EXAMPLES.items())
    log = parse_rootlog(f"Map: Lake\nDeck: Standard\n{players}{turns}", lenient=False)
    assert [str(t) for t in log.turns] == [f"{f}:{a}" for f, a in SPEC_EXAMPLES.items()]
    of = {t.faction: [type(a) for a in t.actions] for t in log.turns}
    assert of["O"][:3] == [SetPrice, SetPrice, SetFunds] and of["L"][:2] == [SetOutcast] * 2
    assert of["E"][2] is DiscardDecree and of["E"][-1] is Dominance
    assert of["V"][-1] is SetRelationship and of["A"][5] is Hire
    assert of["P"] == [Expose, Reveal, Expose, Flip, Flip, Trick, Battle, Flip]
    assert of["G"][-3:] == [ClosePath, Craft, Craft] and of["G"][0] is Reveal
    flips = [a for t in log.turns for a in t.actions if isinstance(a, Flip)]
    # Three Corvid plots (P: t4^t_r, Pt5^t_r, Pt12^t_r), then a Keepers relic (K: t10^t_2_t).
    assert [str(f.to) for f in flips] == ["t_r", "t_r", "t_r", "t_2_t"]
    battle = log.turns[5].actions[7]
    assert isinstance(battle, Battle) and battle.ambushes == ("M",) and battle.roll == (0, 0)
    score = log.turns[0].actions  # no score in D's examples
    assert not any(isinstance(a, Score) for a in score) and isinstance(score[0], Move)


def test_the_raft_of_before_v2_8() -> None:
    text = "Map: Lake\nDeck: E&P\nC: x\nC:(3w+r)1->12\n"
    log = parse_rootlog(text)
    assert str(log.turns[0]) == "C:(3w+f)1->12"
    assert log.warnings == [
        "<string>:4:7: the raft piece 'r' of Rootlog before V2.8: 'r' read as 'f'"
    ]
    with pytest.raises(LogSyntaxError, match=r"<string>:4:7: unexpected 'r' \(the raft"):
        parse_rootlog(text, lenient=False)


BAD = [
    # text of line 4, column, what the message says was found, a word it expects
    ("C:w->1/XE", 10, "end of line", "expected a number"),
    ("C:w=>3", 4, "'='", "'->'"),
    ("C:t_k->13", 3, "'13'", "a clearing number (0-12)"),  # a clearing past 12
    ("C:XE13", 5, "'13'", "a clearing number (1-12)"),
    ("C:w->7_2_10", 6, "'7_2_10'", "ascending order"),
    ("C:Yw->3", 3, "'Yw'", "expected one of '#', '$_'"),
    ("C:$_o->F", 3, "'$_o->F' on a turn of C", "outcasts (L)"),  # the Lizards' slot
    ("O:$_h->9", 8, "'9'", "price value (1, 2, 3, 4)"),
    ("L:$_o->h", 8, "'h'", "outcast value (B, F, M, R)"),
    ("C:w->M", 3, "'M'", "a clearing, forest, hand, board or slot"),
    ("C:2w->3/XE3B@F@M@", 9, "'M@'", "at most two ambush"),
    ("E:w->1", 1, "'E:'", "a turn of a faction named on a player line"),
    # A score past the winning 30 at once (LoR 3.1): once 2**63 wrapped round in the
    # VP tables (a negative total) and 2**64 ended the run in an OverflowError.
    ("C:++31", 5, "'31'", "a score change of at most 30"),
    ("C:--9223372036854775808", 5, "'9223372036854775808'", "at most 30"),
    ("C:E++18446744073709551616", 6, "'18446744073709551616'", "at most 30"),
]


@pytest.mark.parametrize("line,column,unexpected,expected", BAD)
def test_errors_name_the_place_and_what_was_expected(
    line: str, column: int, unexpected: str, expected: str
) -> None:
    player = "C" if line.startswith("E:") else line[0]
    text = f"Map: Fall\nDeck: E&P\n{player}: Ann\n{line}\n"
    with pytest.raises(LogSyntaxError) as caught:
        parse_rootlog(text, source="bad.rootlog")
    message = str(caught.value)
    assert message.startswith(f"bad.rootlog:4:{column}: unexpected {unexpected}"), message
    assert expected in message
    assert message.endswith(f"    {line}\n    {' ' * (column - 1)}^")


def test_header_errors() -> None:
    with pytest.raises(LogSyntaxError, match=r"g:1:6: unexpected 'Autumn'; expected a map"):
        parse_rootlog("Map: Autumn\n", source="g")
    with pytest.raises(LogSyntaxError, match=r"g:3:21: unexpected '4'; expected clearing 3"):
        parse_rootlog("Map: Lake\nDeck: E&P\nClearings: F1, R2, M4\n", source="g")
    with pytest.raises(LogSyntaxError, match=r"g:3:9: unexpected 'X'; expected a faction"):
        parse_rootlog("Map: Lake\nDeck: E&P\nPool: CEX\n", source="g")
    with pytest.raises(
        LogSyntaxError, match=r"g:1:1: unexpected 'C'; expected one of 'Map:', end of line"
    ):
        parse_rootlog("C:w->1\n", source="g")


@pytest.mark.parametrize(
    "name",
    [
        "tmlog.games.root.notation",
        "tmlog.games.root.notation.atoms",
        "tmlog.games.root.notation.actions",
        "tmlog.games.root.notation.parser",
        "tmlog.games.root.notation.printer",
        "tmlog.games.root.replay",
        "tmlog.games.root.record",
        "tmlog.games.root.game",
    ],
)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


ADSET = """Map: Mountain
Deck: E&P
Clearings: R1, M2, R3, F4, M5, M6, F7, R8, F9, F10, R11, M12
Landmarks: treetop->3/f->7
Hirelings: h_E, h_Vd, h_T/h_Ew->3+4/h_Vdp->2_5_10
Pool: CEHK
K: Kim
K:(2w+b_f)->1/t_t->1
H: Hal
H:(4w+w_w)->12/b->12/#stubborn->$
Winner: K
"""


def test_adset_landmarks_hirelings_and_interleaved_setup() -> None:
    """Spec "Game Setup (Standard and ADSET)": each player line is followed by
    that player's setup turn; landmarks and hirelings (with their setup) in the header."""
    log = parse_rootlog(ADSET, lenient=False)
    assert log.landmarks == (("treetop", 3), ("f", 7))
    assert [str(h) for h in log.hirelings] == ["h_E", "h_Vd", "h_T"]
    assert [str(a) for a in log.hireling_setup] == ["h_Ew->3+4", "h_Vdp->2_5_10"]
    assert [(t.faction, t.setup) for t in log.turns] == [("K", True), ("H", True)]
    assert print_log(log) == ADSET
    with pytest.raises(
        LogSyntaxError, match=r"<string>:4:23: unexpected 'castle'; expected a landmark"
    ):
        parse_rootlog(ADSET.replace("treetop->3/f", "treetop->3/castle"))


def test_a_turn_above_its_player_line_is_refused() -> None:
    # A turn moved into the header: C's turn on line 3, C's player line on line 4.
    with pytest.raises(LogSyntaxError) as caught:
        parse_rootlog("Map: Fall\nDeck: E&P\nC:w->1\nC: Ann\n", source="g")
    assert str(caught.value).startswith(
        "g:3:1: unexpected 'C:'; expected a turn of a faction named on a player line above it"
    )


def test_a_player_line_after_play_began_is_refused() -> None:
    # Lines 5 and 6 are the setup turns, line 7 C's second turn: play has begun, and
    # `A: phod` on line 8 (a turn `A:phod` with a blank) cannot name a player.
    text = "Map: Fall\nDeck: E&P\nC: Ann\nE: Bob\nC:w->1\nE:b->2\nC:w->3\nA: phod\n"
    with pytest.raises(LogSyntaxError) as caught:
        parse_rootlog(text, source="g")
    assert str(caught.value).startswith(
        "g:8:1: unexpected 'A: phod' after play began on line 7; expected a player line "
        "before the first turn of play"
    )
    # In ADSET each player line stands before its own setup turn: still read.
    adset = "Map: Fall\nDeck: E&P\nC: Ann\nC:w->1\nE: Bob\nE:b->2\nC:w->3\n"
    assert [p.faction for p in parse_rootlog(adset).players] == ["C", "E"]
