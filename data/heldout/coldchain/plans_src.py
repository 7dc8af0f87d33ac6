"""Plan texts for the two ColdLink Assure workflows.

Written from the task statements and a walk through the healthy pages only,
before any faulty run was designed, and not edited afterwards.
make_corpus.py copies them verbatim to plans/<workflow>.yaml.
"""

EXCURSION_TASK = (
    "Log a temperature excursion on shipment SHP-24817 (Calloway Oncology Center, "
    "Trastuzumab 150 mg vials): data logger DL-5521 recorded a peak of 11.4 °C, above "
    "the 2–8 °C range, from 2025-03-12 14:05 to 2025-03-12 14:52. Set the quarantine "
    "decision to 'Quarantine pending QA review' for both lots (TZ4471A and TZ4471B) and "
    "submit the excursion report. A note is optional; do not notify the customer."
)

RELEASE_TASK = (
    "Release quarantined shipment SHP-31406 (Brightwater Children's Hospital, Insulin "
    "glargine 100 U/mL pens) after QA review: tick all three review checks, set the "
    "disposition to 'Release to customer', enter the comment 'Excursion EXC-3051 within "
    "stability budget; product acceptable.', choose Marcus Oyelaran (QA Manager) as second "
    "signer, sign with your e-signature PIN 4417, and complete the release once his second "
    "signature is recorded. A reference document is optional."
)

EXCURSION_PLAN = '''\
# ColdLink Assure: log a temperature excursion with a quarantine decision.
# Written from the task and the healthy pages (dashboard, shipments board, search,
# shipment detail, 3-step excursion wizard, submit dialog).
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in to ColdLink Assure"
    - "Your session has expired. Please sign in again."
    - "Something went wrong. We could not load this page."
    - "You don't have permission to view this page"
    - text: "click the Delete draft button"
      on: action
commitments:
  - id: open-shipment
    subgoal: "Open shipment SHP-24817 for Calloway Oncology Center"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["ColdLink Assure dashboard or shipments board"]
      progress: ["Search results for SHP-24817", "SHP-24817 is listed for Calloway Oncology Center"]
      completion:
        - "Shipment SHP-24817 detail page"
        - "Trastuzumab 150 mg vials for Calloway Oncology Center, status In transit"
    falsify:
      execution:
        - "Shipment SHP-24871 detail page"
        - "Shipment SHP-24816 detail page"
        - "Shipment SHP-24818 detail page"
        - "No shipments match"
      planning:
        - "Shipment SHP-24817 has already been delivered"
        - "An excursion for 12 Mar 2025 14:05 is already logged on SHP-24817"
  - id: start-excursion
    subgoal: "Open the Log excursion wizard for SHP-24817"
    confidence: 0.85
    confirm:
      precondition: ["Log excursion button on shipment SHP-24817"]
      completion: ["Log temperature excursion for SHP-24817, step 1 of 3: Excursion details"]
    falsify:
      execution: ["Log temperature excursion for SHP-24871"]
      skill: ["Log excursion button is disabled"]
  - id: enter-details
    subgoal: "Enter logger DL-5521, start 2025-03-12 14:05, end 2025-03-12 14:52, peak 11.4 °C, above range"
    skill: fill_form
    confidence: 0.6
    confirm:
      progress: ["Data logger ID DL-5521", "Peak temperature 11.4 °C"]
      completion: ["Duration 47 min", "Step 2 of 3: Impact assessment"]
    falsify:
      execution:
        - "This field is required"
        - "End time must be after start time"
        - "Below range (< 2 °C) is selected"
  - id: quarantine-decision
    subgoal: "Choose Quarantine pending QA review for lots TZ4471A and TZ4471B"
    confidence: 0.7
    confirm:
      progress: ["Quarantine pending QA review is selected", "Lot TZ4471A and Lot TZ4471B are checked"]
      completion: ["Step 3 of 3: Review and submit", "Quarantine decision: Quarantine pending QA review"]
    falsify:
      execution:
        - "Quarantine decision: Release — within stability budget"
        - "Quarantine decision: Reject and destroy"
        - "Notify customer contact is checked"
      planning: ["Stability budget exceeded"]
  - id: submit-excursion
    subgoal: "Submit the excursion report and confirm the dialog"
    confidence: 0.75
    confirm:
      progress: ["Submit excursion report? dialog"]
      completion:
        - "Excursion submitted. Shipment SHP-24817 is now Quarantined pending QA review"
        - "Shipment SHP-24817 status Quarantined"
    falsify:
      execution:
        - "Excursion submitted for SHP-24871"
        - "Shipment SHP-24817 status In transit"
''' % EXCURSION_TASK.replace('"', '\\"')

