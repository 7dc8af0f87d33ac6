"""Plan texts for the Cellarbook Trade corpus.

Written from the task wording and the healthy pages only, before any faulty run
was scripted, and not tuned afterwards. make_corpus.py writes them verbatim to
plans/<workflow>.yaml.
"""

ALLOCATION_TASK = (
    "Request an allocation of 6 bottles (75cl) of Domaine Aubertin Chambolle-Musigny "
    "1er Cru 'Les Fuées' 2021 (offer OF-2147) from the Autumn Burgundy 2024 release, "
    "for delivery to the Harbour Street site, and submit the request."
)

RETURNS_TASK = (
    "Lodge a return on invoice INV-88213 for 2 corked bottles of Château Lestrac 2016, "
    "with reason Cork taint (TCA) and a credit note as the resolution, and submit it."
)

ALLOCATION_YAML = '''\
# Plan for the allocation-request workflow in Cellarbook Trade (Harrow & Vane).
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to Cellarbook Trade
    - Your session has expired. Please sign in again.
    - Something went wrong on our side
    - You don't have permission to view this page
commitments:
  - id: find-offer
    subgoal: Find offer OF-2147 (Les Fuées 2021) in the Autumn Burgundy 2024 release and open it
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - The Autumn Burgundy 2024 allocation release is shown
      progress:
        - OF-2147 is listed in the search results or the offers table
      completion:
        - "Offer OF-2147 detail page: Domaine Aubertin Chambolle-Musigny 1er Cru 'Les Fuées' 2021"
    falsify:
      execution:
        - Offer OF-2148, the 2020 vintage of Les Fuées, is open
        - Offer OF-2174, the village Chambolle-Musigny 2021, is open
        - Domaine Aubertel Gevrey-Chambertin offer is open
        - No offers match your search
      planning:
        - Requests for this release have closed
        - This offer is sold out
  - id: enter-quantity
    subgoal: Start the allocation request and ask for 6 bottles in the 75cl bottle format
    confidence: 0.7
    confirm:
      precondition:
        - Request allocation button on offer OF-2147
      progress:
        - Request allocation, step 1 of 3, Quantity
      completion:
        - Quantity requested is 6 with format Bottle (75cl)
    falsify:
      execution:
        - Quantity exceeds your maximum for this offer
        - Enter a quantity
      skill:
        - The Request allocation button is disabled
  - id: choose-delivery
    subgoal: Choose Harbour Street as the delivery site
    confidence: 0.6
    confirm:
      progress:
        - Request allocation, step 2 of 3, Delivery
      completion:
        - Harbour Street, Bristol is selected as the delivery site
    falsify:
      execution:
        - "Delivery site: Mill Lane, Bath"
        - Select a delivery site
  - id: submit-request
    subgoal: Review the request and submit it, confirming the dialog
    confidence: 0.7
    confirm:
      precondition:
        - The review step shows 6 bottles of Bottle (75cl) for Harbour Street
      progress:
        - Submit allocation request? confirmation dialog
      completion:
        - Allocation request submitted
        - "Status: Submitted, awaiting allocation"
    falsify:
      execution:
        - Your request could not be submitted
        - Please correct the errors below
        - The request still shows as a draft
        - text: Withdraw request
          on: action
''' % ALLOCATION_TASK.replace('"', '\\\\"')

RETURNS_YAML = '''\
# Plan for the corked-bottle returns workflow in Cellarbook Trade (Harrow & Vane).
task: "%s"
plan_falsifiers:
  execution:
    - Sign in to Cellarbook Trade
    - Your session has expired. Please sign in again.
    - Something went wrong on our side
    - You don't have permission to view this page
commitments:
  - id: open-invoice
    subgoal: Open invoice INV-88213 (Harbour Street, 7 October 2024)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Orders & invoices list or search is available
      progress:
        - INV-88213 appears in the invoice list or search results
      completion:
        - Invoice INV-88213 detail page with a Château Lestrac 2016 line
    falsify:
      execution:
        - Invoice INV-88231 is open
        - Invoice INV-88214 is open
        - No invoices match your search
      planning:
        - The return window for this invoice has closed
  - id: select-bottles
    subgoal: Start a return and select 2 bottles of Château Lestrac 2016
    confidence: 0.7
    confirm:
      precondition:
        - Start a return button on invoice INV-88213
      progress:
        - Start a return, step 1 of 3, Bottles
      completion:
        - Château Lestrac 2016 line selected with 2 bottles to return
    falsify:
      execution:
        - Château Lestrac 2015 line is selected
        - You can't return more bottles than were delivered
  - id: reason-and-resolution
    subgoal: Give the reason Cork taint (TCA) and choose a credit note
    confidence: 0.6
    confirm:
      progress:
        - Start a return, step 2 of 3, Reason
      completion:
        - Reason Cork taint (TCA) is selected
        - Credit note to account QA-20417 is selected
    falsify:
      execution:
        - "Reason: Damaged in transit"
        - "Resolution: Replacement bottles"
        - Select a reason for the return
  - id: submit-return
    subgoal: Review the return and submit it, confirming the dialog
    confidence: 0.7
    confirm:
      precondition:
        - The review shows 2 bottles of Château Lestrac 2016, Cork taint (TCA), credit note
      progress:
        - Submit return request? confirmation dialog
      completion:
        - Return submitted with an RT number
        - "Status: Submitted, collection to be booked"
    falsify:
      execution:
        - Your return could not be submitted
        - Please correct the errors below
        - text: Cancel return
          on: action
''' % RETURNS_TASK.replace('"', '\\\\"')

PLANS = {"allocation": (ALLOCATION_TASK, ALLOCATION_YAML),
         "returns": (RETURNS_TASK, RETURNS_YAML)}
