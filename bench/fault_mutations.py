"""The damaged inputs of the fault campaign (``fault_campaign.py``): real logs,
the kinds of damage, and what the library says of a log.

Every input is made by a seeded generator of its own (seed, kind, index), so
``make(seed, kind, index)`` gives the same input every time.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tmlog.errors import TmlogError
from tmlog.games.terra_mystica.audit import audit
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.replay import replay
from tmlog.games.terra_mystica.replay.maps import MAPS
from tmlog.games.terra_mystica.replay.options import Option

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------ the bases


@dataclass
class Base:
    name: str
    text: str
    ledger: bool
    verdict: tuple[Any, ...] = ()
    finishing_line: int = 0
    """Lines a prefix needs to be a finished game (0: the game never finishes)."""


def _bases() -> list[Base]:
    paths = sorted(
        p
        for folder in (ROOT / "tests" / "data", ROOT / "sample_logs")
        for p in folder.rglob("*")
        if p.suffix in (".txt", ".log") and p.is_file()
    )
    bases = []
    for p in paths:
        text = p.read_text(encoding="utf-8")
        name = str(p.relative_to(ROOT))
        try:
            log = parse_log(text, source=name)
        except TmlogError:
            continue
        bases.append(Base(name, text, log.format == "ledger"))
        if log.format == "ledger":
            bases.append(Base(name + "@commands", ledger_to_commands(log), False))
    return bases


def verdict(text: str | bytes, ledger_audit: bool = True) -> tuple[Any, ...]:
    """What the library says about a log, without line numbers (a harmless edit may move lines)."""
    try:
        log = parse_log(text, source="m.txt", partial=True)
        result = replay(log)
        report = audit(log, result) if log.format == "ledger" and ledger_audit else None
    except TmlogError as err:
        return ("error", type(err).__name__, _unplaced(str(err)))
    state = (
        "error" if result.error is not None else "ok",
        result.finished,
        tuple(sorted(result.final_vp().items())),
        _unplaced(str(result.error)) if result.error is not None else "",
        len(result.warnings),
    )
    if report is not None:
        state += (report.ok, report.rows_compared, len(report.divergences))
    return state


def _unplaced(message: str) -> str:
    return re.sub(r"m\.txt:\d+(:\d+)?", "m.txt:L", message.split("\n")[0])


def _finishing_line(text: str) -> int:
    """The fewest lines that make a finished game (binary search over prefixes)."""
    lines = text.split("\n")

    def finished(n: int) -> bool:
        try:
            result = replay(parse_log("\n".join(lines[:n]) + "\n", source="m.txt"))
        except TmlogError:
            return False
        return result.error is None and result.finished

    if not finished(len(lines)):
        return 0
    lo, hi = 0, len(lines)
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if finished(mid) else (mid, hi)
    return hi


# ------------------------------------------------------------------ mutations

INSERTS = ["\t", "\0", "é", "漢", "\n", ".", ":", "#", " ", "9", "\r", "\ufeff", "+", "\x1b[2J"]
WORDS = ["witches:", "A1", "E5", "BON1", "TP", "3", "leech", "pass", "FIRE", "ACT6", "+TW5", "SA"]
FACTIONS = ["witches", "cultists", "darklings", "nomads", "engineers", "giants", "fakirs"]
FACTIONS += ["acolytes", "riverwalkers", "dragonlords", "icemaidens", "shapeshifters", "yetis"]
CONFUSABLES = {
    "i": ["ı", "İ", "ｉ", "і"],
    "s": ["ſ", "ｓ", "ѕ"],
    "k": ["\u212a", "ｋ"],
    "a": ["ａ", "а"],
    "e": ["ｅ", "е"],
    "o": ["ｏ", "о", "0"],
    "p": ["р", "ｐ"],
}
SUB_COMMANDS = ["burn 1", "+1C", "-1W", "+1spade", "+1gain_ship", "dig 1", "action ACT1",
                "convert 1PW to 1C", "send p to FIRE", "advance ship", "leech 1 from witches",
                "+FAV1", "pass", "transform E5", "build E5", "decline"]  # fmt: skip
HUGE_FORMS = ["+{}C", "+{}spade", "+{}gain_ship", "dig {}", "burn {}", "leech {} from witches",
              "convert {}PW to {}C", "send p to AIR for {}", "-{}PW", "+{}pw_token",
              "+{}P", "-{}VP", "+{}FIRE"]  # fmt: skip
ALL_OPTIONS = [o.value for o in Option] + ["no-such-option", "", "STRICT-LEECH"]
MAP_IDS = [*MAPS, "original", "0123456789abcdef0123456789abcdef01234567", "x" * 300]

Mutator = Callable[[random.Random, Base], "str | bytes"]


def _huge(rng: random.Random) -> int:
    return rng.choice([10 ** rng.randint(3, 30), rng.randint(1000, 10**30), 2**63, 2**64 + 1])


def _lines_at(rng: random.Random, text: str) -> tuple[list[str], int]:
    lines = text.split("\n")
    return lines, rng.randrange(len(lines))


# Harmless edits: the result must equal the unmutated log's.


def m_crlf(rng: random.Random, base: Base) -> str | bytes:
    return (
        base.text.replace("\n", "\r\n").encode()
        if rng.random() < 0.5
        else base.text.replace("\n", "\r\n")
    )


def m_bom(rng: random.Random, base: Base) -> str | bytes:
    text = "\ufeff" + base.text
    return text.encode() if rng.random() < 0.5 else text


def m_blank_lines(rng: random.Random, base: Base) -> str | bytes:
    lines = base.text.split("\n")
    for _ in range(rng.randint(1, 10)):
        lines.insert(rng.randint(0, len(lines)), "")
    return "\n".join(lines)


def m_trailing_spaces(rng: random.Random, base: Base) -> str | bytes:
    lines = base.text.split("\n")
    for _ in range(rng.randint(1, 20)):
        i = rng.randrange(len(lines))
        if lines[i]:
            lines[i] += " " * rng.randint(1, 4)
    return "\n".join(lines)


_COMMAND_LINE = re.compile(r"^[a-z]+: ")


def m_case(rng: random.Random, base: Base) -> str | bytes:
    """Change the case of the commands (never of comments, which are free text)."""
    lines = base.text.split("\n")
    change = rng.choice([str.upper, str.lower, str.swapcase])
    for _ in range(rng.randint(1, 20)):
        i = rng.randrange(len(lines))
        line = lines[i]
        if base.ledger:
            cells = line.split("\t")
            if len(cells) > 10 and cells[-1] and not cells[-1].startswith("#"):
                cells[-1] = change(cells[-1])
                lines[i] = "\t".join(cells)
        elif _COMMAND_LINE.match(line) and "#" not in line:
            head, _, rest = line.partition(": ")
            lines[i] = f"{head}: {change(rest)}"
    return "\n".join(lines)


def m_harmless_mix(rng: random.Random, base: Base) -> str | bytes:
    text = base.text
    for edit in rng.sample([m_blank_lines, m_trailing_spaces, m_case], rng.randint(1, 3)):
        out = edit(rng, Base(base.name, text, base.ledger))
        assert isinstance(out, str)
        text = out
    if rng.random() < 0.5:
        text = text.replace("\n", "\r\n")
    if rng.random() < 0.5:
        text = "\ufeff" + text
    return text.encode() if rng.random() < 0.5 else text


# Edits that change the answer in a known way.


_TOTAL = re.compile(r"^(?:-?\d+ (?:VP|C|W|P)|\d+/\d+/\d+ PW|\d+/\d+/\d+/\d+)$")


def m_value(rng: random.Random, base: Base) -> str | bytes:
    """A ledger's recorded total (VP, C, W, P, bowls or cults) changed in one row."""
    lines = base.text.split("\n")
    rows = [i for i, line in enumerate(lines) if any(_TOTAL.match(c) for c in line.split("\t"))]
    i = rng.choice(rows)
    cells = lines[i].split("\t")
    j = rng.choice([k for k, c in enumerate(cells) if _TOTAL.match(c)])
    numbers = list(re.finditer(r"\d+", cells[j]))
    m = rng.choice(numbers)
    old = int(m.group())
    new = old + rng.choice([-3, -2, -1, 1, 2, 3, 10, 100])
    if new < 0:
        new = old + 1
    cells[j] = cells[j][: m.start()] + str(new) + cells[j][m.end() :]
    lines[i] = "\t".join(cells)
    return "\n".join(lines)


