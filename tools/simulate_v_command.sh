#!/bin/bash
# simulate_v_command.sh ROUNDS GAMES -- OTHER COMMAND...: `tabletop simulate` of 13-card Goofspiel (the test
# game, random v random, seed 1, results kept in a fresh database) run as a whole process alternately with
# OTHER COMMAND (which gets GAMES as its last argument), ROUNDS times; prints each side's median CPU time
# (user+sys) and wall time, the ratio of games per second by CPU and by wall, and the start-up of
# `simulate -n 1 --no-db`. Run it from the project's root with its .venv active. Example, against OpenSpiel:
#   tools/simulate_v_command.sh 7 20000 -- /path/to/venv-with-pyspiel/bin/python tools/spiel_goof.py
# A first run writes tabletop's bytecode, as a user's first run does (with PYTHONDONTWRITEBYTECODE set and no
# bytecode yet, every start would compile all of tabletop's modules again: about 0.08 s more start-up).
rounds=${1:?rounds}; games=${2:?games}; shift 2; [ "$1" = "--" ] && shift
out=$(mktemp); db=$(mktemp -d)
measure() { /usr/bin/time -f "$1 %U %S %e" -a -o "$out" "${@:2}" > /dev/null; }
env -u PYTHONDONTWRITEBYTECODE tabletop --plugin tests.goofspiel.plugin simulate goofspiel -n 1 --no-db > /dev/null
for i in $(seq "$rounds"); do
  rm -f "$db"/lab.sqlite3*
  measure tabletop tabletop --plugin tests.goofspiel.plugin simulate goofspiel -n "$games" --seats random,random \
    --seed 1 --db "$db/lab.sqlite3"
  measure other "$@" "$games"
  measure startup tabletop --plugin tests.goofspiel.plugin simulate goofspiel -n 1 --no-db
done
python3 - "$out" "$games" <<'PY'
import statistics as st, sys
rows = {}
for line in open(sys.argv[1]):
    name, user, system, wall = line.split()
    rows.setdefault(name, []).append((float(user) + float(system), float(wall)))
cpu = {k: st.median(c for c, _ in v) for k, v in rows.items()}
wall = {k: st.median(w for _, w in v) for k, v in rows.items()}
for k in rows:
    print(f"{k:8s} cpu {cpu[k]:.2f} s  wall {wall[k]:.2f} s  (medians of {len(rows[k])})")
print(f"tabletop games/s over the other's, {sys.argv[2]} games: {cpu['other'] / cpu['tabletop']:.2f}x by CPU, "
      f"{wall['other'] / wall['tabletop']:.2f}x by wall")
PY
rm -rf "$out" "$db"
