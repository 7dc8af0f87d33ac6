"""The live agent: the :class:`~fcpkit.agent.runtime.Runner` (Algorithm 1), planners, scope-aware
repair and the guards (policy gate, repair budget, kill switch). Imports core, matching and llm.
"""

from fcpkit.agent.guards import Approval, KillSwitch, PolicyGate, RepairBudget, approve_all, deny_all
from fcpkit.agent.planner import FailureCase, LLMPlanner, Planner, PlanningError, SkillRecord, TemplatePlanner
from fcpkit.agent.repair import DeterministicRepairer, LLMRepairer, Repairer, RepairResult
from fcpkit.agent.runtime import RunEvent, Runner, RunResult

__all__ = [
    "Runner", "RunEvent", "RunResult", "PolicyGate", "KillSwitch", "RepairBudget", "approve_all", "deny_all", "Approval",
    "Planner", "TemplatePlanner", "LLMPlanner", "PlanningError", "SkillRecord", "FailureCase",
    "Repairer", "DeterministicRepairer", "LLMRepairer", "RepairResult",
]
