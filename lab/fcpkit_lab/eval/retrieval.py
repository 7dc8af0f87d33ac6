"""Skill-retrieval benchmark on WebArena-Verified's task intents (leave instances out).

The ``webarena-verified`` package ships the 812 WebArena tasks as local JSON: each has an
``intent`` ("Get the top-1 best-selling product name(s) in 2022"), the ``intent_template_id`` it
was instantiated from (about 190 templates) and its ``sites``. For every template with at least
two instances, a seeded split puts about half of its instances in *train* (at least one) and the
rest in *test*. One skill per template is induced from its train instances only - their values
lifted into parameters by fcpkit's own induction (:func:`~fcpkit.agent.memory.params.generalise`
over the typed-lifted intents), never from the dataset's ``intent_template`` - and single-instance
templates contribute their skill as a distractor. Every test intent is then a query; the right
answer is its template's skill. Reported: recall@1, recall@3 and MRR for BM25 alone (lambda = 1),
the embedding alone (lambda = 0) and the hybrid ``lambda * BM25 + (1 - lambda) * embedding`` over
lambda in [0, 1] (the paper's 0.4 / 0.6 is lambda = 0.4), overall and per site.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np

from fcpkit.agent.memory import HybridIndex
from fcpkit.agent.memory.params import generalise, lift_task, similar
from fcpkit.errors import ConfigError

__all__ = ["WebArenaTask", "load_webarena_tasks", "split_tasks", "template_keys", "retrieval_benchmark",
           "benchmark_table", "format_table", "lambda_figure", "LAMBDAS", "PAPER_LAMBDA"]

LAMBDAS: tuple[float, ...] = tuple(round(x, 2) for x in np.linspace(0.0, 1.0, 11))
PAPER_LAMBDA = 0.4


@dataclass(frozen=True)
class WebArenaTask:
    task_id: int
    intent: str
    template_id: int
    site: str


def dataset_path() -> Path:
    """The JSON file of ``webarena-verified`` (found without importing the package, whose pinned
    dependencies are not needed to read its data)."""
    spec = importlib.util.find_spec("webarena_verified")
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError("the retrieval benchmark needs the `webarena-verified` package: "
                          "pip install --no-deps webarena-verified (or `pip install 'fcpkit[experience]'`)")
    path = Path(list(spec.submodule_search_locations)[0]) / "assets" / "dataset" / "webarena-verified.json"
    if not path.is_file():
        raise ConfigError(f"webarena-verified is installed but {path} is missing; reinstall the package")
    return path


def load_webarena_tasks(path: str | Path | None = None) -> list[WebArenaTask]:
    data = json.loads(Path(path or dataset_path()).read_text(encoding="utf-8"))
    return [WebArenaTask(int(d["task_id"]), str(d["intent"]), int(d["intent_template_id"]),
                         "+".join(sorted(d.get("sites") or ["unknown"]))) for d in data]


def split_tasks(tasks: Sequence[WebArenaTask], seed: int = 0, train_share: float = 0.5
                ) -> tuple[dict[int, list[WebArenaTask]], list[WebArenaTask]]:
    """``(train by template, test)``: per template, a seeded shuffle; ``max(1, round(n * share))``
    instances train it, the rest (none for single-instance templates) are test queries."""
    by_t: dict[int, list[WebArenaTask]] = defaultdict(list)
    for t in tasks:
        by_t[t.template_id].append(t)
    rng = random.Random(seed)
    train: dict[int, list[WebArenaTask]] = {}
    test: list[WebArenaTask] = []
    for tid in sorted(by_t):
        items = sorted(by_t[tid], key=lambda x: x.task_id)
        rng.shuffle(items)
        k = len(items) if len(items) == 1 else min(len(items) - 1, max(1, round(len(items) * train_share)))
        train[tid] = items[:k]
        test.extend(items[k:])
    return train, test


def template_keys(train: dict[int, list[WebArenaTask]]) -> dict[int, str]:
    """One induced key per template: its train intents typed-lifted and generalised (intents of
    another shape than the first stay out of the generalisation)."""
    keys: dict[int, str] = {}
    for tid, items in train.items():
        lifted = list(dict.fromkeys(lift_task(t.intent) for t in items))
        same = [x for x in lifted if similar(lifted[0], x)]
        keys[tid] = generalise(same) if len(same) > 1 else lifted[0]
    return keys


def _ranks(index: HybridIndex, queries: Sequence[str], answers: Sequence[int], lambdas: Iterable[float]
           ) -> dict[float, np.ndarray]:
    out: dict[float, list[int]] = {lam: [] for lam in lambdas}
    for p, a in zip(index.parts_many(list(queries)), answers):
        for lam in out:
            s = lam * p["lexical"] + (1 - lam) * p["semantic"]
            # rank of the answer: 1 + documents scoring strictly higher (ties are resolved in its favour
            # only when they are exact, which min-max normalised real scores almost never are)
            out[lam].append(1 + int((s > s[a]).sum()))
    return {lam: np.asarray(v) for lam, v in out.items()}


def retrieval_benchmark(tasks: Sequence[WebArenaTask] | None = None, *, seeds: Sequence[int] = (0, 1, 2),
                        lambdas: Sequence[float] = LAMBDAS, embedder: Any = None,
                        max_queries: int | None = None) -> list[dict[str, Any]]:
    """One row per (seed, lambda, site incl. ``"all"``): n, recall@1, recall@3, MRR."""
    tasks = list(tasks) if tasks is not None else load_webarena_tasks()
    rows: list[dict[str, Any]] = []
    for seed in seeds:
        train, test = split_tasks(tasks, seed)
        if max_queries is not None:
            test = random.Random(seed).sample(test, min(max_queries, len(test)))
        keys = template_keys(train)
        order = sorted(keys)
        index = HybridIndex([keys[t] for t in order], lexical_weight=1.0, semantic_weight=1.0, embedder=embedder)
        pos = {t: i for i, t in enumerate(order)}
        ranks = _ranks(index, [t.intent for t in test], [pos[t.template_id] for t in test], lambdas)
        sites = np.asarray([t.site for t in test])
        for lam, r in ranks.items():
            for site in ["all", *sorted(set(sites))]:
                sel = r if site == "all" else r[sites == site]
                if not len(sel):
                    continue
                rows.append({"seed": seed, "lambda": lam, "site": site, "n": int(len(sel)), "skills": len(order),
                             "recall@1": float((sel <= 1).mean()), "recall@3": float((sel <= 3).mean()),
                             "mrr": float((1.0 / sel).mean())})
    return rows


def benchmark_table(rows: Sequence[dict[str, Any]]):
    """Mean and standard deviation over seeds, per lambda and site, with the arm named."""
    import pandas as pd

    df = pd.DataFrame(rows)
    g = df.groupby(["site", "lambda"], as_index=False).agg(
        n=("n", "mean"), recall_at_1=("recall@1", "mean"), recall_at_1_sd=("recall@1", "std"),
        recall_at_3=("recall@3", "mean"), recall_at_3_sd=("recall@3", "std"), mrr=("mrr", "mean"),
        mrr_sd=("mrr", "std"), seeds=("seed", "nunique"))

    def arm(lam: float) -> str:
        if lam == 0:
            return "embedding only"
        if lam == 1:
            return "BM25 only"
        return "hybrid (paper 0.4/0.6)" if abs(lam - PAPER_LAMBDA) < 1e-9 else "hybrid"

    g.insert(2, "arm", g["lambda"].map(arm))
    return g.round(4)


def format_table(table: Any) -> str:
    """The three arms - embedding only, the paper's hybrid, BM25 only - overall and per site, as text."""
    keep = table[table["lambda"].isin([0.0, PAPER_LAMBDA, 1.0])]
    cols = ["site", "lambda", "arm", "n", "recall_at_1", "recall_at_3", "mrr"]
    return keep[cols].to_string(index=False)


