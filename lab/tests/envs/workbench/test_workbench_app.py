"""The workbench application: sign-in, the four healthy workflows, every fault kind, resets.

Driven in-process with Starlette's TestClient (no browser): each fault must be a real
behaviour of the app that the link-following driver runs into, and the functional validator
must fail where the fault breaks the task.
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("itsdangerous")

from starlette.testclient import TestClient  # noqa: E402

from fcpkit.errors import ConfigError  # noqa: E402
from fcpkit_lab.envs.workbench import (  # noqa: E402
    CONTROL_HEADER,
    EXPIRED_MESSAGE,
    FAULT_KINDS,
    TASKS,
    WORKFLOWS,
    WorkbenchApp,
    get_task,
    seed_state,
    validate,
)

from _labsupport.workbench_driver import csrf_token, dd_after, form_action, h1, link_href, run_task, sign_in  # noqa: E402

ALL_TASKS = [t for ts in TASKS.values() for t in ts]


@pytest.fixture(scope="module")
def wb():
    app = WorkbenchApp()
    yield app
    app.close()


@pytest.fixture
def client(wb):
    with TestClient(wb.asgi, base_url="http://127.0.0.1") as c:
        wb.reset_episode("support", 0)
        assert sign_in(c).status_code == 200
        yield c


def start(wb, workflow, variant=0, fault=None, **params):
    return wb.reset_episode(workflow, variant, fault, seed=0, params=params or None,
                            frozen_clock=True)


# ------------------------------------------------------------------ sign-in and sessions

def test_pages_require_sign_in_and_sign_in_works(wb):
    with TestClient(wb.asgi, base_url="http://127.0.0.1") as c:
        wb.reset_episode("support", 0)
        r = c.get("/support/T-390", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/signin?next=")
        r = c.post("/signin", data={"username": "agent", "password": "nope", "next": "/"})
        assert 'role="alert">Incorrect username or password.' in r.text
        r = c.post("/signin", data={"username": "agent", "password": "workbench",
                                    "next": "/support/T-390"})
        assert r.status_code == 200 and str(r.url).endswith("/support/T-390")
        assert h1(r.text) == "Ticket T-390"
        r = c.post("/signout", data={"csrf_token": csrf_token(r.text)})
        assert "You have signed out." in r.text
        assert "/signin" in str(c.get("/support").url)


def test_forged_cookie_is_rejected(wb):
    with TestClient(wb.asgi, base_url="http://127.0.0.1") as c:
        c.cookies.set("wb_session", "eyJzaWQiOiJ4In0.forged")
        r = c.get("/support", follow_redirects=False)
        assert r.status_code == 303 and "signin" in r.headers["location"]


def test_pages_are_accessible_html(client):
    page = client.get("/support").text
    assert '<label for="q">Search tickets</label>' in page
    assert "<h1>Support queue</h1>" in page and "Open (12)" in page
    assert "Last updated 10:42" in page and "5 minutes ago" in page
    assert 'aria-current="page"' in page and "__control" not in page


# ------------------------------------------------------------------ healthy workflows

@pytest.mark.parametrize("task", ALL_TASKS, ids=lambda t: t.id)
def test_healthy_workflow_passes_its_validator(wb, client, task):
    start(wb, task.workflow, task.variant)
    run = run_task(client, task)
    assert run.stopped is None, run.stopped
    result = wb.validate(run.answer)
    assert result.success, result.reason
    assert wb.fault_events() == []
    if task.read_only:
        assert wb.write_events() == []
    else:
        writes = wb.write_events()
        assert len(writes) == 1 and task.target in writes[0].write
        assert all(p.status_code == 200 for p in run.pages)


def test_healthy_confirmation_banners(wb, client):
    start(wb, "catalogue", 0)
    run = run_task(client, get_task("catalogue", 0))
    assert 'role="status">Price for SKU-2045 updated to $229.00.' in run.last.text
    assert dd_after(run.last.text, "Current price") == "$229.00"
    start(wb, "expenses", 1)
    run = run_task(client, get_task("expenses", 1))
    assert "Expense report EXP-1193 rejected." in run.last.text


def test_task_without_action_fails_validation(wb):
    for task in ALL_TASKS:
        start(wb, task.workflow, task.variant)
        assert not wb.validate().success


def test_refund_answer_validation():
    task = get_task("orders", 0)
    state = seed_state()
    assert validate(task, state, "ORD-55012: Refunded, $38.90").success
    assert validate(task, state, "refund status refunded; amount 38.9").success
    assert not validate(task, state, "Partially refunded, $38.90").success
    assert not validate(task, state, "Pending, $83.90").success
    assert not validate(task, state, "Refunded").success
    assert not validate(task, state, None).success
    task1 = get_task("orders", 1)
    assert validate(task1, state, "Partially refunded: $12.00").success
    assert not validate(task1, state, "Refunded: $120.00").success


def test_unknown_names_raise_config_error(wb):
    with pytest.raises(ConfigError):
        wb.reset_episode("payroll", 0)
    with pytest.raises(ConfigError):
        wb.reset_episode("support", 7)
    with pytest.raises(ConfigError):
        wb.reset_episode("support", 0, "meteor_strike")
    with pytest.raises(ConfigError):
        wb.reset_episode("support", 0, "slow_response", params={"delay": 1})


# ------------------------------------------------------------------ faults

WRITE_WORKFLOWS = ["support", "expenses", "catalogue"]


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_wrong_record(wb, client, workflow):
    task = get_task(workflow, 0)
    start(wb, workflow, 0, "wrong_record")
    listing = client.get(f"{task.start_path}?q={task.target}").text
    first_row = listing.index("<tbody>")
    assert listing.index(f">{task.near_miss}</a>", first_row) < listing.index(
        f">{task.target}</a>", first_row)  # near-miss ranked first
    assert link_href(listing, task.target) == f"/{workflow}/{task.near_miss}"
    start(wb, workflow, 0, "wrong_record")
    run = run_task(client, task)
    assert task.near_miss in h1(run.pages[1].text)
    result = wb.validate(run.answer)
    assert not result.success
    if workflow in WRITE_WORKFLOWS:
        assert task.near_miss in result.reason  # the write landed on the near-miss
    first = wb.first_fault_event()
    assert first.fault == "wrong_record" and first.index == 0


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_session_expired(wb, client, workflow):
    task = get_task(workflow, 0)
    start(wb, workflow, 0, "session_expired", after_requests=1)
    run = run_task(client, task)
    assert run.stopped == "detail page did not open"
    assert "/signin" in str(run.last.url)
    assert f'role="alert">{EXPIRED_MESSAGE}' in run.last.text
    assert not wb.validate(run.answer).success
    (event,) = wb.fault_events()
    assert event.fault == "session_expired" and event.index == 1 and event.status == 303
    # the old cookie stays expired; signing in again works and lands on the page asked for
    again = client.get(task.start_path)
    assert EXPIRED_MESSAGE in again.text
    assert sign_in(client).status_code == 200
    assert client.get(task.start_path).status_code == 200


def test_session_expired_on_write_loses_the_write(wb, client):
    task = get_task("support", 0)
    start(wb, "support", 0, "session_expired", after_requests=2)
    run = run_task(client, task)
    assert run.stopped is None and EXPIRED_MESSAGE in run.last.text
    assert wb.write_events() == [] and not wb.validate().success
    assert wb.first_fault_event().method == "POST"


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_stale_filter(wb, client, workflow):
    task = get_task(workflow, 0)
    start(wb, workflow, 0, "stale_filter")
    listing = client.get(f"{task.start_path}?q={task.target}").text
    assert f'value="{task.target}"' not in listing  # the search box kept the old query
    assert link_href(listing, task.target) is None
    start(wb, workflow, 0, "stale_filter")
    run = run_task(client, task)
    assert run.stopped == f"no link for {task.target} on the list page"
    assert not wb.validate(run.answer).success
    assert wb.first_fault_event().fault == "stale_filter"


def test_stale_filter_shows_previous_search(wb, client):
    start(wb, "support", 0, "stale_filter")
    page = client.get("/support?q=T-390").text
    assert "Search results for refund" in page and 'value="refund"' in page
    assert "T-411" in page  # the previous results: refund tickets
    # healthy: the new search replaces the previous one
    start(wb, "support", 0)
    page = client.get("/support?q=T-390").text
    assert "Search results for T-390" in page and "1 ticket matches" in page


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_control_missing(wb, client, workflow):
    task = get_task(workflow, 0)
    start(wb, workflow, 0, "control_missing")
    run = run_task(client, task)
    assert not wb.validate(run.answer).success
    assert wb.first_fault_event().fault == "control_missing"
    if workflow == "support":
        assert run.stopped == "no Assign control"
        assert "<button" in run.last.text and ">Assign</button>" not in run.last.text
    elif workflow == "expenses":
        assert run.stopped == "no Approve control"
        assert ">Save note</button>" in run.last.text
    elif workflow == "catalogue":  # renamed: the "save" only files a pending request
        assert run.stopped is None
        assert "Price change for SKU-2045 submitted for approval." in run.last.text
        assert dd_after(run.last.text, "Current price") == "$249.00"
        assert wb.db_state()["products"]["SKU-2045"]["pending_price_cents"] == 22900
    else:
        assert run.stopped == "no Refund details link"
        assert client.get("/orders/ORD-55012/refund").status_code == 404


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_wrong_banner(wb, client, workflow):
    task = get_task(workflow, 0)
    start(wb, workflow, 0, "wrong_banner")
    run = run_task(client, task)
    assert run.stopped is None
    banner = {"support": "Comment added to ticket T-390.",
              "expenses": "Expense report EXP-1180 exported to PDF.",
              "catalogue": "Stock level for SKU-2045 updated.",
              "orders": "Refund of $83.90 issued for order ORD-55021."}[workflow]
    assert f'role="status">{banner}' in run.last.text
    assert wb.write_events() == []
    assert wb.first_fault_event().fault == "wrong_banner"
    if workflow in WRITE_WORKFLOWS:
        assert wb.db_state() == seed_state()
        assert not wb.validate().success
    else:  # read-only: the misleading banner is there, the refund fields are still right
        assert wb.validate(run.answer).success


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_silent_noop(wb, client, workflow):
    task = get_task(workflow, 0)
    start(wb, workflow, 0, "silent_noop")
    run = run_task(client, task)
    assert run.stopped is None or workflow == "orders"
    before, after = run.pages[-2], run.pages[-1]
    assert after.status_code == 200 and after.url == before.url
    assert after.text == before.text  # re-rendered identical: nothing changed
    assert wb.db_state() == seed_state()
    assert not wb.validate(run.answer).success
    assert wb.first_fault_event().fault == "silent_noop"


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_permission_denied(wb, client, workflow):
    task = get_task(workflow, 0)
    start(wb, workflow, 0, "permission_denied")
    run = run_task(client, task)
    assert run.last.status_code == 403
    assert 'role="alert">You do not have permission' in run.last.text
    assert "<h1>Permission denied</h1>" in run.last.text
    assert not wb.validate(run.answer).success
    event = wb.first_fault_event()
    assert event.fault == "permission_denied" and event.status == 403


@pytest.mark.parametrize("workflow", WORKFLOWS)
def test_interstitial(wb, client, workflow):
    task = get_task(workflow, 0)
    start(wb, workflow, 0, "interstitial", after_requests=1)
    run = run_task(client, task)
    detail = run.pages[1]
    assert 'role="dialog" aria-modal="true"' in detail.text
    assert '<div id="app" inert aria-hidden="true">' in detail.text
    assert not wb.validate(run.answer).success or workflow == "orders"
    if workflow in WRITE_WORKFLOWS:
        assert wb.write_events() == []
        assert any("write refused" in e.detail for e in wb.fault_events())
    assert wb.first_fault_event().index == 1
    # dismissing the dialog lets the agent work again
    action = form_action(detail.text, "Accept and continue")
    page = client.post(action, data={"next": str(detail.url.path), "csrf_token": csrf_token(detail.text)})
    assert page.status_code == 200 and 'role="dialog"' not in page.text
    start(wb, workflow, 0, "interstitial", after_requests=1)
    listing = client.get(task.start_path)
    client.post("/announcements/dismiss", data={"next": "/", "csrf_token": csrf_token(listing.text)})
    run = run_task(client, task)
    assert wb.validate(run.answer).success


def test_slow_response_delays_in_process(wb, client):
    import time

    start(wb, "support", 0, "slow_response", after_requests=1, delay_s=0.6)
    t0 = time.monotonic()
    client.get("/support")
    fast = time.monotonic() - t0
    t0 = time.monotonic()
    client.get("/support/T-390")
    slow = time.monotonic() - t0
    assert slow >= 0.6 and fast < slow - 0.3
    event = wb.first_fault_event()
    assert event.fault == "slow_response" and event.index == 1


def test_every_fault_kind_is_exercised():
    tested = {"wrong_record", "session_expired", "stale_filter", "control_missing",
              "wrong_banner", "silent_noop", "permission_denied", "interstitial",
              "slow_response"}
    assert tested == set(FAULT_KINDS)


def test_faults_only_touch_their_workflow(wb, client):
    start(wb, "expenses", 0, "permission_denied")
    run = run_task(client, get_task("support", 0))
    assert run.last.status_code == 200 and "assigned to Payments" in run.last.text


# ------------------------------------------------------------------ episode reset and control

def test_reset_restores_the_database(wb, client):
    for task in (get_task("support", 0), get_task("expenses", 0), get_task("catalogue", 2)):
        start(wb, task.workflow, task.variant)
        run_task(client, task)
    assert wb.db_state() != seed_state()
    start(wb, "support", 0)
    assert wb.db_state() == seed_state()
    assert wb.events() == []
    assert "Unassigned" in client.get("/support/T-390").text


def test_http_control_endpoint(wb, client):
    body = {"workflow": "orders", "variant": 1, "fault": "wrong_record", "seed": 3}
    assert client.post("/__control/episode", json=body).status_code == 404  # no token
    headers = {CONTROL_HEADER: wb.control_token}
    r = client.post("/__control/episode", json=body, headers=headers)
    assert r.status_code == 200 and r.json()["fault"] == "wrong_record"
    assert wb.task.target == "ORD-55230" and wb.episode.seed == 3
    assert client.get("/__control/episode", headers=headers).json()["variant"] == 1
    bad = client.post("/__control/episode", json={"workflow": "x"}, headers=headers)
    assert bad.status_code == 400 and "unknown workbench workflow" in bad.json()["error"]
    client.get("/orders?q=ORD-55230")
    events = client.get("/__control/events", headers=headers).json()
    assert events[0]["fault"] == "wrong_record" and events[0]["index"] == 0
    state = client.get("/__control/state", headers=headers).json()
    assert state["orders"]["ORD-55230"]["refund_status"] == "Partially refunded"
    verdict = client.post("/__control/validate", json={"answer": "Partially refunded, $12.00"},
                          headers=headers).json()
    assert verdict["success"] is True


def test_control_login_signs_a_fresh_browser_in(wb):
    with TestClient(wb.asgi, base_url="http://127.0.0.1") as c:
        wb.reset_episode("expenses", 0)
        r = c.get(f"/__control/login?token={wb.control_token}&next=/expenses")
        assert r.status_code == 200 and h1(r.text) == "Expense reports"
        assert c.get("/__control/login?token=wrong").status_code == 404


def test_seed_varies_where_request_level_faults_hit(wb):
    assert wb.reset_episode("support", 0, "session_expired").params["after_requests"] == 2
    drawn = {wb.reset_episode("support", 0, "session_expired", seed=s).params["after_requests"]
             for s in range(1, 30)}
    assert drawn == {1, 2, 3}
    again = wb.reset_episode("support", 0, "session_expired", seed=7).params
    assert again == wb.reset_episode("support", 0, "session_expired", seed=7).params
    explicit = wb.reset_episode("support", 0, "session_expired", seed=7,
                                params={"after_requests": 5})
    assert explicit.params["after_requests"] == 5


def test_unknown_record_is_a_404_page_and_a_refused_write_loses_nothing(wb, client):
    start(wb, "support", 0, None)
    for path in ("/support/T-999", "/expenses/EXP-9999", "/catalogue/SKU-9999", "/orders/ORD-99999"):
        r = client.get(path)
        assert r.status_code == 404 and "was not found" in r.text, path
    token = csrf_token(client.get("/support").text)
    assert client.post("/support/T-999/assign", data={"team": "Payments", "csrf_token": token}).status_code == 404
    assert wb.write_events() == []
