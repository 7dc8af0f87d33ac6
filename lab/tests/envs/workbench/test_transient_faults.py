"""Transient and persistent variants of the workbench faults (in-process, Starlette's TestClient).

A transient variant acts once, or can be undone from the page; a persistent one keeps acting. The
same variants run live in Chromium in tests/envs/live/test_live_repair_strategies.py.
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("itsdangerous")

from starlette.testclient import TestClient  # noqa: E402

from fcpkit.errors import ConfigError  # noqa: E402
from fcpkit_lab.envs.workbench import EXPIRED_MESSAGE, FAULT_KINDS, WorkbenchApp, get_task  # noqa: E402
from fcpkit_lab.envs.workbench.faults import FAULTS, parse_fault  # noqa: E402

from _labsupport.workbench_driver import csrf_token, sign_in  # noqa: E402


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


def start(wb, workflow, fault, persistence, **params):
    return wb.reset_episode(workflow, 0, fault, params={"persistence": persistence, **params}, frozen_clock=True)


def assign(client, key="T-390", team="Payments"):
    page = client.get(f"/support/{key}").text
    return client.post(f"/support/{key}/assign", data={"team": team, "csrf_token": csrf_token(page)})


def test_registry_labels_every_kind_and_rejects_unknown_variants(wb):
    assert set(FAULTS) == set(FAULT_KINDS)
    for kind, spec in FAULTS.items():
        assert spec.default in spec.variants and set(spec.variants) <= {"persistent", "transient"}
    assert parse_fault("silent_noop:transient") == ("silent_noop", "transient")
    assert parse_fault("permission_denied") == ("permission_denied", None)
    with pytest.raises(ConfigError, match="no 'transient' variant"):
        parse_fault("permission_denied:transient")
    with pytest.raises(ConfigError, match="persistence must be one of"):
        wb.reset_episode("support", 0, "silent_noop", params={"persistence": "sometimes"})
    ep = start(wb, "support", "silent_noop", "transient")
    assert ep.persistence == "transient" and ep.to_dict()["persistence"] == "transient"
    assert wb.reset_episode("support", 0, "silent_noop").persistence == "persistent"  # the kind's default


def test_session_expires_once_when_transient_and_after_every_sign_in_when_persistent(wb, client):
    start(wb, "support", "session_expired", "transient", after_requests=0)
    assert EXPIRED_MESSAGE in client.get("/support").text
    assert sign_in(client).status_code == 200
    assert "Support queue" in client.get("/support").text
    start(wb, "support", "session_expired", "persistent", after_requests=0)
    for _ in range(2):
        assert EXPIRED_MESSAGE in client.get("/support").text
        assert sign_in(client).status_code == 200


def test_interstitial_dismissal_sticks_only_when_transient(wb, client):
    for persistence, back in (("transient", False), ("persistent", True)):
        start(wb, "support", "interstitial", persistence, after_requests=0)
        page = client.get("/support").text
        assert 'role="dialog"' in page
        client.post("/announcements/dismiss", data={"next": "/support", "csrf_token": csrf_token(page)})
        assert ('role="dialog"' in client.get("/support").text) is back


def test_stale_filter_can_be_cleared_only_when_transient(wb, client):
    start(wb, "support", "stale_filter", "transient")
    first = client.get("/support").text
    assert "Filtered by Status: Open" in first or 'value="refund"' in first
    cleared = client.get("/support?q=").text
    assert "Filtered by" not in cleared
    found = client.get("/support?q=T-390&status=&team=").text
    assert "1 ticket matches" in found
    start(wb, "support", "stale_filter", "persistent")
    assert 'href="/support/T-390"' not in client.get("/support?q=T-390&status=&team=").text


@pytest.mark.parametrize("fault", ["silent_noop", "wrong_banner"])
def test_a_lost_first_press_works_the_second_time_only_when_transient(wb, client, fault):
    start(wb, "support", fault, "transient")
    assign(client)
    assert not wb.validate().success
    assign(client)
    assert wb.validate().success
    start(wb, "support", fault, "persistent")
    assign(client)
    assign(client)
    assert not wb.validate().success and not wb.write_events()


def test_orders_banner_for_another_record_shows_once_when_transient(wb, client):
    task = get_task("orders", 0)
    start(wb, "orders", "wrong_banner", "transient")
    first = client.get(f"/orders/{task.target}/refund").text
    again = client.get(f"/orders/{task.target}/refund").text
    assert f"issued for order {task.near_miss}" in first and "issued for order" not in again


def test_a_slow_response_is_held_once_when_transient(wb, client):
    start(wb, "support", "slow_response", "transient", after_requests=0, delay_s=0.4)
    t0 = time.monotonic()
    client.get("/support")
    held = time.monotonic() - t0
    t0 = time.monotonic()
    client.get("/support")
    assert held >= 0.4 and time.monotonic() - t0 < 0.4
    assert [e.fault for e in wb.fault_events()] == ["slow_response"]
    ep = wb.reset_episode("support", 0, "slow_response", params={"persistence": "transient"})
    assert ep.params["delay_s"] > 10  # longer than the browser waits for a page: the agent sees it
