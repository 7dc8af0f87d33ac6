"""Two applications written from the format contract alone (data/heldout/shelfmark, tessellate: a
library's circulation desk and a cloud console, plans as their author wrote them): the default
checker, lower bound, no model, flags none of their healthy runs and raises no alarm before a
fault. When they arrived it flagged all six of one of them (data/heldout/README.md)."""

from __future__ import annotations

import pytest

from fcpkit import Checker, load_corpus
from _support.paths import corpus


@pytest.mark.parametrize("name", ["heldout/shelfmark", "heldout/tessellate"])
def test_no_healthy_run_is_flagged_and_no_alarm_comes_early(name):
    runs = load_corpus(corpus(name))
    checker = Checker().fit(runs)
    flagged, early, caught = [], [], 0
    for t in runs:
        d = checker.check(t).detection
        if d is None:
            continue
        if t.label.fault is None:
            flagged.append((t.id, d.step, d.result.evidence or d.result.rule))
        elif d.step < t.label.first_off_track_step:
            early.append((t.id, d.step, d.result.evidence or d.result.rule))
        else:
            caught += 1
    assert flagged == [] and early == []
    assert caught >= 8  # of 10 faulty runs each: the precision is not bought by catching nothing
