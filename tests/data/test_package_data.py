"""Every default the package names is package data: it resolves inside fcpkit/data/, exists, and
is in the wheel that pyproject.toml builds (so ``pip install fcpkit`` has its defaults)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from fcpkit import data
from fcpkit.matching.lexical.matcher import _BACKGROUND
from fcpkit.matching.paraphrase import DEFAULT_SUITE, load_suite
from _support.paths import ROOT, skip_unless_wheels_build_offline, cli_path_defaults as _cli_path_defaults, in_library_data, shipped_name as _shipped

# the lab's defaults (experience, verifier, engine, injection) are checked by the lab's tests
MODULE_DEFAULTS = {
    "paraphrase suite": [DEFAULT_SUITE],
    "background vocabulary": [_BACKGROUND],
}


def test_every_absolute_cli_default_is_shipped_package_data():
    # the commands whose inputs default to shipped data are the lab's (its tests require the walk
    # to find them); the rest are output folders under the working directory
    shipped = {k: v for k, v in _cli_path_defaults().items() if v.is_absolute()}
    for where, p in shipped.items():
        assert p.exists() and _shipped(p), where


def test_relative_cli_defaults_are_outputs_that_never_name_the_package_data():
    for where, p in _cli_path_defaults().items():
        if not p.is_absolute():
            assert p.parts[0] in ("runs", "data") and "fcpkit" not in p.parts, where
            assert p.parts[:2] != ("data", "examples"), where


@pytest.mark.parametrize("what", sorted(MODULE_DEFAULTS))
def test_module_defaults_resolve_inside_the_package(what):
    for p in MODULE_DEFAULTS[what]:
        assert p.exists(), (what, p)
        assert _shipped(p), (what, p)


def test_the_paraphrase_suite_loads_with_or_without_the_recorded_corpora():
    # its pages are steps of the lab's recorded corpora (lab/tests/data checks it finds them); with
    # the lab absent those pages are reported as skipped, never an error
    suite = load_suite()
    names = {ref.split(":")[0] for ref in yaml.safe_load(DEFAULT_SUITE.read_text())["pages"].values()}
    assert {"workbench", "miniwob"} <= names
    assert suite.cases


#: What the library's package data may hold (issue 28): the example corpus and its broken copies,
#: the experience libraries, the paraphrase suite, the lexical vocabulary, the verifier cases and
#: the injection texts. Recorded runs and crawled state machines are the lab's (fcpkit_lab/data).
LIBRARY_DATA = {"examples", "libraries", "paraphrase", "lexical", "verifier", "adversarial"}


def _is_trajectory(line: str) -> bool:
    try:
        obj = json.loads(line)
    except ValueError:
        return False
    return isinstance(obj, dict) and "steps" in obj


def test_the_package_data_holds_no_recorded_corpus_and_no_state_machine():
    top = {n.split("/", 1)[0] for n in data.names() if "/" in n}
    assert top <= LIBRARY_DATA, f"fcpkit/data/ holds {sorted(top - LIBRARY_DATA)}: recorded data belongs in lab/fcpkit_lab/data/"
    for name in data.names():
        p = data.path(name)
        if name.endswith(".jsonl") and not name.startswith("examples/"):
            first = next((ln for ln in p.read_text("utf-8").splitlines() if ln.strip()), "")
            assert not _is_trajectory(first), f"{name} is a trajectory corpus outside examples/"
        if name.endswith(".yaml") and not name.startswith("examples/broken/"):  # broken on purpose
            doc = yaml.safe_load(p.read_text("utf-8"))
            assert not (isinstance(doc, dict) and "smg" in doc), f"{name} is a state machine"
    # the example corpus is written by hand (43 runs); a recording is thousands of pages
    assert sum(data.path(n).stat().st_size for n in data.names()) < 2_500_000


def _wheel(tmp_path: Path) -> zipfile.ZipFile:
    """Build the wheel from a copy of the source (the checkout stays untouched), offline."""
    skip_unless_wheels_build_offline()
    src = tmp_path / "src"
    shutil.copytree(ROOT / "fcpkit", src / "fcpkit", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    out = tmp_path / "wheel"
    code = f"from setuptools import build_meta; print(build_meta.build_wheel({str(out)!r}))"
    r = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    return zipfile.ZipFile(out / r.stdout.strip().splitlines()[-1])


def test_the_wheel_carries_every_default_and_every_shipped_file(tmp_path):
    members = set(_wheel(tmp_path).namelist())
    missing = [n for n in data.names() if f"fcpkit/data/{n}" not in members]
    assert missing == []
    # the lab's defaults (its recordings) are in its own distribution, checked by its tests
    defaults = [*MODULE_DEFAULTS.values(), [p for p in _cli_path_defaults().values() if p.is_absolute()]]
    for p in (q for group in defaults for q in group if in_library_data(q)):
        name = _shipped(p)
        assert f"fcpkit/data/{name}" in members or any(m.startswith(f"fcpkit/data/{name}/") for m in members), name
    assert "fcpkit/data/__init__.py" in members
    assert not [m for m in members if m.startswith(("fcpkit/data/results/", "fcpkit/data/heldout/"))]
    assert not [m for m in members if m.startswith(("fcpkit/data/workbench/", "fcpkit/data/miniwob/", "fcpkit/data/smg/"))]
