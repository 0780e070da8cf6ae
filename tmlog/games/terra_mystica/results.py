"""The site's monthly results files (``/app/results/v2/YYYY/MM``), read strictly.

terra.snellman.net serves the finished games of a month as one JSON object
(``src/Server/Results.pm`` over ``get_finished_game_results`` in
``src/DB/Game.pm``)::

    {"version": 2,
     "games": {ID: {"player_count", "base_map", "options", "last_update",
                    "expansion_scoring",
                    "players": [{"faction", "vp", "rank", "start_order",
                                 "dropped", "id_hash"}, ...]}},
     "players": {ID_HASH: {"username"}}}

The site builds its faction statistics and ratings from these rows, with no
replay. :func:`read_results` checks every field and names the file and the
JSON path of the first one that is wrong; :func:`result_record` turns a game
into the :class:`~tmlog.games.terra_mystica.record.GameRecord` the reports
read (with no VP sources, leech or rounds: results do not hold them).

Booleans come from PostgreSQL through Perl's DBI, so ``dropped`` and
``expansion_scoring`` may be ``true``/``false``, ``1``/``0``, ``"1"``/``"0"``
or ``null`` (false); ``vp``, ``rank`` and ``start_order`` may be ``null``
(the site's statistics leave a faction without VP out, as
:func:`result_record` does).
"""

from __future__ import annotations

import gzip
import io
import json
import re
import zlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NoReturn

from tmlog.errors import InputError
from tmlog.games.terra_mystica.model.enums import Faction
from tmlog.games.terra_mystica.record import FactionRow, GameRecord
from tmlog.games.terra_mystica.replay.maps import MAPS, ORIGINAL_ID
from tmlog.games.terra_mystica.result_types import NOT_FACTIONS, ResultGame, ResultPlayer
from tmlog.games.terra_mystica.site_rules import counted_players, faction_name
from tmlog.identity import game_id_of_path
from tmlog.json_input import JsonError, json_prefix, loads
from tmlog.words import count

FACTIONS = frozenset(f.value for f in Faction)
"""The faction names a results file may give (besides :data:`NOT_FACTIONS` roles)."""

RESULTS_LIMIT = 1 << 30
"""Bytes: a results file larger than this is refused (a month of the site is ~20 MB)."""

_HEAD = re.compile(rb'^\s*\{\s*"(?:games|version|players|error|results)"\s*:')


class ResultsError(InputError):
    """A results file that is not what the site serves: names the file and the JSON path."""

    def __init__(self, source: str, where: str, reason: str) -> None:
        self.where = where
        super().__init__(source, f"{where}: {reason}" if where else reason)


def is_results_file(path: str) -> bool:
    """Whether the file at ``path`` is a results file (gzipped or not), by its content."""
    import os

    if path == "-" or not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False  # the runner says what is wrong with it
    if head[:2] == b"\x1f\x8b":  # gzipped: a results file if its text is one
        import gzip
        import zlib

        try:
            with gzip.open(path) as z:
                head = z.read(4096)
        except (OSError, EOFError, zlib.error):
            return False
    return looks_like_results(head)


def looks_like_results(head: bytes) -> bool:
    """Whether a file starting with ``head`` is a results file: a JSON object whose
    first key is one of the results' own (a game view's JSON starts otherwise).

    >>> looks_like_results(b'{"version":2,"games":{}}'), looks_like_results(b"witches: pass")
    (True, False)
    """
    return _HEAD.match(head.removeprefix(b"\xef\xbb\xbf")) is not None


def read_results(path: str) -> list[ResultGame]:
    """The games of a results file (plain or gzipped), in the file's order.

    Raises:
        InputError: the file cannot be read.
        ResultsError: it is not valid JSON or not shaped like the site's results.
    """
    return parse_results(read_results_bytes(path), source=path)


