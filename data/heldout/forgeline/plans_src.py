"""Plan texts for the Forgeline QMS corpus.

Written from the two tasks and the healthy pages only, before any faulty run existed,
and not edited afterwards. make_corpus.py copies them verbatim into plans/*.yaml.
"""

TASK_NCR = ("Raise a nonconformance report against production lot L-24-0871 (pump housing 7731-204) "
            "for gas porosity, defect code POR-02, 12 pieces affected, with disposition Rework, and submit it.")

TASK_ECO = ("Approve engineering change order ECO-1043 (revise gate location on pump housing 7731-204) "
            "through its open review steps. Approve the Quality review with the comment \"PPAP samples verified\", "
            "then approve the Manufacturing review (acting for Tomás Ferreira) with effectivity \"Next production lot\", "
            "confirming each approval.")

PLAN_NCR = """\
# Forgeline QMS: raise an NCR against a production lot and submit it.
# Written by the quality team for the run checker.
task: """ + TASK_NCR + """
plan_falsifiers:
  execution:
    - Sign in to Forgeline QMS
    - Your session has expired
    - Something went wrong
    - Access denied
commitments:
  - id: find-lot
    subgoal: Find and open production lot L-24-0871
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Production lots list
      progress:
        - Search results for L-24-0871
      completion:
        - Production lot L-24-0871 detail page
        - Part 7731-204 Pump housing
    falsify:
      execution:
        - Production lot L-24-0872
        - Production lot L-24-0817
        - Production lot L-23-0871
        - No lots match
      planning:
        - Lot L-24-0871 is closed

  - id: describe-defect
    subgoal: Start a new NCR on the lot and enter the defect (POR-02 gas porosity, 12 pieces affected)
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition:
        - Raise nonconformance button
      progress:
        - New nonconformance report step 1 of 3 Defect
      completion:
        - Defect code POR-02 Gas porosity selected
        - Quantity affected 12
    falsify:
      execution:
        - Defect code POR-01 Surface porosity
        - This field is required
      skill:
        - Raise nonconformance is not available for this lot

  - id: set-disposition
    subgoal: Set the disposition to Rework
    confidence: 0.7
    confirm:
      progress:
        - Step 2 of 3 Disposition
      completion:
        - Disposition Rework selected
    falsify:
      execution:
        - Disposition Repair selected
        - Disposition Scrap selected
        - Disposition Use as is selected

  - id: submit-ncr
    subgoal: Review the NCR and submit it, confirming the dialog
    confidence: 0.6
    confirm:
      precondition:
        - Step 3 of 3 Review and submit
      progress:
        - Submit nonconformance report? dialog
      completion:
        - Nonconformance report submitted
        - Status Open awaiting MRB review
        - Lot L-24-0871 placed on quality hold
    falsify:
      execution:
        - Draft saved
        - Submission failed
        - text: Delete draft
          on: action
      planning:
        - A nonconformance report already exists for lot L-24-0871
"""

PLAN_ECO = """\
# Forgeline QMS: take ECO-1043 through its remaining review steps.
task: """ + TASK_ECO + """
plan_falsifiers:
  execution:
    - Sign in to Forgeline QMS
    - Your session has expired
    - Something went wrong
commitments:
  - id: open-eco
    subgoal: Open change order ECO-1043
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Engineering change orders
      progress: []
      completion:
        - ECO-1043 Revise gate location on pump housing 7731-204
        - Quality review awaiting your approval
    falsify:
      execution:
        - ECO-1048 Revise gate location on pump housing 7731-205
        - ECO-1034
        - ECO-1039 Update drawing notes
      planning:
        - ECO-1043 was rejected
        - ECO-1043 is already approved

  - id: approve-quality
    subgoal: Approve the Quality review with the comment "PPAP samples verified"
    skill: record_approval
    confidence: 0.7
    confirm:
      precondition:
        - Quality review for ECO-1043
      progress:
        - Decision Approve selected
        - Comment PPAP samples verified
        - Approve Quality review for ECO-1043? dialog
      completion:
        - Quality review approved by Priya Raman
    falsify:
      execution:
        - Reject selected
        - Approve with conditions selected
        - text: Reject
          on: action
      skill:
        - You are not an approver for this step

  - id: approve-manufacturing
    subgoal: Approve the Manufacturing review for Tomás Ferreira with effectivity Next production lot
    skill: record_approval
    confidence: 0.6
    confirm:
      precondition:
        - Manufacturing review for ECO-1043
        - Acting for Tomás Ferreira
      progress:
        - Effectivity Next production lot
        - Approve Manufacturing review for ECO-1043? dialog
      completion:
        - Manufacturing review approved
        - ECO-1043 status Approved
    falsify:
      execution:
        - Effectivity Immediate
        - Decision could not be saved
      skill:
        - You are not an approver for this step
      planning:
        - Manufacturing review is assigned to someone else
"""
