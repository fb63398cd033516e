"""One self-contained HTML file: styles, tables and charts (PNG, base64) inside, nothing fetched.

A content security policy forbids every network request, so the file opens the same
offline. A few lines of script mark the page once every chart has decoded (the
screenshot test reads that mark).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path

from tabletop.lab.report import Section

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 960px; margin: 2em auto; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { padding: 0.2em 0.6em; border-bottom: 1px solid #eee; text-align: right; }
th:first-child, td:first-child, th:nth-child(2), td:nth-child(2) { text-align: left; }
img.chart { display: block; max-width: 100%; }
p.what { margin: 0.3em 0 1em; } p.meta { color: #555; font-size: 0.9em; }
nav { font-size: 0.85em; line-height: 1.6; } a { color: #1f5fa0; }
"""

SCRIPT = """
window.addEventListener("load", function () {
  var charts = document.querySelectorAll("img.chart");
  var ok = 0;
  charts.forEach(function (img) { if (img.complete && img.naturalWidth > 0) { ok += 1; } });
  document.body.setAttribute("data-charts", charts.length + "/" + ok);
});
"""

CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"


def _table(section: Section) -> str:
    if not section.rows:
        return ""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in section.columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
                   for row in section.rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render(title: str, notes: Sequence[str], sections: Sequence[Section], *, png_dir: Path | None = None) -> str:
    """The page; with ``png_dir`` each chart is also written there as ``<key>.png``."""
    parts = []
    for section in sections:
        chart = ""
        if section.chart is not None:
            data = section.chart()
            if png_dir is not None:
                png_dir.mkdir(parents=True, exist_ok=True)
                (png_dir / f"{section.key}.png").write_bytes(data)
            alt = html.escape(section.title)
            chart = (f'<img class="chart" alt="{alt}" '
                     f'src="data:image/png;base64,{base64.b64encode(data).decode("ascii")}">')
        parts.append(f'<section id="{html.escape(section.key)}"><h2>{html.escape(section.title)}</h2>{chart}'
                     f'<p class="what">{html.escape(section.sentence)}</p>{_table(section)}</section>')
    meta = "".join(f'<p class="meta">{html.escape(n)}</p>' for n in notes)
    contents = " · ".join(f'<a href="#{html.escape(s.key)}">{html.escape(s.title)}</a>' for s in sections)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style><script>{SCRIPT}</script></head>"
        f'<body><h1>{html.escape(title)}</h1>{meta}<nav>{contents}</nav>{"".join(parts)}</body></html>\n'
    )
