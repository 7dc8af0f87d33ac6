"""Hand-written plans for the CourtList corpus.

Written from the two task statements and the healthy pages only (search results,
case page, the Schedule hearing wizard, the New docket entry form), before any
faulty run existed. make_corpus.py copies them verbatim to plans/<workflow>.yaml.
Do not tune these to the faulty runs.
"""

TASK_HEARING = (
    "Schedule a Motion Hearing on the plaintiff's Motion to Compel Discovery in case "
    "CV-2025-000417 (Brennan v. Okafor Holdings LLC) for Thursday, May 8, 2025 at 9:30 AM "
    "in Courtroom 4B before Hon. Miriam Alvarez, send eService notice to all parties of "
    "record, and submit it."
)

TASK_FILING = (
    "File the Answer and Affirmative Defenses that defendant Harrow Medical Group, PC "
    "delivered to the counter today to the docket of case CV-2025-000352 (Lindqvist v. "
    "Harrow Medical Group, PC): document type Answer, filed by Harrow Medical Group, PC, "
    "filing date 04/16/2025, attach the scan Harrow_Answer_0416.pdf (12 pages), and file it."
)

PLAN_HEARING = '''\
# CourtList (Calder County Clerk of the Circuit Court) -- schedule a motion hearing.
# Written by the calendar supervisor from the task and two good runs of the wizard.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to CourtList
    - Your CourtList session has expired. Sign in again to continue.
    - Something went wrong. CourtList could not complete your request.
commitments:
  - id: open-case
    subgoal: Open case CV-2025-000417, Brennan v. Okafor Holdings LLC
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [CourtList search box is available]
      progress: [Search results include CV-2025-000417 Brennan v. Okafor Holdings LLC]
      completion: ["Case page for CV-2025-000417 Brennan v. Okafor Holdings LLC, Civil Division 4, Open"]
    falsify:
      execution:
        - Case CV-2025-000418 Brennan Family Trust v. Okafor Holdings LLC is open
        - Case CV-2024-000417 Brennan v. Okafor is open
        - Brennan v. Oakfield Holdings LLC
        - No cases match your search
      planning:
        - Case CV-2025-000417 is disposed
  - id: start-form
    subgoal: Start the Schedule hearing wizard from the case page
    confidence: 0.7
    confirm:
      precondition: [Schedule hearing button on the case page]
      completion: ["Schedule hearing for CV-2025-000417, step 1 of 4: Hearing details"]
    falsify:
      execution:
        - Schedule hearing for CV-2025-000418
      skill:
        - The Schedule hearing button is disabled
  - id: hearing-details
    subgoal: Choose Motion Hearing on the Motion to Compel Discovery before Hon. Miriam Alvarez
    skill: fill_form
    confirm:
      progress:
        - "Hearing type: Motion Hearing"
        - "Judicial officer: Hon. Miriam Alvarez (Division 4)"
      completion: ["Step 2 of 4: Date, time & courtroom"]
    falsify:
      execution:
        - Hon. Miriam Alvarado (Division 7) is selected
        - Hearing type Status Conference
        - Motion or subject is required
  - id: date-and-room
    subgoal: Set 05/08/2025 at 9:30 AM in Courtroom 4B
    skill: fill_form
    confirm:
      progress: [Courtroom 4B is available on 05/08/2025 at 9:30 AM]
      completion: ["Step 3 of 4: Notice"]
    falsify:
      execution:
        - Courtroom 4B is not available at that time
        - Courtroom 4D
        - Enter a valid hearing date
      planning:
        - Court is closed on the selected date
  - id: notice
    subgoal: Send eService notice to both counsel of record (Arjun Mehta and Lauren Pike)
    confirm:
      progress: [Notice method eService with Arjun Mehta and Lauren Pike selected]
      completion: ["Step 4 of 4: Review and submit"]
    falsify:
      execution:
        - No notice recipients selected
        - Notice method First-class mail
  - id: submit
    subgoal: Submit the hearing and confirm it in the dialog
    confidence: 0.6
    confirm:
      precondition: ["Review shows Motion Hearing, Thursday 05/08/2025, 9:30 AM, Courtroom 4B, Hon. Miriam Alvarez"]
      progress: ["Schedule this hearing? confirmation dialog"]
      completion:
        - Hearing scheduled for 05/08/2025 at 9:30 AM. eService notice queued for 2 recipients.
        - The Hearings tab of CV-2025-000417 lists a Motion Hearing on 05/08/2025 9:30 AM in Courtroom 4B
    falsify:
      execution:
        - The hearing could not be scheduled
        - Courtroom 4B was just booked by another user
      planning:
        - Motion hearings for Division 4 must be requested through the judicial assistant
''' % TASK_HEARING.replace('"', '\\"')

