"""A Root game at a chosen turn: ``--at`` (:mod:`tmlog.at`, as for every game)
counted the way a Root player counts, and the board printed as text or JSON
(``tmlog replay``).

A Root round is every player taking one turn; a turn is one turn line of the
log: ``--at 30`` is after every turn line up to line 30, ``R3`` the end of
round 3 (``R0`` the end of setup), ``R3T2`` the second turn of round 3.

>>> from tmlog.at import parse_at
>>> from tmlog.games.root.notation import parse_rootlog
>>> text = "Map: Fall\\nDeck: E&P\\nC: a\\nE: b\\nC:w->1\\nE:w->2\\nC:++\\nE:++\\nC:++\\n"
>>> log = parse_rootlog(text)
>>> rounds_of(log)
[0, 0, 1, 1, 2]
>>> [turns_until(log, parse_at(at)) for at in ("R1", "R2T1", "7", "R3")]
[4, 5, 3, None]
"""

from __future__ import annotations

from typing import Any

from tmlog.at import At
from tmlog.games.root.notation import RootLog
from tmlog.games.root.pieces import FACTIONS, Faction
from tmlog.games.root.record import source_name
from tmlog.games.root.replay import RootReplay
from tmlog.games.root.snapshot import BoardSnapshot


def rounds_of(log: RootLog) -> list[int]:
    """The round of each turn line: 0 for setup, then each faction's own count of turns."""
    played: dict[str, int] = {}
    out = []
    for turn in log.turns:
        if turn.setup:
            out.append(0)
            continue
        played[turn.faction] = played.get(turn.faction, 0) + 1
        out.append(played[turn.faction])
    return out


def turns_until(log: RootLog, stop: At) -> int | None:
    """How many turn lines to replay to reach ``stop`` (None: it is past the game's end)."""
    if stop.line is not None:
        end = max([log.winner_line, *(t.line for t in log.turns)])
        return None if stop.line > end else sum(1 for t in log.turns if t.line <= stop.line)
    rounds = rounds_of(log)
    last = max(rounds, default=0)
    if stop.round is None or stop.round > last:
        return None
    if stop.turn is None:
        return max((i + 1 for i, r in enumerate(rounds) if r <= stop.round), default=0)
    mine = [i for i, r in enumerate(rounds) if r == stop.round]
    if stop.turn < 1 or stop.turn > len(mine):
        return None
    return mine[stop.turn - 1] + 1


def past_end(log: RootLog, stop: At, source: str) -> str:
    """Why ``stop`` names no point of the game, in Terra Mystica's words for ``--at``."""
    rounds = rounds_of(log)
    if stop.line is None and stop.round is not None and stop.round in rounds:
        last = f"R{stop.round}T{rounds.count(stop.round)}"
        return f"past the last turn of round {stop.round} of {source}: its last turn is {last}"
    return f"past the end of {source}: its last point is {last_point(log)}"


def last_point(log: RootLog) -> str:
    """The game's last turn in ``--at`` terms, for a message."""
    rounds = rounds_of(log)
    if not log.turns:
        return "no turn at all"
    last = log.turns[-1]
    place = f"log line {last.line}, round {rounds[-1]}, turn {rounds.count(rounds[-1])}"
    whose = "game over" if log.winner else f"{last.faction}'s turn"
    return f"{place} ({whose})"


def heading(result: RootReplay, stop: At | None) -> str:
    """``game.rootlog: round 3, after E's turn (log line 30)``."""
    log = result.log
    if result.turns_played == 0:
        return f"{log.source}: before setup"
    turn = log.turns[result.turns_played - 1]
    rnd = rounds_of(log)[result.turns_played - 1]
    stage = "setup" if rnd == 0 else f"round {rnd}"
    head = f"{log.source}: {stage}, after {turn.faction}'s turn (log line {turn.line})"
    if result.turns_played == len(log.turns) and result.winner:
        head += f", game over, winner {''.join(result.winner)}"
    elif stop is not None:
        head += f" ({stop.describe()})"
    return head


