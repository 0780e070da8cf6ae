"""The corrections in the Rootlog repository's history, replayed before and after.

Rootlog's authors corrected their 8 games in 24 content commits (the inventory,
with the non-content changes, is ``tests/data/rootlog/history/README.md``).
Each version of a game is stored there as ``<game>@<commit>.rootlog``: the file
as that commit left it. A correction turns the version its game had before it
into its own.

Each content correction is one of:

- ``FLAGGED`` -- the replay of the earlier file warns at a line the correction
  changed, and the correction removes that warning;
- ``UNREADABLE`` -- the earlier file does not parse, and the parse error is at
  a line the correction changed (the log itself is malformed there);
- ``EXPLAINED`` -- the earlier file is a possible game at the corrected lines;
  each case says why the log cannot show the slip, and checks what it says.
"""

# ruff: noqa: E501 - each warning stays whole on its line.
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tmlog.games.root.game import GAME
from tmlog.games.root.replay import RootReplay

HISTORY = Path(__file__).parent / "data" / "rootlog" / "history"

MEGA = "2020_11_08_mega_exploding_birds"
ORDERLY = "2020_11_19_orderly_eyrie"
R1G2 = "2020_11_19_winter_tournament_r1g2"
R1G5 = "2020_11_20_winter_tournament_r1g5"
R2G4 = "2020_11_24_winter_tournament_r2g4"
R2G3 = "2020_11_25_winter_tournament_r2g3"
R1G3 = "2020_11_26_winter_tournament_r1g3"
DARK = "2020_12_05_after_dark_special"


@dataclass(frozen=True)
class Correction:
    commit: str
    game: str
    before: str
    """The commit whose version of the game this correction changed."""
    lines: tuple[int, ...]
    """The lines of the earlier file the correction changed (it adds or drops none)."""
    flag: str = ""
    """What tmlog says at a corrected line of the earlier file, without the file name."""

    def text(self, commit: str) -> bytes:
        return (HISTORY / f"{self.game}@{commit}.rootlog").read_bytes()

    def replay(self, commit: str) -> RootReplay:
        return GAME.replay(GAME.parse(self.text(commit), source=f"{self.game}.rootlog"))

    def __str__(self) -> str:
        return f"{self.commit} {self.game}"


FLAGGED = [
    # "Fox garden > Rabbit garden": the garden that takes the roost's place must match rabbit 5.
    Correction(
        "a0b82be",
        ORDERLY,
        "d41d56c",
        (39,),
        "39:39: L:b_f->5: a fox garden does not match rabbit clearing 5 (Law of Root 10.4.3.III)",
    ),
    # "Correcting clearing 5 to 6": the Eyrie's warrior and roost stood in 6.
    Correction(
        "9b6ed5d",
        ORDERLY,
        "a0b82be",
        (39,),
        "39:16: L:Ew5->: Eyrie Dynasties has 0 warrior at clearing 5, not 1 (Law of Root 2.5)",
    ),
    Correction(
        "080fd38",
        DARK,
        "59cbf4c",
        (31,),
        "31:10: O:t_m+w->12: a mouse piece does not match fox clearing 12 (Law of Root 11.5.6.III)",
    ),
    Correction(
        "b678c38",
        R2G4,
        "0bce896",
        (36,),
        "36:27: O:t_r+w->6: a rabbit piece does not match fox clearing 6 (Law of Root 11.5.6.III)",
    ),
    Correction(
        "af85e2d",
        R1G5,
        "2f2630b",
        (11, 21, 26, 58),
        "26:21: P:w10->3: clearings 10 and 3 are not adjacent (Law of Root 2.2.1)",
    ),
    Correction(
        "cfc1275",
        R1G5,
        "af85e2d",
        (30, 59),
        "59:12: E:w8->3: Eyrie Dynasties has 0 warrior at clearing 8, not 1 (Law of Root 2.5)",
    ),
    Correction(
        "8b7b3fb",
        R2G3,
        "0bce896",
        (3, 21, 39, 46, 54),
        "46:13: A:4Lw7->: Lizard Cult has 2 warrior at clearing 7, not 4 (Law of Root 2.5)",
    ),
    Correction(
        "5b5e440",
        R1G3,
        "0bce896",
        (43, 58),
        "58:60: D:2Cb_r->9: Marquise de Cat does not rule clearing 9 (Law of Root 6.5.4.II)",
    ),
    Correction(
        "f2f4b41",
        R1G2,
        "0bce896",
        (29, 34, 39, 44, 56, 59),
        "34:3: C:t->11+12: no sawmill in clearing 12 to make wood (Law of Root 6.4)",
    ),
    Correction(
        "4f65b6b",
        R2G3,
        "8b7b3fb",
        (31,),
        "31:10: A:(Lb_r+4Lw+Cw)2->: Lizard Cult has 0 rabbit garden at clearing 2, not 1 (Law of Root 2.5)",
    ),
    Correction(
        "9f5aa0e",
        R1G2,
        "f2f4b41",
        (45, 50),
        "45:100: V:w->2: Vagabond has no piece 'w' (Law of Root 2.5)",
    ),
    # "Added missing point for Marquise": her second recruiter uncovers 1 VP.
    Correction(
        "9481906",
        R1G2,
        "9f5aa0e",
        (24,),
        "24:29: C:b_r->11: Marquise de Cat builds but scores no point (Law of Root 6.5.4.III)",
    ),
    Correction(
        "2fc9204",
        R2G4,
        "14b8bc5",
        (46, 50),
        "46:125: O:t_r+w->7: a rabbit piece does not match mouse clearing 7 (Law of Root 11.5.6.III)",
    ),
    # "Corrected Vagabond item actions": the battle was in 12, where the Second Vagabond stood.
    Correction(
        "b3b1c1a",
        R1G2,
        "9481906",
        (38, 41),
        "41:31: E:XG3: Second Vagabond has no piece in clearing 3 to battle (Law of Root 4.3.1)",
    ),
]

