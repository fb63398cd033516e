"""Bluff: a small test-only game of claims that may be false, the proving ground for search's beliefs."""
