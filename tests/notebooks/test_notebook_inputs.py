"""How an executed copy records what its notebook read (:mod:`fcpkit.viz.notebook_inputs`): which
opened files count as inputs, how a changed, missing or undeclared input is reported, and a two-cell
notebook executed in a throwaway checkout whose copy records the one data file it read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="the notebooks extra: pip install 'fcpkit[notebooks]'")
pytest.importorskip("plotly", reason="the notebooks extra: pip install 'fcpkit[notebooks]'")

from fcpkit.viz import notebook_inputs as ni  # noqa: E402


def _checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    for rel, text in {"data/numbers.json": "[1, 2, 3]", "data/other.csv": "a\n1\n", "pkg/mod.py": "x = 1\n",
                      ".git/HEAD": "ref", "data/__pycache__/x.json": "{}"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def _notebook(path: Path, data: Path) -> Path:
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "language": "python",
                                                           "display_name": "Python 3"}})
    params = nbformat.v4.new_code_cell('metrics_path = "m.json"')
    params.metadata["tags"] = ["parameters"]
    nb.cells = [params, nbformat.v4.new_code_cell(
        f"import json\nvalues = json.load(open({str(data)!r}))\nopen('made.txt', 'w').write(str(sum(values)))\n"
        "open('made.txt').read()")]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def test_inputs_are_data_read_in_the_checkout_not_code_hidden_folders_or_what_the_run_wrote(tmp_path):
    root = _checkout(tmp_path)
    outside_tmp = tmp_path / "scratch.json"  # the temporary folder holds no inputs
    outside_tmp.write_text("{}")
    made = root / "data" / "made.json"
    made.write_text("{}")
    read = {root / "data/numbers.json", root / "pkg/mod.py", root / ".git/HEAD", root / "data/__pycache__/x.json",
            root / "data", made, outside_tmp, Path(os.__file__)}
    assert ni.data_inputs(read, {made}, root) == [(root / "data/numbers.json").resolve()]
    records = ni.input_records(ni.data_inputs(read, {made}, root), root)
    assert records == [{"path": "data/numbers.json", "sha256": ni.sha256(root / "data/numbers.json")}]


def test_a_changed_or_missing_input_is_named(tmp_path):
    root = _checkout(tmp_path)
    records = ni.input_records([root / "data/numbers.json", root / "data/other.csv"], root)
    assert ni.stale_inputs(records, root) == []
    (root / "data/numbers.json").write_text("[1, 2, 4]")
    (root / "data/other.csv").unlink()
    problems = ni.stale_inputs(records, root)
    assert len(problems) == 2
    assert problems[0].startswith("data/numbers.json changed since the copy was executed")
    assert problems[1] == "data/other.csv is missing"


def test_the_record_is_checked_against_the_declaration(tmp_path):
    root = _checkout(tmp_path)
    records = ni.input_records([root / "data/numbers.json", root / "data/other.csv"], root)
    assert ni.declaration_problems("01_x", records, root, {"01_x": ("data/*.json", "data/other.csv")}) == []
    assert ni.declaration_problems("01_x", records, root, {"01_x": ("data/*.json", "data/gone.csv")}) == [
        "declares data/gone.csv but read no such file", "read data/other.csv, which DECLARED does not declare"]
    (root / "data/new.json").write_text("{}")  # the notebook would read it now
    assert ni.declaration_problems("01_x", records, root, {"01_x": ("data/*.json", "data/other.csv")}) == [
        "data/new.json matches what it declares but was not read (added since?)"]
    assert "no inputs declared" in ni.declaration_problems("02_y", records, root, {})[0]


def test_a_copy_without_inputs_or_without_a_copy_is_reported(tmp_path):
    root = _checkout(tmp_path)
    source = _notebook(root / "notebooks/01_x.ipynb", root / "data/numbers.json")
    assert "has no executed copy" in ni.copy_problems(source, tmp_path / "docs/01_x.ipynb", root)[0]
    copy = _notebook(tmp_path / "docs/01_x.ipynb", root / "data/numbers.json")
    assert ni.copy_problems(source, copy, root) == ["01_x.ipynb records no inputs (metadata.fcpkit.inputs)"]


def test_an_executed_copy_records_the_file_its_kernel_read(tmp_path, kernel_name):
    pytest.importorskip("papermill")
    from fcpkit.viz.notebooks import execute_notebooks

    root = _checkout(tmp_path)
    source = _notebook(root / "notebooks/01_tiny.ipynb", root / "data/numbers.json")
    before = os.environ.get("PYTHONSTARTUP")
    [run] = execute_notebooks(out_dir=tmp_path / "docs", static_figures=False, kernel_name=kernel_name,
                              folder=root / "notebooks", root=root)
    assert os.environ.get("PYTHONSTARTUP") == before  # the recording's startup file is unset again
    copy = tmp_path / "docs/01_tiny.ipynb"
    assert ni.recorded_inputs(copy) == [  # the data it read and its source; not the file it wrote, not code
        {"path": "data/numbers.json", "sha256": ni.sha256(root / "data/numbers.json")},
        {"path": "notebooks/01_tiny.ipynb", "sha256": ni.sha256(source)}]
    assert run.inputs == 2 and "no inputs declared for 01_tiny" in run.note
    declared = {"01_tiny": ("data/numbers.json",)}
    assert ni.copy_problems(source, copy, root, declared) == []
    (root / "data/numbers.json").write_text("[1, 2, 3, 4]")
    assert ni.copy_problems(source, copy, root, declared)[0].startswith("data/numbers.json changed")
