"""Every board warning the eight real games give, each with why the log itself proves it.

A warning is a rule broken as the log tells the game. Each one below was
checked by hand against the log's own lines (the reasoning is in ``WHY``, with
the lines it rests on); where the log cannot tell (hidden hands, effects not
followed, counts a slip has already spoiled) the replay gives a note instead,
not a warning (see ``test_root_replay_model``). The notation deviations of the
lenient reader (``... read as ...``) are pinned in ``test_root_notation``.

Classes: ``slip`` — the log contradicts itself at this line; ``after-slip`` —
the count here is off because of an earlier slip named in the reason (the
breach is real as the log tells it; the cause is the earlier line).
"""

# ruff: noqa: E501 - each warning and its reason stay whole on their lines.
from __future__ import annotations

from pathlib import Path

import pytest

from tmlog.games.root.game import GAME

DATA = Path(__file__).parent / "data" / "rootlog"

MEGA = "2020_11_08_mega_exploding_birds"
ORDERLY = "2020_11_19_orderly_eyrie"
R1G2 = "2020_11_19_winter_tournament_r1g2"
R1G5 = "2020_11_20_winter_tournament_r1g5"
R2G4 = "2020_11_24_winter_tournament_r2g4"
R2G3 = "2020_11_25_winter_tournament_r2g3"
R1G3 = "2020_11_26_winter_tournament_r1g3"
DARK = "2020_12_05_after_dark_special"

