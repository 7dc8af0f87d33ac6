"""The workbench at its door, on a real port: a Host header that names another site is refused
(DNS rebinding), sign-in is throttled, sessions expire."""

from __future__ import annotations

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from fcpkit_lab.envs.workbench import EXPIRED_MESSAGE, start_workbench  # noqa: E402
from fcpkit_lab.envs.workbench.access import SigninThrottle, hosts_for  # noqa: E402

AGENT = {"username": "agent", "password": "workbench", "next": "/support"}
WRONG = {"username": "agent", "password": "guess", "next": "/support"}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def wb():
    server = start_workbench(port=0, allowed_hosts=("workbench.internal",))
    yield server
    server.stop()


@pytest.fixture
def clock(wb):
    c = Clock()
    wb.app.signin_throttle = SigninThrottle(clock=c)
    wb.app.session_policy.clock = c
    wb.app._sessions.clear()
    return c


def _client(wb, host: str | None = None) -> httpx.Client:
    headers = {"Host": f"{host}:{wb.port}"} if host else {}
    return httpx.Client(base_url=wb.url, headers=headers, follow_redirects=False, timeout=10)


def test_a_request_for_another_host_name_is_refused_before_it_reaches_the_app(wb, clock):
    with _client(wb, "attacker.example") as c:  # a name that resolves to 127.0.0.1: DNS rebinding
        for r in (c.get("/support"), c.post("/signin", data=AGENT), c.get("/healthz")):
            assert r.status_code == 400 and "Invalid host header" in r.text
        assert "set-cookie" not in {k.lower() for k in c.post("/signin", data=AGENT).headers}
    assert wb.app._sessions == {}  # the default password signed nobody in
    for host in (None, "localhost", "127.0.0.1", "workbench.internal"):
        with _client(wb, host) as c:
            r = c.post("/signin", data=AGENT)
            assert r.status_code == 303 and r.headers["location"] == "/support", host


def test_the_names_a_server_answers_to():
    assert hosts_for("127.0.0.1") == ["127.0.0.1", "localhost"]
    assert "10.0.0.5" in hosts_for("10.0.0.5") and "evil.example" not in hosts_for("0.0.0.0")
    assert hosts_for("127.0.0.1", ["Lab.Example"])[-1] == "lab.example"


def test_sign_in_is_throttled_after_repeated_failures_even_for_the_right_password(wb, clock):
    with _client(wb) as c:
        for _ in range(5):
            r = c.post("/signin", data=WRONG)
            assert r.status_code == 200 and "Incorrect username or password." in r.text
        r = c.post("/signin", data=AGENT)
        assert r.status_code == 429 and "Too many failed sign-in attempts" in r.text
        assert 0 < int(r.headers["retry-after"]) <= 300 and "set-cookie" not in r.headers
        clock.now += 301  # the failures leave the window
        assert c.post("/signin", data=AGENT).status_code == 303


def test_one_address_cannot_try_many_names_without_limit(wb, clock):
    with _client(wb) as c:
        for i in range(20):
            c.post("/signin", data={"username": f"user{i}", "password": "x", "next": "/"})
        assert c.post("/signin", data=AGENT).status_code == 429


def test_a_session_expires_when_idle_and_at_the_end_of_its_lifetime(wb, clock):
    policy = wb.app.session_policy
    with _client(wb) as c:
        assert c.post("/signin", data=AGENT).status_code == 303
        assert c.get("/support").status_code == 200
        clock.now += policy.idle_s - 1  # used within the idle time: still signed in
        assert c.get("/support").status_code == 200
        clock.now += policy.idle_s + 1
        r = c.get("/support")
        assert r.status_code == 303 and "expired=1" in r.headers["location"]
        assert EXPIRED_MESSAGE in c.get(r.headers["location"]).text
        assert c.post("/signin", data=AGENT).status_code == 303
        start = clock.now
        while clock.now - start <= policy.lifetime_s:  # busy all along, never idle
            assert c.get("/support").status_code == 200
            clock.now += policy.idle_s / 2
        r = c.get("/support")
        assert r.status_code == 303 and "expired=1" in r.headers["location"]
