"""Record trajectory corpora (docs/formats.md) by running the scripted executor in the browser.

``python -m fcpkit_lab.envs.record --out lab/fcpkit_lab/data/workbench --seed 0`` runs every workbench workflow x
fault kind x task variant plus healthy runs in one Chromium, and writes
``<out>/corpus.jsonl`` with the plans it used under ``<out>/plans/``.
``--source miniwob --out lab/fcpkit_lab/data/miniwob`` records the MiniWoB++ corpus
(:mod:`fcpkit_lab.envs.miniwob.environment`).

Labels are derived from what the application did, never from what the executor intended:
the workbench logs every request it serves and marks those whose response the episode's
fault changed. :func:`derive_label` turns that log, split by step, into
``label.fault`` / ``label.first_off_track_step`` (rules in its docstring); the validator's
verdict is ``outcome.success``.

Plans exist in the package for variant 0 only (``lab/fcpkit_lab/envs/workbench/plans``). The plans for
variants 1 and 2 are generated from them by :func:`variant_plan_text`: the record ids, values,
near-miss records, complaint wording (and, for a rejection, approve/reject) are substituted
token by token, and the result must load and contain no variant-0 token.
"""

from __future__ import annotations

import json
import re
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from fcpkit.core.protocols import ExecutorContext, Outcome
from fcpkit.core.plan import Plan, load_plan
from fcpkit.core.trajectory import Action, Label, Observation, Step, Trajectory, dump_corpus, dumps_line
from fcpkit_lab.envs.workbench import get_task, plan_path
from fcpkit_lab.envs.workbench import WORKFLOWS
from fcpkit_lab.envs.workbench import FAULT_KINDS
from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
from fcpkit_lab.envs.executors import ScriptedExecutor
from fcpkit_lab.envs.workbench import start_workbench
from dataclasses import replace

__all__ = [
    "EpisodeSpec",
    "RecordedEpisode",
    "derive_label",
    "label_from_events",
    "relabel_corpus",
    "variant_plan_text",
    "write_workbench_plans",
    "workbench_matrix",
    "run_episode",
    "record_workbench",
    "main",
]

#: Short ``slow_response`` delay for recording: longer than the environment's action timeout
#: (1.5 s, so the click reports a timeout as it does on a slow server), shorter than its
#: navigation wait (10 s, so the page still arrives), and far shorter than the app's 15 s.
RECORD_SLOW_DELAY_S = 2.5
STEP_BUDGET = 12


# --------------------------------------------------------------------------------- plans

# Variant-0 tokens of each shipped plan and their values for variants 1 and 2. Longest first
# within a workflow so that a token never rewrites part of another one.
_VARIANT_TOKENS: dict[str, list[tuple[str, tuple[str, str]]]] = {
    "support": [
        ("Customer complaint charged twice, refund the duplicate charge",
         ("Customer complaint account locked after a password reset",
          "Customer complaint box arrived crushed, monitor screen cracked")),
        ("a duplicate charge", ("being locked out after a password reset", "a package that arrived damaged")),
        ("T-390", ("T-402", "T-415")),
        ("T-411", ("T-420", "T-451")),
        ("T-391", ("T-405", "T-444")),
        ("Payments", ("Identity", "Logistics")),
        ("Billing", ("Technical", "Accounts")),
    ],
    "expenses": [
        ("Policy check: 'Over policy limit'", ("Policy check: 'Within policy'", "Policy check: 'Over policy limit'")),
        ("Policy check Within policy", ("Policy check Over policy limit", "Policy check Within policy")),
        ("EXP-1180", ("EXP-1193", "EXP-1225")),
        ("EXP-1207", ("EXP-1139", "EXP-1252")),
        ("EXP-1108", ("EXP-1117", "EXP-1214")),
        ("$842.50", ("$1,260.00", "$96.40")),
    ],
    "catalogue": [
        ("SKU-2045", ("SKU-3120", "SKU-4410")),
        ("SKU-2054", ("SKU-3102", "SKU-4401")),
        ("$249.00", ("$399.00", "$189.99")),
        ("$229.00", ("$379.00", "$169.99")),
        ("229.00", ("379.00", "169.99")),
        ("with 2290", ("with 3790", "with 1699")),
    ],
    "orders": [
        ("ORD-55012", ("ORD-55230", "ORD-56104")),
        ("ORD-55021", ("ORD-55203", "ORD-56140")),
    ],
}
# approve <-> reject, for an expense variant whose expected decision is a rejection
_DECISION_SWAP = [("approved", "rejected"), ("Approved", "Rejected"), ("approve", "reject"),
                  ("Approve", "Reject")]


