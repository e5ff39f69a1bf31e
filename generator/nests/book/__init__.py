"""Books as format-neutral document trees (``model``), read from many markups (``readers``)."""
