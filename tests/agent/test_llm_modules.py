"""LLM planner, verifier and repairer (the executor's tests are the lab's): recorded answers replayed through the real
``LLMClient(mode="replay")``, and clients that fail for good (fallbacks, never a crash)."""

from __future__ import annotations

import pytest

pytest.importorskip("jsonschema", reason="the llm extra: pip install 'fcpkit[llm]'")


from _support.fakes import BrokenLLM, FakeSupportEnv, ScriptedLLM, SupportExecutor, TASK, support_plan

from fcpkit.matching import LexicalMatcher
from fcpkit import Action, EvidenceLog, Observation, Route
from fcpkit.core.protocols import ExecutorContext
from fcpkit.llm import LLMClient, LLMUsage, MockClient
from fcpkit.llm.components import LLMComponent
from fcpkit.llm.components.verifier import LLMVerifier
from fcpkit.agent.planner import FailureCase, LLMPlanner, PlanningError, SkillRecord, TemplatePlanner, sanitize_plan_data
from fcpkit.agent.repair import DeterministicRepairer, LLMRepairer, RepairRequest
from fcpkit.agent.repair.llm import repairer_schema
from fcpkit.agent.runtime import Runner
from fcpkit.core.testers import StateTester
from fcpkit.core.verify import Decision


def replay(path, usage=None):
    return LLMClient(mode="replay", recording=path, usage=usage if usage is not None else LLMUsage())


def fcu(cid, subgoal, **kw):
    return {"id": cid, "subgoal": subgoal, "skill": kw.get("skill", ""), "confidence": kw.get("confidence", 0.7),
            "confirm": {"precondition": [], "progress": [], "completion": kw.get("completion", [])},
            "falsify": {"execution": kw.get("execution", []), "skill": [], "planning": []}}


# -- verifier ----------------------------------------------------------------------------------

def verifier_answers(module, messages):
    """Reject the wrong-record click before it runs; advance on completion; else continue."""
    user = messages[-1]["content"]
    if "click('21')" in user and "proposed action" in user:
        return {"decision": "repair", "scope": "execution", "diagnosis": "The action opens T-411, not T-390."}
    if "Fast tester signal: complete" in user:
        return {"decision": "advance", "scope": "none", "diagnosis": "The completion evidence is shown."}
    return {"decision": "continue", "scope": "none", "diagnosis": "Nothing contradicts the commitment."}


def run_with(verifier, log=None):
    env = FakeSupportEnv()
    r = Runner(env, SupportExecutor(), support_plan(), verifier=verifier, log=log if log is not None else EvidenceLog())
    return env, r.run()


def test_llm_verifier_replayed_run_rejects_wrong_record_pre_action(tmp_path):
    rec = tmp_path / "verifier.jsonl"
    env, first = run_with(LLMVerifier(ScriptedLLM(rec, verifier_answers)))
    assert first.success and first.first_detection["phase"] == "pre"
    usage = LLMUsage()
    env, res = run_with(LLMVerifier(replay(rec, usage)))
    assert res.success and res.first_detection == first.first_detection
    assert "click('21')" not in env.actions
    assert res.llm_by_module["verifier"]["calls"] == res.escalations == len(usage)
    assert all(c.source == "replay" and c.ok for c in usage.calls)
    decisions = [c for c in res.checks if c.verifier == "llm"]
    assert decisions and decisions[0].decision is Decision.REPAIR and "T-411" in decisions[0].diagnosis


def test_llm_verifier_guard_rails(tmp_path):
    rec = tmp_path / "v.jsonl"
    llm = ScriptedLLM(rec, lambda m, msgs: {"decision": "advance", "scope": "none", "diagnosis": "looks done"})
    v = LLMVerifier(llm)
    env = FakeSupportEnv()
    o0 = env.reset()
    bad = env.step(Action("click('21')"))
    plan = support_plan()
    risk = StateTester(LexicalMatcher()).test(plan, plan.commitments[0], bad, before=o0, action=Action("click('21')"))
    assert risk.route is Route.RISK
    from fcpkit.core.verify import VerifyRequest

    verdict = v.verify(VerifyRequest(plan, plan.commitments[0], risk, 1, observation=bad, action=Action("click('21')")))
    assert verdict.decision is Decision.CONTINUE  # falsify-first: never advanced on a risk page
    prompt = llm.requests[0][1][-1]["content"]
    assert "Ticket T-411" in prompt and "risk (alpha+=" in prompt and "Ticket T-411 detail" in prompt


