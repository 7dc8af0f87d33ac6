"""fcpkit's guard around a BrowserGym agent, run by BrowserGym's own loop (``ExpArgs.run()``) on
MiniWoB pages served by the lab's local server, in Debian's Chromium: the scripted agent of the
recorded study as the wrapped agent."""

from __future__ import annotations

import gzip
import json
import os
import pickle
import time
from pathlib import Path

import pytest
from browsergym.experiments import EnvArgs, ExpArgs

from _labsupport.browser import browser_missing
from _labsupport.models import embedded_gguf_or_skip
from fcpkit.errors import ConfigError, PlanError
from fcpkit_lab.agents import LOG_NAME, GuardedAgentArgs
from fcpkit_lab.agents.executor_agent import LLMAgentArgs
from fcpkit_lab.agents.studies import miniwob_setup, prepare_miniwob, run_experiments
from fcpkit_lab.envs.miniwob.server import MiniWoBServer
from fcpkit_lab.envs.record.browsergym_study import ScriptedAgentArgs, release_debian_chromium
from fcpkit_lab.importers.browsergym import read_experiment

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))

#: a plan for another app's task: a page titled as MiniWoB's text-entry task is the wrong page
WRONG_PAGE_PLAN = {
    "task": "Search the orders list for ORD-55012",
    "commitments": [{
        "id": "search",
        "subgoal": "Search the orders list for ORD-55012",
        "confirm": {"precondition": ["Orders list with Search orders box"], "completion": ["Search results for ORD-55012"]},
        "falsify": {"execution": [{"text": "Enter Text Task", "on": "both"}]},
    }],
}


#: every observation the recording agent was given
SEEN: list[dict] = []


class RecordingArgs(ScriptedAgentArgs):
    """The scripted agent, keeping each observation it is given (to see what the guard told it)."""

    def make_agent(self):
        agent = super().make_agent()
        plain = agent.get_action

        def get_action(obs):
            SEEN.append(obs)
            return plain(obs)

        agent.get_action = get_action
        return agent


@pytest.fixture(scope="module")
def miniwob():
    with MiniWoBServer() as server:
        prepare_miniwob(server.base_url)
        try:
            yield server
        finally:
            release_debian_chromium()  # later tests start Playwright of their own on this thread


def _run(tmp_path: Path, task: str, plan=None, seed: int = 0, **options) -> Path:
    args = GuardedAgentArgs(agent_args=ScriptedAgentArgs(task=task), plan=plan, runner_options=options)
    exp = ExpArgs(agent_args=args, env_args=EnvArgs(task_name=f"miniwob.{task}", task_seed=seed, max_steps=8,
                                                    headless=True), logging_level_stdout=40)
    exp.prepare(tmp_path)
    exp.run()
    return Path(exp.exp_dir)


def _log(exp_dir: Path, wait_s: float = 20.0) -> list[dict]:
    """The evidence log once it holds the run's end (the guard writes it when the episode is over)."""
    deadline = time.monotonic() + wait_s
    while True:
        recs = [json.loads(line) for line in (exp_dir / LOG_NAME).read_text().splitlines()]
        if any(r.get("event") == "run_end" for r in recs) or time.monotonic() > deadline:
            return recs
        time.sleep(0.1)


def _steps(exp_dir: Path) -> list:
    out = []
    for i in range(len(list(exp_dir.glob("step_*.pkl.gz")))):
        with gzip.open(exp_dir / f"step_{i}.pkl.gz", "rb") as f:
            out.append(pickle.load(f))
    return out


def test_a_healthy_guarded_run_solves_the_task_and_logs_its_tests_beside_the_summary(miniwob, tmp_path):
    exp_dir = _run(tmp_path, "enter-text")
    summary = json.loads((exp_dir / "summary_info.json").read_text())
    assert summary["cum_reward"] > 0 and summary["err_msg"] is None
    recs = _log(exp_dir)
    gates = [r for r in recs if r.get("event") == "gate"]
    assert gates and all(g["allowed"] for g in gates)
    assert {r["phase"] for r in recs if r["kind"] == "test"} >= {"pre", "post"}
    assert recs[-1]["event"] == "run_end"
    steps = _steps(exp_dir)
    acted = [s for s in steps if s.action]
    assert acted and all(s.agent_info["extra_info"]["fcpkit"]["gate"]["allowed"] for s in acted)
    # the folder is still a BrowserGym experiment: it imports, and its pages are the ones the guard tested
    t = read_experiment(exp_dir)
    assert [s.action.command for s in t.steps] == [s.action for s in acted]


def test_a_write_on_a_falsified_commitment_is_held_and_the_app_is_unchanged(miniwob, tmp_path):
    exp_dir = _run(tmp_path, "enter-text", WRONG_PAGE_PLAN)
    recs = _log(exp_dir)
    blocked = [r for r in recs if r.get("event") == "gate" and not r["allowed"]]
    assert blocked, "the submit was not held"
    held = blocked[0]
    assert held["effect"] == "write" and held["commitment_state"] == "falsified"
    steps = _steps(exp_dir)
    ran = [s.action for s in steps if s.action]
    assert held["command"] not in ran  # the held write never reached the browser
    summary = json.loads((exp_dir / "summary_info.json").read_text())
    assert summary["cum_reward"] == 0 and not summary["terminated"]  # the form was never submitted
    assert steps[-1].obs["last_action"] != held["command"]
    assert any(r.get("event") == "run_end" for r in recs)


