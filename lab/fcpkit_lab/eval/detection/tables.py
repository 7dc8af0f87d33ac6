"""The benchmark's results as pandas tables, and the CSV/JSON files written from them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from fcpkit.agent.arms import CHECK_ARMS, CHECK_ARM_ORDER
from fcpkit.core.router import Thresholds
from fcpkit_lab.eval.detection.summary import _grouped, _with_all
from fcpkit.eval.metrics import RunRecord
from fcpkit.eval.thresholds import PAPER_POINT, grid_thresholds, leave_one_workflow_out
from fcpkit.llm.components.registry import BOUNDS


@dataclass
class DetectionResults:
    """Everything :func:`run_detection` measured, as pandas DataFrames, plus notes and written files."""

    runs: Any  # one row per (corpus, arm, matcher, bound, trajectory) at the paper's thresholds
    arms: Any
    per_fault: Any
    per_workflow: Any
    sweep: Any
    telemetry: Any
    lowo: Any
    notes: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    matchers: list[str] = field(default_factory=list)
    corpora: list[str] = field(default_factory=list)
    records: list[RunRecord] = field(default_factory=list, repr=False)
    sweep_records: list[RunRecord] = field(default_factory=list, repr=False)

    def table(self, name: str):
        return getattr(self, name)


def _sort(df, cols, matchers: Sequence[str] = ()):
    if df.empty:
        return df
    arm_i = {a: i for i, a in enumerate(CHECK_ARM_ORDER)}
    m_i = {m: i for i, m in enumerate(matchers)}
    key = {"arm": lambda s: s.map(lambda a: arm_i.get(a, 99)),
           "bound": lambda s: s.map(lambda b: (BOUNDS.index(b) if b in BOUNDS else 99)),
           "matcher": lambda s: s.map(lambda m: m_i.get(m, 99)),
           "corpus": lambda s: s.map(lambda c: "\uffff" if c == "all" else c)}
    by = [c for c in cols if c in df.columns]
    return df.sort_values(by=by, key=lambda s: key[s.name](s) if s.name in key else s,
                          kind="stable").reset_index(drop=True)



def build_results(records: list[RunRecord], sweep_recs: list[RunRecord], tele_rows: list[dict[str, Any]],
                  names: list[str], base: Thresholds, notes: list[str], *, swept: bool) -> DetectionResults:
    """The results' tables from the benchmark's records (corpus ``all`` pools several corpora)."""
    import pandas as pd

    used = list(dict.fromkeys(r.matcher for r in records))
    recs_all = _with_all(records, names)
    runs_df = pd.DataFrame([r.to_row() for r in records])
    arms_df = _sort(pd.DataFrame(_grouped(recs_all, ["corpus", "arm", "matcher", "bound"])),
                    ["corpus", "matcher", "bound", "arm"], used)
    fault_df = _sort(pd.DataFrame(_grouped(recs_all, ["corpus", "arm", "matcher", "bound", "fault"], faulty_only=True)),
                     ["corpus", "matcher", "bound", "arm", "fault"], used)
    wf_df = _sort(pd.DataFrame(_grouped(recs_all, ["corpus", "arm", "matcher", "bound", "workflow"])),
                  ["corpus", "matcher", "bound", "arm", "workflow"], used)
    sweep_all = _with_all(sweep_recs, names)
    sweep_df = pd.DataFrame(_grouped(sweep_all, ["corpus", "arm", "matcher", "bound", "tau_shift", "delta_scale"]))
    if not sweep_df.empty:
        sweep_df.insert(6, "is_paper", (sweep_df.tau_shift == PAPER_POINT[0]) & (sweep_df.delta_scale == PAPER_POINT[1]))
        th = [grid_thresholds(base, a, b) for a, b in zip(sweep_df.tau_shift, sweep_df.delta_scale)]
        for col in ("tau_plus", "tau_minus", "delta_plus", "delta_minus"):
            sweep_df[col] = [getattr(x, col) for x in th]
        sweep_df = _sort(sweep_df, ["corpus", "matcher", "bound", "arm", "tau_shift", "delta_scale"], used)
    lowo_df = pd.DataFrame(leave_one_workflow_out(sweep_recs)) if sweep_recs else pd.DataFrame()
    if not lowo_df.empty:
        lowo_df = _sort(lowo_df, ["matcher", "bound", "arm"], used)
    if swept and sweep_recs and lowo_df.empty:
        notes.append("LOWO skipped: fewer than two workflows")
    tele_df = pd.DataFrame(tele_rows)
    return DetectionResults(runs_df, arms_df, fault_df, wf_df, sweep_df, tele_df, lowo_df, notes,
                            matchers=used, corpora=names, records=records, sweep_records=sweep_recs)


def _write_tables(res: DetectionResults, out: Path, base: Thresholds, taus, deltas) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = []
    for name in ("arms", "per_fault", "per_workflow", "sweep", "telemetry", "lowo", "runs"):
        df = getattr(res, name)
        p = out / f"detection_{name}.csv"
        df.to_csv(p, index=False, float_format="%.6g")
        files.append(p)
    meta = {
        "corpora": res.corpora, "matchers": res.matchers, "notes": res.notes,
        "thresholds": base.to_dict(), "tau_shifts": sorted({*map(float, taus), PAPER_POINT[0]}),
        "delta_scales": sorted({*map(float, deltas), PAPER_POINT[1]}), "arms": {k: v.checker_options() for k, v in CHECK_ARMS.items()},
    }
    p = out / "detection_meta.json"
    p.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    files.append(p)
    return files
