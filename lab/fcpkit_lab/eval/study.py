"""Metrics of a live study (rows of ``fcpkit study``): the paper's Tables 4, 5, 8, 9, 10 and
Figures 3, 9, 10, 11 computed from episodes, with Wilson confidence intervals on every success rate.
Figures 9 and 10 are also drawn here (plotly, loaded by the two functions that draw).

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
    "module_table", "attribution_problems", "efficiency_figure", "module_figure", "repair_families",
    "drift_confusion", "paired_differences", "LENGTH_BUCKETS", "FAMILIES", "MODULES", "PAPER_BACKBONE"
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


#: Figure 10's modules: (name, the row's seconds field, the usage-ledger module its model calls are
#: accounted under, or ``None`` for a module that makes none). A model call is timed twice, by the
#: client (``llm_by_module``) and inside the runner's timer of the module that made it, so the model
#: seconds of a module are a part of its seconds, never added to them.
MODULES = (("planner", "planner_s", "planner"), ("executor", "executor_s", "executor"),
           ("fast tester", "fast_tester_s", None), ("slow tester", "verifier_s", "verifier"),
           ("repairer", "repairer_s", "repairer"), ("browser", "browser_s", None))
#: The model behind the paper's seconds (its Appendix B.8), named beside ours wherever they are set side by side.
PAPER_BACKBONE = "Qwen3.5-397B-A17B via API"


def module_shares(rows: Sequence[dict[str, Any]], arm: str = "full", *, browser: bool = True) -> dict[str, float]:
    """Figure 10: share (%) of the episodes' time by module (planner, executor, fast tester, slow
    tester, repairer, browser). LLM seconds are counted inside the module that made the call.
    ``browser=False`` leaves the browser out, as the paper's figure, whose modules are the agent's own."""
    g = [r for r in _ok(rows) if r["arm"] == arm]
    tot = {k: sum(r.get(f, 0.0) for r in g) for k, f, _ in MODULES if browser or k != "browser"}
    s = sum(tot.values())
    return {k: round(100 * v / s, 1) if s else 0.0 for k, v in tot.items()}


def _model_s(r: dict[str, Any], module: str | None) -> tuple[float, int, int]:
    m = (r.get("llm_by_module") or {}).get(module or "", {})
    return float(m.get("wall_s", 0.0)), int(m.get("calls", 0)), int(m.get("failed", 0))


def module_table(rows: Sequence[dict[str, Any]], arms: Sequence[str] = ("full", "slow_only")) -> list[dict[str, Any]]:
    """Seconds per task by module and arm, with the model's part of them: one dict per (arm, module)
    with ``s_per_task``, ``model_s_per_task``, ``model_calls_per_task``, ``model_calls`` and
    ``model_failed`` (over the arm's episodes: calls that gave no usable answer after the client's
    re-asks, whose module fell back), ``share`` (% of the wall time); ``other`` is the wall time no
    module timer holds (the runner's own bookkeeping), ``total`` the wall time. Table 5's cost
    column and Figure 10's bars, measured."""
    out = []
    for arm in arms:
        g = [r for r in _ok(rows) if r["arm"] == arm]
        if not g:
            continue
        wall = _mean([r["wall_s"] for r in g])
        timed = 0.0
        for name, field_, module in MODULES:
            sec = _mean([r.get(field_, 0.0) for r in g])
            timed += sec
            ms = [_model_s(r, module) for r in g]
            out.append({"arm": arm, "module": name, "n": len(g), "s_per_task": round(sec, 3),
                        "model_s_per_task": round(_mean([m[0] for m in ms]), 3),
                        "model_calls_per_task": round(_mean([m[1] for m in ms]), 2),
                        "model_calls": sum(m[1] for m in ms), "model_failed": sum(m[2] for m in ms),
                        "share": round(100 * sec / wall, 1) if wall else 0.0})
        other = max(0.0, wall - timed)
        out.append({"arm": arm, "module": "other", "n": len(g), "s_per_task": round(other, 3), "model_s_per_task": 0.0,
                    "model_calls_per_task": 0.0, "model_calls": 0, "model_failed": 0,
                    "share": round(100 * other / wall, 1) if wall else 0.0})
        calls = [c for r in g for c in (r.get("llm_by_module") or {}).values()]
        out.append({"arm": arm, "module": "total", "n": len(g), "s_per_task": round(wall, 3),
                    "model_s_per_task": round(_mean([r.get("llm_s", 0.0) for r in g]), 3),
                    "model_calls_per_task": round(_mean([r.get("llm_calls", 0) for r in g]), 2),
                    "model_calls": sum(int(c.get("calls", 0)) for c in calls),
                    "model_failed": sum(int(c.get("failed", 0)) for c in calls), "share": 100.0})
    return out


def attribution_problems(rows: Sequence[dict[str, Any]]) -> list[str]:
    """What is wrong with the model timing of a study's rows (empty: nothing). Each finished row must
    carry every module's seconds; each module that called the model must be a timed module whose
    seconds hold its model seconds; the per-call log must add up to the row's model seconds; a study
    run with a model must name it (with its size, for an embedded one) and must have called it."""
    out: list[str] = []
    timed = {module: field_ for _, field_, module in MODULES if module}
    ok = _ok(rows)
    for r in ok:
        key = f"{r.get('arm')}|{r.get('task')}|{r.get('seed')}"
        missing = [f for _, f, _ in MODULES if not isinstance(r.get(f), (int, float))]
        if missing:
            out.append(f"{key}: no seconds for {', '.join(missing)}")
            continue
        for module, m in (r.get("llm_by_module") or {}).items():
            if module not in timed:
                out.append(f"{key}: model calls from {module!r}, which no module timer holds")
            elif m.get("wall_s", 0.0) > r[timed[module]] + 1e-3:
                out.append(f"{key}: {module} model seconds {m['wall_s']:.3f} exceed its module's {r[timed[module]]:.3f}")
        log = r.get("llm_call_log")
        if log is not None and abs(sum(c["s"] for c in log) - r.get("llm_s", 0.0)) > 1e-2 + 1e-3 * len(log):
            out.append(f"{key}: the call log's {sum(c['s'] for c in log):.3f} s != llm_s {r.get('llm_s')}")
    modelled = [r for r in ok if (r.get("model") or {}).get("source", "none") != "none"]
    for r in modelled[:1]:
        card = r["model"]
        if not card.get("name") or (card["source"] == "embedded" and not card.get("parameters")):
            out.append(f"the model card names no model or size: {card}")
    if modelled and not sum(r.get("llm_calls", 0) for r in modelled):
        out.append("a study run with a model made no model call")
    return out


def _model_label(rows: Sequence[dict[str, Any]]) -> str:
    """``smollm2-135m (135M, Q4_1), 2 threads on 2 cores`` of the first row that names a model."""
    card = next((r["model"] for r in _ok(rows) if (r.get("model") or {}).get("source", "none") != "none"), None)
    if card is None:
        return "no model"
    size = ", ".join(x for x in (card.get("parameters"), card.get("quantization")) if x)
    where = f", {card['threads']} threads on {card['cores']} cores" if card.get("threads") else ""
    return f"{card.get('name')}{f' ({size})' if size else ''}{where}" + (" (replayed)" if card["source"] == "replay" else "")


#: Figures 9 and 10: one colour per arm in every panel, the paper in grey
_ARM_STYLE = {"full": ("hybrid", "#1f77b4"), "slow_only": ("slow-only", "#d62728")}
_PAPER_COLOURS = {"Shopping": "#7f7f7f", "Admin": "#bcbd22"}


def _arm_style(arm: str) -> tuple[str, str]:
    return _ARM_STYLE.get(arm, (arm, "#2ca02c"))


def efficiency_figure(rows: Sequence[dict[str, Any]], paper: dict[str, Any], arms: Sequence[str] = ("full", "slow_only")):
    """Figure 9 measured: success (%, 95% Wilson interval) against (a) model-call seconds and (b)
    wall-clock seconds per task, hybrid (``full``) and slow-only, beside the paper's Table 5 points
    (LLM seconds per task on Shopping and Admin; the paper gives no clock time for them). The
    slow-only ÷ hybrid ratio of model seconds, ours and the paper's, is written under the title:
    the seconds of a 135M model on a shared CPU and of the paper's hosted model are not one unit,
    their ratios are what compare."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    table = {t["arm"]: t for t in arm_table(rows, arms)}
    fig = make_subplots(rows=1, cols=2, subplot_titles=("(a) model-call seconds per task", "(b) wall-clock seconds per task"))
    for arm in arms:
        t = table.get(arm)
        if not t or not t["n"]:
            continue
        name, colour = _arm_style(arm)
        err = dict(type="data", symmetric=False, array=[t["ci_high"] - t["success"]], arrayminus=[t["success"] - t["ci_low"]])
        for col, x in ((1, t["llm_s_per_task"]), (2, t["wall_s_per_task"])):
            fig.add_trace(go.Scatter(x=[x], y=[t["success"]], error_y=err, mode="markers", marker=dict(size=13, color=colour),
                                     name=f"workbench {name} (n={t['n']})", legendgroup=arm, showlegend=col == 1,
                                     hovertemplate=f"workbench {name}: %{{x:.0f}} s, %{{y:.0f}}% success<extra></extra>"),
                          row=1, col=col)
    p5 = paper["table5"]["rows"]
    for site, (si, ti) in (("Shopping", (0, 1)), ("Admin", (2, 3))):
        fig.add_trace(go.Scatter(x=[p5[a][ti] for a in arms if a in p5], y=[p5[a][si] for a in arms if a in p5],
                                 mode="markers+lines+text", line=dict(dash="dot", color=_PAPER_COLOURS[site]),
                                 marker=dict(symbol="diamond", size=11, color=_PAPER_COLOURS[site]),
                                 text=[_arm_style(a)[0] for a in arms if a in p5], textposition="bottom center",
                                 name=f"paper, {site} (Table 5; hybrid → slow-only)"), row=1, col=1)
    ratio = ""
    if all(a in table and table[a]["llm_s_per_task"] for a in ("full", "slow_only")):
        ours = table["slow_only"]["llm_s_per_task"] / table["full"]["llm_s_per_task"]
        ratio = (f"<br><sup>slow-only ÷ hybrid model seconds: workbench ×{ours:.2f}; paper ×"
                 f"{p5['slow_only'][1] / p5['full'][1]:.2f} (Shopping), ×{p5['slow_only'][3] / p5['full'][3]:.2f} (Admin)</sup>")
    top = max([t["llm_s_per_task"] for t in table.values()] + [p5[a][3] for a in arms if a in p5] + [1.0])
    fig.update_xaxes(title_text="seconds per task", rangemode="tozero")
    fig.update_xaxes(range=[0, top * 1.1], row=1, col=1)
    fig.update_yaxes(title_text="success rate (%)", range=[0, 105])
    fig.update_layout(title=f"Figure 9 · hybrid vs slow-only testing: workbench with {_model_label(rows)}; "
                            f"paper with {PAPER_BACKBONE}{ratio}", template="plotly_white", width=1250, height=540,
                      margin=dict(t=110))
    return fig


def module_figure(rows: Sequence[dict[str, Any]], paper: dict[str, Any], arms: Sequence[str] = ("full", "slow_only")):
    """Figure 10 measured: (a) share (%) of the agent's module time (the browser left out, as in the
    paper's figure) beside the paper's shares; (b) seconds per task by module with the browser and
    the runner's own time (log axis), the model's part of each hatched over it."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    fig = make_subplots(rows=1, cols=2, subplot_titles=("(a) share of the agent's module time (%), browser left out",
                                                        "(b) seconds per task by module (log); hatched: the model's part"))
    shares = paper["figure10"]["shares"]
    names = [n for n, _, _ in MODULES if n != "browser"]
    fig.add_trace(go.Bar(name=f"paper ({PAPER_BACKBONE})", x=names, y=[shares.get(n, 0.0) for n in names],
                         marker_color=_PAPER_COLOURS["Shopping"], text=[f"{shares.get(n, 0.0):.1f}" for n in names],
                         textposition="outside"), row=1, col=1)
    for arm in arms:
        ours = module_shares(rows, arm, browser=False)
        name, colour = _arm_style(arm)
        if any(ours.values()):
            fig.add_trace(go.Bar(name=f"workbench {name}", x=names, y=[ours[n] for n in names], marker_color=colour,
                                 legendgroup=arm, text=[f"{ours[n]:.1f}" for n in names], textposition="outside"),
                          row=1, col=1)
    table = [t for t in module_table(rows, arms) if t["module"] != "total"]
    for arm in arms:
        ts = [t for t in table if t["arm"] == arm]
        if not ts:
            continue
        name, colour = _arm_style(arm)
        x = [t["module"] for t in ts]
        fig.add_trace(go.Bar(name=f"{name}: seconds", x=x, y=[t["s_per_task"] or None for t in ts], offsetgroup=arm,
                             marker_color=colour, opacity=0.55, legendgroup=arm, showlegend=False,
                             text=[f"{t['s_per_task']:.2f}" if t["s_per_task"] else "" for t in ts], textposition="outside",
                             customdata=[t["model_calls_per_task"] for t in ts],
                             hovertemplate=f"{name} %{{x}}: %{{y:.3f}} s per task, %{{customdata}} model calls<extra></extra>"),
                      row=1, col=2)
        fig.add_trace(go.Bar(name=f"{name}: of which the model's", x=x, y=[t["model_s_per_task"] or None for t in ts],
                             offsetgroup=arm, marker=dict(color=colour, pattern=dict(shape="/", fgcolor="white")),
                             legendgroup=arm, hovertemplate=f"{name} %{{x}}: model %{{y:.1f}} s per task<extra></extra>"),
                      row=1, col=2)
    fig.update_yaxes(title_text="% of module time", row=1, col=1)
    fig.update_yaxes(title_text="seconds per task", type="log", row=1, col=2)
    fig.update_layout(title=f"Figure 10 · where the time goes: workbench with {_model_label(rows)}; paper with "
                            f"{PAPER_BACKBONE}", barmode="group", template="plotly_white", width=1350, height=580)
    return fig


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
