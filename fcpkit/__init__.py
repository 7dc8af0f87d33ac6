"""fcpkit: falsifiable commitment planning for web agents.

The curated public API, what notebooks, the CLI and the benchmarks start from:

* authoring: :class:`Plan`, :class:`Commitment`, :class:`Evidence`, :func:`load_plan`, :func:`dump_plan`
* corpora: :func:`load_corpus`, :func:`dump_corpus`, :class:`Trajectory`, :class:`Step`,
  :class:`Observation`, :class:`Action`, :class:`Label`
* scoring: :class:`Matcher`, :class:`LexicalMatcher`, :func:`get_matcher`
* routing and testing: :class:`Thresholds`, :class:`Route`, :func:`route`, :class:`StateTester`,
  :class:`ActionTester`, :class:`CheckResult`, :class:`CommitmentTracker`
* verifiers: :class:`Verifier`, :class:`Decision`, :class:`Verdict`, :func:`get_verifier`
* checking and logging: :class:`Checker`, :class:`TrajectoryReport`, :class:`StepCheck`,
  :class:`EvidenceLog`, :func:`read_log`
* the live loop: :class:`Runner`, :class:`RunEvent`, :class:`RunResult`
* errors: :class:`FcpkitError` and the leaves a user catches (plan, corpus, configuration);
  the whole tree is :mod:`fcpkit.errors`

At most 40 names (a test holds it): the rest is each layer's (``fcpkit.core.plan.SCOPES``,
``fcpkit.core.page.Page``, ``fcpkit.core.falsifiers.Builtins``, ...).

Everything else lives in the layers, each with its own public names: :mod:`fcpkit.core` (the
kernel), :mod:`fcpkit.matching`, :mod:`fcpkit.llm`, :mod:`fcpkit.agent`, :mod:`fcpkit.eval`,
:mod:`fcpkit.viz`, :mod:`fcpkit_lab.envs`.
"""

from fcpkit.agent.runtime import Runner
from fcpkit.agent.run_records import RunEvent, RunResult
from fcpkit.core.log import EvidenceLog, read_log
from fcpkit.core.plan import Commitment, Evidence, Plan, dump_plan, load_plan
from fcpkit.core.protocols import Matcher
from fcpkit.core.router import Route, Thresholds, route
from fcpkit.core.testers import ActionTester, CheckResult, StateTester
from fcpkit.core.tracker import CommitmentTracker
from fcpkit.core.trajectory import Action, Corpus, Label, Observation, Step, Trajectory, dump_corpus, load_corpus
from fcpkit.core.verify import Decision, StepCheck, Verdict, Verifier
from fcpkit.errors import ConfigError, CorpusError, FcpkitError, PlanError
from fcpkit.eval.checker import Checker, TrajectoryReport
from fcpkit.llm.components.registry import get_verifier
from fcpkit.matching import LexicalMatcher, get_matcher

__version__ = "0.1.0"

__all__ = [
    "Plan", "Commitment", "Evidence", "load_plan", "dump_plan",
    "Trajectory", "Step", "Observation", "Action", "Label", "Corpus", "load_corpus", "dump_corpus",
    "Matcher", "LexicalMatcher", "get_matcher",
    "Thresholds", "Route", "route", "StateTester", "ActionTester", "CheckResult",
    "CommitmentTracker",
    "Verifier", "Decision", "Verdict", "get_verifier",
    "Checker", "TrajectoryReport", "StepCheck", "EvidenceLog", "read_log",
    "Runner", "RunEvent", "RunResult",
    "FcpkitError", "PlanError", "CorpusError", "ConfigError",
    "__version__",
]