WHY: dict[tuple[str, str], tuple[str, str]] = {
    # ------------------------------------------------------------- mega (Winter)
    (MEGA, "18:3: O:4w10->4: Riverfolk Company has 0 warrior at clearing 10, not 4 (Law of Root 2.5)"): (
        "slip",
        "setup line 14 puts the Riverfolk's 4 warriors in 11 (`O:4w->11`); none ever went to 10. "
        "The move is from 11 (Winter 4-11 is a path), and the replay takes them from there.",
    ),
    (MEGA, "23:9: O:2w10->11: Riverfolk Company has 0 warrior at clearing 10, not 2 (Law of Root 2.5)"): (
        "slip",
        "no Riverfolk warrior entered 10 on lines 14-22 (4 to 11, 4 from 11 to 4, 2 from 4 to 9).",
    ),
    (MEGA, "30:48: P:(Ow+Ot_r+w)10->: Riverfolk Company has 0 warrior at clearing 10, not 1 (Law of Root 2.5)"): (
        "slip",
        "no Riverfolk piece is in 10, and no rabbit trade post can be: 10 is a fox clearing (`F10`, "
        "LoR 11.5.6.III). The rabbit posts went to 11 and 3 (line 28); the battle is written in 4 (`XO4`).",
    ),
    (MEGA, "45:41: P:w->2+6: Corvid Conspiracy has 0 warrior left in supply, not 1 (Law of Root 2.5)"): (
        "slip",
        "Corvid warriors on the map by the log: +3 (15) +4-1-1 (20) +4-1 (25) -2 (28 `2Pw1->`) "
        "+4-1-1 (30) +4-1 (35) +4-1-1 (40) -1 (43 `Pw12->`) -1+3 (44 `Pw2->`, raid `Pw->6+7+12`) = 14; "
        "the box holds 15 (LoR 13.3.1), the recruit places 2. A removal is missing from the log.",
    ),
    (MEGA, "48:41: O:(Pw+Pt_s)10->: Corvid Conspiracy has 0 warrior at clearing 10, not 1 (Law of Root 2.5)"): (
        "slip",
        "10 holds 1 Corvid warrior (line 30 leaves it empty: 3 in, 2 out, 1 removed; line 40 recruits 1); "
        "line 48 removes it (`Pw10->`) and then a second one.",
    ),
    (MEGA, "55:42: P:(Eb+w)8->: Corvid Conspiracy has 0 warrior at clearing 8, not 1 (Law of Root 2.5)"): (
        "slip",
        "Corvid warriors in 8: +1 (line 30 recruit), +1 (line 35 `w9->8`), -2 (line 40 `2w8->12`); "
        "none enter 8 after.",
    ),
    (MEGA, "57:149: V:Ot_f2->: Riverfolk Company has 0 fox trade post at clearing 2, not 1 (Law of Root 2.5)"): (
        "slip",
        "2 is a mouse clearing (`M2`): its trade post is the mouse one (line 53 `(w+t_m)->2`); "
        "a fox post cannot stand there (LoR 11.5.6.III).",
    ),
    (MEGA, "59: winner Vagabond has 29 VP, not 30 (Law of Root 3.1)"): (
        "slip",
        "the log's own comment on line 27: 'Vagabond forgot to score for aid'; its points add up to 29.",
    ),
    # ---------------------------------------------------------- orderly (Fall)
    (ORDERLY, "38:103: E:(Ct_k+Ct)4->: Marquise de Cat has 0 wood at clearing 4, not 1 (Law of Root 2.5)"): (
        "slip",
        "wood in 4: +1 (27 `t->4+9`), +1-1 (32 `t->4`, `t4->`), +1 (37 `t->4`) = 2; line 38 removes "
        "one with the cats, one alone, then a third with the keep.",
    ),
    (ORDERLY, "38:120: E:b->4: clearing 4 has 0 open slots, not 1 (Law of Root 2.2.3)"): (
        "slip",
        "Fall clearing 4 has one slot; the sawmill built there on line 22 (`b_s->4`) is never removed "
        "(no `Cb_s` in 4 anywhere), so no roost fits.",
    ),
    (ORDERLY, "40:34: A:(w+Ew)1->: Woodland Alliance has 0 warrior at clearing 1, not 1 (Law of Root 2.5)"): (
        "slip",
        "the only Alliance warrior in 1 (line 35 `w10->1`) was removed to organize (`w1->/t->1`); "
        "line 40 battles in 2 (`XE2` twice) and writes the removals in 1.",
    ),
    (ORDERLY, "42:55: C:(Ew+Eb)4->: Eyrie Dynasties has 0 warrior at clearing 4, not 1 (Law of Root 2.5)"): (
        "slip",
        "5 Eyrie warriors reach 4 (line 38 `5w8->4`); line 42 removes 3, 2, then a sixth.",
    ),
    (ORDERLY, "43:50: E:Cb_r11->: Marquise de Cat has 0 recruiter at clearing 11, not 1 (Law of Root 2.5)"): (
        "slip",
        "the recruiters: 12 (setup), 9 (17, removed 24), 9 (27, removed 29), 7 (32); none in 11.",
    ),
    (ORDERLY, "43:94: E:Ab_r9->: Woodland Alliance has 0 rabbit base at clearing 9, not 1 (Law of Root 2.5)"): (
        "slip",
        "Fall 9 is a mouse clearing, a rabbit base stands only in a rabbit one (LoR 8.4.1.I); the "
        "Alliance's rabbit base is in 10 (line 30).",
    ),
    # ------------------------------------------------------------ r1g2 (Lake)
    (R1G2, "45:64: V:++: Vagabond can no longer score victory points (Law of Root 9.2.8)"): (
        "slip",
        "the Vagabond formed a coalition with the Eyrie on line 40 (`++->E$`); LoR 9.2.8: it no "
        "longer scores.",
    ),
    (R1G2, "54:3: C:t->6+10+11: Marquise de Cat has 0 wood left in supply, not 1 (Law of Root 2.5)"): (
        "slip",
        "no wood is on the map after line 39 (all spent); lines 44 and 49 place 3 each and spend none: "
        "6 + 3 = 9 wood, the box holds 8 (LoR 6.3.1).",
    ),
    (R1G2, "54:34: C:b_w->2: clearing 2 has 0 open slots, not 1 (Law of Root 2.2.3)"): (
        "slip",
        "Lake clearing 2 has one slot, filled by the setup workshop (line 18 `b_w->2`), never removed.",
    ),
    (R1G2, "54:52: C:4w2->5: clearings 2 and 5 are not adjacent (Law of Root 2.2.1)"): (
        "slip",
        "on the Lake 2 touches 7, 8, 10 and 5 touches 1, 4, 11; neither is coastal, so no lake either.",
    ),
    # ----------------------------------------------------------- r1g5 (Winter)
    (R1G5, "51:27: P:w->1+3+4+10: Corvid Conspiracy has 0 warrior left in supply, not 1 (Law of Root 2.5)"): (
        "slip",
        "Corvid warriors on the map: +3 (21) +4-1-2 (26) +4-1 (31) -1 (33) +4-1 (36) -1 (41) -1 (44) "
        "+4-1 (46) +3 (49 raid) = 13; the recruit places 4 of the 2 left (LoR 13.3.1: 15). "
        "Battles with no removal written (48 `XP6`, 49 `XP9`) are the likely gap.",
    ),
    (R1G5, "65:31: D:(Pt_s+Pw)6->: Corvid Conspiracy has 0 snare plot at clearing 6, not 1 (Law of Root 2.5)"): (
        "slip",
        "the snare flipped in 6 (line 36) was swapped with 11's extortion on line 51 (`t6<->t11`): "
        "the snare is in 11.",
    ),
    (R1G5, "70:36: D:Pt_e11->: Corvid Conspiracy has 0 extortion plot at clearing 11, not 1 (Law of Root 2.5)"): (
        "slip",
        "same swap: the extortion is in 6 since line 51.",
    ),
    (R1G5, "73:67: A:++3: Woodland Alliance has already won with 30 VP (Law of Root 3.1)"): (
        "slip",
        "the Alliance begin line 73 with 26 VP; `t->3/++2` makes 28 and `t->5/++2` 30, which wins "
        "at once (LoR 3.1). The turn's last `++3` is written after the win (the log's 33).",
    ),
    # ------------------------------------------------------------ r2g4 (Fall)
    (R2G4, "25:3: C:t->2+4: no sawmill in clearing 4 to make wood (Law of Root 6.4)"): (
        "slip",
        "the Marquise's sawmills stand in 2 (setup, line 15) and 3 (line 20 `b_s->3`); none is ever "
        "built in 4. Line 30 makes the same Birdsong's wood right: `t->2+3`.",
    ),
    # ------------------------------------------------------------ r2g3 (Lake)
    (R2G3, "48:16: L:w3->9: Lizard Cult rules neither clearing 3 nor 9 (Law of Root 4.2.1)"): (
        "slip",
        "3 holds the Eyrie's roost (setup) and 3 warriors against 1 Lizard warrior; 9 a roost against "
        "1 Lizard warrior, a tie the Eyrie win (LoR 7.2.2); no garden in either (10.2.4). A Crusade "
        "moves by the normal rules (LoR 10.5.2.I).",
    ),
    (R2G3, "50:47: E:5w12->11: Eyrie Dynasties rules neither clearing 12 nor 11 (Law of Root 4.2.1)"): (
        "slip",
        "12 holds a Lizard garden (line 43 `b_f->12`, never removed): the Lizards rule it over any "
        "number (LoR 10.2.4); 11 holds 5 cats and a recruiter against 1 Eyrie warrior and a roost.",
    ),
    # -------------------------------------------------------- r1g3 (Mountain)
    (R1G3, "38:26: D:XV12: Vagabond has no piece in clearing 12 to battle (Law of Root 4.3.1)"): (
        "slip",
        "line 36 moves the Vagabond's pawn to 9 (`p->9`) and explores the ruin in 12 (`%f12->$`, "
        "LoR 9.5.3 needs the pawn there) with no move to 12 written; the Duchy battles it in 12.",
    ),
    (R1G3, "41:3: V:p->10_11_12: clearing 9 and forest 10_11_12 are not adjacent (Law of Root 2.4.1)"): (
        "slip",
        "line 36 moves the pawn to 9 and takes the item from the ruin in 12 (`%f12->$`) without "
        "going to 12; forest 10_11_12 does not touch 9.",
    ),
    (R1G3, "46:85: V:++->G$: Vagabond has 8 VP, not the 10 a dominance card needs (Law of Root 3.3.1)"): (
        "slip",
        "V ends with 8 VP and never loses any (no `V--`): under 10 at its coalition.",
    ),
    (R1G3, "51:35: V:p->6: clearings 7 and 6 are not adjacent (Law of Root 2.2.1)"): (
        "slip",
        "on the Mountain 7 touches 12 and (closed path 3_7, removed) 3; 6 touches 2, 3 and 11.",
    ),
    # ---------------------------------------------------- after dark (Winter)
    (DARK, "24:26: P:t2^t_e: Corvid Conspiracy has 0 facedown plot at clearing 2, not 1 (Law of Root 2.5)"): (
        "slip",
        "line 19 pays the first plot with a warrior from 2 but places the plot in 4 (`w2->/t->4`).",
    ),
    (DARK, "29:28: P:w->6+7+9+10: Corvid Conspiracy has 0 warrior left in supply, not 1 (Law of Root 2.5)"): (
        "after-slip",
        "line 19 writes `2w->8` (2 placed) where the second plot costs `2w8->` (2 removed): 4 too many. "
        "By the log: +3 (16) +4-1+2 (19) +3+4 (24, 3 paid to the Riverfolk) -3 (26) +3 (29 paid) = 15.",
    ),
    (DARK, "34:80: P:At3->: Woodland Alliance has 0 sympathy at clearing 3, not 1 (Law of Root 2.5)"): (
        "slip",
        "the Alliance's sympathy went to 4, 11 (18), 10 (23), 4, 8, 9 (33); never to 3.",
    ),
    (DARK, "38:81: A:t->4: clearing 4 can hold only one sympathy (Law of Root 8.2.5.I)"): (
        "slip",
        "sympathy placed in 4 on line 33 and not removed before line 38 (removals of `At4` are on "
        "lines 30 and 40).",
    ),
    (DARK, "43:57: A:2w->9: Woodland Alliance has 0 warrior left in supply, not 2 (Law of Root 2.5)"): (
        "slip",
        "Alliance warriors out by the log: +6 (23) -3 (26) +4 (28) -1 (31) -1 (36) +2+1+2-1+2 (38) = 11 "
        "of 10 (LoR 8.3.1); line 38's own comment doubts its 2 warriors at the revolt. The first "
        "shortfall (38 `w->9+11`) is a note: one Alliance warrior may have been spent as a fund.",
    ),
    (DARK, "45:71: D:(w+Ow+Ot_f)6->: Riverfolk Company has 0 fox trade post at clearing 6, not 1 (Law of Root 2.5)"): (
        "slip",
        "6 is a mouse clearing (`M6`), its trade post the mouse one (line 31 `t_m+w->6`).",
    ),
    (DARK, "48:13: A:(2Ow+2Pw)12->: Riverfolk Company has 0 warrior at clearing 12, not 2 (Law of Root 2.5)"): (
        "slip",
        "Riverfolk warriors in 12: +4 (14) +1 (21 garrison) -2 -3 (41: removed, `3w12->2`) = 0.",
    ),
    (DARK, "49:27: P:w2->1: clearings 2 and 1 are not adjacent (Law of Root 2.2.1)"): (
        "slip",
        "Winter 1 touches 5, 10, 11; 2 touches 6, 7, 12.",
    ),
    (DARK, "51:15: O:3w11->10: Riverfolk Company has 1 warrior at clearing 11, not 3 (Law of Root 2.5)"): (
        "slip",
        "Riverfolk warriors in 11: +5 (26) +1-3 (31) -2 (36) = 1.",
    ),
}  # fmt: skip


