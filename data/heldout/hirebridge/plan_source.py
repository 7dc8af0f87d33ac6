"""The Hirebridge plan, written by hand from the task note and the healthy pages
(before any faulty run existed). make_corpus.py emits it as plans/onsite_panel.yaml.
Do not tune it to the faulty runs."""

TASK = ("hey, can you move Priya Raman to Onsite on REQ-2147 (the Sr Backend one, platform, "
        "NOT the payments req)? book her panel Thu 3/14 10am, 2 hrs, with Dana Okafor + Luis Mendez, "
        "then send her the Onsite Invitation template. thx!")

PLAN = {
    "task": TASK,
    "plan_falsifiers": {
        "execution": [
            "Your session has expired. Please sign in again.",
            "Something went wrong",
            "REQ-2174 Senior Backend Engineer, Payments",
        ],
        "planning": [
            "Priya Raman has withdrawn",
            "Requisition REQ-2147 is closed",
        ],
    },
    "commitments": [
        {
            "id": "open-application",
            "subgoal": "Open Priya Raman's application on REQ-2147 Senior Backend Engineer (Platform)",
            "skill": "open_record_by_search",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Hirebridge"],
                "progress": ["Priya Raman", "REQ-2147"],
                "completion": [
                    "Priya Raman · REQ-2147 Senior Backend Engineer (Platform) | Hirebridge",
                    "Application APP-58213",
                ],
            },
            "falsify": {
                "execution": ["APP-58231", "Priya Ramani", "Priya Rahman", "REQ-2174",
                              "No candidates match"],
                "skill": ["Search is not available"],
                "planning": ["Application APP-58213 is archived"],
            },
        },
        {
            "id": "move-to-onsite",
            "subgoal": "Move the application from Phone Screen to the Onsite stage",
            "skill": "change_stage",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Stage: Phone Screen", "Move stage"],
                "progress": ["Move Priya Raman to another stage", "Onsite"],
                "completion": ["Moved Priya Raman to Onsite", "Stage: Onsite"],
            },
            "falsify": {
                "execution": ["Stage: Rejected", "Could not move candidate",
                              {"text": "Reject", "on": "action"}],
                "skill": ["Move stage button is disabled"],
                "planning": ["Onsite stage is not available for this requisition"],
            },
        },
        {
            "id": "schedule-panel",
            "subgoal": "Schedule a 2-hour onsite panel on Thu, Mar 14, 2024 at 10:00 with Dana Okafor and Luis Mendez",
            "skill": "schedule_interview",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Schedule interview"],
                "progress": ["Schedule interview for Priya Raman", "Dana Okafor", "Luis Mendez"],
                "completion": ["Interview scheduled",
                               "Onsite panel · Thu, Mar 14, 2024 · 10:00–12:00 PT · Dana Okafor, Luis Mendez"],
            },
            "falsify": {
                "execution": ["Fri, Mar 15", "Luis Mendes", "No interviews scheduled",
                              "Interview not saved",
                              {"text": "Cancel interview", "on": "action"}],
                "skill": ["No available time slots"],
                "planning": ["Dana Okafor is not available Thu, Mar 14"],
            },
        },
        {
            "id": "send-invite",
            "subgoal": "Send Priya the Onsite Invitation email template",
            "skill": "send_template_email",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Send email"],
                "progress": ["Send email to Priya Raman", "Onsite Invitation"],
                "completion": ["Email sent to Priya Raman", "Email \"Onsite Invitation\" sent"],
            },
            "falsify": {
                "execution": ["Rejection — After Phone Screen", "Draft saved", "Failed to send email",
                              {"text": "Rejection — After Phone Screen", "on": "both"},
                              {"text": "Save draft", "on": "action"}],
                "skill": ["Template not found"],
                "planning": ["Priya Raman has unsubscribed from emails"],
            },
        },
    ],
}
