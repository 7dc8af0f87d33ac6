"""Live runs of the plan-test-repair loop on the workbench: what ``fcpkit run`` and notebook 02 do.

One workbench server, one Chromium per run (closed after it), the workflow's plan, the scripted
executor, the fast testers, a verifier (by name), the deterministic repairer, the policy gate,
a repair budget and a kill switch; every run's evidence goes to its own log. ``--verifier``:

* ``lower`` — keep going: no model; risk and hard rules repair, completions advance;
* ``split`` — the fast path decides clear cues and an LLM only the ambiguous ``verify`` cases;
* ``llm`` — every escalation goes to the LLM (the paper's slow tester).

With no ``OPENAI_BASE_URL`` the LLM is the embedded llama.cpp server with a small packaged model:
its judgement is weak, it makes the LLM path and its cost real, not good.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from fcpkit.errors import ConfigError
from fcpkit.agent.guards import Approval, KillSwitch, PolicyGate, RepairBudget
from fcpkit.agent.repair import DeterministicRepairer, SecretEnvironment, StaticCredentials
from fcpkit.agent.repair.credentials import CredentialsProvider
from fcpkit.core.log import EvidenceLog
from fcpkit.core.plan import Plan, yaml_load
from fcpkit.agent.runtime import Runner
from fcpkit.agent.run_records import RunResult
from fcpkit.llm.components.registry import get_verifier, verifier_names
from fcpkit_lab.envs.record.recorder import variant_plan_text
from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
from fcpkit_lab.envs.executors.scripted import ScriptedExecutor
from fcpkit_lab.envs.workbench import start_workbench
from fcpkit_lab.envs.workbench.data import SEED_USERS
from fcpkit_lab.envs.workbench.faults import parse_fault, persistence_of
from fcpkit_lab.envs.miniwob.environment import MiniWoBEnv, MiniWoBExecutor, plan_for
from fcpkit_lab.llm import default_client
from fcpkit_lab.llm.server import stop_shared

__all__ = ["LiveCase", "LiveRun", "VERIFIERS", "run_workbench", "workbench_credentials", "run_miniwob", "print_live", "live_summary", "log_pages",
           "screenshot_dir"]

VERIFIERS = tuple(verifier_names("live"))


@dataclass(frozen=True)
class LiveCase:
    workflow: str
    fault: str | None = None
    variant: int = 0
    seed: int = 0
    #: the fault's variant (``persistent`` / ``transient``); ``None``: the kind's default
    persistence: str | None = None

    @property
    def name(self) -> str:
        tail = f"-{self.persistence}" if self.persistence else ""
        return f"{self.workflow}-v{self.variant}-{self.fault or 'healthy'}{tail}"

    @property
    def variant_label(self) -> str | None:
        """The variant the episode runs (the kind's default when none was asked for)."""
        return persistence_of(self.fault, {"persistence": self.persistence} if self.persistence else {})


def workbench_credentials(wb: Any, username: str = "agent") -> StaticCredentials:
    """The workbench user's credentials, valid only on this workbench's origin."""
    password = next(u[2] for u in SEED_USERS if u[0] == username)
    return StaticCredentials(username, password, origins=(wb.url,))


@dataclass
class LiveRun:
    case: LiveCase
    result: RunResult | None
    log_path: Path | None
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def workbench_plan(workflow: str, variant: int = 0) -> Plan:
    """The plan a practitioner wrote for this workbench task (variants generated from variant 0)."""

    return Plan.from_data(yaml_load(variant_plan_text(workflow, variant)), source=f"{workflow} plan v{variant}")


def run_workbench(
    cases: Sequence[LiveCase],
    *,
    verifier: str = "split",
    log_dir: str | Path | None = None,
    step_budget: int = 20,
    client: Any = None,
    fault_params: dict[str, Any] | None = None,
    approve: Callable[[Any], Approval] | None = None,
    on_run: Callable[[LiveRun], None] | None = None,
    on_event: Callable[[Any], None] | None = None,
    screenshots: bool = False,
    credentials: bool = False,
) -> list[LiveRun]:
    """Run each workbench case live; one failing case is reported in its ``LiveRun.error``, never raised.

    ``credentials``: give the repairer the workbench user's credentials (through a
    :class:`~fcpkit.agent.repair.SecretEnvironment`, so the password never reaches a log); without
    them a sign-out ends in an honest stop.

    ``approve`` answers the policy gate for irreversible actions (default: approve, because every
    workbench task asks for its own save/approve; pass ``fcpkit.agent.deny_all`` to see the gate park runs).
    ``screenshots`` keeps a PNG of every page (:func:`screenshot_dir`); each run's log names the
    page of every check (:func:`log_pages`), so ``StepViewer(log_path)`` shows them.
    """

    with start_workbench() as wb:
        provider = workbench_credentials(wb) if credentials else None

        def build(case: LiveCase):
            params = dict((fault_params or {}).get(case.fault or "", None) or {})
            if case.persistence:
                params["persistence"] = case.persistence
            env = WorkbenchEnv(wb, case.workflow, case.variant, case.fault, case.seed,
                               params=params or None, screenshots=screenshots,
                               screenshot_dir=screenshot_dir(log_dir, case.name) if screenshots else None)
            wrapped = SecretEnvironment(env, provider) if provider is not None else env
            return wrapped, ScriptedExecutor(case.workflow, case.variant, case.seed), workbench_plan(case.workflow, case.variant)

        return _run_cases(cases, build, verifier=verifier, log_dir=log_dir, step_budget=step_budget, client=client,
                          approve=approve, on_run=on_run, on_event=on_event, credentials=provider)


def run_miniwob(
    tasks: Sequence[str],
    *,
    corruption: str | None = None,
    corrupt_step: int = 0,
    seeds: Sequence[int] = (0,),
    verifier: str = "split",
    log_dir: str | Path | None = None,
    step_budget: int = 20,
    client: Any = None,
    on_run: Callable[[LiveRun], None] | None = None,
    on_event: Callable[[Any], None] | None = None,
    screenshots: bool = False,
) -> list[LiveRun]:
    """Run MiniWoB++ tasks live (offline HTML) with the scripted solver, optionally corrupting one step.

    The plan of each episode is written from its goal text (``fcpkit_lab.envs.miniwob.environment.plan_for``).
    ``screenshots`` as for :func:`run_workbench`.
    """

    cases = [LiveCase(f"miniwob/{t}", corruption, 0, s) for t in tasks for s in seeds]

    def build(case: LiveCase):
        task = case.workflow.split("/", 1)[1]
        env = MiniWoBEnv(task, case.seed, screenshots=screenshots,
                         screenshot_dir=screenshot_dir(log_dir, case.name) if screenshots else None)
        env.reset(case.seed)  # the goal text (and so the plan) is drawn by the task's seed
        executor = MiniWoBExecutor(task, corrupt_step=corrupt_step if corruption else None,
                                   corruption=corruption, seed=case.seed)
        return env, executor, plan_for(task, env.task)

    return _run_cases(cases, build, verifier=verifier, log_dir=log_dir, step_budget=step_budget, client=client,
                      on_run=on_run, on_event=on_event)


def _run_cases(cases: Sequence[LiveCase], build: Callable[[LiveCase], tuple[Any, Any, Plan]], *, verifier: str,
               log_dir: str | Path | None, step_budget: int, client: Any,
               on_run: Callable[[LiveRun], None] | None, on_event: Callable[[Any], None] | None,
               approve: Callable[[Any], bool] | None = None,
               credentials: CredentialsProvider | None = None) -> list[LiveRun]:
    if verifier not in VERIFIERS:
        raise ConfigError(f"verifier must be one of {VERIFIERS}, got {verifier!r}")
    started_llm = False
    if verifier != "lower" and client is None:

        client = default_client()
        started_llm = True
    logs = Path(log_dir) if log_dir is not None else None
    runs: list[LiveRun] = []
    try:
        for case in cases:
            log_path = logs / f"{case.name.replace('/', '-')}.jsonl" if logs is not None else None
            env = None
            try:
                env, executor, plan = build(case)
                with EvidenceLog(log_path) as log:
                    runner = Runner(
                        env, executor, plan,
                        verifier=get_verifier(verifier, client=client), gate=PolicyGate(approve=approve or _approve_task_writes),
                        repairer=DeterministicRepairer(credentials=credentials),
                        budget=RepairBudget(3), kill_switch=KillSwitch(3, 5), log=log,
                        step_budget=step_budget, run_id=f"{case.name}-{uuid.uuid4().hex[:8]}", usage=getattr(client, "usage", None),
                    )
                    log_pages(runner, base=log_path.parent if log_path is not None else None)
                    if on_event is not None:
                        runner.on("*", on_event)
                    run = LiveRun(case, runner.run(), log_path)
            except Exception as exc:  # a broken case must not lose the others' results
                run = LiveRun(case, None, log_path, error=f"{type(exc).__name__}: {exc}")
            finally:
                if env is not None:
                    env.close()
            runs.append(run)
            if on_run is not None:
                on_run(run)
    finally:
        if started_llm:
            _stop_embedded()
    return runs


def screenshot_dir(log_dir: str | Path | None, run_name: str) -> Path | None:
    """Where a live run keeps its page screenshots: ``<log_dir>/screenshots/<run>/`` (None without a
    log folder: the environment then uses a temporary folder)."""
    if log_dir is None:
        return None
    return Path(log_dir) / "screenshots" / run_name.replace("/", "-")


#: Runner events that carry the page the run is on from then on.
_PAGE_EVENTS = ("run_start", "act", "backtrack")


def log_pages(runner: Runner, *, base: str | Path | None = None) -> None:
    """Log an ``event: page`` record (url, title, screenshot) whenever ``runner`` sees a new page.

    Test records carry scores, not pages; with these records in between, every check of the log has
    a page (the last one logged before it), which :class:`fcpkit.viz.StepViewer` shows beside the
    scores. Screenshot paths are stored relative to ``base`` (the log's folder) when they lie under it.
    """
    root = Path(base).resolve() if base is not None else None

    def on_page(ev: Any) -> None:
        obs = ev.data.get("observation")
        if obs is None:
            return
        shot = obs.screenshot
        if shot is not None and root is not None:
            try:
                shot = str(Path(shot).resolve().relative_to(root))
            except ValueError:
                pass
        # with a screenshot, the page's text and element boxes too: the viewer outlines on the
        # image the nodes the check's statements matched (fcpkit.viz.page_marks)
        more = {"text": obs.text, "boxes": (obs.extra or {}).get("boxes")} if shot is not None else {}
        runner.log.append("event", run=ev.run, step=ev.step, phase=ev.phase, commitment=ev.commitment, event="page",
                          url=obs.url, title=obs.title, screenshot=shot, **more)

    for name in _PAGE_EVENTS:
        runner.on(name, on_page)


def _approve_task_writes(request: Any) -> Approval:
    """The demo's approver: the task itself asks for its save/approve, so approve those."""
    return Approval(True, "task", "the workbench task asks for its own save/approve")


def _stop_embedded() -> None:
    """Stop the shared embedded server if one runs (never start one to stop it)."""
    try:
        stop_shared()
    except Exception:  # pragma: no cover - best effort: atexit also stops it
        pass


def live_summary(runs: Sequence[LiveRun]) -> dict[str, Any]:
    done = [r for r in runs if r.result is not None]
    faulty = [r for r in done if r.case.fault]
    healthy = [r for r in done if not r.case.fault]
    checks = sum(r.result.n_checks for r in done)
    llm_calls: dict[str, int] = {}
    llm_time: dict[str, float] = {}
    for r in done:
        for module, s in (r.result.llm_by_module or {}).items():
            llm_calls[module] = llm_calls.get(module, 0) + int(s.get("calls", 0))
            llm_time[module] = llm_time.get(module, 0.0) + float(s.get("wall_s", 0.0))
    scopes: dict[str, int] = {}
    for r in done:
        for k, v in r.result.repairs_by_scope.items():
            scopes[k] = scopes.get(k, 0) + v
    return {
        "runs": len(runs),
        "errors": [r.case.name for r in runs if r.error],
        "healthy_success": sum(1 for r in healthy if r.result.success),
        "healthy": len(healthy),
        "faulty_detected": sum(1 for r in faulty if r.result.detections),
        "faulty_recovered": sum(1 for r in faulty if r.result.success),
        "faulty": len(faulty),
        "repairs_by_scope": scopes,
        # checks that needed a model (the article's escalation); slow routes: every non-continue route
        "escalated_fraction": sum(r.result.model_escalations for r in done) / checks if checks else 0.0,
        "slow_route_fraction": sum(r.result.escalations for r in done) / checks if checks else 0.0,
        "llm_calls_by_module": llm_calls,
        "llm_seconds_by_module": {k: round(v, 2) for k, v in llm_time.items()},
    }


def print_live(runs: Sequence[LiveRun], console: Any = None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = console or Console(width=max(Console().width, 160))
    t = Table(title="live runs", title_justify="left")
    for col in ("run", "success", "stop", "steps", "detections", "repairs (scope)", "escalated", "LLM calls", "wall s"):
        t.add_column(col, overflow="fold", min_width=len(col))
    for r in runs:
        if r.result is None:
            t.add_row(r.case.name, "[red]error[/]", r.error or "", "", "", "", "", "", "")
            continue
        x = r.result
        ok = x.success
        calls = sum(int(s.get("calls", 0)) for s in (x.llm_by_module or {}).values())
        t.add_row(r.case.name, "[green]yes[/]" if ok else "[red]no[/]", x.stop_reason, str(x.steps), str(x.detections),
                  ", ".join(f"{k}:{v}" for k, v in x.repairs_by_scope.items()) or "-",
                  f"{x.model_escalation_fraction:.0%}", str(calls), f"{x.wall_s:.1f}")
    console.print(t, crop=False)  # min_width heads: a narrow terminal wraps, nothing is cut
    s = live_summary(runs)
    console.print(
        f"healthy runs passing their validator: {s['healthy_success']}/{s['healthy']} · faulty runs detected: "
        f"{s['faulty_detected']}/{s['faulty']}, recovered to a passing validator: {s['faulty_recovered']}/{s['faulty']} · "
        f"repairs by scope: {s['repairs_by_scope'] or '-'} · checks that needed a model: {s['escalated_fraction']:.1%}"
    )
    if s["llm_calls_by_module"]:
        console.print("LLM calls by module: " + ", ".join(
            f"{m}: {n} ({s['llm_seconds_by_module'].get(m, 0):.1f} s)" for m, n in s["llm_calls_by_module"].items()))


def cases_from(workflows: Iterable[str], faults: Iterable[str | None], variants: Iterable[int] = (0,), seed: int = 0,
               persistence: str | None = None) -> list[LiveCase]:
    """Cases for every workflow x variant x fault; a fault may be spelled ``kind:persistent`` / ``kind:transient``."""
    out = []
    for w in workflows:
        for v in variants:
            for f in faults:
                kind, var = parse_fault(f) if f else (None, None)  # a variant the kind lacks: a clear error
                out.append(LiveCase(w, kind, v, seed, var or (persistence if kind else None)))
    return out
