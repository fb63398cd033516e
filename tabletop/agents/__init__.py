"""Agents: anything that, given one seat's decision, returns an action."""

from tabletop.core.decision import Agent, BotSpec, Decision

__all__ = ["Agent", "BotSpec", "Decision"]
