"""Lark's parse tree of a Rootlog file → header values, turns and typed actions.

The grammar accepts a little more than the spec (any location after any
thing, a start inside a group...), so that what it does not allow is
reported here with its position and the rule broken; the known deviations
of real logs (:data:`DEVIATIONS`) become warnings in lenient mode.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from tmlog.games.root.notation.actions import (
    Action,
    Battle,
    ClosePath,
    Craft,
    DiscardDecree,
    Dominance,
    Expose,
    Flip,
    Hire,
    Move,
    Reveal,
    Score,
    SetFunds,
    SetOutcast,
    SetPrice,
    SetRelationship,
    SetSlot,
    Trick,
)
from tmlog.games.root.notation.atoms import (
    FACTIONS,
    Card,
    Group,
    Hireling,
    Item,
    Location,
    Path,
    Piece,
    Side,
    Slot,
)

DEVIATIONS = {
    "grouped-slots": "board slots grouped in parentheses",
    "start-in-group": "a start location inside a group",
    "swapped-sub": "piece letters swapped",
    "raft": "the raft piece 'r' of Rootlog before V2.8",
    "group-of-one": "parentheses around one thing (a group joins things with +)",
}
"""Deviations from the spec met in real logs, which lenient mode reads."""

MAX_SCORE_CHANGE = 30
"""The most one ``++n``/``--n`` may write: the score that wins the game (LoR 3.1).
No single rule awards or takes nearly as much (a Decree of birds, a ritual)."""

_PIECE_TYPES = "wpbtf"
_PRICE_KEYS = ("", "h", "r", "m")
_RELATION_VALUES = ("h", "0", "1", "2", "a")


class Bad(Exception):
    """Something the spec does not allow, at a position (made a syntax error by the caller)."""

    def __init__(self, line: int, column: int, unexpected: str, expected: str) -> None:
        super().__init__(unexpected)
        self.line = line
        self.column = column
        self.unexpected = unexpected
        self.expected = expected


@dataclass(frozen=True)
class Deviation:
    """A known deviation read in lenient mode: where, what was written, how it was read."""

    line: int
    column: int
    code: str
    written: str
    read_as: str

    def __str__(self) -> str:
        return (
            f"{self.line}:{self.column}: {DEVIATIONS[self.code]}: "
            f"'{self.written}' read as '{self.read_as}'"
        )


@dataclass(frozen=True)
class Turn:
    """``F:action/action...`` on one line; the first turn of each faction is its setup."""

    faction: str
    line: int = field(compare=False)
    actions: tuple[Action, ...] = ()
    setup: bool = False

    def __str__(self) -> str:
        return f"{self.faction}:" + "/".join(map(str, self.actions))


@dataclass(frozen=True)
class Player:
    faction: str
    name: str
    line: int


def _pos(meta: Meta) -> dict[str, int]:
    return {"line": getattr(meta, "line", 0), "column": getattr(meta, "column", 0)}


def _bad(token: Token | Meta, unexpected: str, expected: str) -> Bad:
    return Bad(
        getattr(token, "line", 0) or 0, getattr(token, "column", 0) or 0, unexpected, expected
    )


def _faction(token: Token, what: str = "a faction letter") -> str:
    letter = str(token)
    if letter not in FACTIONS:
        raise _bad(token, f"'{letter}'", f"{what} ({''.join(FACTIONS)})")
    return letter


class RootlogTransformer(Transformer[Token, Any]):
    """Builds the parts of a file; ``lenient`` reads the known deviations (recorded
    in ``deviations``) instead of rejecting them."""

    def __init__(self, lenient: bool) -> None:
        super().__init__()
        self.lenient = lenient
        self.deviations: list[Deviation] = []
        self._seen: set[str] = set()

    def _deviate(self, meta: Meta | Token, code: str, written: str, read_as: str) -> None:
        line, column = getattr(meta, "line", 0) or 0, getattr(meta, "column", 0) or 0
        if not self.lenient:
            raise Bad(
                line,
                column,
                f"'{written}' ({DEVIATIONS[code]})",
                f"'{read_as}' (lenient mode, input format rootlog, reads it so with a warning)",
            )
        self.deviations.append(Deviation(line, column, code, written, read_as))

    # ------------------------------------------------------------ header

    def start(self, children: list[Any]) -> tuple[Any, Any]:
        return children[0], children[1]

    def header(self, children: list[Any]) -> dict[str, Any]:
        return dict(children)

    def map_line(self, children: list[Token]) -> tuple[str, Any]:
        return "map", str(children[0])

    def deck_line(self, children: list[Token]) -> tuple[str, Any]:
        return "deck", str(children[0])

    def clearings_line(self, children: list[tuple[Token, Token]]) -> tuple[str, Any]:
        suits: list[str] = []
        for number, (suit, token) in enumerate(children, 1):
            if int(token) != number:
                raise _bad(token, f"'{token}'", f"clearing {number} (clearings are listed 1 to 12)")
            suits.append(str(suit))
        if len(suits) != 12:
            last = children[-1][1]
            raise _bad(last, f"end of line after {len(suits)} clearings", "12 clearings")
        return "clearings", tuple(suits)

    def clearing_suit(self, children: list[Token]) -> tuple[Token, Token]:
        return children[0], children[1]

    def landmarks_line(self, children: list[tuple[str, int]]) -> tuple[str, Any]:
        return "landmarks", tuple(children)

    _LANDMARKS = ("treetop", "city", "market", "forge", "ferry", "f", "tower")

    def landmark(self, children: list[Token]) -> tuple[str, int]:
        name, clearing = children
        if str(name) not in self._LANDMARKS:
            raise _bad(name, f"'{name}'", f"a landmark ({', '.join(self._LANDMARKS)})")
        return str(name), self._clearing(clearing)

    def hirelings_line(self, children: list[Any]) -> tuple[str, Any]:
        hirelings = tuple(c for c in children if isinstance(c, Hireling))
        setup = tuple(c for c in children if isinstance(c, Action))
        return "hirelings", (hirelings, setup)

    def pool_line(self, children: list[Token]) -> tuple[str, Any]:
        return "pool", self._letters(children[0])

    def _letters(self, token: Token) -> tuple[str, ...]:
        out = []
        for i, letter in enumerate(str(token)):
            if letter not in FACTIONS:
                where = Token("X", letter, line=token.line, column=(token.column or 1) + i)
                raise _bad(where, f"'{letter}'", f"a faction letter ({''.join(FACTIONS)})")
            out.append(letter)
        return tuple(out)

    # -------------------------------------------------------------- body

    def body(self, children: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"players": [], "turns": [], "winner": None}
        for child in children:
            if isinstance(child, Player):
                out["players"].append(child)
            elif isinstance(child, Turn):
                out["turns"].append(child)
            else:
                out["winner"] = child
        return out

    def player_line(self, children: list[Token]) -> Player:
        token = children[0]
        letter = _faction(Token("X", str(token)[0], line=token.line, column=token.column))
        return Player(letter, str(token)[2:].strip(), token.line or 0)

    def turn(self, children: list[Any]) -> Turn:
        start: Token = children[0]
        faction = _faction(Token("X", str(start)[0], line=start.line, column=start.column))
        actions = tuple(self._classify(a, faction) for a in children[1:])
        setup = faction not in self._seen
        self._seen.add(faction)
        return Turn(faction, start.line or 0, actions, setup)

    def winner_line(self, children: list[Token]) -> tuple[tuple[str, ...], int]:
        return self._letters(children[0]), children[0].line or 0

    def _classify(self, action: Action, faction: str) -> Action:
        """The faction-specific meaning of a board-slot form (``$_->3`` sets the
        Riverfolk's prices, ``$_->`` discards the Eyrie's decree)."""
        if type(action) is not SetSlot:
            return action
        owners = {s.owner or faction for s in action.slots}
        keys = {s.key for s in action.slots}
        owner = owners.pop() if len(owners) == 1 else None
        value = action.value
        pos = {"line": action.line, "column": action.column}
        cls: type[SetSlot] = SetSlot
        allowed: tuple[str, ...]
        if keys <= set(FACTIONS) and owner in ("V", "G"):
            cls, allowed = SetRelationship, _RELATION_VALUES
        elif owner == "O" and keys <= set(_PRICE_KEYS):
            cls, allowed = SetPrice, ("1", "2", "3", "4")
        elif keys == {"f"}:  # only the Riverfolk have funds (removed on others' turns too)
            cls, allowed = SetFunds, ()
        elif owner == "L" and keys <= {"o", "ho"}:
            cls, allowed = SetOutcast, ("B", "F", "M", "R")
        elif owner == "E" and keys == {""} and value is None:
            return DiscardDecree(action.slots, None, **pos)
        else:
            raise Bad(
                action.line,
                action.column,
                f"'{action}' on a turn of {faction}",
                "a board-slot form of the slot's faction: prices and funds (O), outcasts (L), "
                "relationships (V, G), the decree discarded (E)",
            )
        if (
            value is None
            or (allowed and value not in allowed)
            or (not allowed and not value.isdigit())
        ):
            shown = f"'{value}'" if value else "end of action"
            what = ", ".join(allowed) if allowed else "a number"
            raise Bad(
                action.line,
                action.column + len(str(action)) - len(value or ""),
                shown,
                f"{cls.kind} value ({what})",
            )
        return cls(action.slots, value, **pos)

    # ----------------------------------------------------------- actions

    @v_args(meta=True)
    def move(self, meta: Meta, children: list[Any]) -> Action:
        sides: tuple[Side | Group, ...] = children[0]
        dests: tuple[Location, ...] = children[1] if len(children) > 1 else ()
        pos = _pos(meta)
        flat = [s for side in sides for s in (side.members if isinstance(side, Group) else (side,))]
        things = [s.thing for s in flat]
        if all(isinstance(t, Slot) for t in things):
            return self._slot_set(meta, sides, dests)
        if all(isinstance(t, Path) for t in things) and not dests:
            if any(s.count is not None or s.start is not None for s in flat):
                raise _bad(meta, f"'{Move(sides, dests)}'", "a closed path written '<lo>_<hi>->'")
            return ClosePath(tuple(t for t in things if isinstance(t, Path)), **pos)
        for thing in things:
            if isinstance(thing, (Slot, Path)):
                raise _bad(
                    meta,
                    f"'{thing}'",
                    "pieces, cards or items (not mixed with a board slot or path)",
                )
        only_items = all(isinstance(t, Item) for t in things)
        for side in flat:
            self._check_location(side.start, meta, only_items)
        for written in sides:
            if isinstance(written, Group):
                self._check_location(written.start, meta, only_items)
        for dest in dests:
            self._check_location(dest, meta, only_items)
        return Move(sides, dests, **pos)

    def _check_location(self, where: Location | None, meta: Meta, items: bool) -> None:
        if where is None:
            return
        if where.kind in ("suit", "relation") or (where.kind == "item" and not items):
            raise _bad(meta, f"'{where}'", "a clearing, forest, hand, board or slot here")
        if where.kind == "clearing" and int(where.text) > 12:
            raise _bad(meta, f"'{where}'", "a clearing number (0-12)")

    def _slot_set(self, meta: Meta, sides: tuple[Any, ...], dests: tuple[Location, ...]) -> SetSlot:
        slots: list[Slot] = []
        for side in sides:
            if isinstance(side, Group):  # lenient mode has already read it as combined sides
                raise _bad(meta, f"'{side}'", "board slots combined with '+', not grouped")
            if side.count is not None or side.start is not None:
                raise _bad(meta, f"'{side}'", "a board slot written '[F]$_<key>'")
            slots.append(side.thing)
        if len(dests) > 1:
            raise _bad(meta, f"'{'+'.join(map(str, dests))}'", "one value for a board slot")
        value = str(dests[0]) if dests else None
        return SetSlot(tuple(slots), value, **_pos(meta))

    @v_args(meta=True)
    def hire(self, meta: Meta, children: list[Any]) -> Hire:
        hireling, board = children
        if board.kind != "board":
            raise _bad(meta, f"'{board}'", "a faction board '<F>$[n]' for the hireling")
        return Hire(hireling, board, **_pos(meta))

    def sides(self, children: list[Any]) -> tuple[Side | Group, ...]:
        out: list[Side | Group] = []
        for child in children:
            out.extend(child if isinstance(child, list) else [child])
        return tuple(out)

    @v_args(meta=True)
    def group(self, meta: Meta, children: list[Any]) -> Group | list[Side]:
        start = children[-1] if isinstance(children[-1], Location) else None
        members = tuple(c for c in children if isinstance(c, Side))
        group = Group(members, start)
        if all(isinstance(m.thing, Slot) for m in members):
            self._deviate(meta, "grouped-slots", str(group), "+".join(map(str, members)))
            return list(members)
        if len(members) == 1 and members[0].start is None:
            sides = list(group.sides())
            self._deviate(meta, "group-of-one", str(group), "+".join(map(str, sides)))
            return sides
        if any(m.start is not None for m in members):
            sides = list(group.sides())
            self._deviate(meta, "start-in-group", str(group), "+".join(map(str, sides)))
            return sides
        return group

    @v_args(meta=True)
    def member(self, meta: Meta, children: list[Any]) -> Side:
        count = int(children.pop(0)) if isinstance(children[0], Token) else None
        start = children[1] if len(children) > 1 else None
        thing = children[0]
        if count == 0:
            raise _bad(meta, "'0'", "a count of 1 or more")
        return Side(thing, count, start)

    def dests(self, children: list[Location]) -> tuple[Location, ...]:
        return tuple(children)

    @v_args(meta=True)
    def piece(self, meta: Meta, children: list[Any]) -> Piece:
        owner = (
            None
            if isinstance(children[0], Token) and children[0].type == "PIECE_TYPE"
            else children.pop(0)
        )
        kind, sub = str(children[0]), tuple(str(c) for c in children[1:])
        if kind == "r":
            written = str(Piece(owner, kind, sub))
            if len(sub) == 1 and sub[0] in _PIECE_TYPES:
                fixed = Piece(owner, sub[0], ("r",))
                self._deviate(meta, "swapped-sub", written, str(fixed))
                return fixed
            fixed = Piece(owner, "f", sub)
            self._deviate(meta, "raft", written, str(fixed))
            return fixed
        return Piece(self._owner(owner), kind, sub)

    def _owner(self, owner: Any) -> str | None:
        if owner is None or isinstance(owner, Hireling):
            return None if owner is None else str(owner)
        return _faction(owner)

    def card(self, children: list[Any]) -> Card:
        name = (
            str(children[-1])
            if children
            and isinstance(children[-1], Token)
            and children[-1].type in ("CARD_NAME", "AMBUSH")
            else None
        )
        if name is not None:
            children = children[:-1]
        if children and isinstance(children[0], tuple):
            return Card(children[0], name, grouped=True)
        return Card(((str(children[0]), 1),) if children else (), name)

    def suit_group(self, children: list[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
        return tuple(children)

    def suit_count(self, children: list[Token]) -> tuple[str, int]:
        if len(children) == 1:
            return str(children[0]), 1
        return str(children[1]), int(children[0])

    def item(self, children: list[Token]) -> Item:
        return Item(str(children[0]))

    def slot(self, children: list[Any]) -> Slot:
        owner = None
        if not (isinstance(children[0], Token) and children[0].type == "SLOT_MARK"):
            owner = self._owner(children.pop(0))
        return Slot(owner, str(children[1]) if len(children) > 1 else "")

    def path(self, children: list[Token]) -> Path:
        low, high = (self._clearing(c) for c in children)
        if low >= high:
            raise _bad(children[0], f"'{low}_{high}'", "a path written lower clearing first")
        return Path(low, high)

    def hireling(self, children: list[Token]) -> Hireling:
        return Hireling(str(children[0]), len(children) > 1)

    def _clearing(self, token: Token, lowest: int = 1) -> int:
        number = int(token)
        if not lowest <= number <= 12:
            raise _bad(token, f"'{token}'", f"a clearing number ({lowest}-12)")
        return number

    # locations
    def clearing(self, children: list[Token]) -> Location:
        if len(children) == 1:  # 0 is the burrow; a slot value may be any number
            return Location(
                "clearing", str(int(children[0])) if len(str(children[0])) < 6 else str(children[0])
            )
        numbers = [self._clearing(c) for c in children]
        if numbers != sorted(set(numbers)):
            raise _bad(
                children[0],
                f"'{'_'.join(map(str, numbers))}'",
                "a forest's clearings in ascending order",
            )
        return Location("forest", "_".join(map(str, numbers)))

    def hand(self, children: list[Any]) -> Location:
        return Location("hand", str(self._owner(children[0])))

    def board(self, children: list[Any]) -> Location:
        text = "$"
        if children and not (isinstance(children[0], Token) and children[0].type == "NUMBER"):
            text = f"{self._owner(children.pop(0))}$"
        return Location("board", text + (str(int(children[0])) if children else ""))

    def slot_location(self, children: list[Slot]) -> Location:
        return Location("slot", str(children[0]))

    def discard_pile(self, children: list[Any]) -> Location:
        return Location("discard", "*")

    def quests(self, children: list[Any]) -> Location:
        return Location("quests", "Q")

    def suit_value(self, children: list[Token]) -> Location:
        return Location("suit", str(children[0]))

    def item_area(self, children: list[Token]) -> Location:
        return Location("item", "".join(map(str, children)))

    def item_state(self, children: list[Token]) -> Location:
        return Location("item", str(children[0]))

    def relation_value(self, children: list[Token]) -> Location:
        return Location("relation", str(children[0]))

    @v_args(meta=True)
    def reveal(self, meta: Meta, children: list[Any]) -> Action:
        sides: tuple[Side | Group, ...] = ()
        if children and isinstance(children[0], tuple):
            sides = children.pop(0)
        target = children[0] if children else None
        pos = _pos(meta)
        if isinstance(target, Piece):  # a flip: `t4^t_r`, `Pt5^t_r`, `t10^t_2_t`
            if len(sides) != 1 or not isinstance(sides[0], Side) or not self._is_token(sides[0]):
                raise _bad(
                    meta, f"'{Move(sides)}'", "a token in a clearing before '^<token>' (a flip)"
                )
            return Flip(sides[0], target, **pos)
        for side in sides:
            things = side.members if isinstance(side, Group) else (side,)
            if not all(isinstance(s.thing, Card) for s in things):
                raise _bad(meta, f"'{side}'", "cards before '^' (a reveal)")
        return Reveal(sides, None, _faction(target) if target is not None else None, **pos)

    @staticmethod
    def _is_token(side: Side) -> bool:
        thing, start = side.thing, side.start
        return (
            isinstance(thing, Piece)
            and thing.kind == "t"
            and start is not None
            and start.kind in ("clearing", "forest")
        )

    @v_args(meta=True)
    def reveal_hand(self, meta: Meta, children: list[Any]) -> Reveal:
        revealer = self._owner(children[0])
        target = children[1] if len(children) > 1 else None
        if isinstance(target, Piece):
            raise _bad(meta, f"'{target}'", "a faction to reveal to")
        return Reveal((), revealer, _faction(target) if target is not None else None, **_pos(meta))

    @v_args(meta=True)
    def battle(self, meta: Meta, children: list[Any]) -> Battle:
        attacker = None
        if not (isinstance(children[1], Token) and children[1].type == "NUMBER"):
            attacker = self._owner(children.pop(0))
        defender = self._owner(children[0]) or ""
        clearing = self._clearing(children[1])
        ambushes = tuple(c for c in children[2:] if isinstance(c, str) and not isinstance(c, Token))
        roll = next((c for c in children[2:] if isinstance(c, tuple)), None)
        if len(ambushes) > 2:
            raise _bad(
                meta,
                f"'{ambushes[2]}@'",
                "at most two ambush cards (the defender's, then the attacker's)",
            )
        return Battle(attacker, defender, clearing, ambushes, roll, **_pos(meta))

    def ambush(self, children: list[Token]) -> str:
        return str(children[0])

    def roll(self, children: list[Token]) -> tuple[int, int]:
        return int(children[0]), int(children[1])

    @v_args(meta=True)
    def craft(self, meta: Meta, children: list[Any]) -> Craft:
        what = children[0]
        if isinstance(what, Item):
            if what.kind == "_":
                raise _bad(meta, "'%_'", "one item type to craft")
            return Craft(None, what.kind, **_pos(meta))
        return Craft(str(what), None, **_pos(meta))

    @v_args(meta=True)
    def score(self, meta: Meta, children: list[Any]) -> Score:
        faction = None
        if not (isinstance(children[0], Token) and children[0].type in ("GAIN", "LOSS")):
            faction = self._owner(children.pop(0))
        points = int(children[1]) if len(children) > 1 else None
        if points is not None and points > MAX_SCORE_CHANGE:
            # No rule moves a score marker this far at once; a bigger number is a
            # typo, and unchecked it would overflow the tables' 64-bit columns.
            raise _bad(children[1], f"'{points}'", f"a score change of at most {MAX_SCORE_CHANGE}")
        return Score(faction, points, children[0].type == "LOSS", **_pos(meta))

    @v_args(meta=True)
    def dominance(self, meta: Meta, children: list[Any]) -> Dominance:
        board = children[-1]
        # `++->$` is the player's own board (a dominance card), as `$` is elsewhere.
        if board.kind != "board" or len(board.text) > 2:
            raise _bad(meta, f"'{board}'", "a board '$' or '<F>$' for the VP marker")
        return Dominance(board, **_pos(meta))

    @v_args(meta=True)
    def expose(self, meta: Meta, children: list[Any]) -> Expose:
        corvid = _faction(children[0])
        guess = children[1]
        flip = children[2] if len(children) > 2 else None
        if not isinstance(guess, Side) or not self._is_token(guess):
            raise _bad(meta, f"'{guess}'", "a plot token in a clearing (a guess)")
        return Expose(corvid, guess, flip, **_pos(meta))

    @v_args(meta=True)
    def trick(self, meta: Meta, children: list[Side]) -> Trick:
        for side in children:
            if not self._is_token(side):
                raise _bad(meta, f"'{side}'", "a plot token in a clearing on each side of '<->'")
        return Trick(children[0], children[1], **_pos(meta))
