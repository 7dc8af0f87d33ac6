"""Execute notebooks/04_detection_benchmark.ipynb with papermill on small settings and assert its metrics.

Same approach as ``tests/notebooks/test_notebooks.py``: the ``kernel_name`` fixture (tests/conftest.py) is
the ``python3`` kernelspec when it resolves to this interpreter, otherwise a throwaway kernelspec for
this interpreter under ``tmp_path`` on ``JUPYTER_PATH``; the assertions are on the metrics JSON the
notebook writes to its ``metrics_path`` parameter.
"""

from __future__ import annotations

import json
import sys

import pytest
from _support.paths import ROOT

papermill = pytest.importorskip("papermill")
pytest.importorskip("ipykernel")
pytest.importorskip("plotly")

from _support.notebooks import fixed_width_figures  # noqa: E402 - imports papermill

NOTEBOOK = ROOT / "notebooks" / "04_detection_benchmark.ipynb"
CORPUS = ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl"

def test_04_opens_with_teaching_note_and_parameters():
    import nbformat

    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert nb.cells[0].cell_type == "markdown" and "teaches" in nb.cells[0].source
    params = nb.cells[1]
    assert "parameters" in params.metadata.get("tags", [])
    for name in ("corpora", "matchers", "metrics_path", "out_dir", "sweep"):
        assert f"{name} =" in params.source, name


@pytest.mark.skipif(not CORPUS.exists(), reason="example corpus not written yet")
def test_04_detection_benchmark(tmp_path, kernel_name):
    metrics_path = tmp_path / "04.metrics.json"
    out_dir = tmp_path / "out"
    papermill.execute_notebook(
        str(NOTEBOOK), str(tmp_path / "04.out.ipynb"),
        parameters={"metrics_path": str(metrics_path), "corpora": [str(CORPUS)], "matchers": ["lexical"],
                    "out_dir": str(out_dir), "sweep": True, "tau_shifts": [-0.15, 0.0, 0.1],
                    "delta_scales": [1.0, 1.5]},
        kernel_name=kernel_name, cwd=str(NOTEBOOK.parent), progress_bar=False, execution_timeout=120,
    )
    m = json.loads(metrics_path.read_text())
    assert m["python_prefix"] == sys.prefix  # the notebook ran in this venv
    assert m["matchers"] == ["lexical"]

    # the full configuration at the lower bound (no verifier at all): most faults, no false alarm
    full = m["full_lower"]
    assert full["faulty"] > 0 and full["healthy"] > 0
    assert full["detection_rate"] >= 0.8
    assert full["false_alarms"] == 0 and full["false_alarm_rate"] == 0.0
    assert full["before_write_share"] > 0.5
    # an oracle verifier only adds catches
    assert m["full_upper"]["detected"] >= full["detected"] and m["full_upper"]["false_alarms"] == 0
    # the paper's ablation: confirming evidence alone never repairs when escalations keep going
    assert m["confirming_only_lower_detection_rate"] == 0.0
    assert m["confirming_only_upper_detection_rate"] > 0.0
    # each layer (step falsifiers, plan falsifiers, rules) adds catches at the lower bound
    rates = m["arm_detection_rate"]
    assert (rates["confirming-only/lower"] < rates["step-falsifiers/lower"] <= rates["+plan-falsifiers/lower"]
            <= rates["+rules/lower"])
    assert rates["outcome/lower"] == 1.0
    # catching before the first write: the full arm beats the end-of-run outcome check
    assert m["before_write_lower"]["+rules"] > m["before_write_lower"]["outcome"]
    # every fault class is caught at least once by the full configuration at the lower bound
    assert set(m["full_lower_by_fault"]) == set(m["fault_classes"]) and len(m["fault_classes"]) >= 5
    assert all(not v.startswith("0/") for v in m["full_lower_by_fault"].values())

    # the sweep: 3 x 2 grid; lowering both tau gates never reduces alarms
    assert m["sweep_points"] == 6
    sw = m["sweep_full_lower"]
    assert sw["paper_detection_rate"] == pytest.approx(full["detection_rate"])
    assert sw["max_alarms"] >= sw["paper_alarms"] >= sw["min_alarms"]
    # telemetry: over-broad falsifiers are counted and reported, decorative ones too
    assert m["over_broad_falsifiers"] >= 1
    assert m["telemetry_status_lower"].get("decorative", 0) >= 1
    assert sum(m["telemetry_status_lower"].values()) >= m["over_broad_falsifiers"] + m["decorative_falsifiers"]
    # the figures take the notebook panel's width (beside the file browser it is narrower than 1100 px)
    assert not fixed_width_figures(tmp_path / "04.out.ipynb")
    # leave-one-workflow-out keeps the full arm's lower bound free of false alarms
    assert m["lowo"]["lower"]["false_alarms"] == 0
    assert m["lowo"]["lower"]["detection_rate"] >= 0.8

    # tables and figures written under out_dir
    assert (out_dir / "tables" / "detection_arms.csv").exists()
    assert (out_dir / "figures" / "detection_by_arm_fault.html").exists()
