"""The audit's row loop: a ledger's recorded values against the replay's, row by row.

A module of its own so that the compiled build compiles it (the audit
module is not: its job carries an attribute for the corpus runner). It runs
for every row of every audited game and builds nothing for a row that
matches; :mod:`.audit` names the fields of the few rows that do not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.parse.log import Row as LogRow
    from tmlog.games.terra_mystica.replay.events import RowClosed


def compare_rows(
    recorded: list[LogRow], replayed: list[RowClosed], recorded_vp: dict[str, int]
) -> tuple[int, list[int]]:
    """Compare each recorded row with the replayed row at its index.

    Rows are compared in order up to the first whose faction differs (which
    the replay has then grouped otherwise: nothing after it lines up).

    Returns:
        The number of rows compared and the indexes of those whose values
        differ (VP, resources, the three bowls, the four cults, or the power
        offered). ``recorded_vp`` gets each faction's last recorded VP.
    """
    differing: list[int] = []
    end = min(len(recorded), len(replayed))
    for i in range(end):
        rec_row = recorded[i]
        ours = replayed[i]
        rec = rec_row.recorded
        assert rec is not None
        # The enum's _value_ read directly: .value is a descriptor call, once per row.
        faction = rec_row.faction._value_ if rec_row.faction is not None else ""
        if faction != ours.faction:
            return i, differing
        vp = rec.vp
        recorded_vp[faction] = vp
        values = ours.values  # LEDGER_FIELDS: VP C W P, bowls I-III, fire water earth air
        power = rec.power
        cults = rec.cults
        if (
            len(values) == 11
            and vp == values[0]
            and rec.c == values[1]
            and rec.w == values[2]
            and rec.p == values[3]
            and power == values[4:7]
            and cults == values[7:11]
        ):
            offers = rec.leech_offers
            leech = ours.leech
            if (not offers and not leech) or sorted(offers) == sorted(leech.values()):
                continue
        differing.append(i)
    return end, differing
