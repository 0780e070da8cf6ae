"""The commonest ledger pieces read with plain string methods (a shortcut before :mod:`.fast`).

:mod:`.fast` reads the common shapes of pieces with regular expressions;
compiling those (each command verb's on its first use) is much of what a
one-log command spends on its first look at a game, and matching them most
of what a new piece costs afterwards. The commonest pieces are simpler still:
single words separated by single spaces (``build E5``, ``upgrade F4 to TP``,
``Leech 2 from witches``, ``+FAV11``, ``20 VP``, ``5/7/0 PW``). This module
reads only those, word by word, with ``split``, ``isdigit`` and set lookups,
and builds the action or value exactly as :mod:`.fast` (and so the grammar's
transformer) does.

Like :mod:`.fast` it only says yes or "not mine" (``None``, :data:`MISSING`):
anything else — other blanks, other verbs, a word it does not know, every
malformed piece — goes on to :mod:`.fast` and the grammar unchanged.
``tests/test_parse_quick.py`` checks every piece of every log under
``tests/data`` this module reads against what Lark gives, positions included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

from tmlog.games.terra_mystica.model.actions import (
    Action,
    Adjust,
    Advance,
    Build,
    Burn,
    Convert,
    Decline,
    Dig,
    Done,
    Leech,
    Pass,
    Send,
    Transform,
    Upgrade,
    UseAction,
    Wait,
)
from tmlog.games.terra_mystica.model.enums import Building, Cult, Faction, Terrain, Tile, Track
from tmlog.games.terra_mystica.parse import names

# The grammar's terminals as sets of whole words (lower-case; a word is tested
# lower-cased only if it is ASCII, as the grammar folds case for ASCII only).
# tests/test_parse_quick.py checks each word against the terminal it stands for.

_HEX_LETTER: Final = frozenset("abcdefghijklmnopqstuvwxyzABCDEFGHIJKLMNOPQSTUVWXYZ")
"""HEX's first character, ``[a-qs-z]`` in either case (``r`` starts a river)."""
_NONZERO: Final = frozenset("123456789")
_DIGIT: Final = frozenset("0123456789")

_FACTIONS: Final = frozenset(
    [
        "alchemists",
        "auren",
        "chaosmagicians",
        "cultists",
        "darklings",
        "dwarves",
        "engineers",
        "fakirs",
        "giants",
        "halflings",
        "mermaids",
        "nomads",
        "swarmlings",
        "witches",
        "icemaidens",
        "yetis",
        "acolytes",
        "dragonlords",
        "dragonmasters",
        "shapeshifters",
        "riverwalkers",
    ]
)
"""FACTION's words."""
_BUILDINGS: Final = frozenset(
    ["dwelling", "temple", "stronghold", "sanctuary", "tp", "te", "sh", "sa", "d"]
)
"""BUILDING's single words (``trading post`` is two: it goes to :mod:`.fast`)."""
_COLORS: Final = frozenset(
    ["yellow", "brown", "black", "blue", "green", "gray", "grey", "red", "ice", "volcano"]
)
_CULTS: Final = frozenset(("fire", "water", "earth", "air"))
_TRACKS: Final = frozenset(("shipping", "ship", "digging", "dig"))
_PRIESTS: Final = frozenset(("priest", "p"))
_BONUSES: Final = frozenset(f"bon{n}" for n in range(1, 11))
_ACTIONS: Final = frozenset(
    [f"act{n}" for n in range(1, 7)]
    + [f"act{c}" for c in "aegsnwc"]
    + [f"acth{n}" for n in range(1, 7)]
    + ["bon1", "bon2", "fav6"]
)
"""ACTION_NAME's words."""
_AMOUNTS: Final = frozenset(
    [
        *[
            "vp",
            "c",
            "w",
            "p",
            "pw",
            "priest",
            "priests",
            "power",
            "worker",
            "workers",
            "coin",
            "coins",
        ],
        *["fire", "water", "earth", "air", "spade", "bridge", "key", "cult"],
        *_BONUSES,
        *(f"fav{n}" for n in range(1, 13)),
        *(f"tw{n}" for n in range(1, 9)),
    ]
)
"""The commonest of AMOUNT's words (the others go to :mod:`.fast`)."""

MISSING: Final[Any] = object()
"""What :func:`cell` returns for a cell it leaves to :mod:`.fast`."""


def _word(word: str, words: frozenset[str]) -> str | None:
    """``word`` lower-cased if it is one of ``words``, else None."""
    if not word.isascii():
        return None
    low = word.lower()
    return low if low in words else None


