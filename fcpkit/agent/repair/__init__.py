"""Scope-aware repair Gamma (paper section 5.3) with named strategies and honest stops.

* :mod:`~fcpkit.agent.repair.base` — the request and result records, depth selection;
* :mod:`~fcpkit.agent.repair.diagnose` — the cause of a falsification (signed out, a dialog, ...);
* :mod:`~fcpkit.agent.repair.strategies` — one named, tested unit per way out, each with its
  Figure-11 family;
* :mod:`~fcpkit.agent.repair.deterministic` — the rule-based repairer (cause -> strategy, a fix
  tried once, then an honest stop);
* :mod:`~fcpkit.agent.repair.llm` — the LLM repairer choosing among the same strategies;
* :mod:`~fcpkit.agent.repair.credentials` — credentials providers, and the wrapper that keeps
  secrets out of prompts and logs;
* :mod:`~fcpkit.agent.repair.instructions` — what a repair asks the loop to do (stop, replan,
  backtrack, recover with actions), as data the runner carries out.
"""

from fcpkit.agent.repair.base import DEPTHS, FAMILIES, RepairRequest, RepairResult, Repairer, choose_depth
from fcpkit.agent.repair.credentials import (
    Credentials, CredentialsProvider, EnvironmentCredentials, SecretEnvironment, StaticCredentials, secret_placeholder,
)
from fcpkit.agent.repair.deterministic import DeterministicRepairer, choose_strategy
from fcpkit.agent.repair.diagnose import CAUSES, Diagnosis, diagnose
from fcpkit.agent.repair.llm import LLMRepairer
from fcpkit.agent.repair.strategies import FAMILY_OF, STRATEGIES, STRATEGY_NAMES, Strategy, get_strategy

__all__ = [
    "DEPTHS", "FAMILIES", "RepairRequest", "RepairResult", "Repairer", "DeterministicRepairer", "LLMRepairer",
    "choose_depth", "choose_strategy", "CAUSES", "Diagnosis", "diagnose", "Strategy", "STRATEGIES", "STRATEGY_NAMES",
    "FAMILY_OF", "get_strategy", "Credentials", "CredentialsProvider", "StaticCredentials", "EnvironmentCredentials",
    "SecretEnvironment", "secret_placeholder",
]
