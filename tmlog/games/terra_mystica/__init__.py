"""Terra Mystica as played on terra.snellman.net: ledgers and command logs."""