PLAN_FILING = '''\
# CourtList (Calder County Clerk of the Circuit Court) -- file a paper filing to a docket.
# Written by the intake lead from the task and two good runs of the New docket entry form.
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to CourtList
    - Your CourtList session has expired. Sign in again to continue.
    - Something went wrong. CourtList could not complete your request.
commitments:
  - id: open-case
    subgoal: Open case CV-2025-000352, Lindqvist v. Harrow Medical Group, PC
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [CourtList search box is available]
      progress: [Search results include CV-2025-000352 Lindqvist v. Harrow Medical Group, PC]
      completion: ["Case page for CV-2025-000352 Lindqvist v. Harrow Medical Group, PC, Civil Division 2"]
    falsify:
      execution:
        - FA-2025-000352 In re the Marriage of Lindqvist
        - Case CV-2025-000353 Harrow Medical Group, PC v. Lindqvist is open
        - Case CV-2025-000325 Lindquist v. Harrow Urgent Care LLC is open
        - No cases match your search
      planning:
        - Case CV-2025-000352 is disposed
  - id: open-entry-form
    subgoal: Open the New docket entry form for this case
    confidence: 0.7
    confirm:
      completion: ["File document to docket for CV-2025-000352, next entry no. 14"]
    falsify:
      execution:
        - File document to docket for CV-2025-000353
      skill:
        - The File document button is disabled
  - id: enter-details
    subgoal: "Enter type Answer, the title, filed by Harrow Medical Group, PC, filing date 04/16/2025"
    skill: fill_form
    confirm:
      progress:
        - "Document type: Answer"
        - "Filed by: Harrow Medical Group, PC (Defendant)"
      completion: ["Filed date 04/16/2025"]
    falsify:
      execution:
        - "Filed by: Nathaniel Harrow, M.D. (Defendant)"
        - "Filed by: Ingrid Lindqvist (Plaintiff)"
        - Document type Answer and Counterclaim
  - id: attach-scan
    subgoal: Attach Harrow_Answer_0416.pdf (12 pages) from the scan inbox
    confirm:
      completion: ["Attached Harrow_Answer_0416.pdf, 12 pages"]
    falsify:
      execution:
        - Attached Harrow_Answer_0414.pdf
        - Attached Lindqvist_Exhibits_0416.pdf
        - No file attached
      planning:
        - Harrow_Answer_0416.pdf is not in the scan inbox
  - id: file-entry
    subgoal: Review the entry and file it to the docket
    confidence: 0.6
    confirm:
      precondition: [Review docket entry 14]
      progress: ["File to docket? confirmation dialog"]
      completion:
        - Docket entry 14 filed
        - The docket lists entry 14 Answer and Affirmative Defenses filed 04/16/2025 by Harrow Medical Group, PC, 12 pages
    falsify:
      execution:
        - The entry was not saved
        - Another clerk is editing this docket
      planning:
        - Answers from represented parties must be eFiled by counsel
''' % TASK_FILING.replace('"', '\\"')

PLANS = {"schedule_hearing": PLAN_HEARING, "file_document": PLAN_FILING}
TASKS = {"schedule_hearing": TASK_HEARING, "file_document": TASK_FILING}
