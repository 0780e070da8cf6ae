# 2020_11_19_winter_tournament_r1g2: hand tally of every score change in the log, by faction and source.
# Lake map, E&P deck, factions C E V(Thief) G(Adventurer). Winner line: "Winner: CG".
# V forms a coalition with E on line 40 (`M#domV->$/++->E$`), G with C on line 48
# (`B#domG->$/++->C$`); per 9.2.8 a Vagabond in a coalition scores no more VP.
# Entries are (line, points) per score token exactly as written in the log.
TALLY = {
    "C": {  # Marquise de Cat
        # Tracks (setup covers space 1): sawmill 0,1,2,3,4,5; workshop 0,2,2,3,4,5; recruiter 0,1,2,3,3,4.
        "marquise-building": [
            (24, 1),
            (29, 1),
            (29, 2),
            (34, 2),
            (39, 2),
            (39, 2),
            (54, 3),
            (54, 2),
            (54, 3),
            (59, 3),
        ],
        # 24 `b_r->11/++` (2nd recruiter); 29 `b_s->11/++`, `b_w->10/++2`; 34 `b_s->6/++2`;
        # 39 `b_w->6/++2`, `b_r->7/++2`; 54 `b_w->2/++3` (4th workshop), `b_r->5/++2`
        # (3rd recruiter on map: Cb_r7 removed by V l.50), `b_s->5/++3` (4th sawmill);
        # 59 `b_s->10/++3` (Cb_s5 removed by V l.55, so 4th sawmill again).
        "craft": [(39, 1), (54, 1), (59, 3)],
        # 39 `Z%b/++` (bag); 54 `Z%f/++` (boots); 59 `Z%c/++3` (coins). `Ztun`(29), `Zprop`(44) score nothing.
        "removal": [(44, 1), (49, 1), (49, 1), (59, 1)],
        # 44 `XE5/(Ew+Eb+w)5->/++` roost; 49 `(2Ew+Eb)4->/++` and `(Ew+Eb)8->/++` roosts;
        # 59 `XE1/Eb1->/++` roost.
    },
    "E": {  # Eyrie Dynasties (Despot l.19-41, Commander 41-51, Charismatic 51-)
        # Roost track 0,1,2,3,4,4,5 -> Evening score for n roosts on map: 1:0 2:1 3:2 4:3 5:4 6:4 7:5.
        "roosts": [(26, 1), (31, 3), (36, 4), (41, 5), (46, 4), (51, 3), (56, 3)],
        # 26 `b->12/++` (2 roosts); 31 `b->3+9/++3` (4); 36 `b->5+8/++4` (6); 41 `b->4/.../++5` (7);
        # 46 `++4` (6: Eb5 lost l.44); 51 `++3` (4: Eb4, Eb8 lost l.49); 56 `++3` (4, no build).
        "craft": [(36, 1)],
        # 36 `Z%h/++` (hammer; Disdain for Trade 7.2.3 -> 1). `Zswap`(46) scores nothing.
        "removal": [(56, 1), (56, 1)],
        # 56 `XE10B@M@/(w+Cw+Cb_w)10->/++` workshop; `XE5/Cb_r5->/++` recruiter. Leader is
        # Charismatic (l.51), so no despot point.
        "turmoil": [(41, -5), (51, -3)],
        # 41 `$_->/--5`: birds in Decree = B(l.26 recruit) + B(l.31 move) + B(l.36 battle) + 2 viziers = 5.
        # 51 `$_->/--3`: B(l.46 recruit) + 2 viziers = 3. E had 9 and 13 before, so no floor.
    },
    "G": {  # Vagabond #2 (Adventurer); coalition with C from line 48
        "explore": [(23, 1), (38, 1)],
        # 23 `%s10->$/++`; 38 `%h12->$/++`. (28 `%b10->$` explores with no `++` written.)
        "craft": [(23, 2), (33, 2)],
        # 23 `Z%t/++2`; 33 `Z%t/++2` (tea).
        "quest": [(33, 2)],
        # 33 `M#Q->$/++2` (2nd mouse quest; the 1st, l.23 `M#Q->$/2#->G`, took 2 cards).
        "relationship": [(28, 1), (38, 1), (48, 2)],
        # 28 `#G->C/$_C->1/++`; 38 `F#G->E/%hE$->$/$_E->1/++`; 48 `2#G->C/$_C->2/++2`.
    },
    "V": {  # Vagabond (Thief); coalition with E from line 40
        "explore": [(25, 1), (35, 1)],
        # 25 `%f11->$/++`; 35 `%h5->$/++`.
        "quest": [(25, 1), (30, 2), (35, 1), (40, 1)],
        # 25 `R#Q->$/2#->V/++` (1st rabbit quest: 1; the `2#->V` looks like a log slip);
        # 30 `R#Q->$/++2` (2nd rabbit); 35 `F#Q->$/++` (1st fox); 40 `M#Q->$/++` (1st mouse).
        "relationship": [(25, 1), (35, 1)],
        # 25 `#V->C/$_C->1/++`; 35 `#V->E/$_E->1/++`.
        "craft": [(40, 1), (45, 1)],
        # 40 `Z%x/++` (crossbow); 45 `Z%b/++` (bag) -- written after V's coalition (l.40),
        # where 9.2.8 says V scores no more; kept because the log writes it (moot for the result).
    },
}

FINAL = {"C": 30, "E": 18, "G": 12, "V": 11}

# Check: C reaches exactly 30 on its last line (59), matching "Winner: CG" (C wins, G in coalition with C).
