"""Finding BrowserGym experiment folders on disk (the file names ``ExpArgs.run()`` writes), and the
reasons an experiment is skipped. Reading them is :mod:`fcpkit_lab.importers.browsergym`."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

__all__ = ["STEP_FILE", "ExperimentError", "Skipped", "is_experiment_folder", "find_experiments", "first_found"]

STEP_FILE = re.compile(r"^step_(\d+)\.pkl\.gz$")


class ExperimentError(Exception):
    """One experiment folder cannot be read; the message is the reason it is skipped."""


@dataclass(frozen=True)
class Skipped:
    """An experiment left out of the import, and why."""

    exp_dir: Path
    reason: str

    def __str__(self) -> str:
        return f"skipped {self.exp_dir}: {self.reason}"


def is_experiment_folder(path: Path) -> bool:
    return (path / "exp_args.pkl").is_file()


def find_experiments(root: str | Path) -> Iterator[Path | Skipped]:
    """Every experiment folder under ``root`` (or ``root`` itself), in name order, one at a time.

    As BrowserGym's ``yield_all_exp_results``, folders whose name starts with ``_`` or ``.`` are
    hidden. A folder with step files but no ``exp_args.pkl`` is yielded as :class:`Skipped`."""
    root = Path(root)
    if is_experiment_folder(root):
        yield root
        return
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(("_", ".")))
        here = Path(dirpath)
        if "exp_args.pkl" in filenames:
            dirnames[:] = []  # an experiment holds no other experiment
            yield here
        elif any(STEP_FILE.match(f) for f in filenames):
            yield Skipped(here, "step files but no exp_args.pkl (a run that crashed while it was being set up?)")


def first_found(it: Iterator[Any], n: int = 50) -> list[Any]:
    """The first few experiments found (recognising a study need not walk all of it)."""
    out = []
    for x in it:
        out.append(x)
        if not isinstance(x, Skipped) or len(out) >= n:
            break
    return out

