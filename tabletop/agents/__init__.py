"""Agents: anything that, given one seat's decision, returns an action (the protocol, the
decision and a bot's spec are :mod:`tabletop.core.decision`'s)."""
