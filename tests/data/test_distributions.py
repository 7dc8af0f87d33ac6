"""Two distributions, one repository: the library (fcpkit) never needs the lab (fcpkit-lab, lab/),
the library's tests never import it, and the two are versioned in lockstep."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import fcpkit
from _support.paths import EXAMPLES, ROOT

TESTS = ROOT / "tests"
PACKAGE = Path(fcpkit.__file__).resolve().parent


def _imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add(node.module or "")
    return found


@pytest.mark.parametrize("tree", [PACKAGE, TESTS], ids=["fcpkit", "tests"])
def test_the_library_and_its_tests_never_import_the_lab(tree):
    lab = {f"{p.relative_to(tree)}: {m}" for p in sorted(tree.rglob("*.py")) for m in _imports_of(p)
           if m.split(".")[0] == "fcpkit_lab"}
    assert lab == set()


def test_the_lab_is_versioned_in_lockstep_with_the_library():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "lab" / "pyproject.toml").read_text())["project"]
    assert project["name"] == "fcpkit-lab" and project["version"] == fcpkit.__version__
    pins = [d for d in project["dependencies"] if d.split("[")[0].split("=")[0] == "fcpkit"]
    assert len(pins) == 1 and pins[0].endswith(f"=={fcpkit.__version__}")


_WITHOUT_LAB = """
import importlib.metadata, sys
sys.modules["fcpkit_lab"] = None  # not installed
_eps = importlib.metadata.entry_points
importlib.metadata.entry_points = lambda **kw: [] if kw.get("group") == "fcpkit.commands" else _eps(**kw)
from click.testing import CliRunner
from fcpkit.cli import main
check = CliRunner().invoke(main, ["check", sys.argv[1], "--json"])
demo = CliRunner().invoke(main, ["demo"])
verifier = CliRunner().invoke(main, ["bench", "verifier", "--limit", "3"])
print(check.exit_code, len(check.output.splitlines()), demo.exit_code, verifier.exit_code)
print(demo.output)
"""


def test_without_the_lab_check_works_and_the_lab_commands_say_how_to_install_it():
    r = subprocess.run([sys.executable, "-c", _WITHOUT_LAB, str(EXAMPLES / "corpus.jsonl")], capture_output=True,
                       text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    codes, message = r.stdout.split("\n", 1)
    check_rc, n_reports, demo_rc, verifier_rc = (int(x) for x in codes.split())
    assert check_rc == 0 and n_reports == len(fcpkit.load_corpus(EXAMPLES / "corpus.jsonl"))
    assert demo_rc == verifier_rc == 2
    assert "fcpkit demo" in message and "fcpkit-lab" in message and "pip install" in message
