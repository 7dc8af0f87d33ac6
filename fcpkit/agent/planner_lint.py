"""One more planning call when the LLM planner's plan lints with warnings (``LLMPlanner(lint_rounds=N)``).

A plan that parses can still be one the checker reads literally or can never confirm
(:mod:`fcpkit.matching.lint`). The planner can show the model the warnings about its own
statements, each with its fix, and ask for the whole plan again. The revision is kept only if it
has fewer warnings; a re-ask that fails (no answer, an answer that does not parse) keeps the plan
already in hand, so linting never costs a run its plan. Warnings about the plan-level falsifiers
fcpkit attaches itself are not the model's to fix and are not shown to it.
"""

from __future__ import annotations

from typing import Any, Callable

from fcpkit.core.lint import LintWarning
from fcpkit.core.plan import Plan
from fcpkit.errors import LLMError, PlanError

__all__ = ["own_warnings", "revise_for_lint"]

_ASK = ("That plan parses, but fcpkit's linter warns about these statements, each with its fix:\n{warnings}\n"
        "Reply again with the whole corrected JSON object {{\"commitments\": [...]}}: apply each fix, keep the rest.")


def own_warnings(plan: Plan) -> list[LintWarning]:
    """The lint warnings about the commitments' statements (the model's own words)."""
    return [w for w in plan.lint() if w.where.startswith("commitment ")]


def revise_for_lint(planner: Any, plan: Plan, messages: list, answer: dict, parse: Callable[[dict], tuple[Plan, list]],
                    report: dict[str, Any], rounds: int) -> Plan:
    """``plan``, or the model's revision with fewer warnings after up to ``rounds`` re-asks.
    ``parse(answer)`` turns an answer into (plan, sanitiser fixes) or raises ``PlanError``; what
    happened goes into ``report`` (``lint``: the kept plan's warnings, ``lint_before``: how many the
    first plan had, ``lint_rounds``, ``lint_problem``)."""
    if rounds <= 0:
        return plan
    warnings = shown = own_warnings(plan)  # the kept plan's; the last answer's, shown back to the model
    report["lint_rounds"], report["lint_before"] = 0, len(warnings)
    for _ in range(rounds):
        if not shown:
            break
        messages = planner.reask(messages, answer, _ASK.format(warnings="\n".join(f"- {w.render()}" for w in shown)))
        try:
            answer = planner.ask(messages)
            revised, fixes = parse(answer)
        except (LLMError, PlanError) as err:
            report["lint_problem"] = str(err)[:300]
            break
        report["lint_rounds"] += 1
        shown = own_warnings(revised)
        if len(shown) < len(warnings):
            plan, warnings = revised, shown
            report["fixes"].extend(fixes)
    report["lint"] = [w.render() for w in warnings]
    return plan
