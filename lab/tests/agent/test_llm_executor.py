"""The LLM executor: recorded answers replayed through the real ``LLMClient(mode="replay")``, and
clients that fail for good (a ``noop()``, never a crash)."""

from __future__ import annotations

from _support.fakes import BrokenLLM, FakeSupportEnv, ScriptedLLM, TASK, support_plan

from fcpkit import Action, Observation
from fcpkit.core.protocols import ExecutorContext
from fcpkit.llm import LLMClient, LLMUsage
from fcpkit_lab.envs.executors.llm import LLMExecutor, axtree_nodes, resolve_target


def replay(path, usage=None):
    return LLMClient(mode="replay", recording=path, usage=usage if usage is not None else LLMUsage())


# -- executor ----------------------------------------------------------------------------------

def _ctx(rejected=()):
    env = FakeSupportEnv()
    plan = support_plan()
    return ExecutorContext(TASK, plan, plan.commitments[0], env.reset(), rejected=tuple(rejected), hint="Avoid T-411")


def test_llm_executor_validates_retries_and_resolves_target(tmp_path):
    answers = iter([{"reasoning": "open it", "action": "open(23)"},
                    {"reasoning": "open it", "action": "click('999')"},
                    {"reasoning": "open it", "action": "click('21')"},
                    {"reasoning": "Open T-390", "action": "click('23')"}])
    llm = ScriptedLLM(tmp_path / "e.jsonl", lambda m, msgs: next(answers))
    ex = LLMExecutor(llm, retries=3)
    a = ex.propose(_ctx(rejected=[Action("click('21')")]))
    assert a.command == "click('23')" and a.target == "link 'T-390 Charged twice this month'" and a.effect == "read"
    fb = [m[-1]["content"] for _, m in llm.requests[1:]]
    assert "not valid" in fb[0] and "do not appear" in fb[1] and "rejected by a repair" in fb[2]
    assert "Avoid T-411" in llm.requests[0][1][-1]["content"]
    again = LLMExecutor(replay(tmp_path / "e.jsonl"), retries=3).propose(_ctx(rejected=[Action("click('21')")]))
    assert again == a


def test_llm_executor_returns_noop_after_retries_or_llm_error(tmp_path):
    llm = ScriptedLLM(tmp_path / "e.jsonl", lambda m, msgs: {"reasoning": "x", "action": "explode()"})
    a = LLMExecutor(llm, retries=1).propose(_ctx())
    assert a.command == "noop()" and "unknown action 'explode'" in a.reasoning and len(llm.requests) == 2
    b = LLMExecutor(BrokenLLM()).propose(_ctx())
    assert b.command == "noop()" and "invalid_output" in b.reasoning


def test_axtree_helpers():
    text = "RootWebArea 'x'\n\t[a31] link 'T-411 Refund'\n\t[68] button 'Save'\n\tStaticText 'hi'\n\t[5] main"
    assert axtree_nodes(text) == {"a31": "link 'T-411 Refund'", "68": "button 'Save'", "5": "main"}
    obs = Observation(text=text)
    assert resolve_target("click('a31')", obs) == "link 'T-411 Refund'" and resolve_target("scroll(0, 5)", obs) is None
