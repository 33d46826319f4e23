"""Whist's pages: Whist (a deal watched) and Play Whist (with its table component)."""
