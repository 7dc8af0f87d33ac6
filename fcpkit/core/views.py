"""Which statements of a test are read on which view of a page, worked out once per plan step.

The state tester reads confirming evidence on the application's text (:func:`fcpkit.core.page.app_view`)
and falsifiers on the evidence view (:func:`fcpkit.core.page.evidence_view`: the application's
text without the site's furniture and what the agent typed), each falsifier read strictly
(:mod:`fcpkit.matching.lexical.strict`). A statement that says it is about a user-authored field
("Customer complaint charged twice ...") checks what the user wrote, and is read on the page as
it is. Which statement goes where depends only on the statements and on the labels of the page's
user-authored fields, so :func:`view_split` decides it once per (statements, labels).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from fcpkit.core.caches import page_cache
from fcpkit.core.page import about_user_content

__all__ = ["ViewSplit", "view_split", "merge_views", "score_views"]


@dataclass(frozen=True)
class ViewSplit:
    """Indices (into the statements) to read on each view, and those statements, in order (one
    tuple object each, so a matcher's compiled-bundle cache finds it)."""

    full: tuple[int, ...]  # confirming statements about user content: the page as it is
    app: tuple[int, ...]  # other confirming statements: the application's text
    full_minus: tuple[int, ...]  # falsifiers about user content: the page as it is, read strictly
    evidence: tuple[int, ...]  # other falsifiers: the evidence view, read strictly
    full_statements: tuple[str, ...] = ()
    app_statements: tuple[str, ...] = ()
    full_minus_statements: tuple[str, ...] = ()
    evidence_statements: tuple[str, ...] = ()


@page_cache(4096)
def view_split(statements: tuple[str, ...], n_plus: int, labels: frozenset[str]) -> ViewSplit:
    """The :class:`ViewSplit` of ``statements`` (the first ``n_plus`` confirming) on a page whose
    user-authored fields carry ``labels``. Cached: a plan's statements meet the same few label sets."""
    own = [about_user_content(x, labels) for x in statements]
    full = tuple(i for i in range(n_plus) if own[i])
    app = tuple(i for i in range(n_plus) if not own[i])
    full_minus = tuple(i for i in range(n_plus, len(statements)) if own[i])
    evidence = tuple(i for i in range(n_plus, len(statements)) if not own[i])
    pick = lambda idx: tuple(statements[i] for i in idx)  # noqa: E731
    return ViewSplit(full, app, full_minus, evidence, pick(full), pick(app), pick(full_minus), pick(evidence))


def merge_views(n: int, split: ViewSplit, *readings: Sequence[float]) -> list[float]:
    """Each statement's score from its reading: ``readings`` hold the scores of ``split.full``,
    ``split.app``, ``split.full_minus`` and ``split.evidence``, in that order."""
    out = [0.0] * n
    for idx, scores in zip((split.full, split.app, split.full_minus, split.evidence), readings):
        for i, s in zip(idx, scores):
            out[i] = s
    return out


def score_views(score: Callable[[tuple[str, ...], object], Sequence[float]],
                falsify: Callable[[tuple[str, ...], object], Sequence[float]],
                statements: tuple[str, ...], n_plus: int, page: object, app: object, evidence: object,
                labels: frozenset[str]) -> list[float]:
    """Every statement's score, each read on its view: ``score(statements, view)`` reads confirming
    evidence, ``falsify(statements, view)`` falsifiers; each must score every statement on its own,
    so that reading a subset gives the same numbers as reading them all."""
    split = view_split(statements, n_plus, labels)
    return merge_views(
        len(statements), split,
        score(split.full_statements, page) if split.full else (),
        score(split.app_statements, app) if split.app else (),
        falsify(split.full_minus_statements, page) if split.full_minus else (),
        falsify(split.evidence_statements, evidence) if split.evidence else (),
    )
