"""Named repair strategies: one small, tested unit per way out of a falsification.

Each :class:`Strategy` has a name, the Figure-11 *family* it belongs to (``local`` execution
repair, ``skill`` switch, ``replan``, ``backtrack``/restart; ``stop`` for an honest stop) and a
function that turns a :class:`~fcpkit.agent.repair.base.RepairRequest` and its
:class:`~fcpkit.agent.repair.diagnose.Diagnosis` into a
:class:`~fcpkit.agent.repair.base.RepairResult`. The deterministic repairer picks among them by
the cause; the LLM repairer may name any of them (its schema lists :data:`STRATEGY_NAMES`).

Strategies that fix the page themselves (sign in again, dismiss a dialog, clear a filter, wait,
retry a lost click) return a ``recovery``: actions the runner carries out through the policy gate
and then re-tests the page. They read the controls off the page (:class:`fcpkit.core.page.Page`) by
role and by the multilingual phrase families, never by an application's own strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from fcpkit.core.page import Node, Page
from fcpkit.core.phrases import PASSWORD, REMOVE_FILTER, SIGN_IN, compile_family
from fcpkit.core.plan import SCOPES, Commitment
from fcpkit.core.rules import is_form_edit

from fcpkit.core.trajectory import Action
from fcpkit.agent.planner import task_variables
from fcpkit.agent.repair.base import RepairRequest, RepairResult, bump_history, choose_depth, describe_action, \
    similarity, with_commitment
from fcpkit.agent.repair.credentials import CredentialsProvider, secret_placeholder
from fcpkit.agent.repair.diagnose import Diagnosis

__all__ = ["Strategy", "StrategyContext", "STRATEGIES", "STRATEGY_NAMES", "FAMILY_OF", "get_strategy", "WAIT_MS",
           "REPORTS", "rebind"]

#: the waits of ``wait_and_reobserve`` (ms): each is taken only while the page has not arrived
WAIT_MS = (2000, 4000, 8000)
#: the calls with which an agent reports to the user: never retried as a recovery
REPORTS = ("send_msg_to_user(", "report_infeasible(")
_PASSWORD = compile_family(PASSWORD)
_SIGN_IN = compile_family(SIGN_IN)
_REMOVE_FILTER = compile_family(REMOVE_FILTER)
_CLEAR = re.compile(r"^(?:clear|reset|remove)(?: all)? (?:the )?(?:filters?|search)\b|^show all\b", re.IGNORECASE)
_ACCEPT = re.compile(r"\b(?:accept|continue|ok|okay|got it|dismiss|close|agree|acknowledge|i understand)\b",
                     re.IGNORECASE)
_TARGET = re.compile(r"^(\w+) '((?:[^'\\]|\\.)*)'")
_BID_ARG = re.compile(r"^(\w+\(\s*)(['\"])([^'\"]*)\2")
_USER = re.compile(r"\b(?:user(?:\s?name)?|e-?mail|login|account)\b", re.IGNORECASE)


@dataclass(frozen=True)
class StrategyContext:
    """What a strategy may use besides the request: credentials, template variables, who repairs."""

    credentials: CredentialsProvider | None = None
    variables: Mapping[str, Any] = field(default_factory=dict)
    repairer: str = "deterministic"


@dataclass(frozen=True)
class Strategy:
    name: str
    family: str
    summary: str
    run: Callable[[RepairRequest, Diagnosis, StrategyContext], RepairResult]


def _result(request: RepairRequest, d: Diagnosis, ctx: StrategyContext, name: str, reason: str, **kw: Any) -> RepairResult:
    scope = kw.pop("scope", request.scope if request.scope in SCOPES else "execution")
    kw.setdefault("depth", "resume")
    return RepairResult(scope=scope, plan=kw.pop("plan", request.plan), index=request.index, strategy=name,
                        reason=reason, repairer=ctx.repairer, family=FAMILY_OF[name], cause=d.cause,
                        evidence=d.evidence, **kw)


def _act(command: str, why: str, target: Node | None = None, effect: str = "read") -> Action:
    desc = f"{target.role} '{target.name}'" if target is not None else None
    return Action(command, why, desc, effect, extra={"runner": "recovery"})


def rebind(action: Action, obs: Any) -> Action:
    """``action`` with its element id re-read off ``obs`` by the target's role and name.

    Element ids are numbered per page load: a banner that appeared since shifts them, so a retried
    action finds its element again by what it is, not by its old number. Unchanged when the target
    is not described or not found.
    """
    m = _TARGET.match(action.target or "")
    call = _BID_ARG.match(action.command)
    if not m or not call or obs is None:
        return action
    role, name = m.group(1), m.group(2).replace("\\'", "'")
    node = next((n for n in Page.of(obs).nodes if n.bid and n.role == role and n.name == name), None)
    if node is None or node.bid == call.group(3):
        return action
    command = f"{call.group(1)}{call.group(2)}{node.bid}{call.group(2)}" + action.command[call.end():]
    return Action(command, action.reasoning, action.target, action.effect, action.extra)


# -- local (execution) strategies that act on the page -------------------------------------

def reauthenticate(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Sign in again through the credentials provider; the password travels as a placeholder."""
    url = request.observation.url if request.observation is not None else ""
    creds = ctx.credentials.credentials(url) if ctx.credentials is not None else None
    if creds is None:
        return honest_stop(request, d, ctx, "signed out and no credentials are available to sign in again")
    ns = Page.of(request.observation).nodes if request.observation is not None else ()
    pw = next((n for n in ns if n.bid and n.role == "textbox" and any(p.search(n.name) for p in _PASSWORD)), None)
    user = next((n for n in ns if n.bid and n.role in ("textbox", "combobox") and _USER.search(n.name)), None)
    button = next((n for n in ns if n.bid and n.role == "button" and any(p.search(n.name) for p in _SIGN_IN)), None)
    if pw is None or button is None:
        return honest_stop(request, d, ctx, "signed out, and the page offers no sign-in form to sign in again")
    steps = [_act(f"fill('{user.bid}', {secret_placeholder('username')!r})", "re-authenticate: user name", user)] \
        if user is not None else []
    steps += [_act(f"fill('{pw.bid}', {secret_placeholder('password')!r})", "re-authenticate: password", pw),
              _act(f"click('{button.bid}')", "re-authenticate: sign in", button, "write")]
    return _result(request, d, ctx, "reauthenticate", f"signed out ({d.evidence}); signing in again",
                   recovery=tuple(steps))


