"""How tunable values may move: copies together, declared orders, card counts only when allowed,
a cap on changes the optimisers respect, and the card file's own validation on every candidate."""

import pytest

from tabletop.core.carddata import load_toml
from tabletop.core.errors import CardDataError
from tabletop.core.tunables import declared, tunables_of, variant_game
from tabletop.engine.registry import build_registry
from tabletop.lab.ntbea import NTBEA
from tabletop.lab.optimisers import Space, make_optimiser

CARDS = """
[[part]]
id = "gen-3"
kind = "generator"
size = 3
cost = 3
count = 2

[[part]]
id = "gen-3+4"
kind = "generator"
size = 3
cost = 3
count = 1

[[part]]
id = "gen-4"
kind = "generator"
size = 4
cost = 4
count = 1

[[tunable]]
at = "part.*.cost"
delta = 2
together = ["kind", "size"]
order = { by = "size", within = ["kind"] }
"""


def tunables(tmp_path, text=CARDS):
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return declared(load_toml(path, variant=False), file=path)


def test_copies_of_one_part_move_together_and_count_once(tmp_path):
    t = tunables(tmp_path)
    assert t.groups == (("part.gen-3.cost", "part.gen-3+4.cost"), ("part.gen-4.cost",))
    changed = t.check({"part.gen-3.cost": 2}, source="x")
    assert changed == {"part.gen-3.cost": 2, "part.gen-3+4.cost": 2} and t.count(changed) == 1
    with pytest.raises(CardDataError, match="copies of one card and move together"):
        t.check({"part.gen-3.cost": 2, "part.gen-3+4.cost": 4}, source="x")


def test_a_larger_part_is_never_cheaper(tmp_path):
    t = tunables(tmp_path)
    with pytest.raises(CardDataError, match="'part.gen-3.cost' \\(5\\) must not be more than 'part.gen-4.cost' \\(4\\)"):
        t.check({"part.gen-3.cost": 5}, source="x")
    assert t.check({"part.gen-3.cost": 4}, source="x")  # equal is allowed


def test_card_counts_move_only_when_the_entry_says_so(tmp_path):
    counts = CARDS + '\n[[tunable]]\nat = "part.gen-4.count"\nchoices = [1, 2]\n'
    with pytest.raises(CardDataError, match="is a card count.*counts = true"):
        tunables(tmp_path, counts)
    t = tunables(tmp_path, counts.replace("choices = [1, 2]", "choices = [1, 2]\ncounts = true"))
    assert "part.gen-4.count" in t.by_address


def test_a_printed_order_that_is_broken_is_refused(tmp_path):
    with pytest.raises(CardDataError, match="printed data breaks its own order"):
        tunables(tmp_path, CARDS.replace("size = 4\ncost = 4", "size = 4\ncost = 2"))


def test_wind_up_declares_its_copies_and_orders():
    game = build_registry().game("windup_machines")
    t = tunables_of(game)
    assert ("part.gen-3.cost", "part.gen-3+3.cost", "part.gen-3+4.cost") in t.groups
    assert len(t.groups) < len(t.items) and t.rules.orders
    with pytest.raises(CardDataError, match="must not be more than"):
        variant_game(game, {"part.gen-4.cost": 2})  # cheaper than the size-3 generators
    built = variant_game(game, {"part.gen-4.cost": 5})
    assert built is not game


def test_a_wind_up_candidate_the_loader_refuses_is_refused():
    game = build_registry().game("windup_machines")
    with pytest.raises(CardDataError, match="green \\(3\\) must beat yellow \\(3\\)"):
        variant_game(game, {"part.gen-3.green[0]": 3})


def test_a_wind_up_side_with_no_number_is_refused_in_one_sentence_before_sides_are_compared(tmp_path):
    """Found by the card-data attack test: an empty green side failed inside the comparison."""
    from tabletop_games.windup_machines.cards import CARDS_FILE, load_cards

    broken = tmp_path / "cards.toml"
    broken.write_text(CARDS_FILE.read_text(encoding="utf-8").replace("green = [4]", "green = []", 1), encoding="utf-8")
    with pytest.raises(CardDataError, match="field 'green': expected \\[one number\\], got \\[\\]"):
        load_cards(broken)


def test_windup_war_refuses_ribbons_that_leave_a_colour_unplayable():
    game = build_registry().game("windupwar")
    blue = {"unit.sapper.ribbons": ["purple", "orange"], "unit.mech.ribbons": ["green"]}  # no unit carries blue
    with pytest.raises(CardDataError, match="no unit has a blue ribbon"):
        variant_game(game, blue)


def test_ntbea_never_asks_past_the_cap_nor_a_point_it_is_not_allowed():
    allowed = lambda p: p[0] <= p[1]  # noqa: E731 - an order, as a card file declares one
    search = NTBEA([4] * 6, seed=3, start=(1,) * 6, max_changed=2, allowed=allowed)
    for n in range(60):
        point = search.ask()
        assert sum(a != b for a, b in zip(point, (1,) * 6, strict=True)) <= 2 and allowed(point)
        search.tell(point, float(sum(point)) + n * 1e-3)


@pytest.mark.parametrize("name", ["ntbea", "tpe"])
def test_every_optimiser_respects_max_changes(name, tmp_path):
    if name != "ntbea":
        pytest.importorskip("optuna")
    game = build_registry().game("windup_machines")
    space = Space.of(tunables_of(game), max_changes=3)
    optimiser = make_optimiser(name, space, seed=1)
    for n in range(25):
        changes = optimiser.ask()
        assert space.count(changes) <= 3 and space.allowed(space.point(changes)), changes
        optimiser.tell(changes, 0.1 + 0.001 * n, space.count(changes))


def _games(first_seat_share: float, n: int = 200):
    from tabletop.lab.balance_objectives import GameSample

    wins = round(first_seat_share * n)
    return [([GameSample(i, (0,) if i < wins else (1,), 10, ((), ())) for i in range(n)], 2)]


class _Bench:
    """Plays nothing: the planted seat balance of each candidate; b without c breaks an order."""

    seed = 0

    def play(self, changes):
        if "unit.b.power" in changes and "unit.c.power" not in changes:
            raise CardDataError("x: 'unit.b.power' must not be more than 'unit.c.power'.")
        return _games(0.5 if "unit.a.power" in changes else 0.8)


def test_pruning_keeps_the_change_that_carries_the_gain_and_skips_what_the_rules_refuse(tmp_path):
    from tabletop.lab.balance_effects import prune
    from tabletop.lab.balance_objectives import Objective

    t = tunables(tmp_path, "".join(f'[[unit]]\nid = "{u}"\npower = 3\n\n' for u in "abc")
                 + '[[tunable]]\nat = "unit.*.power"\nrange = [1, 5]\n')
    start = {"unit.a.power": 4, "unit.b.power": 4, "unit.c.power": 4}
    out = prune(_Bench(), Objective(("seat-balance",)), start, t)
    assert out["pruned"] == {"unit.a.power": 4}
    assert [len(step["changes"]) for step in out["path"]] == [3, 2, 1]
    (only,) = out["contributions"]
    assert only["change"] == ["unit.a.power"] and only["contribution"] == pytest.approx(0.3)