def _warnings(name: str) -> list[str]:
    path = DATA / f"{name}.rootlog"
    result = GAME.replay(GAME.parse(path.read_bytes(), source=path.name))
    return [w for w in result.warnings if " read as " not in w]


def _line(name: str, number: int) -> str:
    return (DATA / f"{name}.rootlog").read_text(encoding="utf-8").splitlines()[number - 1]


@pytest.mark.parametrize("name", [MEGA, ORDERLY, R1G2, R1G5, R2G4, R2G3, R1G3, DARK])
def test_every_board_warning_is_a_slip_the_log_proves(name: str) -> None:
    expected = sorted(f"{name}.rootlog:{w}" for (game, w) in WHY if game == name)
    assert sorted(_warnings(name)) == expected


def test_r2g4_warns_only_of_its_wood() -> None:
    # Its two funds warnings came from Protectionism (LoR 11.4.1) and the
    # starting funds (11.3.4), which the log does not write; its one slip is wood.
    assert [w.split(": ", 2)[1] for w in _warnings(R2G4)] == ["C:t->2+4"]


def test_the_reasons_rest_on_the_logs_own_lines() -> None:
    # A few facts the reasons above quote, checked against the text.
    assert _line(MEGA, 14).startswith("O:4w->11/")
    assert "F10" in _line(MEGA, 5) and "M2" in _line(MEGA, 5)
    assert "(w+t_r)->11" in _line(MEGA, 28) and "(w+t_r)->3" in _line(MEGA, 28)
    assert "forgot to score for aid" in _line(MEGA, 27)
    assert "Pw10->" in _line(MEGA, 48) and "2w8->12" in _line(MEGA, 40)
    assert (
        "b_s->4" in _line(ORDERLY, 22) and "Cb_s4" not in (DATA / f"{ORDERLY}.rootlog").read_text()
    )
    assert _line(ORDERLY, 40).count("XE2") == 2 and "(w+Ew)1->" in _line(ORDERLY, 40)
    assert "++->E$" in _line(R1G2, 40) and "b_w->2" in _line(R1G2, 18)
    assert "t6<->t11" in _line(R1G5, 51) and "t6^t_s" in _line(R1G5, 36)
    assert "b_f->12" in _line(R2G3, 43)
    assert "p->9" in _line(R1G3, 36) and "%f12->$" in _line(R1G3, 36)
    assert "w2->/t->4" in _line(DARK, 19) and "2w->8" in _line(DARK, 19)
    assert "error" in _line(DARK, 38) and "t->4+8+9" in _line(DARK, 33)
    assert "M6" in _line(DARK, 6) and "t_m+w->6" in _line(DARK, 31)


