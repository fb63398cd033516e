import pytest

from tabletop_games.windupwar.game import WindupWar


@pytest.fixture(scope="session")
def game():
    return WindupWar()
