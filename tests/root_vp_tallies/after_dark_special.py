# 2020_12_05_after_dark_special: hand tally of every score change in the log, by faction and source.
# Winter map (no Pass / closed paths).  No `--` in this log.  Each entry is (line, points) for one score token.
TALLY = {
    "A": {  # Woodland Alliance
        "sympathy": [(18, 1), (23, 1), (33, 2), (38, 1), (43, 2), (53, 4), (53, 2), (53, 3)],
        # spread: 18 `t->4+11/++`; 23 `M#$->/t->10/++`; 33 `t->4+8+9/++2` (log comment: should have been
        # one more); 43 `t->8+12/++2`; 53 `t->1+2/++4`;
        # organize (Evening, 8.6.1.IV): 38 `w4->/t->4/++`; 53 `w4->/t->4/++2`, `w10->/t->10/++3`.
        # Revolts (23 at 11, 38 at 9, 48 at 12) removed only warriors: no VP.
    },
    "P": {  # Corvid Conspiracy
        "craft": [
            (24, 2),
            (54, 3),
            (54, 2),
        ],  # 24 `Z%s/++2`; 54 `Z%c/++3`, `Z%h/++2`  (44 `Zprop`: no VP)
        "other": [
            (24, 1),
            (24, 2),
            (34, 3),
            (39, 4),
            (54, 3),
            (33, 1),
            (38, 1),
            (43, 1),
            (48, 1),
            (53, 1),
        ],
        # plot flips (1 VP per face-up plot): 24 `t2^t_e/++`, `t8^t_r/++2`; 34 `t6^t_e/++3`;
        # 39 `t3^t_s/++4`; 54 `t1^t_s/++3`.
        # Charm Offensive (A crafted `Zcharm` on 33: start of A's Evening, A draws, chosen player scores 1):
        # `#->A/P++` in A's lines 33, 38, 43, 48, 53.
        "removal": [(24, 1), (24, 1), (34, 1), (34, 1), (44, 1), (44, 1)],
        # 24 `XD5/(Dw+Dt)5->/++` tunnel; `XD5/Db_m5->/#marshalD$->/++` market (Price of Failure in between);
        # 34 `XA8/At8->/F#P->A$/++`, `XA3B@R@/At3->/P^A/#->A$/++` sympathy;
        # 44 `XD2/Dt2->/++` tunnel, `XO12/Ot_f12->/++` trade post.
    },
    "D": {  # Underground Duchy
        "other": [
            (20, 1),
            (25, 2),
            (30, 1),
            (35, 2),
            (45, 2),
            (50, 3),
            (40, 1),
            (45, 2),
            (50, 3),
            (50, 1),
        ],
        # sway crowns: 20 `#marshal->$/++`, 25 `#brigadier->$/++2`, 30 `#captain->$/++`, 35 `#mayor->$/++2`,
        # 45 `#banker->$/++2`, 50 `#earlofstone->$/++3`;
        # Coffin Makers (crafted 35 `Zcoffin`; start of Birdsong, 1 VP per 5 warriors on it):
        # 40 `D:++`, 45 `D:++2`, 50 `D:++3`;
        # Banker: 50 `M#D->/++`.
        "removal": [(30, 1), (30, 1), (40, 1), (40, 1), (45, 1), (50, 1)],
        # 30 `XA10/At10->/M#D->A$/++`, `XA4/At4->/D^A/#->A$/++` sympathy;
        # 40 `XP2/(Pw+Pt_e)2->/++` plot, `XA4/At4->/D^A/#->A$/++` sympathy;
        # 45 `XO6/(w+Ow+Ot_f)6->/++` trade post; 50 `XP6/(w+2Pw+Pt_e)6->/++` plot.
    },
    "O": {  # Riverfolk Company
        "trade-post": [(21, 2), (26, 2), (41, 2), (51, 2)],
        # 21 `t_f+w->12/++2`; 26 `t_r+w->11/++2`; 41 `t_f->2/++2`; 51 `t_m->10/++2`
        # (31 `t_m+w->6` written without a score).
        "craft": [
            (21, 1),
            (31, 1),
            (41, 2),
        ],  # 21 `Z%x/++`; 31 `Z%f/++`; 41 `Z%s/++2`  (51 `Z%b` unscored)
        "removal": [(41, 1)],  # 41 `XP12/Pt12^t_r/.../(Pw+2w+Pt_r)12->/++` raid plot
        # No dividends are written in this log.
    },
}

FINAL = {"A": 16, "P": 31, "D": 24, "O": 13}
# Log end: `Winner: P`; P 31 >= 30, nobody else >= 30: consistent.
