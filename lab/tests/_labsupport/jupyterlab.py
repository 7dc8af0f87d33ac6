"""Notebooks in a real JupyterLab, for the browser tests: a parameterised copy of a notebook in the
lab's folder, and screenshots kept out of the checked-out tree.

Screenshots go to a temporary folder, so that a test run leaves the tree as it was;
``FCPKIT_SHOTS_DIR=figures/notebooks`` refreshes the ones the README shows.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from _support.paths import ROOT

NOTEBOOKS = ROOT / "notebooks"
SHOTS = Path(os.environ.get("FCPKIT_SHOTS_DIR") or Path(tempfile.gettempdir()) / "fcpkit-notebook-shots")


def prepare_notebook(lab: Any, name: str, **params: Any) -> str:
    """A copy of ``notebooks/<name>.ipynb`` in the lab's folder with the parameters set in a cell right
    after its ``parameters`` cell (as papermill injects them), and its kernel started. Returns its path
    relative to the lab's folder."""
    import nbformat

    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    at = next(i for i, c in enumerate(nb.cells) if "parameters" in c.metadata.get("tags", []))
    src = "# Parameters of this browser test\n" + "\n".join(f"{k} = {v!r}" for k, v in params.items())
    nb.cells.insert(at + 1, nbformat.v4.new_code_cell(src, metadata={"tags": ["injected-parameters"]}))
    path = f"{name}.ipynb"
    nbformat.write(nb, lab.root / path)
    lab.start_kernel_for(path)
    return path


def shot(target: Any, name: str) -> Path:
    """Screenshot a Playwright locator (scrolled into view) or a whole page into :data:`SHOTS`, the
    mouse parked in a corner (no hover: plotly's mode bar stays hidden)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = getattr(target, "page", target)
    if target is not page:
        target.scroll_into_view_if_needed()
    page.mouse.move(2, 2)
    path = SHOTS / name
    target.screenshot(path=str(path))
    return path
