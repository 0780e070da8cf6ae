# 2020_11_25_winter_tournament_r2g3: hand tally of every score change in the log, by faction and source.
# Map Lake (clearings M1 F2 R3 R4 F5 M6 R7 F8 R9 M10 M11 F12), deck E&P.
# Factions: L Lizard Cult, C Marquise, E Eyrie (Despot leader), A Alliance.
# 38 score tokens in the log, no `--` and no `Y++`; the Eyrie never fall into turmoil.
# Where ONE `++n` token mixes removal and the Despot point it is split in two entries ("split").
TALLY = {
    "C": {  # Marquise de Cat
        "marquise-building": [(24, 1), (24, 1), (29, 2), (34, 2), (44, 3), (49, 3)],
        # 24 `b_s->11/++` (2nd sawmill), `b_r->5/++` (2nd recruiter); 29 `b_s->5/++2` (3rd sawmill);
        # 34 `b_r->11/++2` (3rd recruiter); 44 `b_s->1/++3` (4th sawmill);
        # 49 `b_s->1/++3` (sawmill 11 removed on 45, so again the 4th on the map)
        "craft": [(29, 2), (34, 2), (44, 1)],  # 29 `Z%t/++2`; 34 `Z%t/++2`; 44 `Z%b/++`
        "removal": [(29, 1), (39, 1), (44, 1), (49, 1)],
        # 29 `XA7/R#C->A$/At7->/++`; 39 `XE1/(2Ew+Eb)1->/++`; 44 `XE1/(Ew+Eb)1->/++`;
        # 49 `XA11/At11->/^A/#->A$/++`
    },
    "E": {  # Eyrie Dynasties (Despot)
        "roosts": [(25, 1), (30, 2), (35, 3), (40, 3), (45, 3), (50, 3), (55, 4)],
        # Evening roost track (0,1,2,3,4,4,5 by roosts on map): 25 `b->12/++` (2);
        # 30 `b->9/++2` (3); 35 `b->1/++3` (4); 40 `b->1/++3` (4, roost 1 lost on 39);
        # 45 `b->11/++3` (4, roost 1 lost on 44); 50 `b->5/++3` (4, roost 9 lost on 48);
        # 55 `b->1/++4` (5)
        "removal": [(45, 1), (50, 1), (55, 3), (55, 2)],
        # 45 `XC11/(w+Cw+Cb_s)11->/++2` = 1 removal + 1 despot (split);
        # 50 `XC5/(w+Cb_s)5->/++2` = 1 + 1 (split);
        # 55 `XC1/(Ct+2Cb_s)1->/++4` = 3 removals (wood + 2 sawmills) + 1 despot (split);
        # 55 `XC1/2Ct1->/++3` = 2 removals (2 wood) + 1 despot (split)
        "despot": [(45, 1), (50, 1), (55, 1), (55, 1)],
        # Despot (7.8.4): +1 per battle that removes at least one enemy building/token;
        # same four tokens as above
        "craft": [(55, 1)],  # 55 `Z%f/++` (Disdain for Trade: 1)
    },
    "A": {  # Woodland Alliance
        "sympathy": [(26, 1), (41, 1), (46, 1), (46, 3)],
        # 26 `t->7+2/++` (0+1); 41 `t->7/++` (7 removed on 29); 46 `t->11/++`,
        # Evening organize `w6+w8->/t->6+8/++3` (1+2)
        "removal": [(31, 1)],  # 31 revolt `(Lb_f+4Lw+Cw)2->/#L->/++` (one garden = building)
    },
    "L": {  # Lizard Cult
        "ritual": [(28, 2), (38, 2), (43, 2), (48, 4), (53, 4)],
        # 28 `F#L->/++2`; 38 `M#L->/++2`; 43 `F#L->/++2`; 48 `(F+M)#L->/++4` (fox 2 + mouse 2,
        # one token); 53 `(M+F)#L->/++4` (same)
        "craft": [(38, 1), (53, 1)],  # 38 `Z%x/++`; 53 `Z%b/++`
        "removal": [(48, 1)],  # 48 `XE9/Eb9->/++`
    },
}

FINAL = {"C": 21, "E": 31, "A": 7, "L": 17}
# Check: the log ends `Winner: E`; E passes 30 with the last token (line 55 `b->1/++4`: 27 -> 31).
# The log states no other scores.
