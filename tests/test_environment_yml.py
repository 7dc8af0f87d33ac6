"""The conda route and ``make setup`` cannot drift apart: ``environment.yml`` is what
``scripts/environment_yml.py`` writes from the two pyprojects and ``setup.mk``, and every pip call
``make setup`` makes (read from ``make -n``, not from setup.mk) has its counterpart in the file.
No network and no conda: the file is compared as text and read as YAML."""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from _support.paths import ROOT

SCRIPT = ROOT / "scripts" / "environment_yml.py"
INPUTS = ("pyproject.toml", "lab/pyproject.toml", "setup.mk", "environment.yml")


def _script():
    spec = importlib.util.spec_from_file_location("environment_yml", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _copy(tmp_path: Path) -> Path:
    for rel in INPUTS:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    return tmp_path


def test_environment_yml_is_what_the_script_writes():
    diff = _script().stale(ROOT)
    assert not diff, f"environment.yml is stale: run python scripts/environment_yml.py\n{diff}"


def test_a_change_to_a_pyproject_or_to_setup_mk_is_named(tmp_path):
    mod, root = _script(), _copy(tmp_path)
    lab = root / "lab" / "pyproject.toml"
    lab.write_text(lab.read_text().replace("dependencies = [\n", 'dependencies = [\n  "newdep>=1",\n', 1))
    setup = root / "setup.mk"
    setup.write_text(setup.read_text().replace("NO_DEPS := ", "NO_DEPS := newweights ", 1))
    diff = mod.stale(root)
    assert "+  - newdep>=1" in diff and "pip install --no-deps newweights" in diff
    setup.write_text(setup.read_text() + "ifdef X\n")
    with pytest.raises(mod.EnvFileError, match="setup.mk:.*not a `NAME := value` line"):
        mod.render(root)
    setup.write_text(setup.read_text().replace("ifdef X\n", "").replace("SETUP_PYTHON := 3.11", "SETUP_PYTHON := 3.9"))
    with pytest.raises(mod.EnvFileError, match="SETUP_PYTHON 3.9 is outside"):
        mod.render(root)


def _make_setup_calls(tmp_path: Path) -> list[list[str]]:
    """The shell lines ``make setup`` would run on a fresh venv, as words (comments dropped)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    # not the flags of a `make test` this may run under (its jobserver, its variables)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
    r = subprocess.run(["make", "-n", "-B", "setup", f"VENV={tmp_path / 'venv'}"], cwd=ROOT, capture_output=True,
                       text=True, timeout=60, env=env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.replace("\\\n", " ").splitlines()
    return [shlex.split(line, comments=True) for line in lines if line.strip() and not line.startswith("#")]


def _post_create(text: str) -> list[list[str]]:
    """The commands the file's header says to run (lines indented under ``#``), as words."""
    header = [line[1:] for line in text.splitlines() if line.startswith("#   ")]
    return [shlex.split(line, comments=True) for line in header]


def _closure(target: str) -> set[str]:
    """Canonical names of what ``pip install -e TARGET`` pulls in through the pyprojects, the two
    distributions themselves left out (they are the editable installs)."""
    projects = {}
    for rel in ("pyproject.toml", "lab/pyproject.toml"):
        p = tomllib.loads((ROOT / rel).read_text())["project"]
        projects[canonicalize_name(p["name"])] = p
    path, _, extras = target.partition("[")
    name = canonicalize_name(tomllib.loads((ROOT / path / "pyproject.toml").read_text())["project"]["name"])
    todo, seen, out = [(name, extras.rstrip("]"))], set(), set()
    while todo:
        name, extras = todo.pop()
        project = projects[name]
        for line in project["dependencies"] + [r for e in extras.split(",") if e for r in project["optional-dependencies"][e]]:
            req = Requirement(line)
            dep = canonicalize_name(req.name)
            if dep not in projects:
                out.add(dep)
            elif (dep, key := ",".join(sorted(req.extras))) not in seen:
                seen.add((dep, key))
                todo.append((dep, key))
    return out


def _listed(req: Requirement, pip: dict[str, Requirement]) -> bool:
    """``req`` is in the pip list, with every clause of its specifier (the list may add others)."""
    have = pip.get(canonicalize_name(req.name))
    return have is not None and set(req.specifier) <= set(have.specifier)


def test_every_pip_call_of_make_setup_is_in_the_environment_file(tmp_path):
    """A plain requirement is in the pip list with its specifier; ``--upgrade pip`` is conda's pip;
    any other call (editable, ``--no-deps``) is a post-create command of the header, word for word
    but for ``-q`` and the venv's path; a variable set on a call is under ``variables:`` and on the
    create command; Debian's Chromium is installed after. A call of another kind fails here, so a
    new step of ``make setup`` cannot be left out of the conda route."""
    text = (ROOT / "environment.yml").read_text()
    env = yaml.safe_load(text)
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    pip = {canonicalize_name(Requirement(r).name): Requirement(r)
           for d in env["dependencies"] if isinstance(d, dict) for r in d["pip"]}
    after = _post_create(text)
    missing = []
    calls = _make_setup_calls(tmp_path)
    for words in calls:
        if "install" not in words or not any(w.endswith("/pip") for w in words):
            continue
        i = next(i for i, w in enumerate(words) if w.endswith("/pip"))
        assigned = dict(w.split("=", 1) for w in words[:i])
        args = [w for w in words[i + 2:] if w != "-q"]
        for var, value in assigned.items():
            if env.get("variables", {}).get(var) != value or not any(f"{var}={value}" in c for c in after):
                missing.append(f"{var}={value} (variables: and the create command)")
        if args == ["--upgrade", "pip"]:
            ok = "pip" in conda
        elif not any(a.startswith("-") for a in args):
            ok = all(_listed(Requirement(a), pip) for a in args)
        else:
            ok = ["pip", "install", *args] in after
            for target in (args[j + 1] for j, a in enumerate(args) if a == "-e"):
                absent = sorted(_closure(target) - set(pip))
                ok = ok and not absent
                missing += [f"{n} (from -e {target})" for n in absent]
        if not ok:
            missing.append(shlex.join(['pip', *words[i + 1:]]))
    if any("chromium" in w for words in calls for w in words if "apt-get" in words):
        if ["sudo", "apt-get", "install", "-y", "chromium"] not in after:
            missing.append("Debian's chromium")
    assert not missing, f"make setup does what environment.yml does not say: {missing}"