def test_every_reason_is_a_known_class() -> None:
    assert {cls for cls, _ in WHY.values()} <= {"slip", "after-slip"}


@pytest.mark.parametrize("name", [MEGA, ORDERLY, R1G2, R1G5, R2G4, R2G3, R1G3, DARK])
def test_no_message_counts_a_supply_below_zero(name: str) -> None:
    # Pieces the lenient replay follows past a slip never show as a negative supply.
    path = DATA / f"{name}.rootlog"
    result = GAME.replay(GAME.parse(path.read_bytes(), source=path.name))
    assert not [m for m in result.warnings + result.notes if " has -" in m]


def test_a_strict_replay_never_stops_at_a_note() -> None:
    # r2g4 with its one slip mended (line 25's wood where line 30 puts it: in 2 and
    # 3, at the sawmills) gives no warning, only notes (Riverfolk funds whose owner
    # the log does not write): read strictly, it replays to the end all the same.
    path = DATA / f"{R2G4}.rootlog"
    text = path.read_bytes()
    assert text.count(b"C:t->2+4/t2+t4->") == 1
    mended = text.replace(b"C:t->2+4/t2+t4->", b"C:t->2+3/t2+t3->")
    strict = GAME.replay(GAME.parse(mended, source=path.name, input_format="rootlog-strict"))
    assert strict.error is None and strict.notes and strict.winner == ("C",)
    assert strict.turns_played == len(strict.log.turns)
