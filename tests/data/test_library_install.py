"""``fcpkit`` alone, installed from its wheel into a fresh virtual environment, checks a corpus.

What a user gets from ``pip install fcpkit``: the wheel built from this checkout, installed with
no dependency resolution into a venv that sees no other site-packages (``--system-site-packages``
would see the lab), its base dependencies (numpy, pyyaml, click, rich, and what they need) made
importable through one ``.pth`` file that names a folder holding only those packages (links to
this interpreter's copies). No network: the wheel is built without build isolation and installed
``--no-index``. Then ``fcpkit`` imports, ``fcpkit_lab`` does not, and ``check``, ``explain``,
``lint`` and ``validate`` work on the shipped examples, with ``check --json`` giving what the
checkout gives.
"""

from __future__ import annotations

import importlib.metadata as md
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from _support.paths import ROOT, skip_unless_wheels_build_offline

pytest.importorskip("setuptools")  # the wheel is built without build isolation: no download
Requirement = pytest.importorskip("packaging.requirements").Requirement

TIMINGS = re.compile(r'"(elapsed_ms|[a-z_]*seconds)": *[0-9.eE+-]+')


def _base_closure(dist: str) -> list[md.Distribution]:
    """``dist``'s requirements without extras, and theirs, as installed here."""
    seen: dict[str, md.Distribution] = {}
    todo = list(md.requires(dist) or [])
    while todo:
        req = Requirement(todo.pop())
        name = req.name.lower().replace("_", "-")
        if name in seen or (req.marker is not None and not req.marker.evaluate({"extra": ""})):
            continue
        d = md.distribution(name)
        seen[name] = d
        todo += list(d.requires or [])
    return list(seen.values())


def _top_levels(d: md.Distribution) -> set[str]:
    tops = set()
    for f in d.files or []:
        top = f.parts[0]
        if top.endswith((".dist-info", ".egg-info", ".pth")) or top in ("..", "__pycache__", "bin"):
            continue
        tops.add(top)
    return tops


def _run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    skip_unless_wheels_build_offline()
    tmp = tmp_path_factory.mktemp("library-only")
    src = tmp / "src"  # a copy, so the build writes nothing into the checkout
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "fcpkit", src / "fcpkit", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    r = _run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q", "-w", str(tmp / "wheel"), str(src)])
    assert r.returncode == 0, r.stderr[-2000:]
    wheel = next((tmp / "wheel").glob("fcpkit-*.whl"))
    venv = tmp / "venv"
    r = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    assert r.returncode == 0, r.stderr[-2000:]
    py = venv / "bin" / "python"
    r = _run([*pip, "--python", str(py), "install", "--no-deps", "--no-index", "-q", str(wheel)])
    assert r.returncode == 0, r.stderr[-2000:]
    # the base dependencies, and only them, from this interpreter's copies
    deps = tmp / "deps"
    deps.mkdir()
    for d in _base_closure("fcpkit"):
        for top in _top_levels(d):
            target = Path(d.locate_file(top))
            if target.exists() and not (deps / top).exists():
                (deps / top).symlink_to(target)
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    (site / "fcpkit-base-deps.pth").write_text(f"{deps}\n")
    return venv


def _fcpkit(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(venv / "bin" / "fcpkit"), *args], capture_output=True, text=True, timeout=120,
                          cwd=cwd, env=env)


def test_the_library_alone_imports_and_never_finds_the_lab(fresh, tmp_path):
    code = ("import importlib.util, fcpkit, fcpkit.cli; print(fcpkit.__file__); "
            "print(importlib.util.find_spec('fcpkit_lab'), importlib.util.find_spec('pandas'))")
    r = subprocess.run([str(fresh / "bin" / "python"), "-c", code], capture_output=True, text=True, timeout=60,
                       cwd=tmp_path, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert r.returncode == 0, r.stderr[-2000:]
    where, specs = r.stdout.splitlines()
    assert str(fresh) in where and specs == "None None"


def test_check_explain_lint_and_validate_work_on_the_shipped_examples(fresh, tmp_path):
    r = _fcpkit(fresh, "data", "examples/corpus.jsonl", cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    corpus = Path(r.stdout.strip())
    assert str(fresh) in str(corpus) and corpus.exists()  # the wheel's copy, not the checkout's
    plans = sorted((corpus.parent / "plans").glob("*.yaml"))

    check = _fcpkit(fresh, "check", str(corpus), "--json", cwd=tmp_path)
    assert check.returncode == 0, check.stderr[-2000:]
    here = subprocess.run([sys.executable, "-m", "fcpkit", "check", str(ROOT / "fcpkit/data/examples/corpus.jsonl"),
                           "--json"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert here.returncode == 0, here.stderr[-2000:]
    assert TIMINGS.sub("t", check.stdout) == TIMINGS.sub("t", here.stdout)
    assert len([json.loads(ln) for ln in check.stdout.splitlines() if ln.startswith("{")]) > 0

    validate = _fcpkit(fresh, "validate", str(corpus), *map(str, plans), cwd=tmp_path)
    assert validate.returncode == 0, validate.stdout + validate.stderr
    lint = _fcpkit(fresh, "lint", *map(str, plans), cwd=tmp_path)
    assert lint.returncode in (0, 1) and "Traceback" not in lint.stderr, lint.stderr[-2000:]
    first = json.loads(check.stdout.splitlines()[0])["id"]
    explain = _fcpkit(fresh, "explain", "--page", f"{corpus}:{first}:1", "--json", "the ticket is open", cwd=tmp_path)
    assert explain.returncode == 0, explain.stderr[-2000:]
    assert json.loads(explain.stdout.splitlines()[0])

    broken = _fcpkit(fresh, "validate", str(corpus.parent / "broken" / "plan_duplicate_id.yaml"), cwd=tmp_path)
    assert broken.returncode != 0 and "Traceback" not in broken.stderr
    lab = _fcpkit(fresh, "demo", cwd=tmp_path)  # a lab command says how to install the lab
    assert lab.returncode == 2 and "fcpkit-lab" in lab.stdout + lab.stderr
