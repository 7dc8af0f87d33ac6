"""The data fcpkit ships inside the package, and the one place that says where it is.

Every default path of the package comes from here: the example corpus and its plans, its
deliberately broken copies, the experience libraries, the verifier cases, the injection texts,
the paraphrase suite and the lexical matcher's background vocabulary: what a user of the method
needs. Recorded runs (the workbench and MiniWoB++ corpora) and crawled state machines are what the
lab's browsers produced; they ship with fcpkit-lab (``fcpkit_lab.data``), never here (a test in
``tests/data/test_package_data.py`` keeps it so). The files are found with
:mod:`importlib.resources`, so they are there after ``pip install fcpkit`` from a wheel as well as
in a checkout; ``pyproject.toml`` declares them as package data.

Large or research-only data (measured results, held-out corpora, the paper's numbers) stays in the
repository's top-level ``data/`` folder and is not installed.

This module imports nothing of fcpkit but :mod:`fcpkit.errors`, so every layer may import it (a
contract in ``pyproject.toml``).

    >>> from fcpkit import data
    >>> data.path("examples/corpus.jsonl").name
    'corpus.jsonl'
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from fcpkit.errors import ConfigError

if TYPE_CHECKING:  # importlib.abc.Traversable moved to importlib.resources.abc in 3.11
    from importlib.resources.abc import Traversable

__all__ = ["files", "root", "path", "names", "relative", "EXAMPLES"]

#: the shipped example corpus, by the name the CLI and the notebooks give it
EXAMPLES = "examples/corpus.jsonl"


def files() -> Traversable:
    """The package data as an :mod:`importlib.resources` traversable (read it without a path)."""
    return resources.files(__name__)


def root() -> Path:
    """The folder that holds the package data, as a filesystem path.

    Corpora name their plans relative to the corpus file, so the defaults need real paths; an
    installation that keeps fcpkit inside a zip archive cannot give them and says so.
    """
    where = files()
    if not isinstance(where, Path):
        raise ConfigError(f"fcpkit's package data is inside an archive ({where}); the shipped corpora need files "
                          "on disk: install fcpkit with pip (a wheel or a checkout), not as a zipped package")
    return where


def path(name: str) -> Path:
    """The filesystem path of the shipped file or folder ``name`` (``"examples/corpus.jsonl"``).

    ``name`` is a relative, ``/``-separated path inside the package data; anything that would
    leave it (an absolute path, ``..``) is refused, so a default can never point elsewhere. The
    file is not opened here: the reader that opens it reports a missing or malformed file.
    """
    parts = PurePosixPath(name).parts
    if not name or name.startswith("/") or "\\" in name or ".." in parts or not parts:
        raise ConfigError(f"fcpkit.data.path({name!r}): expected a relative path inside the package data "
                          f"such as {EXAMPLES!r}, without '..'")
    return root().joinpath(*parts)


def names(folder: str = "") -> list[str]:
    """Every shipped data file under ``folder`` (all of them by default), as ``/``-separated names."""
    base = path(folder) if folder else root()
    top = root()
    return sorted(p.relative_to(top).as_posix() for p in base.rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc"))


def relative(p: str | Path) -> str:
    """How a provenance record names ``p``: ``fcpkit/data/NAME`` for a shipped file (the same
    string in a checkout and in an installed wheel), ``p`` itself for anything else."""
    try:
        inner = Path(p).resolve().relative_to(root().resolve())
    except ValueError:
        return str(p)
    return (PurePosixPath("fcpkit/data") / inner.as_posix()).as_posix()
