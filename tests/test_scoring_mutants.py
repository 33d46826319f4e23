"""The count (`engine/scoring.py`): what the mutants of `make mutation` showed untested."""
