"""A parsed Rootlog file printed back as notation.

The print is the file's content in the spec's form: comments and blank lines
are dropped, ``;`` separators become ``/``, a count or name is written as it
was, and what lenient mode read is printed as it was read (``(t+w0)->5`` as
``t+w0->5``). Parsing the print gives the same log.

>>> from tmlog.games.root.notation.parser import parse_rootlog
>>> text = "// a game\\nMap: Fall\\nDeck: E&P\\n\\nC: Ann // cats\\nC:w->1+2; ++\\nWinner: C\\n"
>>> print(print_log(parse_rootlog(text)), end="")
Map: Fall
Deck: E&P
C: Ann
C:w->1+2/++
Winner: C
"""

from __future__ import annotations

from tmlog.games.root.notation.parser import RootLog


def print_log(log: RootLog) -> str:
    """The notation of ``log``, one line per header line, player, turn and winner."""
    lines = [f"Map: {log.map}", f"Deck: {log.deck}"]
    if log.clearings:
        lines.append("Clearings: " + ", ".join(f"{s}{n}" for n, s in enumerate(log.clearings, 1)))
    if log.landmarks:
        lines.append("Landmarks: " + "/".join(f"{name}->{c}" for name, c in log.landmarks))
    if log.hirelings:
        setup = "".join(f"/{a}" for a in log.hireling_setup)
        lines.append("Hirelings: " + ", ".join(map(str, log.hirelings)) + setup)
    if log.pool:
        lines.append("Pool: " + "".join(log.pool))
    # Player lines first, in draft order, each before the turns (ADSET: before its setup).
    events = [(p.line, f"{p.faction}: {p.name}") for p in log.players]
    events += [(t.line, str(t)) for t in log.turns]
    lines += [text for _, text in sorted(events, key=lambda e: e[0])]
    if log.winner:
        lines.append("Winner: " + "".join(log.winner))
    return "\n".join(lines) + "\n"
