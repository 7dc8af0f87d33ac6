"""Which statements of a test are read on which view of a page (the provenance split), worked out once.

The state tester reads confirming evidence on the app-authored view of a page and falsifiers on
the page as it is (:mod:`fcpkit.core.provenance`): a confirming statement about a user-authored
field ("Customer complaint charged twice ...") is read on the whole page, and a falsifier that
names a record holds if it holds on either view. Which statement goes where depends only on the
statements and on the labels of the page's user-authored fields, not on the rest of the page, so
:func:`view_split` decides it once per (statements, labels) and the tester scores each statement
only on the view or views its reading needs, instead of every statement on both views.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from fcpkit.core.caches import page_cache
from fcpkit.core.page import about_user_content, record_ids

__all__ = ["ViewSplit", "view_split", "merge_views", "score_views"]


@dataclass(frozen=True)
class ViewSplit:
    """Indices (into the statements) to score on each view, and how the two readings combine."""

    full: tuple[int, ...]  # scored on the whole page: confirming statements about user content, every falsifier
    app: tuple[int, ...]  # scored on the app-authored view: other confirming statements, record falsifiers
    either: frozenset[int]  # falsifiers naming a record: the larger of the two readings
    full_statements: tuple[str, ...] = ()  # the statements of ``full``, in order (one tuple object,
    app_statements: tuple[str, ...] = ()  # so a matcher's compiled-bundle cache finds it)


@page_cache(4096)
def view_split(statements: tuple[str, ...], n_plus: int, labels: frozenset[str]) -> ViewSplit:
    """The :class:`ViewSplit` of ``statements`` (the first ``n_plus`` confirming) on a page whose
    user-authored fields carry ``labels``. Cached: a plan's statements meet the same few label sets."""
    own = [about_user_content(x, labels) for x in statements]
    full = [i for i in range(n_plus) if own[i]] + list(range(n_plus, len(statements)))
    either = frozenset(i for i in range(n_plus, len(statements)) if not own[i] and record_ids(statements[i]))
    app = [i for i in range(n_plus) if not own[i]] + sorted(either)
    return ViewSplit(tuple(full), tuple(app), either, tuple(statements[i] for i in full),
                     tuple(statements[i] for i in app))


def merge_views(n: int, split: ViewSplit, full: Sequence[float], app: Sequence[float]) -> list[float]:
    """Each statement's score from its readings: ``full`` and ``app`` hold the scores of
    ``split.full`` and ``split.app``, in that order."""
    out = [0.0] * n
    for i, s in zip(split.full, full):
        out[i] = s
    for i, s in zip(split.app, app):
        out[i] = max(out[i], s) if i in split.either else s
    return out


def score_views(score: Callable[[tuple[str, ...], str], Sequence[float]], statements: tuple[str, ...], n_plus: int,
                text: str, app_text: str, labels: frozenset[str]) -> list[float]:
    """Every statement's score, each read only on the view(s) its :class:`ViewSplit` needs.

    ``score(statements, text)`` must score each statement on its own (a matcher's ``score_text``:
    a statement's score does not depend on the others scored with it), so that scoring a subset
    gives the same numbers as scoring them all."""
    split = view_split(statements, n_plus, labels)
    full = score(split.full_statements, text) if split.full else ()
    app = score(split.app_statements, app_text) if split.app else ()
    return merge_views(len(statements), split, full, app)
