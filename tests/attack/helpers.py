"""Small helpers shared by the attack suite."""


def flat(text: str) -> str:
    """Console output with line wrapping undone, so a sentence can be looked for whole."""
    return " ".join(text.split())


def squashed(text: str) -> str:
    """Console output with every space and line break taken out: a long path wrapped mid-word by
    the console is found whole."""
    return "".join(text.split())


def says(result_text: str, sentence: str) -> bool:
    """Whether ``sentence`` was printed, however the console wrapped it."""
    return squashed(sentence) in squashed(result_text)


def says_in_box(result_text: str, sentence: str) -> bool:
    """Whether ``sentence`` was printed in a usage error's box, whose borders split its lines."""
    return says(result_text.replace("│", " "), sentence)
