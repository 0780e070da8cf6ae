"""What a game gives ``tmlog report`` to watch: its steps, its board, its record.

The shapes of the :data:`~tmlog.games.capabilities.WATCH` capability, shared
by every game and by the game-neutral page builder (:mod:`tmlog.report.html`).
A game fills them from its own replay and record, the ones its other commands
read; the page only draws them. Imported when a report is written, not with
the capabilities.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Piece:
    """Something drawn on the board at one step: a building, a changed hex, warriors."""

    place: str
    """A place of :attr:`Board.places`, where it is drawn."""
    kind: str
    """The ``id`` of a ``<symbol>`` in :attr:`Board.svg` (``D``, ``TP``, ``warrior`` …)."""
    color: str
    """Its fill, a CSS colour."""
    label: str = ""
    """A short text drawn on it (a count); empty: none."""


@dataclass(frozen=True)
class Step:
    """One position of the game: the same one ``tmlog replay --at {at}`` replays to."""

    at: str
    """What ``--at`` takes to name this position (``120``, ``R3T2`` …)."""
    label: str
    """How the page names it (``line 120 · round 3, turn 2``)."""
    round: int
    turn: int
    actor: str | None
    """Who played the step (None: the game itself)."""
    text: str
    """What was played, as the log writes it."""
    values: Mapping[str, Mapping[str, int]]
    """Each side's figures after the step (``{"witches": {"VP": 24, "C": 3 …}}``);
    a side not yet in the game is left out."""
    pieces: tuple[Piece, ...]
    """Everything on the board after the step (the static map aside)."""
    marks: tuple[str, ...] = ()
    """Where the log's recorded values and the replay disagree at this step."""


@dataclass(frozen=True)
class LogRow:
    """One row of the log as the page lists it, with the step it belongs to."""

    line: int | None
    """Its line in the log (None: a row the replay writes itself)."""
    where: str
    """Its round and turn (``round 3, turn 2``)."""
    actor: str | None
    text: str
    vp: int | None
    """The actor's VP after it."""
    step: int
    """The index of its :class:`Step`."""
    marks: tuple[str, ...] = ()
    """Where its recorded values and the replay disagree."""


@dataclass(frozen=True)
class Side:
    """A faction (or a player's side) of the game."""

    name: str
    player: str | None
    color: str
    """A CSS colour, readable on white and when printed in grey."""
    final_vp: int
    rank: int | None
    dropped: bool = False
    won: bool = False


@dataclass(frozen=True)
class Board:
    """The static board, drawn once; each step's :class:`Piece` are drawn over it."""

    svg: str
    """An ``<svg>`` element with a ``viewBox``, and in its ``<defs>`` a
    ``<symbol>`` (or any element with an ``id``) for each piece kind; a
    ``<g class="labels">`` in it is drawn over the pieces."""
    places: Mapping[str, tuple[float, float]]
    """Where each place is, in the ``viewBox``'s units."""
    spread: float = 0.0
    """How far apart the pieces at one place are drawn, in rows of four centred
    on it (0: each on the place itself)."""
    fixed: tuple[str, ...] = ()
    """The kinds drawn on the place itself whatever :attr:`spread` (a ruler's ring)."""


@dataclass(frozen=True)
class Watch:
    """One game, ready to be written as a page."""

    title: str
    """The game's name (``Terra Mystica``)."""
    source: str
    record: Any
    """The game's record, as ``tmlog vp``, ``leech`` and ``stats`` read it."""
    header: tuple[tuple[str, str], ...]
    """What the page's header lists (``("map", "Original")`` …)."""
    sides: tuple[Side, ...]
    board: Board
    steps: tuple[Step, ...]
    rows: tuple[LogRow, ...]
    """The log's rows, each in the step that plays it (several rows may share one)."""
    charts: tuple[tuple[str, tuple[str, ...]], ...]
    """The figures of :attr:`Step.values` drawn over time, grouped by chart
    (``("Power bowls", ("P1", "P2", "P3"))``); the first chart is VP."""
    warnings: tuple[tuple[int, str], ...] = ()
    """Each rule warning with the index of the step it belongs to."""
    audit: str | None = None
    """What an audit of the log's recorded values found (None: nothing recorded)."""


def warning_steps(
    source: str, warnings: Iterable[str], lines: Sequence[int]
) -> Iterable[tuple[int, str]]:
    """Each warning (``source:line:…``) with its step: the first step whose log line
    (``lines``, ascending) is at or after the warning's; the last step for a
    warning with no line, or past them all."""
    import bisect

    prefix = f"{source}:"
    last = len(lines) - 1 if lines else 0
    for text in warnings:
        where = text[len(prefix) :].split(":", 1)[0] if text.startswith(prefix) else ""
        if not where.isdigit() or not lines:
            yield last, text
            continue
        yield min(bisect.bisect_left(lines, int(where)), last), text
