"""The study's row: one JSON object per episode, everything the paper's tables and figures need.

Fields: the task (id, parts, fault), success by the application's validator, steps, detections,
repairs by scope and by Figure-11 family (each repair record's own ``family`` when it has one),
LLM calls and seconds by module, slow checks split by level (state / action: calls, seconds, LLM
calls, drift), fast-tester, browser, executor, planner, repairer, verifier and wall seconds, every
model call of the episode (``llm_call_log``: module, seconds, tokens), and the injected labels
(faulty responses the application served, the executor's injected errors) that Table 10 is scored
against. The worker adds the config, the model card (which model, its size) and the machine's load.

Model seconds are counted inside the module that made the call: a call the verifier makes is in
``llm_by_module["verifier"]`` and also inside ``verifier_s`` (the runner times the verifier around
it), so ``llm_by_module[m]["wall_s"] <= {m}_s`` holds for every module
(:func:`fcpkit_lab.eval.study.attribution_problems` checks it).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from fcpkit.agent.arms import LevelTimer, repair_family
from fcpkit.agent.run_records import RunResult
from fcpkit_lab.envs.study.tasks import StudyTask

__all__ = ["episode_row", "ROW_FIELDS"]

ROW_FIELDS = ("arm", "task", "seed", "fault", "parts", "success", "steps", "detections", "repairs",
              "repairs_by_scope", "repairs_by_family", "llm_calls", "llm_s", "llm_by_module", "slow", "fast_tester_s",
              "browser_s", "executor_s", "planner_s", "repairer_s", "verifier_s", "wall_s", "llm_call_log", "injected")


def episode_row(result: RunResult, *, task: StudyTask, env: Any, executor: Any, timer: LevelTimer,
                calls: Sequence[Any] = ()) -> dict[str, Any]:
    """The row of one finished run (see the module docstring); ``calls`` are the episode's
    :class:`~fcpkit.llm.usage.LLMCall` records, one line each in ``llm_call_log``."""
    times = result.time_by_module
    checks = Counter("action" if c.result.phase == "pre" else "state" for c in result.checks if c.result.scored)
    # the erring executor's errors are injected (labelled drift); an LLM executor's are its own failures
    # to give a valid action (strings), which are no label
    found = list(getattr(executor, "errors", []))
    errors = [e.__dict__ if hasattr(e, "__dict__") else dict(e) for e in found if not isinstance(e, str)]
    failures = [e for e in found if isinstance(e, str)]
    fault_events = int(getattr(env, "fault_events", 0))
    repairs = [{"step": None, "scope": r.scope, "strategy": r.strategy, "depth": r.depth,
                "family": repair_family(r), "repairer": r.repairer} for r in result.repairs]
    return {
        "fault": task.fault, "parts": len(task.parts), "composite": task.composite,
        "success": result.success, "outcome_reason": result.outcome.reason if result.outcome else None,
        "parts_success": (result.outcome.extra or {}).get("parts") if result.outcome else None,
        "stop_reason": result.stop_reason, "steps": result.steps, "proposals": result.proposals,
        "n_commitments": len(result.plan) if result.plan is not None else 0, "advanced": len(result.advanced),
        "detections": result.detections, "first_detection": result.first_detection,
        "checks": dict(checks), "escalations": result.escalations,
        "repairs": len(result.repairs), "repairs_by_scope": dict(Counter(r["scope"] for r in repairs)),
        "repairs_by_family": dict(Counter(r["family"] for r in repairs)), "repair_records": repairs,
        "llm_calls": result.llm_calls, "llm_s": round(result.llm_wall_s, 4), "llm_by_module": result.llm_by_module,
        "slow": timer.to_dict(),
        "fast_tester_s": round(times.get("fast_tester", 0.0), 4), "browser_s": round(times.get("env", 0.0), 4),
        "executor_s": round(times.get("executor", 0.0), 4), "planner_s": round(times.get("planner", 0.0), 4),
        "repairer_s": round(times.get("repairer", 0.0), 4), "verifier_s": round(times.get("verifier", 0.0), 4),
        "wall_s": round(result.wall_s, 4),
        "llm_call_log": [{"module": c.module, "s": round(c.wall_s, 4), "prompt_tokens": c.prompt_tokens,
                          "completion_tokens": c.completion_tokens, "attempts": c.attempts, "ok": c.ok,
                          **({"error_kind": c.error_kind} if c.error_kind else {})} for c in calls],
        "executor_failures": failures,
        "injected": {"fault_events": fault_events, "executor_errors": errors,
                     "drift": bool(fault_events or errors)},
    }
