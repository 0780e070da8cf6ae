"""Root (Leder Games), from Rootlog notation."""
