"""``fcpkit check`` over a corpus streamed from disk: memory stays that of one trajectory (and its
report), whatever the number of runs.

Two passes over the file. The first reads every line (so a broken file, an unknown ``--id`` or a
``--plan`` that does not fit the corpus is reported before any output) and feeds the matcher's
corpus statistics; the second checks one trajectory at a time and hands each report on.

What a check writes survives a kill: the ``--out`` file gets one whole line per run, written and
flushed as the run is checked, and the evidence log one line per record plus a ``run_checked``
event when a run is done. ``--resume`` reads them back and skips the runs they already hold; the
first pass still reads every run, so the matcher's corpus statistics, and so every report, are
those of an uninterrupted check.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import click

from fcpkit.core.plan import Plan
from fcpkit.core.trajectory import Trajectory, cut_torn_tail, iter_corpus
from fcpkit.errors import FcpkitError

__all__ = ["CHECKED", "CorpusScan", "ReportsOut", "checked_in_log", "prepare", "stream_reports", "written"]

#: The evidence-log event written when a run's check is complete (what ``--resume`` reads).
CHECKED = "run_checked"


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


def stream_reports(checker, path: Path, plan: Plan | None, only: tuple[str, ...],
                   done: frozenset[str] = frozenset()) -> Iterator:
    """The second pass: one report per selected trajectory not in ``done``, checked as it is read."""
    for t in iter_corpus(path, lambda where, why: None):  # the first pass reported what it skipped
        if (not only or t.id in only) and t.id not in done:
            yield checker.check(t, plan)


def written(reports: Iterator, out: "ReportsOut | None", log, *, echo: bool) -> Iterator:
    """Hand each report on once it is saved: its line to ``out`` (unless the file already holds the
    run, when resuming) or to stdout with ``echo``, then the log's :data:`CHECKED` event. In that
    order a kill between the two leaves the run in ``out`` only, and the rerun checks it again for
    the log without writing its line twice."""
    for r in reports:
        if out is not None:
            if r.id not in out.done:
                out.write(r.to_json())
        elif echo:  # each object says "labelled"; no other line: every line is one run
            click.echo(json.dumps(r.to_json(), ensure_ascii=False))
        if log is not None:
            log.append("event", run=r.id, event=CHECKED, detected=r.detected)
        yield r


def _json_ids(lines: Iterator[bytes]) -> Iterator[str]:
    for line in lines:
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError):  # a line not ours (or torn): it names no finished run
            continue
        if isinstance(rec, dict) and isinstance(rec.get("id"), str):
            yield rec["id"]


class ReportsOut:
    """``--out``: one JSON line per report, each written whole and flushed as its run is checked,
    so a kill leaves whole lines. Opened with ``resume``, the file keeps its reports (a torn last
    line is cut) and :attr:`done` holds their run ids; otherwise it starts empty."""

    def __init__(self, path: Path, *, resume: bool) -> None:
        self.path = path
        self.done: frozenset[str] = frozenset()
        if resume and path.is_file():
            cut_torn_tail(path)
            with path.open("rb") as fh:
                self.done = frozenset(_json_ids(iter(fh)))
        path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = path.open("ab" if resume else "wb", buffering=0)

    def write(self, data: dict[str, Any]) -> None:
        line = (json.dumps(data, ensure_ascii=False) + "\n").encode("utf-8")
        view = memoryview(line)
        while view:  # unbuffered: one write call per line where the system allows
            view = view[self._fh.write(view):]

    def close(self) -> None:
        self._fh.close()


def checked_in_log(path: Path) -> frozenset[str]:
    """The runs an evidence log records as checked to the end (their :data:`CHECKED` event)."""
    if not path.is_file():
        return frozenset()
    done: set[str] = set()
    with path.open("rb") as fh:
        for line in fh:
            if CHECKED.encode() not in line:
                continue
            try:
                rec = json.loads(line)
            except (ValueError, RecursionError):
                continue
            if isinstance(rec, dict) and rec.get("event") == CHECKED and isinstance(rec.get("run"), str):
                done.add(rec["run"])
    return frozenset(done)
