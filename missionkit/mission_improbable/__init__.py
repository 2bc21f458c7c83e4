"""Mission Improbable: content model, skill checks, D10 tables and the turn engine."""
