"""Plan texts for the sprocket corpus (Sprocket Desk).

Written from the two task statements and the healthy pages only, before any faulty
run existed, and not edited afterwards.  make_corpus.py writes them verbatim to
plans/<workflow>.yaml.
"""

REPAIR_TASK = (
    "Finish work order WO-24817 (Priya Raman's Trek Domane SL 5): add one Shimano CN-HG701 "
    "11-speed chain, 116 links, to the parts list, set the status to Ready for pickup, and save, "
    "sending Priya the pickup notice by text message."
)

SPECIAL_ORDER_TASK = (
    "Create a special order for Marcus Bell: one Fox 34 Float Performance 29\" fork with 44 mm "
    "offset (QBP SKU FOX-910-21-089), linked to his work order WO-24822, notify him by text "
    "message when it arrives, take a $100.00 deposit by card, and submit the order to QBP."
)

REPAIR_PLAN = """\
# Plan for the repair close-out workflow in Sprocket Desk (Spoke & Chain Cycles, Hawthorne).
# Written by the service manager from the task and a couple of clean runs.
task: "Finish work order WO-24817 (Priya Raman's Trek Domane SL 5): add one Shimano CN-HG701 11-speed chain, 116 links, to the parts list, set the status to Ready for pickup, and save, sending Priya the pickup notice by text message."
plan_falsifiers:
  execution:
    - Sign in to Sprocket Desk
    - Your session has expired. Please sign in again.
    - Something went wrong on our end
  planning:
    - Access denied
commitments:
  - id: open-work-order
    subgoal: Open work order WO-24817 for Priya Raman's Trek Domane SL 5
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Work orders board is showing open work orders
      progress:
        - Search results for WO-24817
      completion:
        - Work order WO-24817 detail page
        - Priya Raman · Trek Domane SL 5
    falsify:
      execution:
        - Work order WO-24871
        - Priya Rao
        - Trek Émonda SL 5
        - Work order WO-24818
        - Work order WO-23940
        - No work orders match
      planning:
        - Work order WO-24817 is already picked up
  - id: add-chain
    subgoal: Add one Shimano CN-HG701 11-speed chain, 116L to the parts list
    skill: add_catalog_part
    confidence: 0.7
    confirm:
      precondition:
        - Add part to WO-24817 dialog is open
      progress:
        - Shimano CN-HG701 11-speed chain, 116L is in the catalog matches
        - "Selected: Shimano CN-HG701 11-speed chain, 116L"
      completion:
        - Parts table lists Shimano CN-HG701 11-speed chain, 116L with quantity 1
    falsify:
      execution:
        - Shimano CN-HG601 11-speed chain
        - Shimano CN-HG701 11-speed chain, 138L
        - KMC X11 11-speed chain
        - Quantity 2
      skill:
        - No parts match your search
      planning:
        - Shimano CN-HG701 11-speed chain, 116L is out of stock
  - id: set-status
    subgoal: Set the work order status to Ready for pickup
    confidence: 0.8
    confirm:
      completion:
        - Status combobox shows Ready for pickup
    falsify:
      execution:
        - Status set to Waiting on parts
        - Status set to Picked up
        - Status set to On hold
  - id: save-and-notify
    subgoal: Save the work order and send the pickup notice by text message
    confidence: 0.6
    confirm:
      precondition:
        - Save work order WO-24817? dialog
      progress:
        - Send pickup notice by SMS to (503) 555-0142 is checked
      completion:
        - Work order WO-24817 saved
        - Pickup notice sent by SMS to Priya Raman
        - Activity shows status In progress → Ready for pickup
    falsify:
      execution:
        - Could not save work order
        - Pickup notice was not sent
        - {text: "click Discard changes", "on": action}
      planning:
        - Customer has not opted in to text messages
"""

SPECIAL_ORDER_PLAN = """\
# Plan for placing a parts special order in Sprocket Desk (Spoke & Chain Cycles, Hawthorne).
# Written by the service manager from the task and a couple of clean runs.
task: 'Create a special order for Marcus Bell: one Fox 34 Float Performance 29" fork with 44 mm offset (QBP SKU FOX-910-21-089), linked to his work order WO-24822, notify him by text message when it arrives, take a $100.00 deposit by card, and submit the order to QBP.'
plan_falsifiers:
  execution:
    - Sign in to Sprocket Desk
    - Your session has expired. Please sign in again.
    - Something went wrong on our end
  planning:
    - Access denied
commitments:
  - id: pick-customer
    subgoal: Start a new special order for customer Marcus Bell
    skill: wizard_select_customer
    confidence: 0.8
    confirm:
      precondition:
        - New special order wizard, step 1 of 4 Customer
      progress:
        - Matching customers list shows Marcus Bell (503) 555-0187
      completion:
        - Marcus Bell is the selected customer
    falsify:
      execution:
        - Marcus Bello
        - Marcia Bell
        - (971) 555-0123
      skill:
        - No customers match
  - id: pick-part
    subgoal: Choose QBP SKU FOX-910-21-089, Fox 34 Float Performance 29" 44 mm offset, quantity 1
    skill: vendor_catalog_lookup
    confidence: 0.7
    confirm:
      precondition:
        - Step 2 of 4 Part
      progress:
        - Vendor set to QBP (Quality Bicycle Products)
        - FOX-910-21-089 in catalog results
      completion:
        - 'Selected part: FOX-910-21-089 Fox 34 Float Performance fork, 29", 140 mm, 44 mm offset from QBP, quantity 1'
    falsify:
      execution:
        - FOX-910-21-098
        - 51 mm offset
        - Fox 34 Float Rhythm
        - 27.5"
        - BTI (Bicycle Technologies Intl.)
      skill:
        - No catalog results
      planning:
        - FOX-910-21-089 is discontinued
  - id: link-and-notify
    subgoal: Link the order to work order WO-24822 and notify Marcus by text message on arrival
    confidence: 0.7
    confirm:
      precondition:
        - Step 3 of 4 Details
      completion:
        - Link to work order WO-24822 · Santa Cruz Tallboy 4
        - Notify by text message (503) 555-0187 selected
    falsify:
      execution:
        - WO-24103
        - WO-24828
        - Link to work order None
  - id: deposit-and-submit
    subgoal: Take a $100.00 card deposit and submit the special order to QBP
    confidence: 0.6
    confirm:
      precondition:
        - Step 4 of 4 Deposit & review
      progress:
        - Deposit amount $100.00
        - Submit special order to QBP? dialog
      completion:
        - Special order submitted to QBP
        - "Status: Submitted to vendor"
        - "Deposit: $100.00 collected (Card present)"
        - Linked work order WO-24822
    falsify:
      execution:
        - Deposit amount is required
        - Vendor did not confirm the order
        - {text: "Cancel order", "on": action}
      planning:
        - QBP is not accepting orders
"""
