"""The grouping that turns :class:`~fcpkit.eval.metrics.RunRecord` rows into one summary row per
(corpus, arm, matcher, bound, ...): each row is :func:`fcpkit.eval.metrics.summarize_runs` of its group."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any, Sequence

from fcpkit.eval.metrics import RunRecord, summarize_runs
from fcpkit.eval.thresholds import workflow_of as _wf


def _grouped(records: Sequence[RunRecord], keys: Sequence[str], *, faulty_only: bool = False) -> list[dict[str, Any]]:
    groups: dict[tuple, list[RunRecord]] = defaultdict(list)
    for r in records:
        if faulty_only and not r.faulty:
            continue
        groups[tuple(getattr(r, k) if k != "workflow" else _wf(r) for k in keys)].append(r)
    rows = []
    for k, rs in groups.items():
        row = dict(zip(keys, k))
        row.update(summarize_runs(rs))
        rows.append(row)
    return rows


def _with_all(records: list[RunRecord], corpora: list[str]) -> list[RunRecord]:
    """Records plus, when there are several corpora, a copy of each under corpus ``all``."""
    if len(corpora) < 2:
        return records
    return records + [replace(r, corpus="all") for r in records]
