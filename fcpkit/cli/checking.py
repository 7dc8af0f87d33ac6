"""``fcpkit check`` over a corpus streamed from disk: memory stays that of one trajectory (and its
report), whatever the number of runs.

Two passes over the file. The first reads every line (so a broken file, an unknown ``--id`` or a
``--plan`` that does not fit the corpus is reported before any output) and feeds the matcher's
corpus statistics; the second checks one trajectory at a time and hands each report on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import click

from fcpkit.core.plan import Plan
from fcpkit.core.trajectory import Trajectory, iter_corpus
from fcpkit.errors import FcpkitError

__all__ = ["CorpusScan", "prepare", "stream_reports"]


@dataclass
class CorpusScan:
    """The first pass: validates the corpus against the command's ``--id`` and ``--plan``.

    A trajectory's steps name the commitment the agent worked on; with ``--plan``, an id that the
    plan does not hold means the plan is not the one the corpus was recorded against (checking it
    would compare pages with the wrong statements and report nonsense), so it is an error."""

    path: Path
    plan: Plan | None = None
    only: tuple[str, ...] = ()
    runs: int = 0
    skipped: int = 0
    seen: set[str] = field(default_factory=set)
    unknown: dict[str, set[str]] = field(default_factory=dict)

    def trajectories(self) -> Iterator[Trajectory]:
        known = {c.id for c in self.plan.commitments} if self.plan is not None else None
        def skipped(where: str, why: str) -> None:  # a folder's unreadable run: one line, the rest is checked
            self.skipped += 1
            click.secho(f"skipped {where}: {why}", fg="yellow", err=True)

        for t in iter_corpus(self.path, skipped):
            self.runs += 1
            self.seen.add(t.id)
            if known is not None and (not self.only or t.id in self.only):
                missing = {s.commitment for s in t.steps if s.commitment is not None} - known
                if missing:
                    self.unknown[t.id] = missing
            yield t

    def finish(self) -> None:
        """Raise one :class:`FcpkitError` naming what does not fit (after the pass has run)."""
        if self.only:
            missing = sorted(set(self.only) - self.seen)
            if missing:
                raise FcpkitError(f"{self.path}: no trajectory with id {missing}")
        if self.unknown and self.plan is not None:
            ids = sorted(set().union(*self.unknown.values()))
            runs = sorted(self.unknown)
            known = [c.id for c in self.plan.commitments]
            raise FcpkitError(
                f"{self.path}: {len(runs)} trajectories (e.g. {runs[0]}) name commitments {ids[:6]} that "
                f"--plan does not hold (it has {known}); fix: pass the plan these runs were recorded "
                f"against, select matching runs with --id, or leave --plan out")


def prepare(checker, path: Path, plan: Plan | None, only: tuple[str, ...]) -> CorpusScan:
    """The first pass: validate the corpus against ``--id`` and ``--plan`` and fit the checker's
    matcher on its pages. Raises before anything is checked or written."""
    scan = CorpusScan(path, plan, tuple(only))
    runs = scan.trajectories()
    checker.fit(runs)
    for _ in runs:  # a matcher without corpus statistics leaves the pass to finish here
        pass
    scan.finish()
    return scan


def stream_reports(checker, path: Path, plan: Plan | None, only: tuple[str, ...]) -> Iterator:
    """The second pass: one report per selected trajectory, checked as it is read."""
    for t in iter_corpus(path, lambda where, why: None):  # the first pass reported what it skipped
        if not only or t.id in only:
            yield checker.check(t, plan)
