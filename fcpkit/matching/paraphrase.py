"""The paraphrase suite (``fcpkit/data/paraphrase/suite.yaml``): statements in many phrasings, on pages of
several applications, with whether each should hold — and the agreement of a matcher with it,
per claim type.

A matcher that reads only the phrasing its README teaches silently never fires for a person who
writes the plan differently. The suite measures that: every fact is written in at least three
phrasings by different conventions, and a case agrees when the score clears the suite's
threshold exactly where the fact holds.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import yaml

from fcpkit import data
from fcpkit.core.protocols import Matcher
from fcpkit.core.trajectory import Observation, load_corpus
from fcpkit.errors import FormatError

__all__ = ["SuiteCase", "Suite", "SuiteReport", "load_suite", "run_suite", "DEFAULT_SUITE"]

DEFAULT_SUITE = data.path("paraphrase/suite.yaml")


@dataclass(frozen=True)
class SuiteCase:
    """One phrasing of one fact on one page."""

    fact: int
    type: str
    statement: str
    page: str  # the page's name in the suite
    holds: bool


@dataclass(frozen=True)
class Suite:
    cases: tuple[SuiteCase, ...]
    pages: Mapping[str, Observation]
    threshold: float
    skipped_pages: tuple[str, ...] = ()  # pages of corpora not on this machine
    n_facts: int = 0


@dataclass(frozen=True)
class SuiteReport:
    """Agreement per claim type, the disagreeing cases, and the cases whose statement compiled to
    another claim type than the fact's (when the matcher can say: ``matcher.compile``)."""

    by_type: Mapping[str, tuple[int, int]]  # type -> (agreeing, total)
    failures: tuple[tuple[SuiteCase, float], ...]
    mistyped: tuple[tuple[SuiteCase, str], ...] = ()
    skipped_pages: tuple[str, ...] = ()
    n_apps: int = 0

    @property
    def total(self) -> tuple[int, int]:
        return sum(a for a, _ in self.by_type.values()), sum(n for _, n in self.by_type.values())

    def agreement(self, kind: str | None = None) -> float:
        a, n = self.total if kind is None else self.by_type[kind]
        return a / n if n else 0.0

    def render(self) -> str:
        lines = ["claim type   agree  cases  share"]
        for kind, (a, n) in sorted(self.by_type.items()):
            lines.append(f"{kind:<12} {a:>5}  {n:>5}  {a / n:6.1%}")
        a, n = self.total
        lines.append(f"{'all':<12} {a:>5}  {n:>5}  {a / n if n else 0:6.1%}")
        if self.skipped_pages:
            lines.append(f"skipped (corpus not here): {', '.join(self.skipped_pages)}")
        for case, score in self.failures:
            want = "hold" if case.holds else "not hold"
            lines.append(f"  disagrees: {case.statement!r} on {case.page}: {score:.2f}, should {want}")
        for case, got in self.mistyped:
            lines.append(f"  compiles to {got}, not {case.type}: {case.statement!r}")
        return "\n".join(lines)


def _resolve(folder: Path, rel: str | list[str]) -> Path | None:
    """A corpus path relative to the suite's folder, or to one of the folders above it, or the
    first of a list of such paths that exists. The recorded corpora ship with fcpkit-lab, beside
    fcpkit: in a checkout under ``lab/fcpkit_lab/data/``, once installed in the ``fcpkit_lab/data/``
    beside the ``fcpkit/`` folder the suite lies in, hence a list; a corpus kept outside both
    (``../shared/...``) is found from the checkout, however deep that checkout is nested."""
    for one in ([rel] if isinstance(rel, str) else list(rel)):
        for base in (folder, *list(folder.parents)[:5]):
            p = (base / str(one)).resolve()
            if p.exists():
                return p
    return None


def load_suite(path: str | Path = DEFAULT_SUITE) -> Suite:
    """Read a suite file; raise :class:`~fcpkit.errors.FormatError` naming the file and field."""
    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise FormatError(str(path), [f"cannot read the suite: {exc}"]) from None
    problems: list[str] = []
    for key in ("corpora", "pages", "facts"):
        if not isinstance((raw or {}).get(key), (dict, list)):
            problems.append(f"'{key}' is missing or not a mapping/list")
    if problems:
        raise FormatError(str(path), problems)
    folder = path.resolve().parent
    corpora: dict[str, Any] = {}
    pages: dict[str, Observation] = {}
    skipped: list[str] = []
    for name, ref in raw["pages"].items():
        try:
            corpus, run, step = str(ref).split(":")
            src = raw["corpora"][corpus]
            step_i = int(step)
        except (ValueError, KeyError):
            problems.append(f"pages.{name}: {ref!r} is not CORPUS:RUN:STEP with a corpus listed under 'corpora'")
            continue
        if corpus not in corpora:
            found = _resolve(folder, src)
            corpora[corpus] = {t.id: t for t in load_corpus(found)} if found else None
        runs = corpora[corpus]
        if runs is None:
            skipped.append(name)
            continue
        if run not in runs or not 0 <= step_i < len(runs[run].observations()):
            problems.append(f"pages.{name}: no run {run!r} with a step {step_i} in {src}")
            continue
        pages[name] = runs[run].observations()[step_i]
    cases: list[SuiteCase] = []
    for i, fact in enumerate(raw["facts"]):
        kind, phrasings = fact.get("type"), fact.get("phrasings") or []
        if not isinstance(kind, str) or len(phrasings) < 3:
            problems.append(f"facts[{i}]: needs a 'type' and at least three 'phrasings'")
            continue
        for expect, key in ((True, "holds"), (False, "fails")):
            for page in fact.get(key) or []:
                if page not in raw["pages"]:
                    problems.append(f"facts[{i}].{key}: unknown page {page!r}")
                elif page in pages:
                    cases.extend(SuiteCase(i, kind, str(s), page, expect) for s in phrasings)
    if problems:
        raise FormatError(str(path), problems)
    return Suite(tuple(cases), pages, float(raw.get("threshold", 0.6)), tuple(skipped), len(raw["facts"]))


def run_suite(suite: Suite, matcher: Matcher) -> SuiteReport:
    """Score every case with ``matcher`` (one page at a time) and count agreement per claim type."""
    by_page: dict[str, list[SuiteCase]] = defaultdict(list)
    for c in suite.cases:
        by_page[c.page].append(c)
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    failures: list[tuple[SuiteCase, float]] = []
    for name, cases in by_page.items():
        text = suite.pages[name].serialize()
        scores = matcher.score([c.statement for c in cases], [text])[:, 0]
        for c, s in zip(cases, scores):
            ok = (float(s) >= suite.threshold) == c.holds
            counts[c.type][0] += ok
            counts[c.type][1] += 1
            if not ok:
                failures.append((c, float(s)))
    mistyped: list[tuple[SuiteCase, str]] = []
    compile_ = getattr(matcher, "compile", None)
    if callable(compile_):
        seen: set[str] = set()
        for c in suite.cases:
            if c.statement not in seen:
                seen.add(c.statement)
                got = compile_(c.statement).type
                if got != c.type:
                    mistyped.append((c, got))
    apps = {suite.pages[c.page].url.split("/")[2] if "://" in suite.pages[c.page].url else c.page.split("-")[0]
            for c in suite.cases}
    return SuiteReport({k: (a, n) for k, (a, n) in counts.items()}, tuple(failures), tuple(mistyped),
                       suite.skipped_pages, len(apps))
