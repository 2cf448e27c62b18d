"""Collectors: one module per upstream source, the row models, the archive and the state store."""
