"""Experience: the skill library and the failure-repair library (paper appendix B.3/B.4).

* records: :class:`Skill`, :class:`FailureRecord` (frozen; JSON/YAML round-trip)
* store: :class:`Library`, :func:`load_library`, :func:`save_library` (``fcpkit/data/libraries/``, ``datasets.Dataset``)
* induction (it replays runs through the Checker, so it lives in :mod:`fcpkit.eval.induce` and
  :mod:`fcpkit.eval.llm_induce`): the ``Inducer`` protocol, ``DeterministicInducer``, ``LLMInducer``
* retrieve: :class:`SkillRetriever` (0.4 BM25 + 0.6 embedding, K = 3, dependency expansion),
  :class:`FailureRetriever` (0.5 / 0.5, P = 2)
* generate: :class:`ExperiencePlanner` (retrieve, compose, instantiate commitments)
* experience: :class:`ExperienceRepairer` (repair consults the failure library), :func:`failures_from_run`
"""

from fcpkit.agent.memory.records import Diagnosis, FailureRecord, RepairAction, RepairOutcome, Situation, Skill, SkillHistory
from fcpkit.agent.memory.store import Library, load_library, save_library
from fcpkit.agent.memory.params import bind_task, extract_values, lift, lift_task
from fcpkit.agent.memory.retrieve import FailureHit, FailureRetriever, HybridIndex, SkillHit, SkillRetriever, default_embedder, situation_text
from fcpkit.agent.memory.generate import ExperiencePlanner, compose, fill_template, lint_plan
from fcpkit.agent.memory.experience import ExperienceRepairer, failures_from_run, same_diagnosis

__all__ = [
    "Skill", "SkillHistory", "FailureRecord", "Situation", "Diagnosis", "RepairAction", "RepairOutcome",
    "Library", "load_library", "save_library",
    "bind_task", "extract_values", "lift", "lift_task",
    "SkillRetriever", "FailureRetriever", "HybridIndex", "SkillHit", "FailureHit", "default_embedder", "situation_text",
    "ExperiencePlanner", "compose", "fill_template", "lint_plan",
    "ExperienceRepairer", "failures_from_run", "same_diagnosis",
]
