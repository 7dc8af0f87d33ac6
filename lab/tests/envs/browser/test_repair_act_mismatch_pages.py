"""The pre-action rule ``act_mismatch`` on another application's pages, read by real Chromium.

A small blog editor served from 127.0.0.1 (nothing of the workbench): its publish step meets a page
whose only button sends the post for review, and a page that offers both. The page is what
Chromium's accessibility tree says, the pressed control is resolved from it as a live executor
resolves it, and the action tester, the verifier and the repairer decide as in a live run.
"""

from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from fcpkit import Commitment, Evidence, LexicalMatcher, Plan
from fcpkit.agent import DeterministicRepairer
from fcpkit.agent.repair import RepairRequest
from fcpkit.core.testers import ActionTester
from fcpkit.core.trajectory import Action
from fcpkit.core.verify import KeepGoingVerifier, VerifyRequest
from fcpkit_lab.envs.executors.llm import resolve_target

pytestmark = pytest.mark.browser

_FORM = ("<!doctype html><title>Edit post · Inkwell</title><main><h1>Edit post: Spring release notes</h1>"
         "<form method=post action=/posts/7><label for=b>Body</label><textarea id=b name=b>Notes</textarea>{buttons}"
         "</form></main>")
PAGES = {
    "/review-only": _FORM.format(buttons="<button type=submit>Send for review</button>"),
    "/both": _FORM.format(buttons="<button type=submit name=a value=r>Send for review</button>"
                                  "<button type=submit name=a value=p>Publish</button>"),
}
PUBLISH = Commitment("publish", "Press Publish to publish the post", confidence=0.6,
                     confirm={"progress": [Evidence("Click Publish", "action")], "completion": ["Post published"]})
PLAN = Plan("Publish the post 'Spring release notes'", [PUBLISH])


@pytest.fixture(scope="module")
def blog():
    class H(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            body = PAGES.get(self.path, "<title>Not found</title><h1>Page not found</h1>").encode()
            self.send_response(200 if self.path in PAGES else 404)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *a):
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="module")
def browser(wb_env):
    """The shared Chromium, with an episode open so that it takes a ``goto`` to the blog."""
    wb_env.reset(workflow="support")
    return wb_env


def _press(obs, name: str) -> Action:
    bid = re.search(rf"\[(\w+)\] button '{re.escape(name)}'", obs.text).group(1)
    command = f"click('{bid}')"
    return Action(command, "Press the button to publish the post", resolve_target(command, obs), "write")


def _decide(obs, action):
    pre = ActionTester(LexicalMatcher()).test(PLAN, PUBLISH, action)
    verdict = KeepGoingVerifier().verify(VerifyRequest(PLAN, PUBLISH, pre, 0, observation=obs, action=action))
    req = RepairRequest(PLAN, 0, verdict.scope or "execution", verdict.diagnosis, "pre", result=pre, verdict=verdict,
                        action=action, observation=obs)
    return pre, verdict, req


def test_send_for_review_where_the_step_publishes_is_rejected_and_stops_honestly(browser, blog):
    obs = browser.step(f"goto('{blog}/review-only')")
    assert "Send for review" in obs.text
    action = _press(obs, "Send for review")
    assert action.target.startswith("button 'Send for review'")
    pre, verdict, req = _decide(obs, action)
    assert pre.rule == "act_mismatch" and verdict.decision.value == "repair"
    res = DeterministicRepairer().repair(req)
    assert res.strategy == "honest_stop" and res.cause == "control_gone" and "Send for review" in res.stop


def test_with_publish_on_the_page_the_wrong_button_is_a_local_repair_and_publish_passes(browser, blog):
    obs = browser.step(f"goto('{blog}/both')")
    _, _, req = _decide(obs, _press(obs, "Send for review"))
    res = DeterministicRepairer().repair(req)
    assert res.strategy == "local_repair" and res.cause == "other" and res.rejected_action is not None
    pre, verdict, _ = _decide(obs, _press(obs, "Publish"))
    assert pre.rule is None and verdict.decision.value != "repair"
