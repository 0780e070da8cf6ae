"""The fault campaign's library surfaces beyond Terra Mystica's text logs: the
site's game JSON, its results JSON and Rootlogs (``fault_campaign.py``).

Each surface has its real bases (files under ``tests/data``), a verdict (what
the library says of an input) and kinds of damage. A kind's mutator returns
the damaged bytes and what the answer must be:

- ``same``: the unmutated base's verdict (a harmless edit);
- ``refused``: an error (a value the format does not allow);
- ``accepted``: no error (a value the format allows);
- ``not-passed``: an error, or an audit that finds a difference (a changed
  recorded value of a game's ledger);
- ``no-winner``: no error-free answer names a winner (a Rootlog cut before
  its ``Winner`` line);
- ``any``: anything but an internal error or a hang.

Every input is made by a seeded generator of its own (seed, surface, kind,
index), as in ``fault_mutations``.
"""

from __future__ import annotations

import copy
import gzip
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fault_mutations import ROOT, Base, m_bytes, m_chars, m_confusable, m_lines, verdict

from tmlog.errors import TmlogError
from tmlog.games.terra_mystica.results import FACTIONS, parse_results
from tmlog.games.terra_mystica.site_rules import counted_players, stats_left_out_because

DATA = ROOT / "tests" / "data"


@dataclass
class JsonBase:
    name: str
    raw: bytes
    doc: Any
    verdict: tuple[Any, ...] = ()


Made = tuple[bytes, str]
"""A damaged input and what its answer must be (see the module's docstring)."""

# ------------------------------------------------------------------ verdicts


def game_json_verdict(data: bytes) -> tuple[Any, ...]:
    return verdict(data)


def results_verdict(data: bytes) -> tuple[Any, ...]:
    """The games read (without their source), and which ``stats`` counts."""
    try:
        games = parse_results(data, source="r.json")
    except TmlogError as err:
        return ("error", type(err).__name__, str(err).split("\n")[0])
    return (
        "ok",
        tuple(
            (
                g[:1] + g[2:],
                stats_left_out_because(g),
                tuple(p.faction for p in counted_players(g)),
            )
            for g in games
        ),
    )


def rootlog_verdict(data: bytes | str) -> tuple[Any, ...]:
    from tmlog.games.root.game import Root

    game = Root()
    try:
        parsed = game.parse(data, source="m.rootlog")
        result = game.replay(parsed)
        checked = game.check(parsed, result)
    except TmlogError as err:
        return ("error", type(err).__name__, _unplaced(str(err)))
    return (
        "error" if checked.error is not None else "ok",
        checked.status,
        checked.final_vp,
        _unplaced(str(checked.error)) if checked.error is not None else "",
        len(checked.warnings),
    )


def _unplaced(message: str) -> str:
    return re.sub(r"m\.rootlog:\d+(:\d+)?", "m.rootlog:L", message.split("\n")[0])


# --------------------------------------------------------------------- bases


def game_json_bases() -> list[JsonBase]:
    bases = []
    for p in sorted((DATA / "site-json").glob("*.json.gz")):
        raw = gzip.decompress(p.read_bytes())
        bases.append(JsonBase(p.name, raw, json.loads(raw)))
    return bases


def results_bases() -> list[JsonBase]:
    return [
        JsonBase(p.name, p.read_bytes(), json.loads(p.read_bytes()))
        for p in [DATA / "results" / "corpus-results.json"]
    ]


def rootlog_bases() -> list[Base]:
    return [
        Base(p.name, p.read_text(encoding="utf-8"), False)
        for p in sorted((DATA / "rootlog").glob("*.rootlog"))
    ]


# -------------------------------------------------------------- JSON helpers

BAD_TYPES: list[Any] = [None, True, False, [], {}, 1.5, "garbage", "", [1, 2], {"value": 1}]
HUGE_TEXT = "\0HUGE\0"


