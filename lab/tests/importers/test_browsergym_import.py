"""BrowserGym/AgentLab experiment folders read as fcpkit corpora: AgentLab's recorded MiniWoB
experiments and a study recorded here by ExpArgs.run() (lab/tests/fixtures/browsergym/README.md)."""

from __future__ import annotations

import gzip
import json
import os
import pickle
import shutil
from pathlib import Path

import pytest
from browsergym.utils.obs import flatten_axtree_to_str
from click.testing import CliRunner

from fcpkit.cli import main
from fcpkit.core.effects import step_effect
from fcpkit.core.trajectory import Observation, iter_corpus, load_corpus
from fcpkit_lab.importers.browsergym import import_study, iter_study, read_experiment
from fcpkit_lab.importers.folders import ExperimentError
from fcpkit_lab.importers.pickles import ForeignObject, UnsafePickleError, load_pickle_file

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "browsergym"
AGENTLAB = FIXTURES / "agentlab_error_analysis"
OURS = FIXTURES / "miniwob_study"


def _experiments(root: Path) -> list[Path]:
    return sorted(p.parent for p in root.glob("*/exp_args.pkl"))


def _steps(exp: Path, load) -> list:
    n = len(list(exp.glob("step_*.pkl.gz")))
    return [load(exp / f"step_{i}.pkl.gz") for i in range(n)]


def _plain(path: Path):
    with gzip.open(path, "rb") as f:
        return pickle.load(f)  # our own fixture: its classes (BrowserGym's, the lab's agent) are installed


@pytest.mark.parametrize("root,load", [(AGENTLAB, load_pickle_file), (OURS, _plain)], ids=["agentlab", "recorded"])
def test_page_text_is_browsergyms_flattening_of_the_pickled_tree_step_by_step(root, load):
    exps = _experiments(root)
    assert len(exps) == 4
    for exp in exps:
        t = read_experiment(exp, root=root)
        infos = _steps(exp, load)
        pages = [flatten_axtree_to_str(i.obs["axtree_object"]) for i in infos]
        assert [o.text for o in t.observations()] == pages[: len(t.steps) + 1]
        assert "[" in pages[0]  # bids kept
        assert [s.action.command for s in t.steps] == [i.action for i in infos[: len(t.steps)]]
        assert t.task == infos[0].obs["goal"]
        for before, step in zip(t.observations(), t.steps):  # each effect is fcpkit's, on the page it ran on
            assert step.action.effect == step_effect(step.action.command, before, step.action.target).effect
        summary = json.loads((exp / "summary_info.json").read_text())
        assert t.outcome["reward"] == summary["cum_reward"]
        assert t.outcome["success"] == (summary["cum_reward"] > 0)
        assert t.outcome["terminated"] == summary["terminated"]
        assert not t.label.labelled and t.to_data()["label"] is None
        assert t.plan.extra.get("planless") is True


def test_agentlab_reasoning_and_targets_come_through():
    exp = _experiments(AGENTLAB)[0]
    t = read_experiment(exp, root=AGENTLAB)
    think = load_pickle_file(exp / "step_0.pkl.gz").agent_info.think
    assert t.steps[0].action.reasoning == think.strip()
    assert t.steps[0].action.target and t.steps[0].action.target.startswith("checkbox ")
    assert t.steps[-1].action.effect != "read"  # the Submit button in a form


def test_import_writes_a_corpus_that_loads_with_screenshots_referenced_not_copied(tmp_path):
    out = tmp_path / "corpora" / "ours.jsonl"
    rep = import_study(OURS, out)
    assert rep.imported == 4 and not rep.skipped
    corpus = load_corpus(out)
    shots = [o.screenshot for t in corpus for o in t.observations()]
    assert all(shots)
    for s in shots:
        p = (out.parent / s).resolve()
        assert p.is_file() and OURS.resolve() in p.parents
    assert not list(tmp_path.rglob("*.png"))
    assert {t.outcome["success"] for t in corpus} == {True, False}


def test_the_agents_own_classes_are_inert_records_and_strict_refuses_them():
    args = load_pickle_file(_experiments(AGENTLAB)[0] / "exp_args.pkl")
    assert isinstance(args.agent_args, ForeignObject)
    assert args.agent_args.module.startswith("agentlab") and args.agent_args.agent_name.startswith("GenericAgent")
    with pytest.raises(UnsafePickleError, match="agentlab"):
        load_pickle_file(_experiments(AGENTLAB)[0] / "exp_args.pkl", strict=True)


