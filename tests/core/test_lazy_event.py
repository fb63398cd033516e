"""Events: a slotted class that still behaves like the named tuple it replaced, and lazy
narration (LazyEvent: text made from the data on first read, the same text every time)."""

import copy
import pickle

from tabletop.core import Event
from tabletop.core.events import LazyEvent


def told(data):
    told.calls += 1
    return f"{{p{data['seat']}}} draws {data['count']} cards."


told.calls = 0


def test_a_lazy_event_makes_its_text_from_its_data_once_and_only_when_read():
    told.calls = 0
    event = LazyEvent("draw", told, {"seat": 1, "count": 3}, frozenset({1}))
    assert told.calls == 0
    assert event.text == "{p1} draws 3 cards." and event.text == "{p1} draws 3 cards."
    assert told.calls == 1
    assert event.render(["Ann", "Bo"]) == "Bo draws 3 cards."
    assert event.visible(1) and not event.visible(0) and not event.visible(None)


def test_a_lazy_event_equals_records_and_pickles_as_the_plain_event_with_its_text():
    plain = Event("draw", "{p1} draws 3 cards.", {"seat": 1, "count": 3}, frozenset({1}))
    lazy = LazyEvent("draw", told, {"seat": 1, "count": 3}, frozenset({1}))
    assert lazy == plain and plain == lazy
    assert lazy.to_dict() == plain.to_dict() == {
        "kind": "draw", "text": "{p1} draws 3 cards.", "data": {"seat": 1, "count": 3}, "visible_to": [1]}
    for back in (pickle.loads(pickle.dumps(lazy)), copy.deepcopy(lazy)):
        assert type(back) is Event and back == plain


def test_an_event_unpacks_compares_and_prints_like_the_named_tuple_it_was():
    event = Event("take", "{p0} takes a Knight.", {"card": "K"})
    kind, text, data, visible_to = event
    assert (kind, text, data, visible_to) == ("take", "{p0} takes a Knight.", {"card": "K"}, None)
    assert event == Event(kind="take", text="{p0} takes a Knight.", data={"card": "K"})
    assert event != Event("take", "{p1} takes a Knight.", {"card": "K"})
    assert hash(Event("pass", "{p0} passes.")) == hash(Event("pass", "{p0} passes."))
    assert repr(event) == "Event(kind='take', text='{p0} takes a Knight.', data={'card': 'K'}, visible_to=None)"
