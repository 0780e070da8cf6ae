"""Rootlog actions carried out on the board (:class:`~tmlog.games.root.board.Board`).

The notation says what moved where; this module says which board operation
that is (a placement, a build, a move, a removal, a card drawn or spent, an
item crafted...) and why each point was scored. The board checks the Law of
Root and reports what it changes as events (:mod:`tmlog.games.root.events`)
to the driver's :attr:`Driver.events`; a broken rule is reported there too, a
:class:`~tmlog.games.root.events.RuleBroken` with the action's position. In
strict mode the first one stops the replay (a located
:class:`~tmlog.games.root.errors.RootRuleError`); in lenient mode it is a
warning and the board follows the log regardless (see
:func:`~tmlog.games.root.lenient.follow`), so that one slip in a real log does
not hide the rest of the game. A breach
the log cannot prove (``RootRuleError.certain`` False: a hand's cards, a count
a slip already spoiled) is a note in either mode and stops nothing.

:class:`~tmlog.games.root.replayer.RootReplayer` walks a log through a
driver: :meth:`Driver.begin` a turn line, :meth:`Driver.act` each of its
actions, :meth:`Driver.end` it.
"""

from __future__ import annotations

from collections import Counter

from tmlog.games.root import funds, law
from tmlog.games.root.board import FUNDS, Board
from tmlog.games.root.cards import check_card
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.events import RootEvent, RuleBroken, TurnEnded
from tmlog.games.root.lenient import follow
from tmlog.games.root.maps import MAPS, Location, Suit, suits_for
from tmlog.games.root.notation import RootLog, Turn
from tmlog.games.root.notation.actions import (
    Action,
    Battle,
    ClosePath,
    Craft,
    DiscardDecree,
    Dominance,
    Flip,
    Move,
    Score,
    SetRelationship,
    Trick,
)
from tmlog.games.root.notation.atoms import Card, Item, Piece, Side
from tmlog.games.root.notation.atoms import Location as Where
from tmlog.games.root.pieces import FACTIONS, Faction
from tmlog.games.root.pieces import Item as ItemType
from tmlog.games.root.scoring import DEFAULT_SOURCE, OWN_LOSS, TRACK_SOURCE, WIN_VP, VpSource
from tmlog.games.root.shares import EXHAUSTED, HOSTILE, Holdings
from tmlog.games.root.unwritten import code_of, crosses_by_ferry, field_hospital, location, plot_at

_LETTERS = frozenset(f.value for f in Faction)


