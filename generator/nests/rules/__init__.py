"""Rules engine: the game's procedures (derivation, dice, resolution, tables)."""