UNREADABLE = [
    # "Fix errors in rootlog files": `R^` for `R#^`. The file first stops at its
    # header `Map: Autumn` (line 4, d41d56c's later fix); mended as d41d56c did, at 24.
    Correction("2667428", ORDERLY, "0bce896", (24, 29, 42), "24:45: unexpected '^'; expected '#'"),
    Correction(
        "2667428",
        DARK,
        "0bce896",
        (20, 21, 23, 24, 26, 28, 29, 31, 35, 36, 38, 39, 40, 41, 44, 45, 51),
        "39:5: unexpected '3'",
    ),
    # "Corrected missing item info": an item moved with no item type.
    Correction(
        "705ac6d", MEGA, "bb6687f", (42, 57), "57:75: unexpected '->'; expected an item type"
    ),
    # "Corrected draw card typo": `#A` with no destination.
    Correction("2f2630b", R1G5, "0bce896", (58,), "58:45: unexpected end of line"),
]

EXPLAINED = {
    # Each earlier file is a possible game at the corrected lines; why the log cannot tell:
    "8fde206": Correction("8fde206", R1G5, "cfc1275", (61,)),
    "a85259f": Correction("a85259f", R2G4, "b678c38", (3, 21)),
    "6b8bedd": Correction("6b8bedd", R1G5, "8fde206", (45,)),
    "14b8bc5": Correction("14b8bc5", R2G4, "a85259f", (21,)),
    "c206fb3": Correction("c206fb3", R1G5, "6b8bedd", (65, 70)),
    "7b98f69": Correction("7b98f69", R2G4, "2fc9204", (21,)),
}


def _at(result: RootReplay, lines: tuple[int, ...]) -> list[str]:
    """Rule warnings (not the lenient reader's notation notices) at ``lines``."""
    out = []
    for w in result.warnings:
        where = w.split(".rootlog:", 1)[1]
        if int(where.split(":")[0]) in lines and "read as" not in w:
            out.append(where)
    return out


def _reason(warning: str) -> str:
    return warning.split(": ", 2)[2]


def test_the_history_holds_24_content_corrections_and_flags_18() -> None:
    # 14 warned at the corrected lines + 4 unreadable there = 18 of 24.
    commits = [c.commit + c.game for c in FLAGGED + UNREADABLE] + list(EXPLAINED)
    assert len(commits) == len(set(commits)) == 24
    assert (len(FLAGGED), len(UNREADABLE), len(EXPLAINED)) == (14, 4, 6)


@pytest.mark.parametrize("fix", FLAGGED, ids=str)
def test_the_earlier_file_is_flagged_at_a_corrected_line(fix: Correction) -> None:
    before = fix.replay(fix.before)
    assert fix.flag in _at(before, fix.lines)
    # The correction removes it: no warning of that reason at that line after.
    line = int(fix.flag.split(":")[0])
    after = fix.replay(fix.commit)
    assert after.error is None
    assert _reason(fix.flag) not in [_reason(w) for w in _at(after, (line,))]


@pytest.mark.parametrize("fix", UNREADABLE, ids=str)
def test_the_earlier_file_stops_at_a_corrected_line(fix: Correction) -> None:
    text = fix.text(fix.before)
    if fix.game == ORDERLY:
        assert text.count(b"Map: Autumn") == 1
        text = text.replace(b"Map: Autumn", b"Map: Fall")
    with pytest.raises(ValueError) as caught:
        GAME.parse(text, source=f"{fix.game}.rootlog")
    where = str(caught.value).split(".rootlog:", 1)[1]
    assert where.startswith(fix.flag)
    assert int(where.split(":")[0]) in fix.lines


def test_every_correction_replays_its_own_version() -> None:
    # The version each readable correction made parses and replays to the end.
    for fix in FLAGGED + list(EXPLAINED.values()):
        assert fix.replay(fix.commit).error is None


def _line(fix: Correction, commit: str, number: int) -> str:
    return fix.text(commit).decode().splitlines()[number - 1]