def variant_plan_text(workflow: str, variant: int) -> str:
    """The plan YAML for ``workflow`` variant ``variant``, generated from the shipped variant-0 plan."""

    task = get_task(workflow, variant)
    text = plan_path(workflow).read_text(encoding="utf-8")
    if variant == 0:
        return text
    body = text.split("\ntask:", 1)[1]
    body = re.sub(r"^ >-\n(?:  .*\n)+", "", body, count=1) if body.startswith(" >-") else body.split("\n", 1)[1]
    tokens = _VARIANT_TOKENS[workflow]
    marks: dict[str, str] = {}
    for i, (old, new) in enumerate(tokens):
        mark = f"\x00{i}\x00"
        body = body.replace(old, mark)
        marks[mark] = new[variant - 1]
    if workflow == "expenses" and task.expected.get("status") == "Rejected":
        head, sep, commitments = body.partition("\ncommitments:")  # the permission message stays
        for i, (a, b) in enumerate(_DECISION_SWAP):
            ma, mb = f"\x01{i}a\x01", f"\x01{i}b\x01"
            commitments = re.sub(rf"\b{a}", ma, commitments)
            commitments = re.sub(rf"\b{b}", mb, commitments)
            marks[ma], marks[mb] = b, a
        body = head + sep + commitments
    for mark, value in marks.items():
        body = body.replace(mark, value)
    header = (
        f"# {workflow} plan for workbench task variant {variant} ({task.target}). Generated by\n"
        f"# fcpkit_lab.envs.record.recorder.variant_plan_text from the shipped variant-0 plan "
        f"(lab/fcpkit_lab/envs/workbench/plans/{workflow}.yaml):\n"
        "# same commitments and evidence, with the record ids, values, near-miss records and\n"
        "# complaint wording of this variant substituted.\n"
    )
    intent = json.dumps(task.intent, ensure_ascii=False)
    out = f"{header}task: {intent}\n{body.lstrip(chr(10))}"
    for old, new in tokens:
        if old in out and old not in new[variant - 1] and old not in task.intent:
            raise AssertionError(f"variant plan {workflow}/{variant} still mentions {old!r}")
    return out


def plan_relpath(workflow: str, variant: int) -> str:
    return f"plans/{workflow}.yaml" if variant == 0 else f"plans/{workflow}-v{variant}.yaml"


def write_workbench_plans(out_dir: str | Path, workflows: Iterable[str] | None = None,
                          variants: Iterable[int] = (0, 1, 2)) -> dict[tuple[str, int], Path]:
    """Write (copy or generate) the plan of every workflow x variant under ``out_dir/plans``."""

    out = Path(out_dir)
    paths = {}
    for wf in workflows or WORKFLOWS:
        for v in variants:
            p = out / plan_relpath(wf, v)
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(variant_plan_text(wf, v), encoding="utf-8")
            load_plan(p)  # must load
            paths[(wf, v)] = p
    return paths


# --------------------------------------------------------------------------------- labels

def _fault_events(events: Sequence[Any]) -> list[Any]:
    return [e for e in events if getattr(e, "fault", None)]


