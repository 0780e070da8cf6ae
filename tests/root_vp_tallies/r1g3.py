# 2020_11_26_winter_tournament_r1g3: hand tally of every score change in the log, by faction and source.
# Mountain map (Pass = central clearing 10, C.3.4; closed paths C.3.3).  No `--` in this log.
# Coalition tokens `++->G$` (46, V) and `++->C$` (50, G) are not score changes and are not tallied.
# Each entry is (line, points) for one score token; the single `++2` on line 40 (G) is split
# in two (removal + infamy) because it pays for two separate rule sources.
TALLY = {
    "C": {  # Marquise de Cat
        "marquise-building": [
            (24, 1),
            (29, 2),
            (34, 1),
            (39, 1),
            (44, 2),
            (49, 1),
            (54, 2),
            (54, 2),
            (59, 3),
            (59, 4),
        ],
        # 24 `b_r->9/++` (2nd recruiter); 29 `b_w->8/++2` (2nd workshop); 34 `b_s->12/++` (2nd sawmill);
        # 39 `b_s->9/++` (sawmill 12 was removed on 38, so 2nd again); 44 `b_r->12/++2` (3rd recruiter);
        # 49 `b_s->9/++` (sawmill 9 removed on 48, 2nd again); 54 `b_s->12/++2` (3rd sawmill),
        # `b_w->2/++2` (3rd workshop); 59 `b_w->6/++3` (4th workshop), `b_s->2/++4`
        # (4th sawmill: the track shows 3, cost 3 wood `t1+t9+t12->`; log over-scores by 1, booked as written).
        "pass": [(24, 1), (29, 1), (54, 1)],
        # 24 `#->C/++` end of Evening, C 3 warriors vs D 2 in clearing 10;
        # 29 `#->C/++` end of Evening, C 3 vs D 1 in 10 (V removed 2 Dw at 10 on 26, D lost 2 on 28);
        # 54 `b_w->2/++2/++/2#->C`: the lone `++` is the Pass: C 1 vs D 0 in 10 (G removed Dw at 10 on 40,
        # C's `XD10/(Dw+w)10->` on 44 removed the last).  [Corrected after the tmlog comparison, see .md:
        # my first count had missed the D warriors removed at 10 on lines 26 and 40 and booked it unknown.]
        "craft": [(44, 3), (54, 1), (59, 1), (59, 2)],
        # 44 `Z%c/++3`; 54 `Z%f/++`; 59 `Z%f/++`, `Z%t/++2`.  (`Zbank` 34, `Zcommand` 49: persistent, no VP.)
        "closed-path": [(44, 1)],  # 44 `R#C->/2_5->/++`
        "removal": [(44, 1), (49, 1)],  # 44 `XD12/Dt12->/++` tunnel; 49 `XD2/Dt2->/++` tunnel
    },
    "D": {  # Underground Duchy
        "other": [(23, 2), (28, 2), (33, 3), (38, 2), (43, 2), (43, 1), (58, 1)],
        # sway crowns: 23 `#brigadier->$/++2`, 28 `#mayor->$/++2`, 33 `#baronofdirt->$/++3`,
        # 38 `#banker->$/++2`, 43 `#marshal->$/++`;
        # Banker (spend cards of one suit, 1 VP each): 43 `2M#D->/++2`, 58 `R#D->/++`.
        "pass": [(23, 1), (33, 1), (38, 1)],
        # 23 `#->D/++` (D 2 vs C 1 in 10); 33 `#baronofdirt->$/++3/++` (no markets, so not Baron; D 1 vs C 0 in 10);
        # 38 `#->D/++` (D 1 vs C 0 in 10).  (D also ruled 10 after 43 but no point is written.)
        "removal": [(38, 1), (48, 1), (58, 2)],
        # 38 `XC12/(2Cw+Cb_s+w)12->/++` sawmill; 48 `XC9/(Cw+Cb_s)9->/++` sawmill;
        # 58 `XC9/2Cb_r9->/++2` two recruiters.
        "closed-path": [(38, 1), (43, 1)],  # 38 `F#D->/3_7->/++`; 43 `F#D->/6_11->/++`
    },
    "G": {  # Vagabond #2 (Tinker)
        "explore": [(25, 1), (30, 1), (40, 1), (50, 1)],
        # 25 `%r->e/%b12->t/++`; 30 `%r->e/%s9->$/++`; 40 `%r->e/%h10->$/++`;
        # 50 `p->11/%r->e/++` (table ruled G could not take the item, but the point stood: see log comment).
        "craft": [(25, 2), (40, 2)],  # 25 `Z%t/++2`; 40 `Z%s/++2`
        "closed-path": [(35, 1)],  # 35 `R#domG->/8_9->/++`
        "removal": [(40, 1)],
        # 40 `%s->e/(Dw+Dt)10->/$_D->h/++2`: battle (sword exhausted); the warrior makes D Hostile
        # (no VP, 9.2.9.III.a); the tunnel scores 1 for removal (3.2.1) ...
        "infamy": [(40, 1), (50, 1)],
        # ... and 1 infamy since D is now Hostile (9.2.9.III.a) -> the `++2`.
        # 50 `XC11/Cw11->/++`: C Hostile to G since 34 (`XG1/w1->/G$_C->h`).
    },
    "V": {  # Vagabond (Harrier)
        "explore": [
            (26, 1),
            (31, 1),
        ],  # 26 `%r->e/%h10->$/++`; 31 `%r->e/%f9->$/++`  (36 `%f12->$` unscored)
        "craft": [(26, 1), (31, 1)],  # 26 `Z%x/++`; 31 `Z%b/++`  (`Zarmor` 36: persistent, no VP)
        "infamy": [
            (26, 1)
        ],  # 26 `Dw10->/$_D->h/.../XD10/Dw10->/++` (strike made D Hostile, then battle)
        "closed-path": [(31, 1), (36, 1)],  # 31 `F#domV->/5_9->/++`; 36 `M#domV->/11_12->/++`
        "relationship": [(46, 1)],  # 46 `R#V->C/%cC$->$/$_C->1/++` (aid C, C to first space)
        # 46 `%s11->$` explore after the relationship is unscored in the log.
    },
}

FINAL = {"C": 32, "D": 22, "G": 12, "V": 8}
# Log end: `Winner: CGV` (G in coalition with C, V with G); C reaches 32 >= 30: consistent.
