"""What a game may be able to do beyond the protocol, each a typed key and protocol.

A game declares what it does in its :attr:`~tmlog.games.GameModule.capabilities`
(``Capabilities().add(AUDIT, ...)``), and a command asks for what it needs
(``AUDIT.need(game, "audit", source)``), which names the command and the game
in one line when the game cannot (:class:`~tmlog.errors.Unsupported`).

=================  ====================  ==========================================
key                command               what the game gives
=================  ====================  ==========================================
:data:`STATE`      ``replay``            its state after ``--at``, as text or JSON
:data:`DRAWING`    ``render``            its board as a matplotlib picture
:data:`AUDIT`      ``audit``             recorded values checked against a replay
:data:`CONVERT`    ``convert``           a log written in another of its formats
:data:`VP_SOURCES` ``vp``                the order of its VP sources
:data:`LEECH`      ``leech``             the record tables of power leech
:data:`RATING`     ``ratings``, ``stats`` its players' Elo, results files
:data:`GROUPINGS`  ``stats --by``        the groupings its records can give
:data:`EXPORT`     ``export``            records that give the export's tables
:data:`WATCH`      ``report``            its steps, board and record for a page
=================  ====================  ==========================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tmlog.games import Capability

if TYPE_CHECKING:
    import pandas as pd

    from tmlog.games.watching import Watch

Warn = Callable[[str], None]
"""Where a capability says a warning (the command line prints it on standard error)."""


class StateView(Protocol):
    """``tmlog replay``: a log's state at the end or at ``--at``.

    A bad ``--at`` raises :class:`~tmlog.errors.BadOption` (a usage error); an
    unreadable or illegal log, :class:`~tmlog.errors.TmlogError`.
    """

    def state(
        self,
        data: bytes,
        *,
        source: str,
        at: str | None,
        fmt: str,
        input_format: str | None,
        options: Mapping[str, Any],
        warn: Warn,
    ) -> str:
        """The state as ``fmt`` (``text`` or ``json``) after the point ``at`` names."""
        ...


class Drawing(Protocol):
    """``tmlog render``: a log's board at the end or at ``--at`` (errors as :class:`StateView`)."""

    def draw(
        self,
        data: bytes,
        *,
        source: str,
        at: str | None,
        input_format: str | None,
        options: Mapping[str, Any],
        warn: Warn,
    ) -> Any:
        """The matplotlib axes of the board's picture."""
        ...


class Divergence(Protocol):
    """One recorded value that the replay does not reproduce."""

    @property
    def line(self) -> int: ...
    @property
    def faction(self) -> str: ...
    @property
    def command(self) -> str: ...
    @property
    def field(self) -> str: ...
    @property
    def recorded(self) -> Any: ...
    @property
    def replayed(self) -> Any: ...

    def describe(self, source: str) -> str: ...


class AuditReport(Protocol):
    """Every divergence between a log's recorded values and its replay."""

    @property
    def source(self) -> str: ...
    @property
    def rows_compared(self) -> int: ...
    @property
    def error(self) -> Exception | None: ...
    @property
    def ranked_vp(self) -> Sequence[tuple[str, int]]: ...
    @property
    def divergences(self) -> Sequence[Divergence]: ...

    @property
    def ok(self) -> bool: ...


class Auditing(Protocol):
    """``tmlog audit``: compare what a log recorded with its replay."""

    @property
    def replay_options(self) -> Mapping[str, Any]:
        """What the replay must keep for the audit."""
        ...

    def audit(self, parsed: Any, result: Any) -> AuditReport:
        """The report of a parsed log and its replay (a runner job: it must pickle)."""
        ...


class Converting(Protocol):
    """``tmlog convert``: a log written in another format of its game."""

    @property
    def targets(self) -> tuple[str, ...]: ...

    def convert(self, data: bytes, *, source: str, target: str) -> str: ...


class VpSources(Protocol):
    """``tmlog vp``: the order in which its VP sources are listed."""

    def source_key(self, source: str) -> tuple[Any, ...]: ...


