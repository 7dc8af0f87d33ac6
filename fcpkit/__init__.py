"""fcpkit: falsifiable commitment planning for web agents.

The public API, re-exported here, is what notebooks, the CLI and the benchmarks use:

* authoring: :class:`Plan`, :class:`Commitment`, :class:`Evidence`, :func:`load_plan`, :func:`dump_plan`
* corpora: :func:`load_corpus`, :class:`Trajectory`, :class:`Observation`, :class:`Action`
* scoring: :class:`Matcher`, :class:`LexicalMatcher`
* routing and testing: :class:`Thresholds`, :func:`route`, :class:`StateTester`, :class:`ActionTester`
* rules: :func:`check_transition`, :func:`page_fingerprint`, :func:`page_diff`
* verifiers: :class:`KeepGoingVerifier`, :class:`OracleVerifier`
* checking and logging: :class:`Checker`, :class:`EvidenceLog`, :func:`read_log`
* the live loop: :class:`Runner` (Algorithm 1), planners, :class:`LLMVerifier`, repairers, guards
"""

from .checker import Checker, StepCheck, TrajectoryReport
from .env import Environment, Executor, ExecutorContext, Outcome
from .errors import ConfigError, CorpusError, FcpkitError, FormatError, ModelUnavailableError, PlanError
from .log import EvidenceLog, read_log
from .matching import LexicalMatcher, Matcher
from .plan import SCOPES, STAGES, Commitment, Evidence, Plan, dump_plan, load_plan
from .router import Route, Thresholds, route
from .rules import RuleHit, action_text, check_action, check_transition, page_diff, page_fingerprint, parse_action
from .testers import ActionTester, CheckResult, StateTester, advance_check
from .trajectory import (
    Action,
    Corpus,
    Label,
    Observation,
    Step,
    Trajectory,
    dump_corpus,
    load_corpus,
    serialize_observation,
)
from .verifiers import (
    Decision, KeepGoingVerifier, OracleVerifier, SplitVerifier, Verdict, Verifier, VerifyRequest, needs_model,
)
from .guards import KillSwitch, PolicyGate, RepairBudget, approve_all, deny_all
from .llm_verifier import LLMVerifier
from .planner import FailureCase, LLMPlanner, Planner, PlanningError, SkillRecord, TemplatePlanner
from .repair import DeterministicRepairer, LLMRepairer, Repairer, RepairResult
from .runtime import Runner, RunResult

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionTester", "CheckResult", "Checker", "Commitment", "ConfigError", "Corpus", "CorpusError",
    "Decision", "Evidence", "EvidenceLog", "FcpkitError", "FormatError", "KeepGoingVerifier", "Label",
    "LexicalMatcher", "Matcher", "ModelUnavailableError", "Observation", "OracleVerifier", "Plan", "PlanError",
    "Route", "RuleHit", "SCOPES", "STAGES", "StateTester", "Step", "StepCheck", "Thresholds", "Trajectory",
    "TrajectoryReport", "Verdict", "Verifier", "VerifyRequest", "check_action", "check_transition", "dump_corpus",
    "dump_plan", "load_corpus", "load_plan", "page_diff", "page_fingerprint", "parse_action", "read_log", "route",
    "serialize_observation", "__version__", "action_text", "advance_check", "needs_model", "SplitVerifier",
    "Environment", "Executor", "ExecutorContext", "Outcome",
    "KillSwitch", "PolicyGate", "RepairBudget", "approve_all", "deny_all", "LLMVerifier",
    "FailureCase", "LLMPlanner", "Planner", "PlanningError", "SkillRecord", "TemplatePlanner",
    "DeterministicRepairer", "LLMRepairer", "Repairer", "RepairResult", "Runner", "RunResult",
]
