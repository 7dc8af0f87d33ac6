"""The workbench web application: Starlette + Jinja2 + SQLite, with per-episode fault injection.

:class:`WorkbenchApp` owns one database (in its own temporary directory), the sign-in
sessions, the current episode and its event log, and the ASGI application (``.asgi``) that a
server (``fcpkit_lab.envs.workbench.server``) or Starlette's ``TestClient`` drives.

Every fault is implemented as behaviour of the handlers (what they query, render, write or
refuse), never as an edit of a recorded page. The ASGI middleware
(:mod:`~fcpkit_lab.envs.workbench.middleware`) numbers the episode's app requests, enforces sign-in,
applies the request-level faults (``session_expired``, ``slow_response``, ``interstitial``) and
appends one :class:`~fcpkit_lab.envs.workbench.episode.EpisodeEvent` per request.

The class is assembled from small parts, each in its own module: the sessions and sign-in pages
(:mod:`~fcpkit_lab.envs.workbench.session`), the rendering helpers
(:mod:`~fcpkit_lab.envs.workbench.rendering`), the fault hooks the handlers call
(:mod:`~fcpkit_lab.envs.workbench.fault_hooks`) and the page handlers
(:mod:`fcpkit_lab.envs.workbench.pages`: home, lists, one module per workflow, control). This module
holds the state, the episode control API and the route table.
"""

from __future__ import annotations

import contextlib
import secrets
import shutil
import sqlite3
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

import jinja2
from itsdangerous import URLSafeSerializer
from starlette.applications import Starlette
from starlette.routing import Route

from fcpkit_lab.envs.cleanup import at_exit, mark_owner, sweep_stale
from fcpkit_lab.envs.workbench.access import SessionPolicy, SigninThrottle, host_guard, hosts_for
from fcpkit_lab.envs.workbench.csrf import CsrfGuard
from fcpkit_lab.envs.workbench.data import create_database, format_money, snapshot
from fcpkit_lab.envs.workbench.episode import EpisodeConfig, EpisodeEvent, make_episode
from fcpkit_lab.envs.workbench.fault_hooks import FaultHooks
from fcpkit_lab.envs.workbench.faults import FaultCounter
from fcpkit_lab.envs.workbench.middleware import EpisodeMiddleware
from fcpkit_lab.envs.workbench.pages.catalogue import CataloguePages
from fcpkit_lab.envs.workbench.pages.control import ControlEndpoints
from fcpkit_lab.envs.workbench.pages.expenses import ExpensePages
from fcpkit_lab.envs.workbench.pages.home import HomePages
from fcpkit_lab.envs.workbench.pages.lists import ListPages
from fcpkit_lab.envs.workbench.pages.orders import OrderPages
from fcpkit_lab.envs.workbench.pages.support import SupportPages
from fcpkit_lab.envs.workbench.rendering import Halt, Rendering, halted, relative_time
from fcpkit_lab.envs.workbench.session import Sessions
from fcpkit_lab.envs.workbench.tasks import Task, ValidationResult, validate

__all__ = ["WorkbenchApp", "TEMPLATES_DIR"]

TEMPLATES_DIR = Path(__file__).parent / "templates"


