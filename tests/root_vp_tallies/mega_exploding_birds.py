# 2020_11_08_mega_exploding_birds: hand tally of every score change in the log, by faction and source.
# Factions: P Corvid Conspiracy, E Eyrie Dynasties (Despot from line 24), O Riverfolk Company, V Vagabond (Adventurer).
# One entry per score token; a token whose points come from two sources (e.g. removal + Despot) is split
# into one entry per source on the same line. No `Y++` tokens and no `++->` in this log.
TALLY = {
    "P": {  # Corvid Conspiracy
        "other": [(25, 1), (25, 2), (30, 2), (35, 2), (40, 3), (45, 3)],
        # Corvid plot flips (faction not in the seed): VP = face-up plots on the map after the flip.
        # 25 `t6^t_e/++` (1 face-up), `t1^t_s/++2` (t6,t1); 30 `t4^t_s/++2` (t6,t4; t1 removed by O at 28);
        # 35 `t5^t_e/++2` (t6,t5; t4 removed by E at 34); 40 `t2^t_r/++3` (t6,t5,t2);
        # 45 `t1^t_s/++3` (t6,t5,t1; t2 removed by E at 44).
        "removal": [(30, 1), (35, 1), (40, 1), (45, 1), (50, 1), (50, 1), (55, 1)],
        # 30 `XO4/(Ow+Ot_r+w)10->/++` trade post; 35 `XO8/Ot_m->/++` trade post; 40 `XE12/Eb12->/++` roost;
        # 45 `XE3/Eb3->/++` roost; 50 `XE4/(Ew+Eb)4->/++`, `XE10/(Ew+Eb)10->/++` roosts; 55 `XE8/(Eb+w)8->/++` roost.
        "craft": [(50, 2)],  # 50 `Z%h/++2` hammer
    },
    "E": {  # Eyrie Dynasties
        "roosts": [(29, 1), (34, 2), (39, 3), (44, 3), (49, 3), (54, 3)],
        # Evening, track 0,1,2,3,4,4,5: 29 `b->8/++` (roosts 3,8); 34 `b->9/++2` (3,8,9);
        # 39 `b->12/++3` (3,8,9,12); 44 `b->4/++3` (3,8,9,4; 12 lost at 40); 49 `b->10/++3` (8,9,4,10; 3 lost at 45);
        # 54 `b->2+12/--7/$_->/#commander->$/++3` (8,9,2,12; 4 and 10 lost at 50).
        "removal": [(29, 1), (34, 1), (44, 1), (49, 1), (54, 1)],
        # each `++2` after one enemy token removed in battle = 1 removal + 1 despot:
        # 29 `XO3/(Ow+Ot_r+w)3->/++2`; 34 `XP4/Pt_s4->/++2`; 44 `XP2/Pt_r2->/++2`; 49 `XP5/Pt_e5->/++2`;
        # 54 `XO2/(2Ow+Ot_m+w)2->/$_f->1/wO$->/++2`.
        "despot": [
            (29, 1),
            (34, 1),
            (44, 1),
            (49, 1),
            (54, 1),
        ],  # same five `++2` tokens (Despot taken at 24 `#despot->$`)
        "craft": [(39, 1), (49, 1)],  # 39 `Z%t/++`, 49 `Z%f/++` (Disdain for Trade: 1 per item)
        "other": [(44, 1)],
        # 44 `E:++/...` at the very start of Birdsong: Coffin Makers (crafted 39 `Zcoffin`): 1 VP per 5 warriors on it
        # (warriors removed since: 2 E at 39 vs V, 3 at 40 `(2Ew+w)12->`, P's plot warrior 40 `w1->`, O 43 `Pw12->` = 7).
        "turmoil": [(24, 0), (54, -7)],
        # 24 `--3` at 0 VP loses nothing (floor); 54 `--7` at 25 VP loses 7.
    },
    "O": {  # Riverfolk Company
        "trade-post": [(28, 2), (28, 2), (33, 2), (38, 2), (48, 2), (53, 2)],
        # 28 `(w+t_r)->11/++2`, `(w+t_r)->3/++2`; 33 `(w+t_m)->8/++2`; 38 `(w+t_f)->10/++2`;
        # 48 `(w+t_f)->1/++2`; 53 `(w+t_m)->2/++2`.
        "removal": [(28, 1), (48, 1), (53, 1)],
        # 28 `XP1/Pt_s1->/++`; 48 `XP10/(Pw+Pt_s)10->/++`; 53 `XP2/(Pw+Pt+2w)2->/++` (Corvid plot tokens)
        "craft": [
            (28, 3),
            (33, 1),
            (38, 2),
            (53, 1),
        ],  # 28 `Z%c/++3`; 33 `Z%b/++`; 38 `Z%t/++2`; 53 `Z%f/++`
    },
    "V": {  # Vagabond (Adventurer)
        "explore": [(17, 1), (27, 1), (32, 1), (37, 1)],
        # 17 `%f11->$/++`; 27 `%b9->$/++`; 32 `%h8->$/++`; 37 `%s12->$/++`
        "craft": [(17, 1), (27, 1), (37, 3), (47, 2), (52, 2)],
        # 17 `Z%x/++`; 27 `Z%b/++`; 37 `Z%c/++3`; 47 `Z%s/++2`; 52 `Z%s/++2`
        "relationship": [(32, 2), (37, 1), (52, 1), (52, 2)],
        # 32 `2#V->E/$_E->2/++2`; 37 `#V->P/$_P->1/++`; 52 `#V->O/++/%tO$->$/$_O->1`, `(%b+%c)O$->$/++2/$_O->2`
        # (27 `#V->E/$_E->1` scored nothing: comment "Vagabond forgot to score for aid")
        "infamy": [(47, 1), (47, 1), (57, 2), (57, 1), (57, 1)],
        # 47 `XE2/Ew2->/++` (E Hostile since 39 `V$_E->h`); 47 `%x->/Pw5->/$_P->h/XP5/Pw5->/++` (strike made P
        # Hostile, no point for that warrior); 57 `%x->e/Ow1->/$_O->h` (no point), `XO2/2Ow1->/++2`;
        # 57 `XO2/Ot_f2->/++2` = 1 removal + 1 infamy; 57 `XO10/(Ow+Ot_f)10->/++2`: rules give 3
        # (2 infamy + 1 removal) but the log writes 2 -> booked as 1 infamy + 1 removal, 1 infamy point unwritten.
        "removal": [(57, 1), (57, 1)],  # 57 `Ot_f2->` and `Ot_f)10->` trade posts (see infamy)
        "quest": [
            (57, 2)
        ],  # 57 `F#Q->$/++2` (second fox quest); quests at 32 and 47 took 2 cards instead
    },
}

FINAL = {"P": 22, "E": 21, "O": 22, "V": 29}

# Check against the log: `Winner: V`, with no score stated. V sums to 29 as written, not 30: the last battle
# `XO10/(Ow+Ot_f)10->/++2` should have scored 3 under 9.2.9.III (infamy is in addition to the removal point),
# which would give V exactly 30. E without the 0 floor at line 24 would be 18.
