"""Converting between the two log formats.

A ledger is what the reference engine *wrote* while replaying a game's
command log; :func:`ledger_to_commands` recovers a command log that the
engine replays to the same game:

* header: ``option`` lines (from the ledger's ``option …`` rows), ``map``,
  one ``score`` line (from the six ``Round N scoring`` rows), ``delete`` lines
  (``Removing tile …``), ``final-scoring`` lines (``Added final scoring
  tile: …``) and one ``setup <faction>`` line per setup row, in the ledger's
  order (which for the site's games is exactly that order);
* then one ``faction: commands`` line per action row, with the ledger's
  command cell as written, and ``drop-faction <f>`` where the ledger says
  ``<f> dropped from the game``. One exception: a cell with a ``leech`` or
  ``decline`` after other commands (``+EARTH. Leech 2 from witches``) held
  several input rows: the engine moves a row's leech to its front and ends
  the ledger row after it, so a later leech started a new input row. Such a
  cell is split before each such leech/decline; kept whole, the engine
  would run the leech first (4 of the 42 corpus games then replay wrong);
* user comments become ``# text`` lines and ``Player N: name`` rows become
  ``# Player N: name`` comments (the engine gets player names from its
  database, not from the log);
* but a ledger with Acolytes or Dragonlords was played with players (the
  engine asks them for their colour only then), so it gets one ``player``
  line per faction set up, named by its ``Player N:`` rows (in their place)
  or, if it has none, ``player1``, ``player2``… before the first ``setup``;
* in round 0 a row's closing command (dwelling, colour, bonus) after other
  commands may be another faction's: the engine does not end the Ice
  Maidens' ``+FAVn`` row, so the next faction's command is written into it.
  Such a command goes on a line of the faction whose turn it was (found by
  replaying the ledger's setup).

Rows the engine writes itself are left out, since replaying regenerates them:
income rows, ``[opponent accepted power]`` effect rows, ``score_resources``,
the round and turn headers, empty command cells (rows of a dropped faction)
and everything from the first final ``Scoring …`` header on.
"""

from __future__ import annotations

from tmlog.errors import InputError, ReplayError
from tmlog.games.terra_mystica.model.actions import (
    Action,
    Comment,
    Decline,
    Delete,
    Dropped,
    FinalScoring,
    Leech,
    Marker,
    PlayerName,
    RoundScoring,
    SelectMap,
    SetOption,
    Setup,
)
from tmlog.games.terra_mystica.model.enums import Faction
from tmlog.games.terra_mystica.parse.log import ParsedLog, Row
from tmlog.games.terra_mystica.replay.replayer import Replayer
from tmlog.games.terra_mystica.replay.stream import (
    InTurn,
    ledger_players,
    ledger_stream,
    map_of,
    rewrite_stream,
)

_ROUNDS = 6


