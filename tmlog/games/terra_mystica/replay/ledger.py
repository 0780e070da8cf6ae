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

from tmlog.games.terra_mystica.replay.events import CommentWritten, EngineEvent, RowClosed

# A ledger's rows are the engine's row events themselves: one ledger row (a
# faction's commands and its values after them) is a RowClosed, a comment row
# (``Round 2, turn 3``, ``Scoring FIRE cult`` …) a CommentWritten.
from tmlog.games.terra_mystica.replay.events import CommentWritten as CommentRow
from tmlog.games.terra_mystica.replay.events import RowClosed as Row

__all__ = ["CommentRow", "Ledger", "LedgerEntry", "Row"]

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
        if type(event) is RowClosed or type(event) is CommentWritten:
            self.rows.append(event)

    def feed(self, events: Iterable[EngineEvent]) -> None:
        self.rows += [e for e in events if type(e) is RowClosed or type(e) is CommentWritten]
