"""N random 13-card Goofspiel games through pyspiel (OpenSpiel's C++ game), a whole process: the other side of
``tools/simulate_v_command.sh``. Needs OpenSpiel (``pip install open_spiel``), which tabletop itself never does.

    python tools/spiel_goof.py GAMES [SEED]
"""

import random
import sys

import pyspiel

games = int(sys.argv[1])
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
game = pyspiel.load_game("goofspiel", {"num_cards": 13, "players": 2})
wins = [0, 0]
for _ in range(games):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(2)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    if returns[0] != returns[1]:
        wins[returns[1] > returns[0]] += 1
print(wins)
