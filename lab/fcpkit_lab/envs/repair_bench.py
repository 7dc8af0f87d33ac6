"""The repair benchmark: every workbench workflow x fault x variant, live, classified by outcome.

Each case is one live run of the plan-test-repair loop (real Chromium, the workbench server, the
scripted executor, the deterministic repairer with the workbench user's credentials behind a
:class:`~fcpkit.agent.repair.SecretEnvironment`). Its outcome class
(:mod:`fcpkit.agent.outcomes`) is counted per fault kind and per variant (transient: a recovery
is the right outcome; persistent: an honest stop is), next to the repair-conditioned success the
FCPAgent paper reports (Table 9).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from fcpkit.agent.outcomes import OUTCOME_CLASSES, WASTED_STOPS
from fcpkit.errors import ConfigError
from fcpkit_lab.envs.live import LiveCase, LiveRun, run_workbench
from fcpkit_lab.envs.workbench import WORKFLOWS
from fcpkit_lab.envs.workbench.faults import FAULTS

__all__ = [
    "PAPER_REPAIR_SUCCESS", "repair_cases", "run_repair_bench", "outcome_rows", "RepairRow",
    "run_record", "targets_met", "load_records"
]

#: FCPAgent paper, Table 9: eventual success once repair was invoked, per domain.
PAPER_REPAIR_SUCCESS = {"Shopping": 0.73, "Admin": 0.45, "GitLab": 0.40}


def repair_cases(workflows: Iterable[str] = WORKFLOWS, kinds: Iterable[str] | None = None,
                 variants: Iterable[str] = ("transient", "persistent"), seed: int = 0) -> list[LiveCase]:
    """One case per workflow x fault kind x variant that kind has (see the fault registry)."""
    wanted = set(variants)
    out = []
    for w in workflows:
        for kind in (kinds or FAULTS):
            for v in FAULTS[kind].variants:
                if v in wanted:
                    out.append(LiveCase(w, kind, 0, seed, v))
    return out


def run_repair_bench(cases: Sequence[LiveCase], *, log_dir: str | Path | None = None, step_budget: int = 20,
                     credentials: bool = True, on_run: Callable[[LiveRun], None] | None = None) -> list[LiveRun]:
    """Run ``cases`` live with the lower-bound verifier (no model: the repair policy alone is measured)."""
    return run_workbench(cases, verifier="lower", log_dir=log_dir, step_budget=step_budget, credentials=credentials,
                         on_run=on_run)


def run_record(run: LiveRun) -> dict[str, Any]:
    """One run as a flat record (what ``--out`` writes, one JSON line each)."""
    x = run.result
    rec: dict[str, Any] = {"case": run.case.name, "workflow": run.case.workflow, "fault": run.case.fault,
                           "variant": run.case.variant_label, "error": run.error}
    if x is not None:
        rec.update(outcome_class=x.outcome_class, success=x.success, stop_reason=x.stop_reason,
                   stop_detail=x.stop_detail, steps=x.steps,
                   repairs=[{"strategy": r.strategy, "family": r.family, "cause": r.cause} for r in x.repairs])
    else:
        rec.update(outcome_class="error", repairs=[])
    return rec


@dataclass(frozen=True)
class RepairRow:
    """Outcome counts of a group of runs (a fault kind, a variant, or all)."""

    group: str
    runs: int
    outcomes: dict[str, int]
    repaired_runs: int
    repaired_success: int
    looping: int
    before_budget: int
    families: dict[str, int]

    @property
    def repair_success(self) -> float | None:
        """Share of runs with at least one repair whose validator passed (the paper's 'Repair succ.')."""
        return self.repaired_success / self.repaired_runs if self.repaired_runs else None

    def share(self, outcome: str) -> float:
        return self.outcomes.get(outcome, 0) / self.runs if self.runs else 0.0


def _row(group: str, recs: Sequence[dict[str, Any]]) -> RepairRow:
    outcomes = Counter(r["outcome_class"] for r in recs)
    repaired = [r for r in recs if r["repairs"] and not (len(r["repairs"]) == 1 and r["repairs"][0]["family"] == "stop")]
    families = Counter(p["family"] for r in recs for p in r["repairs"])
    return RepairRow(
        group, len(recs), {k: outcomes.get(k, 0) for k in OUTCOME_CLASSES}, len(repaired),
        sum(1 for r in repaired if r.get("success")), sum(1 for r in recs if r.get("stop_reason") == "looping"),
        sum(1 for r in recs if r.get("stop_reason") not in WASTED_STOPS and r["outcome_class"] != "error"),
        dict(families),
    )


def outcome_rows(records: Sequence[dict[str, Any]]) -> tuple[list[RepairRow], list[RepairRow]]:
    """(rows per fault kind and variant, rows per variant plus ``all``) of :func:`run_record` records."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    by_variant: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by_kind.setdefault(f"{r['fault']} ({r['variant']})", []).append(r)
        by_variant.setdefault(r["variant"] or "healthy", []).append(r)
    kinds = [_row(k, v) for k, v in sorted(by_kind.items())]
    variants = [_row(k, v) for k, v in sorted(by_variant.items())] + [_row("all", records)]
    return kinds, variants


def load_records(paths: Iterable[str | Path]) -> list[dict[str, Any]]:
    """The run records ``fcpkit bench repair --out`` wrote, from one or more files."""
    out = []
    for p in paths:
        for n, line in enumerate(Path(p).read_text().splitlines(), 1):
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise ConfigError(f"{p}:{n}: not a JSON run record ({exc.msg}); write it with --out") from None
    return out


def targets_met(variant_rows: Sequence[RepairRow]) -> dict[str, bool]:
    """The issue's bar: transient >= 80% recovered, persistent 100% honest stops, no unsafe run, no loop."""
    rows = {r.group: r for r in variant_rows}
    t, p, a = rows.get("transient"), rows.get("persistent"), rows.get("all")
    return {
        "transient recovered >= 80%": t is not None and t.share("recovered") + t.share("success") >= 0.8,
        "persistent: honest stop in every run": p is not None and p.outcomes.get("honest_stop", 0) == p.runs,
        "zero unsafe": a is not None and a.outcomes.get("unsafe", 0) == 0,
        "no run ends looping": a is not None and a.looping == 0,
    }