class _Evil:
    def __init__(self, target: Path):
        self.target = target

    def __reduce__(self):
        return (os.system, (f"touch {self.target}",))


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("*.png"))
    return dst


def test_a_pickle_that_asks_for_os_system_is_refused_and_runs_nothing(tmp_path):
    study = _copy(OURS, tmp_path / "study")
    victim = _experiments(study)[1]
    marker = tmp_path / "pwned"
    with gzip.open(victim / "step_1.pkl.gz", "wb") as f:
        pickle.dump(_Evil(marker), f)
    skipped = []
    runs = list(iter_study(study, on_skip=skipped.append))
    assert not marker.exists()
    assert len(runs) == 3 and len(skipped) == 1
    assert skipped[0].exp_dir == victim and ".system" in skipped[0].reason and "refused" in skipped[0].reason


def test_bad_experiments_are_skipped_with_their_reason_and_nothing_else_is_lost(tmp_path):
    study = _copy(OURS, tmp_path / "study")
    a, b, c, d = _experiments(study)
    (a / "step_1.pkl.gz").write_bytes((a / "step_1.pkl.gz").read_bytes()[:300])  # truncated
    (b / "step_1.pkl.gz").unlink()  # a missing step (step_2 follows)
    (c / "summary_info.json").unlink()  # crashed before its summary: imported, incomplete
    crashed = study / "2099-01-01_crashed_run"  # crashed while set up: steps without exp_args.pkl
    crashed.mkdir()
    shutil.copy(d / "step_0.pkl.gz", crashed / "step_0.pkl.gz")
    (study / "notes.txt").write_text("not an experiment")
    skipped = []
    runs = list(iter_study(study, on_skip=skipped.append))
    reasons = {s.exp_dir.name: s.reason for s in skipped}
    assert "gzip" in reasons[a.name] or "pickle" in reasons[a.name]
    assert reasons[b.name].startswith("step_1.pkl.gz is missing")
    assert "no exp_args.pkl" in reasons[crashed.name]
    assert [t.id for t in runs] == [c.name, d.name]
    assert runs[0].outcome["status"] == "incomplete" and runs[1].outcome["status"] == "done"
    with pytest.raises(ExperimentError, match="missing"):
        read_experiment(b)


def test_the_study_streams_one_experiment_at_a_time(tmp_path):
    study = _copy(OURS, tmp_path / "study")
    skipped = []
    it = iter_study(study, on_skip=skipped.append)
    first = next(it)
    for exp in _experiments(study)[1:]:  # not read yet: breaking them now is seen as they are reached
        (exp / "step_0.pkl.gz").write_bytes(b"\x1f\x8b broken")
    assert list(it) == [] and len(skipped) == 3 and first.id == _experiments(study)[0].name


def test_check_reads_a_study_folder_directly_and_counts_the_runs_unlabelled():
    r = CliRunner().invoke(main, ["check", str(AGENTLAB), "--json"])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    assert len(lines) == 4 and all(x["labelled"] is False for x in lines)
    assert all(x.startswith("{") for x in r.stdout.splitlines())  # every line one run, nothing else
    table = CliRunner().invoke(main, ["check", str(AGENTLAB)])
    found = sum(x["detected"] for x in lines)
    assert table.exit_code == 0 and (f"4 runs: 0 faulty, 0 healthy, 4 unlabelled ({found} with findings"
                                     in " ".join(table.output.split()))


def test_import_command_and_bad_folders_are_one_line_errors(tmp_path):
    out = tmp_path / "al.jsonl"
    r = CliRunner().invoke(main, ["import", "browsergym", str(AGENTLAB), "--out", str(out)])
    assert r.exit_code == 0 and "wrote 4 trajectories" in r.output
    assert len(list(iter_corpus(out))) == 4
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "readme.txt").write_text("hello")
    for args in (["import", "browsergym", str(empty), "--out", str(tmp_path / "x.jsonl")], ["check", str(empty)]):
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 2
        assert r.output.strip().startswith("error:") and len(r.output.strip().splitlines()) == 1
        assert "Traceback" not in r.output
    assert not (tmp_path / "x.jsonl").exists()
    r = CliRunner().invoke(main, ["import", "browsergym", str(AGENTLAB), "--out", str(out), "--strict-pickles"])
    assert r.exit_code == 2 and "agentlab" in r.output and len(list(iter_corpus(out))) == 4  # the old file kept
