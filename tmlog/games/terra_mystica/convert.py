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
  database, not from the log).

Rows the engine writes itself are left out, since replaying regenerates them:
income rows, ``[opponent accepted power]`` effect rows, ``score_resources``,
the round and turn headers, empty command cells (rows of a dropped faction)
and everything from the first final ``Scoring …`` header on.
"""

from __future__ import annotations

from tmlog.errors import InputError
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
from tmlog.games.terra_mystica.parse.log import ParsedLog, Row

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
            elif isinstance(action, (PlayerName, Comment)):
                out.append(f"# {action}" if isinstance(action, PlayerName) else str(action))
            continue

        actions = row.actions
        if not actions or row.faction is None:
            continue
        if all(isinstance(a, Setup) for a in actions):
            out.append(f"setup {row.faction.value}")
            continue
        texts = _input_rows(row)
        if texts:
            started = True
        out.extend(f"{row.faction.value}: {text}" for text in texts)

    if score_at is not None:
        if sorted(tiles) != list(range(1, _ROUNDS + 1)):
            raise InputError(
                parsed.source,
                f"round scoring rows for rounds {sorted(tiles)}; expected rounds 1 to {_ROUNDS}",
            )
        out[score_at] = "score " + ",".join(tiles[r] for r in range(1, _ROUNDS + 1))
    return "".join(line + "\n" for line in out)


def _input_rows(row: Row) -> list[str]:
    """The command texts of the input rows a ledger row was made of.

    The ledger's cell is cut before every leech/decline that follows other
    commands (see the module doc); rows the engine generates are dropped.
    The text of each part is the cell's own where it can be.
    """
    kept = [a for a in row.actions if not a.generated]
    groups: list[list[Action]] = []
    for action in kept:
        if not groups or (isinstance(action, (Leech, Decline)) and groups[-1]):
            groups.append([])
        groups[-1].append(action)
    cell = row.command_text or ""
    if len(kept) != len(row.actions):  # e.g. `transform D4 to yellow. other_income_for_faction`
        return [". ".join(a.notation() for a in group) for group in groups]
    start_of_cell = len(row.text) - len(cell)
    starts = [group[0].column - 1 - start_of_cell for group in groups[1:]]
    texts = []
    for begin, end in zip([0, *starts], [*starts, len(cell)], strict=True):
        texts.append(cell[begin:end].strip().rstrip(".").rstrip())
    return texts
