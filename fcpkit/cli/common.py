"""What every command module shares: the scratch folder for benchmark outputs (the shipped data's
defaults come from :mod:`fcpkit.data`), and the decorator that turns an :class:`~fcpkit.errors.FcpkitError` into one
red line and exit status 2 (never a traceback)."""

from __future__ import annotations

import os
import stat
import sys
from functools import wraps
from pathlib import Path
from typing import Any, Callable

import click

from fcpkit.errors import FcpkitError, special_file

__all__ = ["RESULTS", "SCRATCH", "SafePath", "friendly"]

#: Where benchmarks write when --out is not given: a scratch folder under the working directory,
#: never the tracked data/results and figures (pass --out data/results to regenerate those).
SCRATCH = Path("runs") / "bench"
#: The measured tables a command accumulates when asked to (the verifier benchmark, the study):
#: the checkout's top-level data/results, relative to the working directory (run from the repository
#: root); research output, so it is not package data and not installed.
RESULTS = Path("data") / "results"


def friendly(fn: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except FcpkitError as exc:
            click.secho(f"error: {exc}", fg="red", err=True)
            sys.exit(2)
        except (OSError, ValueError, TypeError, LookupError, RecursionError, MemoryError) as exc:
            # a file that cannot be written (/dev/full), a value of the wrong shape inside a file:
            # still the user's input, still one line and no traceback
            what = str(exc).splitlines()[0][:300] if str(exc) else ""
            click.secho(f"error: {type(exc).__name__}: {what}", fg="red", err=True)
            sys.exit(2)

    return wrapper


class SafePath(click.Path):
    """``click.Path`` that reports a path it cannot even stat (a NUL byte) as a usage error, and
    refuses a special file before anything opens it: a FIFO blocks the ``open`` until a writer
    (or reader) comes, a device reads without end or refuses writes. ``/dev/null`` is the one
    device let through (reading it is empty, writing to it discards)."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str) and "\x00" in value:
            self.fail(f"{value!r}: a path cannot contain a NUL byte", param, ctx)
        try:
            mode = os.stat(value).st_mode
        except (OSError, ValueError, TypeError):
            mode = None
        if mode is not None and not stat.S_ISDIR(mode) and os.path.realpath(value) != os.devnull:
            why = special_file(mode)
            if why is not None:
                self.fail(f"{value}: {why}", param, ctx)
        return super().convert(value, param, ctx)
