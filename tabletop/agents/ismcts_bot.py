"""``ismcts`` as the registry offers it: its settings, their bounds, and the factory that reads
the game's search kit (its defaults) and the settings a person typed (which win)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tabletop.agents.belief import DEFAULT_FLOOR, DEFAULT_PARTICLES, Model, bot_model, policy_model
from tabletop.agents.ismcts import DEFAULT_DEPTH, DEFAULT_ITERATIONS, DEFAULT_TRUST, ISMCTSAgent
from tabletop.core.decision import BotSetting, BotSpec, SettingValue
from tabletop.core.errors import UnknownNameError
from tabletop.core.facets import SearchKit
from tabletop.engine.facet_hooks import search_kit

#: The most a person may give ismcts to think per decision: a minute, ten million searches.
MAX_SECONDS = 60.0
MAX_ITERATIONS = 10_000_000
MAX_DEPTH = 10_000

SETTINGS = (
    # Every setting is bounded: a record naming ismcts:time=100000 must not think for a day on resume,
    # and a setting read from a file is clamped to its bound with a sentence (BotSetting.parse).
    BotSetting("iterations", DEFAULT_ITERATIONS, "searches per decision (reproducible budget)", int, 1,
               MAX_ITERATIONS),
    BotSetting("time", None, "seconds per decision (stops at the first of time and iterations)", float, 0.001,
               MAX_SECONDS),
    BotSetting("depth", DEFAULT_DEPTH, "actions played out at most before the evaluation", int, 0, MAX_DEPTH),
    BotSetting("explore", 0.7, "UCB exploration constant", float, 0, 100),
    BotSetting("widen", 2.0, "progressive widening: branches grow as widen * sqrt(passes)", float, 0.1, 1000),
    BotSetting("trust", DEFAULT_TRUST, "with a game's guide: play the search's own move only if visited trust times as often as the guide's", float, 1.0,
               1_000_000),
    BotSetting("reuse", 1, "1: keep the tree between the seat's consecutive decisions, 0: do not", int, 0, 1),
    BotSetting("belief", 0, "worlds weighted by the others' play as modelled by 1: the game's rule-based bot "
               "(else the rollout policy), 2: the rollout policy, 0: uniform worlds (the default: see docs/search.md)",
               int, 0, 2),
    BotSetting("particles", DEFAULT_PARTICLES, "worlds the belief keeps between decisions", int, 1, 10_000),
    BotSetting("floor", DEFAULT_FLOOR, "the belief's share of probability spread over every legal action "
               "(a bluff never rules a world out)", float, 0.001, 1.0),
    BotSetting("workers", 1, "independent trees searched in that many processes, visits summed", int, 1, 64),
    BotSetting("regret", 0, "where several seats decide at once, each seat selects by 0: UCB, 1: regret matching", int, 0, 1),
    BotSetting("learn", 1, "1: expect the others to repeat what they were seen to choose, as far as they have "
               "(with a game's kit that names choices), 0: play them as the kit models them", int, 0, 1),
)


def rule_bot(hooks: Any, game: Any) -> Any:
    """The game's own rule-based bot (the first registered for it), or None."""
    register = getattr(hooks, "tabletop_register_bots", None)  # a bare caller of the search hooks: none
    if register is None:
        return None
    for found in register():
        for spec in found or ():
            if spec.game == game.name:
                return spec
    return None


def opponent_model(kind: int, hooks: Any, game: Any, kit: SearchKit, rng: random.Random) -> Model | None:
    """The belief's model of the other seats: ``kind`` 1 the rule-based bot, else the rollout policy."""
    if kind == 0:
        return None
    spec = rule_bot(hooks, game) if kind == 1 else None
    if spec is not None:
        return bot_model(spec.factory, game, rng)
    return policy_model(kit.rollout, rng) if kit.rollout is not None else None


def game_defaults(kit: SearchKit) -> dict[str, SettingValue]:
    """The kit's own defaults for the settings, checked like typed ones (a wrong name or value
    in a game's kit is the author's mistake: one sentence, at the first search)."""
    own = dict(kit.settings or {})
    known = {s.name: s for s in SETTINGS}
    for name, value in own.items():
        setting = known.get(name)
        if setting is None or name in ("iterations", "time"):
            raise UnknownNameError(f"The game's search kit sets '{name}', which is not an ismcts setting it may set "
                                   f"(one of {', '.join(n for n in known if n not in ('iterations', 'time'))}); "
                                   "set the budget with SearchKit(iterations=...).")
        own[name] = setting.parse("the game's search kit", str(value))
    return own


def agent_for(kit: SearchKit, values: Mapping[str, SettingValue], hooks: Any, game: Any,
              rng: random.Random) -> ISMCTSAgent:
    """The search for ``game`` with this kit and these typed settings (the kit's own defaults
    under them; its budget unless one is typed)."""
    chosen = {**game_defaults(kit), **values}
    timed = values.get("time")
    budget = values.get("iterations")
    if budget is None and timed is None:
        budget = kit.iterations or DEFAULT_ITERATIONS
    return ISMCTSAgent(
        rng, iterations=budget, time=timed,
        depth=int(chosen.get("depth", DEFAULT_DEPTH)),
        exploration=float(chosen.get("explore", 0.7)), widen=float(chosen.get("widen", 2.0)),
        reuse=bool(chosen.get("reuse", 1)), kit=kit,
        trust=float(chosen.get("trust", DEFAULT_TRUST)),
        model=opponent_model(int(chosen.get("belief", 0)), hooks, game, kit, rng),
        particles=int(chosen.get("particles", DEFAULT_PARTICLES)),
        floor=min(1.0, float(chosen.get("floor", DEFAULT_FLOOR))),
        workers=int(chosen.get("workers", 1)),
        regret=bool(chosen.get("regret", 0)),
        learn=bool(chosen.get("learn", 1)),
    )


def _configure(values: Mapping[str, SettingValue], hooks: Any):
    """A factory with these settings that asks the game's plugin for its search kit."""

    def make(game: Any, seat: int, rng: random.Random) -> ISMCTSAgent:
        return agent_for(search_kit(hooks, game), values, hooks, game, rng)

    return make


ISMCTS = BotSpec(
    "ismcts", _configure({}, None), game=None,
    help=f"Information-set Monte Carlo tree search with the game's evaluation, {DEFAULT_ITERATIONS} "
         "iterations a decision unless the game sets its own; settings: ismcts:time=0.5,iterations=2000,depth=12,explore=0.7,widen=2,trust=3,reuse=1,"
         "belief=0,particles=32,floor=0.1,workers=1,regret=0,learn=1.",
    settings=SETTINGS, configure=_configure,
)
