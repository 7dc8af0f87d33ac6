"""The browser environment: reset, step, observation mapping, errors, tabs, close, asyncio."""

from __future__ import annotations

import asyncio
import os
import re

import pytest

from fcpkit.core.protocols import Environment
from fcpkit.core.trajectory import Action

pytestmark = pytest.mark.browser


def _bid(text: str, role: str, name: str) -> str:
    m = re.search(rf"\[(\w+)\] {role} '{re.escape(name)}'", text)
    assert m, f"no {role} {name!r} in the page"
    return m.group(1)


def _pgrep_count() -> int:
    """Chromium processes below this test process: those of another test run beside it (a parallel
    worker, a notebook's kernel) are not this environment's to close."""
    import psutil

    from fcpkit_lab.envs.browser.processes import process_tree

    n = 0
    for p in process_tree(os.getpid())[1:]:
        try:
            n += "chromium" in " ".join(p.cmdline())
        except psutil.Error:
            continue  # gone while we looked
    return n


def test_reset_step_and_observation_mapping(wb_env, workbench):
    assert isinstance(wb_env, Environment)
    o0 = wb_env.reset(workflow="support", variant=0, fault=None)
    assert o0.url == workbench.url + "/support"
    assert o0.title.startswith("Support queue")
    assert o0.error is None
    assert o0.extra["status"] == 200
    assert o0.tabs and o0.tabs[0]["url"] == o0.url
    assert re.search(r"^\s*\[\w+\] searchbox 'Search tickets'", o0.text, re.M)  # bids present
    assert "InlineTextBox" not in o0.text
    box = _bid(o0.text, "searchbox", "Search tickets")
    o1 = wb_env.step(Action(f"fill('{box}', 'T-390')"))
    assert re.search(r"searchbox 'Search tickets' value='T-390'", o1.text)
    o2 = wb_env.step(f"press('{box}', 'Enter')")
    assert "q=T-390" in o2.url and "Search results for T-390" in o2.text
    assert o2.extra["status"] == 200
    # a bad bid is an observation error, never an exception
    o3 = wb_env.step("click('nope123')")
    assert o3.error and "nope123" in o3.error
    assert o3.url == o2.url
    # an unparsable action too
    o4 = wb_env.step("this is not an action")
    assert o4.error
    # HTTP status of the main document: a 404 page
    o5 = wb_env.step(f"goto('{workbench.url}/support/T-999')")
    assert o5.extra["status"] == 404 and o5.error is None
    # the per-step event log of the workbench
    assert len(wb_env.step_events) == 5
    assert wb_env.step_events[0] == []  # fill: no request
    assert [e.path for e in wb_env.step_events[1]] == ["/support"]
    assert [(e.path, e.status) for e in wb_env.step_events[4]] == [("/support/T-999", 404)]


def test_tabs_and_screenshot(wb_env, workbench):
    wb_env.reset(workflow="orders")
    obs = wb_env.step(f"new_tab()")
    assert len(obs.tabs) == 2
    obs = wb_env.step(f"goto('{workbench.url}/catalogue')")
    assert obs.url.endswith("/catalogue") and len(obs.tabs) == 2
    obs = wb_env.step("tab_close()")
    assert len(obs.tabs) == 1 and obs.url.endswith("/orders")
    png = wb_env.screenshot()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_close_leaves_no_chromium(workbench):
    from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
    from fcpkit_lab.envs.browser.processes import process_tree, wait_gone

    before = _pgrep_count()
    env = WorkbenchEnv(workbench, "catalogue", screenshots=True)
    obs = env.reset()
    assert obs.screenshot and obs.screenshot.endswith(".png")
    # with a screenshot, each visible element's box (what the step viewer outlines matched nodes on)
    boxes = obs.extra.get("boxes") or {}
    bids = re.findall(r"^\s*\[([^\]\s]+)\] (?:heading|searchbox|textbox|button|link) ", obs.text, re.M)
    # the top of the page is on the screenshot; elements scrolled out of view have no box
    assert len(bids) > 5 and set(bids[:5]) <= set(boxes), (bids, sorted(boxes)[:20])
    assert all(len(b) == 4 and b[2] >= 0 and b[3] >= 0 for b in boxes.values())
    pids = [p.pid for p in process_tree(env.driver_pid)]
    assert len(pids) > 2  # the driver and its Chromium processes
    assert _pgrep_count() > before
    env.close()
    assert wait_gone(pids) == []
    assert _pgrep_count() <= before
    with pytest.raises(RuntimeError):
        env.reset()


def test_works_inside_a_running_event_loop(workbench):
    """Jupyter runs cells inside an asyncio loop: the environment must work from a coroutine.

    Also drives the workbench through its HTTP control endpoints (RemoteWorkbench).
    """
    from fcpkit_lab.envs.workbench.browser_env import RemoteWorkbench, WorkbenchEnv

    remote = RemoteWorkbench(workbench.url, workbench.control_token)

    async def main():
        asyncio.get_running_loop()  # we are inside a loop, as in a notebook cell
        env = WorkbenchEnv(remote, "orders", fault="wrong_banner")
        try:
            o0 = env.reset()
            box = _bid(o0.text, "searchbox", "Search orders")
            o1 = env.step(f"fill('{box}', 'ORD-55012')")
            outcome = env.validate("refund status Refunded, refund amount $38.90")
            return o0, o1, outcome, env.reset_events
        finally:
            env.close()

    o0, o1, outcome, events = asyncio.run(main())
    assert o0.title.startswith("Orders")
    assert "value='ORD-55012'" in o1.text
    assert outcome.success
    assert events and events[0].path == "/orders"
    assert workbench.episode.fault == "wrong_banner"
