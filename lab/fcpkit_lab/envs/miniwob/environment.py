"""MiniWoB++ offline: BrowserGym's MiniWoB tasks in one Chromium, scripted solvers, corrupted runs.

The task HTML ships inside the ``miniwob`` wheel; :func:`miniwob_url` is its ``file://`` URL
(what ``MINIWOB_URL`` must be, trailing slash included). :class:`MiniWoBEnv` runs a task
(``browsergym.miniwob`` task classes) through :class:`~fcpkit_lab.envs.browser.BrowserEnvironment`.

browsergym-miniwob 0.14.3 ships no ``cheat()`` solutions, so :class:`MiniWoBSolver` holds small
scripted solvers written from each task's instruction (``core.getUtterance()``, the goal) and its
accessibility tree: the button, link, checkbox or option named in the goal, the text to type.
:class:`MiniWoBExecutor` proposes their actions and can corrupt step ``k`` (``wrong_element``: the
same kind of action on another element; ``wrong_value``: a mistyped value or another option;
``noop``: the step is skipped), which makes labelled off-track runs with the off-track step known
by construction. :func:`record_miniwob` records healthy and corrupted runs in the corpus format,
with one plan per episode instantiated from the templates in :data:`PLAN_TEMPLATES` (written
from the task descriptions, before any corrupted run was recorded).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcpkit.core.protocols import ExecutorContext, Outcome
from fcpkit.core.trajectory import Action
from fcpkit_lab.envs.browser.axtree import AXTree
from fcpkit_lab.envs.browser.environment import BrowserEnvironment
from fcpkit_lab.envs.browser.session import SessionConfig
from fcpkit.errors import ConfigError
import copy
from fcpkit.core.plan import Plan

__all__ = [
    "MINIWOB_TASKS",
    "CORRUPTIONS",
    "PLAN_TEMPLATES",
    "miniwob_url",
    "miniwob_task_class",
    "MiniWoBEnv",
    "MiniWoBSolver",
    "MiniWoBExecutor",
    "plan_for",
    "applicable",
]

MINIWOB_TASKS: tuple[str, ...] = (
    "click-button", "click-tab", "enter-text", "login-user", "enter-password",
    "choose-list", "click-checkboxes", "click-option",
)
CORRUPTIONS: tuple[str, ...] = ("wrong_element", "wrong_value", "noop")


def miniwob_url() -> str:
    """``file://.../miniwob/html/miniwob/`` inside the installed ``miniwob`` wheel."""
    import miniwob

    root = Path(miniwob.__file__).resolve().parent / "html" / "miniwob"
    if not root.is_dir():  # pragma: no cover
        raise FileNotFoundError(f"MiniWoB HTML not found at {root}")
    return root.as_uri() + "/"


def miniwob_task_class(name: str):
    """The BrowserGym MiniWoB task class for ``name`` (``click-button`` or ``miniwob.click-button``)."""
    from browsergym.miniwob import ALL_MINIWOB_TASKS

    sub = name.split(".", 1)[1] if name.startswith("miniwob.") else name
    for cls in ALL_MINIWOB_TASKS:
        if cls.subdomain == sub:
            return cls

    raise ConfigError(f"unknown MiniWoB task {name!r}")


class MiniWoBEnv(BrowserEnvironment):
    """A MiniWoB++ task (offline) in one Chromium; ``validate()`` is the task's reward (> 0: success)."""

    def __init__(self, task_name: str, seed: int = 0, screenshots: bool = False, *,
                 base_url: str | None = None, config: SessionConfig | None = None, **config_overrides: Any) -> None:
        self.task_name = task_name
        cls = miniwob_task_class(task_name)
        super().__init__(cls, {"base_url": base_url or miniwob_url()}, seed=seed, screenshots=screenshots,
                         config=config, **config_overrides)

    def validate(self, answer: str | None = None) -> Outcome:
        reward, done, msg, info = self.worker.call(self._task_validate)
        raw = float(info.get("RAW_REWARD_GLOBAL") or 0.0)
        reason = str(info.get("REWARD_REASON") or "") or ("task solved" if reward > 0 else
                                                          "task not solved" if done else "episode not finished")
        return Outcome(bool(reward > 0), reason, {"reward": float(reward), "raw_reward": raw, "done": bool(done)})


# --------------------------------------------------------------------------------- solvers