class Leech(Protocol):
    """``tmlog leech``: the record tables that hold power leech."""

    @property
    def totals(self) -> str:
        """The table of each faction's leech totals."""
        ...

    @property
    def feeding(self) -> str:
        """The table of who fed whom."""
        ...


class Rating(Protocol):
    """``tmlog ratings`` and ``stats --min-rating``: its players rated, its results files read."""

    def is_results(self, path: str) -> bool:
        """Whether ``path`` is one of its results files (finished games, no replay)."""
        ...

    def read_results(self, paths: Iterable[str], fail: Warn) -> tuple[list[Any], list[Any]]:
        """Each results file's games, each id once; and the repeats left out."""
        ...

    def game_id_of_log(self, path: str) -> str | None:
        """The id of the game a log file holds, where its name tells."""
        ...

    def results_records(self, games: Iterable[Any]) -> Iterator[Any]:
        """The results' games as records (the ``games`` and ``factions`` tables)."""
        ...

    def rated_games(self, records: Iterable[Any], fail: Warn) -> tuple[list[Any], int]:
        """The finished games among replayed logs' records, as games to rate; and
        how many were unfinished."""
        ...

    def missing_grouping(self, name: str) -> str | None:
        """Why its results files cannot give the grouping ``name`` (None: they can)."""
        ...

    def stats_left_out_because(self, game: Any) -> str | None:
        """Why the site's statistics leave a results file's game out (None: they count it)."""
        ...

    def compute(self, games: list[Any]) -> Any:
        """The ratings of the players of ``games`` (results' and logs' alike)."""
        ...

    def summary(self, ratings: Any) -> tuple[int, int]:
        """How many games were rated, and how many players are listed."""
        ...

    def tables(self, ratings: Any) -> Mapping[str, Any]:
        """``tmlog ratings``'s tables (DataFrames) by the name ``--show`` gives them."""
        ...

    def rate_factions(
        self, ratings: Any, min_rating: float | None, bands: bool
    ) -> Callable[[Any], Any]:
        """What ``stats --min-rating``/``--by rating-band`` does to a factions table."""
        ...

    def bands(self) -> tuple[str, ...]:
        """The rating bands of ``stats --by rating-band``, in order."""
        ...


class Export(Protocol):
    """``tmlog export``: its records give the export's tables
    (:func:`tmlog.report.export.export_tables` types and writes them)."""

    @property
    def tables(self) -> tuple[str, ...]:
        """The tables written (``games``, ``factions``, ``timeline``, …), in order."""
        ...

    @property
    def columns(self) -> Mapping[str, Mapping[str, str]]:
        """Table → column → type (``string``, ``int64``, ``bool``), in written order."""
        ...

    def shape(self, frames: Mapping[str, pd.DataFrame]) -> Mapping[str, pd.DataFrame]:
        """Each of :attr:`tables` from the report frames of the game's records
        (:func:`tmlog.report.frames.frames`), with at least its :attr:`columns`."""
        ...


class Groupings(Protocol):
    """``tmlog stats --by``: the groupings its records can give."""

    @property
    def choices(self) -> tuple[str, ...]: ...


class Watching(Protocol):
    """``tmlog report``: one log as a game to watch, step by step (errors as :class:`StateView`)."""

    def watch(
        self,
        data: bytes,
        *,
        source: str,
        input_format: str | None,
        options: Mapping[str, Any],
        warn: Warn,
    ) -> Watch:
        """Its steps (the positions ``--at`` names), board, record and warnings."""
        ...


STATE: Capability[StateView] = Capability("replay")
DRAWING: Capability[Drawing] = Capability("render")
AUDIT: Capability[Auditing] = Capability("audit")
CONVERT: Capability[Converting] = Capability("convert")
VP_SOURCES: Capability[VpSources] = Capability("vp sources")
LEECH: Capability[Leech] = Capability("leech")
RATING: Capability[Rating] = Capability("ratings")
GROUPINGS: Capability[Groupings] = Capability("stats --by")
EXPORT: Capability[Export] = Capability("export")
WATCH: Capability[Watching] = Capability("report")
