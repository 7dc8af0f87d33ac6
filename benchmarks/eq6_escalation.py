"""Equation 6's slow-route share on the shipped corpora: fcpkit's default router vs the paper's.

The default router lets a page with clear progress continue (``progress_continues=True``); the
paper's Equation 6 (``Thresholds.paper()``) escalates every strong confirming signal. Prints, per
corpus and router, the share of checks routed to the verifier (every route but *continue*), the
share that needs a model to decide, and detection / false alarms at the lower bound.

    PYTHONPATH=$PWD python benchmarks/eq6_escalation.py
"""

from __future__ import annotations

import sys

from fcpkit import load_corpus
from fcpkit.core.router import Thresholds
from fcpkit.eval.checker import Checker
from fcpkit.eval.metrics import summarize
from fcpkit.matching import LexicalMatcher

CORPORA = sys.argv[1:] or ["lab/fcpkit_lab/data/workbench/corpus.jsonl", "lab/fcpkit_lab/data/miniwob/corpus.jsonl"]

for corpus in CORPORA:
    trajectories = load_corpus(corpus)
    for name, thresholds in (("default", Thresholds()), ("paper", Thresholds.paper())):
        s = summarize(Checker(LexicalMatcher(), thresholds).check_corpus(trajectories))
        print(f"{corpus} {name}: slow_route_share={s['slow_route_share']:.3f} escalation_share={s['escalation_share']:.3f} "
              f"detected={s['detection_rate']:.3f} false_alarms={len(s['false_alarms'])} checks={s['checks']}")