@dataclass(frozen=True)
class Planned:
    """One solver step: the action, why, on which node, and the kind of step (for corruption)."""

    command: str
    reasoning: str
    target: str | None
    kind: str  # click | fill | select | check
    commitment: str
    alternatives: tuple[tuple[str, str], ...] = ()  # (command, target) of other elements of the same kind
    value: str | None = None
    bid: str | None = None


def _quoted(goal: str) -> list[str]:
    return re.findall(r'"([^"]*)"', goal)


class MiniWoBSolver:
    """Scripted solutions from the goal text and the page (``solve(task, goal, axtree_text)``)."""

    def solve(self, task: str, goal: str, text: str) -> list[Planned]:
        tree = AXTree(text)
        fn = getattr(self, "_" + task.replace("-", "_"), None)
        if fn is None:
            raise ValueError(f"no scripted solver for MiniWoB task {task!r}")
        return fn(goal, tree)

    @staticmethod
    def _others(tree: AXTree, role: str, exclude: str | None) -> tuple[tuple[str, str], ...]:
        return tuple((n.bid, n.describe()) for n in tree.find_all(role, with_bid=True)
                     if n.bid != exclude and n.name)

    def _click_button(self, goal, tree):
        text = _quoted(goal)[0]
        b = tree.find("button", text, with_bid=True)
        return [Planned(f"click('{b.bid}')", f'Click the button labelled "{text}".', b.describe(), "click",
                        "click-target", self._others(tree, "button", b.bid), bid=b.bid)]

    def _click_link(self, goal, tree):
        # MiniWoB's click-link "links" are <span>s: no bid in the default tree; kept for
        # pages whose links are real anchors
        text = _quoted(goal)[0]
        link = tree.find("link", text, with_bid=True)
        if link is None:
            raise ValueError(f"no link named {text!r} with a bid on the page")
        return [Planned(f"click('{link.bid}')", f'Click the link "{text}".', link.describe(), "click",
                        "click-target", self._others(tree, "link", link.bid), bid=link.bid)]

    def _click_tab(self, goal, tree):
        name = re.match(r"Click on (Tab #\d+)\.", goal).group(1)
        link = tree.find("link", name, with_bid=True)
        return [Planned(f"click('{link.bid}')", f"Open the tab {name}.", link.describe(), "click",
                        "click-tab", self._others(tree, "link", link.bid), bid=link.bid)]

    def _textboxes(self, tree):
        return tree.find_all(("textbox", "searchbox"), with_bid=True)

    def _submit(self, tree, commitment="submit"):
        b = tree.find("button", name_re=r"(?i)^(submit|login)$", with_bid=True)
        return Planned(f"click('{b.bid}')", f"Press {b.name} to finish.", b.describe(), "click", commitment,
                       self._others(tree, "button", b.bid), bid=b.bid)

    def _enter_text(self, goal, tree):
        value = _quoted(goal)[0]
        box = self._textboxes(tree)[0]
        return [Planned(f"fill('{box.bid}', {value!r})", f'Type "{value}" into the text field.', box.describe(),
                        "fill", "enter-value", value=value, bid=box.bid), self._submit(tree)]

    def _login_user(self, goal, tree):
        user, password = _quoted(goal)[:2]
        boxes = self._textboxes(tree)
        return [
            Planned(f"fill('{boxes[0].bid}', {user!r})", f'Type the username "{user}".', boxes[0].describe(),
                    "fill", "enter-username", value=user, bid=boxes[0].bid),
            Planned(f"fill('{boxes[1].bid}', {password!r})", f'Type the password "{password}".',
                    boxes[1].describe(), "fill", "enter-password", value=password, bid=boxes[1].bid),
            self._submit(tree),
        ]

    def _enter_password(self, goal, tree):
        password = _quoted(goal)[0]
        boxes = self._textboxes(tree)
        return [
            Planned(f"fill('{boxes[0].bid}', {password!r})", f'Type the password "{password}" into the first field.',
                    boxes[0].describe(), "fill", "enter-password", value=password, bid=boxes[0].bid),
            Planned(f"fill('{boxes[1].bid}', {password!r})", f'Type the password "{password}" again to confirm it.',
                    boxes[1].describe(), "fill", "confirm-password", value=password, bid=boxes[1].bid),
            self._submit(tree),
        ]

    def _choose_list(self, goal, tree):
        m = re.match(r"Select (.+) from the list and click Submit\.", goal)
        item = m.group(1)
        box = tree.find("combobox", with_bid=True) or tree.find("listbox", with_bid=True)
        options = [n.name for n in tree.find_all("option") if n.name != item]
        return [Planned(f"select_option('{box.bid}', {item!r})", f'Choose "{item}" in the list.', box.describe(),
                        "select", "choose-item", tuple((box.bid, o) for o in options), value=item, bid=box.bid),
                self._submit(tree)]

    def _click_checkboxes(self, goal, tree):
        m = re.match(r"Select (.+) and click Submit\.", goal)
        names = [] if m.group(1) == "nothing" else [s.strip() for s in m.group(1).split(",")]
        boxes = tree.find_all("checkbox", with_bid=True)
        labels = self._labels(tree, boxes)
        steps = []
        for name in names:
            bid = next(b for b, lab in labels.items() if lab == name)
            others = tuple((b, f"checkbox '{lab}'") for b, lab in labels.items() if lab not in names)
            steps.append(Planned(f"click('{bid}')", f'Tick the checkbox "{name}".', f"checkbox '{name}'",
                                 "check", "tick-boxes", others, bid=bid))
        return steps + [self._submit(tree)]

    def _click_option(self, goal, tree):
        m = re.match(r"Select (.+) and click Submit\.", goal)
        name = m.group(1).strip()
        radios = tree.find_all("radio", with_bid=True)
        labels = self._labels(tree, radios)
        bid = next(b for b, lab in labels.items() if lab == name)
        others = tuple((b, f"radio '{lab}'") for b, lab in labels.items() if b != bid)
        return [Planned(f"click('{bid}')", f'Choose the option "{name}".', f"radio '{name}'", "check",
                        "choose-option", others, bid=bid), self._submit(tree)]

    @staticmethod
    def _labels(tree: AXTree, nodes) -> dict[str, str]:
        """Checkbox/radio bid -> its label text (the accessible name, else the next text node)."""
        out = {}
        for n in nodes:
            if n.name:
                out[n.bid] = n.name
            else:
                nxt = tree.texts_after(n, 1)
                out[n.bid] = nxt[0] if nxt else ""
        return out


