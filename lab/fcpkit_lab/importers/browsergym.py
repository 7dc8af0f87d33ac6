"""BrowserGym and AgentLab experiment folders as fcpkit trajectories.

An experiment folder, as ``browsergym.experiments.ExpArgs.run()`` (and so every AgentLab study)
writes it, holds ``exp_args.pkl`` (the task, its seed, the agent's arguments), one
``step_N.pkl.gz`` per step (a :class:`~browsergym.experiments.loop.StepInfo`: the observation,
the action chosen on it, reward, termination, truncation, the agent's info),
``summary_info.json`` (cumulative reward, the error that ended the run) and screenshots. A study is
a folder of such folders, at any depth.

Each experiment becomes one trajectory of the corpus format (docs/formats.md):

* the page is BrowserGym's own flattening of the step's accessibility tree,
  ``browsergym.utils.obs.flatten_axtree_to_str(obs["axtree_object"])`` (bids kept: the lines the
  agent's bids refer to); URL, title and tabs from the observation; ``error`` is the step's
  ``last_action_error``; the screenshot is referenced by its path (relative to the corpus file,
  or to the study folder when the folder is read directly), never copied;
* ``steps[i]`` is step ``i``'s action with step ``i + 1``'s observation (the page it produced);
  the reasoning is the agent's ``think``; the target is the node the first bid names on the page
  the action ran on; the effect is :func:`fcpkit.core.effects.step_effect` on that page;
* the outcome holds the cumulative reward (``success`` is a positive reward), termination,
  truncation, the run's error and BrowserGym's status (``done``, ``error``, ``incomplete``);
* the run is **unlabelled** (``label: null``): nobody said whether it went off track;
* no plan was written for it, so the plan is the task goal as one commitment without evidence
  (``planless: true``): the built-in falsifiers and the anomaly rules check it, and
  ``fcpkit check --plan`` or ``fcpkit plan --for`` supply real commitments.

BrowserGym's :class:`~browsergym.experiments.loop.ExpResult` is the reader, with its two pickle
loads (``exp_args`` and ``get_step_info``) routed through
:class:`~fcpkit_lab.importers.pickles.SafeUnpickler`: its own ``pickle.load`` would run any
callable a folder names. :func:`~browsergym.experiments.loop.get_exp_result` is not used because it
keeps every result it ever loaded in a module-level cache, and a study of a thousand experiments
must stream: :func:`iter_study` holds one experiment's steps at a time, loaded one by one.

An experiment that cannot be read (a truncated or foreign pickle, a missing step, no steps at all,
a folder with steps but no ``exp_args.pkl``) is skipped with its reason; the others are imported.
A folder holding no experiment at all is an error.
"""

from __future__ import annotations

import os
import pickle
import shutil
from functools import lru_cache
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Container, Iterator, Mapping

from fcpkit.core.effects import step_effect
from fcpkit.core.plan import Plan
from fcpkit.core.trajectory import Action, CorpusWriter, Label, Observation, Step, Trajectory, cut_torn_tail, iter_corpus
from fcpkit.errors import CorpusError
from fcpkit_lab.envs.executors.llm import resolve_target
from fcpkit_lab.importers.folders import STEP_FILE, ExperimentError, Skipped, find_experiments, first_found
from fcpkit_lab.importers.pickles import UnsafePickleError, load_pickle_file

__all__ = ["ExperimentError", "Skipped", "ImportReport", "SafeExpResult", "find_experiments", "read_experiment",
           "iter_study", "import_study", "run_id", "BrowserGymSource", "page_of", "action_of", "goal_plan"]



@dataclass
class ImportReport:
    """What :func:`import_study` wrote: the number of trajectories and the experiments it skipped."""

    out: Path
    imported: int = 0
    skipped: list[Skipped] = field(default_factory=list)


