"""The names a Rootlog file may give a card: the decks', the quests', and the
cards of faction boards (leaders, characters, ministers, moods).

Rootlog writes a card by its name, lower case with no spaces or punctuation
(``#sappers``), or by an abbreviation its spec lists (``#sap``); the
abbreviations are Rootlog_V2.md's "Card Name Abbreviations" section, the
names those of the printed cards. A name in none of these is no card of the
game: a typo, or a card the log's author made up.

>>> known_card("sap"), known_card("sappers"), known_card("notarealcard")
(True, True, False)
"""

from __future__ import annotations

from tmlog.games.root.errors import RootRuleError


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


ABBREVIATIONS = _words(
    # Both decks, the Standard deck, the Exiles & Partisans deck, the quests.
    "@ dom armor bank brutal command cob codeb favor ffavor mfavor rfavor royal sap scout stand "
    "tax boat charm coffin cplans emi false part fpart rpart mpart inform league engrave murine "
    "prop sabo soup swap tun errand bandits bear escort funds speech guard logs shed"
)

DECK_CARDS = _words(
    # Both decks: ambushes, dominance and the item cards.
    "ambush dominance armstrader birdybindle crossbow woodlandrunners anvil foxfolksteel "
    "gentlyusedknapsack protectionracket roottea travelgear avisittofriends bakesale "
    "smugglerstrail investments mouseinasack sword "
    # The Standard deck's improvements and effects.
    "armorers brutaltactics royalclaim sappers standanddeliver taxcollector taxcollectors "
    "favorofthefoxes favoroftherabbits favorofthemice betterburrowbank cobbler commandwarren "
    "codebreakers scoutingparty "
    # The Exiles & Partisans deck's.
    "boatbuilders charmoffensive coffinmakers corvidplanners eyrieemigre falseorders partisans "
    "foxpartisans rabbitpartisans mousepartisans informants leagueofadventurousmice "
    "leagueofextraordinarymice masterengravers murinebroker murinebrokers propagandabureau "
    "saboteurs soupkitchens swapmeet tunnels "
    # Quests, by their names.
    "expelbandits fendoffabear fundraising giveaspeech guardduty logistics repairashed"
)

LEADERS = _words("builder charismatic commander despot")
"""The Eyrie's leaders (LoR 7.8)."""

MINISTERS = _words(
    "captain marshal foremole brigadier banker mayor duchessofmud baronofdirt earlofstone"
)
"""The Underground Duchy's ministers: swaying one scores (outside the seed)."""

BOARD_CARDS = _words(
    # Eyrie leaders; Vagabond characters; Duchy ministers; Lord of the Hundreds moods.
    "builder charismatic commander despot "
    "thief tinker ranger vagrant scoundrel arbiter adventurer ronin harrier "
    "captain marshal foremole brigadier banker mayor duchessofmud baronofdirt earlofstone "
    "bitter grandiose jubilant lavish relentless rowdy stubborn wrathful"
)


def known_card(name: str) -> bool:
    """Whether ``name`` (as written after ``#`` or ``Z``) names a card of Root."""
    name = name.lower()
    return name in ABBREVIATIONS or name in DECK_CARDS or name in BOARD_CARDS


def check_card(name: str) -> None:
    """A card's name, as written, must be a card of the game (LoR 2.1, Rootlog's names)."""
    if not known_card(name):
        raise RootRuleError("2.1", f"no card of Root is named '{name}'")
