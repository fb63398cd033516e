"""Goofspiel: a small test-only game that proves the core contract."""