@lru_cache(maxsize=None)
def _safe_exp_result() -> type:
    """:class:`SafeExpResult`'s class, built on first use: importing BrowserGym's loop takes a third
    of a second, which no ``fcpkit`` command that reads no study should pay."""
    from browsergym.experiments.loop import ExpResult, StepInfo

    class SafeExpResult(ExpResult):
        """BrowserGym's :class:`ExpResult` whose pickles are read by the restricted unpickler.

        ``get_step_info`` is BrowserGym's without what the importer does not want: it neither loads
        the screenshot into the observation (it is referenced by path) nor the goal object (the goal
        text is in ``obs["goal"]``), and it keeps no step in memory after it is returned."""

        def __init__(self, exp_dir: str | Path, *, strict: bool = False) -> None:
            super().__init__(exp_dir)
            self.strict = strict

        @property
        def exp_args(self):  # type: ignore[override]
            if self._exp_args is None:
                self._exp_args = load_pickle_file(self.exp_dir / "exp_args.pkl", strict=self.strict)
                try:
                    self._exp_args.exp_dir = self.exp_dir  # as BrowserGym does: the folder may have moved
                except (AttributeError, TypeError):
                    pass
            return self._exp_args

        def get_step_info(self, step: int) -> StepInfo:
            info = load_pickle_file(self.exp_dir / f"step_{step}.pkl.gz", strict=self.strict)
            if not isinstance(info, StepInfo):
                raise ExperimentError(f"step_{step}.pkl.gz holds a {type(info).__name__}, not a BrowserGym StepInfo")
            return info

        def step_numbers(self) -> list[int]:
            """The saved steps, 0..N; a gap is an :class:`ExperimentError` naming the missing file."""
            found = sorted(int(m.group(1)) for f in os.listdir(self.exp_dir) if (m := STEP_FILE.match(f)))
            if not found:
                raise ExperimentError("no step_N.pkl.gz: the run stopped before its first step was saved")
            missing = sorted(set(range(found[-1] + 1)) - set(found))
            if missing:
                raise ExperimentError(f"step_{missing[0]}.pkl.gz is missing (steps 0..{found[-1]} expected)")
            return found

        def screenshot_path(self, step: int) -> Path | None:
            for ext in (".png", ".jpg"):  # BrowserGym's get_screenshot looks for both
                p = self.exp_dir / f"screenshot_step_{step}{ext}"
                if p.is_file():
                    return p
            return None

    return SafeExpResult


def SafeExpResult(exp_dir: str | Path, *, strict: bool = False):  # noqa: N802 - stands for the class
    """BrowserGym's :class:`~browsergym.experiments.loop.ExpResult` for ``exp_dir``, its pickles read
    by the restricted unpickler (see the class built by :func:`_safe_exp_result`)."""
    return _safe_exp_result()(exp_dir, strict=strict)


def _get(obj: Any, key: str, default: Any = None) -> Any:
    """A field of a record that may be a dataclass, a dict or a stand-in of a foreign class."""
    if isinstance(obj, Mapping) and key in obj:
        return obj[key]
    try:
        value = getattr(obj, key)
    except (AttributeError, KeyError, TypeError):
        return default
    return default if value is None else value


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _observation(obs: Any, exp: SafeExpResult, step: int, base: Path, flatten: Mapping[str, Any]) -> Observation:
    if not isinstance(obs, Mapping):
        raise ExperimentError(f"step_{step}.pkl.gz has no observation")
    shot = exp.screenshot_path(step)
    try:
        return page_of(obs, os.path.relpath(shot, base) if shot is not None else None, flatten)
    except ExperimentError as exc:
        raise ExperimentError(f"step_{step}.pkl.gz {exc}") from None


def page_of(obs: Mapping[str, Any], screenshot: str | None = None,
            flatten: Mapping[str, Any] | None = None) -> Observation:
    """A BrowserGym observation (raw, or after an agent's preprocessor) as the page fcpkit tests:
    BrowserGym's flattening of its accessibility tree (bids kept), URL, title, tabs and the last
    action's error. The importer reads recorded steps with it and the live guard reads each new
    observation with it, so a guarded run and its later import test the same text."""
    tree = obs.get("axtree_object")
    if isinstance(tree, Mapping) and "nodes" in tree:
        from browsergym.utils.obs import flatten_axtree_to_str

        try:
            text = flatten_axtree_to_str(tree, **dict(flatten or {}))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ExperimentError(f"has an accessibility tree that does not flatten ({exc!r})") from None
        extra: dict[str, Any] = {}
    elif isinstance(obs.get("axtree_txt"), str):  # an agent's preprocessor kept only its own flattening
        text, extra = obs["axtree_txt"], {"text_from": "axtree_txt"}
    else:
        raise ExperimentError("has no accessibility tree (obs['axtree_object'])")
    urls = [u for u in (obs.get("open_pages_urls") or ()) if isinstance(u, str)]
    titles = [t if isinstance(t, str) else "" for t in (obs.get("open_pages_titles") or ())]
    try:
        active = int(obs.get("active_page_index", [0])[0])
    except (TypeError, ValueError, IndexError, KeyError):
        active = 0
    url = _text(obs.get("url")) or (urls[active] if active < len(urls) else "")
    title = titles[active] if active < len(titles) else ""
    tabs = tuple({"url": u, "title": titles[i] if i < len(titles) else ""} for i, u in enumerate(urls)) or None
    return Observation(url, title, text, _text(obs.get("last_action_error")) or None, tabs, screenshot, extra)


