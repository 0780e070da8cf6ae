"""What the parser returns: a log as rows of typed actions.

These are plain values: they hold no parser state and import no Lark.
"""

from __future__ import annotations

from dataclasses import field
from typing import Literal, NamedTuple

from tmlog import lean
from tmlog.games.terra_mystica.model.actions import Action
from tmlog.games.terra_mystica.model.enums import Faction
from tmlog.words import count

InputFormat = Literal["ledger", "commands", "json"]
"""``ledger``: the site's tab-separated ledger export; ``commands``: a raw command log;
``json``: the site's game JSON (``/app/view-game/``), whose ledger is read as a ledger."""

INPUT_FORMATS: tuple[InputFormat, ...] = ("ledger", "commands", "json")


class Recorded(NamedTuple):
    """The values a ledger row recorded for its faction *after* the row.

    Deltas are ``None`` where the ledger cell is empty (nothing changed).
    ``d_pw`` is the change of spendable power (bowl II + 2 × bowl III) and
    ``d_cult`` the change of the sum of the four cult positions.

    A named tuple: one is made for every ledger row, and a tuple is made
    several times faster than an instance with a dictionary of 13 entries.
    """

    vp: int
    c: int
    w: int
    p: int
    power: tuple[int, int, int]
    """The three power bowls (I, II, III)."""
    cults: tuple[int, int, int, int]
    """Fire, water, earth and air cult positions."""
    d_vp: int | None = None
    d_c: int | None = None
    d_w: int | None = None
    d_p: int | None = None
    d_pw: int | None = None
    d_cult: int | None = None
    leech_offers: tuple[int, ...] = ()
    """Power this row offered to neighbours (the receivers are not named)."""

    @property
    def pw(self) -> int:
        """Spendable power: bowl II + 2 × bowl III."""
        return self.power[1] + 2 * self.power[2]

    def as_dict(self) -> dict[str, object]:
        """JSON-friendly form."""
        return {
            "vp": self.vp,
            "c": self.c,
            "w": self.w,
            "p": self.p,
            "power": list(self.power),
            "cults": list(self.cults),
            "d_vp": self.d_vp,
            "d_c": self.d_c,
            "d_w": self.d_w,
            "d_p": self.d_p,
            "d_pw": self.d_pw,
            "d_cult": self.d_cult,
            "leech_offers": list(self.leech_offers),
        }


class Row(NamedTuple):
    """One row of a log: a line of a command log, or a ledger row.

    A named tuple, as :class:`Recorded` is: some 400 are made a game, and the
    row loop builds each with ``tuple.__new__``, several times cheaper than
    an instance with a dictionary. It compares as the tuple of its fields.
    """

    line: int
    """1-based line number in the source."""
    faction: Faction | None
    """The acting faction; ``None`` for admin and comment rows."""
    actions: tuple[Action, ...]
    text: str
    """The raw line."""
    recorded: Recorded | None = None
    """The ledger's recorded values (ledger action rows only)."""

    @property
    def command_text(self) -> str | None:
        """A ledger row's commands cell exactly as written (``None`` for other rows)."""
        if self.recorded is None:
            return None
        return self.text.rsplit("\t", 1)[-1]


@lean.dataclass
class ParsedLog:
    """A parsed log: its rows in order, each with its typed actions."""

    source: str
    format: InputFormat
    """``ledger`` or ``commands``: a game JSON parses to a ``ledger`` (its rows are one)."""
    rows: list[Row]
    warnings: list[str] = field(default_factory=list)
    """Problems that did not stop parsing (a cut-off last row that was left out)."""

    @property
    def actions(self) -> list[Action]:
        """Every action of every row, in order."""
        return [a for row in self.rows for a in row.actions]

    def __repr__(self) -> str:
        rows = f"<{count(len(self.rows), 'row')}>"
        return f"ParsedLog(source={self.source!r}, format={self.format!r}, rows={rows})"
