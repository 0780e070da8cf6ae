# 2020_11_24_winter_tournament_r2g4: hand tally of every score change in the log, by faction and source.
# Map Fall, deck E&P. Factions: C Marquise, O Riverfolk, P Corvids, A Alliance.
# 59 score tokens in the log, no `--` and no `Y++`. Two entries per token only where ONE
# `++n` token mixes two sources (Master Engravers, see A below); those are marked "split".
TALLY = {
    "C": {  # Marquise de Cat
        "marquise-building": [
            (20, 1),
            (20, 1),
            (25, 2),
            (30, 2),
            (35, 2),
            (40, 3),
            (45, 3),
            (50, 4),
            (50, 2),
        ],
        # 20 `b_r->6/++` (2nd recruiter), `b_s->3/++` (2nd sawmill); 25 `b_r->2/++2` (3rd recruiter);
        # 30 `b_w->1+11/++2` (workshop 5 was removed on line 26, so 2 workshops uncover 0+2);
        # 35 `b_s->11/++2` (3rd sawmill); 40 `b_r->9/++3` (4th recruiter);
        # 45 `b_s->5/++3` (4th sawmill); 50 `b_s->5/++4` (5th sawmill), `b_r->10/++2`
        # (recruiters 10 and 9 were removed on lines 41 and 48, so this is the 3rd on the map).
        "craft": [(35, 1), (45, 2), (50, 1)],  # 35 `Z%b/++`; 45 `Z%t/++2`; 50 `Z%x/++`
        "removal": [(35, 1), (35, 1), (35, 1), (45, 1), (50, 1), (50, 1)],
        # 35 `?Pt_s3/Pt3->/++` and `?Pt_b1/Pt1->/++` (correct Corvid exposure: plot token removed,
        #    "scoring a victory point" = removal of an enemy token), `XA3/At3->/#->A$/++`;
        # 45 `XA3/At3->/R#C->A$/++`; 50 `XP8/Pt_s8->/++`, `XO5/Ot_r5->/++`.
    },
    "O": {  # Riverfolk Company
        "trade-post": [(21, 2), (31, 2), (36, 2), (46, 2), (46, 2)],
        # 21 `t_r+w->5/++2`; 31 `t_m+w->11/++2`; 36 `t_f+w->6/++2`; 46 `t_f+w->12/++2`, `t_m+w->7/++2`
        "removal": [
            (26, 1),
            (26, 1),
            (26, 1),
            (31, 1),
            (31, 1),
            (36, 1),
            (41, 1),
            (41, 1),
            (41, 1),
            (41, 1),
            (41, 1),
            (46, 1),
            (46, 1),
            (46, 1),
        ],
        # 26 `XA11/At11->/M#O->A$/++`, `XC5/Cb_w5->/++`, `XA12/At12->/#->A$/++`;
        # 31 `XA12/At12->/#->A$/++`, `XA7/At7->/#->A$/++`; 36 `XA7/At7->/#->A$/++`;
        # 41 `XA6/At6->../++`, `XA11/At11->../++`, `XA12/At12->../++`, `XC10/Cb_r10->/++`,
        #    `XP5/Pt5^t_r/Pw->1/(w+Pt_r)5->/++`;
        # 46 `XA12/At12->/#->A$/++`, `XA6/At6->/#->A$/++`, `XP7M@/(4w+Pw+Pt)7->/++`
        "craft": [(26, 1), (46, 2)],  # 26 `Z%f/++`; 46 `Z%s/++2`
    },
    "P": {  # Corvid Conspiracy
        "other": [(27, 1), (32, 2), (32, 3), (47, 4)],
        # Corvid "flip plots" (Law 13.4.2, outside the seed): 1 VP per face-up plot on the map.
        # 27 `t4^t_r/++`; 32 `t12^t_e/++2`, `t8^t_s/++3`; 47 `t3^t_r/++4`
        "craft": [(37, 2)],  # 37 `Z%s/++2`
        "removal": [(47, 1)],  # 47 `XA4/At4->/R#P->A$/++`
    },
    "A": {  # Woodland Alliance
        "sympathy": [
            (23, 2),
            (28, 1),
            (28, 1),
            (33, 3),
            (33, 2),
            (38, 3),
            (38, 2),
            (43, 3),
            (48, 1),
        ],
        # 23 `t->12+11+9/++2` (0+1+1); 28 `t->12/++`, `t->7/++` (12, 11 removed on 26);
        # 33 `t->12+11+3/++3`, `t->7/++2`; 38 `t->6+3/++3`, Evening organize `w4->/t->4/++2`;
        # 43 `t->12+6/++3`; 48 `t->4/++`
        "craft": [(23, 2), (38, 1), (43, 2), (48, 1)],
        # 23 `Z%h/++2` (before Master Engravers); after 38 `Zengrave` (Master Engravers: +1 VP per
        # item crafted) each item token carries the item VP + 1. Split: item VP booked here,
        # the Engravers point under "other":
        # 38 `Z%f/++2` = boots 1 + 1; 43 `Z%t/++3` = tea 2 + 1; 48 `Z%b/++2` = bag 1 + 1
        "other": [(38, 1), (43, 1), (48, 1)],  # Master Engravers extra point (split, see craft)
        "removal": [(48, 1)],  # 48 `XC9/Cb_r9->/++`
    },
}

FINAL = {"C": 30, "O": 27, "P": 13, "A": 28}
# Check: the log ends `Winner: C`; C reaches exactly 30 on line 50 (last token `XO5/Ot_r5->/++`).
# The log states no other scores.
