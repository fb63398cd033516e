"""Small helpers shared by the attack suite."""


def flat(text: str) -> str:
    """Console output with line wrapping undone, so a sentence can be looked for whole."""
    return " ".join(text.split())
