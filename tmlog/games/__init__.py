"""The games tmlog reads, and the seam between them and the rest of tmlog.

A game is a package with its grammar, rules engine and record, and one
object that implements :class:`GameModule`. The runner
(:mod:`tmlog.corpus`), the results cache (:mod:`tmlog.cache`), the report
tables (:mod:`tmlog.report.frames`) and the command line's shared commands
(``parse``, ``validate``, ``vp``, ``leech``, ``stats``) know games only
through it; :data:`GAMES` finds the game a log belongs to.

>>> GAMES.game_for(b"witches: build E5\\n").name
'terra_mystica'
>>> GAMES.game_for(b"Map: Fall\\nDeck: E&P\\n").name
'root'
>>> GAMES.input_formats()
('rootlog', 'rootlog-strict', 'ledger', 'commands', 'json')
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterator, Mapping
from importlib import import_module
from typing import Any, ClassVar, NamedTuple, Protocol, TypeVar

from tmlog.records import Record, RecordSchema

ParsedT = TypeVar("ParsedT")
ReplayT = TypeVar("ReplayT")
RecordT_co = TypeVar("RecordT_co", bound=Record, covariant=True)

DETECT_BYTES = 4096
"""How much of a log :meth:`GameModule.detect` is shown."""


class Checked(NamedTuple):
    """What ``tmlog validate`` says about one log."""

    source: str
    error: str | None
    """The rule broken, with its position (None: the log is legal)."""
    status: str
    """``4 factions, 6 rounds`` or ``…, incomplete game (round R, turn T)``."""
    final_vp: tuple[tuple[str, int], ...]
    """Final score per side, best first."""
    warnings: tuple[str, ...]


class GameModule(Protocol[ParsedT, ReplayT, RecordT_co]):
    """What a game gives tmlog. ``ParsedT`` is its parsed log, ``ReplayT`` the
    outcome of replaying one, ``RecordT_co`` its per-game record.

    The objects must pickle (they travel to worker processes and Dask):
    a module-level instance of a plain class does.

    Optional capabilities, looked up by the commands with ``getattr``:
    ``replay_needs(job, tables)`` (the replay options a runner job needs:
    ``job`` is ``record``, with only ``tables`` of the record wanted, None
    for all, or ``check``; a game without it is replayed with its defaults),
    ``vp_source_key`` (sorts the names of ``tmlog vp``'s sources),
    ``replay_text(path, at, fmt, input_format)`` (``tmlog replay``) and
    ``render_axes(path, at, input_format)`` (``tmlog render``) for a game
    with its own state, ``--at`` and picture (Root).
    """

    name: str
    """Short, stable id (``terra_mystica``); records and cached tables carry it."""
    input_formats: tuple[str, ...]
    """The formats of its logs, for ``--input-format`` (the first is not a default)."""

    @property
    def schema(self) -> RecordSchema:
        """Its record's tables (:func:`tmlog.records.describe` of the record type).

        A plain attribute will do; a property can put off importing the record type."""
        ...

    def detect(self, head: bytes, source: str) -> bool:
        """Whether a log starting with ``head`` (its first :data:`DETECT_BYTES`) is of this game."""
        ...

    def parse(
        self,
        data: bytes | str,
        *,
        source: str,
        input_format: str | None = None,
        partial: bool = False,
    ) -> ParsedT:
        """Parse a log; ``partial`` accepts a last row cut off (with a warning).

        Raises:
            TmlogError: the log cannot be read (its message names source and line).
        """
        ...

    def replay(self, parsed: ParsedT, **options: Any) -> ReplayT:
        """Replay a parsed log; a broken rule is the result's ``error``, not an exception.

        The options are the game's own; without them, replay as cheaply as a record allows.
        """
        ...

    def record(
        self, parsed: ParsedT, result: ReplayT, *, tables: Collection[str] | None = None
    ) -> RecordT_co:
        """Fold a replay into its record (no pandas: it runs in workers).

        ``tables``: the tables wanted (``games`` always is; None: all). A game may
        skip building the others; the runner empties any it built anyway
        (:meth:`~tmlog.records.RecordSchema.only`).
        """
        ...

    def check(self, parsed: ParsedT, result: ReplayT) -> Checked:
        """What ``tmlog validate`` prints for the log."""
        ...

    def listing(self, parsed: ParsedT, fmt: str) -> Iterator[str]:
        """The lines ``tmlog parse`` prints: ``fmt`` is ``text`` or ``json`` (JSON Lines)."""
        ...


AnyGame = GameModule[Any, Any, Record]


class Registry(Mapping[str, AnyGame]):
    """The games tmlog knows, by name. Terra Mystica is built in and is the game
    of a log no other game recognises (its parser then says what is wrong)."""

    # Asked in this order: Terra Mystica's detection accepts any `word: text` row,
    # which a Rootlog header line also is, so Root (which wants its Map line) goes first.
    _BUILT_IN: ClassVar[dict[str, str]] = {
        "root": "tmlog.games.root.game",
        "terra_mystica": "tmlog.games.terra_mystica.game",
    }

    def __init__(self) -> None:
        self._games: dict[str, AnyGame] = {}

    def _loaded(self) -> dict[str, AnyGame]:
        # Built-in games are imported on first use: importing tmlog.games stays cheap
        # and a game's package may itself import this module.
        for name, module in self._BUILT_IN.items():
            if name not in self._games:
                self._games[name] = import_module(module).GAME
        return self._games

    def __getitem__(self, name: str) -> AnyGame:
        return self._loaded()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())

    @property
    def default(self) -> AnyGame:
        return self["terra_mystica"]

    def register(self, game: AnyGame) -> None:
        """Add a game; it is asked before the built-in ones whether a log is its."""
        games = self._loaded()
        self._games = {game.name: game, **{k: v for k, v in games.items() if k != game.name}}

    def unregister(self, name: str) -> None:
        if name in self._BUILT_IN:
            raise ValueError(f"{name} is built in")
        self._games.pop(name, None)

    @contextlib.contextmanager
    def registered(self, game: AnyGame) -> Iterator[AnyGame]:
        """``game`` registered for the time of a ``with`` block (for tests)."""
        self.register(game)
        try:
            yield game
        finally:
            self.unregister(game.name)

    def input_formats(self) -> tuple[str, ...]:
        return tuple(f for game in self.values() for f in game.input_formats)

    def game_for(
        self, data: bytes | str, source: str = "<string>", input_format: str | None = None
    ) -> AnyGame:
        """The game of a log: the one that reads ``input_format`` if given, else the
        first that recognises the log's start, else the default."""
        games = self._loaded()
        if input_format is not None:
            for game in games.values():
                if input_format in game.input_formats:
                    return game
            raise ValueError(f"unknown input format {input_format!r}")
        head = data[:DETECT_BYTES]
        if isinstance(head, str):
            head = head.encode("utf-8", "replace")
        for game in games.values():
            if game.detect(head, source):
                return game
        return self.default

    def game_of_record(self, record: Record) -> AnyGame:
        """The game whose record type ``record`` is."""
        for game in self._loaded().values():
            if isinstance(record, game.schema.record):
                return game
        raise TypeError(f"{type(record).__name__} is the record of no registered game")


GAMES = Registry()
"""Every game tmlog reads."""


def game_for(
    data: bytes | str, source: str = "<string>", input_format: str | None = None
) -> AnyGame:
    """The game of a log (see :meth:`Registry.game_for`)."""
    return GAMES.game_for(data, source, input_format)