def test_8fde206_two_rabbit_recruits_either_way() -> None:
    # "Corrected Corvid warrior error": `R#P->/w->7+8` became `w->8+9`. 7, 8 and
    # 9 are all rabbit clearings (line 11) and the Corvids place two of their
    # last warriors: the log cannot tell which two at line 61. The slip shows
    # ten lines later, where a warrior leaves 9 (`w9->8`) that never came there;
    # the correction removes that warning.
    fix = EXPLAINED["8fde206"]
    assert "R7, R8, R9" in _line(fix, fix.before, 11)
    assert "R#P->/w->7+8/" in _line(fix, fix.before, 61)
    assert _at(fix.replay(fix.before), fix.lines) == []
    later = "71:98: P:w9->8: Corvid Conspiracy has 0 warrior at clearing 9, not 1 (Law of Root 2.5)"
    assert later in _at(fix.replay(fix.before), (71,))
    assert _at(fix.replay(fix.commit), (71,)) == []


def test_6b8bedd_a_warrior_out_of_the_burrow_goes_somewhere_unwritten() -> None:
    # "Correcting Duchy move from burrow": `w0->` (a warrior leaves the Burrow
    # for the supply) became `w0->1`. The seed rulebook has no Duchy chapter to
    # forbid the first, so line 45 stands; the slip shows at line 50, where the
    # Duchy moves 4 warriors out of 1 that holds 3. The correction removes it.
    fix = EXPLAINED["6b8bedd"]
    assert "/w0->/" in _line(fix, fix.before, 45)
    assert _at(fix.replay(fix.before), fix.lines) == []
    later = (
        "50:8: D:4w1->10: Underground Duchy has 3 warrior at clearing 1, not 4 (Law of Root 2.5)"
    )
    assert later in _at(fix.replay(fix.before), (50,))
    assert _at(fix.replay(fix.commit), (50,)) == []


def test_a85259f_and_14b8bc5_a_recruit_or_a_move_lands_the_same_warrior() -> None:
    # a85259f "Added missing Otter move" wrote `w10->5` beside the recruit
    # `w$->5`; 14b8bc5 "Removed incorrect Riverfolk recruit" then took the
    # recruit out. Each of the three versions puts a legal Riverfolk warrior in
    # 5: a recruit goes to any river clearing (LoR 11.5.5; Winter's river runs
    # 5-10), a move along the river 10-5 is a path for them (11.2.2). Funds pay
    # both, and Rootlog does not write a committed fund. The extra warrior in 5
    # or the one left in 10 is never counted again: no later line differs.
    missing, extra = EXPLAINED["a85259f"], EXPLAINED["14b8bc5"]
    assert extra.before == missing.commit
    assert "O:3#->O/w$->5/2w$->/" in _line(missing, missing.before, 21)
    assert "O:3#->O/w$->5/w10->5/2w$->/" in _line(extra, extra.before, 21)
    assert "O:3#->O/w10->5/2w$->/" in _line(extra, extra.commit, 21)
    versions = [missing.before, missing.commit, extra.commit]
    results = [missing.replay(v) for v in versions]
    assert all(_at(r, (21,)) == [] for r in results)
    assert results[0].warnings == results[1].warnings == results[2].warnings


def test_c206fb3_the_earlier_plot_names_are_the_ones_the_log_proves() -> None:
    # "Corrected Corvid plot names" swapped line 65's extortion and line 70's
    # snare. The log itself flips 6's plot to a snare (line 36), 11's to an
    # extortion and then swaps the two (line 51 `t6<->t11`): the earlier names
    # are the ones it proves, and the correction brings the two warnings the
    # current game is pinned with (test_root_real_warnings). Either the video
    # or line 51 differs from the log; the log cannot show which.
    fix = EXPLAINED["c206fb3"]
    assert "t6^t_s" in _line(fix, fix.before, 36)
    assert "t11^t_e" in _line(fix, fix.before, 51) and "t6<->t11" in _line(fix, fix.before, 51)
    assert _at(fix.replay(fix.before), fix.lines) == []
    assert [w.split(": ", 1)[0] for w in _at(fix.replay(fix.commit), fix.lines)] == [
        "65:31",
        "70:36",
    ]


def test_7b98f69_prices_are_set_in_evening() -> None:
    # "Corrected an incorrect notation" dropped `$_h->4` from the end of the
    # Riverfolk's turn. The Riverfolk may move each service price in Evening
    # (LoR 11.6.2), which is where the log sets it: a legal step that did not
    # happen at the table. (after_dark line 36 still ends a turn with `$_h->4`.)
    fix = EXPLAINED["7b98f69"]
    assert _line(fix, fix.before, 21).endswith("/++2/$_h->4")
    assert _line(fix, fix.commit, 21).endswith("/++2")
    assert _at(fix.replay(fix.before), fix.lines) == []
    assert fix.replay(fix.before).warnings == fix.replay(fix.commit).warnings
