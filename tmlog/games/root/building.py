"""Where a faction may build: the build rules of each faction (LoR 6-11).

Split from :mod:`tmlog.games.root.board`, whose :meth:`Board.build
<tmlog.games.root.board.Board.build>` calls :func:`check_build` before it
places the piece.
"""

from __future__ import annotations

from tmlog.games.root.board_view import BoardView
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.maps import CLEARING_SUITS, Suit
from tmlog.games.root.pieces import FACTIONS, Faction


def check_build(
    board: BoardView, faction: Faction, code: str, clearing: int, *, at: str | None = None
) -> None:
    """Raise :class:`RootRuleError` unless ``faction`` may build ``code`` in ``clearing``.

    Marquise: a clearing she rules (LoR 6.5.4.II). Eyrie: a ruled clearing
    without a roost (7.5.2.IV). Alliance: a base in a sympathetic clearing
    of its suit (8.4.1.I). Lizard Cult: a garden matching a ruled clearing
    (10.5.1). Riverfolk: a trade post matching a clearing that someone
    rules and that has none yet (11.5.6.I, III).
    """
    ruler = board.ruler(clearing)
    suit_letter = code.rpartition("_")[2].upper()
    suited = code.startswith(("b_", "t_")) and suit_letter in {s.value for s in CLEARING_SUITS}
    if faction is Faction.RIVERFOLK:
        if ruler is None:
            raise RootRuleError("11.5.6.I", f"nobody rules clearing {clearing}", position=at)
    elif faction in (Faction.MARQUISE, Faction.EYRIE, Faction.LIZARDS) and ruler is not faction:
        rule = {Faction.MARQUISE: "6.5.4.II", Faction.EYRIE: "7.5.2.IV"}.get(faction, "10.5.1")
        raise RootRuleError(
            rule, f"{FACTIONS[faction].name} does not rule clearing {clearing}", position=at
        )
    if faction is Faction.EYRIE and board.count(faction, "b", clearing):
        raise RootRuleError("7.5.2.IV", f"clearing {clearing} has a roost already", position=at)
    if faction is Faction.ALLIANCE and not board.count(faction, "t", clearing):
        raise RootRuleError("8.4.1.I", f"clearing {clearing} is not sympathetic", position=at)
    if (
        suited
        and faction in (Faction.ALLIANCE, Faction.LIZARDS, Faction.RIVERFOLK)
        and (Suit(suit_letter) is not board.suit(clearing))
    ):
        rule = {Faction.ALLIANCE: "8.4.1.I", Faction.LIZARDS: "10.5.1"}.get(faction, "11.5.6.III")
        raise RootRuleError(
            rule,
            f"a {Suit(suit_letter).name.lower()} piece does not match "
            f"{board.suit(clearing).name.lower()} clearing {clearing}",
            position=at,
        )