def applicable(kind: str, step: Planned) -> bool:
    """Whether corruption ``kind`` can change this solution step."""
    if kind == "noop":
        return True
    if kind == "wrong_value":
        return step.kind == "fill" or (step.kind == "select" and bool(step.alternatives))
    return step.kind != "select" and bool(step.alternatives)  # wrong_element (a select's are values)


def _mistype(value: str, rng: random.Random) -> str:
    if len(value) <= 1:
        return value + "x"
    i = rng.randrange(len(value))
    return value[:i] + value[i + 1:]  # a dropped character


class MiniWoBExecutor:
    """Proposes the scripted solution's steps; ``corrupt_step``/``corruption`` make step k go wrong."""

    name = "miniwob-scripted"

    def __init__(self, task: str, *, corrupt_step: int | None = None, corruption: str | None = None,
                 seed: int = 0) -> None:
        if corruption is not None and corruption not in CORRUPTIONS:
            raise ValueError(f"corruption must be one of {CORRUPTIONS}")
        self.task = task
        self.corrupt_step = corrupt_step
        self.corruption = corruption
        self.rng = random.Random(f"miniwob:{task}:{seed}:{corrupt_step}:{corruption}")
        self.solver = MiniWoBSolver()
        self.planned: list[Planned] | None = None
        self.applied: str | None = None  # what the corruption actually did

    def solution(self, goal: str, text: str) -> list[Planned]:
        if self.planned is None:
            self.planned = self.solver.solve(self.task, goal, text)
        return self.planned

    def propose(self, ctx: ExecutorContext) -> Action:
        steps = self.solution(ctx.task, ctx.observation.text)
        i = len(ctx.history)
        if i >= len(steps):  # the solution is exhausted but the task did not end: say so and stop
            return Action("send_msg_to_user('I have done every step of the task.')",
                          "Every step of the solution has been taken.", None, "read",
                          {"commitment": steps[-1].commitment})
        p = steps[i]
        command, reasoning, target = p.command, p.reasoning, p.target
        if i == self.corrupt_step and self.corruption:
            command, target = self._corrupt(p)
        return Action(command, reasoning, target, "read", {"commitment": p.commitment})

    def _corrupt(self, p: Planned) -> tuple[str, str | None]:
        kind = self.corruption
        if kind == "noop":
            self.applied = "noop"
            return "noop(100)", p.target
        if kind == "wrong_value" and p.kind == "fill":
            wrong = _mistype(p.value or "", self.rng)
            self.applied = f"wrong_value {wrong!r}"
            return f"fill('{p.bid}', {wrong!r})", p.target
        if kind == "wrong_value" and p.kind == "select" and p.alternatives:
            bid, option = self.rng.choice(p.alternatives)
            self.applied = f"wrong_value {option!r}"
            return f"select_option('{bid}', {option!r})", p.target
        if p.alternatives:  # wrong_element (and wrong_value on a click: the wrong choice)
            bid, desc = self.rng.choice(p.alternatives)
            self.applied = f"wrong_element {desc}"
            return p.command.replace(f"'{p.bid}'", f"'{bid}'", 1), desc
        self.applied = "noop (no alternative element)"
        return "noop(100)", p.target