def test_the_hint_reaches_the_wrapped_agent_through_its_observation(miniwob, tmp_path):
    SEEN.clear()
    args = GuardedAgentArgs(agent_args=RecordingArgs(task="enter-text"), plan=WRONG_PAGE_PLAN)
    exp = ExpArgs(agent_args=args, env_args=EnvArgs(task_name="miniwob.enter-text", task_seed=0, max_steps=8,
                                                    headless=True), logging_level_stdout=40)
    exp.prepare(tmp_path)
    exp.run()
    asked_again = [o for o in SEEN if o.get("fcpkit_feedback")]
    assert asked_again, "the agent was never told why its action was held"
    hints = [r["hint"] for r in _log(Path(exp.exp_dir)) if r["kind"] == "repair" and r.get("hint")]
    assert hints and hints[0] in asked_again[0]["fcpkit_feedback"]  # the repair's hint, word for word
    assert any("blocked by policy" in o["fcpkit_feedback"] for o in asked_again)  # and why the write was held
    assert all(o["fcpkit_feedback"] in o["last_action_error"] for o in asked_again)  # where every agent looks


def test_a_study_of_guarded_experiments_runs_on_ray_with_two_workers(miniwob, tmp_path):
    exps = [ExpArgs(agent_args=GuardedAgentArgs(agent_args=ScriptedAgentArgs(task=task)),
                    env_args=EnvArgs(task_name=f"miniwob.{task}", task_seed=i, max_steps=8, headless=True),
                    logging_level_stdout=40)
            for i, task in enumerate(("enter-text", "click-button", "click-checkboxes", "enter-password"))]
    rows = run_experiments(exps, tmp_path / "study", workers=2, setup=miniwob_setup(miniwob.base_url))
    assert len(rows) == 4 and all(r["err_msg"] is None for r in rows)
    pids = {r["worker"] for r in rows}
    assert os.getpid() not in pids and 1 <= len(pids) <= 2  # Ray's workers ran them, at most two
    for r in rows:
        assert any(rec.get("event") == "run_end" for rec in _log(Path(r["exp_dir"])))


def test_bad_arguments_are_refused_before_any_experiment_runs():
    with pytest.raises(ConfigError, match="agent_args"):
        GuardedAgentArgs(agent_args=None)
    with pytest.raises(PlanError, match="commitments"):
        GuardedAgentArgs(agent_args=ScriptedAgentArgs(), plan={"task": "x", "commitments": "no"})
    with pytest.raises(ConfigError, match="no experiments"):
        run_experiments([], "/tmp/unused")


class CrashingArgs(ScriptedAgentArgs):
    """The scripted agent, crashing on its second action (an agent's own bug)."""

    def make_agent(self):
        agent = super().make_agent()
        plain, calls = agent.get_action, []

        def get_action(obs):
            calls.append(1)
            if len(calls) == 2:
                raise RuntimeError("the agent's own bug")
            return plain(obs)

        agent.get_action = get_action
        return agent


def test_an_agent_that_crashes_is_recorded_as_browsergym_records_it_and_the_log_survives(miniwob, tmp_path):
    args = GuardedAgentArgs(agent_args=CrashingArgs(task="enter-text"))
    exp = ExpArgs(agent_args=args, env_args=EnvArgs(task_name="miniwob.enter-text", task_seed=0, max_steps=8,
                                                    headless=True), logging_level_stdout=40)
    exp.prepare(tmp_path)
    exp.run()
    exp_dir = Path(exp.exp_dir)
    summary = json.loads((exp_dir / "summary_info.json").read_text())
    assert "the agent's own bug" in summary["err_msg"]  # the agent's error, not the guard's
    recs = _log(exp_dir)
    stop = next(r for r in recs if r.get("event") == "stop")
    assert stop["reason"] == "executor_error" and "the agent's own bug" in stop["detail"]
    assert recs[-1]["event"] == "run_end"
    assert len(read_experiment(exp_dir).steps) == 1  # the step before the crash is kept


@pytest.mark.llm
def test_the_embedded_model_drives_a_guarded_experiment(miniwob, tmp_path):
    embedded_gguf_or_skip()
    args = GuardedAgentArgs(agent_args=LLMAgentArgs())
    exp = ExpArgs(agent_args=args, env_args=EnvArgs(task_name="miniwob.click-button", task_seed=0, max_steps=4,
                                                    headless=True), logging_level_stdout=40)
    exp.prepare(tmp_path)
    exp.run()
    exp_dir = Path(exp.exp_dir)
    summary = json.loads((exp_dir / "summary_info.json").read_text())
    assert summary["err_msg"] is None and summary["n_steps"] >= 1
    recs = _log(exp_dir, wait_s=60)
    proposals = [r for r in recs if r.get("event") == "gate"]
    assert proposals and recs[-1]["event"] == "run_end"  # each model proposal went through the gate
    steps = _steps(exp_dir)
    assert all("fcpkit" in s.agent_info["extra_info"] for s in steps if s.action)


def test_an_unknown_verifier_is_refused():
    with pytest.raises(ConfigError, match="verifier 'oracle'"):
        GuardedAgentArgs(agent_args=ScriptedAgentArgs(), verifier="oracle")
