"""The live agent: the :class:`~fcpkit.agent.runtime.Runner` (Algorithm 1), planners, scope-aware
repair with named strategies and honest stops (:mod:`fcpkit.agent.repair`), run outcome classes
(:mod:`fcpkit.agent.outcomes`) and the guards (policy gate, repair budget, kill switch). Imports
core, matching and llm.
"""

from fcpkit.agent.guards import Approval, KillSwitch, PolicyGate, RepairBudget, approve_all, deny_all
from fcpkit.agent.planner import FailureCase, LLMPlanner, Planner, PlanningError, SkillRecord, TemplatePlanner
from fcpkit.agent.outcomes import OUTCOME_CLASSES, classify_outcome
from fcpkit.agent.repair import (
    STRATEGIES, CredentialsProvider, DeterministicRepairer, EnvironmentCredentials, LLMRepairer, Repairer, RepairResult,
    SecretEnvironment, StaticCredentials,
)
from fcpkit.agent.runtime import Runner
from fcpkit.agent.run_records import RunEvent, RunResult

__all__ = [
    "Runner", "RunEvent", "RunResult", "PolicyGate", "KillSwitch", "RepairBudget", "approve_all", "deny_all", "Approval",
    "Planner", "TemplatePlanner", "LLMPlanner", "PlanningError", "SkillRecord", "FailureCase",
    "Repairer", "DeterministicRepairer", "LLMRepairer", "RepairResult", "STRATEGIES", "CredentialsProvider",
    "StaticCredentials", "EnvironmentCredentials", "SecretEnvironment", "OUTCOME_CLASSES", "classify_outcome",
]
