"""Hand-written plans for the two Tapline workflows.

Written from the task text and the healthy pages only, before any faulty run existed,
and not tuned afterwards. make_corpus.py copies them verbatim into plans/*.yaml.
"""

BREWLOG_YAML = """\
# Tapline (Copperhead Brewing Co.) -- log today's brew in the New batch wizard.
# Written from the task and a clean walk through Batches > New batch.
task: "Log today's brew of recipe R-118 Harbour Pale Ale in fermenter FV-07 (cast-out 24 hL, OG 1.052) and save the batch."
plan_falsifiers:
  execution:
    - Sign in to Tapline
    - Your session has expired. Please sign in again.
    - Something went wrong. Tapline couldn't complete that request.
commitments:
  - id: open-wizard
    subgoal: Start a new batch from the Batches board
    skill: open_create_form
    confidence: 0.8
    confirm:
      precondition:
        - Batches board
      progress: []
      completion:
        - New batch wizard, step 1 of 4, Recipe
    falsify:
      execution:
        - Batch B-2416 detail page
      skill:
        - New batch button is disabled
      planning: []
  - id: choose-recipe
    subgoal: Select recipe R-118 Harbour Pale Ale
    skill: pick_from_list
    confidence: 0.7
    confirm:
      precondition:
        - Find recipe search box
      progress:
        - R-118 Harbour Pale Ale is checked
      completion:
        - "Recipe: R-118 Harbour Pale Ale, shown on the Vessel step"
    falsify:
      execution:
        - R-119 Harbour Pale Ale (Cask) is selected
        - R-117 Harbour Session Pale is selected
        - R-181 Harbor Hazy Pale is selected
        - No recipes match
      planning:
        - Recipe R-118 is archived
  - id: choose-vessel
    subgoal: Put the batch in fermenter FV-07
    skill: pick_from_list
    confidence: 0.7
    confirm:
      precondition:
        - New batch step 2 of 4, Vessel
      progress:
        - FV-07 is checked
      completion:
        - New batch step 3 of 4, Brew details, vessel FV-07
    falsify:
      execution:
        - FV-17 is selected
        - FV-01 is selected
      planning:
        - FV-07 is in use or waiting for CIP
  - id: enter-details
    subgoal: Enter cast-out volume 24 hL and original gravity 1.052 with today's brew date
    skill: fill_form
    confidence: 0.6
    confirm:
      precondition:
        - Brew details form with brew date 2024-10-16
      progress:
        - Cast-out volume 24
        - Original gravity 1.052
      completion:
        - Review step shows volume 24 hL and original gravity 1.052
    falsify:
      execution:
        - This field is required
        - Original gravity must be a number like 1.050
        - Volume is larger than the vessel capacity
  - id: save-batch
    subgoal: Save the batch to the brew log
    skill: submit_form
    confidence: 0.7
    confirm:
      precondition:
        - Save batch button on the review step
      progress: []
      completion:
        - Batch B-2417 logged, FV-07 set to Fermenting
        - Batch detail for Harbour Pale Ale in FV-07, status Fermenting
    falsify:
      execution:
        - text: Discard draft
          "on": action
        - Batch could not be saved
"""

KEGTRANSFER_YAML = """\
# Tapline (Copperhead Brewing Co.) -- send kegs from cellar stock to a trade order.
# Written from the task and a clean run: Trade orders > SO-5512 > Transfer kegs.
task: "Transfer 6 kegs (50 L) of batch B-2398 Harbour Pale Ale to trade order SO-5512 for The Anchor Tap, and confirm the transfer."
plan_falsifiers:
  execution:
    - Sign in to Tapline
    - Your session has expired. Please sign in again.
    - Something went wrong. Tapline couldn't complete that request.
commitments:
  - id: open-order
    subgoal: Open trade order SO-5512 for The Anchor Tap
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - Trade orders list
      progress:
        - SO-5512 The Anchor Tap is listed
      completion:
        - Order SO-5512, The Anchor Tap, awaiting kegs
    falsify:
      execution:
        - Order SO-5519 detail
        - Order SO-5521, The Anchor & Hope
        - No orders match your filters
      planning:
        - Order SO-5512 is dispatched
        - Order SO-5512 is cancelled
  - id: fill-transfer
    subgoal: Pick 6 x 50 L kegs from batch B-2398
    skill: fill_form
    confidence: 0.6
    confirm:
      precondition:
        - Transfer kegs to SO-5512 form
      progress:
        - Source batch B-2398 selected
        - Keg size 50 L
        - Number of kegs 6
      completion:
        - Confirm keg transfer dialog for 6 x 50 L kegs from B-2398
    falsify:
      execution:
        - Source batch B-2389 selected
        - Only 3 kegs available in this batch
      skill:
        - Transfer kegs button is missing or disabled
      planning:
        - B-2398 has no 50 L kegs in stock
        - Batch B-2398 is on QA hold
  - id: confirm-transfer
    subgoal: Confirm the transfer
    skill: confirm_dialog
    confidence: 0.7
    confirm:
      precondition:
        - Confirm transfer button
      progress: []
      completion:
        - Transferred 6 x 50 L kegs from B-2398 to SO-5512
        - Harbour Pale Ale line on SO-5512 shows 6 of 6 allocated
    falsify:
      execution:
        - text: Cancel order
          "on": action
        - Not enough kegs in stock
"""

PLANS = {
    "brewlog": BREWLOG_YAML,
    "kegtransfer": KEGTRANSFER_YAML,
}
