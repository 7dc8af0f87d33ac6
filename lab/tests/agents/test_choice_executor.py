"""The executor made for a small model (no browser, no model server): the page's elements as the
answer's schema, the answer as a BrowserGym call, and the re-ask of an answer that makes no progress."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from fcpkit.core.plan import Plan
from fcpkit.core.protocols import ExecutorContext
from fcpkit.core.trajectory import Action, Observation
from fcpkit.errors import LLMError
from fcpkit.llm import MockClient
from fcpkit_lab.envs.executors.choice import (
    FEW_SHOT,
    ChoiceExecutor,
    action_schema,
    canonical,
    command_of,
    targets,
)

#: MiniWoB pages as the lab's corpus recorded them (login-user, choose-list, click-checkboxes)
LOGIN = """RootWebArea 'Login User Task', focused
\t[14] paragraph ''
\t\t[15] LabelText ''
\t\t\tStaticText 'Username'
\t\t[16] textbox ''
\t[17] paragraph ''
\t\t[18] LabelText ''
\t\t\tStaticText 'Password'
\t\t[19] textbox ''
\t[20] button 'Login'"""
LIST = """RootWebArea 'Choose List Task', focused
\t[13] combobox '' value='Ertha', hasPopup='menu', expanded=False
\t\tMenuListPopup ''
\t\t\t[14] option 'Ertha', selected=True
\t\t\t[15] option 'Merridie', selected=False
\t[19] button 'Submit'"""
BOXES = """RootWebArea 'Click Checkboxes Task', focused
\t[17] LabelText ''
\t\t[18] checkbox '11LO', checked='false'
\t\tStaticText '11LO'
\t[20] LabelText ''
\t\t[21] checkbox 'Nb', checked='false'
\t\tStaticText 'Nb'
\t[27] button 'Submit'"""


def _ctx(text: str, task: str, history=(), rejected=(), hint=None) -> ExecutorContext:
    plan = Plan.from_data({"task": task, "commitments": [{"id": "goal", "subgoal": task}], "planless": True})
    return ExecutorContext(task, plan, plan.commitments[0], Observation(text=text), tuple(history), tuple(rejected), hint)


def test_a_nameless_text_field_is_named_by_its_label_and_every_element_is_listed_in_page_order():
    assert [t.line for t in targets(LOGIN)] == ["Username (textbox 16)", "Password (textbox 19)", "Login (button 20)"]
    lst = targets(LIST)
    assert [t.line for t in lst] == ["list (combobox 13)", "Submit (button 19)"]
    assert lst[0].options == ("Ertha", "Merridie")  # a list's options are its, not buttons to click


def test_the_schema_admits_only_the_pages_elements_each_with_what_its_kind_takes():
    schema = action_schema(targets(LOGIN))
    jsonschema.validate({"element": "Username (textbox 16)", "text": "cierra"}, schema)
    jsonschema.validate({"element": "Login (button 20)"}, schema)
    for bad in ({"element": "Username (textbox 16)"},  # a text field takes a text
                {"element": "Login (button 20)", "text": "x"},  # a button does not
                {"element": "Login (button 99)"},  # no such element
                {"element": "Username (textbox 16)", "text": "x" * 200},
                {"element": "Username (textbox 16)", "text": ""},
                {"element": "Login (button 20)", "verb": "goto"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)
    lst = action_schema(targets(LIST))
    jsonschema.validate({"element": "list (combobox 13)", "option": "Merridie"}, lst)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"element": "list (combobox 13)", "option": "Bob"}, lst)
    assert action_schema(()) == {"anyOf": [{"type": "object", "properties": {"element": {"const": "none"}},
                                            "required": ["element"], "additionalProperties": False}]}


def test_an_answer_becomes_the_browsergym_call_it_chooses():
    els = targets(LOGIN)
    assert command_of({"element": "Username (textbox 16)", "text": 'a "b"'}, els) == "fill('16', \"a \\\"b\\\"\")"
    assert command_of({"element": "Login (button 20)"}, els) == "click('20')"
    assert command_of({"element": "list (combobox 13)", "option": "Ertha"}, targets(LIST)) == \
        "select_option('13', \"Ertha\")"
    assert command_of({"element": "none"}, ()) == "noop()"
    with pytest.raises(ValueError, match="not an element"):
        command_of({"element": "Gone (button 21)"}, els)


def test_the_few_shot_answers_fit_the_schema_of_their_own_pages():
    for user, answer in FEW_SHOT:
        shown = user.split("Elements:\n")[1].splitlines()
        page = "RootWebArea 'x'\n" + "\n".join(re.sub(r"^(.*) \((\w+) (\d+)\)$", r"\t[\3] \2 '\1'", line) for line in shown)
        assert [t.line for t in targets(page)] == shown  # the worked pages are what the executor shows
        jsonschema.validate(answer, action_schema(targets(page)))


def test_a_proposal_is_the_chosen_action_with_its_element_as_target():
    client = MockClient({"executor": {"element": "Nb (checkbox 21)"}})
    action = ChoiceExecutor(client).propose(_ctx(BOXES, "Select Nb and click Submit."))
    assert action.command == "click('21')" and action.target == "Nb (checkbox 21)"
    assert action.extra["said"] == "Nb (checkbox 21)"
    prompt = client.calls[0].messages
    assert prompt[-1]["content"].startswith("Task: Select Nb and click Submit.\nDone so far: (nothing)")
    assert len(prompt) == 2 + 2 * len(FEW_SHOT)  # system, the worked turns, the task


def test_an_action_already_done_or_held_is_asked_again_with_the_reason_and_without_its_element():
    done = Action("click('21')", "", "Nb (checkbox 21)", extra={"said": "Nb (checkbox 21)"})
    client = MockClient({"executor": [{"element": "Nb (checkbox 21)"}, {"element": "Submit (button 27)"}]})
    ex = ChoiceExecutor(client)
    action = ex.propose(_ctx(BOXES, "Select Nb and click Submit.", history=[(done, Observation(text=BOXES))]))
    assert action.command == "click('27')" and ex.reasks == 1
    reask = client.calls[1]
    assert "- Nb (checkbox 21)" in reask.messages[-3]["content"]  # the history as the model said it
    assert json.loads(reask.messages[-2]["content"]) == {"element": "Nb (checkbox 21)"}
    assert "already done" in reask.messages[-1]["content"]
    assert "Nb (checkbox 21)" not in json.dumps(reask.schema) and "Nb (checkbox 21)" in json.dumps(client.calls[0].schema)
    held = Action("click('27')", "")
    ex = ChoiceExecutor(MockClient({"executor": {"element": "Submit (button 27)"}}), retries=1)
    action = ex.propose(_ctx("RootWebArea 'x'\n\t[27] button 'Submit'", "Click Submit.", rejected=[held],
                             hint="fcpkit: not yet"))
    # the only element was held: it stays offered (an empty schema admits nothing), and the answer is noop
    assert action.command == "noop()" and "guard held" in action.extra["executor_error"] and ex.reasks == 2


def test_a_failed_model_call_is_a_noop_with_the_error():
    ex = ChoiceExecutor(MockClient({"executor": LLMError("timed out", module="executor", kind="timeout")}))
    action = ex.propose(_ctx(BOXES, "Select Nb and click Submit."))
    assert action.command == "noop()" and "timeout" in ex.errors[0]


def test_a_recorded_answer_quotes_back_in_the_schema_order():
    recorded = json.loads(json.dumps({"text": "a", "element": "x (textbox 5)"}, sort_keys=True))
    assert list(recorded) == ["element", "text"]
    assert list(canonical({"text": "a", "element": "x (textbox 5)"})) == ["element", "text"]