def read_results_bytes(path: str) -> bytes:
    """The JSON text of a results file, gunzipped if it is gzipped.

    Not :func:`tmlog.reading.read_bytes`: a month of results is larger than
    any game log may be.
    """
    try:
        with open(path, "rb") as f:
            data = f.read(RESULTS_LIMIT + 1)
            if data[:2] == b"\x1f\x8b":
                with gzip.open(io.BytesIO(data)) as z:
                    data = z.read(RESULTS_LIMIT + 1)
    except (OSError, EOFError, zlib.error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise InputError(path, reason) from None
    if len(data) > RESULTS_LIMIT:
        raise InputError(path, f"too large for a results file (limit {RESULTS_LIMIT:,} bytes)")
    return data


def parse_results(data: bytes | str, *, source: str) -> list[ResultGame]:
    """:func:`read_results` of text already read."""
    try:
        doc = loads(data, source)
    except UnicodeDecodeError as exc:
        raise ResultsError(source, "", f"not UTF-8 text: {exc.reason}") from None
    except JsonError as exc:
        where = f" (line {exc.line}, column {exc.column})" if exc.line is not None else ""
        raise ResultsError(source, "", f"not JSON: {exc.reason}{where}") from None
    return list(_games(doc, source))


def _games(doc: Any, source: str) -> Iterator[ResultGame]:
    c = _Checker(source)
    top = c.obj(doc, "")
    version = top.get("version")
    # Results.pm writes the version the URL asked for: "2" (a string) or 2.
    if str(version) != "2":
        c.fail("version", f"expected 2 (the v2 results format), got {_show(version)}")
    if top.get("error"):
        c.fail("error", f"the site reported an error: {_show(top['error'])}")
    names = c.obj(top.get("players", {}), "players")
    usernames: dict[str, str | None] = {}
    for hash_, entry in names.items():
        where = f"players[{json.dumps(hash_)}]"
        usernames[hash_] = c.opt_str(c.obj(entry, where).get("username"), f"{where}.username")
    for gid, game in c.obj(top.get("games"), "games", required=True).items():
        yield c.checked(c.game(gid, game, usernames))


class _Checker:
    """Checks values, naming the file and the JSON path of the first wrong one."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, reason: str) -> NoReturn:
        raise ResultsError(self.source, where, reason)

    def obj(self, value: Any, where: str, *, required: bool = False) -> dict[str, Any]:
        if value is None and required:
            self.fail(where or "the file", "missing (expected an object)")
        if not isinstance(value, dict):
            self.fail(where or "the file", f"expected an object, got {_show(value)}")
        return value

    def str_(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value:
            self.fail(where, f"expected a non-empty string, got {_show(value)}")
        return value

    def opt_str(self, value: Any, where: str) -> str | None:
        return None if value is None else self.str_(value, where)

    def int_(self, value: Any, where: str) -> int | None:
        if value is None:
            return None
        # DBI may hand numbers over as strings: "154" is 154, "15.5" is not a number of VP.
        if isinstance(value, str) and re.fullmatch(r"-?\d{1,9}", value):
            return int(value)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) >= _BIG:
            self.fail(where, f"expected an integer or null, got {_show(value)}")
        return value

    def bool_(self, value: Any, where: str) -> bool:
        if value in _BOOLEANS:
            return value in _TRUE
        self.fail(where, f"expected true, false, 1, 0 or null, got {_show(value)}")

    def checked(self, game: ResultGame) -> ResultGame:
        """``game`` if what its rows say together is possible: known factions, each
        at most once; ``player_count`` at least its factions and at most its rows
        (a role that is no faction, ``nofaction1``, may or may not be counted);
        seats from 1 to ``player_count``, each at most once."""
        # The common case in one go: every row a known faction, once, in its own seat.
        players = game.players
        n = len(players)
        if (
            game.player_count == n
            and n < len(_SEATS)
            and {p.start_order for p in players} == _SEATS[n]
            and len(names := {p.faction for p in players}) == n
            and names <= FACTIONS
        ):
            return game
        factions = _factions_in(game.players)
        if not factions <= game.player_count <= len(game.players):
            where = f"games[{json.dumps(game.id)}].player_count"
            self.fail(
                where, f"{game.player_count}, but the game lists {count(factions, 'faction')}"
            )
        seen: dict[str, int] = {}
        seats: dict[int, int] = {}
        for i, p in enumerate(game.players):
            where = f"games[{json.dumps(game.id)}].players[{i}]"
            if NOT_FACTIONS.match(p.faction):
                continue
            if p.faction not in FACTIONS:
                self.fail(f"{where}.faction", f"{_show(p.faction)} is not a Terra Mystica faction")
            if (first := seen.setdefault(p.faction, i)) != i:
                self.fail(
                    f"{where}.faction", f"{p.faction} again (players[{first}] is {p.faction} too)"
                )
            seat = p.start_order
            if seat is None:
                continue
            if not 1 <= seat <= game.player_count:
                self.fail(
                    f"{where}.start_order",
                    f"{seat}: the seats of this game are 1 to {game.player_count}",
                )
            if (other := seats.setdefault(seat, i)) != i:
                self.fail(
                    f"{where}.start_order", f"{seat} again (players[{other}] has seat {seat} too)"
                )
        return game

    def game(self, gid: str, game: Any, usernames: Mapping[str, str | None]) -> ResultGame:
        # The common case is checked in one go (a month holds some 10,000 games);
        # anything else takes the slow way, which names what is wrong.
        if type(game) is dict:
            players = game.get("players")
            count = game.get("player_count")
            options = game.get("options") or []
            base_map = game.get("base_map")
            stamp = game.get("last_update")
            scoring = game.get("expansion_scoring")
            if (
                type(players) is list
                and players
                and type(count) is int
                and type(options) is list
                and all(type(o) is str for o in options)
                and (base_map is None or (type(base_map) is str and base_map))
                and type(stamp) is str
                and stamp
                and scoring in _BOOLEANS
            ):
                player = self.player
                return _new(
                    ResultGame,
                    (
                        gid,
                        self.source,
                        count,
                        base_map or ORIGINAL_ID,
                        tuple(options),
                        stamp,
                        scoring in _TRUE,
                        tuple([player(p, gid, i, usernames) for i, p in enumerate(players)]),
                    ),
                )
        return self._game(gid, game, usernames)

    def _game(self, gid: str, game: Any, usernames: Mapping[str, str | None]) -> ResultGame:
        where = f"games[{json.dumps(gid)}]"
        g = self.obj(game, where)
        players = g.get("players")
        if not isinstance(players, list) or not players:
            self.fail(f"{where}.players", f"expected a non-empty list, got {_show(players)}")
        count = self.int_(g.get("player_count"), f"{where}.player_count")
        options = g.get("options") or []
        if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
            self.fail(f"{where}.options", f"expected a list of strings, got {_show(options)}")
        rows = tuple(self.player(p, gid, i, usernames) for i, p in enumerate(players))
        return ResultGame(
            id=gid,
            source=self.source,
            player_count=count if count is not None else _factions_in(rows),
            base_map=self.opt_str(g.get("base_map"), f"{where}.base_map") or ORIGINAL_ID,
            options=tuple(options),
            last_update=self.str_(g.get("last_update"), f"{where}.last_update"),
            expansion_scoring=self.bool_(g.get("expansion_scoring"), f"{where}.expansion_scoring"),
            players=rows,
        )

    def player(
        self, value: Any, gid: str, i: int, usernames: Mapping[str, str | None]
    ) -> ResultPlayer:
        if type(value) is dict:  # the common case in one go, as for games
            faction = value.get("faction")
            vp = value.get("vp")
            rank = value.get("rank")
            seat = value.get("start_order")
            dropped = value.get("dropped")
            id_hash = value.get("id_hash")
            if (
                type(faction) is str
                and faction
                and (vp is None or (type(vp) is int and -_BIG < vp < _BIG))
                and (rank is None or (type(rank) is int and -_BIG < rank < _BIG))
                and (seat is None or (type(seat) is int and -_BIG < seat < _BIG))
                and type(dropped) in _SCALARS
                and (out := _BOOLEAN.get(dropped)) is not None
                and (id_hash is None or (type(id_hash) is str and id_hash in usernames))
            ):
                user = usernames[id_hash] if id_hash is not None else None
                # tuple.__new__ directly: the NamedTuple's own __new__ is a Python call.
                return _new(ResultPlayer, (faction, vp, rank, seat, out, id_hash, user))
        return self._player(value, f"games[{json.dumps(gid)}].players[{i}]", usernames)

    def _player(self, value: Any, where: str, usernames: Mapping[str, str | None]) -> ResultPlayer:
        p = self.obj(value, where)
        id_hash = self.opt_str(p.get("id_hash"), f"{where}.id_hash")
        if id_hash is not None and id_hash not in usernames:
            self.fail(f"{where}.id_hash", f"{id_hash} is not in the file's players table")
        return ResultPlayer(
            faction=self.str_(p.get("faction"), f"{where}.faction"),
            vp=self.int_(p.get("vp"), f"{where}.vp"),
            rank=self.int_(p.get("rank"), f"{where}.rank"),
            start_order=self.int_(p.get("start_order"), f"{where}.start_order"),
            dropped=self.bool_(p.get("dropped"), f"{where}.dropped"),
            id_hash=id_hash,
            username=usernames.get(id_hash) if id_hash is not None else None,
        )


_BIG = 10**9
_TRUE = (True, "1", "t", "true")
"""What PostgreSQL's booleans become through DBI and JSON (1 == True in Python)."""
_BOOLEANS = (*_TRUE, None, False, "0", "", "f", "false")
_BOOLEAN = {v: v in _TRUE for v in _BOOLEANS}
_SCALARS = (bool, int, str, type(None))
_new = tuple.__new__


_SEATS = tuple(frozenset(range(1, n + 1)) for n in range(len(FACTIONS) + 1))
"""The seats of a game of n factions (by n)."""


def _factions_in(rows: Iterable[ResultPlayer]) -> int:
    return sum(not NOT_FACTIONS.match(p.faction) for p in rows)


def _show(value: Any) -> str:
    text = json_prefix(value, 41, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


# ------------------------------------------------------------ as records


def map_name(base_map: str) -> str:
    """The map's name (its id if tmlog does not know it)."""
    return MAPS[base_map][0] if base_map in MAPS else base_map


def result_record(game: ResultGame) -> GameRecord:
    """The game as the reports' record: the ``games`` and ``factions`` tables only.

    ``final_scoring`` is ``expansion`` or ``original``: a results file says only
    whether an expansion tile was in play, not which. A faction's ``player`` is
    its player's name (the id hash if the file names nobody for it).
    """
    players = sorted(counted_players(game), key=lambda p: p.start_order or 0)
    options = game.options
    alive = [p.vp for p in players if not p.dropped and p.vp is not None]
    factions = tuple(
        FactionRow(
            faction=faction_name(p, options),
            player=p.username or p.id_hash,
            start_order=p.start_order or 0,
            final_vp=p.vp or 0,
            # As in the log path: among factions still in the game, ties share the best rank.
            rank=None if p.dropped else 1 + sum(v > (p.vp or 0) for v in alive),
            dropped=p.dropped,
            color="",
        )
        for p in players
    )
    return GameRecord(
        game=game.id,
        map_name=map_name(game.base_map),
        map_id=game.base_map,
        options=tuple(sorted(game.options)),
        players=tuple(p.username or p.id_hash or "" for p in players),
        player_count=game.player_count,
        final_scoring="expansion" if game.expansion_scoring else "original",
        score_tiles=(),  # a results file does not name the round tiles
        finished=True,
        last_round=6,
        dropped=tuple(p.faction for p in players if p.dropped),
        error=None,
        warnings=(),
        factions=factions,
        vp=(),
        vp_rounds=(),
        leech=(),
        feeding=(),
    )


def game_id_of_log(path: str) -> str:
    """The game id a log stands for: its file name without its suffixes (the site's
    ledgers are saved as ``GAME_ID.txt``, its game JSON as ``GAME_ID.json``, maybe
    gzipped; :func:`tmlog.identity.game_id_of_path`).

    >>> game_id_of_log("games/4pLeague_S64_D1L1_G3.txt"), game_id_of_log("G3.json.gz")
    ('4pLeague_S64_D1L1_G3', 'G3')
    """
    return game_id_of_path(path)


def unique_games(
    files: Iterable[tuple[str, list[ResultGame]]],
) -> tuple[list[ResultGame], list[tuple[str, str]]]:
    """The games of several results files, each game id once (the first file's);
    and the ``(file:id, first file:id)`` pairs left out."""
    kept: dict[str, ResultGame] = {}
    left: list[tuple[str, str]] = []
    for _, games in files:
        for game in games:
            first = kept.setdefault(game.id, game)
            if first is not game:
                left.append((f"{game.source}:{game.id}", f"{first.source}:{first.id}"))
    return list(kept.values()), left


def game_of_record(record: GameRecord) -> ResultGame:
    """A replayed log's game as a results entry (for the ratings).

    Its id is the log's file name (:func:`game_id_of_log`); logs carry no
    date, so ``last_update`` is empty: rated in order of their ids, before
    every game of a results file. A faction's player is the name the log
    gives it (``None`` if it names none).
    """
    return ResultGame(
        id=game_id_of_log(record.game),
        source=record.game,
        player_count=record.player_count,
        base_map=record.map_id,
        options=tuple(str(getattr(o, "value", o)) for o in record.options),
        last_update="",
        expansion_scoring=record.final_scoring != "original",
        players=tuple(
            ResultPlayer(
                f.faction, f.final_vp, f.rank, f.start_order, f.dropped, f.player, f.player
            )
            for f in sorted(record.factions, key=lambda f: f.start_order)
        ),
    )
