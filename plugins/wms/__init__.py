"""Wobbly Model Syndrome (WMS): The Card Game, by Wim Goossens."""
