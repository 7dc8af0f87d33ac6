"""A BrowserGym task in one real Chromium, as an :class:`fcpkit.core.protocols.Environment`.

``BrowserEnvironment(TaskClass, task_kwargs)`` accepts any
``browsergym.core.task.AbstractBrowserTask`` subclass (MiniWoB tasks, the workbench tasks in
:mod:`fcpkit_lab.envs.workbench.browser_env`, your own) and gives the fcpkit protocol: ``reset() ->
Observation``, ``step(Action | str) -> Observation``, ``validate(answer) -> Outcome``,
``close()``. Every Playwright call runs on the environment's own worker thread, so the same
object works from a script, a test, inside ``asyncio.run`` or in a Jupyter kernel.
"""

from __future__ import annotations

from dataclasses import replace
import tempfile
import weakref
from pathlib import Path
from typing import Any, Callable, Mapping

from fcpkit.core.protocols import Outcome
from fcpkit.core.trajectory import Action, Observation
from fcpkit_lab.envs.browser._worker import Worker
from fcpkit_lab.envs.browser.session import BrowserSession, RawObservation, SessionConfig
from fcpkit_lab.envs.browser.processes import kill_tree, process_tree

__all__ = ["BrowserEnvironment", "to_observation"]


def to_observation(raw: RawObservation, screenshot: str | None = None) -> Observation:
    """Map a session read-out to an fcpkit :class:`Observation` (``extra["status"]``: HTTP status)."""
    extra: dict[str, Any] = {}
    if raw.status is not None:
        extra["status"] = raw.status
    if raw.boxes:
        extra["boxes"] = raw.boxes
    return Observation(
        url=raw.url,
        title=raw.title,
        text=raw.text,
        error=raw.error,
        tabs=tuple({"url": t["url"], "title": t["title"]} for t in raw.tabs),
        screenshot=screenshot,
        extra=extra,
    )


def _finalize(worker: Worker, session: BrowserSession) -> None:  # pragma: no cover - GC path
    """Last resort when an environment is garbage-collected without ``close()``."""

    if worker.closed:
        return
    try:
        worker.call(session.close, timeout=15)
    except Exception:
        kill_tree(process_tree(session.driver_pid))
    worker.shutdown(wait=False)


