"""Every built-in task-level falsifier stays silent on every healthy run of every shipped corpus.

The article's kill criterion: a falsifier that fires on a healthy run is over-broad. Each rule is
run on its own (not only the first that fires), on the start page and on every page after an
action, with the commitment the run says is active.
"""

from __future__ import annotations


import pytest

from fcpkit import load_corpus
from fcpkit.core.falsifiers import TaskContext, builtin_hits, commitment_text
from _support.paths import corpus

CORPORA = ["examples", "workbench", "miniwob", "heldout/workbench", "heldout/miniwob"]


@pytest.mark.parametrize("name", CORPORA)
def test_no_builtin_fires_on_a_healthy_run(name):
    path = corpus(name)
    if not path.exists():
        pytest.skip(f"{path} not recorded")
    healthy = [t for t in load_corpus(path) if t.label.fault is None]
    assert healthy
    fired: list[tuple[str, int, str, str]] = []
    for t in healthy:
        ctx = TaskContext.from_plan(t.plan)
        fired += [(t.id, -1, h.rule, h.detail) for h in builtin_hits(ctx, t.initial_observation, start=True)]
        before, active = t.initial_observation, t.plan.commitments[0]
        for k, step in enumerate(t.steps):
            if step.commitment is not None:
                active = t.plan.commitments[t.plan.index(step.commitment)]
            fired += [(t.id, k, h.rule, h.detail) for h in builtin_hits(
                ctx, step.observation, before=before, action=step.action, commitment_text=commitment_text(active))]
            before = step.observation
    assert fired == []

