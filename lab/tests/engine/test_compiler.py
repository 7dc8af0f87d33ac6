"""Sketch -> link -> compile (no browser): linking, control flow, errors; templates and the planner call."""

from __future__ import annotations

import json

import pytest
from _labsupport.smg import tiny_smg

from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.compiler import (
    CompileError,
    ForNode,
    IfNode,
    LinkError,
    OpNode,
    compile_sketch,
)
from fcpkit_lab.engine.planner import (
    SKETCH_SCHEMA,
    PlanningFailed,
    plan_program,
    planning_messages,
    relevant_states,
)
from fcpkit_lab.engine.sandbox import SandboxRefused
from fcpkit_lab.engine.templates import WORKBENCH_TEMPLATES, match_template, template_sketch
from fcpkit_lab.engine.workbench import DEFAULT_SMG
from fcpkit_lab.envs.workbench import TASKS


def test_linker_inserts_navigation_between_operations():
    smg = tiny_smg()
    sketch = 'SearchQueuePage(search="T-1")\nOpenTicketPage(key="T-1")\nSaveOnEditPage(note="ok")\nreport("done")'
    prog = compile_sketch(sketch, smg, "HomePage", "task")
    ops = [(n.op, n.linked) for n in prog.op_nodes()]
    assert ops == [("GoToQueuePageFromHomePage", True), ("SearchQueuePage", False), ("OpenTicketPage", False),
                   ("GoToEditPageFromTicketPage", True), ("SaveOnEditPage", False)]
    assert prog.op_nodes()[-1].pre == "EditPage" and prog.op_nodes()[-1].post == "TicketPage"
    assert "# linked" in prog.listing() and prog.edges()


def test_loops_link_back_to_their_entry_and_branches_are_kept():
    smg = tiny_smg()
    sketch = ('SearchQueuePage(search="T")\n'
              'for k in ["T-1", "T-2"]:\n    OpenTicketPage(key=k)\n    d = ReadDetails()\n'
              'if d["Team"] == "Payments":\n    report("yes")\nelse:\n    report("no")\n')
    prog = compile_sketch(sketch, smg, "QueuePage")
    loop = next(n for n in prog.nodes if isinstance(n, ForNode))
    assert [n.op for n in loop.body if isinstance(n, OpNode)] == ["OpenTicketPage", "ReadDetails",
                                                                   "GoToQueuePageFromTicketPage"]
    assert loop.body[-1].linked
    assert any(isinstance(n, IfNode) for n in prog.nodes)


def test_compile_errors_name_the_problem():
    smg = tiny_smg()
    with pytest.raises(CompileError, match="has no input 'colour'"):
        compile_sketch('AssignOnTicketPage(colour="red")', smg, "TicketPage")
    with pytest.raises(CompileError, match="keyword arguments only"):
        compile_sketch('OpenTicketPage("T-1")', smg, "QueuePage")
    with pytest.raises(CompileError, match="OpenTicket is not an operation of the SMG .did you mean OpenTicketPage"):
        compile_sketch('OpenTicket(key="T-1")', smg, "QueuePage")
    with pytest.raises(CompileError, match="calls no SMG operation"):
        compile_sketch('x = 1', smg, "QueuePage")
    with pytest.raises(SandboxRefused):
        compile_sketch('import os\nReadDetails()', smg, "TicketPage")
    with pytest.raises(CompileError, match="not inside expressions"):
        compile_sketch('report(str(ReadDetails()))', smg, "TicketPage")
    # no navigation reaches the ticket page without a key: the break point is named
    with pytest.raises(LinkError, match="no navigation from HomePage to TicketPage") as err:
        compile_sketch('ReadDetails()', smg, "HomePage")
    assert (err.value.src, err.value.dst) == ("HomePage", "TicketPage")


@pytest.fixture(scope="module")
def workbench_smg():
    return StateMachine.load(DEFAULT_SMG)


@pytest.mark.parametrize("workflow", sorted(TASKS))
def test_every_workbench_task_has_a_template_that_compiles(workbench_smg, workflow):
    for task in TASKS[workflow]:
        start = workbench_smg.recognise(task.start_path)
        prog = plan_program(workbench_smg, task.intent, start).program
        assert prog.op_nodes(), task.id
        assert task.target in prog.sketch
        # compiled from the home page too: the linker adds the way to the list
        home = compile_sketch(template_sketch(task.intent), workbench_smg, "WorkbenchHomePage")
        assert home.op_nodes()[0].linked and home.op_nodes()[0].op.startswith("GoTo")
    assert match_template("Order a pizza") is None
    assert {t.kind for t in WORKBENCH_TEMPLATES} == {"support-assign", "expense-decision", "price-change",
                                                      "refund-lookup"}


