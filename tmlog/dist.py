"""The name tmlog is installed under, for messages that tell how to install an extra.

Its own module, below everything: the package's front door (:mod:`tmlog`)
re-exports it, and a module the front door reaches (the runner) needs it too.
"""

from __future__ import annotations

DIST_NAME = "tmlog-games"
"""The name tmlog is installed under (``pip install tmlog-games``): ``tmlog`` on
PyPI is an unrelated project. The import name and the command are ``tmlog``."""
