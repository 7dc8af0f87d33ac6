"""Plan texts for the Curio corpus.

Written from the task wording and the healthy pages only, before any faulty run
was scripted, and not tuned afterwards.  make_corpus.py writes them verbatim to
plans/<workflow>.yaml.
"""

LOAN_TASK = ("Set up an outgoing loan of object 1987.44.12 (Blue Heron Vase) to Kestrel Bay Art "
             "Gallery for the exhibition 'Glaze & Fire: Victorian Art Pottery', loan period "
             "02/05/2025 to 28/09/2025, insurance value £45,000, and submit it for approval.")

CONDITION_TASK = ("Record a condition report for object 2003.118.7 (Portrait of Agnes Wray): report "
                  "type Routine survey, examined today (14/03/2025), overall condition Fair, "
                  "observations 'Minor flaking to paint layer along lower left edge; frame sound.' "
                  "Save it to the object's record.")

LOAN_PLAN = '''\
# Outgoing loan: Blue Heron Vase to Kestrel Bay Art Gallery ("Glaze & Fire")
# Written by the registrar's team from the task and a couple of clean runs.
task: "Set up an outgoing loan of object 1987.44.12 (Blue Heron Vase) to Kestrel Bay Art Gallery for the exhibition 'Glaze & Fire: Victorian Art Pottery', loan period 02/05/2025 to 28/09/2025, insurance value £45,000, and submit it for approval."

plan_falsifiers:
  execution:
    - Sign in to Curio
    - "Your session has expired. Please sign in again."
    - Something went wrong on our side
    - Page not found
  planning:
    - Object 1987.44.12 is already on loan

commitments:
  - id: find-object
    subgoal: Find and open object 1987.44.12 Blue Heron Vase
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Curio dashboard
      progress:
        - Search results for 1987.44.12
      completion:
        - 1987.44.12 Blue Heron Vase object record
    falsify:
      execution:
        - 1987.44.13 Blue Heron Vase (pair)
        - 1978.44.12 Blue Iris Vase
        - No objects match your search
        - text: Open 1987.44.13 Blue Heron Vase (pair)
          on: action

  - id: start-loan
    subgoal: Start a new outgoing loan
    confidence: 0.7
    confirm:
      completion:
        - "New outgoing loan, Step 1 of 4: Borrower & exhibition"
    falsify:
      skill:
        - Create outgoing loan button is disabled

  - id: borrower
    subgoal: "Choose Kestrel Bay Art Gallery as the borrower and enter the exhibition 'Glaze & Fire: Victorian Art Pottery'"
    confirm:
      progress:
        - "Borrowing institution: Kestrel Bay Art Gallery"
      completion:
        - "Step 2 of 4: Objects"
    falsify:
      execution:
        - "Borrowing institution: Kestrel Bay Maritime Museum"
        - Select a borrowing institution

  - id: add-object
    subgoal: Make sure 1987.44.12 Blue Heron Vase is the object on the loan
    confirm:
      progress:
        - "Objects on this loan: 1987.44.12 Blue Heron Vase"
      completion:
        - "Step 3 of 4: Dates & insurance"
    falsify:
      execution:
        - 1987.44.13 Blue Heron Vase (pair) is on this loan
        - 1978.44.12 Blue Iris Vase is on this loan

  - id: dates-insurance
    subgoal: Enter the loan period 02/05/2025 to 28/09/2025 and insurance value £45,000
    confirm:
      progress:
        - Loan start date 02/05/2025 and loan end date 28/09/2025
      completion:
        - "Step 4 of 4: Review & submit"
        - Insurance value £45,000.00
    falsify:
      execution:
        - The end date must be after the start date
        - Enter a date in the format DD/MM/YYYY

  - id: submit
    subgoal: Submit the loan for approval
    skill: confirm_dialog
    confidence: 0.6
    confirm:
      progress:
        - Submit loan for approval? dialog
      completion:
        - Loan submitted for approval
        - "Status: Awaiting approval"
    falsify:
      execution:
        - Could not submit loan
        - OUT-2025-016 Kestrel Bay Art Gallery, Northern Light
      planning:
        - This object needs a current condition report before it can be lent
'''

CONDITION_PLAN = '''\
# Condition report for the Agnes Wray portrait (routine survey, 14/03/2025)
task: "Record a condition report for object 2003.118.7 (Portrait of Agnes Wray): report type Routine survey, examined today (14/03/2025), overall condition Fair, observations 'Minor flaking to paint layer along lower left edge; frame sound.' Save it to the object's record."

plan_falsifiers:
  execution:
    - Sign in to Curio
    - "Your session has expired. Please sign in again."
    - Something went wrong on our side
    - Access denied

commitments:
  - id: find-object
    subgoal: Open object 2003.118.7 Portrait of Agnes Wray
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      progress:
        - Search results for 2003.118.7
      completion:
        - 2003.118.7 Portrait of Agnes Wray object record
    falsify:
      execution:
        - 2003.118.8 Portrait of Agnes Wray (oil sketch)
        - 2003.118.17 Portrait of Henry Wray
        - 2003.181.7 Sampler worked by Agnes Wray
        - text: Open 2003.118.8 Portrait of Agnes Wray (oil sketch)
          on: action

  - id: open-form
    subgoal: Start a new condition report for 2003.118.7
    confidence: 0.7
    confirm:
      precondition:
        - Condition history for 2003.118.7
      completion:
        - New condition report for 2003.118.7 Portrait of Agnes Wray
    falsify:
      skill:
        - The New condition report button is disabled

  - id: fill-report
    subgoal: "Fill in the report: Routine survey, examined 14/03/2025, overall condition Fair, and the observations"
    confidence: 0.6
    confirm:
      progress:
        - "Report type: Routine survey"
        - Examination date 14/03/2025
        - Overall condition Fair is selected
      completion:
        - "Observations: Minor flaking to paint layer along lower left edge; frame sound."
    falsify:
      execution:
        - Examination date cannot be in the future
        - Enter a date in the format DD/MM/YYYY

  - id: save-report
    subgoal: Save the condition report to the object's record
    skill: confirm_dialog
    confidence: 0.6
    confirm:
      progress:
        - Save condition report? dialog
      completion:
        - Condition report saved
        - "Condition history: 14/03/2025, Routine survey, Fair, Priya Nandakumar"
    falsify:
      execution:
        - Could not save condition report
        - 2003.118.8 Portrait of Agnes Wray (oil sketch)
'''