def test_state_filtering_keeps_the_task_relevant_states(workbench_smg):
    task = TASKS["orders"][0].intent
    states = relevant_states(workbench_smg, task, "OrdersPage")
    assert {"OrdersPage", "OrderPage", "RefundDetailsPage"} <= set(states)
    assert "TicketPage" not in states and "EditPricePage" not in states
    msgs = planning_messages(workbench_smg, task, "OrdersPage")
    assert msgs[0]["role"] == "system" and "ReadRefundDetails" in msgs[1]["content"]
    # the stable layers come first: two tasks on the same states share the prefix up to the task
    other = planning_messages(workbench_smg, TASKS["orders"][1].intent, "OrdersPage")
    assert msgs[0] == other[0] and msgs[1]["content"].split("Task:")[0] == other[1]["content"].split("Task:")[0]


def _replay_file(tmp_path, smg, task, start, sketches):
    from fcpkit.llm import request_key

    messages = planning_messages(smg, task, start, sketch_form="python")
    path = tmp_path / "planner.jsonl"
    lines = [{"key": request_key("engine-planner", messages, SKETCH_SCHEMA), "module": "engine-planner",
              "response": {"sketch": sketches[0]}, "prompt_tokens": 900, "completion_tokens": 80}]
    if len(sketches) > 1:
        bad = sketches[0]
        from fcpkit_lab.engine.compiler import CompileError as _CE

        try:
            compile_sketch(bad, smg, start)
        except _CE as exc:
            repair = messages + [{"role": "assistant", "content": f'{{"sketch": {bad!r}}}'},
                                 {"role": "user", "content": f"That sketch does not compile: {exc}. "
                                                             "Fix only that part and answer again."}]
            lines.append({"key": request_key("engine-planner", repair, SKETCH_SCHEMA), "module": "engine-planner",
                          "response": {"sketch": sketches[1]}})
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    return path


def test_one_llm_call_plans_a_task_the_templates_do_not_know(tmp_path, workbench_smg):
    from fcpkit.llm import LLMClient

    task = "Report the customer of order ORD-55012."
    sketch = 'SearchOrdersPage(search_orders="ORD-55012")\nOpenOrderPage(key="ORD-55012")\n' \
             'd = ReadOrderDetails()\nreport("Customer: " + d["Customer"])'
    rec = _replay_file(tmp_path, workbench_smg, task, "OrdersPage", [sketch])
    client = LLMClient(mode="replay", recording=rec)
    out = plan_program(workbench_smg, task, "OrdersPage", client=client, sketch_form="python")
    assert out.source == "llm" and out.llm_calls == 1 and len(client.usage.calls) == 1
    assert [n.op for n in out.program.op_nodes()] == ["SearchOrdersPage", "OpenOrderPage", "ReadOrderDetails"]
    with pytest.raises(PlanningFailed, match="no template fits"):
        plan_program(workbench_smg, task, "OrdersPage")


def test_a_sketch_that_does_not_compile_gets_one_targeted_repair(tmp_path, workbench_smg):
    from fcpkit.llm import LLMClient

    task = "Report the customer of order ORD-55012."
    bad = 'OpenOrder(key="ORD-55012")\nd = ReadOrderDetails()\nreport(d["Customer"])'
    good = 'OpenOrderPage(key="ORD-55012")\nd = ReadOrderDetails()\nreport(d["Customer"])'
    rec = _replay_file(tmp_path, workbench_smg, task, "OrdersPage", [bad, good])
    out = plan_program(workbench_smg, task, "OrdersPage", client=LLMClient(mode="replay", recording=rec),
                       sketch_form="python")
    assert out.llm_calls == 2 and "did you mean OpenOrderPage?" in out.attempts[0]
    assert out.program.op_nodes()[0].op == "SearchOrdersPage" or out.program.op_nodes()[0].op == "OpenOrderPage"


def test_an_llm_that_gives_no_valid_answer_is_a_planning_failure(tmp_path, workbench_smg):
    from fcpkit.llm import LLMClient

    rec = tmp_path / "empty.jsonl"
    rec.write_text(json.dumps({"key": "0" * 32, "module": "engine-planner", "response": {"sketch": ""}}) + "\n")
    with pytest.raises(PlanningFailed, match="llm: ") as err:
        plan_program(workbench_smg, "Report the customer of order ORD-55012.", "OrdersPage",
                     client=LLMClient(mode="replay", recording=rec), sketch_form="python")
    assert err.value.llm_calls == 1
