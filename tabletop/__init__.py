"""tabletop: a plugin-based engine for tabletop card games."""

__version__ = "0.1.0"
