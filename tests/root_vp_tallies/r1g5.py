# 2020_11_20_winter_tournament_r1g5: hand tally of every score change in the log, by faction and source.
# Winter map, E&P deck, factions P(Corvids) D(Duchy) E(Eyrie) A(Alliance). Winner line: "Winner: A".
# Entries are (line, points) per score token as written. One exception: a single Eyrie `++2`
# that is removal + Despot (7.8.4) is split into (line, 1) removal and (line, 1) despot.
TALLY = {
    "A": {  # Woodland Alliance
        # Sympathy track 0,1,1,1,2,2,3,4,4,4 (VP for the n-th token on the map).
        "sympathy": [
            (23, 2),
            (28, 1),
            (38, 1),
            (43, 1),
            (48, 1),
            (53, 1),
            (53, 2),
            (58, 5),
            (63, 2),
            (68, 2),
            (73, 2),
            (73, 2),
            (73, 3),
        ],
        # 23 `t->2+7+12/++2` (0+1+1); 28 `t->8/++`; 38 `t->7/++`; 43 `t->12/++`; 48 `t->3/++`;
        # 53 `t->6/++`, `t->5/++2`; 58 Evening organize `w12+w8->/t->12+8/++5` (2+3);
        # 63 `t->7/++2`; 68 `t->3/++2`; 73 `t->3/++2`, `t->5/++2`, `t->8/++3`.
        "craft": [(23, 2), (53, 1), (68, 2)],
        # 23 `Z%h/++2`; 53 `Z%f/#->E/++`; 68 `Z%s/#->E/++2`. (`Zboat` l.38 scores nothing.)
        "removal": [(33, 1), (53, 1), (65, 1)],
        # 33 revolt `(Pw+Pt)2->/++` (Corvid plot token); 53 `XE5/(Ew+Eb+w)5->/++` (roost);
        # 65 in D's turn `XA7B@/(w+t)7->/A++` (A, defending with ambush, removes a Duchy tunnel).
    },
    "E": {  # Eyrie Dynasties (Despot l.18-54, Commander 54-64, Builder 64-69, Charismatic 69-)
        # Roost track 0,1,2,3,4,4,5.
        "roosts": [(24, 1), (29, 2), (34, 3), (39, 3), (44, 3), (49, 4)],
        # 24 `b->10/++` (2 roosts); 29 `b->9/++2` (3); 34 `b->11/++3` (4); 39 `b->8/++3` (4: Eb9 lost l.35);
        # 44 `b->5/++3` (by my count 5 roosts 1,10,11,8,5, which would be 4 -- log writes 3);
        # 49 `b->4/++4` (5: Eb1 lost l.46).
        "craft": [(34, 1), (49, 1)],
        # 34 `Z%b/++`; 49 `Z%f/++` (Disdain for Trade 7.2.3: 1 each). Zmurine/Zsabo/Ztun score nothing.
        "removal": [(34, 1), (44, 1), (44, 1), (49, 1), (49, 1)],
        # 34 `XA8/At8->/#->A$/++2` (sympathy, 1 of the 2); 44 exposure `?Pt_e5/Pt5->/++` (plot token);
        # 44 `XD9/Dt9->/++2` (tunnel, 1 of 2); 49 `XP4/Pt_r4->/++2` (plot, 1 of 2);
        # 49 `XA12/At12->/#->A$/++2` (sympathy, 1 of 2).
        "despot": [(34, 1), (44, 1), (49, 1), (49, 1)],
        # the other point of each `++2` above: token removed in battle with the Despot leader.
        # (The 44 exposure is not a battle, so just `++`.)
        "turmoil": [(54, -5), (64, -2), (69, -2)],
        # 54 `$_->/--5`: B(l.24) + B(l.34) + B(l.44) + 2 viziers; 64 `--2`: 2 viziers (M l.59, F l.64);
        # 69 `--2`: 2 viziers (F l.69). E had 27, 22, 20 before: no floor.
    },
    "D": {  # Underground Duchy
        "removal": [
            (25, 1),
            (35, 1),
            (40, 1),
            (50, 1),
            (50, 1),
            (60, 1),
            (60, 1),
            (65, 1),
            (70, 1),
            (70, 1),
        ],
        # 25 `XA7/At7->/R#D->A$/++`; 35 `(Eb+Ew+w)9->/++`; 40 exposure `?Pt_e3/Pt3->/++`;
        # 50 `(w+Ew+Eb)10->/++`, `Eb4->/++`; 60 `(2w+At)7->/^A/#->A$/++`, `Ab_r7->/++`;
        # 65 `(Pt_s+Pw)6->/++`; 70 `Pt_e11->/++`, `(Pt+w)4->/++`.
        # NB l.30 `XA12/At12->/^A/#->A$` removes a sympathy token but the only `++` on that
        # line follows the sway of the Marshal, so it is booked as `other` below; the removal
        # point appears to be unwritten in the log.
        "craft": [(60, 1)],
        # 60 `Z%b/#->E/++`.
        "other": [(25, 1), (30, 1), (35, 1), (45, 2), (50, 2), (55, 2)],
        # Duchy Evening sway of a minister (crown VP; Duchy rules are outside the seed):
        # 25 `#captain->$/++`; 30 `#marshal->$/++`; 35 `#foremole->$/++` (squires 1);
        # 45 `#brigadier->$/++2`; 50 `#mayor->$/++2`; 55 `#banker->$/++2` (nobles 2).
    },
    "P": {  # Corvid Conspiracy
        "craft": [(36, 2), (61, 2)],
        # 36 `Z%t/#->E/++2`; 61 `Z%s/#->E/++2`. (Zleague, Ztun, Zsabo score nothing.)
        "other": [(36, 1), (36, 2), (51, 2), (61, 3), (71, 2), (71, 3)],
        # Corvid plot flips (exert/flip: VP = face-up plots on the map):
        # 36 `t4^t_r/++`, `t6^t_s/++2`; 51 `t11^t_e/#E->P/++2`; 61 `t2^t_e/#A->P/++3`;
        # 71 `t9^t_r/++2`, `t5^t_b/++3`.
        "removal": [(46, 1), (51, 1), (56, 1), (61, 1), (61, 1), (66, 2), (71, 1), (71, 1)],
        # 46 `XE1/Eb1->/++`; 51 `XE8/Eb8->/++`; 56 `XD3/Dt3->/++`; 61 `XA3/At3->/#->A$/++`,
        # `XA8/At8->/#->A$/++`; 66 `(Dw+Db_m+Db_c)4->/++2` (market + citadel, one `++2`);
        # 71 bomb `t5^t_b/++3/At5->/F#P->A$/++` (sympathy), `XA3/At3->/#->A$/++`.
    },
}

FINAL = {"A": 33, "E": 18, "D": 20, "P": 26}

# Check: "Winner: A" and A reaches 33 (>= 30) on its final line 73. No other faction reaches 30
# (E peaks at 27 before l.54 turmoil).
