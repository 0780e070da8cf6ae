"""The replay's own ledger: rows grouped and ordered as the reference engine groups them.

A row collects one faction's consecutive commands and records its resources
after them; comment rows (round and turn headers, final scoring headers) are
written the moment they happen, so a header can precede the row that was
still being collected when it was written. Reproducing this grouping is what
lets an audit compare a replay with a real ledger row by row.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tmlog.games.terra_mystica.model.actions import Action
from tmlog.games.terra_mystica.replay.state import LEDGER_FIELDS, FactionState


@dataclass
class Row:
    """One ledger row: a faction's commands and its resources after them."""

    faction: str
    actions: list[Action]
    values: tuple[int, ...]
    """After the row, in :data:`~tmlog.games.terra_mystica.replay.state.LEDGER_FIELDS` order."""
    before: tuple[int, ...]
    leech: dict[str, int] = field(default_factory=dict)
    """Power offered by this row, by receiving colour."""
    warning: str = ""
    effect: bool = False
    """An effect row the engine adds (Cultists' ``[opponent accepted power]`` …)."""
    round: int = 0
    turn: int = 0

    def value(self, name: str) -> int:
        return self.values[LEDGER_FIELDS.index(name)]

    @property
    def lines(self) -> list[int]:
        return [a.line for a in self.actions if a.line]


@dataclass
class CommentRow:
    text: str


LedgerEntry = Row | CommentRow


class Ledger:
    """Collects rows the way the reference engine's ledger does.

    With ``keep_rows=False`` only the grouping is followed (which faction's
    row is open, whether the last entry was a comment): the rules depend on
    it, but a run that needs no rows (statistics) skips building them.
    """

    def __init__(self, *, keep_rows: bool = True) -> None:
        self.keep_rows = keep_rows
        self.rows: list[LedgerEntry] = []
        self.collecting = False
        self.current: FactionState | None = None
        self.commands: list[Action] = []
        self.force_finish = False
        self.start: tuple[int, ...] = ()
        self.warnings: list[str] = []
        self.leech: dict[str, int] = {}
        self.trailing_comment = False
        self.last_round = 0
        self.last_turn = 0
        self.round = 0
        self.turn = 0

    def _add(self, entry: LedgerEntry) -> None:
        if self.keep_rows:
            self.rows.append(entry)
        self.trailing_comment = False

    def start_row(self, faction: FactionState) -> None:
        if self.collecting:
            return
        self.collecting = True
        self.current = faction
        self.force_finish = False
        self.commands = []
        self.warnings = []
        self.leech = {}
        if self.keep_rows:
            self.start = faction.snapshot()

    def add_command(self, action: Action) -> None:
        if self.collecting:
            self.commands.append(action)

    def report_leech(self, color: str, amount: int) -> None:
        self.leech[color] = self.leech.get(color, 0) + amount

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def finish_row(self) -> None:
        if not self.collecting or self.current is None:
            return
        if not self.keep_rows:
            self.collecting = False
            self.trailing_comment = False
            return
        faction = self.current
        end = faction.snapshot()
        self._add(
            Row(
                faction=faction.name,
                actions=self.commands,
                values=end,
                before=end if faction.dummy else self.start,
                leech=self.leech,
                warning=self.warnings[0] if self.warnings else "",
                round=self.round,
                turn=self.turn,
            )
        )
        self.collecting = False

    def add_comment(self, text: str) -> None:
        if self.keep_rows:
            self.rows.append(CommentRow(text))
        self.trailing_comment = True

    def add_effect_row(
        self, faction: FactionState, action: Action, before: tuple[int, ...]
    ) -> None:
        self._add(
            Row(
                faction=faction.name,
                actions=[action],
                values=faction.snapshot(),
                before=before,
                effect=True,
                round=self.round,
                turn=self.turn,
            )
        )

    def turn_header(self, round_: int, turn: int) -> None:
        if round_ == self.last_round and turn == self.last_turn:
            return
        self.last_round = round_
        self.last_turn = turn
        if self.trailing_comment:
            return
        self.add_comment(f"Round {round_}, turn {turn}")