def derive_label(injected: str | None, steps: Sequence[Step], reset_events: Sequence[Any],
                 step_events: Sequence[Sequence[Any]]) -> Label:
    """``label`` from the workbench's event log, split into the requests of each step.

    The log is summarised into ``fault_events`` (step, method, path, status, detail; step ``None``
    for the page the reset loaded) and :func:`label_from_events` applies the labelling rule of
    docs/formats.md to it.
    """
    if injected is None:
        return Label(None, None)
    summary = [{"step": None, "method": e.method, "path": e.path, "status": e.status, "detail": e.detail}
               for e in _fault_events(reset_events)]
    summary += [{"step": i, "method": e.method, "path": e.path, "status": e.status, "detail": e.detail}
                for i, evs in enumerate(step_events) for e in _fault_events(evs)]
    return label_from_events(injected, steps, summary)


def label_from_events(injected: str | None, steps: Sequence[Step], fault_events: Sequence[Mapping[str, Any]]) -> Label:
    """The labelling rule of docs/formats.md over a run's fault events (responses its fault changed).

    * healthy (``injected is None``): ``fault`` and ``first_off_track_step`` are null;
    * the fault never changed a response (the run ended before it fired): also null, with
      ``injected`` and ``fired: false`` kept in the label;
    * ``wrong_record``, a fault the agent causes: the step of the action that opened the near-miss
      record (the request that served it), else the first step with a fault event;
    * every other kind is a fault of the environment (a removed or renamed control, a no-op save, a
      refusal, a lost session, a stale filter, an interstitial, a slow response): the step whose
      observation first shows it, i.e. the first step with a fault event. A control removed from
      a page is visible on the page that lacks it, before any step tries to use it;
    * a fault already visible on the start page (the page the reset loaded was changed: an
      interstitial, a list that kept a stale filter), 0.

    ``fault_events`` and the ``rule`` applied are kept in the label's extra fields, so a corpus can be
    relabelled from what it recorded (:func:`relabel_corpus`) when the rule changes.
    """
    if injected is None:
        return Label(None, None)
    summary = [dict(e) for e in fault_events]
    per_step = [(e["step"], e) for e in summary if e.get("step") is not None]
    if not summary:
        return Label(None, None, {"injected": injected, "fired": False,
                                  "rule": "the fault never changed a response in this run"})
    if injected == "wrong_record":
        served = [i for i, e in per_step if str(e.get("detail", "")).startswith("served ")]
        if served:
            return Label(injected, min(served), {"fault_events": summary, "rule": "step that opened the near-miss record"})
    if len(per_step) < len(summary) or not per_step:
        return Label(injected, 0 if steps else None,
                     {"fault_events": summary, "rule": "fault already on the start page: labelled 0"})
    return Label(injected, min(i for i, _ in per_step), {"fault_events": summary, "rule": "first step with a fault event"})


def relabel_corpus(path: str | Path) -> tuple[Path, int]:
    """Re-derive every faulty run's label of a recorded corpus from the fault events it kept
    (:func:`label_from_events`) and write the corpus back; returns its path and how many labels
    changed. Only ``label.first_off_track_step`` and ``label.rule`` are rewritten; each line is
    otherwise kept as it was. Runs whose label kept no fault events are left as they are."""

    path = Path(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    changed = 0
    out: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        data = json.loads(line)
        raw = data.get("label") or {}
        events = raw.get("fault_events")
        if raw.get("fault") is None or events is None:
            out.append(line)
            continue
        label = label_from_events(raw["fault"], data.get("steps") or [], events)
        new = {**raw, "first_off_track_step": label.first_off_track_step, "rule": label.extra.get("rule")}
        if new != raw:
            changed += 1
            data["label"] = new
            line = dumps_line(data)
        out.append(line)
    path.write_text("".join(l + "\n" for l in out), encoding="utf-8")
    return path, changed


# --------------------------------------------------------------------------------- episodes

@dataclass(frozen=True)
class EpisodeSpec:
    workflow: str
    variant: int = 0
    fault: str | None = None
    seed: int = 0
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.workflow}-v{self.variant}-{self.fault or 'healthy'}-s{self.seed}"


