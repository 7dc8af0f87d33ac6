"""A scripted, link-following HTTP "agent" for the workbench tests.

It does what a careful agent does on the healthy pages: search the list for the target id,
follow the link in the target's row, read the page, use the key control. It never builds a
record URL itself, so a fault that changes the links, the results or the controls changes
where it ends up, exactly as it would for an agent in a browser.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from starlette.testclient import TestClient

from fcpkit_lab.envs.workbench import Task


@dataclass
class Run:
    pages: list = field(default_factory=list)  # every final response, in order
    answer: str | None = None
    stopped: str | None = None  # why the driver could not go on

    @property
    def last(self):
        return self.pages[-1]


def sign_in(client: TestClient, username: str = "agent", password: str = "workbench"):
    return client.post("/signin", data={"username": username, "password": password,
                                        "next": "/"})


def csrf_token(page_html: str) -> str:
    """The session's form token, as every form on a signed-in page carries it."""
    m = re.search(r'name="csrf_token" value="([^"]*)"', page_html)
    return html.unescape(m.group(1)) if m else ""


def link_href(page_html: str, text: str) -> str | None:
    m = re.search(r'<a href="([^"]+)"[^>]*>\s*' + re.escape(text) + r"\s*</a>", page_html)
    return html.unescape(m.group(1)) if m else None


def form_action(page_html: str, button_text: str) -> str | None:
    """The action of the form that holds a submit button labelled ``button_text``."""
    for m in re.finditer(r'<form[^>]*action="([^"]+)"[^>]*>(.*?)</form>', page_html, re.S):
        if re.search(r"<button[^>]*>\s*" + re.escape(button_text) + r"\s*</button>", m.group(2)):
            return html.unescape(m.group(1))
    return None


def dd_after(page_html: str, term: str) -> str | None:
    m = re.search(r"<dt>" + re.escape(term) + r"</dt><dd>(.*?)</dd>", page_html)
    return html.unescape(m.group(1)) if m else None


def h1(page_html: str) -> str | None:
    m = re.search(r"<h1>(.*?)</h1>", page_html)
    return html.unescape(m.group(1)) if m else None


def run_task(client: TestClient, task: Task) -> Run:
    run = Run()

    def get(url):
        r = client.get(url)
        run.pages.append(r)
        return r

    def post(url, data):
        r = client.post(url, data={**data, "csrf_token": csrf_token(run.last.text)})
        run.pages.append(r)
        return r

    listing = get(f"{task.start_path}?q={task.target}")
    href = link_href(listing.text, task.target)
    if href is None:
        run.stopped = f"no link for {task.target} on the list page"
        return run
    detail = get(href)
    if detail.status_code != 200 or "/signin" in str(detail.url):
        run.stopped = "detail page did not open"
        return run

    if task.workflow == "support":
        action = form_action(detail.text, "Assign")
        if action is None:
            run.stopped = "no Assign control"
            return run
        post(action, {"team": task.expected["team"]})
    elif task.workflow == "expenses":
        button = "Approve" if task.expected["status"] == "Approved" else "Reject"
        action = form_action(detail.text, button)
        if action is None:
            run.stopped = f"no {button} control"
            return run
        post(action, {"decision": button.lower(),
                      "note": f"Checked amount and policy check; {button.lower()}d."})
    elif task.workflow == "catalogue":
        edit = link_href(detail.text, "Edit price")
        if edit is None:
            run.stopped = "no Edit price link"
            return run
        form_page = get(edit)
        action = form_action(form_page.text, "Save price") or form_action(
            form_page.text, "Submit for approval")  # a renamed control looks like the save
        if action is None:
            run.stopped = "no Save price control"
            return run
        post(action, {"price": f"{task.expected['price_cents'] / 100:.2f}"})
    elif task.workflow == "orders":
        refund = link_href(detail.text, "Refund details")
        if refund is None:
            run.stopped = "no Refund details link"
            return run
        page = get(refund)
        status, amount = dd_after(page.text, "Refund status"), dd_after(page.text, "Refund amount")
        if status is None or amount is None:
            run.stopped = "refund details not shown"
            return run
        run.answer = f"{h1(page.text)}: refund status {status}, refund amount {amount}"
    return run
