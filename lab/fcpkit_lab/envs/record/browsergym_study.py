"""Recording BrowserGym experiment folders here: MiniWoB tasks run by ``ExpArgs.run()`` with a
scripted ``browsergym.experiments.Agent``, headless, in Debian's Chromium.

These are the folders a BrowserGym or AgentLab user has (``exp_args.pkl``, ``step_N.pkl.gz``,
``summary_info.json``), written by BrowserGym's own loop, which is what the importer's tests and
its benchmark read. :class:`ScriptedMiniWoBAgent` acts from the page's bids: on its first
observation it flattens the accessibility tree as BrowserGym does and asks
:class:`~fcpkit_lab.envs.miniwob.MiniWoBSolver` for the steps the goal asks for; ``skip_step``
leaves one of them out (the run stops short, as an agent that thinks it is done), so a study holds
failed runs beside the solved ones.

BrowserGym's ``EnvArgs`` cannot name a browser binary, and its ``BrowserEnv`` launches two
Chromiums (the task's and the chat window's) through the global Playwright instance;
:func:`use_debian_chromium` puts a Playwright there whose ``chromium.launch`` adds Debian's
binary and the flags the lab's sessions use. The loop also counts each observation's tokens with
tiktoken, which downloads its BPE table on first use; offline (this machine, CI) the step would
fail, so :func:`offline_token_counts` swaps in a count of words for those statistics (they are
stats only: nothing the importer reads).

    python -m fcpkit_lab.envs.record.browsergym_study OUT_DIR [--n 20] [--screenshots]
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tiktoken
from browsergym.experiments import AbstractAgentArgs, Agent, EnvArgs, ExpArgs
from browsergym.utils.obs import flatten_axtree_to_str

from fcpkit_lab.envs.browser.session import CHROMIUM_ARGS, CHROMIUM_PATH, make_action_set
from fcpkit_lab.envs.miniwob.environment import MINIWOB_TASKS, MiniWoBSolver, miniwob_url

__all__ = ["ScriptedMiniWoBAgent", "ScriptedAgentArgs", "use_debian_chromium", "release_debian_chromium",
           "offline_token_counts", "record_study"]


class _Chromium:
    def __init__(self, browser_type: Any) -> None:
        self._type = browser_type

    def launch(self, **kwargs: Any) -> Any:
        kwargs.setdefault("executable_path", CHROMIUM_PATH)
        kwargs["args"] = [*kwargs.get("args", ()), *CHROMIUM_ARGS]
        return self._type.launch(**kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._type, name)


class _Playwright:
    def __init__(self, pw: Any) -> None:
        self._pw = pw
        self.chromium = _Chromium(pw.chromium)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pw, name)


def offline_token_counts() -> None:
    """Let ``StepInfo.make_stats`` count words instead of tiktoken tokens (no download)."""
    import browsergym.experiments.loop as loop

    try:
        tiktoken.get_encoding("cl100k_base")
        return  # the table is there: keep BrowserGym's counts
    except Exception:  # noqa: BLE001 - no network, no cached table
        pass
    loop.count_tokens = lambda text, model="gpt-4": len(str(text).split())
    loop.count_messages_token = lambda messages, model="gpt-4": sum(len(str(m).split()) for m in messages)


def use_debian_chromium() -> None:
    """Make BrowserGym's global Playwright launch ``/usr/bin/chromium`` (idempotent)."""
    import browsergym.core as core
    import playwright.sync_api

    if isinstance(core._PLAYWRIGHT, _Playwright):
        return
    pw = core._PLAYWRIGHT or playwright.sync_api.sync_playwright().start()
    core._set_global_playwright(_Playwright(pw))


def release_debian_chromium() -> None:
    """Stop the Playwright :func:`use_debian_chromium` put in BrowserGym's global (idempotent): its
    event loop would otherwise stay on this thread, where a later ``sync_playwright()`` refuses to
    start ("Sync API inside the asyncio loop")."""
    import browsergym.core as core

    pw = core._PLAYWRIGHT
    if pw is None:
        return
    core._PLAYWRIGHT = None
    try:
        pw.stop()
    except Exception:  # noqa: BLE001 - already stopped: nothing is left to release
        pass


class ScriptedMiniWoBAgent(Agent):
    """A BrowserGym agent that solves a MiniWoB task from its goal and the bids on its page."""

    def __init__(self, task: str, skip_step: int | None = None) -> None:
        self.task = task.split(".", 1)[-1]
        self.skip_step = skip_step
        self.action_set = make_action_set()
        self.plan: list[Any] | None = None
        self.done = 0

    def obs_preprocessor(self, obs: dict) -> dict:
        """BrowserGym's default keeps only the flattened tree; this keeps the tree as AgentLab's agents
        do (the recorded step then holds what the text was flattened from), and drops the DOM."""
        obs = {k: v for k, v in obs.items() if k != "dom_object"}
        obs["axtree_txt"] = flatten_axtree_to_str(obs["axtree_object"])
        return obs

    def get_action(self, obs: dict) -> tuple[str | None, dict]:
        if self.plan is None:
            text = obs["axtree_txt"]
            self.plan = MiniWoBSolver().solve(self.task, obs["goal"], text)
            if self.skip_step is not None and 0 <= self.skip_step < len(self.plan):
                del self.plan[self.skip_step]
        if self.done >= len(self.plan):
            return None, {"think": "Every step of the task is done."}  # BrowserGym ends the episode (truncated)
        step = self.plan[self.done]
        self.done += 1
        return step.command, {"think": step.reasoning}


@dataclass
class ScriptedAgentArgs(AbstractAgentArgs):
    task: str = "click-button"
    skip_step: int | None = None
    agent_name: str = "ScriptedMiniWoBAgent"

    def make_agent(self) -> Agent:
        return ScriptedMiniWoBAgent(self.task, self.skip_step)


def record_study(out: str | Path, n: int = 20, *, screenshots: bool = False, tasks: tuple[str, ...] = MINIWOB_TASKS,
                 skip_every: int = 4, max_steps: int = 10) -> list[Path]:
    """Run ``n`` MiniWoB experiments with ``ExpArgs.run()`` into ``out`` (a study folder).

    Experiment ``i`` runs ``tasks[i % len(tasks)]`` with seed ``i``; every ``skip_every``-th one
    leaves its first scripted step out (a failed run). Returns the experiment folders."""
    os.environ.setdefault("MINIWOB_URL", miniwob_url())
    import browsergym.miniwob  # noqa: F401 - registers the browsergym/miniwob.* environments

    use_debian_chromium()
    offline_token_counts()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    dirs = []
    for i in range(n):
        task = tasks[i % len(tasks)]
        fails = bool(skip_every) and i % skip_every == skip_every - 1
        exp = ExpArgs(agent_args=ScriptedAgentArgs(task=task, skip_step=0 if fails else None),
                      env_args=EnvArgs(task_name=f"miniwob.{task}", task_seed=i, max_steps=max_steps, headless=True),
                      save_screenshot=screenshots, logging_level_stdout=40)
        exp.prepare(out)
        exp.run()
        dirs.append(exp.exp_dir)
    return dirs


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - a recording script
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--screenshots", action="store_true")
    a = ap.parse_args(argv)
    for d in record_study(a.out, a.n, screenshots=a.screenshots):
        print(d)


if __name__ == "__main__":  # pragma: no cover
    main()
