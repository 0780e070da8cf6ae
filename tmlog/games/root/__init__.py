"""Root (Leder Games), logged in Rootlog notation (spec V2.8 with the Keepers additions).

The notation side lives in :mod:`tmlog.games.root.notation` (grammar
``grammars/rootlog.lark``, typed actions that print back, lenient fixes);
:mod:`tmlog.games.root.replay` follows a parsed log and
:mod:`tmlog.games.root.game` plugs Root into tmlog's game seam.
"""