def _action(info: Any, page: Observation) -> Action:
    return action_of(info.action, _text(_get(info.agent_info, "think", "")), page)


def action_of(command: str, think: str, page: Observation) -> Action:
    """A BrowserGym action string as an fcpkit :class:`Action` on ``page``: the node its first bid
    names is the target, :func:`fcpkit.core.effects.step_effect` on that page its effect."""
    target = resolve_target(command, page)
    return Action(command, think.strip(), target, step_effect(command, page, target).effect)


def goal_plan(goal: str) -> Plan:
    """The plan of a run nobody planned: its goal as one commitment without evidence (``planless``)."""
    return Plan.from_data({"task": goal, "commitments": [{"id": "goal", "subgoal": goal}], "planless": True},
                          source="browsergym import")


def read_experiment(exp_dir: str | Path, *, root: str | Path | None = None, base: str | Path | None = None,
                    strict: bool = False, flatten: Mapping[str, Any] | None = None) -> Trajectory:
    """One experiment folder as a :class:`Trajectory` (see the module docstring).

    ``root`` is the study folder (the trajectory id is the path below it); ``base`` the folder
    screenshot paths are relative to (the corpus file's); ``strict`` refuses every pickled global
    outside BrowserGym's, numpy's and the builtin types; ``flatten`` are extra keyword arguments
    of ``flatten_axtree_to_str``. Raises :class:`ExperimentError` with the reason it cannot."""
    exp_dir = Path(exp_dir)
    root = Path(root) if root is not None else exp_dir.parent
    base = Path(base) if base is not None else root
    flatten = dict(flatten or {})
    exp = SafeExpResult(exp_dir, strict=strict)
    try:
        args = exp.exp_args
        numbers = exp.step_numbers()
        env_args = _get(args, "env_args")
        task_name = _text(_get(env_args, "task_name")) or exp_dir.name
        first = exp.get_step_info(numbers[0])
        goal = _text(_get(first.obs, "goal")) or task_name
        initial = _observation(first.obs, exp, 0, base, flatten)
        steps: list[Step] = []
        prev, page, unobserved = first, initial, None
        reward = float(first.reward or 0)
        for n in numbers[1:]:
            info = exp.get_step_info(n)
            if not isinstance(prev.action, str) or not prev.action.strip():
                raise ExperimentError(f"step_{prev.step}.pkl.gz has no action but step_{n}.pkl.gz follows it")
            ob = _observation(info.obs, exp, n, base, flatten)
            if info.terminated:  # the task ended on this action (docs/formats.md observation.terminated)
                ob = Observation(ob.url, ob.title, ob.text, ob.error, ob.tabs, ob.screenshot,
                                 {**ob.extra, "terminated": True})
            extra = {"reward": float(info.reward or 0)} if info.reward else {}
            steps.append(Step(_action(prev, page), ob, None, extra))
            reward += float(info.reward or 0)
            prev, page = info, ob
        if isinstance(prev.action, str) and prev.action.strip():
            unobserved = prev.action  # chosen, but the run ended before its page was saved
    except (UnsafePickleError, pickle.UnpicklingError, OSError) as exc:
        raise ExperimentError(str(exc).replace(str(exp_dir) + os.sep, "")) from None
    try:
        summary = exp.summary_info
    except (OSError, ValueError):  # no summary: the run crashed or is still running
        summary = None
    status = exp.status if summary is not None else "incomplete"
    outcome: dict[str, Any] = {
        "success": (summary.get("cum_reward", reward) if isinstance(summary, Mapping) else reward) > 0,
        "reward": summary.get("cum_reward", reward) if isinstance(summary, Mapping) else reward,
        "terminated": bool(prev.terminated),
        "truncated": bool(prev.truncated),
        "error": (summary.get("err_msg") if isinstance(summary, Mapping) else None),
        "status": status,
    }
    if unobserved is not None:
        outcome["last_action_unobserved"] = unobserved
    agent = _get(args, "agent_args")
    source = {"kind": "browsergym", "exp_dir": os.path.relpath(exp_dir, base), "task_name": task_name,
              "task_seed": _get(env_args, "task_seed"), "agent_name": _text(_get(agent, "agent_name")) or None,
              "exp_name": _text(_get(args, "exp_name")) or None}
    tid = run_id(exp_dir, root)
    return Trajectory(tid, goal, goal_plan(goal), initial, tuple(steps), Label.unlabelled(), task_name, outcome,
                      None, {"source": source})


def run_id(exp_dir: Path, root: Path) -> str:
    """The trajectory id of an experiment: its path below the study folder (its name when the
    folder is the experiment itself)."""
    return exp_dir.name if exp_dir == root else os.path.relpath(exp_dir, root)


