"""The floor under ``tabletop simulate goofspiel``: 13-card Goofspiel as the shortest Python loop, with no
engine, record, statistics, database or command line, but the same seeded generators a simulated game
makes (the deal's, and one per bot) and the random bot's draws. Whatever the engine adds sits on top of it.

    python tools/goof_floor.py GAMES

Run it beside pyspiel as ``tools/simulate_v_command.sh``'s other command to see how much room the
engine has: ``tools/simulate_v_command.sh 5 20000 -- python tools/goof_floor.py``.
"""

import random
import sys

games = int(sys.argv[1])
wins = [0, 0]
for seed in range(1, games + 1):
    prizes = list(range(1, 14))
    random.Random(seed).shuffle(prizes)
    bots = [random.Random(f"bot:{seed}:{seat}").getrandbits for seat in (0, 1)]
    hands = [list(range(1, 14)), list(range(1, 14))]
    s0 = s1 = 0
    for prize in prizes:
        bids = []
        for seat in (0, 1):  # indexing beats zip() here: the floor should be the fastest loop we know
            hand, bits = hands[seat], bots[seat]
            n = len(hand)
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            bids.append(hand.pop(r))
        if bids[0] > bids[1]:
            s0 += prize
        elif bids[1] > bids[0]:
            s1 += prize
    if s0 != s1:
        wins[s1 > s0] += 1
print(wins)
