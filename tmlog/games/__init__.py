"""The games tmlog reads, and the seam between them and the rest of tmlog.

A game is a package with its grammar, rules engine and record, and one
object that implements :class:`GameModule`, named in the ``tmlog.games``
entry point group of its distribution (:mod:`tmlog.plugins`): tmlog's own two
games are registered there like any other, so a third is a package of its
own and needs no change in tmlog. The runner (:mod:`tmlog.corpus`), the
results cache (:mod:`tmlog.cache`), the report tables
(:mod:`tmlog.report.frames`) and every command know games only through it;
:data:`GAMES` finds the game a log belongs to by asking each game how sure it
is that the log is its own (:meth:`GameModule.detect`).

What a game can do beyond parsing, replaying, checking and recording
(auditing, converting, drawing, ``--at``, …) it declares in its
:attr:`GameModule.capabilities`, each under a typed key of
:mod:`tmlog.games.capabilities`; a command asks for the one it needs.

>>> GAMES.game_for(b"witches: build E5\\n").name
'terra_mystica'
>>> GAMES.game_for(b"Map: Fall\\nDeck: E&P\\n").name
'root'
>>> sorted(GAMES)
['root', 'terra_mystica']
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterator, Mapping
from importlib import import_module
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from tmlog.errors import InputError, TmlogError, Unsupported
from tmlog.records import Record, RecordSchema

ParsedT = TypeVar("ParsedT")
ReplayT = TypeVar("ReplayT")
RecordT_co = TypeVar("RecordT_co", bound=Record, covariant=True)
C = TypeVar("C")

DETECT_BYTES = 4096
"""How much of a log :meth:`GameModule.detect` is shown."""

# How sure a game is that a log is its own (GameModule.detect).
NOT_MINE = 0
"""Not this game's log."""
TEXT = 1
"""Text this game's parser will read and, if it is not a log, say where it goes wrong."""
LIKELY = 2
"""The shape of this game's logs (``faction: command`` rows, a ledger's columns)."""
CERTAIN = 3
"""A mark only this game's logs carry (its file suffix, a header only it writes)."""


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


class Capability(Generic[C]):
    """The typed key of something a game may be able to do (:mod:`tmlog.games.capabilities`).

    ``name`` is what the commands call it in messages (``audit``).
    """

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Capability({self.name!r})"

    def of(self, game: AnyGame) -> C | None:
        """The game's implementation, or None if it has none."""
        return game.capabilities.get(self)

    def need(self, game: AnyGame, command: str, source: str = "") -> C:
        """The game's implementation; :class:`~tmlog.errors.Unsupported` if it has none."""
        found = game.capabilities.get(self)
        if found is None:
            raise Unsupported(source, command, game.title)
        return found


class Capabilities:
    """What one game can do beyond the protocol, each under its key.

    >>> from tmlog.games.capabilities import VP_SOURCES
    >>> Capabilities().get(VP_SOURCES) is None
    True
    """

    def __init__(self) -> None:
        self._found: dict[Capability[Any], Any] = {}

    def add(self, key: Capability[C], implementation: C) -> Capabilities:
        """Declare ``implementation`` for ``key`` (its type is checked against the key's)."""
        self._found[key] = implementation
        return self

    def get(self, key: Capability[C]) -> C | None:
        found: C | None = self._found.get(key)
        return found

    def __contains__(self, key: Capability[Any]) -> bool:
        return key in self._found

    def names(self) -> list[str]:
        return sorted(key.name for key in self._found)


class GameModule(Protocol[ParsedT, ReplayT, RecordT_co]):
    """What a game gives tmlog. ``ParsedT`` is its parsed log, ``ReplayT`` the
    outcome of replaying one, ``RecordT_co`` its per-game record.

    The objects must pickle (they travel to worker processes and Dask):
    a module-level instance of a plain class does.
    """

    name: str
    """Short, stable id (``terra_mystica``); records and cached tables carry it."""
    title: str
    """The game's name as people write it (``Terra Mystica``), for messages."""
    input_formats: tuple[str, ...]
    """The formats of its logs, for ``--input-format``."""

    @property
    def capabilities(self) -> Capabilities:
        """What it can do beyond this protocol (:mod:`tmlog.games.capabilities`).

        A plain attribute will do; a cached property can put off importing the
        implementations until a command asks for one (every command, ``--help``
        included, loads every game)."""
        ...

    @property
    def schema(self) -> RecordSchema:
        """Its record's tables (:func:`tmlog.records.describe` of the record type).

        A plain attribute will do; a property can put off importing the record type."""
        ...

    def detect(self, head: bytes, source: str) -> int:
        """How sure the game is that a log starting with ``head`` (its first
        :data:`DETECT_BYTES`) and named ``source`` is its own: :data:`NOT_MINE`,
        :data:`TEXT`, :data:`LIKELY` or :data:`CERTAIN`."""
        ...

    def owns(self, obj: object) -> bool:
        """Whether ``obj`` is one of this game's parsed logs, replays or records."""
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

    def replay_needs(self, job: str, tables: Collection[str] | None) -> dict[str, Any]:
        """The replay options a runner job needs: ``job`` is ``record`` (with only
        ``tables`` of the record wanted, None for all) or ``check``."""
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


