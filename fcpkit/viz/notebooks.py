"""Executed copies of the notebooks, with outputs, for readers who do not run them.

:func:`execute_notebooks` runs each notebook of ``notebooks/`` top to bottom with papermill in a
scratch folder (its logs, metrics and temporary files stay there) and writes the executed copy to
``docs/notebooks/``. Every plotly figure in the outputs also gets a static PNG beside its interactive
spec (exported in one Chromium with kaleido, see :mod:`fcpkit.viz.png`), since GitHub and other
viewers without JavaScript draw only the PNG; widgets carry their own static HTML copy
(``StepViewer.snapshot_html``). ``fcpkit notebooks --execute`` and ``make notebooks`` call it.

Each copy also records what the notebook read, with every file's sha256, in its metadata
(``metadata["fcpkit"]["inputs"]``), so that a test can tell a copy older than its inputs: see
:mod:`fcpkit.viz.notebook_inputs` for how the inputs are known (the files the kernel opened, checked
against a declared list) and why.
"""

from __future__ import annotations

import base64
import json
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import nbformat
import plotly.graph_objects as go

from fcpkit.errors import ConfigError
from fcpkit.viz import notebook_inputs
from fcpkit.viz import png as png_export

__all__ = ["NOTEBOOKS", "DOCS", "NotebookRun", "notebook_paths", "execute_notebooks", "add_static_figures"]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
DOCS = ROOT / "docs" / "notebooks"
PLOTLY_MIME = "application/vnd.plotly.v1+json"


@dataclass(frozen=True)
class NotebookRun:
    """One executed notebook: where it went, how long it took, how many static figures it got, how many
    input files it recorded (``note`` says what went short: figures without a PNG, inputs not as declared)."""

    name: str
    out: Path
    seconds: float
    figures: int
    static_figures: int
    note: str | None = None
    inputs: int = 0


def notebook_paths(names: Sequence[str] = (), folder: Path = NOTEBOOKS) -> list[Path]:
    """The notebooks named (by file name, stem or number prefix such as ``02``), or all of them."""
    found = sorted(folder.glob("[0-9][0-9]_*.ipynb"))
    if not names:
        return found
    picked = []
    for n in names:
        match = [p for p in found if n in (p.name, p.stem) or p.stem.startswith(f"{n}_")]
        if not match:
            raise ConfigError(f"no notebook {n!r} in {folder}; known: {', '.join(p.stem for p in found)}")
        picked.extend(m for m in match if m not in picked)
    return picked


def execute_notebooks(
    names: Sequence[str] = (),
    out_dir: str | Path = DOCS,
    *,
    parameters: Mapping[str, Mapping[str, Any]] | None = None,
    static_figures: bool = True,
    timeout_s: int = 900,
    kernel_name: str | None = None,
    on_start: Callable[[Path], None] | None = None,
    on_done: Callable[[NotebookRun], None] | None = None,
    folder: Path = NOTEBOOKS,
    root: Path = ROOT,
) -> list[NotebookRun]:
    """Execute each notebook of ``folder`` with papermill and write the copy with outputs to ``out_dir``.

    ``parameters`` maps a notebook stem to papermill parameters (default: each notebook's own
    defaults, plus metrics and logs in the scratch folder). A failing notebook raises
    :class:`fcpkit.errors.ConfigError` naming it and the cell's error; copies already written stay.
    Each copy records the files the notebook read (relative to the checkout ``root``) with their
    sha256 (:mod:`fcpkit.viz.notebook_inputs`); where the notebook ran on its default parameters and
    what it read differs from what it declares, the run's ``note`` says so.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    runs = []
    for path in notebook_paths(names, folder):
        if on_start is not None:
            on_start(path)
        own = dict((parameters or {}).get(path.stem, {}))
        dest = out / path.name
        seconds, records = _execute(path, dest, own, timeout_s, kernel_name, Path(root).resolve())
        figures, static, note = add_static_figures(dest) if static_figures else (0, 0, "static figures off")
        notebook_inputs.record_inputs(dest, records)
        if not own:  # parameters may choose other inputs than the declared defaults
            source = notebook_inputs.input_name(path, root)
            mismatch = notebook_inputs.declaration_problems(path.stem, records, root, source=source)
            note = "; ".join(filter(None, [note, *mismatch])) or None
        run = NotebookRun(path.stem, dest, round(seconds, 1), figures, static, note, len(records))
        runs.append(run)
        if on_done is not None:
            on_done(run)
    return runs


def _execute(path: Path, dest: Path, own: Mapping[str, Any], timeout_s: int, kernel_name: str | None,
             root: Path) -> tuple[float, list[dict[str, str]]]:
    """Run one notebook in a scratch folder, its kernel logging the files it opens: the seconds it
    took and the records of its inputs, the source notebook among them."""
    import papermill

    with tempfile.TemporaryDirectory(prefix=f"fcp-{path.stem[:2]}-") as scratch:
        params = {"metrics_path": str(Path(scratch) / "metrics.json"), **own}
        t0 = time.perf_counter()
        try:
            with notebook_inputs.recording_opens(Path(scratch) / "opened.log") as log:
                papermill.execute_notebook(str(path), str(dest), parameters=params, cwd=scratch, progress_bar=False,
                                           kernel_name=kernel_name, execution_timeout=timeout_s)
        except papermill.PapermillExecutionError as exc:
            raise ConfigError(f"{path.name}: cell {exc.exec_count} raised {exc.ename}: {exc.evalue} "
                              f"(the partial copy is {dest})") from None
        seconds = time.perf_counter() - t0
        read, written = notebook_inputs.read_opens(log)
        inputs = notebook_inputs.data_inputs(read | {path}, written, root)
        return seconds, notebook_inputs.input_records(inputs, root)


def add_static_figures(path: str | Path) -> tuple[int, int, str | None]:
    """Add an ``image/png`` beside every plotly figure output of the notebook at ``path`` (in place).

    Returns ``(figures, exported, note)``; ``note`` says why figures have no PNG (no kaleido or no
    Chromium: the interactive spec is kept either way).
    """
    p = Path(path)
    nb = nbformat.read(p, as_version=4)
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])
               if PLOTLY_MIME in o.get("data", {})]
    if not outputs:
        return 0, 0, None
    with tempfile.TemporaryDirectory(prefix="fcp-png-") as tmp:
        items = []
        for i, o in enumerate(outputs):
            spec = o["data"][PLOTLY_MIME]
            spec = json.loads(spec) if isinstance(spec, str) else spec
            items.append((go.Figure({"data": spec.get("data", []), "layout": spec.get("layout", {})}),
                          Path(tmp) / f"fig{i:03d}.png"))
        written = png_export.save_pngs(items)
        done = 0
        for o, png in zip(outputs, written):
            if png is not None:
                o["data"]["image/png"] = base64.b64encode(png.read_bytes()).decode()
                done += 1
    nbformat.write(nb, p)
    return len(outputs), done, None if done == len(outputs) else png_export.last_error
