"""Options converted without pydantic give what Typer's pydantic conversion gives: the same value,
or the same sentence for a bad one."""

from pathlib import Path

import pytest

typer_coercion = pytest.importorskip("typer._coercion")
import typer.core  # noqa: E402
from typer._click.exceptions import BadParameter  # noqa: E402
from typer.models import OptionInfo  # noqa: E402

from tabletop.cli import coercion  # noqa: E402

CASES = [
    (int, {}, ["7", " 12 ", "-3", "abc", "1.5", "", 4, "1.0", "2.00", "1.", ".0", "1_000", "+5", "\u0661\u0662"]),
    (int, {"min": 1}, ["0", "1", "50", "x"]),
    (int, {"min": 0, "max": 10}, ["-1", "10", "11"]),
    (float, {}, ["0.25", "3", " 2.5 ", "inf", "x", "", 2, "1_0.5", "\u0661.5", "-1e-3"]),
    (float, {"min": 0.0}, ["-0.5", "0", "1e3"]),
    (float, {"min": 0.5, "max": 2}, ["0.25", "3", "1"]),
    (str, {}, ["hello", "", " spaced "]),
    (bool, {}, ["true", "False", "yes", "off", "1", "0", "", "maybe", True]),
    (Path, {}, ["some/file.json", ".", Path("x")]),
    (list[str], {}, [["a", "b"], []]),
    (list[int], {}, [["1", "2"], ["1", "z"]]),
]


def outcome(build, annotation, info, value):
    param = build(typer_coercion.resolve_type_descriptor(annotation, info))
    try:
        return "value", param._coerce_value(value, param=None, ctx=None)
    except BadParameter as error:
        return "refused", error.message


@pytest.mark.parametrize(("annotation", "bounds", "values"), CASES, ids=[str(c[0]) + str(c[1]) for c in CASES])
def test_plain_conversion_agrees_with_typers(annotation, bounds, values):
    coercion.install()
    for value in values:
        info = OptionInfo(**bounds)
        typers = outcome(typer_coercion.build_runtime_param, annotation, info, value)
        ours = outcome(typer.core.build_runtime_param, annotation, info, value)
        assert ours == typers, value
        assert type(ours[1]) is type(typers[1])