def _huge_json(rng: random.Random) -> str:
    """A huge integer as JSON text (some past Python's int-to-text limit of 4,300 digits)."""
    digits = rng.choice([19, 20, 30, 309, 4300, 4301, 5000, 20_000])
    sign = "-" if rng.random() < 0.3 else ""
    return sign + "1" + "0" * (digits - 1) if rng.random() < 0.5 else sign + "9" * digits


def _dump(rng: random.Random, doc: Any, huge: str | None = None) -> bytes:
    """``doc`` as JSON text in one of several harmless layouts; a string ``HUGE_TEXT``
    in it becomes the number ``huge``."""
    text = json.dumps(
        doc,
        indent=rng.choice([None, None, 1, 4]),
        sort_keys=rng.random() < 0.3,
        ensure_ascii=rng.random() < 0.5,
        separators=rng.choice([None, (",", ":")]) if rng.random() < 0.5 else None,
    )
    if huge is not None:
        text = text.replace(json.dumps(HUGE_TEXT), huge)
    return text.encode()


def _nodes(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``doc`` (keys and indices), the root's included."""
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _nodes(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _nodes(v, (*path, i))
    return out


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


def _nested(rng: random.Random) -> Any:
    depth = rng.choice([30, 500, 990, 1001, 5000, 100_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    return opener * depth + "0" + closer * depth


NESTED_TEXT = "\0NESTED\0"


def _dump_nested(rng: random.Random, doc: Any, path: tuple[Any, ...]) -> bytes:
    doc = _set(doc, path, NESTED_TEXT)
    text = json.dumps(doc).replace(json.dumps(NESTED_TEXT), _nested(rng))
    return text.encode()


# --------------------------------------------------------------- game JSON

CELLS = ["VP", "C", "W", "P", "PW", "CULT", "P1", "P2", "P3", "FIRE", "WATER", "EARTH", "AIR"]
PARTS = {"P1": ("PW", 0), "P2": ("PW", 1), "P3": ("PW", 2), "FIRE": ("CULT", 0)}
PARTS |= {"WATER": ("CULT", 1), "EARTH": ("CULT", 2), "AIR": ("CULT", 3)}


def _action_rows(doc: dict[str, Any]) -> list[int]:
    return [i for i, r in enumerate(doc["ledger"]) if isinstance(r, dict) and "commands" in r]


def gj_reformat(rng: random.Random, base: JsonBase) -> Made:
    data = _dump(rng, base.doc)
    if rng.random() < 0.3:
        data = gzip.compress(data)
    return data, "same"


def gj_value(rng: random.Random, base: JsonBase) -> Made:
    """One recorded value of a ledger row changed (its part or whole alongside, or not)."""
    doc = copy.deepcopy(base.doc)
    row = doc["ledger"][rng.choice(_action_rows(doc))]
    key = rng.choice(CELLS)
    step = rng.choice([-3, -2, -1, 1, 2, 3, 10, 100])
    if key in PARTS:
        whole, at = PARTS[key]
        old = row[key]["value"]
        new = old + step if old + step >= 0 else old + 1
        row[key]["value"] = new
        if rng.random() < 0.7:  # the whole agrees, so only the audit can tell
            values = row[whole]["value"].split("/")
            values[at] = str(new)
            row[whole]["value"] = "/".join(values)
    elif key in ("PW", "CULT"):
        values = row[key]["value"].split("/")
        at = rng.randrange(len(values))
        old = int(values[at])
        values[at] = str(old + step if old + step >= 0 else old + 1)
        row[key]["value"] = "/".join(values)
        parts = [k for k, (w, _) in PARTS.items() if w == key]
        if rng.random() < 0.7:
            row[parts[at]]["value"] = int(values[at])
    else:
        old = row[key]["value"]
        row[key]["value"] = old + step if key == "VP" or old + step >= 0 else old + 1
    return _dump(rng, doc), "not-passed"


def gj_type(rng: random.Random, base: JsonBase) -> Made:
    """A ledger cell's value of a type it may not have, or any node of any type."""
    doc = copy.deepcopy(base.doc)
    if rng.random() < 0.6:
        row = doc["ledger"][rng.choice(_action_rows(doc))]
        key = rng.choice(CELLS)
        bad = rng.choice(BAD_TYPES)
        if rng.random() < 0.2:
            del row[key]
        elif rng.random() < 0.2:
            row[key] = bad  # the field itself, not its value
        else:
            row[key]["value"] = bad
        return _dump(rng, doc), "not-passed"
    path = rng.choice(_nodes(doc))
    return _dump(rng, _set(doc, path, copy.deepcopy(rng.choice(BAD_TYPES)))), "any"


def gj_delta(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    row = doc["ledger"][rng.choice(_action_rows(doc))]
    key = rng.choice(CELLS)
    row[key]["delta"] = rng.choice([*BAD_TYPES, 7, -7, "+3", 2.0])
    return _dump(rng, doc), "any"


def gj_huge(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    if rng.random() < 0.5:
        row = doc["ledger"][rng.choice(_action_rows(doc))]
        key = rng.choice(CELLS)
        row[key]["value"] = HUGE_TEXT
        return _dump(rng, doc, _huge_json(rng)), "not-passed"
    paths = [p for p in _nodes(doc) if p and isinstance(_get(doc, p), int)]
    return _dump(rng, _set(doc, rng.choice(paths), HUGE_TEXT), _huge_json(rng)), "any"


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def gj_nesting(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    if rng.random() < 0.4:
        row = rng.choice(_action_rows(doc))
        return _dump_nested(rng, doc, ("ledger", row, rng.choice(CELLS), "value")), "not-passed"
    return _dump_nested(rng, doc, rng.choice(_nodes(doc))), "any"


def gj_structure(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    op = rng.randrange(6)
    if op == 0:  # a top level that is no game
        top = rng.choice([None, [], [1], "x", 1, {}, {"ledger": None}, {"ledger": []}])
        expect = "refused" if top in (None, [], [1], "x", 1, {}) else "any"
        return json.dumps(top).encode(), expect
    ledger = doc["ledger"]
    i = rng.randrange(len(ledger))
    if op == 1:
        del ledger[i]
    elif op == 2:
        ledger.insert(rng.randrange(len(ledger)), copy.deepcopy(ledger[i]))
    elif op == 3:
        j = rng.randrange(len(ledger))
        ledger[i], ledger[j] = ledger[j], ledger[i]
    elif op == 4:
        key = rng.choice(list(doc))
        del doc[key]
    else:
        if isinstance(ledger[i], dict) and ledger[i]:
            del ledger[i][rng.choice(list(ledger[i]))]
    return _dump(rng, doc), "any"


def gj_bytes(rng: random.Random, base: JsonBase) -> Made:
    data = _dump(rng, base.doc)
    op = rng.randrange(4)
    if op == 0:  # cut before the closing brace
        return data[: rng.randrange(len(data.rstrip()) - 1)], "refused"
    if op == 1:
        packed = gzip.compress(data)
        return packed[: rng.randrange(2, len(packed) - 1)], "refused"
    if op == 2:
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 5)):
            flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        return bytes(flipped), "any"
    text = data.decode()
    return _encoded(m_chars(rng, Base(base.name, text, False))), "any"


GAME_JSON_KINDS: dict[str, Callable[[random.Random, JsonBase], Made]] = {
    "reformat": gj_reformat,
    "value": gj_value,
    "type": gj_type,
    "delta": gj_delta,
    "huge": gj_huge,
    "nesting": gj_nesting,
    "structure": gj_structure,
    "bytes": gj_bytes,
}

# -------------------------------------------------------------- results JSON

_NOT_A_FACTION = ["nonexistent", "Witches", "witches ", "witch", "", "WITCHES", "wіtches"]


def _game_of(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    gid = rng.choice(sorted(doc["games"]))
    game: dict[str, Any] = doc["games"][gid]
    return game


def rj_reformat(rng: random.Random, base: JsonBase) -> Made:
    # Not gzipped: parse_results reads text; a file's gzip is undone by read_results.
    return _dump(rng, base.doc), "same"


def rj_faction(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    game = _game_of(rng, doc)
    players = game["players"]
    p = rng.randrange(len(players))
    op = rng.randrange(3)
    if op == 0:
        players[p]["faction"] = rng.choice(_NOT_A_FACTION)
        expect = "refused"
    elif op == 1 and len(players) > 1:
        other = rng.choice([q for q in range(len(players)) if q != p])
        players[p]["faction"] = players[other]["faction"]
        expect = "refused"
    else:
        used = {q["faction"] for q in players}
        players[p]["faction"] = rng.choice(sorted(FACTIONS - used))
        expect = "accepted"
    return _dump(rng, doc), expect


def rj_duplicate(rng: random.Random, base: JsonBase) -> Made:
    """A player's row twice (its faction twice), or a game listed twice under one id."""
    doc = copy.deepcopy(base.doc)
    if rng.random() < 0.5:
        game = _game_of(rng, doc)
        players = game["players"]
        players.insert(rng.randrange(len(players) + 1), copy.deepcopy(rng.choice(players)))
        return _dump(rng, doc), "refused"
    gid = rng.choice(sorted(doc["games"]))
    text = _dump(rng, doc).decode()
    key = json.dumps(gid)
    start = text.index(key)
    games_text = json.dumps({gid: doc["games"][gid]})[1:-1]
    text = text[:start] + games_text + "," + text[start:]
    return text.encode(), "any"


def rj_count(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    game = _game_of(rng, doc)
    rows = len(game["players"])
    factions = sum(1 for p in game["players"] if p["faction"] in FACTIONS)
    seats = [p.get("start_order") for p in game["players"]]
    value = rng.choice(
        [0, -1, rows - 1, rows + 1, rows, 2**63, 10**9, 99, str(rows), "x", None, True, 4.0, []]
    )
    game["player_count"] = value
    number = value if type(value) is int else int(value) if value == str(rows) else None
    if value is None:
        expect = "any"
    elif number is None:
        expect = "refused"
    elif factions <= number <= rows and all(s is None or 1 <= s <= number for s in seats):
        expect = "accepted"
    else:
        expect = "refused"
    return _dump(rng, doc), expect


def rj_seat(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    game = _game_of(rng, doc)
    players = game["players"]
    p = rng.randrange(len(players))
    n = game["player_count"]
    op = rng.randrange(3)
    if op == 0:
        players[p]["start_order"] = rng.choice([0, -1, n + 1, 99, 2**63, 10**9, "x", 1.5, True])
        expect = "refused"
    elif op == 1 and len(players) > 1:
        other = rng.choice([q for q in range(len(players)) if q != p])
        players[p]["start_order"] = players[other]["start_order"]
        expect = "refused" if players[other]["start_order"] is not None else "accepted"
    else:
        players[p]["start_order"] = None
        expect = "accepted"
    return _dump(rng, doc), expect


RESULT_FIELDS = ["vp", "rank", "start_order", "faction", "dropped", "id_hash"]


def rj_type(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    if rng.random() < 0.6:
        game = _game_of(rng, doc)
        player = rng.choice(game["players"])
        key = rng.choice(RESULT_FIELDS)
        player[key] = rng.choice([[], {}, 1.5, [1], {"a": 1}])
        return _dump(rng, doc), "refused"
    path = rng.choice(_nodes(doc))
    return _dump(rng, _set(doc, path, copy.deepcopy(rng.choice(BAD_TYPES)))), "any"


def rj_huge(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    game = _game_of(rng, doc)
    if rng.random() < 0.7:
        player = rng.choice(game["players"])
        player[rng.choice(["vp", "rank", "start_order"])] = HUGE_TEXT
    else:
        game["player_count"] = HUGE_TEXT
    return _dump(rng, doc, _huge_json(rng)), "refused"


def rj_nesting(rng: random.Random, base: JsonBase) -> Made:
    doc = copy.deepcopy(base.doc)
    return _dump_nested(rng, doc, rng.choice(_nodes(doc))), "any"


def rj_bytes(rng: random.Random, base: JsonBase) -> Made:
    data = _dump(rng, base.doc)
    op = rng.randrange(3)
    if op == 0:
        return data[: rng.randrange(len(data.rstrip()) - 1)], "refused"
    if op == 1:
        packed = gzip.compress(data)
        return packed[: rng.randrange(2, len(packed) - 1)], "refused"
    flipped = bytearray(data)
    for _ in range(rng.randint(1, 5)):
        flipped[rng.randrange(len(flipped))] = rng.randrange(256)
    return bytes(flipped), "any"


RESULTS_KINDS: dict[str, Callable[[random.Random, JsonBase], Made]] = {
    "reformat": rj_reformat,
    "faction": rj_faction,
    "duplicate": rj_duplicate,
    "count": rj_count,
    "seat": rj_seat,
    "type": rj_type,
    "huge": rj_huge,
    "nesting": rj_nesting,
    "bytes": rj_bytes,
}

# ------------------------------------------------------------------ Rootlogs

NOTATION = ["->", "/", "+", "%", "$", "#", "_", "^", "(", ")", "@", "X", "Z", "E", "t", "w"]
NOTATION += ["b_s", "++", "0", "13", "99", "->->", "//", "%%", "$_", "#->", "w->", "2w", ":", "D:"]


def _encoded(made: str | bytes) -> bytes:
    return made.encode("utf-8", "surrogatepass") if isinstance(made, str) else made


def rl_crlf(rng: random.Random, base: Base) -> Made:
    return base.text.replace("\n", "\r\n").encode(), "same"


def rl_bom(rng: random.Random, base: Base) -> Made:
    return ("\ufeff" + base.text).encode(), "same"


def rl_truncate(rng: random.Random, base: Base) -> Made:
    """Cut before the ``Winner`` line: no answer may name a winner."""
    end = base.text.find("\nWinner:")
    if end < 0:
        end = len(base.text)
    return base.text[: rng.randint(0, end)].encode(), "no-winner"


def _action_line(rng: random.Random, lines: list[str]) -> int:
    acting = [i for i, line in enumerate(lines) if re.match(r"^[A-Z]:", line)]
    return rng.choice(acting) if acting else rng.randrange(len(lines))


def rl_notation(rng: random.Random, base: Base) -> Made:
    """Damage to a turn's notation: a symbol, clearing or count inserted, dropped or changed."""
    lines = base.text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = _action_line(rng, lines)
        line = lines[i]
        at = rng.randint(2, max(2, len(line)))
        op = rng.randrange(3)
        token = rng.choice(NOTATION)
        if op == 0:
            line = line[:at] + token + line[at:]
        elif op == 1:
            line = line[:at] + line[at + rng.randint(1, 4) :]
        else:
            line = line[:at] + token + line[at + len(token) :]
        lines[i] = line
    return "\n".join(lines).encode(), "any"


def rl_huge(rng: random.Random, base: Base) -> Made:
    lines = base.text.split("\n")
    i = _action_line(rng, lines)
    big = rng.choice([str(n) for n in (10**6, 2**31, 2**63, 10**30)] + ["9" * 400, "9" * 4301])
    numbers = list(re.finditer(r"\d+", lines[i]))
    if numbers and rng.random() < 0.6:
        m = rng.choice(numbers)
        lines[i] = lines[i][: m.start()] + big + lines[i][m.end() :]
    else:
        lines[i] += rng.choice(["/++", "/", "/w->"]) + big + rng.choice(["", "w->1", "->1"])
    return "\n".join(lines).encode(), "any"


def rl_header(rng: random.Random, base: Base) -> Made:
    lines = base.text.split("\n")
    heads = [i for i, line in enumerate(lines) if re.match(r"^[A-Z][a-z]*:", line)]
    i = rng.choice(heads) if heads else 0
    op = rng.randrange(4)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2:
        head = lines[i].split(":")[0]
        lines[i] = f"{head}: " + rng.choice(["", "Nowhere", "Fall, Winter", "R1", "x" * 5000, "𝔉"])
    else:
        lines.insert(rng.randrange(len(lines)), rng.choice(lines[: max(1, heads[-1] + 1)]))
    return "\n".join(lines).encode(), "any"


def rl_generic(rng: random.Random, base: Base) -> Made:
    mutate = rng.choice([m_lines, m_chars, m_bytes, m_confusable])
    return _encoded(mutate(rng, base)), "any"


ROOTLOG_KINDS: dict[str, Callable[[random.Random, Base], Made]] = {
    "crlf": rl_crlf,
    "bom": rl_bom,
    "truncate": rl_truncate,
    "notation": rl_notation,
    "huge": rl_huge,
    "header": rl_header,
    "generic": rl_generic,
}

# ---------------------------------------------------------------- the surfaces


@dataclass
class Surface:
    name: str
    bases: list[Any]
    kinds: dict[str, Callable[[random.Random, Any], Made]]
    weights: dict[str, int]
    verdict: Callable[[bytes], tuple[Any, ...]]

    def make(self, seed: int, kind: str, index: int) -> tuple[Any, bytes, str]:
        rng = random.Random(f"{seed}:{self.name}:{kind}:{index}")
        base = rng.choice(self.bases)
        data, expect = self.kinds[kind](rng, base)
        return base, data, expect

    def kind_of(self, seed: int, index: int) -> str:
        rng = random.Random(f"{seed}:{self.name}:kind:{index}")
        names = list(self.kinds)
        return rng.choices(names, weights=[self.weights.get(n, 1) for n in names])[0]


def surfaces() -> dict[str, Surface]:
    """The surfaces, their bases read and judged."""
    made = {
        "game-json": Surface(
            "game-json",
            game_json_bases(),
            GAME_JSON_KINDS,  # type: ignore[arg-type]
            {"value": 3, "type": 3, "huge": 2},
            game_json_verdict,
        ),
        "results-json": Surface(
            "results-json",
            results_bases(),
            RESULTS_KINDS,  # type: ignore[arg-type]
            {"faction": 2, "count": 2, "seat": 2, "type": 2},
            results_verdict,
        ),
        "rootlog": Surface(
            "rootlog",
            rootlog_bases(),
            ROOTLOG_KINDS,  # type: ignore[arg-type]
            {"notation": 3, "generic": 2, "huge": 2},
            rootlog_verdict,
        ),
    }
    for surface in made.values():
        for base in surface.bases:
            base.verdict = surface.verdict(base.raw if isinstance(base, JsonBase) else base.text)
    return made


def judge(expect: str, got: tuple[Any, ...], base_verdict: tuple[Any, ...]) -> str:
    """What is wrong with the answer ``got`` (empty when nothing is)."""
    if expect == "same" and got != base_verdict:
        return f"harmless edit changed the result: {str(got)[:300]} != {str(base_verdict)[:300]}"
    if expect == "refused" and got[0] != "error":
        return f"accepted what must be refused: {str(got)[:300]}"
    if expect == "accepted" and got[0] == "error":
        return f"refused what must be accepted: {got}"
    if expect == "not-passed" and got[0] == "ok" and len(got) > 5 and got[5]:
        return "a changed recorded value passed the audit"
    if expect == "no-winner" and got[0] == "ok" and ", winner " in got[1]:
        return f"a Rootlog cut before its Winner line names a winner: {got[1]}"
    return ""
