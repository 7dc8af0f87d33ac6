"""Running a notebook in the tests: papermill on this venv's kernel, the metrics it records, and
the shape every notebook shares (a teaching note, then a parameters cell)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import papermill

from _support.paths import ROOT

NOTEBOOKS = ROOT / "notebooks"


def run_notebook(name: str, tmp_path: Path, kernel_name: str, **params) -> dict:
    metrics = tmp_path / f"{name}.metrics.json"
    papermill.execute_notebook(
        str(NOTEBOOKS / f"{name}.ipynb"), str(tmp_path / f"{name}.out.ipynb"),
        parameters={"metrics_path": str(metrics), **params}, kernel_name=kernel_name, cwd=str(NOTEBOOKS),
        progress_bar=False, execution_timeout=120,
    )
    data = json.loads(metrics.read_text())
    assert data["python_prefix"] == sys.prefix  # the notebook ran in this venv
    return data


def opens_with_teaching_note_and_parameters(name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    assert nb.cells[0].cell_type == "markdown" and "teaches" in nb.cells[0].source
    assert "parameters" in nb.cells[1].metadata.get("tags", [])
    assert "metrics_path" in nb.cells[1].source


def fixed_width_figures(executed: Path) -> list[str]:
    """The titles of the plotly figures among an executed notebook's outputs that fix their width. A
    notebook panel beside JupyterLab's file browser is about 850 px wide (1280 px screen): a figure
    wider than it loses its right side, legend included; one without a width takes the panel's."""
    nb = nbformat.read(executed, as_version=4)
    specs = [o.get("data", {}).get("application/vnd.plotly.v1+json") for c in nb.cells for o in c.get("outputs", [])]
    return [str((s["layout"].get("title") or {}).get("text", "untitled")) for s in specs
            if s is not None and s["layout"].get("width")]
