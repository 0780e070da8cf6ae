"""The replay's own ledger: rows grouped and ordered as the reference engine groups them.

A row collects one faction's consecutive commands and records its resources
after them; comment rows (round and turn headers, final scoring headers) are
written the moment they happen, so a header can precede the row that was
still being collected when it was written. Reproducing this grouping is what
lets an audit compare a replay with a real ledger row by row.

The engine decides the grouping (:mod:`~tmlog.games.terra_mystica.replay.segment`)
and reports each row as an event; :class:`Ledger` only collects them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tmlog.games.terra_mystica.model.actions import Action
from tmlog.games.terra_mystica.replay.events import CommentWritten, EngineEvent, RowClosed
from tmlog.games.terra_mystica.replay.state import LEDGER_FIELDS


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
    """Builds the rows of a ledger from a replay's events, in the order they came.

    Reads only :class:`~tmlog.games.terra_mystica.replay.events.RowClosed` and
    :class:`~tmlog.games.terra_mystica.replay.events.CommentWritten`; other
    events pass by.
    """

    def __init__(self) -> None:
        self.rows: list[LedgerEntry] = []

    def take(self, event: EngineEvent) -> None:
        kind = type(event)
        if kind is RowClosed:
            assert isinstance(event, RowClosed)
            self.rows.append(
                Row(
                    faction=event.faction or "",
                    actions=list(event.commands),
                    values=event.values,
                    before=event.before,
                    leech=dict(event.offers),
                    warning=event.warning,
                    effect=event.effect,
                    round=event.round,
                    turn=event.turn,
                )
            )
        elif kind is CommentWritten:
            assert isinstance(event, CommentWritten)
            self.rows.append(CommentRow(event.text))

    def feed(self, events: Iterable[EngineEvent]) -> None:
        for event in events:
            self.take(event)
