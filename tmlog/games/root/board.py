"""The state of a Root game's board, changed by small operations that check the rules.

A replay driver reads Rootlog actions and calls these operations; the board
knows nothing about the notation. Each change it makes to pieces, hands or
victory points is appended to :attr:`Board.events` as an event
(:mod:`tmlog.games.root.events`), placed at :attr:`Board.position`, which the
driver sets to the action it carries out. Each broken rule raises
:class:`~tmlog.games.root.errors.RootRuleError` naming its Law of Root number,
with the ``at`` position the caller passed (say ``"game.rootlog:12:7"``).

Locations are a clearing number (1-12; 0 is the Duchy's Burrow, as Rootlog
writes it), a forest (:data:`~tmlog.games.root.maps.Forest`) or a box named by
a string (``"A$"``: a faction board such as the Alliance's Officers or the
Riverfolk's Payments). Pieces are written as Rootlog codes (``"w"``,
``"b_s"``, ``"t_k"``); see :mod:`tmlog.games.root.pieces`.

>>> from tmlog.games.root.maps import FALL
>>> b = Board(FALL, [Faction.MARQUISE, Faction.EYRIE])
>>> b.place(Faction.EYRIE, "w", 1, 2)
>>> b.place(Faction.MARQUISE, "w", 1, 2)
>>> b.ruler(1)  # tied: the Eyrie, lords of the forest (LoR 7.2.2)
<Faction.EYRIE: 'E'>
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from tmlog.games.root.building import check_build
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.events import CardMoved, Flipped, Moved, Placed, Removed, RootEvent, Scored
from tmlog.games.root.maps import Location, Path, RootMap, Suit, path, suits_for
from tmlog.games.root.movement import check_way, describe
from tmlog.games.root.pieces import FACTIONS, ITEM_SUPPLY, Faction, Item, Kind, PieceType
from tmlog.games.root.scoring import (
    COALITION_MIN_PLAYERS,
    DOMINANCE_MIN_VP,
    VpSource,
)
from tmlog.games.root.snapshot import BoardSnapshot, snapshot_of

BURROW = 0
"""Rootlog writes the Underground Duchy's Burrow as clearing 0."""

FUNDS = f"{Faction.RIVERFOLK.value}$"
"""The Riverfolk's board: Rootlog puts their payments and funds there alike."""

STARTING_HAND = 3
"""Cards each player draws in setup (LoR 5.1.3)."""

ONE_PER_CLEARING = {
    # (faction, pool): rule that allows one such piece per clearing.
    (Faction.ALLIANCE, "t"): "8.2.5.I",  # one sympathy token
    (Faction.RIVERFOLK, "t"): "11.5.6.I",  # one trade post
    (Faction.CORVIDS, "t"): "13.2.2.II",  # one plot token
}


