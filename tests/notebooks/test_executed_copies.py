"""Every notebook has an executed copy in ``docs/notebooks/``, and every copy is current: the files it
read (recorded with their sha256 in its metadata by ``fcpkit notebooks --execute``, see
:mod:`fcpkit.viz.notebook_inputs`) are unchanged, and they are what the notebook declares it reads.

Fast: it reads the copies' metadata and hashes the files; nothing is executed. A failure names the
notebook and the file; ``fcpkit notebooks --execute NN`` (or ``make notebooks``) regenerates the copy.
"""

from __future__ import annotations

import pytest

pytest.importorskip("nbformat", reason="the notebooks extra: pip install 'fcpkit[notebooks]'")
pytest.importorskip("plotly", reason="the notebooks extra: pip install 'fcpkit[notebooks]'")

from fcpkit.viz.notebook_inputs import copy_problems  # noqa: E402
from fcpkit.viz.notebooks import DOCS, ROOT, notebook_paths  # noqa: E402

SOURCES = notebook_paths()


def test_there_are_notebooks_to_check():
    assert len(SOURCES) >= 9


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_the_executed_copy_records_current_inputs(source):
    problems = copy_problems(source, DOCS / source.name, ROOT)
    assert not problems, (f"docs/notebooks/{source.name} is stale: " + "; ".join(problems)
                          + f" (regenerate it: fcpkit notebooks --execute {source.stem[:2]})")


def test_every_executed_copy_has_its_notebook():
    orphans = sorted({p.name for p in DOCS.glob("*.ipynb")} - {p.name for p in SOURCES})
    assert not orphans, f"executed copies without a notebook in notebooks/: {orphans}"
