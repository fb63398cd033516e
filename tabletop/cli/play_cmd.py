"""``tabletop play GAME``: hot-seat play for people and bots, narrated, saved as a record."""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.panel import Panel

from tabletop.agents.human import GameAbandoned, HumanAgent
from tabletop.cli.interrupts import EXIT_STATUS, Stopped, shielded, stops_as_exceptions
from tabletop.cli.output import Output, friendly
from tabletop.cli.params import GameArgument, OptionsOption
from tabletop.cli.safe_text import fmt
from tabletop.cli.saving import check_save_path
from tabletop.cli.seats import HUMAN, plan_seats, seat_names
from tabletop.core.errors import TabletopError
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
    path = folder / f"{game}-{stamp}-seed{seed}.json"
    number = 1
    while path.exists():  # the same game and seed again within a second: never replace it
        number += 1
        path = folder / f"{game}-{stamp}-seed{seed}-{number}.json"
    return path


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
        console.print(Panel(fmt("Pass the screen to [seat]{}[/]. Others, look away!", self.names[seat]), title="Hand over"))
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
            self.output.print(fmt("[dim]>[/] {}", event.render(self.names)))


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
        force: Annotated[bool, typer.Option("--force", help="Replace an existing record of this game at --save.")] = False,
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
        seed = seed if seed is not None else secrets.randbits(64)
        seat_list = seat_names(plans, names)
        path = save or default_record_path(found.name, seed)
        check_save_path(path, game=found.name, force=force)
        humans = [i for i, p in enumerate(plans) if p.kind == HUMAN]
        hot = HotSeat(rt.output, rt.ask, seat_list, humans)
        agents = [
            HumanAgent(console=rt.output.console, ask=rt.ask, names=seat_list) if p.kind == HUMAN
            else p.bot.factory(found, i, bot_rng(seed, i))
            for i, p in enumerate(plans)
        ]
        match = Match(
            found, agents, seed=seed, options=options, names=seat_list,
            agent_names=[p.kind for p in plans], pm=rt.registry.pm, on_plugin_error=rt.output.warn,
        )
        # The seed rebuilds every hidden card: it is shown only once the game is over.
        rt.output.print(fmt(
            "[title]{}[/] {} - " + ", ".join("[seat]{}[/] ({})" for _ in plans),
            found.title, found.version, *[x for n, p in zip(seat_list, plans, strict=True) for x in (n, p.kind)],
        ))
        result = play_saving(rt.output, match, path, hot)
        with shielded():  # saved before anything else can go wrong
            match.record.save(path)
        rt.output.print(render_end(found, match, result.outcome, seat_list))
        rt.output.print(fmt("Seed {}. Record saved to {} (replay it with `tabletop replay {}`).", seed, path, path))


def play_saving(output: Output, match: Match, path: Path, hot: HotSeat) -> Any:
    """Play to the end; however the game stops early (quit, Ctrl-C, SIGTERM, SIGHUP, an error),
    the game so far is saved at ``path`` first."""

    def save() -> None:
        with shielded():
            match.record.save(path)

    with stops_as_exceptions():  # still on while saving: a second SIGTERM is ignored, not fatal
        try:
            return match.play(on_event=hot.narrate, before_decision=hot.before_decision)
        except GameAbandoned as stop:
            save()
            output.print(fmt("[warning]{}[/] The game so far is saved in {}.", stop, path))
            raise typer.Exit(0) from None
        except (KeyboardInterrupt, Stopped) as stop:
            name = stop.name if isinstance(stop, Stopped) else "SIGINT"
            save()
            how = "Ctrl-C" if name == "SIGINT" else name
            output.print(fmt("[warning]Stopped by {}.[/] The game so far is saved in {}.", how, path))
            raise typer.Exit(EXIT_STATUS[name]) from None
        except TabletopError as error:
            save()
            raise TabletopError(f"{error} The game so far is saved in {path}.") from None
        except Exception as error:
            save()
            error.tabletop_saved = path  # type: ignore[attr-defined]  # the top-level handler says where
            raise
        except SystemExit:  # a plugin's code called sys.exit(): stop as asked, with the game kept
            save()
            output.print(fmt("[warning]Stopped by a plugin.[/] The game so far is saved in {}.", path))
            raise


def render_end(game: Game, match: Match, outcome: Outcome, names: list[str]) -> Any:
    from rich.console import Group

    return Group(
        game.render(game.view(match.state, None), names=names),
        Panel(fmt("{}", outcome_text(outcome, names)), title="Game over", style="ok"),
    )