def m_truncate(rng: random.Random, base: Base) -> str | bytes:
    """Cut before the line that finishes the game (mid-line or at a line end)."""
    lines = base.text.split("\n")
    end = len("\n".join(lines[: base.finishing_line - 1]))
    cut = (
        rng.randint(0, end)
        if rng.random() < 0.7
        else rng.choice([len("\n".join(lines[:k])) for k in range(base.finishing_line)])
    )
    return base.text[:cut]


# Edits with no known answer: tmlog must fail cleanly (or replay).


def m_lines(rng: random.Random, base: Base) -> str | bytes:
    lines, i = _lines_at(rng, base.text)
    op = rng.randrange(5)
    if op == 0 and len(lines) > 2:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif op == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:
        k = rng.randint(1, 20)
        block = lines[i : i + k]
        del lines[i : i + k]
        at = rng.randint(0, len(lines))
        lines[at:at] = block
    else:
        other = rng.choice(BASES).text.split("\n")
        lines.insert(i, rng.choice(other))
    return "\n".join(lines)


def m_chars(rng: random.Random, base: Base) -> str | bytes:
    text = base.text
    for _ in range(rng.randint(1, 5)):
        i = rng.randrange(len(text) + 1)
        ch = rng.choice(INSERTS) if rng.random() < 0.7 else chr(rng.randint(1, 0x2FFFF))
        if 0xD800 <= ord(ch[0]) <= 0xDFFF:
            ch = "?"
        text = text[:i] + ch + text[i + (rng.random() < 0.5) :]
    return text