class WorkbenchApp(Sessions, Rendering, FaultHooks, HomePages, ListPages, SupportPages, ExpensePages,
                   CataloguePages, OrderPages, ControlEndpoints):
    """The application, its database, sessions, current episode and event log.

    ``WorkbenchApp()`` creates a temporary directory holding the seed database and the
    working database; :meth:`close` removes it. ``.asgi`` is the ASGI application; it answers only
    requests for ``allowed_hosts`` (by default the loopback names; the server adds the address it
    is started on).
    """

    def __init__(
        self,
        workdir: str | Path | None = None,
        *,
        secret: str | None = None,
        control_token: str | None = None,
        allowed_hosts: Iterable[str] | None = None,
    ) -> None:
        self._owns_dir = workdir is None
        if self._owns_dir:
            sweep_stale("fcpkit-workbench-")  # folders of workbenches whose process was killed
        self.workdir = Path(workdir) if workdir is not None else Path(
            tempfile.mkdtemp(prefix="fcpkit-workbench-")
        )
        self.workdir.mkdir(parents=True, exist_ok=True)
        if self._owns_dir:
            mark_owner(self.workdir)
            at_exit(self.close)
        self.seed_path = self.workdir / "seed.sqlite3"
        self.db_path = self.workdir / "workbench.sqlite3"
        for p in (self.seed_path, self.db_path):
            if p.exists():
                p.unlink()
        create_database(str(self.seed_path))
        self.control_token = control_token or secrets.token_urlsafe(18)
        self._serializer = URLSafeSerializer(secret or secrets.token_hex(32), salt="wb-session")
        self._lock = threading.RLock()
        self._sessions: dict[str, dict[str, Any]] = {}
        self._events: list[EpisodeEvent] = []
        self._episode: EpisodeConfig = make_episode("support", 0)
        self._ep: dict[str, Any] = {}
        self.closing = False  # set when the server stops: in-flight slow responses end early
        self._env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
            autoescape=jinja2.select_autoescape(["html"]),
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self._env.globals["money"] = format_money
        self.starlette = Starlette(routes=self._routes(), exception_handlers={Halt: halted})
        self.starlette.state.workbench = self
        self.session_policy = SessionPolicy()
        self.signin_throttle = SigninThrottle()
        # outermost: a request for another host name (DNS rebinding) reaches nothing else
        self.asgi = host_guard(EpisodeMiddleware(CsrfGuard(self.starlette, lambda r: self.session_for(r)[1]), self),
                               allowed_hosts if allowed_hosts is not None else hosts_for("127.0.0.1"))
        self.reset_episode("support", 0)

    # ---------------------------------------------------------------- episode control (API)

    @property
    def episode(self) -> EpisodeConfig:
        return self._episode

    @property
    def task(self) -> Task:
        return self._episode.task

    def reset_episode(
        self,
        workflow: str = "support",
        variant: int = 0,
        fault: str | None = None,
        seed: int = 0,
        *,
        params: Mapping[str, Any] | None = None,
        frozen_clock: bool = False,
        keep_sessions: bool = True,
    ) -> EpisodeConfig:
        """Restore the database to its seed and start a new episode.

        ``fault`` is one of :data:`~fcpkit_lab.envs.workbench.episode.FAULT_KINDS` or ``None``;
        ``params`` may set ``after_requests`` / ``delay_s`` (see ``FAULT_DEFAULTS``).
        Sign-in sessions survive the reset (their flash messages and remembered filters do
        not) unless ``keep_sessions=False``. The event log is cleared.
        """
        config = make_episode(workflow, variant, fault, seed, params, frozen_clock)
        with self._lock:
            src = sqlite3.connect(str(self.seed_path))
            dst = sqlite3.connect(str(self.db_path))
            try:
                src.backup(dst)
            finally:
                src.close()
                dst.close()
            if keep_sessions:
                for sess in self._sessions.values():
                    sess["flash"] = []
                    sess["filters"] = {}
            else:
                self._sessions.clear()
            self._events = []
            self._episode = config
            self._ep = {
                "requests": 0,
                "expired_fired": False,
                "interstitial_dismissed": False,
                "faults": FaultCounter(),  # how often each fault acted (a transient one acts once)
                "t0": time.monotonic(),
            }
        return config

    def events(self) -> list[EpisodeEvent]:
        """Every request served in this episode, in order."""
        with self._lock:
            return list(self._events)

    def fault_events(self) -> list[EpisodeEvent]:
        """The requests whose response the episode's fault changed."""
        return [e for e in self.events() if e.fault]

    def first_fault_event(self) -> EpisodeEvent | None:
        faults = self.fault_events()
        return faults[0] if faults else None

    def write_events(self) -> list[EpisodeEvent]:
        return [e for e in self.events() if e.write]

    def db_state(self) -> dict[str, Any]:
        """A snapshot of the working database (``{table: {key: row}}`` plus ``audit``)."""
        with self._lock, self._db() as conn:
            return snapshot(conn)

    def validate(self, answer: str | None = None) -> ValidationResult:
        """Run the current task's functional validator on the current database."""
        return validate(self.task, self.db_state(), answer)

    def close(self) -> None:
        """Remove the temporary directory (when this object created it)."""
        self.closing = True
        if self._owns_dir:
            shutil.rmtree(self.workdir, ignore_errors=True)

    # ---------------------------------------------------------------- internals

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(str(self.db_path), timeout=10)
        conn.row_factory = sqlite3.Row
        try:
            yield conn
            conn.commit()
        finally:
            conn.close()

    def _elapsed_min(self) -> float:
        if self._episode.frozen_clock:
            return 0.0
        return (time.monotonic() - self._ep["t0"]) / 60.0

    def _clock(self) -> str:
        total = int(self._episode.clock_base_minutes() + self._elapsed_min()) % (24 * 60)
        return f"{total // 60:02d}:{total % 60:02d}"

    def _ago(self, row: Mapping[str, Any]) -> str:
        return relative_time(row["updated_offset_min"] + self._elapsed_min())

    def _now_offset(self) -> int:
        return -int(self._elapsed_min())

    def _log(self, event: dict[str, Any]) -> None:
        with self._lock:
            self._events.append(EpisodeEvent(seq=len(self._events), **event))

    # ---------------------------------------------------------------- routes

    def _routes(self) -> list[Route]:
        return [
            Route("/", self.home),
            Route("/healthz", self.healthz),
            Route("/signin", self.signin_page, methods=["GET"]),
            Route("/signin", self.signin_submit, methods=["POST"]),
            Route("/signout", self.signout, methods=["POST"]),
            Route("/announcements/dismiss", self.dismiss_announcement, methods=["POST"]),
            Route("/support", self.list_page("support")),
            Route("/support/{key}", self.ticket_detail),
            Route("/support/{key}/assign", self.ticket_assign, methods=["POST"]),
            Route("/expenses", self.list_page("expenses")),
            Route("/expenses/{key}", self.expense_detail),
            Route("/expenses/{key}/decision", self.expense_decide, methods=["POST"]),
            Route("/expenses/{key}/note", self.expense_note, methods=["POST"]),
            Route("/catalogue", self.list_page("catalogue")),
            Route("/catalogue/{key}", self.product_detail),
            Route("/catalogue/{key}/edit", self.product_edit),
            Route("/catalogue/{key}/price", self.product_save_price, methods=["POST"]),
            Route("/orders", self.list_page("orders")),
            Route("/orders/{key}", self.order_detail),
            Route("/orders/{key}/refund", self.order_refund),
            Route("/__control/episode", self.control_episode, methods=["GET", "POST"]),
            Route("/__control/events", self.control_events),
            Route("/__control/state", self.control_state),
            Route("/__control/validate", self.control_validate, methods=["POST"]),
            Route("/__control/login", self.control_login),
        ]
