"""How the lab's commands print and write reports and comparisons.

Not a command: ``report``, ``compare`` and ``sweep`` use it, never each other.
"""


from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from tabletop.cli.lab_options import print_json
from tabletop.core.errors import TabletopError
from tabletop.lab import html
from tabletop.lab.analysis import analyse
from tabletop.lab.compare import compare
from tabletop.lab.db import ResultsDB
from tabletop.lab.figures import share_bins
from tabletop.lab.report import Section, compare_sections, describe_run, labels_of
from tabletop.terminal.safe_text import plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime

HtmlOption = Annotated[
    Path | None, typer.Option("--html", help="Write one self-contained HTML file with the charts instead of the text report (sweep prints both).")
]
PngOption = Annotated[
    Path | None, typer.Option("--png-dir", help="Also save each chart as a PNG file in this folder.")
]


class ReportError(TabletopError):
    """A report cannot be made or written."""


#: The widest a column is kept for its longest word; a longer word is folded.
MOST_WORD = 16

#: A cell that reads as a figure: a count, a rate, an interval ("89.5% - 99.6%"), a mean.
FIGURE = re.compile(r"[-+]?[\d.,]+%?( - [-+]?[\d.,]+%?)?")


def justify(cells: Sequence[str]) -> str:
    """Figures line up on the right, names and labels on the left."""
    return "right" if cells and all(FIGURE.fullmatch(c) for c in cells) else "left"


def word_widths(section: Section, width: int) -> list[int | None]:
    """Each column wide enough for its longest word (a variant such as edition=2016 names the
    column), so lines break between words, not inside them; if the words cannot all fit in
    ``width``, none is held (the table folds, rather than being cut at the screen's edge)."""
    columns = section.columns
    longest = [
        min(MOST_WORD, max((len(w) for text in (c, *(row[i] for row in section.rows)) for w in text.split()), default=1))
        for i, c in enumerate(columns)
    ]
    if sum(longest) + 3 * len(columns) + 1 > width:
        return [None] * len(columns)
    return list(longest)


def print_sections(rt: Runtime, sections: Sequence[Section]) -> None:
    for section in sections:
        if section.rows:
            table = Table(title=plain(section.title), title_style="title")
            widths = word_widths(section, rt.output.console.width)
            for i, column in enumerate(section.columns):
                cells = [row[i] for row in section.rows]
                table.add_column(plain(column), justify=justify(cells), min_width=widths[i], overflow="fold")
            for row in section.rows:
                table.add_row(*(plain(cell) for cell in row))
            rt.output.print(table)
        else:
            rt.output.print(plain(section.title, style="title"))
        rt.output.print(plain(section.sentence))
        rt.output.print()


def write_html(rt: Runtime, path: Path, title: str, notes: list[str], sections: Sequence[Section],
               png_dir: Path | None) -> None:
    page = html.render(title, notes, sections, png_dir=png_dir)
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as error:
        raise ReportError(f"Cannot write {path}: {error.strerror}.") from None
    rt.output.print(plain(f"Report written to {path}"))


def comparison_of(store: ResultsDB, runs: Sequence[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    found = [store.run(r) for r in runs]
    if len(found) < 2:
        raise ReportError("Compare needs at least two runs, e.g. tabletop compare 3 4.")
    if len({r.game for r in found}) > 1:
        raise ReportError("Compare runs of the same game; these are of " + ", ".join(sorted({r.game for r in found})) + ".")
    analyses = [analyse(store, r) for r in found]
    share_bins(analyses)
    return analyses, compare(analyses)


def show_comparison(rt: Runtime, analyses: list[dict[str, Any]], comparison: dict[str, Any], *,
                    html_file: Path | None, png_dir: Path | None, as_json: bool, text_too: bool = False) -> None:
    """The comparison as JSON, as text, or written as an HTML file (``text_too``: also as text,
    for a sweep, whose runs have just been played)."""
    if as_json:
        print_json(rt, comparison)
        return
    sections = compare_sections(analyses, comparison)
    notes = [describe_run(a["run"]) for a in analyses]
    for note in notes:
        rt.output.print(plain(note, style="dim"))
    if text_too or not (html_file or png_dir):  # asked for a file: the file, not also the text
        print_sections(rt, sections[:1] + [Section(s.key, s.title, s.sentence) for s in sections[1:]])
    if html_file or png_dir:
        title = f"{analyses[0]['run']['game']}: " + " vs ".join(labels_of(analyses))
        write_html(rt, html_file or (png_dir / "compare.html"), title, notes, sections, png_dir)