@dataclass
class RecordedEpisode:
    trajectory: Trajectory
    outcome: Outcome
    elapsed_s: float


def _active_commitment(plan: Plan, last: str | None):
    if last is None:
        return plan.commitments[0]
    try:
        return plan.commitments[plan.index(last)]
    except KeyError:
        return plan.commitments[0]


_TERMINAL = ("send_msg_to_user", "report_infeasible")


def run_episode(env, executor, plan: Plan, *, budget: int = STEP_BUDGET,
                reset: Callable[[], Observation] | None = None,
                traj_id: str = "episode", plan_ref: str | None = None,
                workflow: str | None = None, label_fn: Callable[..., Label] | None = None,
                extra: Mapping[str, Any] | None = None) -> RecordedEpisode:
    """Run one episode: reset, then propose/step until a report, ``env.done`` or the budget.

    ``label_fn(steps)`` gives the label (the workbench recorder derives it from the event log).
    """
    t0 = time.monotonic()
    obs0 = reset() if reset is not None else env.reset()
    history: list[tuple[Action, Observation]] = []
    steps: list[Step] = []
    obs = obs0
    last_commitment: str | None = None
    for _ in range(budget):
        ctx = ExecutorContext(task=env.task, plan=plan, commitment=_active_commitment(plan, last_commitment),
                              observation=obs, history=tuple(history))
        action = executor.propose(ctx)
        commitment = (action.extra or {}).get("commitment")
        obs = env.step(action)
        history.append((action, obs))
        recorded = Action(action.command, action.reasoning, action.target, action.effect,
                          {k: v for k, v in (action.extra or {}).items() if k != "commitment"})
        steps.append(Step(recorded, obs, commitment))
        last_commitment = commitment or last_commitment
        if action.command.lstrip().startswith(_TERMINAL) or getattr(env, "done", False):
            break
    outcome = env.validate()
    label = label_fn(steps) if label_fn is not None else Label(None, None)
    out = {"success": outcome.success, "reason": outcome.reason}
    if outcome.extra.get("answer") is not None:
        out["answer"] = outcome.extra["answer"]
    traj = Trajectory(id=traj_id, task=env.task, plan=plan, initial_observation=obs0, steps=tuple(steps),
                      label=label, workflow=workflow, outcome=out, plan_ref=plan_ref, extra=dict(extra or {}))
    return RecordedEpisode(traj, outcome, time.monotonic() - t0)


def workbench_matrix(seed: int = 0, *, workflows: Iterable[str] | None = None,
                     faults: Iterable[str | None] | None = None, variants: Iterable[int] = (0, 1, 2),
                     healthy_repeats: int = 3, slow_delay: float = RECORD_SLOW_DELAY_S) -> list[EpisodeSpec]:
    """Every workflow x variant x fault once, plus ``healthy_repeats`` healthy runs per task variant.

    Episode seeds are derived from ``seed``: healthy runs ``1000*seed + 10*r + variant + 1``,
    faulty runs ``1000*seed + 100*(fault index + 1) + variant + 1``, so where a seeded fault
    fires (the workbench draws ``after_requests`` from the seed), the page clock and the
    executor's style vary across variants. The same ``seed`` always gives the same matrix.
    """

    wfs = list(workflows or WORKFLOWS)
    fks = list(FAULT_KINDS if faults is None else faults)
    specs = []
    for wf in wfs:
        for v in variants:
            for r in range(healthy_repeats):
                specs.append(EpisodeSpec(wf, v, None, seed * 1000 + 10 * r + v + 1))
            for fk in fks:
                if fk is None:
                    continue
                params = {"delay_s": slow_delay} if fk == "slow_response" else {}
                fi = FAULT_KINDS.index(fk) if fk in FAULT_KINDS else len(FAULT_KINDS)
                specs.append(EpisodeSpec(wf, v, fk, seed * 1000 + 100 * (fi + 1) + v + 1, params))
    return specs


