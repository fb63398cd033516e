"""``tabletop report RUN`` and ``tabletop compare RUN RUN...``: tables here, charts in one HTML file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from tabletop.cli.lab_options import DbOption, open_db, print_json
from tabletop.cli.lab_output import HtmlOption, PngOption, comparison_of, print_sections, show_comparison, write_html
from tabletop.cli.params import JsonOption
from tabletop.lab.analysis import analyse
from tabletop.lab.report import describe_run, run_sections
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("report")
    @friendly(lambda: rt.output)
    def report(
        run: Annotated[str, typer.Argument(help="A run id from `tabletop runs`, or 'last'.")],
        db: DbOption = None,
        html_file: HtmlOption = None,
        png_dir: PngOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Win rates by seat and bot with 95% intervals, game lengths and the game's own statistics.

        Example: tabletop report last --html report.html
        """
        with open_db(db) as store:
            analysis = analyse(store, store.run(run))
        if as_json:
            print_json(rt, analysis)
            return
        sections = run_sections(analysis)
        note = describe_run(analysis["run"])
        rt.output.print(plain(note, style="dim"))
        if not (html_file or png_dir):  # asked for a file: the file, not also the text report
            print_sections(rt, sections)
        else:
            title = f"{analysis['run']['game']}: run {analysis['run']['id']}"
            write_html(rt, html_file or (png_dir / "report.html"), title, [note], sections, png_dir)

    @app.command("compare")
    @friendly(lambda: rt.output)
    def compare_runs(
        runs: Annotated[list[str], typer.Argument(help="Two or more run ids; the first is the baseline.")],
        db: DbOption = None,
        html_file: HtmlOption = None,
        png_dir: PngOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Every difference from the first run with its 95% interval and whether it is significant.

        Win rates: two-proportion z-test; means: Welch's t-test; all p-values of one comparison
        corrected together with Holm's method.

        Example: tabletop compare 3 4 --html compare.html
        """
        with open_db(db) as store:
            analyses, comparison = comparison_of(store, runs)
        show_comparison(rt, analyses, comparison, html_file=html_file, png_dir=png_dir, as_json=as_json)
