"""Practice (`whot_core/practice.py`): what the mutants of `make mutation` showed untested."""