def iter_study(root: str | Path, *, base: str | Path | None = None, strict: bool = False,
               on_skip: Callable[[Skipped], None] | None = None,
               flatten: Mapping[str, Any] | None = None, done: Container[str] = ()) -> Iterator[Trajectory]:
    """The trajectories of every readable experiment under ``root``, one at a time (constant memory).

    Each unreadable experiment is handed to ``on_skip`` (as a :class:`Skipped`) and left out; an
    experiment whose run id is in ``done`` is passed over without being read (a resumed import). A
    ``root`` that is not a folder, or holds no experiment, raises :class:`~fcpkit.errors.CorpusError`."""
    root = Path(root)
    if not root.is_dir():
        raise CorpusError(str(root), ["not a folder; fix: pass a BrowserGym/AgentLab experiment or study folder"])
    any_found = False
    for found in find_experiments(root):
        any_found = True
        if isinstance(found, Skipped):
            if on_skip is not None:
                on_skip(found)
            continue
        if done and run_id(found, root) in done:
            continue
        try:
            yield read_experiment(found, root=root, base=base, strict=strict, flatten=flatten)
        except ExperimentError as exc:
            if on_skip is not None:
                on_skip(Skipped(found, str(exc)))
    if not any_found:
        raise CorpusError(str(root), ["no BrowserGym experiment here (no exp_args.pkl in it or below it); fix: "
                                      "pass the folder ExpArgs.run() or an AgentLab study wrote"])


def import_study(root: str | Path, out: str | Path, *, strict: bool = False,
                 on_skip: Callable[[Skipped], None] | None = None, resume: bool = False) -> ImportReport:
    """Write the study under ``root`` as a JSON Lines corpus at ``out``.

    The file is written beside ``out`` (``.<name>.part``), one whole line flushed per experiment,
    and moved into place at the end, so an import that fails leaves an existing ``out`` as it was.
    An import that is stopped (interrupted, killed) leaves its part file; ``resume`` continues it,
    keeping the runs it holds (or, with no part file, those of ``out``) and reading only the other
    experiments. Each line is one the corpus reader reads back
    (:class:`~fcpkit.core.trajectory.CorpusWriter`): an experiment it would refuse is skipped with
    the reader's reason. Screenshot paths are relative to ``out``'s folder."""
    out = Path(out)
    report = ImportReport(out)
    root = Path(root)

    def skip(s: Skipped) -> None:
        report.skipped.append(s)
        if on_skip is not None:
            on_skip(s)

    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.part")
    writer = CorpusWriter(out)
    kept = _resumed_part(tmp, out, writer) if resume else 0
    finished = False
    try:
        with tmp.open("a" if resume else "w", encoding="utf-8") as fh:
            for t in iter_study(root, base=out.resolve().parent, strict=strict, on_skip=skip, done=writer.ids):
                try:
                    line = writer.line(t)
                except CorpusError as exc:
                    skip(Skipped(root / t.id, "; ".join(exc.problems)))
                    continue
                fh.write(line + "\n")
                fh.flush()
                report.imported += 1
        if report.imported + kept == 0:
            raise CorpusError(str(root), [f"none of its {len(report.skipped)} experiments could be read (first: "
                                          f"{report.skipped[0].reason})" if report.skipped else "no experiment"])
        report.imported += kept
        os.replace(tmp, out)
        finished = True
    finally:
        if tmp.exists() and (finished or report.imported + kept == 0):
            tmp.unlink()
    return report


def _resumed_part(tmp: Path, out: Path, writer: CorpusWriter) -> int:
    """Start a resumed import from the stopped one's part file (its torn last line cut), or from
    ``out`` when there is none; the writer learns the runs kept. Returns how many."""
    if not tmp.is_file():
        if not out.is_file():
            return 0
        shutil.copyfile(out, tmp)
    cut_torn_tail(tmp)
    if tmp.stat().st_size == 0:
        return 0
    for t in iter_corpus(tmp, lambda where, why: None):
        writer.line(t)
    return writer.lines


class BrowserGymSource:
    """The corpus source :func:`fcpkit.core.corpus_sources.source_for` finds for an experiment or study folder."""

    name = "browsergym"
    description = "a BrowserGym/AgentLab experiment or study folder (exp_args.pkl, step_N.pkl.gz)"

    def recognises(self, path: Path) -> bool:
        return any(not isinstance(f, Skipped) for f in first_found(find_experiments(path)))

    def trajectories(self, path: Path, on_skip: Callable[[str, str], None]) -> Iterator[Trajectory]:
        return iter_study(path, on_skip=lambda s: on_skip(str(s.exp_dir), s.reason))
