"""Execute notebooks/07_state_machine.ipynb with papermill on small settings and assert its metrics."""

from __future__ import annotations

import pytest
from _support.notebooks import opens_with_teaching_note_and_parameters as _opens_with_teaching_note_and_parameters
from _support.notebooks import run_notebook as _run

pytest.importorskip("papermill")
pytestmark = pytest.mark.browser


def test_07_state_machine(tmp_path, kernel_name):
    _opens_with_teaching_note_and_parameters("07_state_machine")
    m = _run("07_state_machine", tmp_path, kernel_name, workflow="support", variant=0, corpus_limit=20)
    assert m["in_event_loop"] is True
    assert m["states"] >= 10 and m["operations"] >= 50 and m["validated"] == m["operations"]
    # the state graph draws every edge, those that stay on their state (searches, writes in the page) too
    drawn, edges = m["graph_edges_drawn"], m["graph_edges_by_kind"]
    assert drawn == edges and edges["search"] > 0 and edges["write"] > 0
    assert m["linked_nodes"] >= 1  # compiled from the home page: the linker added the way to the list
    assert m["run_success"] is True and m["run_llm_calls"] == 0 and m["run_nodes"] >= 5
    # the step viewer: the run's steps checked live under the generated plan, every check shown, no alarm
    assert m["trace_checks"] >= m["trace_steps"] >= 5 and m["viewer_frames"] == m["trace_checks"]
    assert m["trace_detected"] is False
    assert m["patched_success"] is True and m["patches"] == 1 and m["patched_version"] == 2
    assert m["patched_atom"] == "Confirm assign"
    assert m["generated_commitments"] == 3
    g, h = m["generated_lower"], m["hand_lower"]
    assert g["faulty"] == h["faulty"] > 0 and g["false_alarms"] == 0 and g["detected"] >= 0.8 * g["faulty"]