class Driver:
    """Carries one parsed log's turns out on a :class:`Board`."""

    def __init__(self, log: RootLog, *, lenient: bool = True) -> None:
        self.log = log
        self.lenient = lenient
        root_map = MAPS[log.map]
        suits = [Suit(s) for s in log.clearings] if log.clearings else None
        self.board = Board(root_map, [Faction(f) for f in log.factions], suits_for(root_map, suits))
        self.events: list[RootEvent] = []
        """What the replay changed and the rules the log broke, in order (the board
        reports to this list too); whoever reads them may empty it."""
        self.board.events = self.events
        self.relations: dict[tuple[Faction, Faction], str] = {}
        self._played: dict[str, int] = {}
        self._me = Faction.MARQUISE
        self._turn: Turn | None = None
        """The open turn, between :meth:`begin` and :meth:`end`."""
        self._last: Turn | None = None
        self._index = 0
        self._why: VpSource | None = None
        self._battle: tuple[Faction, int] | None = None
        """The defender and clearing of the mover's last battle this turn."""
        self._removed = 0
        """Enemy buildings and tokens the mover removed since its last point: the
        share of a point that is removal, the rest the Despot's or infamy."""
        self._holdings = Holdings()
        self._paid_riverfolk = False
        self._ferried = False
        """Whether the ferry has carried a move this turn (once per turn, LoR C.2.5)."""
        self._payments = False
        """Whether anything went into the Riverfolk's Payments since their last turn."""
        self._unproven: RootRuleError | None = None
        self._razed: Location | None = None
        self._dominance_suit: dict[Faction, Suit] = {}
        self._crafted_with: Counter[str] = Counter()
        """Crafting pieces used this turn, by suit letter (LoR 4.1.1: once a turn each)."""
        self._unscored_build: Action | None = None
        """The Marquise's own build this turn with no point written after it (LoR 6.5.4.III)."""
        self._action: Action | None = None
        # A hireling's pieces are those of its faction (Rootlog writes no other owner).
        self._hired = {h.kind for h in log.hirelings}
        self._boats: set[Faction] = set()
        """Factions that crafted Boat Builders: rivers are paths for them."""
        # Each ruin hides one item; with both Vagabonds, two (LoR 9.8.2: the
        # second Vagabond's items go under the ruins too).
        both = {"V", "G"} <= set(log.factions)
        self.ruin_items = dict.fromkeys(root_map.ruins, 2 if both else 1)

    # ------------------------------------------------------------------ walk

    def begin(self, index: int, turn: Turn) -> bool:
        """Open turn line ``index``: the rules of its start. False: the turn is
        left out (its faction has no player line), and so are its actions.

        Raises a located :class:`RootRuleError` for a breach in a strict replay.
        """
        self.board.position = (turn.line, 1)
        self._turn = None
        last, self._last = self._last, turn
        if turn.faction not in self.log.factions:
            self._broken(turn, None, RootRuleError("5.1", "has no player line"))
            return False
        self._me, self._turn, self._why = Faction(turn.faction), turn, None
        self._removed = 0
        self._battle = None
        if last is not None and last.faction == turn.faction and not (last.setup or turn.setup):
            # Play passes clockwise (LoR 2.4). After its setup turn a faction may
            # open play (the last to set up often goes first), so that is no breach.
            again = RootRuleError("2.4", f"{FACTIONS[self._me].name} takes a second turn in a row")
            self._broken(turn, turn.actions[0] if turn.actions else None, again)
        self._index = index
        if self._me is Faction.RIVERFOLK and not turn.setup:
            funds.protectionism(self.board, turn, self._payments)
            self._payments = False
        self._paid_riverfolk = False
        self._ferried = False
        self._razed = None
        self.board.mercenaries = None
        self._crafted_with.clear()
        self._unscored_build = None
        return True

    def act(self, action: Action) -> None:
        """Carry out one action of the open turn; a broken rule is an event
        (:class:`~tmlog.games.root.events.RuleBroken`), or in a strict replay a
        located :class:`RootRuleError`."""
        turn = self._turn
        assert turn is not None, "an action outside a turn"
        self.board.position = (action.line, action.column)
        self._unproven = None
        self._action = action
        try:
            self.action(action)
        except RootRuleError as e:
            self._broken(turn, action, e)
        if self._unproven is not None:
            self._broken(turn, action, self._unproven)

    def end(self) -> None:
        """Close the open turn: the rules of its end, then its
        :class:`~tmlog.games.root.events.TurnEnded`."""
        turn = self._turn
        assert turn is not None, "no turn to end"
        self._turn = None
        self.board.position = (turn.line, 1)
        if self._unscored_build is not None:
            # Every building after the first of its kind uncovers a track space
            # worth at least 1 VP (LoR 6.5.4.III); the turn wrote none after it.
            unscored = RootRuleError("6.5.4.III", "Marquise de Cat builds but scores no point")
            self._broken(turn, self._unscored_build, unscored)
        if self._me is Faction.RIVERFOLK and turn.setup:
            funds.starting_funds(self.board)
            self._payments = True
        rnd = 0 if turn.setup else self._played.get(turn.faction, 0) + 1
        if not turn.setup:
            self._played[turn.faction] = rnd
        vp = {f.value: n for f, n in self.board.vp.items()}
        self.events.append(TurnEnded(self._index, turn.line, turn.faction, rnd, vp))

    def _broken(self, turn: Turn, action: Action | None, e: RootRuleError) -> None:
        """Report a broken rule: an event, or in a strict replay the error, located."""
        line, col = (action.line, action.column) if action else (turn.line, 1)
        text = f"{turn.faction}:{action}" if action else f"{turn.faction}:"
        where = f"{self.log.source}:{line}:{col}: {text}"
        if self.lenient or not e.certain:
            message = f"{where}: {e.reason} (Law of Root {e.rule})"
            self.events.append(RuleBroken(e.rule, message, line, col, e.certain))
            return
        raise RootRuleError(e.rule, e.reason, position=where) from e

    # --------------------------------------------------------------- actions

    def action(self, action: Action) -> None:
        """Carry out one action (raises :class:`RootRuleError`)."""
        if isinstance(action, Move):
            # Every side is carried out; the first broken rule is reported.
            broken: RootRuleError | None = None
            for side in action.flat():
                try:
                    self._side(side, action)
                except RootRuleError as e:
                    if not self.lenient and e.certain:
                        raise
                    if broken is None or (e.certain and not broken.certain):
                        broken = e
            if broken is not None:
                raise broken
        elif isinstance(action, Score):
            self._score(action)
        elif isinstance(action, Craft):
            self._craft(action)
        elif isinstance(action, Battle):
            self._why = None
            self._fight(action)
        elif isinstance(action, Flip):
            owner = self._owner(action.token.thing)
            where = location(action.token.start, self._me)
            assert isinstance(action.token.thing, Piece)
            old, new = code_of(action.token.thing), code_of(action.to)
            self._why = VpSource.OTHER
            try:
                self.board.flip(owner, where, old, new)
            except RootRuleError:
                if self.lenient:  # the log has the new face there from now on
                    held = self.board.where(owner, old)
                    if held:  # the piece flipped, wherever the log left it
                        self.board.shift(owner, old, where if where in held else held[0], None)
                    follow(self.board, owner, new, None, where)
                raise
        elif isinstance(action, Trick):
            self._trick(action)
        elif isinstance(action, ClosePath):
            for p in action.paths:
                self.board.open_path(p.low, p.high)
            self._why = VpSource.CLOSED_PATH
        elif isinstance(action, Dominance):
            self._dominance(action)
        elif isinstance(action, SetRelationship):
            for slot in action.slots:
                other = Faction(slot.key)
                self.relations[(self._me, other)] = action.value or ""
            if action.value != HOSTILE:
                # Turned Hostile scores nothing; the battle's points stay its own (LoR 9.2.9.III).
                self._why = VpSource.RELATIONSHIP
        elif isinstance(action, DiscardDecree):
            # Turmoil ends Daylight: the next point is the Evening's roost (LoR 7.6.1).
            self._why = None
        # Prices, funds, outcasts, reveals, exposures and hirelings change no
        # piece the board follows.

    def _score(self, action: Score) -> None:
        won = [f for f, vp in self.board.vp.items() if vp >= WIN_VP]
        who = self._playing(Faction(action.faction)) if action.faction else self._me
        if who is not self._me:
            # The defender scoring for the mover's building or token it removed
            # in battle (LoR 3.2.1), or a card's effect.
            why = VpSource.REMOVAL if self._why is OWN_LOSS else VpSource.OTHER
        elif action.loss and FACTIONS[who].turmoil:
            # The Eyrie lose points on their own turn only in turmoil (LoR 7.7.1),
            # written before or after the Decree is purged (`--7/$_->`, `$_->/--5`).
            why = VpSource.TURMOIL
        elif self._why is None and self._holds_the_pass(who, action):
            why = VpSource.PASS
        else:
            why = self._why or DEFAULT_SOURCE.get(who, VpSource.UNKNOWN)
        if who is self._me and not action.loss:
            first = self._turn is not None and self._turn.actions[0] is action
            parts = self._holdings.shares(
                who, action.delta, why, removed=self._removed, first=first
            )
        else:
            parts = [(action.delta, why)]
        self._why = None
        self._removed = 0
        if who is Faction.MARQUISE and not action.loss:
            self._unscored_build = None
        broken: RootRuleError | None = None
        for points, source in parts:
            try:
                self.board.score(who, points, source)
            except RootRuleError as e:
                if not self.lenient:
                    raise
                # The log's points count, whatever rule they break.
                self.board.score(who, points, source, checked=False)
                broken = broken or e
        if broken is not None:
            raise broken
        if won:
            # The first to 30 wins at once (LoR 3.1); the log's later points still count.
            raise RootRuleError("3.1", f"{FACTIONS[won[0]].name} has already won with {WIN_VP} VP")

    def _holds_the_pass(self, who: Faction, action: Score) -> bool:
        """A point at the very end of a turn, for ruling the Pass (LoR C.3.4)."""
        tower = self.board.map.tower
        scores = [a for a in self._turn.actions if isinstance(a, Score)] if self._turn else []
        last = bool(scores) and scores[-1] is action
        return tower is not None and last and self.board.rules(who, tower)

    def _craft(self, action: Craft) -> None:
        if action.card is not None:
            check_card(action.card)
        # The card crafted leaves the hand (LoR 4.1); Rootlog does not write it.
        self._discard(self._me, 1)
        if action.card is not None and action.card.lower().startswith("boat"):
            self._boats.add(self._me)
        if action.item is not None:
            self._why = VpSource.CRAFT
            unpaid: RootRuleError | None = None
            try:
                law.pay_for(self.board, self._me, ItemType(action.item), self._crafted_with)
            except RootRuleError as e:
                if not self.lenient and e.certain:
                    raise
                unpaid = e  # the log's item is crafted all the same: reported after
            self.board.craft(self._me, ItemType(action.item))
            if unpaid is not None:
                raise unpaid
        elif action.card is not None:
            # An improvement or a card's effect: no item, no point for crafting it (LoR 3.2.2).
            self._holdings.crafted(self._me, action.card)

    def _fight(self, action: Battle) -> None:
        self._battle = (self._playing(Faction(action.defender)), action.clearing)
        actions = self._turn.actions if self._turn else ()
        rest = actions[actions.index(action) + 1 :]
        law.defender_stands(self.board, action, self._playing(Faction(action.defender)), rest)

    def _dominance(self, action: Dominance) -> None:
        partner = action.partner
        suit = self._dominance_suit.get(self._me, Suit.BIRD)
        try:
            if partner is None or partner == self._me.value:
                self.board.activate_dominance(self._me, suit)
            else:
                self.board.form_coalition(self._me, Faction(partner))
        except RootRuleError:
            if self.lenient:  # the log's marker moved: the game goes on with it there
                if partner is None or partner == self._me.value:
                    self.board.dominance[self._me] = suit
                else:
                    self.board.coalitions[self._me] = Faction(partner)
            raise

    def _trick(self, action: Trick) -> None:
        a, b = location(action.first.start, self._me), location(action.second.start, self._me)
        owner = self._owner(action.first.thing)
        codes = [plot_at(self.board, owner, a), plot_at(self.board, owner, b)]
        self.board.remove(owner, codes[0], a)
        self.board.remove(owner, codes[1], b)
        self.board.place(owner, codes[1], a)
        self.board.place(owner, codes[0], b)

    # ----------------------------------------------------------------- moves

    def _side(self, side: Side, move: Move) -> None:
        thing = side.thing
        if isinstance(thing, Card):
            self._cards(side, thing, move)
        elif isinstance(thing, Item):
            self._items(side, thing, move)
        elif isinstance(thing, Piece):
            if thing.kind == "f":
                self._ferry(side, move)
            else:
                self._pieces(side, thing, move)

    def _pieces(self, side: Side, piece: Piece, move: Move) -> None:
        owner, code, n = self._owner(piece), code_of(piece), side.number
        src = None if side.start is None else location(side.start, self._me)
        if (
            piece.owner is None
            and isinstance(src, str)
            and src[:1] in _LETTERS
            and src[:1] not in (self._me.value, "O")
        ):
            # `2wA$->` on an Eyrie turn: the Alliance's officers, written without
            # their owner; only the Riverfolk's box holds other factions' warriors.
            owner = Faction(src[0])
        self._playing(owner)
        if code == "p" and src is None and self.board.where(owner, "p"):
            src = self.board.where(owner, "p")[0]  # a pawn moves from where it stands
        unwritten = src is None and not move.dests and self._lost_in_battle(owner, code, n)
        if unwritten and self._battle is not None:
            # `XO8/Ot_m->`: by the letter a piece from the supply to the supply, which
            # is nothing; the defender's piece lost in the battle is meant.
            src = self._battle[1]
        dests: list[Location | None] = [location(d, self._me) for d in move.dests] or [None]
        ferry = any(isinstance(s.thing, Piece) and s.thing.kind == "f" for s in move.flat())
        # Each destination is carried out; the first broken rule is reported.
        broken: RootRuleError | None = None
        for dst in dests:
            try:
                self._piece_op(owner, code, n, src, dst, ferry, bare=piece.owner is None)
            except RootRuleError as e:
                if not self.lenient and e.certain:
                    raise
                follow(self.board, owner, code, src, dst, n)
                if broken is None or (e.certain and not broken.certain):
                    broken = e
        if broken is not None:
            raise broken
        if unwritten:
            raise RootRuleError(
                "4.3.3",
                f"a piece removed in battle with no clearing written: read as clearing {src},"
                " the battle's",
            )

    def _lost_in_battle(self, owner: Faction, code: str, n: int) -> bool:
        """Whether the defender of this turn's last battle has ``n`` of ``code`` in its clearing."""
        if self._battle is None or self._battle[0] is not owner:
            return False
        return self.board.pieces_at(self._battle[1]).get((owner, code), 0) >= n

    def _piece_op(
        self,
        owner: Faction,
        code: str,
        n: int,
        src: Location | None,
        dst: Location | None,
        ferry: bool,
        *,
        bare: bool = False,
    ) -> None:
        board, me = self.board, self._me
        setup = self._turn is not None and self._turn.setup
        if src is None and dst is None:
            return
        if src is None:
            assert dst is not None
            self._placed(owner, code, n, dst, setup)
        elif dst is None and funds.is_funds(board, me, owner, code, src, n, bare):
            funds.spend(board, owner, n)
        elif dst is None and FACTIONS[owner].revenge and code == "w" and me is not owner:
            # Revenge: Lizard warriors removed in defence become acolytes (LoR 10.2.5).
            board.transfer(owner, code, src, "L$", n)
        elif dst is None:
            if owner is me and code[0] in "bt" and self._why is None:
                self._why = OWN_LOSS
            if owner is not me and code[0] in "bt":
                self._why = VpSource.REMOVAL
                self._removed += n
            elif owner is not me and me.is_vagabond:
                self._why = VpSource.INFAMY
            if code[0] == "b" and isinstance(src, int):
                self._razed = src
            board.remove(owner, code, src, n)
        elif dst is not None and funds.is_funds(board, me, owner, code, src, n, bare):
            funds.spend(board, owner, n)
            board.place(owner, code, dst, n)
        elif field_hospital(board, me, owner, code, src, dst):
            board.transfer(owner, code, src, dst, n)
        elif code[0] in "wp" and isinstance(src, int | frozenset) and src != dst:
            if isinstance(dst, str):
                board.transfer(owner, code, src, dst, n)
            elif owner is not self._me and not self._paid_riverfolk and not ferry:
                # Another faction's warriors moved by a card (False Orders, a
                # Lizard or Duchy effect): along a path, whoever rules (LoR 4.2).
                if isinstance(src, int) and isinstance(dst, int):
                    rivers = FACTIONS[owner].swims
                    if not board.map.adjacent(src, dst, rivers=rivers, opened=board.opened):
                        raise RootRuleError("2.2.1", f"clearings {src} and {dst} are not adjacent")
                board.transfer(owner, code, src, dst, n)
            else:
                rivers = self._paid_riverfolk or FACTIONS[owner].swims or owner in self._boats
                ferry = ferry or crosses_by_ferry(board, src, dst, rivers, self._ferried)
                board.move(owner, n, src, dst, code=code, rivers=rivers, ferry=ferry)
                self._ferried = self._ferried or ferry
        else:
            board.transfer(owner, code, src, dst, n)

    def _placed(self, owner: Faction, code: str, n: int, dst: Location, setup: bool) -> None:
        board = self.board
        if dst == FUNDS:
            self._payments = True
        if dst == FUNDS and self._me is not Faction.RIVERFOLK:
            self._paid_riverfolk = True  # riverboats or mercenaries bought (LoR 11.2.7)
            board.mercenaries = self._me
        building = code[0] == "b" or (owner is Faction.RIVERFOLK and code.startswith("t_"))
        new_roost = owner is Faction.EYRIE and not any(
            isinstance(loc, int) for loc in board.where(owner, "b")
        )
        # Sanctify: a garden replaces the enemy building just removed (LoR 10.4.3.III).
        sanctify = owner is Faction.LIZARDS and dst == self._razed
        track = FACTIONS[owner].track
        if not setup and track and code.startswith(track) and isinstance(dst, int):
            self._why = TRACK_SOURCE[owner]
            if self._why is VpSource.MARQUISE_BUILDING and self._me is owner:
                self._unscored_build = self._action  # every building scores (6.5.4.III)
        if owner is Faction.MARQUISE and code == "t" and isinstance(dst, int) and not setup:
            law.wood_at_a_sawmill(board, dst)
        if sanctify and code.startswith("b_"):
            law.garden_matches(board, code, dst)
        if setup or not building or not isinstance(dst, int) or new_roost or dst == 0 or sanctify:
            board.place(owner, code, dst, n)
        else:
            for _ in range(n):
                board.build(owner, code, dst)

    def _ferry(self, side: Side, move: Move) -> None:
        dests = [d.clearing for d in move.dests if d.clearing is not None]
        if dests:
            self.board.ferry = dests[0]

    # ----------------------------------------------------------------- cards

    def _cards(self, side: Side, card: Card, move: Move) -> None:
        if card.name is not None:
            check_card(card.name)
        n = side.number * (sum(k for _, k in card.suits) if card.grouped else 1)
        written = str(card)
        start, dest = side.start, move.dests[0] if move.dests else None
        if start is not None and start.kind == "quests":
            self._why = VpSource.QUEST
        if card.name and dest is not None and dest.kind == "board" and start is None:
            self._why = self._holdings.to_board(self._me, card.name) or self._why
        if card.name and card.name.startswith("dom") and dest is not None and dest.kind == "board":
            suit = Suit(card.suits[0][0]) if card.suits else Suit.BIRD
            self._dominance_suit[self._me] = suit
        holder = Faction(start.text) if start is not None and start.kind == "hand" else None
        taker = Faction(dest.text) if dest is not None and dest.kind == "hand" else None
        if start is not None and start.kind == "discard" and taker is not None:
            self.board.draw(taker, n, card=written)
        elif holder is not None:
            self._discard(holder, n, written)
            if taker is not None:
                self.board.draw(taker, n, card=written)
                if self._me.is_vagabond and holder is self._me:
                    aid = self.relations.get((self._me, taker)) == "a"
                    self._why = VpSource.AID_ALLIED if aid else VpSource.RELATIONSHIP
        elif start is None:
            # `#->C+V`: a card drawn by each (dest means each, as for pieces).
            for d in move.dests:
                if d.kind == "hand":
                    self.board.draw(Faction(d.text), n, card=written)

    def _discard(self, faction: Faction, n: int, card: str = "") -> None:
        try:
            self.board.discard(faction, n, card=card)
        except RootRuleError as e:
            if e.certain:
                raise
            # Hidden from the log: noted after the action, which goes on.
            self.board.discard(faction, n, card=card, checked=False)
            self._unproven = self._unproven or e

    # ----------------------------------------------------------------- items

    def _items(self, side: Side, item: Item, move: Move) -> None:
        start, dest = side.start, move.dests[0] if move.dests else None
        if item.kind == ItemType.TORCH.value and dest is not None and dest.text == EXHAUSTED:
            # Explore: a torch exhausted in a ruin's clearing scores (LoR 9.5.3),
            # the item taken or not.
            self._why = VpSource.EXPLORE
        if start is not None and start.kind == "clearing":
            # An item from a ruin (LoR 9.5.3): Rootlog's ruins hold one item each.
            clearing = int(start.text)
            self._why = VpSource.EXPLORE
            left = self.ruin_items.get(clearing, 0) - 1
            if left > 0 and clearing in self.board.ruins:
                self.ruin_items[clearing] = left
            else:
                self.ruin_items.pop(clearing, None)
                self.board.remove_ruin(clearing)
        elif (
            start is not None
            and start.kind == "board"
            and dest is not None
            and dest.kind == "board"
            and item.kind != "_"
        ):
            src, dst = self._board_owner(start), self._board_owner(dest)
            if src is not dst and item.kind in {i.value for i in ItemType}:
                for _ in range(side.number):
                    self.board.take_item(src, dst, ItemType(item.kind))

    # --------------------------------------------------------------- helpers

    def _playing(self, faction: Faction) -> Faction:
        """``faction``, if it has a player line or is hired; else a breach (LoR 5.1)."""
        if faction.value in self.log.factions or faction.value in self._hired:
            return faction
        raise RootRuleError("5.1", f"{FACTIONS[faction].name} is not in this game")

    def _owner(self, thing: object) -> Faction:
        owner = getattr(thing, "owner", None)
        return Faction(owner) if owner else self._me

    def _board_owner(self, where: Where) -> Faction:
        letter = where.text.split("$")[0]
        return Faction(letter) if letter else self._me
