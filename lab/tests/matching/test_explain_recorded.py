"""explain and lint from the command line, on a recorded workbench page (fcpkit-lab's recordings)."""

from __future__ import annotations

import json
import subprocess
import sys

from fcpkit_lab import data as lab_data

from _support.paths import ROOT


def test_cli_explain_and_lint():
    corpus = lab_data.path(lab_data.WORKBENCH)
    run = [sys.executable, "-m", "fcpkit"]
    out = subprocess.run(run + ["explain", "No Approve button on the expense report page", "--json",
                                "--page", f"{corpus}:expenses-v0-control_missing-s401:5"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d["claim"]["type"] == "absence" and d["score"] == 1.0
    bad = subprocess.run(run + ["explain", "x", "--page", f"{corpus}:nope:1"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "no run 'nope'" in bad.stderr
    lint = subprocess.run(run + ["lint", str(ROOT / "fcpkit" / "data" / "examples" / "plans" / "expenses.yaml"), "--json"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert lint.returncode == 1 and "absence-no-scope" in lint.stdout


