"""Hand-written plans for the Skiff corpus (kept verbatim; make_corpus.py writes them out).

Written from the two tasks and the healthy pages only (dashboard, search results,
students list, student profile, enrolment wizard, fleet list, boat record, charter
wizard, confirmation pages), before any faulty run was written. Not tuned afterwards.
"""

ENROL_TASK = ("Enrol student Priya Natarajan (S-2041) on Competent Crew session CS-0318 "
              "(Mon 2 – Fri 6 Jun 2025), take the £150 deposit by card, and confirm the enrolment.")

CHARTER_TASK = ("Book keelboat Kittiwake (BT-07) for member Tom Greaves (M-1187) on Sat 21 Jun 2025, "
                "09:00–17:00, bareboat (no school skipper), take the £200 deposit from his card on file, "
                "and confirm the booking.")

ENROL_YAML = '''# Skiff (Harbourlight Sailing School) - course enrolment.
# What I expect to see when the enrolment goes right, and what would tell me it went wrong.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to Skiff
    - "Your session has expired. Please sign in again."
    - "Something went wrong. Please try again."
commitments:
  - id: open-student
    subgoal: Open the student record for Priya Natarajan (S-2041)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Skiff dashboard or the Students list is open]
      progress: [Search results list Priya Natarajan, Students list shows the Natarajan rows]
      completion: [Student record for Priya Natarajan, Student S-2041]
    falsify:
      execution:
        - Student record for Priyanka Natarajan (S-2042)
        - Student record for Pria Nataraj (S-2014)
        - {text: Open Priyanka Natarajan instead of Priya, "on": action}
        - No students match
      planning: [Student record is archived]
  - id: choose-session
    subgoal: Start an enrolment from the student record and pick session CS-0318
    confidence: 0.7
    confirm:
      precondition: [Enrol on a course]
      progress: ["New enrolment - Step 1 of 4: Choose session"]
      completion: ["Selected: CS-0318 Competent Crew, Mon 2 – Fri 6 Jun 2025"]
    falsify:
      execution: ["Selected: CS-0319", "Selected: CS-0325", CS-0381 Day Skipper]
      planning: [CS-0318 is full, No sessions available for this course]
  - id: student-details
    subgoal: Fill in the required student details (sailing experience, lifejacket size)
    confidence: 0.6
    confirm:
      progress: ["Step 2 of 4: Student details"]
      completion: ["Step 3 of 4: Payment"]
    falsify:
      execution: [This field is required, Please choose a lifejacket size]
  - id: take-deposit
    subgoal: Choose a £150 deposit by card and tick that the booking terms were read
    confidence: 0.6
    confirm:
      progress: ["Step 3 of 4: Payment"]
      completion: ["Payment: Deposit £150 by card"]
    falsify:
      execution: ["Payment: Pay in full £595", "Payment: Invoice the student"]
      planning: [No card on file]
  - id: confirm-enrolment
    subgoal: Review the enrolment and confirm it
    confidence: 0.7
    confirm:
      precondition: ["Step 4 of 4: Review"]
      progress: [Confirm enrolment dialog is open]
      completion: [Enrolment confirmed, Joining instructions emailed to Priya Natarajan]
    falsify:
      execution: [Card payment declined, Enrolment was not saved]
      skill: [Confirm enrolment button is disabled]
      planning: [Priya Natarajan is already enrolled on CS-0318]
''' % ENROL_TASK

CHARTER_YAML = '''# Skiff (Harbourlight Sailing School) - boat charter booking.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to Skiff
    - "Your session has expired. Please sign in again."
    - "Something went wrong. Please try again."
commitments:
  - id: open-boat
    subgoal: Open the fleet record for Kittiwake (BT-07)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Fleet list or the Skiff dashboard is open]
      progress: [Kittiwake BT-07 is listed]
      completion: [Kittiwake (BT-07), Hunter 707 keelboat]
    falsify:
      execution:
        - Kittiwake II (BT-17)
        - Kestrel (BT-08)
        - Bavaria 32 yacht
        - {text: Open Kittiwake II, "on": action}
      planning: [Kittiwake is out of service]
  - id: set-date-times
    subgoal: Start a charter and set Sat 21 Jun 2025, 09:00 to 17:00
    confidence: 0.7
    confirm:
      precondition: [Book charter]
      progress: ["New charter - Step 1 of 3: Boat & times"]
      completion: ["Kittiwake is available on Sat 21 Jun 2025, 09:00–17:00"]
    falsify:
      execution: [Kittiwake is not available at these times, Sat 14 Jun 2025, Half-day charter]
      planning: [Kittiwake is already booked on Sat 21 Jun 2025]
  - id: hirer-skipper
    subgoal: Set the hirer to Tom Greaves (M-1187), with the hirer skippering (bareboat)
    confidence: 0.6
    confirm:
      progress: ["Step 2 of 3: Hirer & skipper"]
      completion: ["Qualification on file: RYA Day Skipper", Hirer skippers (bareboat) is selected]
    falsify:
      execution: [M-1188 Tamsin Greaves, M-1052 Tom Grieve, "Skipper: School skipper"]
      planning: [No skipper qualification on file]
  - id: deposit-and-confirm
    subgoal: Take the £200 deposit from the card on file and confirm the booking
    confidence: 0.7
    confirm:
      precondition: ["Step 3 of 3: Deposit & review"]
      progress: [Confirm charter booking dialog is open]
      completion: [Charter confirmed, £200 deposit taken]
    falsify:
      execution: [Card declined, Deposit not taken, Booking is provisional]
      skill: [Confirm booking button is disabled]
''' % CHARTER_TASK

PLANS = {"enrol": ENROL_YAML, "charter": CHARTER_YAML}
TASKS = {"enrol": ENROL_TASK, "charter": CHARTER_TASK}