def dismiss_dialog(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Press the button that dismisses the modal dialog covering the page."""
    ns = Page.of(request.observation).nodes if request.observation is not None else ()
    start = next((i for i, n in enumerate(ns) if n.role in ("dialog", "alertdialog")), None)
    if start is None:
        return local_repair(request, d, ctx)
    inside = [n for n in ns[start + 1:] if n.depth > ns[start].depth]
    inside = inside[: next((i for i, n in enumerate(ns[start + 1:]) if n.depth <= ns[start].depth), len(inside))]
    buttons = [n for n in inside if n.role == "button" and n.bid]
    button = next((b for b in buttons if _ACCEPT.search(b.name)), buttons[0] if buttons else None)
    if button is None:
        return honest_stop(request, d, ctx, "a dialog covers the page and offers no button to dismiss it")
    return _result(request, d, ctx, "dismiss_dialog", f"{d.evidence}; dismissing it",
                   recovery=(_act(f"click('{button.bid}')", f"dismiss the dialog with '{button.name}'", button, "write"),))


def wait_and_reobserve(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Wait with backoff (:data:`WAIT_MS`) and look at the page again; the runner stops waiting once it arrived."""
    waits = tuple(_act(f"noop({ms})", f"wait {ms / 1000:g} s for the page to arrive") for ms in WAIT_MS)
    return _result(request, d, ctx, "wait_and_reobserve", f"the page did not arrive ({d.evidence}); waiting",
                   recovery=waits)


def clear_constraints(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Remove the filter the task did not ask for: the page's clear/remove-filter control, else the bare URL."""
    obs = request.observation
    ns = Page.of(obs).nodes if obs is not None else ()
    control = next((n for n in ns if n.bid and n.role in ("link", "button") and _CLEAR.search(n.name)), None) or \
        next((n for n in ns if n.bid and n.role in ("link", "button") and any(p.search(n.name) for p in _REMOVE_FILTER)),
             None)
    if control is not None:
        step = _act(f"click('{control.bid}')", f"clear the filter the task did not ask for with '{control.name}'",
                    control)
    elif obs is not None and urlsplit(obs.url).query:
        parts = urlsplit(obs.url)
        wanted = " ".join(str(v) for v in task_variables(request.plan.task).values()) + " " + request.plan.task
        kept = [(k, v) for k, v in parse_qsl(parts.query) if v and v.lower() in wanted.lower()]
        bare = urlunsplit(parts._replace(query=urlencode(kept)))
        step = _act(f"goto({bare!r})", "reload the list without the filter the task did not ask for")
    else:
        return local_repair(request, d, ctx)
    return _result(request, d, ctx, "clear_constraints", f"{d.evidence}; clearing it", recovery=(step,))


def retry_once(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Press the same control once more (a lost first click); a second no-op ends in an honest stop."""
    a = request.action
    if a is None or a.command.startswith(REPORTS):
        return local_repair(request, d, ctx)
    hist = [x for x, _ in request.history]
    if hist and hist[-1] == a:
        hist = hist[:-1]
    edits = _edits_before(hist)
    again = Action(a.command, f"retry once: {describe_action(a)} had no visible effect", a.target, a.effect,
                   extra={**dict(a.extra or {}), "runner": "recovery"})
    return _result(request, d, ctx, "retry_once", f"{describe_action(a)} had no effect ({d.evidence}); retrying once",
                   recovery=(*edits, again))


def _edits_before(hist: list[Action]) -> list[Action]:
    """The form edits that led up to the end of ``hist``: redone first, a reloaded page lost them."""
    edits: list[Action] = []
    for prev in reversed(hist):
        if not is_form_edit(prev) or prev.command.startswith(REPORTS):
            break
        edits.insert(0, Action(prev.command, f"redo {describe_action(prev)}", prev.target, prev.effect,
                               extra={"runner": "recovery"}))
    return edits


def redo_write(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """A write never showed its effect: go back to the page it ran on and do it (and its form edits) once more."""
    hist = list(request.history)
    k = next((i for i in range(len(hist) - 1, 0, -1) if hist[i][0].effect in ("write", "irreversible")
              and not hist[i][0].command.startswith(REPORTS)), None)
    if k is None:
        return local_repair(request, d, ctx)
    write = hist[k][0]
    form_url = hist[k - 1][1].url
    edits = _edits_before([x for x, _ in hist[:k]])
    steps = [_act(f"goto({form_url!r})", "go back to the form of the write that never showed its effect")] if form_url \
        else []
    steps += [*edits, Action(write.command, f"redo {describe_action(write)}: it never showed its effect", write.target,
                             write.effect, extra={"runner": "recovery"})]
    return _result(request, d, ctx, "redo_write", f"{describe_action(write)} never showed its effect ({d.evidence}); "
                   "redoing it once", recovery=tuple(steps))


# -- the strategies that hand the next move back to the executor ---------------------------

def local_repair(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Reject the offending action and hint at another element or path (depth from the page)."""
    depth, url = choose_depth(request)
    c = request.commitment
    where = "before it ran" if request.phase == "pre" else "after it ran"
    hint = (f"Do not repeat {describe_action(request.action)}: it was rejected {where} ({request.diagnosis}). "
            f"Choose a different element or path for: {c.subgoal}.")
    name = "local_repair"
    if depth == "backtrack":
        hint += f" The browser was taken back to {url}."
        name = "backtrack"
    return _result(request, d, ctx, name, f"execution-level: {request.diagnosis}", scope="execution", depth=depth,
                   rejected_action=request.action, hint=hint, backtrack_url=url)


def backtrack(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Go back to the last safe state (the page where the previous commitment advanced)."""
    if not request.safe_url:
        return local_repair(request, d, ctx)
    c = request.commitment
    hint = (f"Do not repeat {describe_action(request.action)} ({request.diagnosis}). The browser was taken back to "
            f"{request.safe_url}; continue with: {c.subgoal}.")
    return _result(request, d, ctx, "backtrack", f"back to the last safe state: {request.diagnosis}", depth="backtrack",
                   backtrack_url=request.safe_url, rejected_action=request.action, hint=hint)


def return_to_record(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Another record's page or message is in view: get back to the task's record.

    A message about another record on the right record's page (a stray banner): go back to the
    last page that was on track and redo the action from there. Another record opened in place of
    the task's: go back, reject the link that led there, and let the executor open the task's
    record another way (its own address, a new search).
    """
    a = request.action
    back = request.safe_url if request.safe_url and request.observation is not None \
        and request.safe_url != request.observation.url else None
    if d.cause == "foreign_message" and back and a is not None and not a.command.startswith(REPORTS):
        steps = (_act(f"goto({back!r})", "go back to the task's record"),
                 Action(a.command, f"redo {describe_action(a)} on the task's record", a.target, a.effect,
                        extra={"runner": "recovery"}))
        return _result(request, d, ctx, "return_to_record", f"{d.cause}: {d.evidence}; back to the task's record",
                       scope="execution", recovery=steps)
    names = ", ".join(str(v) for k, v in task_variables(request.plan.task).items() if "record" in k or "id" in k)
    hint = (f"The page is about another record ({d.evidence}). Go back to the list and open "
            f"{names or 'the record the task names'} itself.")
    return _result(request, d, ctx, "return_to_record", f"{d.cause}: {d.evidence}", scope="execution",
                   depth="backtrack" if back else "resume", backtrack_url=back, rejected_action=a, hint=hint)


def switch_skill(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Keep the subgoal, switch to another retrieved skill (or drop the one that does not fit)."""
    depth, url = choose_depth(request)
    c = request.commitment
    tried = set(c.extra.get("previous_skills", [])) | ({c.skill} if c.skill else set())
    candidates = sorted((s for s in request.skills if s.name not in tried),
                        key=lambda s: -similarity(c.subgoal, f"{s.name} {s.subgoal} {' '.join(s.keywords)} {s.applicability}"))
    fired = request.evidence
    data = c.to_data()
    falsify = {s: [e for e in data.get("falsify", {}).get(s, []) if (e["text"] if isinstance(e, dict) else e) != fired]
               for s in SCOPES}
    confirm = dict(data.get("confirm", {}))
    new_skill: str | None = None
    if candidates:
        rec = candidates[0]
        new_skill = rec.name
        try:
            tmpl = rec.instantiate({**task_variables(request.plan.task), **ctx.variables})
        except Exception:  # noqa: BLE001 - a template we cannot fill only loses its evidence
            tmpl = None
        if tmpl is not None:
            prog = [e.to_data() for e in tmpl.confirm.get("progress", ())]
            if prog:
                confirm["progress"] = prog
            if not confirm.get("completion"):
                confirm["completion"] = [e.to_data() for e in tmpl.confirm.get("completion", ())]
            falsify["skill"] = [e.to_data() for e in tmpl.falsify.get("skill", ()) if e.text != fired]
    extra = bump_history(c, "previous_skills", c.skill)
    extra["repairs"] = int(c.extra.get("repairs", 0)) + 1
    new = Commitment(c.id, c.subgoal, skill=new_skill, confidence=max(0.0, round(float(c.confidence) - 0.1, 3)),
                     confirm={k: v for k, v in confirm.items() if v}, falsify={k: v for k, v in falsify.items() if v},
                     extra=extra)
    if new_skill:
        hint = f"The skill {c.skill!r} does not fit this page ({request.diagnosis}); use skill {new_skill!r} for: {c.subgoal}."
        name = "switch_skill"
    else:
        hint = (f"The procedure {c.skill or '(unnamed)'} does not fit this page ({request.diagnosis}); "
                f"find another way to: {c.subgoal}.")
        name = "drop_skill"
    return _result(request, d, ctx, name, f"skill-level: {request.diagnosis}", scope="skill", depth=depth,
                   plan=with_commitment(request.plan, request.index, new), rejected_action=request.action, hint=hint,
                   backtrack_url=url, extra={"new_skill": new_skill, "old_skill": c.skill})


def replan(request: RepairRequest, d: Diagnosis, ctx: StrategyContext) -> RepairResult:
    """Rewrite the active commitment and the rest of the plan (the runner asks its planner)."""
    depth, url = choose_depth(request)
    c = request.commitment
    return _result(request, d, ctx, "replan",
                   f"planning-level falsifier on {c.id!r}: {request.diagnosis}; the commitment and its suffix need replanning",
                   scope="planning", depth=depth, rejected_action=request.action, backtrack_url=url, replan=True,
                   hint=f"The subgoal '{c.subgoal}' no longer holds ({request.diagnosis}).")


def honest_stop(request: RepairRequest, d: Diagnosis, ctx: StrategyContext, why: str | None = None) -> RepairResult:
    """Stop now: name the cause and the evidence; nothing more is written."""
    message = f"{why or _STOP_WHY.get(d.cause, d.cause)}. Evidence: {d.evidence}"
    return _result(request, d, ctx, "honest_stop", message, stop=message)


_STOP_WHY = {
    "refused": "the application refuses the action the task needs",
    "control_gone": "the control this step needs is not on the page any more",
    "signed_out": "signed out",
    "noop": "the action has no effect on this page",
}

STRATEGIES: dict[str, Strategy] = {s.name: s for s in (
    Strategy("reauthenticate", "local", "sign in again with the credentials provider (secret as a placeholder)",
             reauthenticate),
    Strategy("dismiss_dialog", "local", "press the button that dismisses an unexpected modal dialog", dismiss_dialog),
    Strategy("wait_and_reobserve", "local", "wait with backoff and re-observe until the page arrives",
             wait_and_reobserve),
    Strategy("clear_constraints", "local", "remove a filter or search the task did not ask for", clear_constraints),
    Strategy("retry_once", "local", "press a control that had no effect once more, then stop", retry_once),
    Strategy("redo_write", "backtrack", "return to the form of a write that never showed its effect and redo it once",
             redo_write),
    Strategy("local_repair", "local", "reject the action, hint at another element or path", local_repair),
    Strategy("return_to_record", "backtrack", "go back and open the task's own record", return_to_record),
    Strategy("backtrack", "backtrack", "return to the last safe state and continue from there", backtrack),
    Strategy("switch_skill", "skill", "keep the subgoal, use another skill", switch_skill),
    Strategy("drop_skill", "skill", "keep the subgoal, drop the skill that does not fit", switch_skill),
    Strategy("replan", "replan", "rewrite the active commitment and the rest of the plan", replan),
    Strategy("honest_stop", "stop", "stop at once, naming the cause and the evidence", honest_stop),
)}
STRATEGY_NAMES: tuple[str, ...] = tuple(STRATEGIES)
FAMILY_OF: dict[str, str] = {s.name: s.family for s in STRATEGIES.values()}


def get_strategy(name: str) -> Strategy:
    try:
        return STRATEGIES[name]
    except KeyError:
        raise KeyError(f"unknown repair strategy {name!r}; known: {', '.join(STRATEGY_NAMES)}") from None
