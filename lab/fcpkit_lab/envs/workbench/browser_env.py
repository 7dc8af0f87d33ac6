"""The fcpkit workbench as BrowserGym tasks, and :class:`WorkbenchEnv` to run them in Chromium.

One ``AbstractBrowserTask`` subclass per workflow x fault (``SupportWrongRecordTask``,
``CatalogueHealthyTask``, ...; see :func:`workbench_task_class`). ``setup`` resets the workbench
episode (Python API, or the HTTP control endpoint through :class:`RemoteWorkbench`), signs the
browser in through the workbench's ``login_url`` and lands on the workflow's start page;
``validate`` is the workbench's functional validator (database state, or the reported answer
for the read-only refund lookup).

:class:`WorkbenchEnv` also splits the workbench's per-request event log by step
(``reset_events``, ``step_events``), which is what the recorder derives labels from.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any, Mapping, Sequence

from browsergym.core.task import AbstractBrowserTask

from fcpkit.core.protocols import Outcome
from fcpkit.core.trajectory import Observation
from fcpkit_lab.envs.workbench import FAULT_KINDS, WORKFLOWS, EpisodeEvent, get_task
from fcpkit_lab.envs.browser.environment import BrowserEnvironment
from fcpkit_lab.envs.browser.session import SessionConfig
from fcpkit.errors import ConfigError
from fcpkit_lab.envs.workbench import CONTROL_HEADER
from urllib.parse import urlencode

__all__ = [
    "WorkbenchTask",
    "WORKBENCH_TASK_CLASSES",
    "workbench_task_class",
    "register_browsergym_tasks",
    "RemoteWorkbench",
    "WorkbenchEnv",
]


class WorkbenchTask(AbstractBrowserTask):
    """A workbench task variant under one fault (``None``: healthy), as a BrowserGym task.

    Subclasses fix ``workflow`` and ``fault``; ``workbench`` is a running
    :class:`~fcpkit_lab.envs.workbench.Workbench` (or a :class:`RemoteWorkbench`).
    """

    workflow: str = "support"
    fault: str | None = None

    @classmethod
    def get_task_id(cls) -> str:
        return f"fcpkit_lab.envs.workbench.{cls.workflow}.{cls.fault or 'healthy'}"

    def __init__(self, seed: int, workbench: Any, variant: int = 0,
                 params: Mapping[str, Any] | None = None, frozen_clock: bool = True) -> None:
        super().__init__(seed)
        self.seed = int(seed)
        self.workbench = workbench
        self.variant = variant
        self.params = dict(params or {})
        self.frozen_clock = frozen_clock
        self.slow_mo = 0
        self.timeout = 5000
        self.viewport = {"width": 1280, "height": 720}
        self.spec = get_task(self.workflow, variant)
        self.episode: dict[str, Any] = {}

    def setup(self, page) -> tuple[str, dict]:
        config = self.workbench.reset_episode(
            self.workflow, self.variant, self.fault, self.seed,
            params=self.params, frozen_clock=self.frozen_clock,
        )
        self.episode = config.to_dict() if hasattr(config, "to_dict") else dict(config)
        page.goto(self.workbench.login_url())
        return self.spec.intent, {"episode": self.episode}

    def validate(self, page, chat_messages: Sequence[Mapping[str, Any]]) -> tuple[float, bool, str, dict]:
        answer = None
        done = False
        for m in chat_messages:
            if m["role"] == "assistant":
                answer, done = m["message"], True
            elif m["role"] == "infeasible":
                done = True
        result = self.workbench.validate(answer)
        success, reason = _result(result)
        return (1.0 if success else 0.0), done, "", {"success": success, "reason": reason}

    def cheat(self, page, chat_messages) -> None:  # pragma: no cover - see ScriptedExecutor
        raise NotImplementedError("use fcpkit_lab.envs.executors.ScriptedExecutor to solve workbench tasks")


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


WORKBENCH_TASK_CLASSES: dict[tuple[str, str | None], type[WorkbenchTask]] = {}
for _wf in WORKFLOWS:
    for _fault in (None, *FAULT_KINDS):
        _name = f"{_camel(_wf)}{_camel(_fault or 'healthy')}Task"
        _cls = type(_name, (WorkbenchTask,), {
            "workflow": _wf, "fault": _fault, "__module__": __name__,
            "__doc__": f"Workbench workflow {_wf!r} under fault {_fault!r}.",
        })
        globals()[_name] = _cls
        WORKBENCH_TASK_CLASSES[(_wf, _fault)] = _cls
        __all__.append(_name)


def workbench_task_class(workflow: str, fault: str | None = None) -> type[WorkbenchTask]:
    """The task class for ``workflow`` under ``fault`` (``None``: healthy)."""
    get_task(workflow, 0)  # raises ConfigError on a bad workflow
    if fault is not None and fault not in FAULT_KINDS:

        raise ConfigError(f"unknown workbench fault {fault!r}; choose one of {', '.join(FAULT_KINDS)} or None")
    return WORKBENCH_TASK_CLASSES[(workflow, fault)]


def register_browsergym_tasks(workbench: Any) -> list[str]:
    """Register every task with BrowserGym's gym registry (``browsergym/fcpkit_lab.envs.workbench.*``).

    For users of ``gym.make``; note that BrowserGym's ``BrowserEnv`` opens a second Chromium for
    its chat window. :class:`WorkbenchEnv` does not.
    """
    import gymnasium as gym
    from browsergym.core.registration import register_task

    ids = []
    for cls in WORKBENCH_TASK_CLASSES.values():
        env_id = f"browsergym/{cls.get_task_id()}"
        if env_id not in gym.registry:
            register_task(cls.get_task_id(), cls, task_kwargs={"workbench": workbench})
        ids.append(env_id)
    return ids


def _result(result: Any) -> tuple[bool, str]:
    if isinstance(result, Mapping):
        return bool(result.get("success")), str(result.get("reason", ""))
    return bool(result.success), str(getattr(result, "reason", ""))


class RemoteWorkbench:
    """A workbench served elsewhere (``fcpkit workbench``), driven through its control endpoints.

    Offers the subset of :class:`~fcpkit_lab.envs.workbench.Workbench` that the tasks and the recorder
    use: ``reset_episode``, ``events``, ``validate``, ``login_url``, ``start_url``, ``url``.
    """

    def __init__(self, url: str, control_token: str, timeout: float = 30.0) -> None:

        self.url = url.rstrip("/")
        self.control_token = control_token
        self._headers = {CONTROL_HEADER: control_token, "Content-Type": "application/json"}
        self._timeout = timeout
        self._episode: dict[str, Any] = {}

    def _request(self, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, headers=self._headers,
                                     method="POST" if body is not None else "GET")
        with urllib.request.urlopen(req, timeout=self._timeout) as resp:  # noqa: S310 - local URL
            return json.loads(resp.read().decode())

    def reset_episode(self, workflow: str = "support", variant: int = 0, fault: str | None = None,
                      seed: int = 0, *, params: Mapping[str, Any] | None = None,
                      frozen_clock: bool = False, keep_sessions: bool = True) -> dict[str, Any]:
        self._episode = self._request("/__control/episode", {
            "workflow": workflow, "variant": variant, "fault": fault, "seed": seed,
            "params": dict(params or {}), "frozen_clock": frozen_clock, "keep_sessions": keep_sessions,
        })
        if "error" in self._episode:

            raise ConfigError(self._episode["error"])
        return self._episode

    def events(self) -> list[EpisodeEvent]:
        return [EpisodeEvent(**e) for e in self._request("/__control/events")]

    def validate(self, answer: str | None = None) -> dict[str, Any]:
        return self._request("/__control/validate", {"answer": answer})

    def login_url(self, next_path: str | None = None, username: str = "agent") -> str:

        start = next_path or self._episode.get("task", {}).get("start_path", "/")
        return f"{self.url}/__control/login?" + urlencode(
            {"token": self.control_token, "user": username, "next": start})

    @property
    def start_url(self) -> str:
        return self.url + self._episode.get("task", {}).get("start_path", "/")


class WorkbenchEnv(BrowserEnvironment):
    """A workbench task (workflow x variant x fault) in one Chromium.

    ``reset()`` resets the workbench episode, signs the browser in and returns the start page;
    ``validate(answer=None)`` runs the workbench validator (``answer`` defaults to the agent's
    last ``send_msg_to_user`` message). ``reset(workflow=..., variant=..., fault=..., seed=...,
    params=...)`` switches the episode while keeping the same browser (fast for recording).

    ``frozen_clock`` (default ``True``) makes the pages' "Last updated" clock and relative times
    independent of wall time, so a run is reproducible.
    """

    def __init__(self, workbench: Any, workflow: str = "support", variant: int = 0,
                 fault: str | None = None, seed: int = 0, screenshots: bool = False, *,
                 params: Mapping[str, Any] | None = None, frozen_clock: bool = True,
                 screenshot_dir: str | Path | None = None, config: SessionConfig | None = None,
                 **config_overrides: Any) -> None:
        self.workbench = workbench
        self._configure(workflow, variant, fault, params, frozen_clock)
        super().__init__(self.task_entrypoint, self.task_kwargs, seed=seed, screenshots=screenshots,
                         screenshot_dir=screenshot_dir, config=config, **config_overrides)
        self.task = self.spec.intent
        self.reset_events: list[EpisodeEvent] = []
        self.step_events: list[list[EpisodeEvent]] = []
        self._event_mark = 0

    def _configure(self, workflow: str, variant: int, fault: str | None,
                   params: Mapping[str, Any] | None, frozen_clock: bool) -> None:
        self.workflow, self.variant, self.fault = workflow, variant, fault
        self.params = dict(params or {})
        self.frozen_clock = frozen_clock
        self.spec = get_task(workflow, variant)
        self.task_entrypoint = workbench_task_class(workflow, fault)
        self.task_kwargs = {"workbench": self.workbench, "variant": variant, "params": self.params,
                            "frozen_clock": frozen_clock}

    def reset(self, seed: int | None = None, *, workflow: str | None = None, variant: int | None = None,
              fault: str | None | type = ..., params: Mapping[str, Any] | None = None) -> Observation:
        if workflow is not None or variant is not None or fault is not ... or params is not None:
            self._configure(workflow or self.workflow, self.variant if variant is None else variant,
                            self.fault if fault is ... else fault,
                            self.params if params is None else params, self.frozen_clock)
        self.task = self.spec.intent
        obs = super().reset(seed)
        self.reset_events = list(self.workbench.events())
        self._event_mark = len(self.reset_events)
        self.step_events = []
        return obs

    def step(self, action) -> Observation:
        obs = super().step(action)
        events = list(self.workbench.events())
        self.step_events.append(events[self._event_mark:])
        self._event_mark = len(events)
        return obs

    def validate(self, answer: str | None = None) -> Outcome:
        self._check_open()
        if answer is None:
            answer = self.answer
        success, reason = _result(self.workbench.validate(answer))
        writes = [e.write for e in self.workbench.events() if e.write]  # what the app recorded this episode writing
        return Outcome(success, reason, {"answer": answer, "writes": writes,
                                         "fault": self.fault, "persistence": self.params.get("persistence")})

    @property
    def start_url(self) -> str:
        return self.workbench.url + self.spec.start_path