def lambda_figure(table: Any):
    """Recall@1, recall@3 and MRR against lambda (all sites; per-site recall@1 dotted), the
    paper's lambda = 0.4 marked."""
    import plotly.graph_objects as go

    fig = go.Figure()
    all_ = table[table.site == "all"]
    for col, name in (("recall_at_1", "recall@1"), ("recall_at_3", "recall@3"), ("mrr", "MRR")):
        fig.add_trace(go.Scatter(x=all_["lambda"], y=all_[col], name=f"{name} (all sites)", mode="lines+markers",
                                 error_y=dict(type="data", array=all_[f"{col}_sd"].fillna(0), visible=True)))
    for site in sorted(set(table.site) - {"all"}):
        s = table[table.site == site]
        if s["n"].iloc[0] < 10:
            continue
        fig.add_trace(go.Scatter(x=s["lambda"], y=s["recall_at_1"], name=f"recall@1 {site} (n={int(s['n'].iloc[0])})",
                                 mode="lines", line=dict(dash="dot", width=1)))
    fig.add_vline(x=PAPER_LAMBDA, line_dash="dash", annotation_text="paper: 0.4 BM25 + 0.6 embedding")
    fig.update_layout(title="Skill retrieval on WebArena-Verified intents (leave instances out)",
                      xaxis_title="lambda (weight of BM25; 1 - lambda on the embedding)", yaxis_title="score",
                      yaxis_range=[0, 1.02], template="plotly_white", width=1000, height=560)
    return fig
