"""The workbench web application: Starlette + Jinja2 + SQLite, with per-episode fault injection.

:class:`WorkbenchApp` owns one database (in its own temporary directory), the sign-in
sessions, the current episode and its event log, and the ASGI application (``.asgi``) that a
server (``fcpkit.envs.workbench.server``) or Starlette's ``TestClient`` drives.

Every fault is implemented as behaviour of the handlers below (what they query, render,
write or refuse), never as an edit of a recorded page. The ASGI middleware numbers the
episode's app requests, enforces sign-in, applies the request-level faults
(``session_expired``, ``slow_response``, ``interstitial``) and appends one
:class:`~fcpkit.envs.workbench.episode.EpisodeEvent` per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import shutil
import sqlite3
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping
from urllib.parse import urlencode, quote

import jinja2
from itsdangerous import BadSignature, URLSafeSerializer
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from fcpkit.envs.workbench.data import (
    EXPENSE_STATUSES,
    TEAMS,
    TICKET_STATUSES,
    create_database,
    format_money,
    hash_password,
    snapshot,
)
from fcpkit.envs.cleanup import at_exit, mark_owner, sweep_stale
from fcpkit.envs.workbench.csrf import CsrfGuard
from fcpkit.envs.workbench.episode import EpisodeConfig, EpisodeEvent, make_episode
from fcpkit.envs.workbench.faults import FaultCounter, request_fault, sticky_filter
from fcpkit.envs.workbench.tasks import Task, ValidationResult, validate

__all__ = ["WorkbenchApp", "SESSION_COOKIE", "CONTROL_HEADER", "EXPIRED_MESSAGE"]

SESSION_COOKIE = "wb_session"
CONTROL_HEADER = "X-Workbench-Token"
EXPIRED_MESSAGE = "Your session has expired. Please sign in again."
TEMPLATES_DIR = Path(__file__).parent / "templates"

_PUBLIC_PATHS = {"/signin", "/healthz"}
_UNLOGGED_PREFIXES = ("/__control", "/static", "/favicon.ico", "/healthz")


# --------------------------------------------------------------------------------------------
# list page specifications (one per workflow)
# --------------------------------------------------------------------------------------------

def _ticket_cells(row, ago):
    return [row["subject"], row["customer"], row["status"], row["team"], ago(row)]


def _expense_cells(row, ago):
    return [row["employee"], format_money(row["amount_cents"]), row["category"],
            row["policy_result"], row["status"], ago(row)]


def _product_cells(row, ago):
    return [row["name"], row["category"], format_money(row["price_cents"]), str(row["stock"]),
            ago(row)]


def _order_cells(row, ago):
    return [row["customer"], row["placed"], format_money(row["total_cents"]), row["status"],
            ago(row)]


LIST_SPECS: dict[str, dict[str, Any]] = {
    "support": {
        "table": "tickets", "key": "id", "title": "Support queue", "noun": ("ticket", "tickets"),
        "search_label": "Search tickets", "search_cols": ["id", "subject", "customer"],
        "filters": [("status", "Status", TICKET_STATUSES), ("team", "Team", TEAMS)],
        "headers": ["Ticket", "Subject", "Customer", "Status", "Team", "Updated"],
        "cells": _ticket_cells,
        "tabs": [("Open", {"status": "Open"}), ("Pending", {"status": "Pending"}),
                 ("Unassigned", {"team": "Unassigned"})],
        # the filter a previous session left behind (used by the stale_filter fault)
        "stale": {"q": "refund", "status": "Open"},
    },
    "expenses": {
        "table": "expenses", "key": "id", "title": "Expense reports",
        "noun": ("expense report", "expense reports"),
        "search_label": "Search expense reports",
        "search_cols": ["id", "employee", "merchant", "category"],
        "filters": [("status", "Status", EXPENSE_STATUSES),
                    ("category", "Category", ["Travel", "Lodging", "Meals", "Software",
                                              "Training", "Office supplies", "Equipment"])],
        "headers": ["Report", "Employee", "Amount", "Category", "Policy check", "Status",
                    "Updated"],
        "cells": _expense_cells,
        "tabs": [("Awaiting approval", {"status": "Submitted"}),
                 ("Approved", {"status": "Approved"}), ("Rejected", {"status": "Rejected"})],
        "stale": {"status": "Rejected"},
    },
    "catalogue": {
        "table": "products", "key": "sku", "title": "Product catalogue",
        "noun": ("product", "products"),
        "search_label": "Search products", "search_cols": ["sku", "name"],
        "filters": [("category", "Category", ["Lighting", "Seating", "Desks", "Accessories",
                                              "Electronics"])],
        "headers": ["SKU", "Name", "Category", "Price", "Stock", "Updated"],
        "cells": _product_cells,
        "tabs": [("Seating", {"category": "Seating"}), ("Desks", {"category": "Desks"}),
                 ("Electronics", {"category": "Electronics"})],
        "stale": {"q": "lamp"},
    },
    "orders": {
        "table": "orders", "key": "id", "title": "Orders", "noun": ("order", "orders"),
        "search_label": "Search orders", "search_cols": ["id", "customer"],
        "filters": [("status", "Order status", ["Processing", "Shipped", "Delivered",
                                                "Returned", "Cancelled"])],
        "headers": ["Order", "Customer", "Placed", "Total", "Status", "Updated"],
        "cells": _order_cells,
        "tabs": [("Returned", {"status": "Returned"}), ("Delivered", {"status": "Delivered"}),
                 ("Cancelled", {"status": "Cancelled"})],
        "stale": {"q": "ORD-54"},
    },
}

DENIED = {
    "support": "You do not have permission to assign tickets. Ask a workspace administrator "
               "for the Support lead role.",
    "expenses": "You do not have permission to approve or reject expense reports. Ask a "
                "workspace administrator for the Finance approver role.",
    "catalogue": "You do not have permission to change product prices. Ask a workspace "
                 "administrator for the Pricing editor role.",
    "orders": "You do not have permission to view refund details. Ask a workspace "
              "administrator for the Refunds viewer role.",
}


def _relative(minutes: float) -> str:
    m = int(minutes)
    if m < 1:
        return "just now"
    if m < 60:
        return "1 minute ago" if m == 1 else f"{m} minutes ago"
    h = m // 60
    if h < 24:
        return "1 hour ago" if h == 1 else f"{h} hours ago"
    d = h // 24
    return "1 day ago" if d == 1 else f"{d} days ago"


def _parse_price(text: str) -> int | None:
    t = text.strip().replace("$", "").replace(",", "").strip()
    try:
        value = float(t)
    except ValueError:
        return None
    if not value > 0 or value > 1_000_000:
        return None
    return int(round(value * 100))


def _safe_next(target: str | None, default: str = "/") -> str:
    if not target or not target.startswith("/") or target.startswith("//"):
        return default
    return target


class WorkbenchApp:
    """The application, its database, sessions, current episode and event log.

    ``WorkbenchApp()`` creates a temporary directory holding the seed database and the
    working database; :meth:`close` removes it. ``.asgi`` is the ASGI application.
    """

    def __init__(
        self,
        workdir: str | Path | None = None,
        *,
        secret: str | None = None,
        control_token: str | None = None,
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
        self.starlette = Starlette(routes=self._routes(), exception_handlers={_Halt: _halted})
        self.starlette.state.workbench = self
        self.asgi = _EpisodeMiddleware(CsrfGuard(self.starlette, lambda r: self.session_for(r)[1]), self)
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

        ``fault`` is one of :data:`~fcpkit.envs.workbench.episode.FAULT_KINDS` or ``None``;
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

    def create_session(self, username: str = "agent") -> str:
        """Sign ``username`` in without the form; returns the signed session cookie value."""
        with self._db() as conn:
            user = conn.execute("SELECT * FROM users WHERE username = ?", (username,)).fetchone()
        if user is None:
            raise KeyError(f"no workbench user {username!r}")
        sid = secrets.token_urlsafe(18)
        with self._lock:
            self._sessions[sid] = {"user": username, "display_name": user["display_name"],
                                   "flash": [], "filters": {}, "csrf": secrets.token_urlsafe(24)}
        return self._serializer.dumps({"sid": sid})

    async def _hold(self, seconds: float) -> None:
        """Sleep for ``slow_response``, cut short when the server is shutting down."""
        deadline = time.monotonic() + seconds
        while not self.closing:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            await asyncio.sleep(min(0.05, remaining))

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
        return _relative(row["updated_offset_min"] + self._elapsed_min())

    def _now_offset(self) -> int:
        return -int(self._elapsed_min())

    def session_for(self, request: Request) -> tuple[str | None, dict[str, Any] | None, bool]:
        """(sid, session, had_cookie) for the request's session cookie."""
        raw = request.cookies.get(SESSION_COOKIE)
        if not raw:
            return None, None, False
        try:
            sid = self._serializer.loads(raw)["sid"]
        except (BadSignature, KeyError, TypeError):
            return None, None, True
        with self._lock:
            return sid, self._sessions.get(sid), True

    def _log(self, event: dict[str, Any]) -> None:
        with self._lock:
            self._events.append(EpisodeEvent(seq=len(self._events), **event))

    def _check_control(self, request: Request) -> bool:
        given = request.headers.get(CONTROL_HEADER) or request.query_params.get("token") or ""
        return hmac.compare_digest(given, self.control_token)

    # ---------------------------------------------------------------- rendering helpers

    def _render(self, request: Request, template: str, status_code: int = 200, **ctx: Any):
        wb = request.scope.get("wb", {})
        session = wb.get("session")
        flashes: list[tuple[str, str]] = []
        if session is not None:
            with self._lock:
                flashes, session["flash"] = session["flash"], []
        interstitial = bool(wb.get("interstitial"))
        if interstitial:
            self._mark(request, "interstitial", "announcement dialog covers the page")
        context = {
            "user": session,
            "csrf_token": session.get("csrf", "") if session is not None else "",
            "section": ctx.pop("section", None),
            "clock": self._clock(),
            "notifications": 2 + self._episode.seed % 4,
            "flashes": flashes + ctx.pop("banners", []),
            "interstitial": interstitial,
            "current_path": request.url.path + (f"?{request.url.query}" if request.url.query else ""),
            "extra_notice": ctx.pop("extra_notice", None),
        }
        context.update(ctx)
        html = self._env.get_template(template).render(**context)
        return HTMLResponse(html, status_code=status_code)

    def _error(self, request: Request, status_code: int, title: str, message: str, **ctx: Any):
        return self._render(request, "error.html", status_code=status_code, title=title,
                            message=message, **ctx)

    def _flash(self, request: Request, kind: str, text: str) -> None:
        session = request.scope.get("wb", {}).get("session")
        if session is not None:
            with self._lock:
                session["flash"].append((kind, text))

    @staticmethod
    def _mark(request: Request, fault: str, detail: str) -> None:
        wb = request.scope.setdefault("wb", {})
        if wb.get("fault") is None:
            wb["fault"] = fault
            wb["detail"] = detail
        elif detail not in wb["detail"]:
            wb["detail"] += "; " + detail

    @staticmethod
    def _wrote(request: Request, what: str) -> None:
        wb = request.scope.setdefault("wb", {})
        wb["write"] = what if not wb.get("write") else wb["write"] + "; " + what

    def _audit(self, conn: sqlite3.Connection, request: Request, action: str, record: str,
               detail: str) -> None:
        user = request.scope["wb"]["session"]["user"]
        conn.execute("INSERT INTO audit (username, action, record, detail) VALUES (?, ?, ?, ?)",
                     (user, action, record, detail))
        self._wrote(request, f"{action} {record}: {detail}")

    def _fault(self) -> str | None:
        return self._episode.fault

    def _fires(self, kind: str) -> bool:
        """Whether ``kind`` acts on this request (a transient variant acts once per episode)."""
        with self._lock:
            return self._ep["faults"].fires(kind, self._episode.persistence)

    def _blocked_by_interstitial(self, request: Request, back: str) -> Response | None:
        if request.scope.get("wb", {}).get("interstitial"):
            self._mark(request, "interstitial",
                       "write refused: the announcement has not been acknowledged")
            return RedirectResponse(back, status_code=303)
        return None

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

    async def healthz(self, request: Request):
        return JSONResponse({"ok": True})

    # ---- sign-in

    async def signin_page(self, request: Request):
        banners = []
        if request.query_params.get("expired"):
            banners.append(("error", EXPIRED_MESSAGE))
        if request.query_params.get("signed_out"):
            banners.append(("success", "You have signed out."))
        return self._render(request, "signin.html", title="Sign in", banners=banners,
                            next=_safe_next(request.query_params.get("next"), "/"),
                            username="")

    async def signin_submit(self, request: Request):
        form = await request.form()
        username = str(form.get("username", "")).strip()
        password = str(form.get("password", ""))
        nxt = _safe_next(str(form.get("next", "")), "/")
        with self._db() as conn:
            user = conn.execute("SELECT * FROM users WHERE username = ?", (username,)).fetchone()
        if user is None or not hmac.compare_digest(user["password_hash"], hash_password(password)):
            return self._render(request, "signin.html", status_code=200, title="Sign in",
                                banners=[("error", "Incorrect username or password.")],
                                next=nxt, username=username)
        cookie = self.create_session(username)
        response = RedirectResponse(nxt, status_code=303)
        response.set_cookie(SESSION_COOKIE, cookie, httponly=True, samesite="lax", path="/")
        return response

    async def signout(self, request: Request):
        sid, _, _ = self.session_for(request)
        with self._lock:
            self._sessions.pop(sid, None)
        response = RedirectResponse("/signin?signed_out=1", status_code=303)
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    async def dismiss_announcement(self, request: Request):
        form = await request.form()
        with self._lock:
            self._ep["interstitial_dismissed"] = True
        return RedirectResponse(_safe_next(str(form.get("next", "")), "/"), status_code=303)

    # ---- home

    async def home(self, request: Request):
        with self._db() as conn:
            def count(sql: str) -> int:
                return conn.execute(sql).fetchone()[0]
            open_tickets = count("SELECT COUNT(*) FROM tickets WHERE status = 'Open'")
            waiting = count("SELECT COUNT(*) FROM expenses WHERE status = 'Submitted'")
            products = count("SELECT COUNT(*) FROM products")
            refunds = count("SELECT COUNT(*) FROM orders "
                            "WHERE refund_status IN ('Pending', 'Refund requested')")
        cards = [
            ("Support queue", "/support", f"Open tickets ({open_tickets})"),
            ("Expense reports", "/expenses", f"Awaiting approval ({waiting})"),
            ("Product catalogue", "/catalogue", f"Products ({products})"),
            ("Orders", "/orders", f"Refunds pending ({refunds})"),
        ]
        return self._render(request, "home.html", title="Workbench home", cards=cards)

    # ---- lists (search box + filters), shared by the four workflows

    def list_page(self, workflow: str) -> Callable:
        spec = LIST_SPECS[workflow]

        async def handler(request: Request):
            return self._list(request, workflow, spec)

        handler.__name__ = f"{workflow}_list"
        return handler

    def _list(self, request: Request, workflow: str, spec: dict[str, Any]):
        fields = ["q"] + [f[0] for f in spec["filters"]]
        qp = request.query_params
        submitted = {f: qp.get(f, "").strip() for f in fields}
        was_submitted = any(f in qp for f in fields)
        session = request.scope["wb"]["session"]
        task = self.task
        fault = self._fault() if workflow == task.workflow else None

        if fault == "stale_filter" and self._episode.persistence == "transient":
            with self._lock:
                effective, detail = sticky_filter(session["filters"], workflow, spec["stale"], submitted, was_submitted)
            if detail:
                self._mark(request, "stale_filter", detail)
        elif fault == "stale_filter":
            effective = {f: spec["stale"].get(f, "") for f in fields}
            asked = submitted if was_submitted else {f: "" for f in fields}
            detail = ("list kept the previous filter "
                      + ", ".join(f"{k}={v!r}" for k, v in effective.items() if v))
            if asked != effective:
                detail += " instead of " + (
                    ", ".join(f"{k}={v!r}" for k, v in asked.items() if v) or "no filter")
            self._mark(request, "stale_filter", detail)
        else:
            with self._lock:
                saved = session["filters"]
                if was_submitted:
                    saved[workflow] = submitted
                effective = saved.get(workflow, {f: "" for f in fields})

        key = spec["key"]
        with self._db() as conn:
            rows = [dict(r) for r in conn.execute(f"SELECT * FROM {spec['table']} ORDER BY {key}")]
            tab_counts = []
            for label, flt in spec["tabs"]:
                where = " AND ".join(f"{k} = ?" for k in flt)
                n = conn.execute(f"SELECT COUNT(*) FROM {spec['table']} WHERE {where}",
                                 tuple(flt.values())).fetchone()[0]
                tab_counts.append((f"{label} ({n})", "/" + workflow + "?" + urlencode(flt)))

        q = effective.get("q", "").lower()
        results = [
            r for r in rows
            if (not q or any(q in str(r[c]).lower() for c in spec["search_cols"]))
            and all(not effective.get(f) or r[f] == effective[f] for f, _, _ in spec["filters"])
        ]
        hrefs = {r[key]: f"/{workflow}/{r[key]}" for r in rows}

        if fault == "wrong_record":
            ids = [r[key] for r in results]
            if task.target in ids:
                # the stale search index points the target's row at the near-miss record, and
                # ranks the near-miss first when the search names the target
                hrefs[task.target] = f"/{workflow}/{task.near_miss}"
                detail = f"row {task.target} links to /{workflow}/{task.near_miss}"
                if q:
                    near = next(r for r in rows if r[key] == task.near_miss)
                    results = [near] + [r for r in results if r[key] != task.near_miss]
                    detail = f"search ranked {task.near_miss} above {task.target}; " + detail
                self._mark(request, "wrong_record", detail)

        table_rows = [
            {"key": r[key], "href": hrefs[r[key]], "cells": spec["cells"](r, self._ago)}
            for r in results
        ]
        singular, plural = spec["noun"]
        active = [(label, effective.get(name, "")) for name, label, _ in spec["filters"]
                  if effective.get(name)]
        return self._render(
            request, "list.html", title=spec["title"], section=workflow, workflow=workflow,
            spec=spec, query=effective.get("q", ""), effective=effective, active=active,
            rows=table_rows, tabs=tab_counts, searched=any(effective.values()),
            count_text=(f"No {plural} match" if not table_rows else
                        f"1 {singular} matches" if len(table_rows) == 1 else
                        f"{len(table_rows)} {plural} match"),
        )

    def _record(self, table: str, keycol: str, key: str) -> dict[str, Any] | None:
        with self._db() as conn:
            row = conn.execute(f"SELECT * FROM {table} WHERE {keycol} = ?", (key,)).fetchone()
        return dict(row) if row else None

    def _note_wrong_record_detail(self, request: Request, workflow: str, key: str) -> None:
        task = self.task
        if self._fault() == "wrong_record" and task.workflow == workflow and key == task.near_miss:
            self._mark(request, "wrong_record", f"served {key} (near-miss of {task.target})")

    def _not_found(self, request: Request, what: str):
        return self._error(request, 404, "Page not found", f"{what} was not found.")

    def _require(self, request: Request, table: str, keycol: str, label: str) -> tuple[str, dict[str, Any]]:
        """The route's ``{key}`` and its record; a missing record ends the request with a 404 page."""
        key = request.path_params["key"]
        record = self._record(table, keycol, key)
        if record is None:
            raise _Halt(self._not_found(request, f"{label} {key}"))
        return key, record

    async def _write_form(self, request: Request, back: str) -> Any:
        """The submitted form of a write; while the interstitial is up the write is refused (to ``back``)."""
        blocked = self._blocked_by_interstitial(request, back)
        if blocked is not None:
            raise _Halt(blocked)
        return await request.form()

    def _fault_here(self, workflow: str) -> str | None:
        return self._fault() if self.task.workflow == workflow else None

    # ---- support triage

    async def ticket_detail(self, request: Request):
        key, ticket = self._require(request, "tickets", "id", "Ticket")
        self._note_wrong_record_detail(request, "support", key)
        missing = self._fault_here("support") == "control_missing"
        if missing:
            self._mark(request, "control_missing", "Assign control removed from ticket detail")
        return self._render(request, "ticket.html", title=f"Ticket {key}", section="support",
                            t=ticket, teams=TEAMS, show_assign=not missing,
                            updated=self._ago(ticket),
                            extra_notice="New layout: we have simplified this page." if missing else None)

    def _key_control_fault(self, request: Request, workflow: str, fault: str | None, *, what: str,
                           back: str, noop_to: str | None = None, banner: str | None = None,
                           removed: bool = False):
        """The faults that act on a workflow's key control, shared by its write handlers.

        Returns the faulty response, or ``None`` when the request should go through.
        """
        if removed and fault == "control_missing":
            self._mark(request, fault, f"{what}: endpoint removed")
            return self._error(request, 410, "Action unavailable", "This action is no longer available on this page.")
        if fault == "permission_denied":
            self._mark(request, fault, f"{what} refused with 403")
            return self._error(request, 403, "Permission denied", DENIED[workflow])
        if fault == "silent_noop" and self._fires(fault):
            self._mark(request, fault, f"{what} ignored")
            return RedirectResponse(noop_to or back, status_code=303)
        if fault == "wrong_banner" and banner is not None and self._fires(fault):
            self._mark(request, fault, f"{what} not saved; banner {banner!r} shown instead")
            self._flash(request, "success", banner)
            return RedirectResponse(back, status_code=303)
        return None

    async def ticket_assign(self, request: Request):
        key, ticket = self._require(request, "tickets", "id", "Ticket")
        back = f"/support/{key}"
        form = await self._write_form(request, back)
        team = str(form.get("team", ""))
        faulty = self._key_control_fault(request, "support", self._fault_here("support"), removed=True,
                                         what=f"assign {key} to {team!r}", back=back,
                                         banner=f"Comment added to ticket {key}.")
        if faulty is not None:
            return faulty
        if team not in TEAMS:
            self._flash(request, "error", "Choose a team to assign the ticket to.")
            return RedirectResponse(back, status_code=303)
        with self._lock, self._db() as conn:
            conn.execute("UPDATE tickets SET team = ?, updated_offset_min = ? WHERE id = ?",
                         (team, self._now_offset(), key))
            self._audit(conn, request, "assign", key, f"team {ticket['team']} -> {team}")
        self._flash(request, "success", f"Ticket {key} assigned to {team}. Changes saved.")
        return RedirectResponse(back, status_code=303)

    # ---- expense approval

    async def expense_detail(self, request: Request):
        key, exp = self._require(request, "expenses", "id", "Expense report")
        self._note_wrong_record_detail(request, "expenses", key)
        missing = self._fault_here("expenses") == "control_missing"
        if missing and exp["status"] == "Submitted":
            self._mark(request, "control_missing",
                       "Approve and Reject controls removed from expense report detail")
        return self._render(request, "expense.html", title=f"Expense report {key}",
                            section="expenses", e=exp, show_decision=not missing,
                            updated=self._ago(exp),
                            extra_notice="New layout: we have simplified this page." if missing else None)

    async def expense_decide(self, request: Request):
        key, exp = self._require(request, "expenses", "id", "Expense report")
        back = f"/expenses/{key}"
        form = await self._write_form(request, back)
        decision = str(form.get("decision", ""))
        note = str(form.get("note", "")).strip()
        faulty = self._key_control_fault(request, "expenses", self._fault_here("expenses"), removed=True,
                                         what=f"{decision} {key}", back=back,
                                         banner=f"Expense report {key} exported to PDF.")
        if faulty is not None:
            return faulty
        if decision not in ("approve", "reject"):
            self._flash(request, "error", "Choose Approve or Reject.")
            return RedirectResponse(back, status_code=303)
        if exp["status"] != "Submitted":
            self._flash(request, "error",
                        f"Expense report {key} was already {exp['status'].lower()}.")
            return RedirectResponse(back, status_code=303)
        if decision == "reject" and not note:
            self._flash(request, "error", "Add a note explaining why the report is rejected.")
            return RedirectResponse(back, status_code=303)
        status = "Approved" if decision == "approve" else "Rejected"
        user = request.scope["wb"]["session"]["user"]
        with self._lock, self._db() as conn:
            conn.execute(
                "UPDATE expenses SET status = ?, decision_note = ?, decided_by = ?, "
                "updated_offset_min = ? WHERE id = ?",
                (status, note, user, self._now_offset(), key),
            )
            self._audit(conn, request, decision, key, f"status -> {status}; note {note!r}")
        self._flash(request, "success", f"Expense report {key} {status.lower()}.")
        return RedirectResponse(back, status_code=303)

    async def expense_note(self, request: Request):
        key, exp = self._require(request, "expenses", "id", "Expense report")
        back = f"/expenses/{key}"
        form = await self._write_form(request, back)
        note = str(form.get("note", "")).strip()
        with self._lock, self._db() as conn:
            conn.execute("UPDATE expenses SET decision_note = ?, updated_offset_min = ? "
                         "WHERE id = ?", (note, self._now_offset(), key))
            self._audit(conn, request, "note", key, f"note {note!r}")
        self._flash(request, "success", f"Note saved on expense report {key}.")
        return RedirectResponse(back, status_code=303)

    # ---- catalogue price update

    async def product_detail(self, request: Request):
        key, p = self._require(request, "products", "sku", "Product")
        self._note_wrong_record_detail(request, "catalogue", key)
        return self._render(request, "product.html", title=f"Product {key}",
                            section="catalogue", p=p, updated=self._ago(p))

    async def product_edit(self, request: Request):
        key, p = self._require(request, "products", "sku", "Product")
        renamed = self._fault_here("catalogue") == "control_missing"
        if renamed:
            self._mark(request, "control_missing",
                       "Save price control replaced by Submit for approval")
        return self._render(request, "product_edit.html", title=f"Edit price for {key}",
                            section="catalogue", p=p, renamed=renamed, error=None,
                            value=f"{p['price_cents'] / 100:.2f}",
                            extra_notice="New layout: we have simplified this page." if renamed else None)

    async def product_save_price(self, request: Request):
        key, p = self._require(request, "products", "sku", "Product")
        back = f"/catalogue/{key}"
        edit = f"/catalogue/{key}/edit"
        form = await self._write_form(request, edit)
        raw = str(form.get("price", ""))
        cents = _parse_price(raw)
        fault = self._fault_here("catalogue")
        faulty = self._key_control_fault(request, "catalogue", fault, what=f"price {raw!r} for {key}",
                                         back=back, noop_to=edit, banner=f"Stock level for {key} updated.")
        if faulty is not None:
            return faulty
        if cents is None:
            return self._render(request, "product_edit.html", title=f"Edit price for {key}",
                                section="catalogue", p=p,
                                renamed=fault == "control_missing",
                                error="Enter a price such as 229.00.", value=raw)
        if fault == "control_missing":
            self._mark(request, "control_missing",
                       f"renamed control stored {format_money(cents)} as a pending request")
            with self._lock, self._db() as conn:
                conn.execute("UPDATE products SET pending_price_cents = ?, updated_offset_min = ? "
                             "WHERE sku = ?", (cents, self._now_offset(), key))
                self._audit(conn, request, "request_price", key,
                            f"pending price {format_money(cents)}")
            self._flash(request, "success",
                        f"Price change for {key} submitted for approval.")
            return RedirectResponse(back, status_code=303)
        with self._lock, self._db() as conn:
            conn.execute("UPDATE products SET price_cents = ?, pending_price_cents = NULL, "
                         "updated_offset_min = ? WHERE sku = ?",
                         (cents, self._now_offset(), key))
            self._audit(conn, request, "price", key,
                        f"{format_money(p['price_cents'])} -> {format_money(cents)}")
        self._flash(request, "success", f"Price for {key} updated to {format_money(cents)}.")
        return RedirectResponse(back, status_code=303)

    # ---- order refund lookup (read-only)

    async def order_detail(self, request: Request):
        key, o = self._require(request, "orders", "id", "Order")
        self._note_wrong_record_detail(request, "orders", key)
        missing = self._fault_here("orders") == "control_missing"
        if missing:
            self._mark(request, "control_missing", "Refund details link removed from order page")
        return self._render(request, "order.html", title=f"Order {key}", section="orders",
                            o=o, show_refund_link=not missing, updated=self._ago(o),
                            extra_notice="New layout: we have simplified this page." if missing else None)

    async def order_refund(self, request: Request):
        key, o = self._require(request, "orders", "id", "Order")
        fault = self._fault_here("orders")
        if fault == "control_missing":
            self._mark(request, "control_missing", "refund details page removed")
            return self._not_found(request, f"Refund details for {key}")
        faulty = self._key_control_fault(request, "orders", fault, what=f"refund details for {key}",
                                         back=f"/orders/{key}")
        if faulty is not None:
            return faulty
        banners = []
        if fault == "wrong_banner" and self._fires(fault):
            other_id = self.task.near_miss if key == self.task.target else self.task.target
            other = self._record("orders", "id", other_id)
            amount = format_money(other["refund_cents"] if other else 0)
            self._mark(request, "wrong_banner", f"banner for a refund on {other_id}")
            banners.append(("success", f"Refund of {amount} issued for order {other_id}."))
        return self._render(request, "refund.html", title=f"Refund details for {key}",
                            section="orders", o=o, banners=banners)

    # ---- control endpoints (not linked from any page; need the control token)

    async def control_episode(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        if request.method == "GET":
            return JSONResponse(self._episode.to_dict())
        try:
            body = await request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return JSONResponse({"error": "send a JSON object"}, status_code=400)
        try:
            config = self.reset_episode(
                body.get("workflow", "support"), int(body.get("variant", 0)),
                body.get("fault"), int(body.get("seed", 0)),
                params=body.get("params") or {},
                frozen_clock=bool(body.get("frozen_clock", False)),
                keep_sessions=bool(body.get("keep_sessions", True)),
            )
        except Exception as exc:  # ConfigError and friends: report, do not crash
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse(config.to_dict())

    async def control_events(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        return JSONResponse([e.to_dict() for e in self.events()])

    async def control_state(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        return JSONResponse(self.db_state())

    async def control_validate(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        try:
            body = await request.json()
        except ValueError:
            body = {}
        answer = body.get("answer") if isinstance(body, dict) else None
        return JSONResponse(self.validate(answer).to_dict())

    async def control_login(self, request: Request):
        if not self._check_control(request):
            return Response("Not Found", status_code=404)
        cookie = self.create_session(request.query_params.get("user", "agent"))
        response = RedirectResponse(_safe_next(request.query_params.get("next"), "/"),
                                    status_code=303)
        response.set_cookie(SESSION_COOKIE, cookie, httponly=True, samesite="lax", path="/")
        return response


class _Halt(Exception):
    """Ends a handler early with a response already built (a 404 page, a refused write's redirect)."""

    def __init__(self, response: Response):
        super().__init__()
        self.response = response


def _halted(request: Request, exc: Exception) -> Response:
    return exc.response  # type: ignore[attr-defined]


class _EpisodeMiddleware:
    """Numbers app requests, enforces sign-in, applies request-level faults, logs events."""

    def __init__(self, app, wb: WorkbenchApp) -> None:
        self.app = app
        self.wb = wb

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path.startswith(_UNLOGGED_PREFIXES):
            await self.app(scope, receive, send)
            return
        wb = self.wb
        request = Request(scope)
        method = scope["method"]
        query = scope.get("query_string", b"").decode("latin-1")
        sid, session, had_cookie = wb.session_for(request)
        info: dict[str, Any] = {"session": session, "sid": sid, "fault": None, "write": None,
                                "detail": "", "interstitial": False}
        scope["wb"] = info
        t = 0.0
        index = -1
        response: Response | None = None
        if path not in _PUBLIC_PATHS:
            with wb._lock:
                if session is not None:  # only signed-in requests are numbered
                    index = wb._ep["requests"]
                    wb._ep["requests"] += 1
                t = time.monotonic() - wb._ep["t0"]
                episode = wb._episode
                after = episode.params.get("after_requests", 0)
                if session is None:
                    nxt = path if method == "GET" else (path.rsplit("/", 1)[0] or "/")
                    if method == "GET" and query:
                        nxt += "?" + query
                    qs = {"next": nxt}
                    if had_cookie:
                        qs["expired"] = "1"
                    response = RedirectResponse("/signin?" + urlencode(qs, quote_via=quote),
                                                status_code=303)
                else:
                    response = request_fault(wb._ep, wb._sessions, episode, index, sid, method, path, info)
            if response is None and episode.fault == "slow_response" and index >= after \
                    and wb._fires("slow_response"):
                delay = float(episode.params.get("delay_s", 0.0))
                info["fault"] = "slow_response"
                info["detail"] = f"response held for {delay:g} s"
                await wb._hold(delay)
        else:
            with wb._lock:
                t = time.monotonic() - wb._ep["t0"]

        status_holder = {"status": 0}

        async def send_wrapper(message):
            if message["type"] == "http.response.start":
                status_holder["status"] = message["status"]
            await send(message)

        episode_at_start = wb._episode
        try:
            if response is not None:
                await response(scope, receive, send_wrapper)
            else:
                await self.app(scope, receive, send_wrapper)
        finally:
            if wb._episode is episode_at_start and not path.startswith("/__control"):
                wb._log({
                    "index": index, "method": method, "path": path, "query": query,
                    "status": status_holder["status"] or 500, "t": t,
                    "fault": info.get("fault"), "write": info.get("write"),
                    "detail": info.get("detail", ""),
                })
