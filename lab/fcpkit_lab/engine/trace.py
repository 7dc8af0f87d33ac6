"""A program's run as a trajectory, checked by the falsifiers generated from the state machine.

The executor acts through semantic selectors, not BrowserGym actions, so nothing records its steps
the way fcpkit's runner does. :class:`TracingDriver` wraps the executor's driver: it runs an
operation one GUI atom at a time and, after every atom that acts, reads the page the way the runner
does (the environment's observation: accessibility-tree text), recording a
:class:`~fcpkit.core.trajectory.Step` whose action names the element it targeted
(``button 'Assign'``). :func:`checked_trajectory` attributes those steps to the commitments generated
for the program (:func:`~fcpkit_lab.engine.falsifiers.align_steps`) and runs fcpkit's checker over them,
so a program's run can be stepped through check by check (:class:`fcpkit.viz.StepViewer`) like any run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from fcpkit.core.trajectory import Action, Observation, Step, Trajectory
from fcpkit.eval.checker import Checker, TrajectoryReport
from fcpkit.matching import LexicalMatcher

from fcpkit_lab.engine.compiler import Program
from fcpkit_lab.engine.falsifiers import align_steps, plan_from_program
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Operation, fill_params

__all__ = ["LiveChecks", "TracingDriver", "checked_trajectory"]

_COMMANDS = {"select": "select_option"}


def _action(op: Operation, atom: Any, args: dict[str, Any], last: bool) -> Action:
    name = fill_params(atom.name, args)
    value = fill_params(atom.value, args) if atom.value is not None else None
    verb = _COMMANDS.get(atom.action, atom.action)  # BrowserGym's action names, which the checker parses
    command = f"{verb}(role={atom.role!r}, name={name!r}" + (f", value={value!r})" if value is not None else ")")
    effect = op.effect if (last and op.kind == "write") else "read"
    return Action(command, f"{op.id}: {atom.describe(args)}", f"{atom.role} '{name}'", effect, {"operation": op.id})


class TracingDriver:
    """An executor :class:`~fcpkit_lab.engine.executor.Driver` that records one step per acting atom.

    ``observe()`` reads the page after an atom (``WorkbenchEnv.observe``); everything else is the
    wrapped driver's (the patcher's ``page`` and ``call`` included).
    """

    def __init__(self, driver: Any, observe: Callable[[], Observation],
                 on_step: Callable[[Step], None] | None = None) -> None:
        self.driver, self.observe, self.on_step = driver, observe, on_step
        self.steps: list[Step] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.driver, name)

    def report(self, text: str) -> None:
        """The program's answer, recorded as the runner records one: a message to the user."""
        self.driver.report(text)
        step = Step(Action(f"send_msg_to_user({text!r})", "the program reports its result", None, "read"),
                    self.observe())
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(step)

    def run_operation(self, op: Operation, args: dict[str, Any]) -> Any:
        fields = self.driver.url_fields(getattr(self.driver, "smg", None))
        bound = {**fields, **{k: v for k, v in args.items() if v is not None}}
        acting = [a for a in op.atoms if not a.action.startswith("read") and a.params() <= bound.keys()]
        out = None
        for atom in op.atoms:
            result = self.driver.run_operation(replace(op, atoms=(atom,)), args)
            if atom.action.startswith("read"):
                out = result
            elif atom in acting:
                step = Step(_action(op, atom, bound, atom is acting[-1]), self.observe())
                self.steps.append(step)
                if self.on_step is not None:
                    self.on_step(step)
        return out


def checked_trajectory(run_id: str, task: str, program: Program, smg: StateMachine, initial: Observation,
                       steps: list[Step], checker: Checker | None = None) -> tuple[Trajectory, TrajectoryReport]:
    """The recorded steps under the plan generated for ``program``, and the checker's report on them."""
    plan = plan_from_program(program, smg)
    traj = align_steps(Trajectory(run_id, task, plan, initial, tuple(steps)), plan, program, smg)
    checker = checker or Checker(LexicalMatcher())  # the matcher's shipped vocabulary: one run is no corpus to fit
    return traj, checker.check(traj)


class LiveChecks:
    """Checks a program's steps as they are recorded (``TracingDriver(on_step=live)``) and hands each
    new check to ``on_check(check, action, observation)`` (``StepViewer.push``). The checker replays
    the steps so far each time; a check once made never changes (steps are attributed in order and
    each check reads only the pages up to its own step). ``set_program`` is called when the program is
    known (``run_program_task(on_program=...)``), before its first step runs."""

    def __init__(self, smg: StateMachine, task: str, initial: Observation,
                 on_check: Callable[[Any, Action, Observation], None], run_id: str = "program") -> None:
        self.smg, self.task, self.initial, self.on_check, self.run_id = smg, task, initial, on_check, run_id
        self.program: Program | None = None
        self.steps: list[Step] = []
        self.trajectory: Trajectory | None = None
        self.report: TrajectoryReport | None = None

    def set_program(self, program: Program) -> None:
        self.program = program

    def __call__(self, step: Step) -> None:
        self.steps.append(step)
        if self.program is None:
            return
        sent = len(self.report.checks) if self.report is not None else 0
        self.trajectory, self.report = checked_trajectory(self.run_id, self.task, self.program, self.smg,
                                                          self.initial, self.steps)
        pages = self.trajectory.observations()
        for c in self.report.checks[sent:]:
            s = self.trajectory.steps[c.step] if c.step < len(self.trajectory.steps) else None
            post = getattr(c.result, "phase", "post") == "post"
            self.on_check(c, s.action if s else None, pages[c.step + 1] if (post and s) else pages[c.step])