def test_llm_verifier_falls_back_on_llm_error_and_logs_it(tmp_path):
    log = EvidenceLog()
    broken = BrokenLLM()
    env, res = run_with(LLMVerifier(broken), log=log)
    assert res.success  # lower-bound decisions still detect and repair the wrong record
    assert res.repairs_by_scope == {"execution": 1}
    assert broken.calls == res.escalations
    fallbacks = [r for r in log.records if r.get("event") == "verifier_fallback"]
    assert len(fallbacks) == broken.calls and fallbacks[0]["error_kind"] == "invalid_output"
    assert all(c.verifier == "llm-fallback(keep-going)" for c in res.checks if c.verifier != "fast")


def test_llm_verifier_with_a_dead_endpoint_does_not_crash(dead_url):
    client = LLMClient("m", base_url=dead_url, max_retries=1, backoff_base=0.001, timeout=2)
    env, res = run_with(LLMVerifier(client))
    assert res.success and res.llm_by_module["verifier"]["failed"] == res.llm_by_module["verifier"]["calls"] > 0


def test_llm_verifier_replay_miss_falls_back(tmp_path):
    rec = tmp_path / "empty.jsonl"
    rec.write_text("")
    env, res = run_with(LLMVerifier(replay(rec)))
    assert res.success and res.llm_by_module["verifier"]["failed"] > 0


# -- planner -----------------------------------------------------------------------------------

def test_llm_planner_repairs_a_sloppy_answer_and_replays(tmp_path):
    sloppy = {"commitments": [
        fcu("Open Ticket!", "Open ticket T-390", confidence=0.9, completion=["Ticket T-390 detail"],
            execution=["Ticket T-411 detail", "Ticket T-411 detail", ""]),
        fcu("open-ticket", "Assign ticket T-390 to Payments", skill="select_and_submit", completion=["Changes saved."]),
        fcu("x", "   "),
    ]}
    rec = tmp_path / "planner.jsonl"
    skills = [SkillRecord("select_and_submit", "Pick {team} and submit")]
    planner = LLMPlanner(ScriptedLLM(rec, lambda m, msgs: sloppy),
                         plan_falsifiers={"execution": ["Your session has expired."]})
    plan = planner.plan(TASK, FakeSupportEnv().reset(), skills=skills,
                        failures=[FailureCase(TASK, "Opened the wrong ticket")])
    assert [c.id for c in plan.commitments] == ["open-ticket", "open-ticket-2"]
    assert plan.commitments[0].confidence == 0.9 and plan.commitments[0].skill is None
    assert [e.text for e in plan.commitments[0].falsify["execution"]] == ["Ticket T-411 detail"]
    assert plan.commitments[1].skill == "select_and_submit"
    assert plan.plan_falsifiers["execution"][0].text == "Your session has expired."
    assert planner.last_report["fixes"]
    prompt = planner.client.requests[0][1][-1]["content"]
    assert "select_and_submit" in prompt and "Opened the wrong ticket" in prompt
    usage = LLMUsage()
    again = LLMPlanner(replay(rec, usage), plan_falsifiers={"execution": ["Your session has expired."]}).plan(
        TASK, FakeSupportEnv().reset(), skills=skills, failures=[FailureCase(TASK, "Opened the wrong ticket")])
    assert again == plan and usage.calls[0].module == "planner" and usage.calls[0].source == "replay"


def test_llm_planner_feeds_the_error_back_then_succeeds(tmp_path):
    answers = iter([{"commitments": [fcu("a", " ")]}, {"commitments": [fcu("open", "Open ticket T-390")]}])
    llm = ScriptedLLM(tmp_path / "p.jsonl", lambda m, msgs: next(answers))
    planner = LLMPlanner(llm, retries=1)
    plan = planner.plan(TASK, None)
    assert [c.id for c in plan.commitments] == ["open"] and planner.last_report["attempts"] == 2
    assert "rejected" in llm.requests[1][1][-1]["content"]
    assert LLMPlanner(replay(tmp_path / "p.jsonl"), retries=1).plan(TASK, None) == plan


def test_llm_planner_gives_up_with_a_reason(tmp_path):
    llm = ScriptedLLM(tmp_path / "p.jsonl", lambda m, msgs: {"commitments": [fcu("a", "")]})
    with pytest.raises(PlanningError, match="no valid plan after 2 attempt"):
        LLMPlanner(llm, retries=1).plan(TASK, None)
    with pytest.raises(PlanningError, match="invalid_output"):
        LLMPlanner(BrokenLLM()).plan(TASK, None)


def test_runner_with_planner_and_failed_planning_stops_cleanly():
    res = Runner(FakeSupportEnv(), SupportExecutor(), planner=LLMPlanner(BrokenLLM())).run()
    assert res.stop_reason == "planning_failed" and res.success is False and res.steps == 0


