# 2020_11_19_orderly_eyrie: hand tally of every score change in the log, by faction and source.
# Factions: C Marquise de Cat, E Eyrie Dynasties (Despot from setup, line 13), L Lizard Cult, A Woodland Alliance.
# One entry per score token; a token whose points come from two sources (removal + Despot) is split into
# one entry per source on the same line. No `--`, `Y++` or `++->` tokens in this log.
TALLY = {
    "C": {  # Marquise de Cat
        "marquise-building": [(17, 2), (17, 1), (22, 1), (27, 1), (32, 1)],
        # 17 `b_w->8/++2`, `b_r->9/++`; 22 `b_s->4/++`; 27 `b_r->9/++` (recruiter at 9 lost at 24, space re-uncovered);
        # 32 `b_r->7/++` (recruiter at 9 lost again at 29)
        "removal": [(22, 1), (22, 1), (27, 1), (42, 1), (42, 1)],
        # 22 `XA12/At12->/^A/#->A$/++`, `XA7/At7->/^A/#->A$/++` sympathy; 27 `XL9/Lb_m9->/++` garden;
        # 42 `XE7/Eb7->/++`, `XE4/(Ew+Eb)4->/++` roosts
    },
    "E": {  # Eyrie Dynasties
        "roosts": [(18, 1), (23, 2), (28, 3), (33, 4), (38, 4)],
        # Evening, track 0,1,2,3,4,4,5: 18 `b->6/++` (2,6); 23 `b->3/++2` (2,6,3); 28 `b->11/++3` (2,6,3,11);
        # 33 `b->7/++4` (5 roosts); 38 `b->4/++4` (6 roosts). No Evening at 43 (won in Daylight).
        "craft": [
            (28, 1),
            (33, 1),
        ],  # 28 `Z%f/++`; 33 `Z%t/++` (Disdain for Trade); 38 `Zleague` scores nothing
        "removal": [(28, 1), (38, 1), (38, 1), (38, 2), (43, 1), (43, 1), (43, 1)],
        # 28 `XA2/At2->/#->A/++2`; 38 `XC4(3,0)/(2Cw+Ct)4->/++2`, `XC4(0,0)/Ct4->/++2`,
        # `XC4/(Ct_k+Ct)4->/++3` (keep + wood = 2); 43 `XC11F@/Cb_r11->/++2`, `XA9/At9->/R#E->A/++2`,
        # `XA9/Ab_r9->/++2`
        "despot": [(28, 1), (38, 1), (38, 1), (38, 1), (43, 1), (43, 1), (43, 1)],
        # the Despot point of each of those seven battles (one per battle, 7.8.4 "at least one")
    },
    "L": {  # Lizard Cult
        "removal": [(24, 1), (29, 2), (39, 1)],
        # 24 `Cb_r9->/b_m->9/++` (Sanctify replaces recruiter); 29 `XC9/(Cb_s+Cb_r)9->/++2`;
        # 39 `Eb6->/b_f->6/++` (Sanctify replaces roost)
        "ritual": [(39, 2), (39, 2)],  # 39 `F#L->/++2`, `M#L->/++2` (score rituals)
    },
    "A": {  # Woodland Alliance
        "sympathy": [(20, 2), (25, 2), (35, 1), (40, 1)],
        # 20 `t->7+10+12/++2` (spread, 0+1+1); 25 `t->2+5/++2` (spread; 7,12 removed at 22);
        # 35 `w1->/t->1/++` (organize); 40 `t->9/++` (spread)
        "craft": [(20, 2), (25, 3)],  # 20 `Z%h/++2`; 25 `Z%c/++3`
    },
}

FINAL = {"C": 11, "E": 31, "L": 8, "A": 11}

# Check against the log: `Winner: E`; E reaches 31 on its last line (43), the 30 mark being crossed by the
# last `++2`. Line 38's comment "Beautiful 10-point turn" undercounts that line by one: 2+2+3+4 = 11 written.
