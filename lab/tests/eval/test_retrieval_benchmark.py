"""The WebArena-Verified retrieval benchmark: the dataset, the leave-instances-out split, the
induced keys, and the metrics on a small synthetic set where the answer is known."""

from __future__ import annotations

import importlib.util

import pytest

from fcpkit_lab.eval.retrieval import (WebArenaTask, benchmark_table, lambda_figure, load_webarena_tasks,
                                   retrieval_benchmark, split_tasks, template_keys)

from _support.memory import BagOfWordsEmbedder  # noqa: E402

TASKS = [
    WebArenaTask(1, "Get the top-1 best-selling product in 2022", 10, "shopping_admin"),
    WebArenaTask(2, "Get the top-5 best-selling brand in 2023", 10, "shopping_admin"),
    WebArenaTask(3, "Get the top-3 best-selling category in 2021", 10, "shopping_admin"),
    WebArenaTask(4, 'Subscribe to the "books" forum', 20, "reddit"),
    WebArenaTask(5, 'Subscribe to the "news" forum', 20, "reddit"),
    WebArenaTask(6, "How long does it take to walk from CMU to the zoo", 30, "map"),
    WebArenaTask(7, "Open my todo list", 40, "gitlab"),
]


@pytest.mark.skipif(importlib.util.find_spec("webarena_verified") is None, reason="webarena-verified not installed")
def test_the_package_ships_812_intents_of_190_templates():
    tasks = load_webarena_tasks()
    assert len(tasks) == 812 and len({t.template_id for t in tasks}) == 190
    assert {"shopping", "shopping_admin", "gitlab", "reddit", "map"} <= {t.site for t in tasks}


def test_split_leaves_instances_out_and_keeps_singletons_as_distractors():
    train, test = split_tasks(TASKS, seed=0)
    assert set(train) == {10, 20, 30, 40}
    assert len(train[30]) == len(train[40]) == 1 and all(t.template_id in (10, 20) for t in test)
    assert not {t.task_id for t in test} & {t.task_id for ts in train.values() for t in ts}
    assert split_tasks(TASKS, seed=0) == split_tasks(TASKS, seed=0)


def test_keys_are_induced_from_train_instances_only():
    train = {10: TASKS[:2], 20: TASKS[3:4]}
    keys = template_keys(train)
    assert keys[10] == "Get the {value} best-selling {value_2} in {value_3}"
    assert keys[20] == 'Subscribe to the "{quoted}" forum'


def test_metrics_on_a_set_where_every_query_is_findable():
    rows = retrieval_benchmark(TASKS, seeds=(0,), lambdas=(0.0, 0.4, 1.0), embedder=BagOfWordsEmbedder())
    overall = [r for r in rows if r["site"] == "all"]
    assert [r["lambda"] for r in overall] == [0.0, 0.4, 1.0]
    for r in overall:
        assert r["n"] == 2 and r["skills"] == 4
        assert r["recall@1"] <= r["recall@3"] <= 1.0 and 0 < r["mrr"] <= 1.0
    assert overall[2]["recall@1"] == 1.0  # BM25 finds both templates by their fixed words
    table = benchmark_table(rows)
    assert set(table["arm"]) == {"embedding only", "hybrid (paper 0.4/0.6)", "BM25 only"}
    fig = lambda_figure(table)
    assert {t.name for t in fig.data} >= {"recall@1 (all sites)", "MRR (all sites)"}
