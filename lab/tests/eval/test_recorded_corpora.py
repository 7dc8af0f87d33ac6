"""The README's detection claims, checked on the recorded corpora (real Chromium runs).

Lexical matcher, full configuration, paper constants, lower verifier bound (no model at all):
no false alarm on a healthy run, every fault class caught, under 10% of checks needing a model.
"""

from __future__ import annotations

from collections import Counter

import pytest

from fcpkit import Checker, LexicalMatcher, load_corpus
from fcpkit.eval.metrics import summarize
from _support.paths import corpus

CORPORA = ["workbench", "miniwob", "heldout/workbench", "heldout/miniwob"]


@pytest.mark.parametrize("name", CORPORA)
def test_lower_bound_catches_every_fault_class_without_false_alarms(name):
    path = corpus(name)
    if not path.exists():
        pytest.skip(f"{path} not recorded")
    trajs = load_corpus(path)
    reports = Checker(LexicalMatcher(), verifier="lower").fit(trajs).check_corpus(trajs)
    s = summarize(reports)
    assert s["false_alarms"] == [], s["false_alarms"]
    assert s["detection_rate"] >= 0.95, s["missed"]
    assert all(v["detected"] > 0 for v in s["by_fault"].values()), s["by_fault"]
    assert s["escalation_share"] < 0.10
    # the silent no-op of each corpus is caught by a rule or an advance check, not by a statement
    noop = [r for r in reports if r.fault in ("silent_noop", "noop") and r.detected]
    assert noop and Counter(r.detection.result.rule is not None for r in noop)[True] == len(noop)