class Board:
    """Pieces on a map, supplies, hands, items and victory points of one game."""

    def __init__(
        self,
        root_map: RootMap,
        factions: Iterable[Faction],
        suits: Sequence[Suit] | None = None,
        *,
        hand: int = STARTING_HAND,
        events: list[RootEvent] | None = None,
    ) -> None:
        """A board at the start of setup: empty map, ruins in place, full supplies.

        ``suits`` are clearings 1-12's suits (a ``Clearings:`` line); the Fall
        map has printed ones. Each hand holds ``hand`` cards: every player
        draws three in setup (LoR 5.1.3), which Rootlog does not write.
        ``events`` is the list the board reports its changes to (a new one if None).
        """
        self.events: list[RootEvent] = [] if events is None else events
        """Every change made, in order (:mod:`tmlog.games.root.events`); whoever reads
        them may empty the list."""
        self.position: tuple[int, int] = (0, 0)
        """Line and column of the action being carried out: the events' ``line`` and ``col``."""
        self.map = root_map
        self.suits = suits_for(root_map, suits)
        self.factions = tuple(dict.fromkeys(factions))
        self._at: dict[Location, Counter[tuple[Faction, str]]] = {}
        self._gone: Counter[tuple[Faction, str]] = Counter()
        self._overdrawn: set[tuple[Faction, str]] = set()
        self.doubtful: set[Faction] = set()
        """Factions whose warrior or building count a slip of the log made wrong."""
        self.maybe_spent: Counter[Faction] = Counter()
        """Warriors per faction in the Riverfolk's box that a fund spent with no
        owner written (``2w$->``) could have been (LoR 11.5); the driver keeps it."""
        self.ruins: set[int] = set(root_map.ruins)  # LoR 5.1.4
        self.opened: set[Path] = set()
        self.ferry: int | None = root_map.ferry_start  # LoR C.2.1
        self.hands: dict[Faction, int] = dict.fromkeys(self.factions, hand)
        self.vp: dict[Faction, int] = dict.fromkeys(self.factions, 0)  # LoR 5.1.2
        self.vp_by_source: dict[Faction, Counter[VpSource]] = {f: Counter() for f in self.factions}
        self.item_supply: Counter[Item] = Counter(ITEM_SUPPLY)  # LoR 5.1.5
        self.crafted: dict[Faction, Counter[Item]] = {f: Counter() for f in self.factions}
        self.dominance: dict[Faction, Suit] = {}
        self.coalitions: dict[Faction, Faction] = {}
        self.mercenaries: Faction | None = None
        """A buyer of Riverfolk mercenaries this turn: they count Riverfolk
        warriors as their own for rule (LoR 11.2.7.III). The driver sets it."""

    # ----------------------------------------------------------------- queries

    def suit(self, clearing: int) -> Suit:
        """The suit of ``clearing``."""
        return self.suits[clearing - 1]

    def count(self, faction: Faction, code: str, where: Location) -> int:
        """How many of ``faction``'s ``code`` pieces stand at ``where``."""
        return self._at.get(where, Counter())[(faction, code)]

    def pieces_at(self, where: Location) -> Mapping[tuple[Faction, str], int]:
        """Every piece at ``where``: (faction, code) -> how many."""
        return MappingProxyType(+self._at.get(where, Counter()))

    def where(self, faction: Faction, code: str) -> list[Location]:
        """The locations holding at least one of ``faction``'s ``code`` pieces."""
        return [loc for loc, c in self._at.items() if c[(faction, code)] > 0]

    def supply(self, faction: Faction, pool: str) -> int | None:
        """Pieces of ``pool`` left in ``faction``'s supply, or None if unchecked (LoR 2.5)."""
        spec = FACTIONS[faction]
        limit = spec.limit(pool)
        if limit is None:
            return None
        used = sum(
            n
            for (f, code), n in self._all_pieces().items()
            if f == faction and self._pool(faction, code) == pool
        )
        gone = sum(
            n
            for (f, code), n in self._gone.items()
            if f == faction and self._pool(faction, code) == pool
        )
        return limit - used - gone

    def buildings_at(self, clearing: int) -> int:
        """Buildings of every faction in ``clearing`` (ruins not counted)."""
        return sum(n for (f, code), n in self.pieces_at(clearing).items() if code[0] == "b")

    def free_slots(self, clearing: int) -> int:
        """Open building slots: slots less ruins less buildings (LoR 2.2.3, 2.2.4)."""
        ruin = 1 if clearing in self.ruins else 0
        return self.map.slots_of(clearing) - ruin - self.buildings_at(clearing)

    def ruler(self, clearing: int) -> Faction | None:
        """Who rules ``clearing``, or None.

        Most warriors plus buildings rules; tokens and pawns do not count and
        a tie rules nobody (LoR 2.8). The Eyrie win ties where they have any
        of those pieces (7.2.2, Lords of the Forest); the Lizard Cult rule any
        clearing with a garden, over the Eyrie (10.2.4, Pilgrims).
        """
        pieces = self.pieces_at(clearing)
        for f, code in pieces:
            if code[0] == "b" and FACTIONS[f].gardens_rule:
                return f
        weight: Counter[Faction] = Counter()
        for (f, code), n in pieces.items():
            if code[0] in ("w", "b"):
                weight[f] += n
                if self.mercenaries and f is Faction.RIVERFOLK and code[0] == "w":
                    weight[self.mercenaries] += n
        if not weight:
            return None
        top = max(weight.values())
        tied = [f for f, n in weight.items() if n == top]
        if len(tied) == 1:
            return tied[0]
        lords = [f for f in tied if FACTIONS[f].wins_ties]
        return lords[0] if len(lords) == 1 else None

    def rules(self, faction: Faction, clearing: int) -> bool:
        """Whether ``faction`` rules ``clearing``."""
        return self.ruler(clearing) is faction

    # -------------------------------------------------------------- operations

    def place(
        self, faction: Faction, code: str, where: Location, n: int = 1, *, at: str | None = None
    ) -> None:
        """Take ``n`` pieces from ``faction``'s supply and put them at ``where``.

        Checks the supply (LoR 2.5: pieces are limited), open slots for
        buildings (2.2.3), the keep (6.2.2: only the Marquise place pieces in
        its clearing) and one-per-clearing tokens (8.2.5.I, 11.5.6.I, 13.2.2.II).
        """
        piece = self._piece(faction, code, at)
        left = self.supply(faction, piece.pool)
        if left is not None and left < n:
            # Once a log has put more of a pool on the map than the box holds, its
            # count of that pool is lost (a removal it left out, most often):
            # later shortfalls follow from the first and prove nothing new.
            first = (faction, piece.pool) not in self._overdrawn
            # Rootlog rarely says whose warriors the Riverfolk spend as funds
            # (LoR 11.5): warriors of this faction still in their box may have
            # been spent, so a shortfall they cover proves nothing.
            in_funds = min(self.count(faction, code, FUNDS), self.maybe_spent[faction])
            if n - max(0, left) <= in_funds:
                first = False
            else:
                self._overdrawn.add((faction, piece.pool))
                self.lost_count(faction, piece)
            raise RootRuleError(
                "2.5",
                f"{_name(faction)} has {max(0, left)} {piece.name} left in supply, not {n}",
                position=at,
                certain=first,
            )
        cap = FACTIONS[faction].code_limits.get(code)
        if cap is not None and self._on_board(faction, code) + n > cap:
            raise RootRuleError("13.2.2", f"only {cap} {piece.name} tokens exist", position=at)
        if isinstance(where, int) and where != BURROW:
            if faction is not Faction.MARQUISE and self.count(Faction.MARQUISE, "t_k", where):
                raise RootRuleError(
                    "6.2.2",
                    f"only the Marquise place pieces in the keep's clearing {where}",
                    position=at,
                )
            self._check_room(faction, piece, where, n, at)
        self._add(where, faction, code, n)
        self.events.append(Placed(faction.value, code, where, n, *self.position))

    def remove(
        self, faction: Faction, code: str, where: Location, n: int = 1, *, at: str | None = None
    ) -> None:
        """Take ``n`` of ``faction``'s ``code`` pieces off ``where`` into its supply.

        The keep and trade posts go back to the box instead (LoR 6.2.2,
        11.2.5.I). A Vagabond pawn cannot be removed from the map (2.5.4, 9.2.2).
        """
        piece = self._piece(faction, code, at)
        if piece.kind is Kind.PAWN and faction.is_vagabond:
            raise RootRuleError(
                "9.2.2", "the Vagabond pawn cannot be removed from the map", position=at
            )
        self._take(where, faction, code, n, at)
        if code in FACTIONS[faction].leave_game:
            self._gone[(faction, code)] += n
        self.events.append(Removed(faction.value, code, where, n, *self.position))

    def transfer(
        self,
        faction: Faction,
        code: str,
        src: Location,
        dst: Location,
        n: int = 1,
        *,
        at: str | None = None,
    ) -> None:
        """Carry pieces between locations without a move's checks (Field Hospitals,
        payments, officers, a relic carried along): the pieces must stand at
        ``src`` (LoR 2.5) and buildings need an open slot at ``dst`` (2.2.3)."""
        piece = self._piece(faction, code, at)
        self._take(src, faction, code, n, at)
        try:
            if isinstance(dst, int) and dst != BURROW:
                self._check_room(faction, piece, dst, n, at)
        except RootRuleError:
            self._add(src, faction, code, n)
            raise
        self._add(dst, faction, code, n)
        self.events.append(Moved(faction.value, code, src, dst, n, *self.position))

    def move(
        self,
        faction: Faction,
        n: int,
        src: Location,
        dst: Location,
        *,
        code: str = "w",
        rivers: bool = False,
        ferry: bool = False,
        at: str | None = None,
    ) -> None:
        """Move ``n`` warriors (or a pawn) from ``src`` to an adjacent ``dst`` (LoR 4.2).

        Clearings must be linked by a path (2.2.1) that is not closed (C.3.2);
        rivers count for the Riverfolk (11.2.2) or with ``rivers`` (riverboats,
        11.2.7.II); ``ferry`` carries the move from the ferry's clearing to
        another coastal clearing and the ferry along (C.2.5). The mover must
        rule the origin or the destination (4.2.1), except the Vagabonds
        (9.2.3), the Corvids (13.2.3) and the Riverfolk along a river (11.2.2).
        Pawns may go between a clearing and a forest it touches (9.4.2) or
        between adjacent forests (2.4.1). Moves to or from the Burrow are not
        checked for adjacency.
        """
        piece = self._piece(faction, code, at)
        if piece.kind not in (Kind.WARRIOR, Kind.PAWN) and not FACTIONS[faction].open_codes:
            raise RootRuleError(
                "4.2", f"a move carries warriors or a pawn, not a {piece.name}", position=at
            )
        check_way(self, faction, piece, n, src, dst, rivers=rivers, ferry=ferry, at=at)
        self._take(src, faction, code, n, at)
        self._add(dst, faction, code, n)
        self.events.append(Moved(faction.value, code, src, dst, n, *self.position))
        if ferry:
            self.ferry = dst if isinstance(dst, int) else self.ferry

    def build(self, faction: Faction, code: str, clearing: int, *, at: str | None = None) -> None:
        """Place a building (or a trade post) with the faction's build rule checked
        (:func:`~tmlog.games.root.building.check_build`), then :meth:`place`.
        Setup, the Eyrie's New Roost (7.4.3) and other placements without these
        conditions call :meth:`place` directly."""
        check_build(self, faction, code, clearing, at=at)
        self.place(faction, code, clearing, at=at)

    def flip(
        self, faction: Faction, where: Location, old: str, new: str, *, at: str | None = None
    ) -> None:
        """Turn one piece over where it stands: a Corvid plot (``t`` -> ``t_b``, LoR
        13.2.2.I) or a Keepers relic. Both codes must be sides of one piece kind,
        and a face shows no more often than the box allows (13.2.2)."""
        before, after = self._piece(faction, old, at), self._piece(faction, new, at)
        if before.pool != after.pool and not FACTIONS[faction].open_codes:
            raise RootRuleError(
                "2.5", f"{old!r} and {new!r} are not sides of one piece", position=at
            )
        cap = FACTIONS[faction].code_limits.get(new)
        if cap is not None and old != new and self._on_board(faction, new) + 1 > cap:
            raise RootRuleError("13.2.2", f"only {cap} {after.name} tokens exist", position=at)
        self._take(where, faction, old, 1, at)
        self._add(where, faction, new, 1)
        self.events.append(Flipped(faction.value, old, new, where, *self.position))

    def open_path(self, a: int, b: int, *, at: str | None = None) -> None:
        """Remove the closed path marker between ``a`` and ``b`` (LoR C.3.3)."""
        link = path(a, b)
        if link not in self.map.closed_paths or link in self.opened:
            raise RootRuleError(
                "C.3.3", f"no closed path {link[0]}_{link[1]} to remove", position=at
            )
        self.opened.add(link)

    def remove_ruin(self, clearing: int, *, at: str | None = None) -> None:
        """The last item taken from a ruin removes it (LoR 9.5.3), freeing its slot."""
        if clearing not in self.ruins:
            raise RootRuleError("2.2.4", f"no ruin in clearing {clearing}", position=at)
        self.ruins.discard(clearing)

    def craft(self, faction: Faction, item: Item | None = None, *, at: str | None = None) -> None:
        """Craft a card; an item comes from the supply to the faction's Crafted Items.

        A card whose item is not in the supply cannot be crafted (LoR 4.1.2).
        """
        if item is None:
            return
        if self.item_supply[item] < 1:
            raise RootRuleError(
                "4.1.2", f"no {item.name.lower()} left in the item supply", position=at
            )
        self.item_supply[item] -= 1
        self.crafted.setdefault(faction, Counter())[item] += 1

    def take_item(self, src: Faction, dst: Faction, item: Item, *, at: str | None = None) -> None:
        """Move an item from ``src``'s Crafted Items to ``dst`` (Vagabond Aid, LoR 9.5.4)."""
        if self.crafted.get(src, Counter())[item] < 1:
            raise RootRuleError(
                "9.5.4", f"{_name(src)} has no crafted {item.name.lower()}", position=at
            )
        self.crafted[src][item] -= 1
        self.crafted.setdefault(dst, Counter())[item] += 1

    def draw(self, faction: Faction, n: int = 1, *, card: str = "") -> None:
        """``faction`` draws ``n`` cards (LoR 2.1.2); ``card`` as the log writes it."""
        self.hands[faction] = self.hands.get(faction, 0) + n
        if n:
            self.events.append(CardMoved(faction.value, card, n, *self.position))

    def discard(
        self,
        faction: Faction,
        n: int = 1,
        *,
        card: str = "",
        checked: bool = True,
        at: str | None = None,
    ) -> None:
        """``faction`` spends or discards ``n`` cards from hand (LoR 2.1.3).

        Not ``checked``: as many as the hand holds, no rule checked (a lenient
        replay following a hand the log does not show).
        """
        before = self.hands.get(faction, 0)
        if checked:
            self._lose_cards(faction, n, "2.1.3", at)
            self.hands[faction] = before - n
        else:
            self.hands[faction] = max(0, before - n)
        if self.hands[faction] != before:
            self.events.append(
                CardMoved(faction.value, card, self.hands[faction] - before, *self.position)
            )

    def give(self, src: Faction, dst: Faction, n: int = 1, *, at: str | None = None) -> None:
        """``src`` gives ``n`` cards to ``dst`` (when a rule says so, LoR 1.3.2)."""
        self._lose_cards(src, n, "1.3.2", at)
        self.discard(src, n, checked=False)
        self.draw(dst, n)

    def score(
        self,
        faction: Faction,
        points: int,
        source: VpSource = VpSource.UNKNOWN,
        *,
        checked: bool = True,
        at: str | None = None,
    ) -> int:
        """Add ``points`` (negative to lose) to ``faction``'s VP, floored at 0 as Rootlog does.

        A faction with an activated dominance card or in a coalition no longer
        scores (LoR 3.3.1, 9.2.8), unless not ``checked`` (a lenient replay
        counting the log's points all the same). Returns the change made.
        """
        if checked and (faction in self.dominance or faction in self.coalitions):
            rule = "9.2.8" if faction in self.coalitions else "3.3.1"
            raise RootRuleError(
                rule, f"{_name(faction)} can no longer score victory points", position=at
            )
        before = self.vp.get(faction, 0)
        after = max(0, before + points)
        self.vp[faction] = after
        self.vp_by_source.setdefault(faction, Counter())[source] += after - before
        self.events.append(Scored(faction.value, after - before, source, *self.position))
        return after - before

    def activate_dominance(self, faction: Faction, suit: Suit, *, at: str | None = None) -> None:
        """Activate a dominance card: needs 10 VP (LoR 3.3.1); one card only (3.3.2)."""
        if faction in self.dominance or faction in self.coalitions:
            raise RootRuleError(
                "3.3.2", f"{_name(faction)} has activated a dominance card", position=at
            )
        if self.vp.get(faction, 0) < DOMINANCE_MIN_VP:
            raise RootRuleError(
                "3.3.1",
                f"{_name(faction)} has {self.vp.get(faction, 0)} VP, "
                f"not the {DOMINANCE_MIN_VP} a dominance card needs",
                position=at,
            )
        self.dominance[faction] = suit

    def form_coalition(self, vagabond: Faction, partner: Faction, *, at: str | None = None) -> None:
        """A Vagabond's dominance card makes a coalition with the lowest-scoring other
        player (LoR 9.2.8): four or more players, 10 VP (3.3.1), partner without an
        activated dominance card, ties for lowest allowed."""
        if not vagabond.is_vagabond:
            raise RootRuleError(
                "9.2.8", f"only a Vagabond forms coalitions, not {_name(vagabond)}", position=at
            )
        if len(self.factions) < COALITION_MIN_PLAYERS:
            raise RootRuleError(
                "9.2.8", f"coalitions need {COALITION_MIN_PLAYERS} players", position=at
            )
        self.activate_dominance(vagabond, Suit.BIRD, at=at)  # the 10 VP check
        del self.dominance[vagabond]
        if partner is vagabond or partner in self.dominance or partner in self.coalitions:
            raise RootRuleError(
                "9.2.8", f"{_name(partner)} cannot be a coalition partner", position=at
            )
        others = [
            self.vp.get(f, 0)
            for f in self.factions
            if f is not vagabond and f not in self.coalitions
        ]
        if others and self.vp.get(partner, 0) > min(others):
            raise RootRuleError(
                "9.2.8",
                f"{_name(partner)} has {self.vp.get(partner, 0)} VP, not the "
                f"lowest ({min(others)})",
                position=at,
            )
        self.coalitions[vagabond] = partner

    def shift(
        self, faction: Faction, code: str, src: Location | None, dst: Location | None, n: int = 1
    ) -> None:
        """Carry up to ``n`` pieces from ``src`` (None: the supply) and ``n`` to
        ``dst`` (None: the supply) with no rule checked; a lenient replay goes
        on through :func:`tmlog.games.root.lenient.follow`, which calls this."""
        if src is not None:
            held = self._at.get(src, Counter())
            taken = min(n, held[(faction, code)])
            held[(faction, code)] -= taken
            if taken > 0:
                self.events.append(Removed(faction.value, code, src, taken, *self.position))
        if dst is not None:
            self._add(dst, faction, code, n)
            if n > 0:
                self.events.append(Placed(faction.value, code, dst, n, *self.position))

    def lost_count(self, faction: Faction, piece: PieceType) -> None:
        """The log has shown ``faction``'s warriors or buildings miscounted (LoR 2.5)."""
        if piece.kind in (Kind.WARRIOR, Kind.BUILDING):
            self.doubtful.add(faction)

    def snapshot(self) -> BoardSnapshot:
        """A frozen summary of the board now (for ``replay --at`` and ``render``)."""
        return snapshot_of(self)

    def holdings(self) -> list[tuple[Location, Mapping[tuple[Faction, str], int]]]:
        """Every location that holds pieces, with its pieces."""
        return [(loc, MappingProxyType(+held)) for loc, held in self._at.items() if +held]

    # ---------------------------------------------------------------- helpers

    def _piece(self, faction: Faction, code: str, at: str | None) -> PieceType:
        piece = FACTIONS[faction].piece(code)
        if piece is None:
            raise RootRuleError("2.5", f"{_name(faction)} has no piece {code!r}", position=at)
        return piece

    def _pool(self, faction: Faction, code: str) -> str:
        piece = FACTIONS[faction].piece(code)
        return piece.pool if piece else code

    def _all_pieces(self) -> Counter[tuple[Faction, str]]:
        total: Counter[tuple[Faction, str]] = Counter()
        for held in self._at.values():
            total.update(held)
        return total

    def _on_board(self, faction: Faction, code: str) -> int:
        return self._all_pieces()[(faction, code)]

    def _check_room(
        self, faction: Faction, piece: PieceType, clearing: int, n: int, at: str | None
    ) -> None:
        if piece.kind is Kind.BUILDING and self.free_slots(clearing) < n:
            raise RootRuleError(
                "2.2.3",
                # Past a building the log put in a full clearing, still none open (not -1).
                f"clearing {clearing} has {max(0, self.free_slots(clearing))} open slots, not {n}",
                position=at,
            )
        rule = ONE_PER_CLEARING.get((faction, piece.pool))
        if rule is not None:
            here = sum(
                k
                for (f, code), k in self.pieces_at(clearing).items()
                if f is faction and self._pool(f, code) == piece.pool
            )
            if here + n > 1:
                raise RootRuleError(
                    rule, f"clearing {clearing} can hold only one {piece.name}", position=at
                )

    def _add(self, where: Location, faction: Faction, code: str, n: int) -> None:
        self._at.setdefault(where, Counter())[(faction, code)] += n

    def _take(self, where: Location, faction: Faction, code: str, n: int, at: str | None) -> None:
        held = self._at.get(where, Counter())
        if held[(faction, code)] < n:
            self._missing(faction, self._piece(faction, code, at), where, n, at)
        held[(faction, code)] -= n

    def _missing(
        self, faction: Faction, piece: PieceType, where: Location, n: int, at: str | None
    ) -> None:
        have = self.count(faction, piece.code, where)
        # The boards of factions outside the seed (the Duchy's ministers, ...)
        # are not followed: what their boxes hold the replay cannot tell.
        followed = not (isinstance(where, str) and FACTIONS[faction].open_codes)
        if followed:
            self.lost_count(faction, piece)
        raise RootRuleError(
            "2.5",
            f"{_name(faction)} has {have} {piece.name} at {describe(where)}, not {n}",
            position=at,
            certain=followed,
        )

    def _lose_cards(self, faction: Faction, n: int, rule: str, at: str | None) -> None:
        # Uncertain: Rootlog leaves out many draws (the Eyrie's and the
        # Alliance's extra draws, card effects such as Eyrie Emigre or
        # Informants), so a hand that looks empty may not be.
        if self.hands.get(faction, 0) < n:
            raise RootRuleError(
                rule,
                f"{_name(faction)} holds {self.hands.get(faction, 0)} cards, not {n}",
                position=at,
                certain=False,
            )


def _name(faction: Faction) -> str:
    return FACTIONS[faction].name