def _is_int(word: str) -> bool:  # INT: [0-9]+
    return word.isascii() and word.isdigit()


def _hex(word: str) -> str | None:
    """HEX (``E5``, ``a12``) upper-cased, else None."""
    n = len(word)
    if n < 2 or n > 3 or word[0] not in _HEX_LETTER or word[1] not in _NONZERO:
        return None
    if n == 3 and word[2] not in _DIGIT:
        return None
    return word.upper()


def _faction(word: str) -> Faction | None:
    name = _word(word, _FACTIONS)
    return None if name is None else cast(Faction, Faction.parse(name))


def _is(word: str, keyword: str) -> bool:
    """``word`` is ``keyword`` (lower-case ASCII) in any case."""
    return word.isascii() and word.lower() == keyword


def _counted(word: str) -> tuple[int | None, str] | None:
    """``3PW`` or ``PW`` (a count glued to a common amount word): count (None if none), word."""
    i = 0
    while i < len(word) and word[i] in _DIGIT:
        i += 1
    what = _word(word[i:], _AMOUNTS)
    if what is None:
        return None
    return (int(word[:i]) if i else None), what


# ------------------------------------------------------------ commands


def _build(w: list[str]) -> Action | None:
    h = _hex(w[1]) if len(w) == 2 else None
    return None if h is None else Build(hex=h, column=1)


def _upgrade(w: list[str]) -> Action | None:
    if len(w) != 4 or not _is(w[2], "to"):
        return None
    h = _hex(w[1])
    b = _word(w[3], _BUILDINGS)
    if h is None or b is None:
        return None
    return Upgrade(hex=h, building=cast(Building, Building.parse(b)), column=1)


def _transform(w: list[str]) -> Action | None:
    h = _hex(w[1]) if len(w) in (2, 4) else None
    if h is None:
        return None
    if len(w) == 2:
        return Transform(hex=h, terrain=None, column=1)
    c = _word(w[3], _COLORS)
    if c is None or not _is(w[2], "to"):
        return None
    return Transform(hex=h, terrain=cast(Terrain, Terrain.parse(c)), column=1)


def _from(w: list[str]) -> tuple[int, Faction] | None:
    """``N from FACTION`` (the words after a leech's or decline's verb)."""
    if len(w) != 4 or not _is_int(w[1]) or not _is(w[2], "from"):
        return None
    f = _faction(w[3])
    return None if f is None else (int(w[1]), f)


def _leech(w: list[str]) -> Action | None:
    if len(w) == 2 and _is_int(w[1]):
        return Leech(amount=int(w[1]), source_faction=None, column=1)
    offer = _from(w)
    return None if offer is None else Leech(amount=offer[0], source_faction=offer[1], column=1)


def _decline(w: list[str]) -> Action | None:
    if len(w) == 1:
        return Decline(amount=None, source_faction=None, column=1)
    offer = _from(w)
    return None if offer is None else Decline(amount=offer[0], source_faction=offer[1], column=1)


def _pass(w: list[str]) -> Action | None:
    if len(w) == 1:
        return Pass(bonus=None, column=1)
    b = _word(w[1], _BONUSES) if len(w) == 2 else None
    return None if b is None else Pass(bonus=Tile(b.upper()), column=1)


def _action(w: list[str]) -> Action | None:
    n = _word(w[1], _ACTIONS) if len(w) == 2 else None
    return None if n is None else UseAction(space=names.space(n), column=1)


def _burn(w: list[str]) -> Action | None:
    return Burn(amount=int(w[1]), column=1) if len(w) == 2 and _is_int(w[1]) else None


def _dig(w: list[str]) -> Action | None:
    return Dig(amount=int(w[1]), column=1) if len(w) == 2 and _is_int(w[1]) else None


def _send(w: list[str]) -> Action | None:
    if len(w) not in (4, 6) or _word(w[1], _PRIESTS) is None or not _is(w[2], "to"):
        return None
    c = _word(w[3], _CULTS)
    if c is None:
        return None
    if len(w) == 4:
        return Send(cult=Cult(c.upper()), slot=None, column=1)
    if not _is(w[4], "for") or not _is_int(w[5]):
        return None
    return Send(cult=Cult(c.upper()), slot=int(w[5]), column=1)


def _advance(w: list[str]) -> Action | None:
    t = _word(w[1], _TRACKS) if len(w) == 2 else None
    return None if t is None else Advance(track=cast(Track, Track.parse(t)), column=1)


