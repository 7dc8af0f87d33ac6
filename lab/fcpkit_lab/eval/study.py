"""Metrics of a live study (rows of ``fcpkit study``): the paper's Tables 4, 5, 8, 9, 10 and
Figures 3, 10, 11 computed from episodes, with Wilson confidence intervals on every success rate.

Every function takes the rows (dicts, as :func:`fcpkit_lab.envs.study.read_rows` returns them) and
returns plain lists of dicts, so a notebook can make a DataFrame of any of them. Rows with an
``error`` (an episode that crashed) are left out of every rate and counted in ``errors``.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from typing import Any, Iterable, Sequence

from fcpkit.eval.metrics import wilson

__all__ = [
    "arm_table", "format_arm_table", "length_buckets", "length_table", "runtime_table", "module_shares",
    "repair_families", "drift_confusion", "paired_differences", "LENGTH_BUCKETS", "FAMILIES"
]

#: Figure 3's buckets of task length (interaction steps)
LENGTH_BUCKETS = (("1-5", 1, 5), ("6-10", 6, 10), (">=11", 11, 10 ** 9))
#: Figure 11's repair families
FAMILIES = ("local", "replan", "skill_switch", "backtrack")


def _ok(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if not r.get("error") and r.get("success") is not None]


def _by(rows: Iterable[dict[str, Any]], key: str) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        out[r[key]].append(r)
    return out


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def arm_table(rows: Sequence[dict[str, Any]], arms: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Per arm: episodes, success (%) with its 95% Wilson interval, LLM and wall seconds per task,
    detections, repairs per task."""
    errors = Counter(r.get("arm") for r in rows if r.get("error"))
    groups = _by(_ok(rows), "arm")
    order = list(arms) if arms else list(groups)
    out = []
    for arm in order:
        g = groups.get(arm, [])
        k = sum(1 for r in g if r["success"])
        lo, hi = wilson(k, len(g))
        out.append({"arm": arm, "n": len(g), "success": round(100 * k / len(g), 1) if g else None,
                    "ci_low": round(100 * lo, 1), "ci_high": round(100 * hi, 1),
                    "llm_s_per_task": round(_mean([r["llm_s"] for r in g]), 2),
                    "slow_calls_per_task": round(_mean([_slow_calls(r) for r in g]), 2),
                    "wall_s_per_task": round(_mean([r["wall_s"] for r in g]), 2),
                    "detections_per_task": round(_mean([r["detections"] for r in g]), 2),
                    "repairs_per_task": round(_mean([r["repairs"] for r in g]), 2), "errors": errors.get(arm, 0)})
    return out


def _slow_calls(r: dict[str, Any]) -> int:
    return int(sum(v.get("calls", 0) for v in (r.get("slow") or {}).values()))


def format_arm_table(table: Sequence[dict[str, Any]]) -> str:
    """The arm table as fixed-width text (what ``fcpkit study`` prints)."""
    head = f"{'arm':<22}{'n':>5}{'success %':>11}{'95% CI':>15}{'slow/task':>11}{'LLM s':>8}{'wall s':>8}{'rep/task':>10}"
    lines = [head, "-" * len(head)]
    for t in table:
        succ = "-" if t["success"] is None else f"{t['success']:.1f}"
        ci = f"[{t['ci_low']:.0f}, {t['ci_high']:.0f}]"
        lines.append(f"{t['arm']:<22}{t['n']:>5}{succ:>11}{ci:>15}"
                     f"{t['slow_calls_per_task']:>11.2f}{t['llm_s_per_task']:>8.2f}{t['wall_s_per_task']:>8.2f}"
                     f"{t['repairs_per_task']:>10.2f}")
    return "\n".join(lines)


def paired_differences(rows: Sequence[dict[str, Any]], base: str = "full") -> list[dict[str, Any]]:
    """Each arm against ``base``: the success difference (points) with its 95% Newcombe interval
    (the hybrid Wilson score interval of a difference of proportions) and whether it excludes 0."""
    ok = _by(_ok(rows), "arm")
    if base not in ok:
        return []
    kb, nb = sum(1 for r in ok[base] if r["success"]), len(ok[base])
    pb, (lb, ub) = kb / nb, wilson(kb, nb)
    out = []
    for arm, g in ok.items():
        if arm == base or not g:
            continue
        k, n = sum(1 for r in g if r["success"]), len(g)
        p, (lo, hi) = k / n, wilson(k, n)
        d = p - pb
        low = d - math.sqrt((p - lo) ** 2 + (ub - pb) ** 2)
        high = d + math.sqrt((hi - p) ** 2 + (pb - lb) ** 2)
        out.append({"arm": arm, "difference": round(100 * d, 1), "ci_low": round(100 * low, 1),
                    "ci_high": round(100 * high, 1), "outside_ci": low > 0 or high < 0})
    return out


def length_buckets(rows: Sequence[dict[str, Any]], proxy_arm: str = "no_testing") -> dict[tuple[str, int], str]:
    """Each (task, seed)'s Figure 3 bucket: its step count under ``proxy_arm`` (the baseline, as the
    paper uses its baseline's trajectory length), else under any arm."""
    steps: dict[tuple[str, int], int] = {}
    for r in _ok(rows):
        key = (r["task"], r["seed"])
        if r["arm"] == proxy_arm or key not in steps:
            steps[key] = r["steps"]
    return {k: next(name for name, lo, hi in LENGTH_BUCKETS if lo <= max(1, s) <= hi) for k, s in steps.items()}