# --------------------------------------------------------------------------------- plans

#: Plan templates, written from each task's description (its instruction text) only.
#: ``{q0}``, ``{q1}``: the quoted values of the goal; ``{item}``: the item named by the goal;
#: ``{items}``: the checkboxes named by the goal.
PLAN_TEMPLATES: dict[str, dict[str, Any]] = {
    "click-button": {"commitments": [
        {"id": "click-target", "subgoal": 'Click the button "{q0}"', "confidence": 0.8,
         "confirm": {"precondition": ['button "{q0}"'], "progress": [{"text": 'Click button "{q0}"', "on": "action"}],
                     "completion": []},
         "falsify": {"execution": [{"text": "Click a button other than {q0}", "on": "action"}],
                     "skill": ['There is no button "{q0}"'], "planning": []}}]},
    "click-link": {"commitments": [
        {"id": "click-target", "subgoal": 'Click the link "{q0}"', "confidence": 0.8,
         "confirm": {"precondition": ['link "{q0}"'], "progress": [{"text": 'Click link "{q0}"', "on": "action"}],
                     "completion": []},
         "falsify": {"execution": [{"text": "Click a link other than {q0}", "on": "action"}],
                     "skill": ['There is no link "{q0}"'], "planning": []}}]},
    "click-tab": {"commitments": [
        {"id": "click-tab", "subgoal": "Open the tab {item}", "confidence": 0.8,
         "confirm": {"precondition": ["tab {item}"], "progress": [{"text": "Click tab {item}", "on": "action"}],
                     "completion": []},
         "falsify": {"execution": [{"text": "Click a tab other than {item}", "on": "action"}],
                     "skill": ["There is no tab {item}"], "planning": []}}]},
    "enter-text": {"commitments": [
        {"id": "enter-value", "subgoal": 'Type "{q0}" into the text field', "confidence": 0.8,
         "confirm": {"precondition": ["text field"], "progress": [{"text": 'Fill the text field with "{q0}"', "on": "action"}],
                     "completion": ['text field value "{q0}"']},
         "falsify": {"execution": [{"text": "The text field holds a value other than {q0}", "on": "both"}],
                     "skill": [], "planning": []}},
        {"id": "submit", "subgoal": "Press Submit", "confidence": 0.7,
         "confirm": {"precondition": ['text field value "{q0}"', "Submit button"],
                     "progress": [{"text": "Click Submit", "on": "action"}], "completion": []},
         "falsify": {"execution": ["The text field is empty"], "skill": [], "planning": []}}]},
    "login-user": {"commitments": [
        {"id": "enter-username", "subgoal": 'Type the username "{q0}"', "confidence": 0.8,
         "confirm": {"precondition": ["Username text field"], "progress": [{"text": 'Fill username with "{q0}"', "on": "action"}],
                     "completion": ['username value "{q0}"']},
         "falsify": {"execution": [{"text": "The username field holds a value other than {q0}", "on": "both"}],
                     "skill": [], "planning": []}},
        {"id": "enter-password", "subgoal": 'Type the password "{q1}"', "confidence": 0.8,
         "confirm": {"precondition": ["Password text field"], "progress": [{"text": 'Fill password with "{q1}"', "on": "action"}],
                     "completion": ["password field filled"]},
         "falsify": {"execution": [{"text": "The password field holds a value other than {q1}", "on": "both"}],
                     "skill": [], "planning": []}},
        {"id": "submit", "subgoal": "Press Login", "confidence": 0.7,
         "confirm": {"precondition": ['username value "{q0}"', "Login button"],
                     "progress": [{"text": "Click Login", "on": "action"}], "completion": []},
         "falsify": {"execution": ["The username field is empty", "The password field is empty"], "skill": [], "planning": []}}]},
    "enter-password": {"commitments": [
        {"id": "enter-password", "subgoal": 'Type the password "{q0}" into the first field', "confidence": 0.8,
         "confirm": {"precondition": ["Password text field"], "progress": [{"text": 'Fill password with "{q0}"', "on": "action"}],
                     "completion": ["first password field filled"]},
         "falsify": {"execution": [{"text": "A value other than {q0} is typed", "on": "action"}], "skill": [], "planning": []}},
        {"id": "confirm-password", "subgoal": 'Type the password "{q0}" into the second field', "confidence": 0.8,
         "confirm": {"precondition": ["Verify password text field"], "progress": [{"text": 'Fill verify password with "{q0}"', "on": "action"}],
                     "completion": ["both password fields filled"]},
         "falsify": {"execution": [{"text": "A value other than {q0} is typed", "on": "action"}], "skill": [], "planning": []}},
        {"id": "submit", "subgoal": "Press Submit", "confidence": 0.7,
         "confirm": {"precondition": ["Submit button"], "progress": [{"text": "Click Submit", "on": "action"}], "completion": []},
         "falsify": {"execution": ["A password field is empty"], "skill": [], "planning": []}}]},
    "choose-list": {"commitments": [
        {"id": "choose-item", "subgoal": "Choose {item} in the list", "confidence": 0.8,
         "confirm": {"precondition": ["list of options"], "progress": [{"text": "Select {item} in the list", "on": "action"}],
                     "completion": ["list value {item}"]},
         "falsify": {"execution": [{"text": "Select an option other than {item}", "on": "action"},
                                   "The list shows an option other than {item}"], "skill": [], "planning": []}},
        {"id": "submit", "subgoal": "Press Submit", "confidence": 0.7,
         "confirm": {"precondition": ["list value {item}", "Submit button"], "progress": [{"text": "Click Submit", "on": "action"}],
                     "completion": []},
         "falsify": {"execution": [], "skill": [], "planning": []}}]},
    "click-checkboxes": {"commitments": [
        {"id": "tick-boxes", "subgoal": "Tick exactly the checkboxes {items}", "confidence": 0.7,
         "confirm": {"precondition": ["checkboxes {items}"], "progress": [{"text": "Click checkbox {items}", "on": "action"}],
                     "completion": ["checked {items}"]},
         "falsify": {"execution": [{"text": "Tick a checkbox not in {items}", "on": "action"}], "skill": [], "planning": []}},
        {"id": "submit", "subgoal": "Press Submit", "confidence": 0.7,
         "confirm": {"precondition": ["checked {items}", "Submit button"], "progress": [{"text": "Click Submit", "on": "action"}],
                     "completion": []},
         "falsify": {"execution": ["A checkbox not in {items} is checked"], "skill": [], "planning": []}}]},
    "click-option": {"commitments": [
        {"id": "choose-option", "subgoal": "Choose the option {item}", "confidence": 0.8,
         "confirm": {"precondition": ["radio {item}"], "progress": [{"text": "Click radio {item}", "on": "action"}],
                     "completion": ["radio {item} checked"]},
         "falsify": {"execution": [{"text": "Choose an option other than {item}", "on": "action"}], "skill": [], "planning": []}},
        {"id": "submit", "subgoal": "Press Submit", "confidence": 0.7,
         "confirm": {"precondition": ["radio {item} checked", "Submit button"], "progress": [{"text": "Click Submit", "on": "action"}],
                     "completion": []},
         "falsify": {"execution": ["No option is chosen"], "skill": [], "planning": []}}]},
}


def plan_for(task: str, goal: str):
    """The plan of one MiniWoB episode: :data:`PLAN_TEMPLATES` filled in from its goal text."""


    quoted = _quoted(goal)
    m = re.match(r"Select (.+?)(?: from the list)? and click Submit\.", goal) or re.match(r"Click on (Tab #\d+)\.", goal)
    item = m.group(1) if m else ""
    values = {"q0": quoted[0] if quoted else "", "q1": quoted[1] if len(quoted) > 1 else "",
              "item": item, "items": item}

    def fill(x):
        if isinstance(x, str):
            return x.format(**values)
        if isinstance(x, list):
            return [fill(v) for v in x]
        if isinstance(x, dict):
            return {k: fill(v) for k, v in x.items()}
        return x

    data = fill(copy.deepcopy(PLAN_TEMPLATES[task]))
    data = {"task": goal, **data}
    return Plan.from_data(data, source=f"miniwob plan {task}")
