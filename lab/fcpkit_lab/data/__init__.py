"""The recorded data fcpkit-lab ships, and the one place that says where it is.

The recorded corpora (the workbench's and MiniWoB++'s, written by ``fcpkit record``) and the crawled
state machines (``smg/``, written by ``fcpkit crawl``) are what the lab's browsers and apps
produced: they are the lab's package data, not the library's. The library ships only what a user
of the method needs (:mod:`fcpkit.data`: the example corpus, the experience libraries, the
paraphrase suite, the lexical vocabulary, the verifier cases, the injection texts).

Files are found with :mod:`importlib.resources`, as :mod:`fcpkit.data` finds the library's, so they
are there after ``pip install fcpkit-lab`` from a wheel as well as in a checkout.

This module imports nothing of the lab and only :mod:`fcpkit.data` and :mod:`fcpkit.errors` of the library, so every layer
of the lab may import it (a contract in ``lab/pyproject.toml``).

    >>> from fcpkit_lab import data
    >>> data.path(data.WORKBENCH).name
    'corpus.jsonl'
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path, PurePosixPath

from fcpkit import data as library_data
from fcpkit.errors import ConfigError

__all__ = ["root", "path", "names", "relative", "WORKBENCH", "MINIWOB", "SMG"]

#: the recorded corpora, by the name the CLI and the benchmarks give them
WORKBENCH = "workbench/corpus.jsonl"
MINIWOB = "miniwob/corpus.jsonl"
#: the crawled state machines (the workbench's; MiniWoB++ tasks' under ``smg/miniwob/``)
SMG = "smg"


def root() -> Path:
    """The folder that holds the lab's package data, as a filesystem path (corpora name their
    plans relative to the corpus file, so they need real files, not a zip archive)."""
    where = resources.files(__name__)
    if not isinstance(where, Path):
        raise ConfigError(f"fcpkit-lab's package data is inside an archive ({where}); the recorded corpora need "
                          "files on disk: install fcpkit-lab with pip (a wheel or a checkout), not as a zipped package")
    return where


def path(name: str) -> Path:
    """The filesystem path of the shipped file or folder ``name`` (``"workbench/corpus.jsonl"``);
    a path that would leave the package data (absolute, ``..``) is refused."""
    parts = PurePosixPath(name).parts
    if not name or name.startswith("/") or "\\" in name or ".." in parts or not parts:
        raise ConfigError(f"fcpkit_lab.data.path({name!r}): expected a relative path inside the lab's package "
                          f"data such as {WORKBENCH!r}, without '..'")
    return root().joinpath(*parts)


def names(folder: str = "") -> list[str]:
    """Every shipped data file under ``folder`` (all of them by default), as ``/``-separated names."""
    base = path(folder) if folder else root()
    top = root()
    return sorted(p.relative_to(top).as_posix() for p in base.rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc"))


def relative(p: str | Path) -> str:
    """How a provenance record names ``p``: ``fcpkit_lab/data/NAME`` for a file shipped here,
    the library's name (:func:`fcpkit.data.relative`) for anything else."""
    try:
        inner = Path(p).resolve().relative_to(root().resolve())
    except ValueError:
        return library_data.relative(p)
    return (PurePosixPath("fcpkit_lab/data") / inner.as_posix()).as_posix()
