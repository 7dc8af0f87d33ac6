"""Execute notebooks/09_prompt_lab.ipynb with papermill on two external corpora (three tasks), answers
replayed from the committed live round, and assert what the lab showed: both versions' plans scored
beside the hand-written, state-machine and no-plan rows, the table changed by the edit, an unrecorded edit
reported as unanswered (nothing cached), and the saved file loading as the edited version."""

from __future__ import annotations

import pytest
from _support.notebooks import opens_with_teaching_note_and_parameters, run_notebook

pytest.importorskip("papermill")
pytest.importorskip("ipykernel")

NAME = "09_prompt_lab"


def test_09_edit_a_part_regenerate_from_replayed_answers_and_the_table_changes(tmp_path, kernel_name):
    opens_with_teaching_note_and_parameters(NAME)
    m = run_notebook(NAME, tmp_path, kernel_name, corpora="external-hr-leave,harborline-crm")
    assert m["tasks"] == 3 and m["corpora"] == ["external-hr-leave", "harborline-crm"]
    before, after = m["before"], m["after"]
    baselines = ["hand-written", "state machine", "no plan (built-ins and rules)"]
    assert [r["source"] for r in before[2:]] == baselines == [r["source"] for r in after[2:]]
    same = lambda r: {k: v for k, v in r.items() if k != "source"}  # noqa: E731
    assert same(before[0]) == same(before[1]) and before[0]["source"].startswith("packaged")  # nothing edited yet
    assert before[0]["valid"] == 3  # the recorded SmolLM2 answers are plans (replayed, not asked)
    assert after[1]["source"].startswith("one-example") and m["edited_hash"] == m["example_hash"]
    assert after[0] == before[0] and after[2:] == before[2:]  # only the edited version's row moved
    assert after[1] != before[1] and m["table_after"] != m["table_before"] and m["changed_tasks"] >= 1
    assert all(r["faulty"] + r["healthy"] == m["runs"] for r in after)  # every row against all the runs
    assert m["unseen_valid"] == 0 and m["unseen_missing"] == 3  # a prompt never recorded: no answer, nothing cached
    assert m["saved_hash"] == m["example_hash"]
