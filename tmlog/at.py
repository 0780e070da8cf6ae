"""``--at``: the point of a game ``replay``, ``render`` and ``report`` stop at,
written and told the same way for every game.

A log line (``--at 120``: after every line up to 120), the end of a round
(``R3``; ``R0`` is the end of setup) or the end of one turn of a round
(``R3T2``). What a round and a turn are is each game's own: Terra Mystica's
are the reference engine's; a Root round is every player taking one turn.

>>> parse_at("R3T2").describe(), parse_at("120").describe(), parse_at("r3").describe()
('end of round 3, turn 2', 'after log line 120', 'end of round 3')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tmlog.errors import BadOption

FORMS = "use a log line number (120), a round (R3; R0 is setup) or a round and turn (R3T2)"

# ASCII digits only: '²'.isdigit() is true but int('²') fails.
_ROUND = re.compile(r"^[Rr](\d+)(?:[Tt](\d+))?$", re.ASCII)
_LINE = re.compile(r"^\d+$", re.ASCII)


@dataclass(frozen=True)
class At:
    """Where ``--at`` stops: after a log line, or at the end of a round or one of its turns."""

    text: str
    """As written on the command line."""
    line: int | None = None
    round: int | None = None
    turn: int | None = None

    def describe(self) -> str:
        if self.line is not None:
            return f"after log line {self.line}"
        return f"end of round {self.round}" + (f", turn {self.turn}" if self.turn else "")


def _number(digits: str) -> int:
    # Past 18 digits a number is past the end of any game, and past 4300 Python
    # will not read it: it stands for "beyond the end".
    return int(digits) if len(digits) <= 18 else 10**18


def parse_at(text: str) -> At:
    """Read ``--at``; a :class:`~tmlog.errors.BadOption` names the forms it takes."""
    if _LINE.fullmatch(text):
        return At(text, line=_number(text))
    m = _ROUND.fullmatch(text)
    if m:
        return At(text, round=_number(m[1]), turn=_number(m[2]) if m[2] else None)
    raise BadOption("--at", FORMS)
