"""Terrain layouts of the maps, keyed by the reference engine's map id.

The id is the SHA-1 of the terrain string (colour words, ``x`` for river,
``E`` closing each row); :func:`tmlog.replay.board.Board.map_id` recomputes
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

MAPS: dict[str, tuple[str, str]] = {
    "126fe960806d587c78546b30f1a90853b1ada468": ("Original", ORIGINAL),
    "91645cdb135773c2a7a50e5ca9cb18af54c664c4": ("Original [2017 vp]", ORIGINAL),
    "be8f6ebf549404d015547152d5f2a1906ae8dd90": ("Fire & Ice Side 2", FIRE_ICE_2),
    "2afadc63f4d81e850b7c16fb21a1dcd29658c392": ("Fjords v2.1", FJORDS_2_1),
}
"""map id -> (display name, terrain string)."""

VP_VARIANTS: dict[str, str] = {"91645cdb135773c2a7a50e5ca9cb18af54c664c4": "original_2017"}
"""Maps that bring their own starting VP per faction."""

ORIGINAL_ID = "126fe960806d587c78546b30f1a90853b1ada468"