RELEASE_PLAN = '''\
# ColdLink Assure: release a quarantined shipment after QA review with a second signature.
# Written from the task and the healthy pages (quarantine queue, shipments board with
# filters, search, shipment detail, QA release review form, signature dialogs,
# release record, notifications).
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in to ColdLink Assure"
    - "Your session has expired. Please sign in again."
    - "Something went wrong. We could not load this page."
    - {text: "click Withdraw request", on: action}
commitments:
  - id: open-shipment
    subgoal: "Open quarantined shipment SHP-31406 for Brightwater Children's Hospital"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: ["Quarantine queue or shipments board"]
      progress: ["SHP-31406 is listed as Quarantined"]
      completion: ["Shipment SHP-31406 detail page, status Quarantined"]
    falsify:
      execution:
        - "Shipment SHP-31460 detail page"
        - "Shipment SHP-31405 detail page"
        - "Shipment SHP-31392 detail page"
        - "No shipments match"
      planning: ["Shipment SHP-31406 is already Released"]
  - id: qa-review
    subgoal: "Start the QA release review and tick all three review checks"
    confidence: 0.75
    confirm:
      precondition: ["Start QA release review button"]
      progress: ["QA release review for SHP-31406"]
      completion: ["All three review checks are ticked"]
    falsify:
      execution: ["QA release review for SHP-31460"]
      skill: ["Start QA release review button is disabled"]
  - id: disposition-and-signer
    subgoal: "Set disposition Release to customer, enter the review comment, choose Marcus Oyelaran as second signer"
    skill: fill_form
    confidence: 0.6
    confirm:
      progress: ["Disposition: Release to customer", "QA review comment entered"]
      completion: ["Second signer: Marcus Oyelaran (QA Manager)"]
    falsify:
      execution:
        - "Second signer: Marta Oyelowo (QA Associate)"
        - "A disposition other than Release to customer is selected"
        - "This field is required"
  - id: first-signature
    subgoal: "Sign the review with PIN 4417 and request the second signature"
    confidence: 0.7
    confirm:
      progress: ["Sign QA review? dialog"]
      completion: ["Your signature was recorded. Second signature requested from Marcus Oyelaran"]
    falsify:
      execution: ["Incorrect PIN", "Signature was not recorded"]
  - id: second-signature
    subgoal: "Wait until Marcus Oyelaran's second signature is recorded"
    confidence: 0.6
    confirm:
      progress: ["Awaiting second signature from Marcus Oyelaran"]
      completion: ["Second signature by Marcus Oyelaran recorded"]
    falsify:
      planning: ["Marcus Oyelaran rejected the release"]
  - id: complete-release
    subgoal: "Complete the release and confirm it"
    confidence: 0.75
    confirm:
      progress: ["Complete release for SHP-31406? dialog"]
      completion:
        - "Shipment SHP-31406 released to Brightwater Children's Hospital"
        - "Shipment SHP-31406 status Released"
    falsify:
      execution:
        - "Shipment SHP-31406 status Quarantined"
        - "Release could not be completed"
''' % RELEASE_TASK.replace('"', '\\"')
