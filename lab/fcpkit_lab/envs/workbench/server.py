"""Running the workbench: a uvicorn server on 127.0.0.1 in a background thread, or blocking.

``start_workbench(port=0)`` returns a :class:`Workbench` handle with the server's ``url``,
episode control (``reset_episode``, ``events``, ``validate`` ...) and ``stop()`` (also a
context manager). ``serve(host, port)`` runs in the foreground, for ``fcpkit workbench``.
"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from typing import Any, Iterable, Mapping

import uvicorn

from fcpkit.errors import ConfigError

from fcpkit_lab.envs.workbench.access import hosts_for
from fcpkit_lab.envs.workbench.app import WorkbenchApp
from fcpkit_lab.envs.workbench.session import CONTROL_HEADER, SESSION_COOKIE
from fcpkit_lab.envs.workbench.episode import EpisodeConfig, EpisodeEvent
from fcpkit_lab.envs.workbench.tasks import Task, ValidationResult
from urllib.parse import urlencode

__all__ = ["Workbench", "start_workbench", "serve"]


class Workbench:
    """A running workbench server (see :func:`start_workbench`).

    Episode control is available both here (Python) and over HTTP at
    ``POST {url}/__control/episode`` with header ``X-Workbench-Token: {control_token}``.
    """

    def __init__(self, app: WorkbenchApp, server: uvicorn.Server, thread: threading.Thread,
                 host: str, port: int) -> None:
        self.app = app
        self._server = server
        self._thread = thread
        self.host = host
        self.port = port
        self.url = f"http://{host}:{port}"

    # -- episode control, delegated to the application
    @property
    def control_token(self) -> str:
        return self.app.control_token

    @property
    def control_headers(self) -> dict[str, str]:
        return {CONTROL_HEADER: self.app.control_token}

    @property
    def episode(self) -> EpisodeConfig:
        return self.app.episode

    @property
    def task(self) -> Task:
        return self.app.task

    @property
    def start_url(self) -> str:
        """Where the current task starts (the workflow's list page)."""
        return self.url + self.app.task.start_path

    def reset_episode(self, workflow: str = "support", variant: int = 0,
                      fault: str | None = None, seed: int = 0, *,
                      params: Mapping[str, Any] | None = None, frozen_clock: bool = False,
                      keep_sessions: bool = True) -> EpisodeConfig:
        return self.app.reset_episode(workflow, variant, fault, seed, params=params,
                                      frozen_clock=frozen_clock, keep_sessions=keep_sessions)

    def events(self) -> list[EpisodeEvent]:
        return self.app.events()

    def fault_events(self) -> list[EpisodeEvent]:
        return self.app.fault_events()

    def first_fault_event(self) -> EpisodeEvent | None:
        return self.app.first_fault_event()

    def write_events(self) -> list[EpisodeEvent]:
        return self.app.write_events()

    def db_state(self) -> dict[str, Any]:
        return self.app.db_state()

    def validate(self, answer: str | None = None) -> ValidationResult:
        return self.app.validate(answer)

    def session_cookie(self, username: str = "agent") -> dict[str, Any]:
        """A freshly signed-in session as a Playwright cookie (``context.add_cookies([...])``)."""
        return {"name": SESSION_COOKIE, "value": self.app.create_session(username),
                "url": self.url, "httpOnly": True, "sameSite": "Lax"}

    def login_url(self, next_path: str | None = None, username: str = "agent") -> str:
        """A URL that signs the browser in and redirects to ``next_path`` (default: task start)."""

        query = urlencode({"token": self.app.control_token, "user": username,
                           "next": next_path or self.app.task.start_path})
        return f"{self.url}/__control/login?{query}"

    # -- lifecycle
    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server and join its thread; removes the temporary database directory."""
        self.app.closing = True
        self._server.should_exit = True
        self._thread.join(timeout)
        if self._thread.is_alive():  # pragma: no cover - a stuck request
            self._server.force_exit = True
            self._thread.join(timeout)
        self.app.close()

    def __enter__(self) -> "Workbench":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"Workbench({self.url!r}, {state}, episode={self.app.task.id}/{self.app.episode.fault})"


def _bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ConfigError(f"cannot listen on {host}:{port}: {exc}; choose another --port") from exc
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _server(app: WorkbenchApp, log_level: str) -> uvicorn.Server:
    config = uvicorn.Config(app.asgi, log_level=log_level, lifespan="off", access_log=False,
                            timeout_graceful_shutdown=1, ws="none")
    return uvicorn.Server(config)


def start_workbench(port: int = 0, host: str = "127.0.0.1", *,
                    workdir: str | Path | None = None, log_level: str = "warning",
                    startup_timeout: float = 15.0, allowed_hosts: Iterable[str] = ()) -> Workbench:
    """Start the workbench on ``host:port`` (``port=0``: a free port) in a daemon thread. It answers
    requests whose Host header is ``host``, a loopback name or one of ``allowed_hosts``."""
    app = WorkbenchApp(workdir, allowed_hosts=hosts_for(host, allowed_hosts))
    sock = _bind(host, port)
    bound_port = sock.getsockname()[1]
    server = _server(app, log_level)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]},
                              name=f"fcpkit-workbench-{bound_port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + startup_timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            thread.join(5)
            sock.close()
            app.close()
            raise ConfigError(f"the workbench server did not start on {host}:{bound_port}")
        time.sleep(0.01)
    wb = Workbench(app, server, thread, host, bound_port)
    wb._socket = sock  # keep a reference; uvicorn closes it on shutdown
    return wb


def serve(host: str = "127.0.0.1", port: int = 8000, *, workflow: str = "support",
          variant: int = 0, fault: str | None = None, seed: int = 0,
          log_level: str = "info", allowed_hosts: Iterable[str] = ()) -> None:
    """Run the workbench in the foreground until interrupted (the ``fcpkit workbench`` command).

    Prints the URL, the sign-in credentials and the control token for episode control. Requests
    for a host name other than ``host``, a loopback name or ``allowed_hosts`` are refused.
    """
    app = WorkbenchApp(allowed_hosts=hosts_for(host, allowed_hosts))
    try:
        app.reset_episode(workflow, variant, fault, seed)
        sock = _bind(host, port)
        bound = sock.getsockname()[1]
        print(flush=True)
        print(f"fcpkit workbench at http://{host}:{bound}  (sign in as agent / workbench)")
        print(f"episode control: POST http://{host}:{bound}/__control/episode "
              f"with header {CONTROL_HEADER}: {app.control_token}", flush=True)
        _server(app, log_level).run(sockets=[sock])
    finally:
        app.close()