def _pieces(held: tuple[tuple[Faction, str, int], ...]) -> str:
    by: dict[Faction, list[str]] = {}
    for faction, code, n in held:
        by.setdefault(faction, []).append(f"{n}{code}" if n > 1 else code)
    return "; ".join(f"{f.value} {' '.join(codes)}" for f, codes in by.items())


def state_text(result: RootReplay, stop: At | None) -> str:
    """The board as a table of factions, then one line per clearing."""
    board = result.board
    assert board is not None
    cols = ["faction", "VP", "warriors", "buildings", "tokens", "hand", "crafted", "marker"]
    rows = []
    for letter in result.log.factions:
        f = Faction(letter)
        counts = {"w": 0, "b": 0, "t": 0}
        for clearing in board.clearings:
            for g, code, n in clearing.pieces:
                if g is f and code[0] in counts:
                    counts[code[0]] += n
        crafted = board.crafted.get(f, {})
        marker = (
            "dominance " + board.dominance[f].name.lower()
            if f in board.dominance
            else f"coalition with {board.coalitions[f].value}"
            if f in board.coalitions
            else ""
        )
        rows.append(
            [
                f"{letter} {FACTIONS[f].name}",
                str(board.vp.get(f, 0)),
                str(counts["w"]),
                str(counts["b"]),
                str(counts["t"]),
                str(board.hands.get(f, 0)),
                " ".join(f"{n}{i.value}" if n > 1 else i.value for i, n in crafted.items()) or "-",
                marker,
            ]
        )
    widths = [max([len(c), *(len(r[i]) for r in rows)]) for i, c in enumerate(cols)]
    lines = [
        heading(result, stop),
        "  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=True)),
    ]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) for r in rows]
    lines.append("clearing  suit    ruler  pieces")
    for c in board.clearings:
        ruin = " (ruin)" if c.ruin else ""
        ruler = c.ruler.value if c.ruler else "-"
        lines.append(
            f"{c.number:<8}  {c.suit.name.lower():<6}  {ruler:<5}  {_pieces(c.pieces)}{ruin}"
        )
    for place, held in sorted(board.elsewhere.items()):
        if held:
            lines.append(f"{place:<8}  {'':<6}  {'':<5}  {_pieces(held)}")
    return "\n".join(line.rstrip() for line in lines)


def state_json(result: RootReplay, stop: At | None) -> dict[str, Any]:
    """The board as JSON-ready data."""
    board: BoardSnapshot | None = result.board
    assert board is not None
    log = result.log
    played = result.turns_played
    out: dict[str, Any] = {
        "source": log.source,
        "map": log.map,
        "turns_played": played,
        "round": rounds_of(log)[played - 1] if played else 0,
        "line": log.turns[played - 1].line if played else None,
        "finished": played == len(log.turns) and bool(result.winner),
        "winner": list(result.winner),
        "vp": {f: board.vp.get(Faction(f), 0) for f in log.factions},
        "vp_by_source": {
            f: {source_name(s): n for s, n in board.vp_by_source.get(Faction(f), {}).items() if n}
            for f in log.factions
        },
        "hands": {f: board.hands.get(Faction(f), 0) for f in log.factions},
        "dominance": {f.value: s.name.lower() for f, s in board.dominance.items()},
        "coalitions": {f.value: g.value for f, g in board.coalitions.items()},
        "clearings": [
            {
                "clearing": c.number,
                "suit": c.suit.name.lower(),
                "ruin": c.ruin,
                "ruler": c.ruler.value if c.ruler else None,
                "pieces": [[f.value, code, n] for f, code, n in c.pieces],
            }
            for c in board.clearings
        ],
        "elsewhere": {
            k: [[f.value, code, n] for f, code, n in v] for k, v in board.elsewhere.items()
        },
        "items": {i.name.lower(): n for i, n in board.item_supply.items()},
        "crafted": {
            f.value: {i.name.lower(): n for i, n in c.items()} for f, c in board.crafted.items()
        },
    }
    # The VP timeline turn by turn (``vp --timeline`` has it round by round).
    out["timeline"] = [
        {"line": e.line, "faction": e.faction, "round": e.round, "vp": e.vp}
        for e in result.turn_ends
    ]
    if stop is not None:
        out["at"] = stop.text
    return out