def test_template_planner_fills_skills_from_task_variables():
    skills = [
        SkillRecord("open_record_by_id", "Open ticket {record_id}", id="open-{record_id}",
                    confirm={"completion": ["Ticket {record_id} detail"]},
                    falsify={"execution": [{"text": "A ticket other than {record_id} is open", "on": "both"}]}),
        SkillRecord("select_and_submit", "Assign {record_id} to {team} and save",
                    confirm={"completion": ["Ticket {record_id} assigned to {team}. Changes saved."]}),
    ]
    plan = TemplatePlanner(skills).plan(TASK, None, failures=[
        FailureCase(TASK, "wrong team", falsifier="Ticket {record_id} assigned to Billing", skill="select_and_submit")])
    assert [c.id for c in plan.commitments] == ["open-T-390", "select-and-submit"]
    assert plan.commitments[1].subgoal == "Assign T-390 to Payments and save"
    assert plan.commitments[0].falsify["execution"][0].on == "both"
    assert [e.text for e in plan.commitments[1].falsify["execution"]] == ["Ticket T-390 assigned to Billing"]
    from fcpkit.errors import PlanError

    with pytest.raises(PlanError, match="customer"):
        TemplatePlanner([SkillRecord("x", "Email {customer}")]).plan(TASK, None)
    res = Runner(FakeSupportEnv(), SupportExecutor(), plan).run()
    assert res.success


def test_sanitize_plan_data_reports_every_fix():
    data, fixes = sanitize_plan_data("t", {"commitments": ["junk", {"id": "", "subgoal": "Do X", "confidence": "high",
                                                                   "confirm": {"finish": ["x"]}},
                                                      {"subgoal": "Do X", "confidence": 1.7}]})
    assert data["commitments"][1]["confidence"] == 1.0 and data["commitments"][1]["id"] == "do-x-2"
    assert data["commitments"][0]["id"] == "do-x" and data["commitments"][0]["confidence"] == 0.5
    assert any("junk" in f or "not a mapping" in f for f in fixes) and any("finish" in f for f in fixes)


# -- repairer ----------------------------------------------------------------------------------

def _request(scope, phase="post", index=1, **kw):
    env = FakeSupportEnv()
    o0 = env.reset()
    obs = env.step(Action("click('23')"))
    plan = support_plan()
    result = StateTester(LexicalMatcher()).test(plan, plan.commitments[index], obs)
    return RepairRequest(plan, index, scope, kw.pop("diagnosis", "Assign to team list is not available"), phase,
                         result=result, action=Action("click('40')", target="button 'Assign'"), observation=obs,
                         safe_url=o0.url, **kw)


def test_deterministic_skill_switch_keeps_subgoal_and_updates_evidence():
    skills = [SkillRecord("select_and_submit", "x"),
              SkillRecord("edit_form_field", "Edit the team field of {record_id}",
                          confirm={"progress": ["Edit team form for {record_id}"]},
                          falsify={"skill": ["Edit button is not available"]})]
    req = _request("skill", skills=skills)
    req = RepairRequest(**{**req.__dict__, "result": req.result.__class__(**{**req.result.__dict__,
                           "evidence": "Assign to team list is not available on ticket T-390 detail"})})
    res = DeterministicRepairer().repair(req)
    new = res.plan.commitments[1]
    assert res.scope == "skill" and new.skill == "edit_form_field" and new.subgoal == req.commitment.subgoal
    assert [e.text for e in new.confirm["progress"]] == ["Edit team form for T-390"]
    assert [e.text for e in new.falsify["skill"]] == ["Edit button is not available"]
    assert new.extra["previous_skills"] == ["select_and_submit"]
    assert res.plan.commitments[0] == req.plan.commitments[0]


def test_deterministic_planning_scope_marks_for_replanning():
    res = DeterministicRepairer().repair(_request("planning"))
    assert res.replan and res.scope == "planning" and res.plan == support_plan()


def test_llm_repairer_planning_rewrite_keeps_prefix_and_replays(tmp_path):
    answer = {"scope": "planning", "strategy": "replan", "backtrack": False, "guidance": "Escalate to a lead.",
              "commitments": [fcu("escalate", "Escalate T-390 to a team lead", completion=["Escalated"])]}
    rec = tmp_path / "r.jsonl"
    res = LLMRepairer(ScriptedLLM(rec, lambda m, msgs: answer)).repair(_request("planning"))
    assert [c.id for c in res.plan.commitments] == ["open-ticket", "escalate"] and res.hint == "Escalate to a lead."
    res2 = LLMRepairer(replay(rec)).repair(_request("planning"))
    assert res2.plan == res.plan and res2.repairer == "llm"


