"""The engine on the live workbench in a real Chromium: crawl (safe mode), run a program, patch a markup change."""

from __future__ import annotations

import shutil

import jinja2
import pytest
from click.testing import CliRunner

from fcpkit_lab.engine import CrawlConfig, StateMachine
from fcpkit_lab.engine.patcher import SMGPatcher
from fcpkit_lab.engine.run import run_program_task
from fcpkit_lab.engine.workbench import DEFAULT_SMG, crawl_workbench
from fcpkit_lab.envs.workbench.app import TEMPLATES_DIR

pytestmark = pytest.mark.browser


def test_safe_crawl_keeps_its_budget_and_never_submits_a_form(workbench):
    smg = crawl_workbench(workbench, config=CrawlConfig(max_pages=14, validate=False))
    assert smg.stats["pages_visited"] <= 14 and smg.stats["safe"] is True
    assert not [e for e in workbench.events() if e.method == "POST"]
    assert not workbench.write_events()
    # the signed-out probe and the list pages were found within the budget
    kinds = {s.kind for s in smg.states.values()}
    assert "signin" in kinds and "SupportQueuePage" in smg.states
    assert smg.operation("SearchSupportQueuePage").kind == "search"  # observing it would overrun the budget


def test_a_compiled_program_does_a_workbench_task_with_no_llm(workbench, env):
    smg = StateMachine.load(DEFAULT_SMG)
    events = []
    run = run_program_task(workbench, smg, "catalogue", 1, on_event=events.append, env=env)
    assert run.success, run.reason
    assert run.llm_calls == 0 and run.source == "template"
    ran = [e.label.split("(")[0] for e in events if e.kind == "op"]
    assert "GoToEditPricePageFromProductPage" in ran  # the linker's navigation, never in the sketch
    assert "GoToEditPricePageFromProductPage" not in run.program.sketch
    assert all(e.ok for e in events)


def test_a_renamed_button_is_patched_persisted_and_reused(workbench, env, tmp_path):
    smg_path = tmp_path / "workbench.yaml"
    shutil.copy(DEFAULT_SMG, smg_path)
    override = tmp_path / "templates"
    override.mkdir()
    ticket = (TEMPLATES_DIR / "ticket.html").read_text()
    assert '<button type="submit">Assign</button>' in ticket
    (override / "ticket.html").write_text(ticket.replace('<button type="submit">Assign</button>',
                                                         '<button type="submit">Save assignment</button>'))
    jenv = workbench.app._env
    original = jenv.loader
    jenv.loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(override)), original])
    try:
        smg = StateMachine.load(smg_path)
        run = run_program_task(workbench, smg, "support", 0, patcher=SMGPatcher(smg_path), env=env)
        assert run.success, run.reason
        assert len(run.execution.patches) == 1 and "Save assignment" in run.execution.patches[0]
        saved = StateMachine.load(smg_path)
        assert saved.version == 2 and saved.patches[-1]["kind"] == "selector"
        assert saved.operation("AssignOnTicketPage").atoms[-1].name == "Save assignment"
        # the next task starts from the patched memory: no failure, no patch
        again = run_program_task(workbench, saved, "support", 1, patcher=SMGPatcher(smg_path), env=env)
        assert again.success and again.execution.patches == []
        # without the patcher the stale memory fails at one named node
        stale = run_program_task(workbench, StateMachine.load(DEFAULT_SMG), "support", 2, env=env)
        assert not stale.success and stale.execution.failure.kind == "selector"
        failed = stale.execution.failure.node
        assert [e for e in stale.execution.events if not e.ok][0].node == failed
    finally:
        jenv.loader = original


def test_cli_compile_prints_the_linked_program():
    from fcpkit.cli import main

    res = CliRunner().invoke(main, ["compile", "Find order ORD-55012, read its refund status and refund amount, "
                                               "and report both."])
    assert res.exit_code == 0, res.output
    assert "GoToOrdersPageFromWorkbenchHomePage" in res.output and "# linked" in res.output
    assert "ReadRefundDetails" in res.output
    bad = CliRunner().invoke(main, ["compile", "Water the plants."])
    assert bad.exit_code == 2 and "no template fits" in bad.output


def test_a_moved_control_needs_no_patch(workbench, env, tmp_path):
    """Semantic selectors (role + name) survive a layout change: the Assign form moved above the details."""
    ticket = (TEMPLATES_DIR / "ticket.html").read_text()
    start, end = ticket.index("{% if show_assign %}"), ticket.rindex("{% endif %}")
    form = ticket[start:end + len("{% endif %}")]
    moved = ticket.replace(form, "").replace('<section aria-labelledby="details-h">', form + '\n<section aria-labelledby="details-h">')
    assert moved != ticket and moved.index("Assignment") < moved.index("Ticket details")
    override = tmp_path / "templates"
    override.mkdir()
    (override / "ticket.html").write_text(moved)
    jenv = workbench.app._env
    original = jenv.loader
    jenv.loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(override)), original])
    try:
        smg_path = tmp_path / "workbench.yaml"
        shutil.copy(DEFAULT_SMG, smg_path)
        run = run_program_task(workbench, StateMachine.load(smg_path), "support", 1, patcher=SMGPatcher(smg_path),
                               env=env)
        assert run.success, run.reason
        assert run.execution.patches == [] and StateMachine.load(smg_path).version == 1
    finally:
        jenv.loader = original


def test_a_wrong_record_stops_the_program_at_its_node_before_any_write(workbench, env):
    run = run_program_task(workbench, StateMachine.load(DEFAULT_SMG), "support", 0, "wrong_record", env=env)
    assert not run.success
    failure = run.execution.failure
    assert failure.kind == "record" and "T-411" in failure.detail and failure.node == "n2"
    assert not workbench.write_events()  # stopped before the assignment
