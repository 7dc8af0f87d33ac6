"""The records of a trajectory corpus (docs/formats.md): :class:`Observation`, :class:`Action`,
:class:`Step`, :class:`Label`, :class:`Trajectory` and :class:`Corpus`, their rows for a Hugging Face
``datasets.Dataset``, and the one text an observation is matched as (:func:`serialize_observation`).
Reading and writing corpora, with every problem named, is :mod:`fcpkit.core.trajectory`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from fcpkit.core.plan import Plan

__all__ = ["EFFECTS", "Observation", "Action", "Step", "Label", "Trajectory", "Corpus", "serialize_observation",
           "trajectory_from_row"]

EFFECTS: tuple[str, ...] = ("read", "write", "irreversible")


@dataclass(frozen=True)
class Observation:
    """A page as the agent saw it: URL, title, flattened AXTree text, and the last action error."""

    url: str = ""
    title: str = ""
    text: str = ""
    error: str | None = None
    tabs: tuple[Mapping[str, str], ...] | None = None
    screenshot: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"url": self.url, "title": self.title, "text": self.text, "error": self.error}
        if self.tabs is not None:
            d["tabs"] = [dict(t) for t in self.tabs]
        if self.screenshot is not None:
            d["screenshot"] = self.screenshot
        d.update(self.extra)
        return d

    def serialize(self) -> str:
        return serialize_observation(self)


@dataclass(frozen=True)
class Action:
    """A proposed browser action: the command, the executor's reasoning, the resolved target, its effect."""

    command: str
    reasoning: str = ""
    target: str | None = None
    effect: str = "read"
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"command": self.command, "reasoning": self.reasoning}
        if self.target is not None:
            d["target"] = self.target
        d["effect"] = self.effect
        d.update(self.extra)
        return d

    def describe(self) -> str:
        """The full action description (command, target, reasoning), as the LLM verifier reads it.

        The fast action tester scores :func:`fcpkit.core.rules.action_text` instead, which keeps the
        reasoning's context words but not its facts."""
        parts = [self.command]
        if self.target:
            parts.append(f"target: {self.target}")
        if self.reasoning:
            parts.append(f"reasoning: {self.reasoning}")
        return "\n".join(parts)


@dataclass(frozen=True)
class Step:
    action: Action
    observation: Observation
    commitment: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        if self.commitment is not None:
            d["commitment"] = self.commitment
        d["action"] = self.action.to_data()
        d["observation"] = self.observation.to_data()
        d.update(self.extra)
        return d


@dataclass(frozen=True)
class Label:
    """A run's fault label. ``labelled=False`` (``label`` null or absent in the corpus) is a run
    nobody labelled, a user's own run: neither healthy nor faulty, so what the checker finds in it
    is a finding, never a false alarm or a catch."""

    fault: str | None = None
    first_off_track_step: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    labelled: bool = True

    @classmethod
    def unlabelled(cls) -> "Label":
        return cls(labelled=False)

    @property
    def faulty(self) -> bool:
        return self.fault is not None

    @property
    def healthy(self) -> bool:
        return self.labelled and self.fault is None

    def to_data(self) -> dict[str, Any] | None:
        if not self.labelled:
            return None
        return {"fault": self.fault, "first_off_track_step": self.first_off_track_step, **self.extra}


@dataclass(frozen=True)
class Trajectory:
    id: str
    task: str
    plan: Plan
    initial_observation: Observation
    steps: tuple[Step, ...]
    label: Label = field(default_factory=Label)
    workflow: str | None = None
    outcome: Mapping[str, Any] | None = None
    plan_ref: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def observations(self) -> list[Observation]:
        """``[o_0, o_1, ..., o_T]``: the page before each step, then the final page."""
        return [self.initial_observation, *(s.observation for s in self.steps)]

    def to_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id}
        if self.workflow is not None:
            d["workflow"] = self.workflow
        d["task"] = self.task
        d["plan"] = self.plan_ref if self.plan_ref is not None else self.plan.to_data()
        d["label"] = self.label.to_data()
        d["initial_observation"] = self.initial_observation.to_data()
        d["steps"] = [s.to_data() for s in self.steps]
        if self.outcome is not None:
            d["outcome"] = dict(self.outcome)
        d.update(self.extra)
        return d


