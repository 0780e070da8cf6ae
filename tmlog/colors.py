"""The colours of Terra Mystica's terrains, shared by the pictures (:mod:`tmlog.plot`)
and ``tmlog report``'s pages: here, apart from matplotlib, so that a page
need not import it (two seconds and more of a report's three)."""

from __future__ import annotations

TERRAIN_COLORS = {
    "red": "#e04040",
    "green": "#40a040",
    "yellow": "#e0e040",
    "brown": "#a06040",
    "blue": "#2080f0",
    "black": "#000000",
    "gray": "#808080",
    "ice": "#d8ecf8",
    "volcano": "#f0a020",
}
"""Faction colours: the reference site's own (``stc/common.js``, ``colors``)."""

TERRAIN_FILLS = {
    "red": "#f08080",
    "green": "#80f080",
    "yellow": "#f0f080",
    "brown": "#b08040",
    "blue": "#60c0f0",
    "black": "#404040",
    "gray": "#c0c0c0",
    "ice": "#ffffff",
    "volcano": "#e8804a",
    "white": "#dcecf7",
}
"""Map hex fills: the site's lighter ``bgcolors`` (``white`` = river, drawn pale
blue), except ice (white) and volcano (orange), which stand apart better from
river and desert."""
