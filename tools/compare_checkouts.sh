#!/bin/bash
# compare_checkouts.sh GAME SEATS ROUNDS SECONDS OLD_CHECKOUT [NEW_CHECKOUT=.]: random play through the game contract
# (tools/contract_run.py) run alternately with each checkout's .venv; prints medians, the ratios new/old and whether
# the first 20 seeded games are identical. Each checkout needs its own .venv with the project installed.
game=$1; seats=$2; rounds=${3:-5}; secs=${4:-1.5}; A=$(cd "$5" && pwd); B=$(cd "${6:-.}" && pwd)
out=$(mktemp)
for i in $(seq $rounds); do
  echo "A $($A/.venv/bin/python "$(dirname "$0")/contract_run.py" $game $seats $secs 0)" >> $out
  echo "B $($B/.venv/bin/python "$(dirname "$0")/contract_run.py" $game $seats $secs 0)" >> $out
done
python3 - "$out" "$game" <<'PY'
import json, sys, statistics as st
rows = {"A": [], "B": []}
for line in open(sys.argv[1]):
    k, js = line.split(" ", 1); rows[k].append(json.loads(js))
m = {k: {f: st.median(r[f] for r in v) for f in ("games", "decisions", "copy_apply")} for k, v in rows.items()}
print(sys.argv[2], "A", m["A"], "digest", rows["A"][0]["digest"])
print(sys.argv[2], "B", m["B"], "digest", rows["B"][0]["digest"])
print(sys.argv[2], "ratio B/A", {f: round(m["B"][f] / m["A"][f], 3) for f in m["A"]}, "identical" if rows["A"][0]["digest"] == rows["B"][0]["digest"] else "DIFFERENT games")
PY