def length_table(rows: Sequence[dict[str, Any]], arms: Sequence[str] = ("full", "no_testing")) -> list[dict[str, Any]]:
    """Figure 3: success (%) per arm and length bucket, with the Wilson interval."""
    buckets = length_buckets(rows)
    out = []
    for arm in arms:
        for name, _, _ in LENGTH_BUCKETS:
            g = [r for r in _ok(rows) if r["arm"] == arm and buckets.get((r["task"], r["seed"])) == name]
            k = sum(1 for r in g if r["success"])
            lo, hi = wilson(k, len(g))
            out.append({"arm": arm, "bucket": name, "n": len(g), "success": round(100 * k / len(g), 1) if g else None,
                        "ci_low": round(100 * lo, 1), "ci_high": round(100 * hi, 1)})
    return out


def runtime_table(rows: Sequence[dict[str, Any]], arm: str = "full") -> dict[str, Any]:
    """Table 9's columns for ``arm``: FCUs per task, state/action slow-call share (of that level's
    checks) and drift share (of that level's slow calls), repairs per task, success after repair;
    and how many slow calls each drift share rests on (``state_slow_calls``, ``action_slow_calls``):
    a share of one call is no measurement to set beside the paper's."""
    g = [r for r in _ok(rows) if r["arm"] == arm]
    out: dict[str, Any] = {"arm": arm, "n": len(g), "fcus_per_task": round(_mean([r["n_commitments"] for r in g]), 2)}
    for level in ("state", "action"):
        checks = sum((r.get("checks") or {}).get(level, 0) for r in g)
        slow = sum((r.get("slow") or {}).get(level, {}).get("calls", 0) for r in g)
        drift = sum((r.get("slow") or {}).get(level, {}).get("drift", 0) for r in g)
        out[f"{level}_slow_call"] = round(100 * slow / checks, 1) if checks else None
        out[f"{level}_drift"] = round(100 * drift / slow, 1) if slow else None
        out[f"{level}_slow_calls"] = int(slow)
    repaired = [r for r in g if r["repairs"] > 0]
    out["repairs_per_task"] = round(_mean([r["repairs"] for r in g]), 2)
    out["repair_success"] = round(100 * sum(1 for r in repaired if r["success"]) / len(repaired), 1) if repaired else None
    out["repaired_tasks"] = len(repaired)
    return out


def module_shares(rows: Sequence[dict[str, Any]], arm: str = "full") -> dict[str, float]:
    """Figure 10: share (%) of the episodes' time by module (planner, executor, fast tester, slow
    tester, repairer, browser). LLM seconds are counted inside the module that made the call."""
    g = [r for r in _ok(rows) if r["arm"] == arm]
    parts = {"planner": "planner_s", "executor": "executor_s", "fast tester": "fast_tester_s",
             "slow tester": "verifier_s", "repairer": "repairer_s", "browser": "browser_s"}
    tot = {k: sum(r.get(f, 0.0) for r in g) for k, f in parts.items()}
    s = sum(tot.values())
    return {k: round(100 * v / s, 1) if s else 0.0 for k, v in tot.items()}


def repair_families(rows: Sequence[dict[str, Any]], arm: str = "full") -> dict[str, float]:
    """Figure 11: share (%) of repairs by family (the record's ``family``, else read off its strategy)."""
    c: Counter = Counter()
    for r in _ok(rows):
        if r["arm"] == arm:
            c.update(r.get("repairs_by_family") or {})
    n = sum(c.values())
    keys = list(FAMILIES) + sorted(k for k in c if k not in FAMILIES)
    return {k: round(100 * c.get(k, 0) / n, 1) if n else 0.0 for k in keys}


def drift_confusion(rows: Sequence[dict[str, Any]], arm: str | Sequence[str] = "full", n: int = 30,
                    seed: int = 0) -> dict[str, Any]:
    """Table 10: a seeded sample of ``n`` episodes of ``arm`` (one name, or several arms pooled);
    drift present = the injected label (the application served a faulty response, or the executor
    made an injected error); detected = the run raised at least one drift diagnosis. Precision,
    recall, F1 and accuracy (%)."""
    arms = {arm} if isinstance(arm, str) else set(arm)
    g = sorted((r for r in _ok(rows) if r["arm"] in arms), key=lambda r: (r["arm"], r["task"], r["seed"]))
    sample = random.Random(f"table10:{seed}").sample(g, min(n, len(g)))
    tp = sum(1 for r in sample if r["injected"]["drift"] and r["detections"] > 0)
    fn = sum(1 for r in sample if r["injected"]["drift"] and r["detections"] == 0)
    fp = sum(1 for r in sample if not r["injected"]["drift"] and r["detections"] > 0)
    tn = len(sample) - tp - fn - fp
    prec = tp / (tp + fp) if tp + fp else 0.0
    rec = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return {"n": len(sample), "tp": tp, "fn": fn, "fp": fp, "tn": tn, "precision": round(100 * prec, 1),
            "recall": round(100 * rec, 1), "f1": round(100 * f1, 1),
            "accuracy": round(100 * (tp + tn) / len(sample), 1) if sample else 0.0,
            "successful": sum(1 for r in sample if r["success"])}
