"""``tabletop play GAME``: hot-seat play for people and bots, narrated, saved as a record."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.panel import Panel

from tabletop.agents.human import GameAbandoned, HumanAgent
from tabletop.cli.output import Output, friendly
from tabletop.cli.params import GameArgument, OptionsOption
from tabletop.cli.seats import HUMAN, plan_seats, seat_names
from tabletop.core.game import Event, Game, Outcome
from tabletop.core.match import Match
from tabletop.core.simulate import bot_rng

if TYPE_CHECKING:
    from tabletop.cli.app import Runtime

RECORDS_ENV = "TABLETOP_RECORDS"

SeedOption = Annotated[int | None, typer.Option("--seed", help="Seed for all randomness; same seed, same game.")]


def default_record_path(game: str, seed: int) -> Path:
    folder = Path(os.environ.get(RECORDS_ENV) or Path.home() / ".local" / "share" / "tabletop" / "records")
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return folder / f"{game}-{stamp}-seed{seed}.json"


def outcome_text(outcome: Outcome, names: list[str]) -> str:
    if not outcome.winners:
        head = "No winner"
    elif len(outcome.winners) == 1:
        head = f"{names[outcome.winners[0]]} wins"
    else:
        head = "Shared win: " + ", ".join(names[w] for w in outcome.winners)
    scores = ""
    if outcome.scores is not None:
        scores = "  (" + ", ".join(f"{names[i]} {s:g}" for i, s in enumerate(outcome.scores)) + ")"
    return f"{head}: {outcome.reason}.{scores}"


class HotSeat:
    """Keeps seats' secrets apart at one screen: a hand-over page between different people,
    and narration of only what every person at the screen may see."""

    def __init__(self, output: Output, ask: Any, names: list[str], humans: list[int]):
        self.output = output
        self.ask = ask
        self.names = names
        self.humans = humans
        self.last: int | None = None

    def before_decision(self, seat: int, state: Any) -> None:
        if seat not in self.humans or len(self.humans) < 2 or seat == self.last:
            return
        self.last = seat
        console = self.output.console
        self._wipe()
        console.print(Panel(f"Pass the screen to [seat]{self.names[seat]}[/]. Others, look away!", title="Hand over"))
        try:
            self.ask(f"{self.names[seat]}, press Enter when ready ")
        except (EOFError, KeyboardInterrupt):
            raise GameAbandoned(f"{self.names[seat]} left the game.") from None
        self._wipe()

    def _wipe(self) -> None:
        """Clear the screen and the terminal's scrollback, where the last person's hand still is."""
        console = self.output.console
        console.clear()
        if console.is_terminal:
            console.file.write("\x1b[3J")
            console.file.flush()

    def narrate(self, event: Event) -> None:
        solo = self.humans[0] if len(self.humans) == 1 else None
        if event.visible_to is None or (solo is not None and event.visible(solo)):
            self.output.print(f"[dim]>[/] {event.render(self.names)}", highlight=False)


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("play")
    @friendly(lambda: rt.output)
    def play(
        game: GameArgument,
        seats: Annotated[
            str | None, typer.Option("--seats", "-s", help="Who sits where, clockwise: human or a bot name, comma-separated.")
        ] = None,
        players: Annotated[
            int | None, typer.Option("--players", "-n", help="Number of players: you, then bots (see --bot).")
        ] = None,
        bot: Annotated[str | None, typer.Option("--bot", help="The bot that fills the seats with --players.")] = None,
        names: Annotated[str | None, typer.Option("--names", help="Seat names, comma-separated.")] = None,
        seed: SeedOption = None,
        option: OptionsOption = None,
        save: Annotated[Path | None, typer.Option("--save", help="Where to save the game record (JSON).")] = None,
    ) -> None:
        """Play a game at this terminal, people and bots, clockwise in the order given.

        Example: tabletop play windupwar --seats human,tactician,tactician,random
        """
        found = rt.registry.game(game)
        options = found.parse_options(option or [])
        plans = plan_seats(rt.registry, found, seats=seats, players=players, bot=bot)
        warning = found.seat_warning(len(plans))
        if warning:
            rt.output.warn(warning)
        seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        seat_list = seat_names(plans, names)
        humans = [i for i, p in enumerate(plans) if p.kind == HUMAN]
        hot = HotSeat(rt.output, rt.ask, seat_list, humans)
        agents = [
            HumanAgent(console=rt.output.console, ask=rt.ask, names=seat_list) if p.kind == HUMAN
            else p.bot.factory(found, i, bot_rng(seed, i))
            for i, p in enumerate(plans)
        ]
        match = Match(
            found, agents, seed=seed, options=options, names=seat_list,
            agent_names=[p.kind for p in plans], pm=rt.registry.pm,
        )
        rt.output.print(
            f"[title]{found.title}[/] {found.version} - seed {seed} - "
            + ", ".join(f"[seat]{n}[/] ({p.kind})" for n, p in zip(seat_list, plans, strict=True))
        )
        path = save or default_record_path(found.name, seed)
        try:
            result = match.play(on_event=hot.narrate, before_decision=hot.before_decision)
        except GameAbandoned as stop:
            match.record.save(path)
            rt.output.print(f"[warning]{stop}[/] The game so far is saved in {path}.", highlight=False)
            raise typer.Exit(0) from None
        rt.output.print(render_end(found, match, result.outcome, seat_list))
        match.record.save(path)
        rt.output.print(f"Record saved to {path} (replay it with `tabletop replay {path}`).", highlight=False)


def render_end(game: Game, match: Match, outcome: Outcome, names: list[str]) -> Any:
    from rich.console import Group

    return Group(
        game.render(game.view(match.state, None), names=names),
        Panel(outcome_text(outcome, names), title="Game over", style="ok"),
    )
