"""Whether a log is JSON, told from its first characters without importing
:mod:`json` (a ledger or a command log needs none): the game JSON is read by
:mod:`.site_json`, only for a log that starts like one.
"""

from __future__ import annotations

GZIP_MAGIC = b"\x1f\x8b"

_SCALAR_STARTS = ("[", '"', "-", *"0123456789", "null", "true", "false")
"""How a JSON text that is not an object starts (no log does)."""


def looks_like_json(head: bytes | str) -> bool:
    """Whether a log starts like a JSON object (or is gzip-compressed).

    >>> looks_like_json(b'  {"ledger": []}'), looks_like_json("nomads: build A5")
    (True, False)
    """
    if isinstance(head, str):
        return head.lstrip("\ufeff \t\r\n").startswith("{")
    return head.startswith(GZIP_MAGIC) or head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def may_be_other_json(head: bytes | str) -> bool:
    """Whether a log starts like JSON that is not an object (a list, a string,
    a number, ``null``, ``true``, ``false``): :func:`.site_json.other_json` tells.

    >>> may_be_other_json("[]"), may_be_other_json("nomads: build A5")
    (True, False)
    """
    if isinstance(head, bytes):
        head = head.decode("utf-8", "replace")
    return head.lstrip("\ufeff \t\r\n").startswith(_SCALAR_STARTS)
