"""Reading a page `tmlog report` wrote, with the standard library's HTML parser only."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any


@dataclass
class Row:
    attrs: dict[str, str]
    cells: list[str] = field(default_factory=list)


@dataclass
class Page:
    tables: dict[str, list[Row]] = field(default_factory=dict)
    """Each table with an ``id``: its rows (head, body and foot), cells as text."""
    scripts: dict[str, str] = field(default_factory=dict)
    """Each ``<script>`` with an ``id``: its text."""
    links: list[dict[str, str]] = field(default_factory=list)
    """Every ``<a>``'s attributes and its text (under ``text``)."""
    ids: dict[str, str] = field(default_factory=dict)
    """Every element with an ``id``: its tag."""
    sources: list[str] = field(default_factory=list)
    """Every ``src`` and every ``<link href>``: what a browser would fetch."""
    text: str = ""

    def data(self) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(self.scripts["watch-data"])
        return loaded

    def rows(self, table: str) -> list[list[str]]:
        return [r.cells for r in self.tables[table]]


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._table: str | None = None
        self._row: Row | None = None
        self._cell: list[str] | None = None
        self._script: str | None = None
        self._link: dict[str, str] | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.page.ids[a["id"]] = tag
        if "src" in a or (tag == "link" and "href" in a):
            self.page.sources.append(a.get("src") or a["href"])
        if tag == "table" and "id" in a:
            self._table = a["id"]
            self.page.tables[a["id"]] = []
        elif tag == "tr" and self._table is not None:
            self._row = Row(a)
            self.page.tables[self._table].append(self._row)
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        elif tag == "script":
            self._script = a.get("id", "")
            self.page.scripts[self._script] = ""
        elif tag == "a":
            self._link = {**a, "text": ""}
            self.page.links.append(self._link)

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._table = None
        elif tag == "tr":
            self._row = None
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.cells.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "script":
            self._script = None
        elif tag == "a":
            self._link = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self.page.scripts[self._script] += data
            return
        self._text.append(data)
        if self._cell is not None:
            self._cell.append(data)
        if self._link is not None:
            self._link["text"] += data


def read_page(html: str) -> Page:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    reader.page.text = " ".join("".join(reader._text).split())
    return reader.page