def ledger_to_commands(parsed: ParsedLog) -> str:
    """The raw command log of a parsed ledger (see the module doc).

    >>> from tmlog.games.terra_mystica.parse import parse_log
    >>> ledger = parse_log(
    ...     "option strict-leech\\n"
    ...     "nomads\\t\\t20 VP\\t\\t15 C\\t\\t2 W\\t\\t0 P\\t\\t5/7/0 PW\\t\\t1/0/1/0\\t\\tsetup\\n"
    ...     "nomads\\t\\t20 VP\\t\\t15 C\\t\\t2 W\\t\\t0 P\\t\\t5/7/0 PW\\t\\t1/0/1/0\\t\\tbuild A5"
    ... )
    >>> print(ledger_to_commands(ledger), end="")
    option strict-leech
    setup nomads
    nomads: build A5

    Raises:
        InputError: the log is not a ledger, or its round scoring is incomplete.
    """
    if parsed.format != "ledger":
        raise InputError(parsed.source, "not a ledger: only ledgers convert to command logs")
    out: list[str] = []
    score_at: int | None = None
    tiles: dict[int, str] = {}
    started = False  # an action row has been seen: the header is over
    players = [name or f"player{seat}" for seat, name in enumerate(ledger_players(parsed.rows), 1)]
    written = 0  # of the players
    whose = _whose_turn(parsed)

    for row in parsed.rows:
        if row.recorded is None:  # a comment row: exactly one action
            action = row.actions[0]
            if isinstance(action, Marker):
                if action.text.startswith("Scoring "):
                    break  # final scoring: the engine redoes all of it
                continue
            if isinstance(action, RoundScoring):
                if score_at is None:
                    score_at = len(out)
                    out.append("")  # filled in below
                tiles[action.round] = action.tile.value
            elif isinstance(action, (SetOption, SelectMap, FinalScoring)):
                out.append(action.notation())
            elif isinstance(action, Delete):
                if not started:  # in-game deletes are the faction's own rows
                    out.append(action.notation())
            elif isinstance(action, Dropped):
                out.append(f"drop-faction {action.target.value}")
            elif isinstance(action, PlayerName):
                if action.seat == written + 1 <= len(players):
                    out.append(f"player {players[written]}")
                    written += 1
                else:
                    out.append(f"# {action}")
            elif isinstance(action, Comment):
                out.append(str(action))
            continue

        actions = row.actions
        if not actions or row.faction is None:
            continue
        if all(isinstance(a, Setup) for a in actions):
            out.extend(f"player {name}" for name in players[written:])
            written = len(players)
            out.append(f"setup {row.faction.value}")
            continue
        texts = _input_rows(row, whose)
        if texts:
            started = True
        out.extend(f"{faction.value}: {text}" for faction, text in texts)

    if score_at is not None:
        if sorted(tiles) != list(range(1, _ROUNDS + 1)):
            raise InputError(
                parsed.source,
                f"round scoring rows for rounds {sorted(tiles)}; expected rounds 1 to {_ROUNDS}",
            )
        out[score_at] = "score " + ",".join(tiles[r] for r in range(1, _ROUNDS + 1))
    return "".join(line + "\n" for line in out)


def _whose_turn(parsed: ParsedLog) -> dict[tuple[int, int], Faction]:
    """Round-0 commands written into another faction's row: their players, by position.

    Found by replaying the ledger's setup (up to round 1); a ledger that
    breaks a rule before then keeps its rows' factions from there on.
    """
    stream = rewrite_stream(ledger_stream(parsed.rows))
    if not any(type(act) is InTurn for act in stream):
        return {}
    out: dict[tuple[int, int], Faction] = {}
    try:
        replayer = Replayer(map_id=map_of(stream, parsed.source), rows=False)
        for act in stream:
            game = replayer.game
            if game.round:
                break
            played = replayer.resolve(act)
            if played is not act and played.faction is not None:
                out[(act.line, act.column)] = played.faction
            replayer.push(act)
    except ReplayError:
        pass
    return out


def _input_rows(
    row: Row, whose: dict[tuple[int, int], Faction] | None = None
) -> list[tuple[Faction, str]]:
    """The factions and command texts of the input rows a ledger row was made of.

    The ledger's cell is cut before every leech/decline that follows other
    commands (see the module doc), and before a command another faction
    gave (``whose``: by line and column); rows the engine generates are
    dropped. The text of each part is the cell's own where it can be.
    """
    assert row.faction is not None
    whose = whose or {}
    kept = [a for a in row.actions if not a.generated]
    groups: list[list[Action]] = []
    factions: list[Faction] = []
    for action in kept:
        player = whose.get((action.line, action.column), row.faction)
        if not groups or (
            groups[-1] and (isinstance(action, (Leech, Decline)) or player != factions[-1])
        ):
            groups.append([])
            factions.append(player)
        groups[-1].append(action)
    cell = row.command_text or ""
    if len(kept) != len(row.actions):  # e.g. `transform D4 to yellow. other_income_for_faction`
        return [
            (f, ". ".join(a.notation() for a in group))
            for f, group in zip(factions, groups, strict=True)
        ]
    start_of_cell = len(row.text) - len(cell)
    starts = [group[0].column - 1 - start_of_cell for group in groups[1:]]
    texts = []
    for faction, begin, end in zip(factions, [0, *starts], [*starts, len(cell)], strict=True):
        texts.append((faction, cell[begin:end].strip().rstrip(".").rstrip()))
    return texts
