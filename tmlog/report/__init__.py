"""Reports: events become one DataFrame; reporters are pure functions of it."""