def m_bytes(rng: random.Random, base: Base) -> str | bytes:
    data = bytearray(base.text.encode())
    op = rng.randrange(5)
    if op == 0:
        for _ in range(rng.randint(1, 10)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif op == 1:
        data += rng.randbytes(rng.randint(1, 200))
    elif op == 2:
        return base.text.encode("latin-1", errors="replace") + "é".encode("latin-1")
    elif op == 3:
        return rng.choice(
            [b"", b"\0" * 100, b"\xff\xfe" + base.text.encode("utf-16-le"), b"\xef\xbb\xbf"]
        )
    else:
        data = data[: rng.randrange(len(data))] + b"\xc3"  # cut inside a UTF-8 sequence
    return bytes(data)


def m_cell(rng: random.Random, base: Base) -> str | bytes:
    """One tab-separated cell (or a command's word) replaced by something else."""
    lines, i = _lines_at(rng, base.text)
    sep = "\t" if base.ledger else " "
    cells = lines[i].split(sep)
    j = rng.randrange(len(cells))
    cells[j] = rng.choice(
        [
            "",
            rng.choice(WORDS),
            str(_huge(rng)),
            f"{_huge(rng)} VP",
            f"{rng.randint(0, 99)}/{_huge(rng)}/0 PW",
            f"-{_huge(rng)}",
            "+" + str(rng.randint(0, 99)),
            "1/2/3/4/5/6",
            "\t".join(["x"] * rng.randint(2, 30)),
            cells[rng.randrange(len(cells))],
        ]
    )
    lines[i] = sep.join(cells)
    return "\n".join(lines)


def m_huge_number(rng: random.Random, base: Base) -> str | bytes:
    lines = base.text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        numbers = list(re.finditer(r"\d+", lines[i]))
        if numbers:
            m = rng.choice(numbers)
            lines[i] = lines[i][: m.start()] + str(_huge(rng)) + lines[i][m.end() :]
        else:
            form = rng.choice(HUGE_FORMS).replace("{}", str(_huge(rng)))
            lines.insert(i, f"{rng.choice(FACTIONS)}: {form}")
    return "\n".join(lines)


def m_confusable(rng: random.Random, base: Base) -> str | bytes:
    text = base.text
    spots = [k for k, ch in enumerate(text) if ch.lower() in CONFUSABLES]
    for _ in range(rng.randint(1, 3)):
        k = rng.choice(spots)
        if text[k].lower() not in CONFUSABLES:  # swapped already (o -> 0)
            continue
        swap = rng.choice(CONFUSABLES[text[k].lower()])
        text = text[:k] + swap + text[k + 1 :]
    return text


def m_options(rng: random.Random, base: Base) -> str | bytes:
    """``option`` lines for a random subset of every option, anywhere."""
    lines = base.text.split("\n")
    for name in rng.sample(ALL_OPTIONS, rng.randint(1, len(ALL_OPTIONS))):
        at = rng.choice([0, rng.randint(0, len(lines)), len(lines)])
        line = f"option {name}"
        if base.ledger and rng.random() < 0.3:
            line = rng.choice(FACTIONS) + "\t" * 14 + line
        lines.insert(at, line)
    return "\n".join(lines)


def m_map(rng: random.Random, base: Base) -> str | bytes:
    lines = base.text.split("\n")
    for _ in range(rng.randint(1, 3)):
        at = rng.choice([0, rng.randint(0, len(lines)), len(lines)])
        lines.insert(at, f"map {rng.choice(MAP_IDS)}")
    return "\n".join(lines)


def m_repeat_row(rng: random.Random, base: Base) -> str | bytes:
    lines, i = _lines_at(rng, base.text)
    repeat = rng.choice([2, 10, 100, 1000, rng.randint(2, 5000)])
    row = ". ".join([rng.choice(SUB_COMMANDS)] * repeat)
    lines.insert(i, f"{rng.choice(FACTIONS)}: {row}")
    return "\n".join(lines)


def m_faction(rng: random.Random, base: Base) -> str | bytes:
    lines = base.text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        for faction in FACTIONS:
            if lines[i].startswith(faction):
                lines[i] = rng.choice(FACTIONS) + lines[i][len(faction) :]
                break
    return "\n".join(lines)


def m_long_line(rng: random.Random, base: Base) -> str | bytes:
    lines, i = _lines_at(rng, base.text)
    lines[i] += rng.choice(["x", "9", " ", ".", "\t", "+1C. "]) * rng.randint(1000, 200_000)
    return "\n".join(lines)


def m_mixed(rng: random.Random, base: Base) -> str | bytes:
    text: str | bytes = base.text
    for mutate in rng.sample(HOSTILE, rng.randint(2, 4)):
        if isinstance(text, bytes):
            break
        text = mutate(rng, Base(base.name, text, base.ledger))
    return text


HARMLESS: dict[str, Mutator] = {
    "crlf": m_crlf,
    "bom": m_bom,
    "blank_lines": m_blank_lines,
    "trailing_spaces": m_trailing_spaces,
    "case": m_case,
    "harmless_mix": m_harmless_mix,
}
HOSTILE: list[Mutator] = [m_lines, m_chars, m_cell, m_huge_number, m_confusable, m_options,
                          m_map, m_repeat_row, m_faction, m_long_line, m_bytes]  # fmt: skip
KINDS: dict[str, Mutator] = {
    **HARMLESS,
    "value": m_value,
    "truncate": m_truncate,
    **{f.__name__[2:]: f for f in HOSTILE},
    "mixed": m_mixed,
}
WEIGHTS = {"value": 3, "truncate": 3, "mixed": 3, "lines": 2, "cell": 2, "huge_number": 2}


BASES: list[Base] = []


def make(seed: int, kind: str, index: int) -> tuple[Base, str | bytes]:
    """Input ``index`` of ``kind``: the same every time for the same seed."""
    rng = random.Random(f"{seed}:{kind}:{index}")
    pool = BASES
    if kind == "value":
        pool = [b for b in BASES if b.ledger and b.verdict[0] == "ok" and b.verdict[5]]
    elif kind == "truncate":
        pool = [b for b in BASES if b.finishing_line > 1]
    elif kind in HARMLESS:
        pool = [b for b in BASES if b.verdict and b.verdict[0] == "ok"]
    base = rng.choice(pool)
    return base, KINDS[kind](rng, base)


def kind_of(seed: int, stream: str, index: int) -> str:
    rng = random.Random(f"{seed}:{stream}:kind:{index}")
    names = list(KINDS)
    return rng.choices(names, weights=[WEIGHTS.get(n, 1) for n in names])[0]