def test_llm_repairer_skill_scope_cannot_change_the_subgoal(tmp_path):
    answer = {"scope": "skill", "strategy": "switch_skill", "backtrack": True, "guidance": "Use the edit form.",
              "commitments": [fcu("other", "Something else entirely", skill="edit_form_field")]}
    res = LLMRepairer(ScriptedLLM(tmp_path / "r.jsonl", lambda m, msgs: answer)).repair(_request("skill"))
    c = res.plan.commitments[1]
    assert c.id == "assign-payments" and c.subgoal.startswith("Assign ticket T-390") and c.skill == "edit_form_field"
    assert res.depth == "backtrack" and res.backtrack_url.endswith("/support")  # the model asked to go back


def test_llm_repairer_is_an_llm_component_accounted_under_its_module_with_the_strategy_schema():
    answer = {"scope": "planning", "strategy": "replan", "backtrack": False, "guidance": "",
              "commitments": [fcu("escalate", "Escalate T-390 to a team lead", completion=["Escalated"])]}
    client = MockClient({"repairer": answer})
    r = LLMRepairer(client)
    assert isinstance(r, LLMComponent) and (r.module, r.prompt, r.client) == ("repairer", "repairer", client)
    assert r.schema == repairer_schema() and "reauthenticate" in r.schema["properties"]["strategy"]["enum"]
    res = r.repair(_request("planning"))
    (call,) = r.llm_calls()
    assert call.schema == repairer_schema() and call.messages == r.messages(_request("planning"))
    assert res.repairer == "llm" and [c.id for c in res.plan.commitments] == ["open-ticket", "escalate"]
    # an answer outside the schema is the client's LLMError: the repairer falls back, and says why
    bad = LLMRepairer(MockClient({"repairer": dict(answer, strategy="pray")}))
    res = bad.repair(_request("planning"))
    assert res.repairer.startswith("llm-fallback") and "invalid_output" in bad.fallbacks[0]


def test_llm_repairer_falls_back_on_llm_error():
    r = LLMRepairer(BrokenLLM())
    res = r.repair(_request("execution", diagnosis="wrong record"))
    assert res.scope == "execution" and res.repairer.startswith("llm-fallback") and r.fallbacks


def test_llm_planner_loads_its_prompt_from_a_file_and_rereads_it(tmp_path):
    import os
    prompt = tmp_path / "planner_v2.txt"
    prompt.write_text("<<system>>\nVERSION ONE\n<<user>>\nTask: $task\nPage: $observation")
    seen = []
    client = MockClient({"planner": lambda m, msgs: seen.append(msgs) or {"commitments": [fcu("open", "Open ticket T-390")]}})
    planner = LLMPlanner(client, prompt=prompt)
    planner.plan(TASK, None)
    assert seen[-1][0]["content"] == "VERSION ONE" and seen[-1][1]["content"].startswith(f"Task: {TASK}")
    before = prompt.stat().st_mtime_ns
    prompt.write_text("<<system>>\nVERSION TWO\n<<user>>\nTask: $task\nPage: $observation")
    os.utime(prompt, ns=(before + 2_000_000_000,) * 2)
    planner.plan(TASK, None)
    assert seen[-1][0]["content"] == "VERSION TWO"


def test_llm_planner_gives_a_budgeted_client_its_output_budget_and_a_bounded_schema():
    from fcpkit.agent.planner import PLAN_MAX_TOKENS

    class Budgeted:
        max_tokens = 512

        def __init__(self):
            self.kw = []

        def complete_json(self, module, messages, *, schema, **kw):
            self.kw.append((schema, kw))
            return {"commitments": [{**fcu("open", "Open ticket T-390"), "confidence": 4.67}]}

    client = Budgeted()
    plan = LLMPlanner(client, max_commitments=3).plan(TASK, None)
    schema, kw = client.kw[0]
    assert kw == {"max_tokens": PLAN_MAX_TOKENS} and PLAN_MAX_TOKENS > 512
    assert schema["properties"]["commitments"]["maxItems"] == 3
    # llama.cpp's grammar does not bound numbers; the sanitiser clamps instead of a re-ask
    assert "maximum" not in schema["properties"]["commitments"]["items"]["properties"]["confidence"]
    assert plan.commitments[0].confidence == 1.0
    assert LLMPlanner(client, max_tokens=0).ask([{"role": "user", "content": "x"}]) and client.kw[-1][1] == {}