def _free_port(preferred: int | None) -> int:
    if not preferred:
        return 0
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", preferred))
        except OSError:
            return 0
    return preferred


def record_workbench(out_dir: str | Path, seed: int = 0, *, specs: Sequence[EpisodeSpec] | None = None,
                     budget: int = STEP_BUDGET, port: int | None = 8765, screenshots: bool = False,
                     progress: Callable[[str], None] | None = print, workbench=None, env=None,
                     corpus_name: str = "corpus.jsonl") -> Path:
    """Record the workbench corpus into ``out_dir`` (``corpus.jsonl`` + ``plans/``); returns its path.

    One workbench server and one Chromium serve every episode in turn (``WorkbenchEnv.reset``
    switches the episode). ``port``: serve on this port when free (URLs in the pages then stay
    the same from one recording to the next), else on any free port. ``workbench`` / ``env``:
    reuse a running workbench / :class:`~fcpkit_lab.envs.workbench.browser_env.WorkbenchEnv` (left open).
    """

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    specs = list(specs if specs is not None else workbench_matrix(seed))
    plan_paths = write_workbench_plans(out, sorted({s.workflow for s in specs}), sorted({s.variant for s in specs}))
    plans = {k: load_plan(p) for k, p in plan_paths.items()}
    own_env = env is None
    if env is not None:
        workbench = env.workbench
    own = workbench is None
    wb = workbench or start_workbench(port=_free_port(port))
    trajectories: list[Trajectory] = []
    t_start = time.monotonic()
    shot_dir = out / "screenshots" if screenshots else None
    try:
        if env is None:
            first = specs[0]
            env = WorkbenchEnv(wb, first.workflow, first.variant, first.fault, first.seed,
                               screenshots=screenshots, screenshot_dir=shot_dir)
        for n, spec in enumerate(specs, 1):
            executor = ScriptedExecutor(spec.workflow, spec.variant, seed=spec.seed)

            def reset(spec=spec):
                return env.reset(spec.seed, workflow=spec.workflow, variant=spec.variant,
                                 fault=spec.fault, params=dict(spec.params))

            def label(steps, spec=spec):
                return derive_label(spec.fault, steps, env.reset_events, env.step_events)

            ep = run_episode(env, executor, plans[(spec.workflow, spec.variant)], budget=budget, reset=reset,
                             traj_id=spec.id, plan_ref=plan_relpath(spec.workflow, spec.variant),
                             workflow=spec.workflow, label_fn=label,
                             extra={"variant": spec.variant, "seed": spec.seed, "injected_fault": spec.fault,
                                    "fault_params": dict(env.params), "executor": executor.name})
            traj = ep.trajectory
            if screenshots:
                traj = _relative_screenshots(traj, out)
            trajectories.append(traj)
            if progress:
                lab = traj.label
                progress(f"[{n:3d}/{len(specs)}] {spec.id:38s} steps={len(traj.steps):2d} "
                         f"success={ep.outcome.success!s:5s} label=({lab.fault}, {lab.first_off_track_step}) "
                         f"{ep.elapsed_s:5.1f}s")
    finally:
        if env is not None and own_env:
            env.close()
        if own:
            wb.stop()
    path = dump_corpus(trajectories, out / corpus_name)
    if progress:
        progress(f"wrote {len(trajectories)} trajectories to {path} in {time.monotonic() - t_start:.0f} s")
    return path


def _relative_screenshots(traj: Trajectory, base: Path) -> Trajectory:

    def rel(o: Observation) -> Observation:
        if o.screenshot is None:
            return o
        try:
            return replace(o, screenshot=str(Path(o.screenshot).resolve().relative_to(base.resolve())))
        except ValueError:
            return o

    return replace(traj, initial_observation=rel(traj.initial_observation),
                   steps=tuple(replace(s, observation=rel(s.observation)) for s in traj.steps))
