"""fcpkit.eval.calibrate: pseudo-labelled bags, held-out hygiene, the calibration file, and the real embedding."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

import fcpkit.eval.calibrate as cal
from fcpkit.cli.report import print_calibration
from fcpkit.eval.calibrate import calibrate
from fcpkit.eval.bags import Bag, active_commitments, extract_bags, instance_pairs
from fcpkit.eval.calibration_file import FORMAT, CalibratedMatcher, calibrated_matcher, calibrated_thresholds, load_report
from fcpkit.eval.calibration_splits import make_splits
from fcpkit.errors import ConfigError
from fcpkit.matching.calibration import Calibration
from fcpkit.core.plan import Commitment, Evidence, Plan
from fcpkit.core.router import Thresholds
from fcpkit.core.rules import action_text
from fcpkit.core.trajectory import Action, Label, Observation, Step, Trajectory, load_corpus, serialize_observation

# ----------------------------------------------------------------------------- a tiny built corpus

PLAN = Plan(
    "Open ticket T-1 and save it.",
    [
        Commitment("open", "Open ticket T-1", confidence=0.6,
                   confirm={"progress": ["Search results for T-1"], "completion": ["Ticket T-1 detail"]},
                   falsify={"execution": [Evidence("Ticket T-2 detail", on="both")]}),
        Commitment("save", "Save ticket T-1", confidence=0.6,
                   confirm={"completion": ["Ticket T-1 saved"]},
                   falsify={"execution": ["Changes were not saved"]}),
    ],
    plan_falsifiers={"execution": ["Sign in page"]},
)


def page(title: str, body: str, url: str = "http://x/t") -> Observation:
    return Observation(url=url, title=title, text=f"RootWebArea '{title}'\n\theading '{title}'\n\tStaticText '{body}'")


QUEUE = page("Queue", "T-1 T-2", "http://x/q")
RESULTS = page("Queue", "Search results for T-1", "http://x/q?s=T-1")
DETAIL1 = page("Ticket T-1", "Ticket T-1 detail", "http://x/t/1")
DETAIL2 = page("Ticket T-2", "Ticket T-2 detail", "http://x/t/2")
SAVED = page("Ticket T-1", "Ticket T-1 saved", "http://x/t/1")
SAVED2 = page("Ticket T-2", "Ticket T-2 saved", "http://x/t/2")

FILL = Action("fill('3', 'T-1')", target="textbox 'Search'")
OPEN1 = Action("click('7')", target="link 'T-1'")
OPEN2 = Action("click('8')", target="link 'T-2'")
SAVE = Action("click('9')", target="button 'Save'", effect="write")


def traj(tid: str, steps: list[tuple[str | None, Action, Observation]], fault: str | None = None,
         fot: int | None = None, workflow: str = "w") -> Trajectory:
    return Trajectory(tid, PLAN.task, PLAN, QUEUE, tuple(Step(a, o, c) for c, a, o in steps),
                      Label(fault, fot), workflow=workflow)


HEALTHY = traj("h", [("open", FILL, RESULTS), ("open", OPEN1, DETAIL1), ("save", SAVE, SAVED)])
WRONG = traj("f", [("open", FILL, RESULTS), ("open", OPEN2, DETAIL2), ("save", SAVE, SAVED2)],
             fault="wrong_record", fot=1)
NOOP = traj("n", [("open", FILL, RESULTS), ("open", OPEN1, DETAIL1), ("save", SAVE, DETAIL1)],
            fault="silent_noop", fot=2)


def _key(b: Bag):
    return (b.kind, b.step, b.label)


def test_bags_of_a_healthy_run():
    bags = extract_bags([HEALTHY])
    got = Counter(_key(b) for b in bags)
    # every state check and every action check with action-testable falsifiers: negatives
    assert got[("falsifier-state", 0, 0)] == got[("falsifier-state", 1, 0)] == got[("falsifier-state", 2, 0)] == 1
    assert {b.step for b in bags if b.kind == "falsifier-action"} == {0, 1}  # "save" has none on action
    assert all(b.label == 0 for b in bags if b.kind.startswith("falsifier"))
    st = next(b for b in bags if b.kind == "falsifier-state" and b.step == 2)
    assert st.statements == ("Changes were not saved", "Sign in page")  # active commitment + plan level
    act = next(b for b in bags if b.kind == "falsifier-action" and b.step == 0)
    assert act.statements == ("Ticket T-2 detail",) and act.text == action_text(FILL)
    # completion: "open" completed on DETAIL1 (the agent moved on from there), not on RESULTS
    comp = {(b.commitment, b.text, b.label) for b in bags if b.kind == "completion"}
    s = serialize_observation
    assert comp == {
        ("open", s(DETAIL1), 1), ("open", s(RESULTS), 0),
        # "save" (the plan's last) completed on the last page; pages before the page it started from are negatives
        ("save", s(SAVED), 1), ("save", s(QUEUE), 0), ("save", s(RESULTS), 0),
    }
    assert all(b.statements == ("Ticket T-1 saved",) for b in bags if b.kind == "completion" and b.commitment == "save")


def test_bags_of_faulty_runs():
    bags = extract_bags([WRONG])
    assert {(b.kind, b.step, b.label) for b in bags} == {
        ("falsifier-state", 0, 0), ("falsifier-action", 0, 0),  # before the fault: negatives
        ("falsifier-state", 1, 1),  # the first off-track page: a positive bag (multiple-instance)
    }  # later steps are left out; faulty runs give no completion bags
    pos = next(b for b in bags if b.label == 1)
    assert pos.text == serialize_observation(DETAIL2) and "Ticket T-2 detail" in pos.statements
    # window: one more step after the first off-track one is a positive too
    assert {(b.step, b.label) for b in extract_bags([WRONG], positive_window=1) if b.kind == "falsifier-state"} == {
        (0, 0), (1, 1), (2, 1)}
    # the silent no-op shows nothing a falsifier could match: the unchanged-page rule drops its positive
    noop = extract_bags([NOOP])
    assert all(b.label == 0 for b in noop)
    assert {b.step for b in noop if b.kind == "falsifier-state"} == {0, 1}


def test_bags_dedupe_and_instance_pairs():
    both = extract_bags([HEALTHY, WRONG])
    # step 0 of both runs is the same page with the same statements: counted once
    assert sum(1 for b in both if b.kind == "falsifier-state" and b.step == 0) == 1
    pairs = instance_pairs(both)
    assert ("Sign in page", serialize_observation(SAVED), 0) in pairs
    assert not any(t == serialize_observation(DETAIL2) for _, t, _ in pairs)  # positive bags give no pairs
    with pytest.raises(ConfigError):
        extract_bags([HEALTHY], kinds=("nope",))


def test_missing_commitment_field_falls_back_to_tracking():
    t = traj("h2", [(None, FILL, RESULTS), (None, OPEN1, DETAIL1), (None, SAVE, SAVED)])
    assert active_commitments(t) == ["open", "open", "save"]


# ----------------------------------------------------------------------------- splits and hygiene


@pytest.fixture(scope="module")
def example(examples_dir):
    return list(load_corpus(examples_dir / "corpus.jsonl"))


def test_make_splits(example):
    (wf,) = make_splits(example, "workflow", seed=0, holdout=0.25)
    held = {t.workflow for t in example if t.id in wf.test}
    assert len(held) == 1 and not held & {t.workflow for t in example if t.id in wf.train}
    assert set(wf.train) | set(wf.test) == {t.id for t in example}
    (named,) = make_splits(example, "workflow", holdout="orders,support")
    assert {t.workflow for t in example if t.id in named.test} == {"orders", "support"}
    assert len(make_splits(example, "workflow", holdout="all")) == 4
    (r0,) = make_splits(example, "random", seed=0, holdout=0.3)
    assert make_splits(example, "random", seed=0, holdout=0.3)[0] == r0  # seeded, deterministic
    assert make_splits(example, "random", seed=1, holdout=0.3)[0].test != r0.test
    test = [t for t in example if t.id in r0.test]
    assert sum(t.label.fault is None for t in test) == 4 and sum(t.label.fault is not None for t in test) == 9
    for bad in (dict(split="nope"), dict(holdout="nowhere"), dict(holdout=4), dict(split="random", holdout="all")):
        with pytest.raises(ConfigError):
            make_splits(example, **bad)


def test_fit_never_sees_the_held_out_split(example, monkeypatch):
    seen: dict[str, set] = {"bags": set(), "sweep": set(), "fit_texts": set()}
    real_bags, real_sweep = cal.extract_bags, cal.sweep_thresholds

    def spy_bags(trajs, **kw):
        trajs = list(trajs)
        seen["bags"] |= {t.id for t in trajs}
        return real_bags(trajs, **kw)

    def spy_sweep(trajs, *a, **kw):
        seen["sweep"] |= {t.id for t in trajs}
        return real_sweep(trajs, *a, **kw)

    from fcpkit.matching.lexical import LexicalMatcher

    class SpyLexical(LexicalMatcher):
        def fit(self, texts):
            texts = list(texts)
            seen["fit_texts"] |= set(texts)
            return super().fit(texts)

    monkeypatch.setattr(cal, "extract_bags", spy_bags)
    monkeypatch.setattr(cal, "sweep_thresholds", spy_sweep)
    rep = calibrate([], SpyLexical(), split="workflow", holdout=["expenses"], trajectories=example)
    test, train = set(rep.split["test"]), set(rep.split["train"])
    assert test and train and not test & train
    assert {t.workflow for t in example if t.id in test} == {"expenses"}
    assert seen["bags"] == train and seen["sweep"] == train
    train_pages = {serialize_observation(o) for t in example if t.id in train for o in t.observations()}
    assert seen["fit_texts"] == train_pages  # the unsupervised IDF too: training pages only
    assert rep.heldout["calibrated"]["runs"] == len(test)


# ----------------------------------------------------------------------------- file round trip


def test_save_load_round_trip_and_calibrated_matcher(example, tmp_path):
    path = tmp_path / "cal" / "lexical.json"
    rep = calibrate(["fcpkit/data/examples/corpus.jsonl"], "lexical", out=path, holdout=0.25, trajectories=example)
    assert rep.path == path and path.is_file()
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["matcher"] == "lexical"
    assert set(data["metrics"]["heldout"]) == {"default", "mapped", "calibrated"}
    back = load_report(path)
    assert back.to_dict() == rep.to_dict()
    assert calibrated_thresholds(path) == rep.thresholds and isinstance(rep.thresholds, Thresholds)
    m = calibrated_matcher(path)
    assert isinstance(m, CalibratedMatcher) and m.calibration == rep.mapping
    texts = [serialize_observation(o) for o in example[0].observations()[:3]]
    stmts = ["Ticket T-390 detail", "Your session has expired. Please sign in again."]
    m.fit(texts)
    raw = m.inner.score(stmts, texts)
    assert np.allclose(m.score(stmts, texts), 1 / (1 + np.exp(-(rep.mapping.a * raw + rep.mapping.b))))
    # errors name the file
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"a": 1, "b": 0}))
    with pytest.raises(ConfigError, match="not an fcpkit calibration file"):
        load_report(bad)
    with pytest.raises(ConfigError, match="not found"):
        calibrated_matcher(tmp_path / "missing.json")


def test_lexical_leave_one_workflow_out_and_print(example):
    from rich.console import Console

    rep = calibrate([], "lexical", holdout="all", trajectories=example,
                    tau_shifts=(-0.1, -0.05, 0.0, 0.05), delta_scales=(0.5, 1.0))  # small grid: fast
    assert len(rep.folds) == 4 and rep.heldout["calibrated"]["healthy"] == 12
    assert rep.split["test"] == [] and len(rep.split["train"]) == len(example)  # saved artifact: refit on all
    # the lexical matcher is already quiet on healthy runs; calibrating it must not make that worse
    assert rep.heldout["calibrated"]["false_alarms"] <= rep.heldout["default"]["false_alarms"]
    con = Console(record=True, width=160)
    print_calibration(rep, con)
    out = con.export_text()
    assert "held-out runs (pooled over folds)" in out and "fitted mapping + thresholds" in out


def test_calibrated_matcher_wrapper_passthrough():
    class Const:
        name = "const"

        def score(self, s, t):
            return np.full((len(s), len(t)), 0.25)

    m = CalibratedMatcher(Const())
    assert np.allclose(m.score(["a"], ["x", "y"]), 0.25)
    m2 = CalibratedMatcher(Const(), Calibration(4.0, -1.0))
    assert np.allclose(m2.score(["a"], ["x"]), 0.5)


# ----------------------------------------------------------------------------- the real embedding matcher


@pytest.mark.models
def test_embedding_calibration_cuts_false_alarms_on_held_out_runs(example, tmp_path):
    """Three workflows (32 runs), support held out, fitted on catalogue + orders.

    Measured here: the default mapping flags 3/3 held-out healthy runs and 8 faulty runs before
    their fault (1/9 on time, 31% of checks escalated); calibrated: 2/3, 0 early, 9/9 on time, 32%.
    The calibration buys its on-time catches with about the default's escalation, not less: the
    default's share fell from 34% to 31% when typed text stopped confirming steps, the calibrated
    one did not move.
    (Fitted on catalogue alone, the threshold shift overfits - 2/3 false alarms - while the mapping
    alone at the paper's thresholds still gives 0/3; so the threshold fit needs several workflows.)
    """
    pytest.importorskip("sentence_transformers")
    from fcpkit.matching import get_matcher
    from fcpkit.matching.embedding import EmbeddingMatcher

    m = get_matcher("embedding")
    try:
        m.load()
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"embedding model unavailable: {exc}")
    subset = [t for t in example if t.workflow in ("support", "catalogue", "orders")]
    path = tmp_path / "emb.json"
    rep = calibrate([], m, out=path, holdout=["support"], trajectories=subset)
    d, mp, c = rep.heldout["default"], rep.heldout["mapped"], rep.heldout["calibrated"]
    print({k: {f: v[f] for f in ("detected", "on_time", "premature", "false_alarms", "escalation_share")}
           for k, v in rep.heldout.items()})
    assert d["healthy"] == c["healthy"] == 3 and d["false_alarms"] >= 2  # the problem being fixed
    for s in (mp, c):
        assert s["false_alarms"] < d["false_alarms"]
        assert s["false_alarms"] + s["premature"] < d["false_alarms"] + d["premature"]
    assert mp["on_time"] >= d["on_time"]  # the score mapping loses no catch made at the right time
    assert c["on_time"] >= d["on_time"] - 1  # fitted thresholds may trade one (held out: 3 support runs)
    assert c["escalation_share"] < d["escalation_share"] + 0.05  # no flood of escalations in exchange
    loaded = calibrated_matcher(path)
    assert isinstance(loaded, EmbeddingMatcher) and loaded.calibration == rep.mapping
    assert calibrated_thresholds(path) == rep.thresholds