@dataclass
class Corpus(Sequence[Trajectory]):
    """A loaded corpus: its trajectories and where it came from (plans resolve relative to it)."""

    trajectories: list[Trajectory]
    path: Path | None = None

    def __len__(self) -> int:
        return len(self.trajectories)

    def __getitem__(self, i):  # type: ignore[override]
        return self.trajectories[i]

    def __iter__(self) -> Iterator[Trajectory]:
        return iter(self.trajectories)

    def by_id(self, tid: str) -> Trajectory:
        for t in self.trajectories:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def to_dataset(self):
        """The corpus as a ``datasets.Dataset``, one row per trajectory.

        Plans are stored as JSON text (inline plans and plan files have different shapes, and Arrow
        wants one schema); ``Trajectory`` rows rebuild with :func:`trajectory_from_row`.
        """
        import datasets  # heavy import: only when asked

        rows = [_row(t) for t in self.trajectories]
        return datasets.Dataset.from_list(rows)


def _row(t: Trajectory) -> dict[str, Any]:
    def obs(o: Observation) -> dict[str, Any]:
        return {
            "url": o.url, "title": o.title, "text": o.text, "error": o.error,
            "screenshot": o.screenshot, "tabs": json.dumps([dict(x) for x in o.tabs]) if o.tabs else None,
        }

    return {
        "id": t.id,
        "workflow": t.workflow,
        "task": t.task,
        "plan": json.dumps(t.plan.to_data(), ensure_ascii=False),
        "plan_ref": t.plan_ref,
        "fault": t.label.fault,
        "first_off_track_step": t.label.first_off_track_step,
        "labelled": t.label.labelled,
        "success": None if t.outcome is None else t.outcome.get("success"),
        "n_steps": len(t.steps),
        "initial_observation": obs(t.initial_observation),
        "steps": [
            {
                "commitment": s.commitment,
                "command": s.action.command,
                "reasoning": s.action.reasoning,
                "target": s.action.target,
                "effect": s.action.effect,
                "observation": obs(s.observation),
            }
            for s in t.steps
        ],
    }


def trajectory_from_row(row: Mapping[str, Any]) -> Trajectory:
    """Rebuild a :class:`Trajectory` from a ``Corpus.to_dataset()`` row."""

    def obs(d: Mapping[str, Any]) -> Observation:
        tabs = json.loads(d["tabs"]) if d.get("tabs") else None
        return Observation(d["url"], d["title"], d["text"], d["error"], tuple(tabs) if tabs else None, d.get("screenshot"))

    plan = Plan.from_data(json.loads(row["plan"]), source=f"dataset row {row['id']}")
    outcome = None if row.get("success") is None else {"success": row["success"]}
    return Trajectory(
        id=row["id"], task=row["task"], plan=plan, workflow=row.get("workflow"), plan_ref=row.get("plan_ref"),
        label=Label(row.get("fault"), row.get("first_off_track_step"), labelled=row.get("labelled", True)),
        initial_observation=obs(row["initial_observation"]),
        steps=tuple(
            Step(Action(s["command"], s["reasoning"] or "", s["target"], s["effect"]), obs(s["observation"]), s["commitment"])
            for s in row["steps"]
        ),
        outcome=outcome,
    )


# -- serialization the matchers see --------------------------------------------------------

def serialize_observation(obs: Observation) -> str:
    """Page context as one text: tab metadata first (as the paper's state tester does), then the AXTree.

    Header lines are ``url: ...``, ``title: ...`` and ``tab: title | url`` for other open tabs; the
    lexical matcher reads them as the page's identity.
    """
    lines = []
    if obs.url:
        lines.append(f"url: {obs.url}")
    if obs.title:
        lines.append(f"title: {obs.title}")
    for tab in obs.tabs or ():
        if tab.get("url") != obs.url:
            lines.append(f"tab: {tab.get('title', '')} | {tab.get('url', '')}")
    if not lines:
        return obs.text
    lines.append(obs.text)
    return "\n".join(lines)


# -- loading ---------------------------------------------------------------------------------
