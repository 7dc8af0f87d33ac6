"""The workbench on a real port: start, real HTTP requests, episode control over HTTP, stop."""

from __future__ import annotations

import socket
import threading
import time

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from fcpkit_lab.envs.workbench import CONTROL_HEADER, EXPIRED_MESSAGE, start_workbench  # noqa: E402


def _workbench_threads():
    return [t for t in threading.enumerate() if t.name.startswith("fcpkit-workbench")]


def test_start_request_stop_leaves_nothing_running():
    before = set(_workbench_threads())
    wb = start_workbench(port=0)
    try:
        assert wb.url.startswith("http://127.0.0.1:") and wb.port > 0 and wb.running
        with httpx.Client(base_url=wb.url, follow_redirects=True, timeout=10) as c:
            r = c.get("/support")
            assert r.status_code == 200 and "<h1>Sign in to Workbench</h1>" in r.text
            r = c.post("/signin", data={"username": "agent", "password": "workbench",
                                        "next": "/support/T-390"})
            assert r.status_code == 200 and "<h1>Ticket T-390</h1>" in r.text
            token = r.text.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
            r = c.post("/support/T-390/assign", data={"team": "Payments", "csrf_token": token})
            assert "Ticket T-390 assigned to Payments." in r.text
        assert wb.validate().success
        workdir = wb.app.workdir
    finally:
        wb.stop()
    assert not wb.running
    assert set(_workbench_threads()) == before
    assert not workdir.exists()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", wb.port), timeout=1).close()


def test_context_manager_http_control_and_slow_response():
    with start_workbench() as wb:
        headers = {CONTROL_HEADER: wb.control_token}
        with httpx.Client(base_url=wb.url, timeout=10) as c:
            r = c.post("/__control/episode", headers=headers,
                       json={"workflow": "expenses", "variant": 0, "fault": "slow_response",
                             "params": {"after_requests": 1, "delay_s": 0.6}})
            assert r.status_code == 200
            r = c.get(wb.login_url(), follow_redirects=True)  # app request 0: not delayed
            assert "<h1>Expense reports</h1>" in r.text
            with pytest.raises(httpx.ReadTimeout):  # an impatient agent times out
                c.get("/expenses/EXP-1180", timeout=0.2)
            t0 = time.monotonic()
            r = c.get("/expenses/EXP-1180", timeout=5)  # a patient one gets the page
            assert r.status_code == 200 and time.monotonic() - t0 >= 0.55
        events = wb.fault_events()
        assert events and all(e.fault == "slow_response" for e in events)
        assert events[0].index == 1
    assert not wb.running


def test_episode_reset_without_restart_and_session_cookie():
    with start_workbench() as wb:
        wb.reset_episode("support", 0, "session_expired", params={"after_requests": 0})
        cookie = wb.session_cookie()
        with httpx.Client(base_url=wb.url, timeout=10, follow_redirects=True) as c:
            c.cookies.set(cookie["name"], cookie["value"])
            r = c.get("/support")
            assert EXPIRED_MESSAGE in r.text
            wb.reset_episode("support", 0)  # same server, healthy episode
            c.cookies.clear()
            c.cookies.set(cookie["name"], wb.session_cookie()["value"])
            assert "<h1>Support queue</h1>" in c.get("/support").text
        assert wb.first_fault_event() is None
