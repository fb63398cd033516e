"""Choosing a game and setting the table, for ``tabletop play`` with no game named.

Every installed game is listed alike, bundled or third-party: title, players, a summary (the
first paragraph of its rules) and its rules a key away. The table setup offers each seat as a
person or any bot that plays the game, names, every option with its allowed values, and a seed,
starting from what was chosen last time for that game.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from tabletop.core.board import board_for
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.options import Option as GameOption
from tabletop.engine.registry import Registry
from tabletop.engine.session import Session
from tabletop.engine.table import HUMAN, SeatSpec
from tabletop.screen.dialogs import Reading
from tabletop.screen.settings import last_table, remember_table
from tabletop.screen.text import players_range
from tabletop.terminal.for_players import rules_for_players

#: The chooser offers at most this many seats, whatever a game allows (Windup War's 16 included).
MOST_SEATS = 16


class Chooser(Screen[None]):
    BINDINGS = [
        Binding("r", "rules", "Rules"),
        Binding("escape,q", "leave", "Leave"),
    ]
    DEFAULT_CSS = """
    Chooser #games { width: 34; border: round $primary; }
    Chooser #about { width: 1fr; border: round $secondary; padding: 0 1; }
    """

    def __init__(self, registry: Registry, record_path: Callable[[str, int], Path]):
        super().__init__()
        self.registry = registry
        self.record_path = record_path
        self.games = [registry.games[name] for name in sorted(registry.games)]

    def compose(self) -> ComposeResult:
        with Horizontal():
            games = OptionList(*[Option(Text(f"{g.title}\n  {players_range(g)} players", no_wrap=True), id=g.name)
                                 for g in self.games], id="games")
            games.border_title = "Choose a game (Enter)"
            yield games
            yield Static(id="about")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#games", OptionList).focus()
        if self.games:
            self.describe(self.games[0])

    def current(self) -> Game | None:
        index = self.query_one("#games", OptionList).highlighted
        return None if index is None else self.games[index]

    def describe(self, game: Game) -> None:
        about = Text(f"{game.title}\n", style="bold")
        about.append(f"{players_range(game)} players · version {game.version}\n\n", style="dim")
        about.append(board_for(self.registry.pm, game).summary() or "No description.")
        about.append("\n\nEnter: set the table   r: read the rules", style="dim")
        self.query_one("#about", Static).update(about)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.describe(self.games[event.option_index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(TableSetup(self.registry, self.games[event.option_index], self.record_path))

    def action_rules(self) -> None:
        game = self.current()
        if game is not None:
            self.app.push_screen(Reading(f"{game.title}: rules", rules_for_players(game.rules_text() or "No rules text.")))

    def action_leave(self) -> None:
        self.app.exit(None)


class TableSetup(Screen[None]):
    """Who sits where, names, options and seed; Start begins the game."""

    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start")]
    DEFAULT_CSS = """
    TableSetup .row { height: 3; }
    TableSetup .row Label { width: 16; padding: 1 1 0 0; }
    TableSetup .row Select { width: 24; }
    TableSetup .row Input { width: 1fr; }
    TableSetup #seats { height: auto; }
    TableSetup .help { width: 1fr; padding: 1 0 0 1; color: $text-muted; }
    TableSetup #error { height: auto; color: $warning; }
    """

    def __init__(self, registry: Registry, game: Game, record_path: Callable[[str, int], Path]):
        super().__init__()
        self.registry = registry
        self.game = game
        self.record_path = record_path
        self.bots = registry.bot_names(game.name)
        self.last = last_table(game.name)
        own = [b.name for b in registry.bots if b.game == game.name]
        #: A seat added to the table gets the game's own bot (else random), not the first by name.
        self.default_bot = own[0] if own else ("random" if "random" in self.bots else (self.bots or [HUMAN])[0])
        kinds = [k for k in self.last.get("seats", []) if k == HUMAN or k in self.bots]
        if not self.game.min_players <= len(kinds) <= min(self.game.max_players, MOST_SEATS):
            kinds = [HUMAN] + [self.default_bot] * (game.min_players - 1)
        self.kinds = kinds

    def remembered(self, option: GameOption) -> object:
        """The option's value last time if the game still allows it, else its default."""
        value = self.last.get("options", {}).get(option.name, option.default)
        try:
            return option.check(value)
        except TabletopError:
            return option.default

    def compose(self) -> ComposeResult:
        high = min(self.game.max_players, MOST_SEATS)
        with VerticalScroll():
            yield Static(Text(f"{self.game.title}: set the table", style="bold"))
            with Horizontal(classes="row"):
                yield Label("Players")
                yield Select([(str(n), n) for n in range(self.game.min_players, high + 1)],
                             value=len(self.kinds), allow_blank=False, id="players")
            yield Vertical(id="seats")
            for option in self.game.options:
                with Horizontal(classes="row"):
                    yield Label(option.name)
                    value = self.remembered(option)
                    if option.choices or isinstance(option.default, bool):
                        choices = option.choices or (True, False)
                        if value not in choices:
                            value = option.default
                        yield Select([(str(c), c) for c in choices], value=value, allow_blank=False,
                                     id=f"option-{option.name}")
                    else:
                        yield Input(str(value), id=f"option-{option.name}")
                    yield Static(option.help, classes="help")
            with Horizontal(classes="row"):
                yield Label("Seed")
                yield Input(placeholder="blank: a random game", id="seed")
            yield Static(id="error")
            yield Button("Start", variant="primary", id="start")
        yield Footer()

    async def on_mount(self) -> None:
        await self.seat_rows(len(self.kinds))
        self.query_one("#players", Select).focus()  # the first thing to set; Tab goes on from it

    async def seat_rows(self, count: int) -> None:
        holder = self.query_one("#seats", Vertical)
        await holder.remove_children()
        names = self.last.get("names", [])
        options = [("person", HUMAN)] + [(b, b) for b in self.bots]
        rows = []
        for i in range(count):
            kind = self.kinds[i] if i < len(self.kinds) else self.default_bot
            name = names[i] if i < len(names) and isinstance(names[i], str) else ""
            rows.append(Horizontal(Label(f"Seat {i + 1}"),
                                   Select(options, value=kind, allow_blank=False, id=f"kind-{i}"),
                                   Input(name, placeholder="name", id=f"name-{i}"), classes="row"))
        await holder.mount_all(rows)

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "players":
            return
        kinds = []
        for i in range(MOST_SEATS):
            found = self.query(f"#kind-{i}")
            if not found:
                break
            kinds.append(str(found.first(Select).value))
        self.kinds = kinds
        if len(kinds) != int(event.value):
            await self.seat_rows(int(event.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_start(self) -> None:
        try:
            session, table = self.build()
        except TabletopError as error:
            self.query_one("#error", Static).update(Text(str(error)))
            return
        remember_table(self.game.name, table)
        self.app.start(session, board_for(self.registry.pm, self.game), self.record_path(self.game.name, session.seed))

    def build(self) -> tuple[Session, dict]:
        count = int(self.query_one("#players", Select).value)
        kinds = [str(self.query_one(f"#kind-{i}", Select).value) for i in range(count)]
        typed = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(count)]
        names = [typed[i] or (f"Player {i + 1}" if k == HUMAN else f"{k} {i + 1}") for i, k in enumerate(kinds)]
        options = {}
        for option in self.game.options:
            widget = self.query_one(f"#option-{option.name}")
            options[option.name] = widget.value
        seed_text = self.query_one("#seed", Input).value.strip()
        digits = seed_text.removeprefix("-")
        if seed_text and not (digits.isascii() and digits.isdigit()):
            shown = seed_text if len(seed_text) <= 20 else seed_text[:20] + "..."
            raise TabletopError(f"The seed is a whole number, not '{shown}'.")
        seed = int(seed_text) if seed_text else secrets.randbits(64)
        seats = [SeatSpec(n, k, None if k == HUMAN else self.registry.bot(self.game.name, k))
                 for n, k in zip(names, kinds, strict=True)]
        resolved = self.game.resolve_options({k: str(v) if isinstance(v, str) else v for k, v in options.items()})
        session = Session(self.game, seats, seed=seed, options=resolved, pm=self.registry.pm)
        return session, {"seats": kinds, "names": typed, "options": resolved}
