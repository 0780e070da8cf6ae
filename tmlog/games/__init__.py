"""The games tmlog reads: each a package with its grammar, rules engine and records."""
