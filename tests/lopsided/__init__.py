"""Lopsided: a test-only game with a planted imbalance (one unit far too strong) for the balancer."""
