"""The JSON sketch form (no model server, no browser): the per-task schema, its translation to the
Python sketch, answers that break it, and a replay of the embedded model's recorded answers."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from fcpkit.llm import LLMClient, MockClient

from fcpkit_lab.engine import StateMachine
from fcpkit_lab.engine.compiler import CompileError, compile_sketch
from fcpkit_lab.engine.planner import (
    PLANNER_RULES_JSON,
    SKETCH_SCHEMA,
    PlanningFailed,
    plan_program,
    planning_messages,
    planning_schema,
    relevant_states,
)
from fcpkit_lab.engine.sketch_json import MAX_STEPS, SketchFormError, json_sketch, sketch_schema
from fcpkit_lab.engine.workbench import DEFAULT_SMG
from fcpkit_lab.envs.workbench import TASKS

ROOT = Path(__file__).resolve().parents[3]
RESULTS = ROOT / "data" / "results"
#: (rows, recording) of each committed run of benchmarks/engine_vs_reactive.py --record
RUNS = {"smollm2-135m": ("engine_sketch_form.csv", "engine_sketch_form.recording.jsonl"),
        "qwen2.5-coder-0.5b": ("engine_sketch_form_qwen05.csv", "engine_sketch_form_qwen05.recording.jsonl")}
ORDERS = TASKS["orders"][0].intent
GOOD = {"steps": [{"op": "SearchOrdersPage", "args": {"search_orders": "ORD-55012"}},
                  {"op": "OpenOrderPage", "args": {"key": "ORD-55012"}},
                  {"op": "ReadRefundDetails", "args": {}}],
        "report": "Read the refund of ORD-55012."}


@pytest.fixture(scope="module")
def smg():
    return StateMachine.load(DEFAULT_SMG)


def _ops(schema):
    return [b["properties"]["op"]["const"] for b in schema["properties"]["steps"]["items"]["anyOf"]]


def test_the_schema_names_exactly_the_operations_the_planner_shows(smg):
    schema = planning_schema(smg, ORDERS, "OrdersPage", "json")
    ops = _ops(schema)
    shown = planning_messages(smg, ORDERS, "OrdersPage", sketch_form="json")[1]["content"]
    assert ops and all(f"{op}(" in shown for op in ops)
    assert "ReadRefundDetails" in ops and "AssignOnTicketPage" not in ops  # state filtering applies
    assert schema["properties"]["steps"]["maxItems"] == MAX_STEPS
    branch = next(b for b in schema["properties"]["steps"]["items"]["anyOf"]
                  if b["properties"]["op"]["const"] == "SearchOrdersPage")
    assert branch["properties"]["args"]["required"] == ["search_orders"]
    assert branch["properties"]["args"]["additionalProperties"] is False
    jsonschema.validate(GOOD, schema)
    # the Python form keeps its wrapper; the JSON form's rules say what to answer
    assert planning_schema(smg, ORDERS, "OrdersPage", "python") is SKETCH_SCHEMA
    assert planning_messages(smg, ORDERS, "OrdersPage", sketch_form="json")[0]["content"] == PLANNER_RULES_JSON


def test_an_input_with_options_is_an_enum(smg):
    op = next(o for o in smg.operations.values() if any(p.options for p in o.inputs))
    args = sketch_schema([op])["properties"]["steps"]["items"]["anyOf"][0]["properties"]["args"]
    p = next(p for p in op.inputs if p.options)
    assert args["properties"][p.name] == {"enum": list(p.options)}


def test_answers_that_break_the_schema_do_not_validate(smg):
    schema = planning_schema(smg, ORDERS, "OrdersPage", "json")
    bad = [{"steps": [{"op": "OpenOrder", "args": {"key": "ORD-1"}}], "report": "x"},  # no such operation
           {"steps": [{"op": "OpenOrderPage", "args": {"colour": "red"}}], "report": "x"},  # no such input
           {"steps": [{"op": "AssignOnTicketPage", "args": {"assign_to_team": "Payments"}}], "report": "x"},  # not shown
           {"steps": [], "report": "x"},
           {"sketch": "SearchOrdersPage()"}]
    for answer in bad:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(answer, schema)


def test_a_json_sketch_becomes_the_python_sketch_the_one_compiler_links(smg):
    sketch = json_sketch(GOOD, smg.operations)
    assert sketch.splitlines() == ["SearchOrdersPage(search_orders='ORD-55012')", "OpenOrderPage(key='ORD-55012')",
                                   "r1 = ReadRefundDetails()", "report('Read the refund of ORD-55012.' + ' ' + str(r1))"]
    prog = compile_sketch(sketch, smg, "OrdersPage", ORDERS)
    assert [(n.op, n.linked) for n in prog.op_nodes()] == [
        ("SearchOrdersPage", False), ("OpenOrderPage", False), ("GoToRefundDetailsPageFromOrderPage", True),
        ("ReadRefundDetails", False)]
    # a value with quotes stays one string literal
    odd = {"steps": [{"op": "SearchOrdersPage", "args": {"search_orders": "O'Brien \"x\""}}], "report": "a'b"}
    assert eval(compile_sketch(json_sketch(odd, smg.operations), smg, "OrdersPage").op_nodes()[0].args[
        "search_orders"]) == "O'Brien \"x\""


@pytest.mark.parametrize("answer,message", [
    ({"steps": []}, "has no steps"),
    ({"steps": [{"op": "OpenOrder", "args": {}}], "report": ""}, "'OpenOrder' is not one of the operations"),
    ({"steps": [{"op": "OpenOrderPage", "args": {"colour": "red"}}], "report": ""}, "has no input 'colour'"),
    ({"steps": [{"op": "OpenOrderPage", "args": {}}], "report": ""}, "OpenOrderPage needs key"),
    ({"steps": [{"op": "OpenOrderPage", "args": {"key": 5}}], "report": ""}, "must be a string"),
    ({"steps": [{"op": "OpenOrderPage", "args": {"key": "O"}}], "report": 3}, "report must be a string"),
])
def test_a_broken_answer_is_a_form_error_that_names_the_step(smg, answer, message):
    with pytest.raises(SketchFormError, match=message) as err:
        json_sketch(answer, smg.operations)
    assert isinstance(err.value, CompileError)  # so the planner's repair applies


def test_an_answer_off_the_schema_is_reported_as_a_planning_failure(smg):
    client = MockClient({"engine-planner": {"steps": [{"op": "OpenOrder", "args": {"key": "ORD-1"}}], "report": ""}})
    with pytest.raises(PlanningFailed, match="invalid_output") as err:
        plan_program(smg, ORDERS, "OrdersPage", client=client, use_templates=False, sketch_form="json")
    assert err.value.llm_calls == 1


def test_the_live_client_re_asks_with_the_schema_error_and_the_planner_compiles_the_answer(smg, monkeypatch):
    """The real client's path (the transport alone replaced): an answer naming no real operation is
    rejected with the validation error and asked again; the corrected answer compiles."""
    client = LLMClient(base_url="http://127.0.0.1:9/v1", model="m", response_format="json_object_schema",
                       sleep=lambda _s: None)
    answers = [json.dumps({"steps": [{"op": "OpenOrder", "args": {"key": "ORD-55012"}}], "report": "x"}),
               json.dumps(GOOD)]
    seen = []

    def request(convo, schema, name, timeout, temperature, max_tokens):
        seen.append(convo)
        return answers[len(seen) - 1], 100, 20, "stop"

    monkeypatch.setattr(client, "_request", request)
    out = plan_program(smg, ORDERS, "OrdersPage", client=client, use_templates=False, sketch_form="json")
    assert out.source == "llm" and out.llm_calls == 1
    assert "Your answer was rejected" in seen[1][-1]["content"]
    assert client.usage.calls[0].attempts == 2 and client.usage.calls[0].ok


def test_a_json_sketch_that_does_not_link_gets_the_one_repair(smg):
    unlinked = {"steps": [{"op": "ReadRefundDetails", "args": {}}], "report": "x"}  # what SmolLM2 wrote
    client = MockClient({"engine-planner": [unlinked, GOOD]})
    out = plan_program(smg, ORDERS, "OrdersPage", client=client, use_templates=False, sketch_form="json")
    assert out.llm_calls == 2 and "no navigation from OrdersPage" in out.attempts[0]
    repair = client.calls[1].messages
    assert json.loads(repair[-2]["content"]) == unlinked and "does not compile" in repair[-1]["content"]


def test_an_unknown_sketch_form_is_refused(smg):
    with pytest.raises(ValueError, match="sketch_form"):
        plan_program(smg, ORDERS, "OrdersPage", client=MockClient({}), use_templates=False, sketch_form="yaml")


@pytest.mark.parametrize("form", ["json", "python"])
@pytest.mark.parametrize("model", sorted(RUNS))
def test_the_recorded_real_model_answers_replay_to_the_same_outcome(smg, model, form):
    """Every task of the committed run, planned again from the recorded answers (no server): the
    requests are the same (the key is the messages and the schema), every answer validates, and
    whether a program compiled is what the run's CSV says (a call that got no valid answer was not
    recorded: it misses, and counts as no valid answer, as it did live)."""
    import csv

    table, recording = (RESULTS / name for name in RUNS[model])
    rows = [r for r in csv.DictReader(table.open()) if r["arm"] == "llm" and r["sketch_form"] == form]
    assert rows
    client = LLMClient(mode="replay", recording=recording)
    for r in rows:
        wf, v = r["task"].rsplit("-v", 1)
        task = TASKS[wf][int(v)]
        start = smg.recognise(task.start_path)
        sketches: list[str] = []
        n0 = len(client.usage.calls)
        try:
            out = plan_program(smg, task.intent, start, client=client, use_templates=False, sketch_form=form,
                               on_sketch=sketches.append)
            compiled, calls = 1, out.llm_calls
        except PlanningFailed as exc:
            compiled, calls = 0, exc.llm_calls
        valid = sum(c.ok for c in client.usage.calls[n0:])
        assert (compiled, calls, len(sketches), valid) == (int(r["compiled"]), int(r["planner_calls"]),
                                                           int(r["sketches"]), int(r["answers_valid"])), r["task"]


def test_the_repair_quotes_an_answer_in_the_schema_order_whatever_order_its_keys_came_in(smg):
    from fcpkit_lab.engine.sketch_json import answer_text

    recorded = json.loads(json.dumps(GOOD, sort_keys=True))  # how a recording stores it
    assert list(recorded) == ["report", "steps"]
    assert answer_text(recorded, smg.operations) == json.dumps(GOOD)


def test_a_python_sketch_the_sandbox_refuses_gets_the_repair_instead_of_crashing_the_planner(smg):
    """Qwen2.5-Coder-0.5B began a sketch with an import: the compiler's sandbox check refuses it
    (SandboxRefused, not a CompileError), which must reach the repair, not the caller."""
    good = 'OpenOrderPage(key="ORD-55012")\nr = ReadRefundDetails()\nreport(str(r))'
    client = MockClient({"engine-planner": [{"sketch": "import os\nOpenOrderPage(key='ORD-55012')"}, {"sketch": good}]})
    out = plan_program(smg, ORDERS, "OrdersPage", client=client, use_templates=False, sketch_form="python")
    assert out.llm_calls == 2 and "imports are not allowed" in out.attempts[0]