def _convert(w: list[str]) -> Action | None:
    if len(w) != 4 or not _is(w[2], "to"):
        return None
    paid = _counted(w[1])
    got = _counted(w[3])
    if paid is None or got is None:
        return None
    # The engine reads a missing (or zero) count as 1.
    return Convert(
        from_count=paid[0] or 1,
        from_what=names.AMOUNTS[paid[1]],
        to_count=got[0] or 1,
        to_what=names.AMOUNTS[got[1]],
        column=1,
    )


def _wait(w: list[str]) -> Action | None:
    return Wait(column=1) if len(w) == 1 else None


def _done(w: list[str]) -> Action | None:
    return Done(column=1) if len(w) == 1 else None


_VERBS: Final[dict[str, Callable[[list[str]], Action | None]]] = {
    "build": _build,
    "upgrade": _upgrade,
    "transform": _transform,
    "leech": _leech,
    "decline": _decline,
    "pass": _pass,
    "action": _action,
    "burn": _burn,
    "dig": _dig,
    "send": _send,
    "advance": _advance,
    "convert": _convert,
    "wait": _wait,
    "done": _done,
}
"""A verb, lower-cased → the reader of its words."""


def _adjust(text: str) -> Action | None:
    """``+FAV11``, ``-2PW``: a sign, a count if any and an amount, all one word."""
    counted = _counted(text[1:]) if " " not in text else None
    if counted is None:
        return None
    n = 1 if counted[0] is None else counted[0]
    return Adjust(
        delta=n if text[0] == "+" else -n,
        what=names.AMOUNTS[counted[1]],
        source=None,
        column=1,
    )


def command(text: str) -> Action | None:
    """A sub-command (stripped of blanks) of the commonest shapes; None: ask :mod:`.fast`."""
    try:
        if text[0] in "+-":
            return _adjust(text)
        w = text.split(" ")
        verb = w[0]
        reader = _VERBS.get(verb if verb.islower() else verb.lower())
        return None if reader is None or not verb.isascii() else reader(w)
    except ValueError:  # a number too long to read: the grammar's path reports it
        return None


# ------------------------------------------------------------ ledger cells


def _signed(token: str) -> Any:  # DELTA: [+-]?[0-9]+
    digits = token[1:] if token[0] in "+-" else token
    return int(token) if _is_int(digits) else MISSING


def _unit(token: str, unit: str, signed: bool) -> Any:  # "20 VP", "-3 VP", "15 C"
    number, _, rest = token.partition(" ")
    if rest != unit or not number:
        return MISSING
    digits = number[1:] if signed and number[0] == "-" else number
    return int(number) if _is_int(digits) else MISSING


def _numbers(text: str, count: int) -> tuple[int, ...] | None:  # "5/7/0", "0/1/1/0"
    parts = text.split("/")
    if len(parts) != count or not all(_is_int(p) for p in parts):
        return None
    return tuple([int(p) for p in parts])


def _bowls(token: str) -> Any:  # PW_VALUE: [0-9]+/[0-9]+/[0-9]+ PW
    bowls, _, rest = token.partition(" ")
    value = _numbers(bowls, 3) if rest == "PW" else None
    return MISSING if value is None else value


def _cults(token: str) -> Any:  # CULT_VALUE: [0-9]+/[0-9]+/[0-9]+/[0-9]+
    value = _numbers(token, 4)
    return MISSING if value is None else value


def _offers(token: str) -> Any:  # LEECH_VALUE: [0-9]+( [0-9]+)*
    parts = token.split(" ")
    if not all(_is_int(p) for p in parts):
        return MISSING
    return tuple([int(p) for p in parts])


def cell(rule: str, token: str) -> Any:
    """A value cell's value from its token (the cell stripped of blanks, not empty);
    :data:`MISSING`: ask :mod:`.fast`."""
    try:
        if rule == "delta_cell":
            return _signed(token)
        if rule == "vp_cell":
            return _unit(token, "VP", True)
        if rule == "c_cell":
            return _unit(token, "C", False)
        if rule == "w_cell":
            return _unit(token, "W", False)
        if rule == "p_cell":
            return _unit(token, "P", False)
        if rule == "pw_cell":
            return _bowls(token)
        if rule == "cult_cell":
            return _cults(token)
        if rule == "leech_cell":
            return _offers(token)
    except ValueError:  # too long to read: the parser path reports it with its column
        return MISSING
    return MISSING


def faction_cell(text: str) -> Faction | None:
    """A faction cell that is one faction's name and nothing else; None: ask :mod:`.fast`."""
    return _faction(text)
