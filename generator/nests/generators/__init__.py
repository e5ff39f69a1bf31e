"""Generators: build what gets printed (sheets, packets, the rulebook) as pages."""
