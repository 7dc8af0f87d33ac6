"""Experience: the skill library and the failure-repair library (paper appendix B.3/B.4).

* records: :class:`Skill`, :class:`FailureRecord` (frozen; JSON/YAML round-trip)
* store: :class:`Library`, :func:`load_library`, :func:`save_library` (``data/libraries/``, ``datasets.Dataset``)
* induce: the :class:`Inducer` protocol, :class:`DeterministicInducer`, :class:`LLMInducer`
* retrieve: :class:`SkillRetriever` (0.4 BM25 + 0.6 embedding, K = 3, dependency expansion),
  :class:`FailureRetriever` (0.5 / 0.5, P = 2)
* generate: :class:`ExperiencePlanner` (retrieve, compose, instantiate commitments)
* experience: :class:`ExperienceRepairer` (repair consults the failure library), :func:`failures_from_run`
"""

from .records import Diagnosis, FailureRecord, RepairAction, RepairOutcome, Situation, Skill, SkillHistory
from .store import Library, load_library, save_library
from .params import bind_task, extract_values, lift, lift_task
from .induce import DeterministicInducer, Inducer, healthy
from .llm_induce import LLMInducer, compare
from .retrieve import FailureHit, FailureRetriever, HybridIndex, SkillHit, SkillRetriever, default_embedder, situation_text
from .generate import ExperiencePlanner, compose, fill_template, lint_plan
from .experience import ExperienceRepairer, failures_from_run, same_diagnosis

__all__ = [
    "Skill", "SkillHistory", "FailureRecord", "Situation", "Diagnosis", "RepairAction", "RepairOutcome",
    "Library", "load_library", "save_library",
    "bind_task", "extract_values", "lift", "lift_task",
    "Inducer", "DeterministicInducer", "LLMInducer", "compare", "healthy",
    "SkillRetriever", "FailureRetriever", "HybridIndex", "SkillHit", "FailureHit", "default_embedder", "situation_text",
    "ExperiencePlanner", "compose", "fill_template", "lint_plan",
    "ExperienceRepairer", "failures_from_run", "same_diagnosis",
]
