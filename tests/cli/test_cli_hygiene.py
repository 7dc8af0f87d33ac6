"""The command line as a new user meets it: help on every option, clear errors with a non-zero exit,
``fcpkit notebooks``, and the lab's commands standing in for themselves when fcpkit-lab is not installed."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from _support.paths import ROOT
from fcpkit.cli import main
from fcpkit.cli.lazy import all_commands

PLAN = ROOT / "fcpkit" / "data" / "examples" / "plans" / "support.yaml"


def _commands(group: click.Group, prefix: str = ""):
    return all_commands(group, prefix)


def test_every_option_of_every_command_has_help():
    missing = [f"fcpkit {name} {'/'.join(p.opts)}" for name, cmd in _commands(main) for p in cmd.params
               if isinstance(p, click.Option) and not (p.help or "").strip()]
    assert missing == []






def test_a_plan_given_as_a_corpus_is_one_clear_error():
    out = CliRunner().invoke(main, ["check", str(PLAN)])
    assert out.exit_code == 2
    lines = [ln for ln in out.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and "is a plan" in lines[0] and "--plan" in lines[0]
    assert "not valid JSON" not in out.output


def test_tables_never_truncate_their_heads():
    from rich.console import Console

    from fcpkit import Checker, load_corpus
    from fcpkit.cli.report import print_reports

    corpus = load_corpus(ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl")
    reports = Checker().fit(corpus).check_corpus(list(corpus)[:3])
    console = Console(width=80, record=True)
    print_reports(reports, console=console)
    text = console.export_text()
    for head in ("off-track", "detected", "step/phase", "escalated", "slow routes"):
        assert head in text.replace("\n", " ") or head in text, head
    assert "…" not in text.split("\n", 3)[2]


def test_notebooks_lists_and_names_a_bad_notebook():
    pytest.importorskip("ipywidgets", reason="the notebooks extra: pip install 'fcpkit[notebooks]'")
    out = CliRunner().invoke(main, ["notebooks"])
    assert out.exit_code == 0 and "02_live_execution" in out.output and "docs/notebooks" in out.output
    bad = CliRunner().invoke(main, ["notebooks", "--execute", "99"])
    assert bad.exit_code == 2 and "no notebook '99'" in bad.output


def test_notebooks_execute_writes_an_executed_copy_with_static_figures(tmp_path, kernel_name):
    pytest.importorskip("papermill")
    from fcpkit.viz.png import png_available

    out = CliRunner().invoke(main, ["notebooks", "--execute", "01", "--out", str(tmp_path),
                                    "--param", "01:grid_resolution=31", "--kernel", kernel_name])
    assert out.exit_code == 0, out.output
    nb = json.loads((tmp_path / "01_authoring_commitments.ipynb").read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c["execution_count"] for c in code)  # every cell ran
    plotly = [o for c in code for o in c["outputs"] if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert len(plotly) >= 2
    if png_available()[0]:
        assert all("image/png" in o["data"] for o in plotly)  # GitHub draws these
    assert any("Equation 6" in "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_a_lab_command_without_the_lab_says_how_to_install_it():
    from fcpkit.cli import LAB_COMMANDS, _lab_missing

    assert {"demo", "run", "record", "bench verifier"} <= set(LAB_COMMANDS)
    group = click.Group("fcpkit")
    group.add_command(_lab_missing("demo"))
    out = CliRunner().invoke(group, ["demo", "--keep-logs", "x"])
    assert out.exit_code == 2 and "fcpkit-lab" in out.output and "pip install" in out.output
    assert "Traceback" not in out.output

