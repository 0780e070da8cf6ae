"""Root factions, pieces, supply limits and items against the Law of Root's setup rules."""

from __future__ import annotations

import pytest

from tmlog.games.root.pieces import FACTIONS, ITEM_SUPPLY, Faction, Item, Kind


def test_faction_letters_are_rootlogs() -> None:
    # Rootlog_V2.md § Factions.
    letters = {f.value: f for f in Faction}
    assert set(letters) == set("CEAVGLODPHK")
    assert letters["O"] is Faction.RIVERFOLK and letters["P"] is Faction.CORVIDS
    assert Faction.VAGABOND.is_vagabond and Faction.VAGABOND2.is_vagabond
    assert not Faction.RIVERFOLK.is_vagabond


@pytest.mark.parametrize(
    ("faction", "pool", "limit"),
    [
        (Faction.MARQUISE, "w", 25),  # LoR 6.3.1
        (Faction.MARQUISE, "t", 8),  # LoR 6.3.1: wood
        (Faction.MARQUISE, "t_k", 1),  # LoR 6.3.2: the keep
        (Faction.MARQUISE, "b_s", 1 + 5),  # LoR 6.3.4 one placed, 6.3.5 five on the track
        (Faction.MARQUISE, "b_w", 1 + 5),
        (Faction.MARQUISE, "b_r", 1 + 5),
        (Faction.EYRIE, "w", 20),  # LoR 7.3.1
        (Faction.EYRIE, "b", 1 + 6),  # LoR 7.3.2 one roost, 7.3.5 six on the track
        (Faction.ALLIANCE, "w", 10),  # LoR 8.3.1
        (Faction.ALLIANCE, "t", 10),  # LoR 8.2.5: ten sympathy tokens
        (Faction.ALLIANCE, "b_f", 1),  # LoR 8.3.2: three bases, one per suit
        (Faction.ALLIANCE, "b_m", 1),
        (Faction.ALLIANCE, "b_r", 1),
        (Faction.VAGABOND, "p", 1),  # LoR 9.3.2: the pawn
        (Faction.LIZARDS, "w", 25),  # LoR 10.3.1
        (Faction.LIZARDS, "b", 1 + 14),  # LoR 10.3.2 one garden, 10.3.4 fourteen more
        (Faction.RIVERFOLK, "w", 15),  # LoR 11.3.1
        (Faction.RIVERFOLK, "t", 9),  # LoR 11.3.3: nine trade posts
        (Faction.CORVIDS, "w", 15),  # LoR 13.3.1 (therootdatabase.com)
        (Faction.CORVIDS, "t", 8),  # LoR 13.2.2: eight plots, two of each of four types
    ],
)
def test_supply_limits(faction: Faction, pool: str, limit: int) -> None:
    assert FACTIONS[faction].limit(pool) == limit


def test_pools_group_pieces_of_one_limit() -> None:
    lizards, riverfolk = FACTIONS[Faction.LIZARDS], FACTIONS[Faction.RIVERFOLK]
    for suit in "frm":
        garden, post = lizards.piece(f"b_{suit}"), riverfolk.piece(f"t_{suit}")
        assert garden is not None and garden.pool == "b" and garden.kind is Kind.BUILDING
        assert post is not None and post.pool == "t" and post.kind is Kind.TOKEN
    corvids = FACTIONS[Faction.CORVIDS]
    assert dict(corvids.code_limits) == {"t_b": 2, "t_s": 2, "t_r": 2, "t_e": 2}


def test_unknown_pieces() -> None:
    assert FACTIONS[Faction.MARQUISE].piece("b_x") is None
    # Factions outside the seed take any code of a known kind (Keepers relics).
    relic = FACTIONS[Faction.KEEPERS].piece("t_3_j")
    assert relic is not None and relic.kind is Kind.TOKEN
    assert FACTIONS[Faction.KEEPERS].piece("q") is None
    assert FACTIONS[Faction.KEEPERS].limit("t_3_j") is None


def test_pieces_leaving_the_game() -> None:
    # LoR 6.2.2: a removed keep goes to the box; 11.2.5.I: so does a trade post.
    assert "t_k" in FACTIONS[Faction.MARQUISE].leave_game
    assert FACTIONS[Faction.RIVERFOLK].leave_game == {"t_f", "t_r", "t_m"}
    assert not FACTIONS[Faction.EYRIE].leave_game


def test_item_supply() -> None:
    # LoR 5.1.5: 2 boot, 2 bag, 1 crossbow, 1 hammer, 2 sword, 2 tea, 2 coin.
    assert dict(ITEM_SUPPLY) == {
        Item.BOOT: 2,
        Item.BAG: 2,
        Item.CROSSBOW: 1,
        Item.HAMMER: 1,
        Item.SWORD: 2,
        Item.TEA: 2,
        Item.COIN: 2,
    }
    assert sum(ITEM_SUPPLY.values()) == 2 + 2 + 1 + 1 + 2 + 2 + 2
    # Torches only come with Vagabonds and ruins (LoR 9.3.4-9.3.5), never the supply.
    assert Item.TORCH not in ITEM_SUPPLY
    # Rootlog_V2.md § Item Types.
    assert {i.value for i in Item} == set("sbcxhtrfu")