def _load(name: str, target: str) -> AnyGame:
    module, _, attribute = target.partition(":")
    try:
        game: AnyGame = getattr(import_module(module), attribute or "GAME")
    except (ImportError, AttributeError) as exc:
        raise TmlogError(f"the game {name!r} ({target}) cannot be loaded: {exc}") from None
    return game


class Registry(Mapping[str, AnyGame]):
    """The games tmlog knows, by name: those installed (the ``tmlog.games``
    entry points, :mod:`tmlog.plugins`) and any :meth:`registered` here."""

    def __init__(self) -> None:
        self._games: dict[str, AnyGame] | None = None
        self._extra: dict[str, AnyGame] = {}

    def _loaded(self) -> dict[str, AnyGame]:
        # Loaded on first use: importing tmlog.games stays cheap, and a game's
        # package may itself import this module. A game's module imports its
        # parser and engine only when they are used.
        if self._games is None:
            from tmlog.plugins import game_entry_points

            installed = {n: _load(n, t) for n, t in sorted(game_entry_points().items())}
            self._games = installed
        return {**self._games, **self._extra}

    def __getitem__(self, name: str) -> AnyGame:
        return self._loaded()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._loaded()))

    def __len__(self) -> int:
        return len(self._loaded())

    def register(self, game: AnyGame) -> None:
        """Add a game for this process (a test's toy game); installed games need not."""
        self._extra[game.name] = game

    def unregister(self, name: str) -> None:
        self._extra.pop(name, None)

    @contextlib.contextmanager
    def registered(self, game: AnyGame) -> Iterator[AnyGame]:
        """``game`` registered for the time of a ``with`` block (for tests)."""
        self.register(game)
        try:
            yield game
        finally:
            self.unregister(game.name)

    def input_formats(self) -> tuple[str, ...]:
        return tuple(f for name in self for f in self[name].input_formats)

    def game_for(
        self, data: bytes | str, source: str = "<string>", input_format: str | None = None
    ) -> AnyGame:
        """The game of a log: the one that reads ``input_format`` if given, else the
        one surest that the log is its own (:meth:`GameModule.detect`; of games
        equally sure, the first by name).

        Raises:
            InputError: no game takes the log for its own.
        """
        games = self._loaded()
        if input_format is not None:
            for name in sorted(games):
                if input_format in games[name].input_formats:
                    return games[name]
            raise ValueError(f"unknown input format {input_format!r}")
        head = data[:DETECT_BYTES]
        if isinstance(head, str):
            head = head.encode("utf-8", "replace")
        best, sure = None, NOT_MINE
        for name in sorted(games):
            level = games[name].detect(head, source)
            if level > sure:
                best, sure = games[name], level
        if best is None:
            known = ", ".join(game.title for _, game in sorted(games.items()))
            raise InputError(source, f"not a log of a game tmlog reads ({known})")
        return best

    def game_of(self, obj: object) -> AnyGame:
        """The game whose parsed log, replay or record ``obj`` is."""
        for name in sorted(games := self._loaded()):
            if games[name].owns(obj):
                return games[name]
        raise TypeError(f"{type(obj).__name__} is of no registered game")

    def game_of_record(self, record: Record) -> AnyGame:
        """The game whose record ``record`` is (:meth:`game_of`: asked with
        :meth:`GameModule.owns`, no game's record module need be imported)."""
        return self.game_of(record)


GAMES = Registry()
"""Every game tmlog reads."""


def game_for(
    data: bytes | str, source: str = "<string>", input_format: str | None = None
) -> AnyGame:
    """The game of a log (see :meth:`Registry.game_for`)."""
    return GAMES.game_for(data, source, input_format)
