"""Colours of terrains and factions, figure creation and saving."""

from __future__ import annotations

import contextlib
import logging
import os
import warnings
from collections.abc import Iterator
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.layout_engine import ConstrainedLayoutEngine
from matplotlib.transforms import Bbox

from tmlog.colors import TERRAIN_COLORS
from tmlog.errors import TmlogError

FACTION_TERRAIN = {
    "chaosmagicians": "red",
    "giants": "red",
    "nomads": "yellow",
    "fakirs": "yellow",
    "halflings": "brown",
    "cultists": "brown",
    "alchemists": "black",
    "darklings": "black",
    "swarmlings": "blue",
    "mermaids": "blue",
    "witches": "green",
    "auren": "green",
    "dwarves": "gray",
    "engineers": "gray",
    "icemaidens": "ice",
    "yetis": "ice",
    "acolytes": "volcano",
    "dragonlords": "volcano",
}
"""Each faction's home terrain (as the site colours them)."""

_SECOND_OF_COLOR = {
    "giants",
    "fakirs",
    "halflings",
    "alchemists",
    "mermaids",
    "auren",
    "dwarves",
    "yetis",
    "dragonlords",
}


def faction_color(faction: str) -> str:
    """The colour of a faction: its home terrain's (grey if unknown).

    >>> faction_color("witches"), faction_color("auren"), faction_color("shapeshifters")
    ('#40a040', '#40a040', '#b0b0b0')
    """
    return TERRAIN_COLORS.get(FACTION_TERRAIN.get(faction, ""), "#b0b0b0")


def faction_linestyle(faction: str) -> str:
    """Solid for one faction of each colour, dashed for the other (they share a colour)."""
    return "--" if faction in _SECOND_OF_COLOR else "-"


def contrast(color: str) -> str:
    """Black or white, whichever reads better on ``color`` (a ``#rrggbb`` string)."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def new_axes(width: float = 9, height: float = 5.5, *, ncols: int = 1) -> list[Axes]:
    """Axes of a new figure drawn by the Agg canvas (no display, no pyplot)."""
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, ncols, squeeze=False)[0]
    return list(axes)


def _label_boxes(figure: Figure) -> list[Bbox]:
    """Where the figure's tick labels and texts are drawn, with the coloured boxes
    some have (a faction's name), in pixels."""
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    boxes = []
    for ax in figure.axes:
        xlim, ylim = sorted(ax.get_xlim()), sorted(ax.get_ylim())
        labels = [t for t in ax.get_xticklabels() if xlim[0] <= t.get_position()[0] <= xlim[1]]
        labels += [t for t in ax.get_yticklabels() if ylim[0] <= t.get_position()[1] <= ylim[1]]
        for label in [*labels, *ax.texts, ax.title]:
            if not label.get_visible() or not label.get_text():
                continue
            boxes.append(label.get_window_extent(renderer))
            patch = label.get_bbox_patch()
            if patch is not None:
                boxes.append(patch.get_window_extent(renderer))
    return boxes


def fit(figure: Figure) -> None:
    """Lay the figure out so that every label lies inside it.

    The constrained layout leaves room for tick labels, but not for the box
    drawn around a faction's name, nor for a long name turned 30° that
    hangs left of the first bar ("chaosmagicians"): the part that would be
    cut off is measured and the axes are moved in by as much.
    """
    engine = figure.get_layout_engine()
    if not isinstance(engine, ConstrainedLayoutEngine):
        return
    figure.canvas.draw()
    width, height = figure.canvas.get_width_height()
    boxes = _label_boxes(figure)
    if not boxes:
        return
    margin = 4  # pixels
    left = max(0.0, margin - min(b.x0 for b in boxes)) / width
    bottom = max(0.0, margin - min(b.y0 for b in boxes)) / height
    right = max(0.0, max(b.x1 for b in boxes) - (width - margin)) / width
    top = max(0.0, max(b.y1 for b in boxes) - (height - margin)) / height
    if left or bottom or right or top:
        engine.set(rect=(left, bottom, 1 - left - right, 1 - bottom - top))
        figure.canvas.draw()


_NEEDS_TOOLS = frozenset({"pgf"})
"""Formats matplotlib writes only with an outside program (``pgf``: a LaTeX install)."""


def picture_formats() -> list[str]:
    """The formats a picture can be written in (``png``, ``svg``, ``pdf``, …):
    all that matplotlib writes by itself, named by their file suffix without
    the dot (not ``pgf``, which needs LaTeX; ``avif`` only if Pillow has it)."""
    formats = set(Figure().canvas.get_supported_filetypes()) - _NEEDS_TOOLS
    if "avif" in formats and not _pillow_has("avif"):
        formats.discard("avif")
    return sorted(formats)


def _pillow_has(feature: str) -> bool:
    from PIL import features

    try:
        return bool(features.check(feature))
    except ValueError:  # a Pillow too old to know the feature
        return False


_RASTER = {"avif", "gif", "jpeg", "jpg", "png", "raw", "rgba", "tif", "tiff", "webp"}


def save(figure: Figure, path: str | os.PathLike[str], *, name: str | None = None) -> None:
    """Write a figure to ``path``; the format comes from its suffix (see
    :func:`picture_formats`).

    ``name`` is the file the messages name, when ``path`` is a temporary file
    to be renamed to it. matplotlib's warnings (the PostScript writer's "does
    not support transparency" …) are kept quiet: the picture is written all
    the same, and a command's output is tmlog's.

    Raises:
        TmlogError: a suffix tmlog does not write, or the file cannot be written.
    """
    shown_as = name if name is not None else os.fspath(path)
    suffix = Path(path).suffix.lower().lstrip(".")
    formats = picture_formats()
    if suffix not in formats:
        shown = ", ".join("." + f for f in formats)
        raise TmlogError(
            f"{shown_as}: cannot write a picture as {suffix or 'no suffix'!r}; use one of {shown}"
        )
    with quiet_matplotlib():
        fit(figure)
        try:
            figure.savefig(path, dpi=150 if suffix in _RASTER else None, facecolor="white")
        except OSError as exc:
            raise TmlogError(f"{shown_as}: cannot write: {exc.strerror or exc}") from None
        except Exception as exc:  # a format whose writer fails here
            raise TmlogError(
                f"{shown_as}: matplotlib cannot write .{suffix} here: {type(exc).__name__}"
            ) from None


@contextlib.contextmanager
def quiet_matplotlib() -> Iterator[None]:
    """matplotlib's warnings and log messages kept off standard error meanwhile."""
    logger = logging.getLogger("matplotlib")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)
