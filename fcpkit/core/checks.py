"""Contract checks for a user's own components, in the spirit of gymnasium's env checker.

fcpkit's parts are pluggable behind small protocols (:mod:`fcpkit.core.protocols`,
:class:`~fcpkit.core.verify.Verifier`). A component that only *looks* right (a matcher returning a
list, scores above 1, a verifier returning a string) fails far from its cause, in the router or
the gate. Each ``check_*`` function exercises the component once on a tiny synthetic case and
raises one :class:`~fcpkit.errors.ContractError` listing *every* problem, each with what was
returned and what the protocol asks for; it returns ``None`` when the component passes.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import numpy as np

from fcpkit.core.plan import Commitment, Evidence, Plan
from fcpkit.core.protocols import ExecutorContext, Outcome
from fcpkit.core.router import Route
from fcpkit.core.rules import parse_action
from fcpkit.core.testers import CheckResult
from fcpkit.core.trajectory import Action, Observation
from fcpkit.core.verify import Decision, Verdict, VerifyRequest
from fcpkit.errors import ContractError

__all__ = ["check_matcher", "check_verifier", "check_executor", "check_environment", "sample_case"]

_AX = "heading 'Ticket T-390'\nStaticText 'Status: Open'\nbutton 'Assign'"
_PAGE = "url: http://127.0.0.1/tickets/T-390\ntitle: Ticket T-390\n" + _AX
_OTHER = "url: http://127.0.0.1/tickets\ntitle: Tickets\nheading 'Support queue'\nlink 'T-411'"


def sample_case() -> tuple[Plan, Observation]:
    """The tiny plan and page every check uses (a support ticket, one commitment)."""
    plan = Plan("Open ticket T-390.", [Commitment(
        "open-ticket", "Open ticket T-390", confidence=0.7,
        confirm={"completion": [Evidence("Ticket T-390 detail")]},
        falsify={"execution": [Evidence("Ticket T-411 detail")]})])
    return plan, Observation(url="http://127.0.0.1/tickets/T-390", title="Ticket T-390", text=_AX)


def _named(obj: Any, what: str, problems: list[str]) -> None:
    name = getattr(obj, "name", None)
    if not isinstance(name, str) or not name:
        problems.append(f"{what}.name: got {name!r}; set a non-empty str attribute (it is logged with every decision)")


def _method(obj: Any, method: str, what: str, problems: list[str]) -> Callable[..., Any] | None:
    fn = getattr(obj, method, None)
    if not callable(fn):
        problems.append(f"{what}.{method}: missing or not callable; the protocol needs it")
        return None
    if inspect.iscoroutinefunction(fn):
        problems.append(f"{what}.{method}: is async; fcpkit calls it synchronously (wrap it with asyncio.run)")
        return None
    return fn


def _call(fn: Callable[..., Any], label: str, problems: list[str], *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception as exc:  # the point is to report, not to propagate
        problems.append(f"{label}: raised {type(exc).__name__}: {exc}")
        return None


def _raise(what: str, problems: list[str]) -> None:
    if problems:
        raise ContractError(what, problems)


def check_matcher(matcher: Any) -> None:
    """``score(statements, texts)`` must return a finite float array of shape
    ``(len(statements), len(texts))`` in ``[0, 1]``, the same for the same input, row by row the
    same as scored one statement at a time, and handle empty lists."""
    what = f"matcher {type(matcher).__name__}"
    problems: list[str] = []
    _named(matcher, "matcher", problems)
    score = _method(matcher, "score", "matcher", problems)
    if score is not None:
        stmts, texts = ["Ticket T-390 detail", "Assign button is available"], [_PAGE, _OTHER, "Assign T-390"]
        out = _call(score, "matcher.score(2 statements, 3 texts)", problems, stmts, texts)
        if out is not None:
            if not isinstance(out, np.ndarray):
                problems.append(f"matcher.score: returned {type(out).__name__}; return a numpy array")
            else:
                if out.shape != (2, 3):
                    problems.append(f"matcher.score: shape {out.shape} for 2 statements x 3 texts; "
                                    "return (len(statements), len(texts))")
                elif not np.all(np.isfinite(out)) or out.min() < 0 or out.max() > 1:
                    problems.append(f"matcher.score: values {out.tolist()}; every score must be finite, in [0, 1]")
                else:
                    again = _call(score, "matcher.score (second call)", problems, stmts, texts)
                    if again is not None and not np.allclose(again, out, atol=1e-6):
                        problems.append("matcher.score: two calls on the same input disagree; scores must be "
                                        "deterministic (the checker and the runner must see the same numbers)")
                    one = _call(score, "matcher.score(1 statement)", problems, stmts[:1], texts)
                    if isinstance(one, np.ndarray) and one.shape == (1, 3) and not np.allclose(one[0], out[0], atol=1e-4):
                        problems.append("matcher.score: a statement scores differently alone than in a batch; "
                                        "scores must not depend on the other statements")
        for args, shape in ((([], texts), (0, 3)), ((stmts, []), (2, 0))):
            empty = _call(score, f"matcher.score with {'no statements' if not args[0] else 'no texts'}", problems, *args)
            if isinstance(empty, np.ndarray) and empty.shape != shape:
                problems.append(f"matcher.score: shape {empty.shape} for empty input; expected {shape}")
    _raise(what, problems)


def check_verifier(verifier: Any) -> None:
    """``verify(VerifyRequest)`` must return a :class:`Verdict` whose decision is a
    :class:`Decision`, for a clear risk case and for an ambiguous one."""
    what = f"verifier {type(verifier).__name__}"
    problems: list[str] = []
    _named(verifier, "verifier", problems)
    verify = _method(verifier, "verify", "verifier", problems)
    if verify is not None:
        plan, obs = sample_case()
        c = plan.commitments[0]
        for route, a_plus, a_minus in ((Route.RISK, 0.1, 0.9), (Route.VERIFY, 0.7, 0.6)):
            result = CheckResult("post", c.id, a_plus, a_minus, route)
            req = VerifyRequest(plan, c, result, step=1, observation=obs, action=Action("click('12')"))
            v = _call(verify, f"verifier.verify({route.value} case)", problems, req)
            if v is None:
                continue
            if not isinstance(v, Verdict):
                problems.append(f"verifier.verify: returned {type(v).__name__} on a {route.value} case; "
                                "return fcpkit.core.verify.Verdict")
            elif not isinstance(v.decision, Decision):
                problems.append(f"verifier.verify: decision {v.decision!r}; use a fcpkit.Decision member")
            elif v.decision is Decision.REPAIR and v.scope not in (None, "execution", "skill", "planning"):
                problems.append(f"verifier.verify: scope {v.scope!r}; use execution, skill, planning or None")
    _raise(what, problems)


def check_executor(executor: Any) -> None:
    """``propose(ExecutorContext)`` must return an :class:`Action` whose command parses as a
    BrowserGym high-level action."""
    what = f"executor {type(executor).__name__}"
    problems: list[str] = []
    _named(executor, "executor", problems)
    propose = _method(executor, "propose", "executor", problems)
    if propose is not None:
        plan, obs = sample_case()
        ctx = ExecutorContext(plan.task, plan, plan.commitments[0], obs)
        a = _call(propose, "executor.propose", problems, ctx)
        if a is not None:
            if not isinstance(a, Action):
                problems.append(f"executor.propose: returned {type(a).__name__}; return fcpkit.Action")
            else:
                try:
                    parse_action(a.command)
                except Exception as exc:
                    problems.append(f"executor.propose: command {a.command!r} does not parse ({exc}); "
                                    "propose BrowserGym high-level actions, e.g. click('12')")
    _raise(what, problems)


def check_environment(env: Any, *, probe: Action | None = None) -> None:
    """``reset()`` and ``step()`` must return :class:`Observation`\\ s, ``step`` must report a
    failed action in ``Observation.error`` instead of raising, ``validate()`` must return an
    :class:`Outcome`, and ``close()`` must be safe to call twice. This drives the environment
    (a real browser, for the shipped ones); it closes it at the end."""
    what = f"environment {type(env).__name__}"
    problems: list[str] = []
    task = getattr(env, "task", None)
    methods = {m: _method(env, m, "environment", problems) for m in ("reset", "step", "validate", "close")}
    try:
        if methods["reset"] is not None:
            o0 = _call(methods["reset"], "environment.reset()", problems)
            if o0 is not None and not isinstance(o0, Observation):
                problems.append(f"environment.reset: returned {type(o0).__name__}; return fcpkit.Observation")
            task = getattr(env, "task", task)
        if not isinstance(task, str) or not task:
            problems.append(f"environment.task: got {task!r}; set the task's text (a non-empty str) by reset()")
        if methods["step"] is not None:
            bad = probe or Action("click('no-such-element-fcpkit-check')")
            o1 = _call(methods["step"], f"environment.step({bad.command}) (a failing action)", problems, bad)
            if o1 is not None:
                if not isinstance(o1, Observation):
                    problems.append(f"environment.step: returned {type(o1).__name__}; return fcpkit.Observation")
                elif not o1.error:
                    problems.append("environment.step: a failing action returned no Observation.error; "
                                    "report action failures there (the action_error rule reads it)")
        if methods["validate"] is not None:
            out = _call(methods["validate"], "environment.validate()", problems)
            if out is not None and not isinstance(out, Outcome):
                problems.append(f"environment.validate: returned {type(out).__name__}; return fcpkit.core.protocols.Outcome")
    finally:
        if methods["close"] is not None:
            _call(methods["close"], "environment.close()", problems)
            _call(methods["close"], "environment.close() a second time", problems)
    _raise(what, problems)

