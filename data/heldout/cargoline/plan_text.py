"""The Cargoline plan, exactly as written by hand before any faulty run existed.

Kept as literal YAML text (the way a person writes it); make_corpus.py copies it
verbatim to plans/cargoline.yaml. Not tuned after the faulty runs were written.
"""

TASK = ("Halvorsen rang - BKG-48213 needs 3x 40HC, not 2. Pls amend the container count "
        "and get it re-quoted (fine to accept if it's still under USD 5k), then attach their "
        "commercial invoice CI-7731 from customs docs and submit the booking to the carrier. "
        "Thanks, Ruth")

PLAN_YAML = '''\
# Cargoline - Halvorsen amendment on BKG-48213
# Written from Ruth's note plus one clean walk through the booking screens.
task: "Halvorsen rang - BKG-48213 needs 3x 40HC, not 2. Pls amend the container count and get it re-quoted (fine to accept if it's still under USD 5k), then attach their commercial invoice CI-7731 from customs docs and submit the booking to the carrier. Thanks, Ruth"

plan_falsifiers:
  execution:
    - Your session has expired. Please sign in again.
    - "Something went wrong. Please try again."
    - {text: Cancel booking, on: action}
    - {text: Delete, on: action}
  skill:
    - You don't have permission to do this
  planning:
    - Booking BKG-48213 is cancelled

commitments:
  - id: open-booking
    subgoal: Find and open booking BKG-48213 (Halvorsen Marine Supply)
    skill: open_record_by_id
    confidence: 0.85
    confirm:
      precondition: [Bookings]
      progress: [BKG-48213]
      completion:
        - Booking BKG-48213 · Cargoline
        - Halvorsen Marine Supply
        - "2 × 40' HC"
    falsify:
      execution:
        - Booking BKG-48231 · Cargoline
        - Booking BKG-48212 · Cargoline
        - Booking BKG-48214 · Cargoline
        - BKG-48231
        - Halvorsen Marine Services
        - No bookings match
      skill: [Search is temporarily unavailable]
      planning: [Booking BKG-48213 could not be found]

  - id: amend-containers
    subgoal: Change the 40' HC count on BKG-48213 from 2 to 3 and save the amendment
    skill: edit_form_field
    confidence: 0.7
    confirm:
      precondition: [Amend containers — BKG-48213]
      progress:
        - "40' HC quantity"
        - Unsaved changes
      completion:
        - Amendment saved
        - "3 × 40' HC"
        - Quote out of date
    falsify:
      execution:
        - "4 × 40' HC"
        - Amendment could not be saved
        - Quantity must be a whole number
        - "No confirmation appears after clicking Save amendment"
        - "The booking still shows 2 × 40' HC after saving"
      skill:
        - Save amendment is disabled
      planning:
        - Amendments are locked for this booking

  - id: requote
    subgoal: Request a re-quote for the new equipment and accept it if it is under USD 5,000
    confidence: 0.6
    confirm:
      precondition: [Request re-quote]
      progress: [Rate quotes · BKG-48213 · Cargoline, Q-90458]
      completion:
        - Quote Q-90458 accepted
        - "3 × 40' HC"
    falsify:
      execution:
        - Q-90412 accepted
        - Quote request failed
        - {text: Change carrier, on: action}
        - {text: Reject, on: action}
      skill:
        - Re-quote is not available for this booking
      planning:
        - The new quote is over USD 5,000
        - Carrier declined to quote

  - id: attach-invoice
    subgoal: Attach Halvorsen's commercial invoice CI-7731 to BKG-48213
    skill: attach_document
    confidence: 0.7
    confirm:
      precondition: [Customs documents · BKG-48213 · Cargoline]
      progress: [CI-7731, Commercial invoice]
      completion:
        - CI-7731 attached to BKG-48213
        - "Commercial invoice — attached (CI-7731)"
    falsify:
      execution:
        - CI-7713
        - CI-7730
        - Upload failed
        - {text: Attach CI-7713, on: action}
        - "Commercial invoice — missing"
      planning:
        - CI-7731 is not in the customer's document library

  - id: submit-booking
    subgoal: Submit BKG-48213 to the carrier (Nordlys Line)
    confidence: 0.65
    confirm:
      precondition: [Submit to carrier]
      progress: ["Submit booking BKG-48213 to Nordlys Line?"]
      completion:
        - Booking BKG-48213 submitted to Nordlys Line
        - Submitted to carrier
    falsify:
      execution:
        - Submission failed
        - The booking is still a Draft after submitting
        - {text: Cancel, on: action}
      skill:
        - Submit to carrier is disabled
      planning:
        - Carrier rejected the booking
'''
