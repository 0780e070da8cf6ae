"""Counts in words, for every message and title tmlog shows."""

from __future__ import annotations


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun it counts, singular for exactly one.

    >>> count(1, "ledger"), count(2, "ledger"), count(0, "divergence")
    ('1 ledger', '2 ledgers', '0 divergences')
    >>> count(1, "faction that dropped out", "factions that dropped out")
    '1 faction that dropped out'
    """
    return f"{n} {one if n == 1 else many or one + 's'}"
