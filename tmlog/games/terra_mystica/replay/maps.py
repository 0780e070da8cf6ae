"""Terrain layouts of the maps, keyed by the reference engine's map id.

Sources: the original map is in the reference engine (jsnell/terra-mystica);
the others come from public map data (LuKev/tm_server, lvandeve/tmai) and, for
Loon Lakes v1.5 and Fjords v2.0 which have no public copy, from a search over
the hex swaps between their neighbouring versions. Each is accepted only
because its SHA-1 equals the id. A map whose first row is the short one
starts with an empty row (a leading ``E``), so its hexes start at B1.

The id is the SHA-1 of the terrain string (colour words, ``x`` for river,
``E`` closing each row); :func:`tmlog.games.terra_mystica.replay.board.Board.map_id` recomputes
it, and the tests check every layout against its id.
"""

from __future__ import annotations

ORIGINAL = """\
brown gray green blue yellow red brown black red green blue red black E
yellow x x brown black x x yellow black x x yellow E
x x black x gray x green x green x gray x x E
green blue yellow x x red blue x red x red brown E
black brown red blue black brown gray yellow x x green black blue E
gray green x x yellow green x x x brown gray brown E
x x x gray x red x green x yellow black blue yellow E
yellow blue brown x x x blue black x gray brown gray E
red black gray blue red green yellow brown gray x blue green red E
"""

FIRE_ICE_2 = """\
brown gray green blue brown red brown black red blue green red black E
yellow x x yellow black x x yellow green x x yellow E
x x black x gray x green x black x red x x E
green blue yellow x x red blue x red x gray brown E
black brown red blue yellow brown green yellow x x green black red E
gray green x x black gray x x x brown gray yellow E
x x x gray x red x green x yellow black blue brown E
yellow blue brown x x x blue black x gray brown red E
blue black gray blue red green yellow brown gray x blue green gray E
"""

FJORDS_2_1 = """\
green black x brown yellow gray black gray yellow red black blue yellow E
blue brown x blue green red x x x x x brown E
gray green red x x brown x black gray brown yellow x gray E
x x x gray x x green red blue green red x E
red gray yellow x blue red x brown yellow gray brown x black E
black brown x green yellow green x gray blue green x gray E
yellow blue x black gray black blue x brown black x green red E
green x brown red brown yellow red x x x red blue E
black x x green blue gray blue x green yellow black brown yellow E
"""

FIRE_ICE_1 = """\
E
brown x brown black yellow x gray green red blue yellow blue E
red yellow x blue gray red x x x yellow brown black gray E
green black x x x brown green yellow x x x x E
yellow gray green yellow black x blue red brown x green blue green E
x x brown x x red black green gray x brown black E
green red x x green x x x brown blue x gray red E
gray x yellow gray blue red green x red gray x black E
black blue x black brown gray blue x yellow black x red blue E
gray green x red yellow black yellow x blue brown x brown E
"""

LOON_LAKES_1_3 = """\
E
green gray red green brown blue brown red x x green blue E
yellow black blue x x black yellow x green gray x black brown E
brown x x green red gray x black blue red x yellow E
blue red gray x yellow brown green x x yellow x red black E
green yellow x black blue x x red x blue gray brown E
gray x brown gray x yellow x gray x brown black green red E
red x x x red blue green black yellow x x blue E
yellow blue black x green gray brown x x gray green x gray E
black brown x blue x x x yellow red brown yellow black E
"""

LOON_LAKES_1_5 = """\
E
gray blue red brown yellow blue yellow red x x green blue E
yellow black green x x black brown x green gray x black brown E
brown x x green red gray x black blue red x yellow E
blue red gray x yellow brown green x x yellow x red black E
green yellow x black blue x x red x gray blue brown E
gray x brown gray x yellow x gray x brown black green red E
red x x x red green brown black yellow x x gray E
yellow blue black x blue gray blue x x gray green x blue E
black brown x green x x x green red brown yellow black E
"""

LOON_LAKES_1_6 = """\
E
gray blue red brown yellow blue yellow red x x green blue E
yellow black green x x black brown x green gray x brown black E
brown x x green red gray x black blue red x yellow E
blue red gray x yellow brown green x x yellow x black red E
green yellow x black blue x x red x gray green brown E
gray x brown gray x yellow x gray x brown black blue red E
red x x x red green brown black yellow x x gray E
yellow blue black x blue gray blue x x gray green x blue E
black brown x green x x x green red brown yellow black E
"""

FJORDS_1_0 = """\
green black x brown yellow gray black green yellow red blue red yellow E
blue brown x blue green red x x x x x brown E
gray green red x x brown x black gray brown yellow x gray E
x x x gray x x green red black blue green x E
red gray yellow x blue red x brown yellow gray brown x black E
black brown x green yellow green x gray blue green x red E
yellow blue x black gray black blue x brown black x green gray E
green x brown red brown yellow red x x x red blue E
black x x green blue gray blue x gray yellow brown black yellow E
"""

FJORDS_2_0 = """\
green black x brown yellow gray black green yellow red black blue yellow E
blue brown x blue green red x x x x x brown E
gray green red x x brown x black gray brown yellow x gray E
x x x gray x x green red blue green red x E
red gray yellow x blue red x brown yellow gray brown x black E
black brown x green yellow green x gray blue green x gray E
yellow blue x black gray black blue x brown black x green red E
green x brown red brown yellow red x x x red blue E
black x x green blue gray blue x gray yellow black brown yellow E
"""

MAPS: dict[str, tuple[str, str]] = {
    "126fe960806d587c78546b30f1a90853b1ada468": ("Original", ORIGINAL),
    "91645cdb135773c2a7a50e5ca9cb18af54c664c4": ("Original [2017 vp]", ORIGINAL),
    "be8f6ebf549404d015547152d5f2a1906ae8dd90": ("Fire & Ice Side 2", FIRE_ICE_2),
    "2afadc63f4d81e850b7c16fb21a1dcd29658c392": ("Fjords v2.1", FJORDS_2_1),
    "95a66999127893f5925a5f591d54f8bcb9a670e6": ("Fire & Ice Side 1", FIRE_ICE_1),
    "b8a54c8e8ea3f50867297da35be5c01b9a6791d2": ("Loon Lakes v1.3", LOON_LAKES_1_3),
    "c07f36f9e050992d2daf6d44af2bc51dca719c46": ("Loon Lakes v1.5", LOON_LAKES_1_5),
    "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1": ("Loon Lakes v1.6", LOON_LAKES_1_6),
    "224736500d20520f195970eb0fd4c41df040c08c": ("Fjords v1.0", FJORDS_1_0),
    "54919e13090127079e7cc3540ad0065311f2ecd7": ("Fjords v2.0", FJORDS_2_0),
}
"""map id -> (display name, terrain string)."""

VP_VARIANTS: dict[str, str] = {"91645cdb135773c2a7a50e5ca9cb18af54c664c4": "original_2017"}
"""Maps that bring their own starting VP per faction."""

ORIGINAL_ID = "126fe960806d587c78546b30f1a90853b1ada468"
