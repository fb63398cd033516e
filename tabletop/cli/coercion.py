"""Options converted without pydantic. Typer 0.2x converts every option's text through a pydantic
TypeAdapter, and importing pydantic and building the adapters was a third of a command's start-up.
Text, whole numbers (in a range or not), numbers, yes/no and paths (and lists of them) with no
parser or choices need none of it: they are converted here, with pydantic's own sentences for a bad
value, and paths are checked by Typer's own path check. Every other option goes through Typer as before."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args, get_origin


def _text(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _whole(value: Any) -> int:
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = _text(value).strip()
    whole, dot, zeros = text.partition(".")
    try:
        if not text.isascii():  # Python reads other scripts' digits; pydantic does not
            raise ValueError
        return int(whole if dot and zeros and not zeros.strip("0") else text)  # "2.0" is 2, as pydantic has it
    except ValueError:
        raise ValueError("Input should be a valid integer, unable to parse string as an integer") from None


def _number(value: Any) -> float:
    if isinstance(value, int | float):
        return float(value)
    text = _text(value).strip()
    try:
        if not text.isascii():
            raise ValueError
        return float(text)
    except ValueError:
        raise ValueError("Input should be a valid number, unable to parse string as a number") from None


TRUE = {"1", "on", "t", "true", "y", "yes"}
FALSE = {"", "0", "off", "f", "false", "n", "no"}


def _truth(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    word = _text(value).strip().lower()
    if word in TRUE or word in FALSE:
        return word in TRUE
    raise ValueError("Input should be a valid boolean, unable to interpret input")


CONVERT = {str: _text, int: _whole, float: _number, bool: _truth, Path: Path}


def _ranged(convert: Any, low: Any, high: Any) -> Any:
    """``convert``, then pydantic's sentence for a number out of range (which writes 0.0 as 0)."""
    shown = {b: (int(b) if isinstance(b, float) and b.is_integer() else b) for b in (low, high) if b is not None}

    def in_range(value: Any) -> Any:
        number = convert(value)
        if low is not None and number < low:
            raise ValueError(f"Input should be greater than or equal to {shown[low]}")
        if high is not None and number > high:
            raise ValueError(f"Input should be less than or equal to {shown[high]}")
        return number

    return in_range


def _plain(descriptor: Any) -> tuple[Any, bool] | None:
    """The converter of an option that needs no pydantic, and whether it takes a list."""
    info, annotation = descriptor.parameter_info, descriptor.annotation
    if descriptor.file_annotation is not None or info.parser is not None or getattr(info, "click_type", None):
        return None
    if info.clamp:
        return None
    many = get_origin(annotation) is list
    if many:
        inner = get_args(annotation)
        if len(inner) != 1:
            return None
        annotation = inner[0]
    convert = CONVERT.get(annotation)
    if convert is None or (info.path_type not in (None, Path) and annotation is Path):
        return None
    if info.min is not None or info.max is not None:
        if annotation not in (int, float):
            return None
        convert = _ranged(convert, info.min, info.max)
    return convert, many


def install() -> None:
    """Convert plain options plainly from now on (nothing to do for a Typer without pydantic)."""
    try:
        import typer.core as core
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam
        from typer._param_types import coerce_cli_path
    except ImportError:
        return
    if getattr(core.build_runtime_param, "tabletop_plain", False):
        return
    typers = core.build_runtime_param

    @dataclass(frozen=True)
    class PlainRuntimeParam(RuntimeParam):  # type: ignore[misc]
        convert: Any = None
        many: bool = False

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            convert, info = self.convert, self.parameter_info
            try:
                if self.many:
                    items = value if isinstance(value, list | tuple) else [value]
                    found = [convert(item) for item in items]
                else:
                    found = convert(value)
            except ValueError as error:
                raise BadParameter(str(error), ctx=ctx, param=param) from None
            if convert is Path:
                check = lambda path: coerce_cli_path(path, info, path_type=Path, param=param, ctx=ctx)  # noqa: E731
                return [check(path) for path in found] if self.many else check(found)
            return found

    def build_runtime_param(descriptor: Any) -> Any:
        plain = _plain(descriptor)
        if plain is None:
            return typers(descriptor)
        return PlainRuntimeParam(descriptor.parameter_info, descriptor.annotation, plain[0], plain[1])

    build_runtime_param.tabletop_plain = True  # type: ignore[attr-defined]
    core.build_runtime_param = build_runtime_param
