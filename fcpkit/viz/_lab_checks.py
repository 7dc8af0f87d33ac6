"""The falsifier lab's checking: outcomes of every plan's runs, cached per (corpus, plan,
built-ins setting) until an edit or a threshold change clears them, against a baseline of the
unedited plans and base thresholds; and the counts by source (see :mod:`fcpkit.viz._lab_sources`)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable

import fcpkit

from fcpkit.viz._lab_sources import count_sources
from fcpkit.eval.metrics import run_outcome, summarize_outcomes

__all__ = ["LabChecking", "as_trajectories", "plan_key"]


class LabChecking:
    """Mixed into :class:`~fcpkit.viz.falsifier_lab.FalsifierLab` (it owns the state used here)."""

    def _check_plan(self, cname: str, key: str, builtins: bool | None = None) -> list[dict[str, Any]]:
        flag = self.builtins if builtins is None else builtins
        hit = self._outcomes.get((cname, key, flag))
        if hit is None:
            checker = fcpkit.Checker(self.matcher, self.thresholds, verifier=self.verifier, use_builtins=flag)
            reps = [checker.check(t, self._plans[cname][key]) for t in self._groups[cname][key]]
            self._reports[(cname, key, flag)] = reps
            hit = self._outcomes[(cname, key, flag)] = [run_outcome(r) for r in reps]
        return hit

    def _baseline_outcomes(self, cname: str, key: str, builtins: bool | None = None) -> list[dict[str, Any]]:
        """Outcomes with the unedited plan and the base thresholds (what every change is compared to)."""
        flag = self.builtins if builtins is None else builtins
        hit = self._baseline_cache.get((cname, key, flag))
        if hit is None:
            checker = fcpkit.Checker(self.matcher, self.base_thresholds, verifier=self.verifier, use_builtins=flag)
            plan = self._base_plans[cname][key]
            hit = self._baseline_cache[(cname, key, flag)] = [run_outcome(checker.check(t, plan))
                                                              for t in self._groups[cname][key]]
        return hit

    def _keys(self, corpus: bool) -> list[str]:
        return list(self._groups[self.corpus_name]) if corpus else [self.plan_key]

    def _baseline_corpus(self) -> dict[str, Any]:
        return summarize_outcomes(o for k in self._keys(True) for o in self._baseline_outcomes(self.corpus_name, k))

    def _corpus_summary(self) -> dict[str, Any]:
        return summarize_outcomes(o for k in self._keys(True) for o in self._check_plan(self.corpus_name, k))

    def _by_source(self, corpus: bool, outcomes: Callable[..., list[dict[str, Any]]]) -> dict[str, Any]:
        """Counts by the plan's falsifiers alone and with the built-ins, and first detections by
        source under the lab's setting, over the selected plan's runs or the whole corpus."""
        runs = {flag: [o for k in self._keys(corpus) for o in outcomes(self.corpus_name, k, flag)]
                for flag in (False, True)}
        return {"without_builtins": summarize_outcomes(runs[False]), "with_builtins": summarize_outcomes(runs[True]),
                "sources": count_sources(runs[self.builtins])}


def as_trajectories(obj: Any) -> list[fcpkit.Trajectory]:
    """A corpus path, one trajectory or an iterable of them, as a list."""
    if isinstance(obj, (str, Path)):
        return list(fcpkit.load_corpus(obj))
    if isinstance(obj, fcpkit.Trajectory):
        return [obj]
    return list(obj)


def plan_key(t: fcpkit.Trajectory) -> str:
    """The lab's name for a run's plan: its file reference, or the task and a digest of an inline plan."""
    if t.plan_ref:
        return t.plan_ref
    digest = hashlib.sha1(json.dumps(t.plan.to_data(), sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:6]
    return f"inline: {t.plan.task[:50]} #{digest}"
