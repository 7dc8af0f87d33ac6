"""CSRF on the workbench (issue 14, finding 6), in real Chromium: a page served from another port
of 127.0.0.1 (same site, so the SameSite=Lax session cookie travels) posts the assign form of a
signed-in browser; the workbench refuses it, while its own form still works."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from _labsupport.browser import CHROMIUM, browser_missing  # noqa: E402

from fcpkit_lab.envs.workbench import start_workbench  # noqa: E402
from fcpkit_lab.envs.workbench.session import SESSION_COOKIE  # noqa: E402

pytestmark = pytest.mark.browser


def _attacker(target: str) -> ThreadingHTTPServer:
    page = (f"<!doctype html><form id=f method=post action='{target}'>"
            "<input name=team value=Billing></form><script>document.getElementById('f').submit()</script>").encode()

    class H(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *a):
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def test_finding6_a_cross_origin_form_cannot_reassign_a_ticket():
    why = browser_missing()
    if why:
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    wb = start_workbench(port=0)
    evil = _attacker(f"{wb.url}/support/T-390/assign")
    try:
        wb.app.reset_episode("support", 0)
        cookie = wb.app.create_session("agent")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True)
            try:
                ctx = browser.new_context()
                ctx.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": wb.url}])
                page = ctx.new_page()
                page.goto(f"http://127.0.0.1:{evil.server_address[1]}/")
                page.wait_for_url(f"{wb.url}/**")  # the forged form was submitted to the workbench
                page.wait_for_load_state()
                assert wb.app.db_state()["tickets"]["T-390"]["team"] != "Billing"
                assert "Request refused" in page.content()
                # the workbench's own form, in the same browser, still posts (its token travels)
                page.goto(f"{wb.url}/support/T-390")
                page.select_option("select[name=team]", "Payments")
                page.click("button:has-text('Assign')")
                page.wait_for_load_state()
                assert "Ticket T-390 assigned to Payments." in page.content()
                assert wb.app.db_state()["tickets"]["T-390"]["team"] == "Payments"
            finally:
                browser.close()
    finally:
        evil.shutdown()
        evil.server_close()
        wb.stop()
