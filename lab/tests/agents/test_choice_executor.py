"""The executor made for a small model (no browser, no model server): the page's elements as the
answer's schema, the answer as a BrowserGym call, and the re-ask of an answer that makes no progress."""

from __future__ import annotations

import json

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
    assert [t.line for t in targets(LOGIN)] == ["[16] textbox 'Username'", "[19] textbox 'Password'",
                                                "[20] button 'Login'"]
    lst = targets(LIST)
    assert [t.line for t in lst] == ["[13] combobox 'list'", "[19] button 'Submit'"]
    assert lst[0].options == ("Ertha", "Merridie")  # a list's options are its, not buttons to click


def test_the_schema_admits_only_the_pages_elements_each_with_its_own_verb():
    schema = action_schema(targets(LOGIN))
    jsonschema.validate({"verb": "fill", "element": "[16] textbox 'Username'", "text": "cierra"}, schema)
    jsonschema.validate({"verb": "click", "element": "[20] button 'Login'"}, schema)
    for bad in ({"verb": "click", "element": "[16] textbox 'Username'"},  # a text field is filled, not clicked
                {"verb": "fill", "element": "[20] button 'Login'", "text": "x"},
                {"verb": "click", "element": "[99] button 'Login'"},  # no such element
                {"verb": "fill", "element": "[16] textbox 'Username'"},  # no text
                {"verb": "fill", "element": "[16] textbox 'Username'", "text": "x" * 200},
                {"verb": "goto", "element": "[20] button 'Login'"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)
    lst = action_schema(targets(LIST))
    jsonschema.validate({"verb": "select_option", "element": "[13] combobox 'list'", "option": "Merridie"}, lst)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"verb": "select_option", "element": "[13] combobox 'list'", "option": "Bob"}, lst)
    assert action_schema(()) == {"anyOf": [{"type": "object", "properties": {"verb": {"const": "noop"}},
                                            "required": ["verb"], "additionalProperties": False}]}


def test_an_answer_becomes_the_browsergym_call_it_chooses():
    els = targets(LOGIN)
    assert command_of({"verb": "fill", "element": "[16] textbox 'Username'", "text": 'a "b"'}, els) == \
        "fill('16', \"a \\\"b\\\"\")"
    assert command_of({"verb": "click", "element": "[20] button 'Login'"}, els) == "click('20')"
    assert command_of({"verb": "select_option", "element": "[13] combobox 'list'", "option": "Ertha"},
                      targets(LIST)) == "select_option('13', \"Ertha\")"
    with pytest.raises(ValueError, match="not an element"):
        command_of({"verb": "click", "element": "[21] button 'Gone'"}, els)


def test_the_few_shot_answers_fit_the_schema_of_their_own_pages():
    for user, answer in FEW_SHOT:
        page = "RootWebArea 'x'\n" + "\n".join("\t" + line for line in user.split("Elements:\n")[1].splitlines())
        jsonschema.validate(answer, action_schema(targets(page)))


def test_a_proposal_is_the_chosen_action_with_its_element_as_target():
    client = MockClient({"executor": {"verb": "click", "element": "[21] checkbox 'Nb'"}})
    action = ChoiceExecutor(client).propose(_ctx(BOXES, "Select Nb and click Submit."))
    assert action.command == "click('21')" and action.target == "[21] checkbox 'Nb'"
    assert action.extra["said"] == "click [21] checkbox 'Nb'"
    prompt = client.calls[0].messages
    assert prompt[-1]["content"].startswith("Task: Select Nb and click Submit.\nDone so far: (nothing)")
    assert len(prompt) == 2 + 2 * len(FEW_SHOT)  # system, the worked turns, the task


def test_an_action_already_done_or_held_is_asked_again_with_the_reason_then_noop():
    done = Action("click('21')", "", "[21] checkbox 'Nb'", extra={"said": "click [21] checkbox 'Nb'"})
    client = MockClient({"executor": [{"verb": "click", "element": "[21] checkbox 'Nb'"},
                                      {"verb": "click", "element": "[27] button 'Submit'"}]})
    ex = ChoiceExecutor(client)
    action = ex.propose(_ctx(BOXES, "Select Nb and click Submit.", history=[(done, Observation(text=BOXES))]))
    assert action.command == "click('27')" and ex.reasks == 1
    reask = client.calls[1].messages
    assert "- click [21] checkbox 'Nb'" in reask[-3]["content"]  # the history as the model said it
    assert json.loads(reask[-2]["content"]) == {"verb": "click", "element": "[21] checkbox 'Nb'"}
    assert "already done" in reask[-1]["content"]
    held = Action("click('27')", "")
    ex = ChoiceExecutor(MockClient({"executor": {"verb": "click", "element": "[27] button 'Submit'"}}), retries=1)
    action = ex.propose(_ctx(BOXES, "Select Nb and click Submit.", rejected=[held], hint="fcpkit: not yet"))
    assert action.command == "noop()" and "guard held" in action.extra["executor_error"] and ex.reasks == 2


def test_a_failed_model_call_is_a_noop_with_the_error():
    ex = ChoiceExecutor(MockClient({"executor": LLMError("timed out", module="executor", kind="timeout")}))
    action = ex.propose(_ctx(BOXES, "Select Nb and click Submit."))
    assert action.command == "noop()" and "timeout" in ex.errors[0]


def test_a_recorded_answer_quotes_back_in_the_schema_order():
    recorded = json.loads(json.dumps({"verb": "fill", "element": "[5] textbox 'x'", "text": "a"}, sort_keys=True))
    assert list(recorded) == ["element", "text", "verb"]
    assert list(canonical(recorded)) == ["verb", "element", "text"]
