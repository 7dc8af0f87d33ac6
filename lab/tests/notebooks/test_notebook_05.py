"""Execute notebooks/05_skill_induction.ipynb with papermill on small settings and assert its metrics.

Small settings: induction from the example corpus, the support workflow only for the held-back live run
and the scaling curve (fractions 0 and 1, one repetition). The live section needs Chromium and the
``[browser]`` extra; without them it is switched off (``run_live=False``) and the rest still runs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from _support.notebooks import NOTEBOOKS
from _support.notebooks import opens_with_teaching_note_and_parameters as _opens_with_teaching_note_and_parameters
from _support.paths import ROOT

papermill = pytest.importorskip("papermill")
pytest.importorskip("bm25s")


def _live_possible() -> bool:
    try:
        import browsergym.core  # noqa: F401
        import playwright  # noqa: F401
    except ImportError:
        return False
    return Path("/usr/bin/chromium").exists()


def test_05_skill_induction(tmp_path, kernel_name):
    name = "05_skill_induction"
    _opens_with_teaching_note_and_parameters(name)
    metrics = tmp_path / "m.json"
    live = _live_possible()
    papermill.execute_notebook(
        str(NOTEBOOKS / f"{name}.ipynb"), str(tmp_path / f"{name}.out.ipynb"),
        parameters={"metrics_path": str(metrics), "corpora": [str(ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl")],
                    "library_dir": str(tmp_path / "lib"), "figures_dir": str(tmp_path / "figs"),
                    "run_live": live, "scaling_workflows": ["support"], "scaling_fractions": [0.0, 1.0],
                    "scaling_repetitions": 1},
        kernel_name=kernel_name, cwd=str(NOTEBOOKS), progress_bar=False, execution_timeout=300,
    )
    m = json.loads(metrics.read_text())
    assert m["python_prefix"] == sys.prefix
    assert m["n_runs"] == 43 and m["n_skills"] > 5 and m["n_failures"] > 20
    assert m["same_as_committed"] is None  # other corpora than the committed libraries'
    assert m["skills_dataset_rows"] == m["n_skills"] and m["failures_dataset_rows"] == m["n_failures"]
    assert m["playground_top"].startswith("support.") and m["playground_hits"] >= 3
    assert m["bm25_only_cosine"] > 0  # λ = 1 re-weights the parts; the cosine is not dropped to 0
    assert m["plan_commitments"] >= 3 and all(s and s.startswith("support.") for s in m["plan_skills"])
    assert m["plan_values"]["record_id"] == "T-433" and m["plan_unfilled"] == 0
    sc = m["scaling"]
    assert sc["handled_with_failures"][0] == 0.0 and sc["handled_with_failures"][-1] > 0.5
    # the notebook says where the two curves coincide (its figure draws both)
    assert sc["same_at"] == [f for f, a, b in zip(sc["fractions"], sc["handled_with_failures"],
                                                  sc["handled_without_failures"]) if a == b]
    assert (tmp_path / "lib" / "skills.jsonl").exists() and (tmp_path / "figs" / "experience_scaling.html").exists()
    if live:
        lv = m["live"]
        assert lv["success"] is True and lv["stop"] == "plan_complete"
        assert all(s.startswith("support.") for s in lv["plan_skills"])
        assert lv["failure_cases"] and lv["failure_cases"][0] and lv["log_hits"] >= 1 and lv["log_retrievals"] >= 2
        assert lv["viewer_frames"] > 0
