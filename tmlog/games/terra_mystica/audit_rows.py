"""The audit's row loop: a ledger's recorded values against the replay's, row by row.

It runs for every row of every audited game and builds nothing but one
tuple for a row that matches; :mod:`.audit` names the fields of the few
rows that do not. Interpreted in the compiled build too: compiled, its
attribute reads of the rows (generic ``getattr``, which the interpreter
specialises) cost more than it saved (callgrind, warm audit of the corpus).
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
        ours = replayed[i]
        # The log's Row and its Recorded are named tuples: unpacking reads their
        # fields (the interpreter does not specialise a named tuple's attribute reads).
        _line, who, _actions, _text, rec = recorded[i]
        assert rec is not None
        # The enum's _value_ read directly: .value is a descriptor call, once per row.
        faction = who._value_ if who is not None else ""
        if faction != ours.faction:
            return i, differing
        vp, c, w, p, power, cults = rec[:6]
        recorded_vp[faction] = vp
        # The replay's values: VP C W P, bowls I-III, fire water earth air.
        if (vp, c, w, p, *power, *cults) == ours.values:
            offers = rec.leech_offers
            leech = ours.leech
            if (not offers and not leech) or sorted(offers) == sorted(leech.values()):
                continue
        differing.append(i)
    return end, differing
