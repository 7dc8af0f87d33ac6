"""Execute notebooks/08_your_own_runs.ipynb with papermill on the committed BrowserGym study and assert
what it found: every experiment folder opened as an unlabelled run, checked with no plan and with the
drafts `fcpkit plan --for` wrote, and a run shown in the step viewer with its screenshots."""

from __future__ import annotations

import pytest
from _support.notebooks import opens_with_teaching_note_and_parameters, run_notebook

from fcpkit_lab import data as lab_data

pytest.importorskip("papermill")
pytest.importorskip("ipykernel")

NAME = "08_your_own_runs"
STUDY = lab_data.root() / "browsergym" / "miniwob_study"


def test_08_opens_checks_drafts_and_views_the_committed_study(tmp_path, kernel_name):
    opens_with_teaching_note_and_parameters(NAME)
    m = run_notebook(NAME, tmp_path, kernel_name, drafts_dir=str(tmp_path / "drafts"))
    folders = sum(1 for _ in STUDY.glob("*/exp_args.pkl"))
    assert folders >= 20 and m["n_runs"] == folders  # every experiment opened, none skipped
    assert 0 < m["solved"] < m["n_runs"]  # solved runs beside failed ones
    assert m["labelled"] == 0 and m["bare_unlabelled"] == m["planned_unlabelled"] == folders
    assert m["bare_false_alarm_rate"] is None  # nobody said which runs are healthy
    assert m["screenshots"] >= m["n_runs"]
    assert m["draft_plans"] >= 1 and m["planned_runs"] >= 1
    assert m["viewer_frames"] > 0 and m["viewer_index"] == m["viewer_frames"] - 1
    assert m["viewer_screenshots"] == m["viewer_frames"]  # each check beside its page's screenshot
    if m["planned_findings"]:
        assert m["viewer_detected"] is True
