"""A small support-triage plan and a page builder, shared by the tests that build runs in code."""

from __future__ import annotations

from fcpkit import Commitment, Evidence, Observation, Plan

#: open ticket T-390 (near miss T-411), then assign it to Payments; session loss is plan-level
PLAN = Plan(
    "Assign T-390 to Payments",
    [
        Commitment("open", "Open ticket T-390", confidence=0.8,
                   confirm={"progress": ["Search results for T-390"], "completion": ["Ticket T-390 detail"]},
                   falsify={"execution": [Evidence("Ticket T-411 detail", "both")]}),
        Commitment("assign", "Assign to Payments", confidence=0.7,
                   confirm={"completion": ["Ticket T-390 assigned to Payments"]},
                   falsify={"execution": ["Draft saved"], "skill": ["Assign button is not available on ticket detail"]}),
    ],
    plan_falsifiers={"execution": ["Your session has expired. Please sign in again."]},
)


def page(url: str, title: str, *lines: str) -> Observation:
    """A workbench-like page: ``lines`` are accessibility-tree nodes under the root."""
    body = "\n".join(f"\t{ln}" for ln in lines)
    return Observation(f"http://127.0.0.1:8000{url}", title, f"RootWebArea '{title}', focused\n{body}")


# The support workflow's pages for PLAN, shared by the viewer and falsifier-lab tests.
QUEUE = page("/support", "Support queue", "[5] heading 'Support queue'", "[12] textbox 'Search tickets'")
RESULTS = page("/support?q=T-390", "Support queue", "[5] heading 'Search results for T-390'",
               "[31] link 'T-411 Refund not received'", "[32] link 'T-390 Duplicate charge'")
T390 = page("/support/T-390", "Ticket T-390", "[5] heading 'Ticket T-390'", "[41] StaticText 'Team: Unassigned'",
            "[40] button 'Assign'")
T411 = page("/support/T-411", "Ticket T-411", "[5] heading 'Ticket T-411'", "[40] button 'Assign'")
# a healthy save shows the saved record, not only a status message (that alone is the silent no-op rule's case)
SAVED = page("/support/T-390", "Ticket T-390", "[5] heading 'Ticket T-390'", "[41] StaticText 'Team: Payments'",
             "[50] alert 'Ticket T-390 assigned to Payments'", "[40] button 'Assign'")
