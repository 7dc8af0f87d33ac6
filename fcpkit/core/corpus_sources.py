"""Readers of run records that are not a corpus file: a folder another tool wrote (a BrowserGym or
AgentLab study, ...), read as trajectories by a :class:`CorpusSource`.

The library reads only its own format; a source that needs another package (BrowserGym's
loaders) lives in a distribution of its own and plugs in here, so the library imports none of
them. Sources come from the ``fcpkit.corpus_sources`` entry-point group (``name = "module:attr"``,
the attribute a source or a class that builds one) and from :func:`register_source` (the lab's
commands register theirs when they load). :func:`fcpkit.core.trajectory.iter_corpus` asks
:func:`source_for` when it is given a folder.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path
from typing import Callable, Iterator, Protocol, runtime_checkable

from fcpkit.core.trajectory_records import Trajectory

__all__ = ["CorpusSource", "register_source", "sources", "source_for"]


@runtime_checkable
class CorpusSource(Protocol):
    """A folder format read as trajectories, one at a time."""

    name: str
    description: str

    def recognises(self, path: Path) -> bool:
        """Whether ``path`` (a folder) is in this source's format."""

    def trajectories(self, path: Path, on_skip: Callable[[str, str], None]) -> Iterator[Trajectory]:
        """The folder's trajectories; each part that cannot be read goes to ``on_skip(where, why)``
        and is left out (the rest is still read)."""


_REGISTERED: dict[str, CorpusSource] = {}
_LOADED = False


def register_source(source: CorpusSource) -> None:
    """Add (or replace, by name) a source."""
    _REGISTERED[source.name] = source


def sources() -> list[CorpusSource]:
    """The registered sources and those the installed distributions declare."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        for ep in entry_points(group="fcpkit.corpus_sources"):
            try:
                obj = ep.load()
            except Exception:  # noqa: BLE001 - a broken plug-in must not break reading corpus files
                continue
            src = obj() if isinstance(obj, type) else obj
            _REGISTERED.setdefault(getattr(src, "name", ep.name), src)
    return list(_REGISTERED.values())


def source_for(path: Path) -> CorpusSource | None:
    """The first source that recognises the folder ``path``, or None."""
    return next((s for s in sources() if s.recognises(path)), None)