class BrowserEnvironment:
    """One browser task in one Chromium (see the module docstring).

    Args:
        task_entrypoint: an ``AbstractBrowserTask`` subclass (or any callable ``(seed=...,
            **task_kwargs) -> task``).
        task_kwargs: passed to the entrypoint at every reset.
        seed: the task's seed (``reset(seed=...)`` overrides it for one episode).
        screenshots: save a PNG of every observation (``Observation.screenshot`` is its path).
        screenshot_dir: where to save them (default: a temporary directory).
        config: a :class:`SessionConfig` (browser path and flags, timeouts, waits).
        **config_overrides: fields of :class:`SessionConfig` to override.
    """

    def __init__(
        self,
        task_entrypoint: Callable[..., Any],
        task_kwargs: Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        screenshots: bool = False,
        screenshot_dir: str | Path | None = None,
        config: SessionConfig | None = None,
        **config_overrides: Any,
    ) -> None:
        if config_overrides:

            config = replace(config or SessionConfig(), **config_overrides)
        self.task_entrypoint = task_entrypoint
        self.task_kwargs = dict(task_kwargs or {})
        self.seed = seed
        self.screenshots = screenshots
        self._screenshot_dir = Path(screenshot_dir) if screenshot_dir else None
        self.worker = Worker()
        self.session = BrowserSession(config)
        self.task: str = ""
        self.browser_task = None
        self.reward: float = 0.0
        self.done: bool = False
        self.task_info: dict[str, Any] = {}
        self.steps_taken = 0
        self.episode_index = -1
        self.last_observation: Observation | None = None
        self._closed = False
        self._shot_index = 0
        self._shot_prefix = f"{id(self):x}-"
        self._finalizer = weakref.finalize(self, _finalize, self.worker, self.session)

    # ------------------------------------------------------------------ protocol
    def reset(self, seed: int | None = None) -> Observation:
        """Start a fresh episode (new browser context, task ``setup``) and return ``o0``."""
        self._check_open()
        if seed is not None:
            self.seed = seed
        self.episode_index += 1
        self.steps_taken = 0
        self._shot_index = 0
        self.reward, self.done, self.task_info = 0.0, False, {}
        obs = self.worker.call(self._reset_on_thread)
        self.last_observation = obs
        return obs

    def step(self, action: Action | str) -> Observation:
        """Run one BrowserGym action; a failed action is the observation's ``error``, never raised."""
        self._check_open()
        if self.browser_task is None:
            raise RuntimeError("call reset() before step()")
        command = action.command if isinstance(action, Action) else str(action)
        obs = self.worker.call(self._step_on_thread, command)
        self.steps_taken += 1
        self.last_observation = obs
        return obs

    def validate(self, answer: str | None = None) -> Outcome:
        """The task's own verdict (BrowserGym ``task.validate``): success when the reward is > 0."""
        self._check_open()
        reward, done, msg, info = self.worker.call(self._task_validate)
        return Outcome(bool(reward > 0), msg or str(info.get("REWARD_REASON") or ""),
                       {"reward": float(reward), "done": bool(done), "info": _jsonable(info)})

    def close(self) -> None:
        """Close the task, the context, Chromium and the Playwright driver; stop the worker thread."""
        if self._closed:
            return
        self._closed = True
        try:
            self.worker.call(self._close_on_thread, timeout=30)
        finally:
            self.worker.shutdown()
            self._finalizer.detach()

    # ------------------------------------------------------------------ conveniences
    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def chat_messages(self) -> list[dict[str, Any]]:
        return list(self.session.chat_messages)

    @property
    def answer(self) -> str | None:
        """The agent's last ``send_msg_to_user`` message (its reported answer), if any."""
        for m in reversed(self.session.chat_messages):
            if m["role"] == "assistant":
                return m["message"]
        return None

    @property
    def driver_pid(self) -> int | None:
        """Pid of the Playwright driver; Chromium runs as its child processes."""
        return self.session.driver_pid

    def observe(self, screenshot: bool | None = None) -> Observation:
        """Read the current page again (without acting)."""
        self._check_open()
        return self.worker.call(self._observe_on_thread, self.screenshots if screenshot is None else screenshot)

    def screenshot(self) -> bytes:
        """A PNG of the active page, on request."""
        self._check_open()
        return self.worker.call(lambda: self.session.page.screenshot(type="png"))

    def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run ``fn(session, *args, **kwargs)`` on the browser thread (escape hatch for Playwright)."""
        self._check_open()
        return self.worker.call(fn, self.session, *args, **kwargs)

    def __enter__(self) -> "BrowserEnvironment":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("running" if self.session.started else "new")
        return f"{type(self).__name__}({getattr(self.task_entrypoint, '__name__', self.task_entrypoint)!s}, {state})"

    # ------------------------------------------------------------------ hooks (worker thread)
    def _make_task(self):
        return self.task_entrypoint(seed=self.seed, **self.task_kwargs)

    def _reset_on_thread(self) -> Observation:
        s = self.session
        s.start()
        if self.browser_task is not None:
            try:
                self.browser_task.teardown()
            except Exception:  # pragma: no cover
                pass
        self.browser_task = self._make_task()
        t = self.browser_task
        page = s.new_context(viewport=getattr(t, "viewport", None), timeout_ms=getattr(t, "timeout", None),
                             locale=getattr(t, "locale", None), timezone_id=getattr(t, "timezone_id", None))
        goal, info = t.setup(page=page)
        if isinstance(goal, list):  # OpenAI-style multi-part goal: keep its text parts
            goal = "\n".join(m.get("text", "") for m in goal if m.get("type") == "text")
        self.task = goal or ""
        self.task_info = dict(info or {})
        if self.task:
            s.add_user_message(self.task)
        s.settle()
        return self._observe_on_thread(self.screenshots)

    def _step_on_thread(self, command: str) -> Observation:
        self.session.execute(command)
        self._after_action()
        obs = self._observe_on_thread(self.screenshots)
        if self.done:  # the task ended on this action (BrowserGym's `terminated`): say so on the page
            obs = replace(obs, extra={**obs.extra, "terminated": True})
        return obs

    def _after_action(self) -> None:
        reward, done, msg, info = self._task_validate()
        self.reward, self.done = float(reward), bool(done) or self.session.infeasible
        self.task_info = dict(info or {})
        if msg:
            self.session.add_user_message(msg)

    def _task_validate(self):
        s = self.session
        page, history = s.page, dict(s.page_history)
        try:
            result = self.browser_task.validate(s.page, s.chat_messages)
        finally:  # BrowserGym's safety fix: validate() must not move the active page
            s.page, s.page_history = page, history
        return result

    def _observe_on_thread(self, screenshot: bool) -> Observation:
        raw = self.session.observe(screenshot=screenshot)
        path = None
        if raw.screenshot_png is not None:
            if self._screenshot_dir is None:
                self._screenshot_dir = Path(tempfile.mkdtemp(prefix="fcpkit-shots-"))
            self._screenshot_dir.mkdir(parents=True, exist_ok=True)
            self._shot_index += 1
            p = self._screenshot_dir / f"{self._shot_prefix}ep{self.episode_index:03d}-{self._shot_index:03d}.png"
            p.write_bytes(raw.screenshot_png)
            path = str(p)
        return to_observation(raw, path)

    def _close_on_thread(self) -> None:
        if self.browser_task is not None:
            try:
                self.browser_task.teardown()
            except Exception:  # pragma: no cover
                pass
            self.browser_task = None
        self.session.close()

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError(f"{type(self).__name__} is closed")


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    try:
        return value.item()  # numpy scalars
    except AttributeError:
        return str(value)
