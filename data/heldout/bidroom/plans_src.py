"""Plan texts for the BidRoom corpus.

Written from the two tasks and the healthy BidRoom pages only, before any faulty
run was scripted, and not tuned afterwards. make_corpus.py writes them verbatim to
plans/<workflow>.yaml.
"""

SUBMIT_BID_YAML = '''\
# BidRoom: submit a new bid for tender NPPS-2024-0417.
# Written from the task and the healthy portal pages, before any faulty run.
task: "Submit Kestrel Facilities' bid for tender NPPS-2024-0417 (Grounds maintenance, northern district parks): bid for Lot 1 (Parks mowing and turf care) at 48,600.00 GBP and Lot 3 (Tree surgery and arboricultural works) at 22,150.00 GBP, both as annual contract totals; upload the technical proposal (Kestrel_Technical_Proposal_0417.pdf) and the public liability insurance certificate (Kestrel_PL_Insurance_2024-25.pdf); accept the mandatory declarations; and submit the bid before the deadline of 21 Nov 2024, 12:00."
plan_falsifiers:
  execution:
    - "Sign in to BidRoom"
    - "Your session has expired. Please sign in again."
    - "Something went wrong. BidRoom could not complete your request."
  planning:
    - "Tender NPPS-2024-0417 is closed for bids"
commitments:
  - id: open-tender
    subgoal: "Find and open tender NPPS-2024-0417, Grounds maintenance, northern district parks"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - "Open tenders"
      progress:
        - "NPPS-2024-0417 Grounds maintenance, northern district parks is listed"
      completion:
        - "NPPS-2024-0417: Grounds maintenance, northern district parks"
    falsify:
      execution:
        - "NPPS-2024-0471: Grounds maintenance, southern district parks"
        - "NPPS-2024-0418: Grounds maintenance, northern district cemeteries"
        - {text: "Grounds maintenance, southern district parks", on: action}
        - "No tenders match your search"
      planning:
        - "The deadline for this tender has passed"
  - id: start-bid
    subgoal: "Start the bid for NPPS-2024-0417, or continue the saved draft"
    confidence: 0.7
    confirm:
      precondition:
        - "Your bid"
      completion:
        - "Bid for NPPS-2024-0417: Grounds maintenance, northern district parks"
    falsify:
      execution:
        - "Bid for NPPS-2024-0471"
        - "You have already submitted a bid for this tender"
      skill:
        - "Start bid is not available"
  - id: choose-lots
    subgoal: "Tick Lot 1 (Parks mowing and turf care) and Lot 3 (Tree surgery and arboricultural works), nothing else"
    confidence: 0.7
    confirm:
      precondition:
        - "Step 1 of 5: Lots"
      progress:
        - "Lot 1: Parks mowing and turf care is checked"
        - "Lot 3: Tree surgery and arboricultural works is checked"
      completion:
        - "Step 2 of 5: Prices"
    falsify:
      execution:
        - "Lot 2: Hedge and shrub maintenance is checked"
        - "Lot 4: Litter picking and bin emptying is checked"
  - id: enter-prices
    subgoal: "Enter 48,600.00 for Lot 1 and 22,150.00 for Lot 3, as annual contract totals"
    confidence: 0.6
    confirm:
      progress:
        - "Lot 1 price 48,600.00"
        - "Lot 3 price 22,150.00"
      completion:
        - "Step 3 of 5: Documents"
    falsify:
      execution:
        - "Enter a price for each lot you are bidding for"
        - "Price must be a number"
  - id: upload-documents
    subgoal: "Upload the technical proposal and the public liability insurance certificate"
    skill: upload_file
    confidence: 0.6
    confirm:
      progress:
        - "Kestrel_Technical_Proposal_0417.pdf uploaded"
        - "Kestrel_PL_Insurance_2024-25.pdf uploaded"
      completion:
        - "Step 4 of 5: Declarations"
    falsify:
      execution:
        - "Upload failed"
        - "This file type is not allowed"
        - "The file did not pass the virus scan"
  - id: accept-declarations
    subgoal: "Accept the three mandatory declarations"
    confidence: 0.7
    confirm:
      completion:
        - "Step 5 of 5: Review and submit"
    falsify:
      execution:
        - "You must accept all mandatory declarations"
  - id: submit-bid
    subgoal: "Submit the bid, confirm the submission, and check the receipt"
    confidence: 0.7
    confirm:
      progress:
        - "Submit bid for NPPS-2024-0417?"
      completion:
        - "Bid submitted"
        - "Receipt number"
    falsify:
      execution:
        - "Your bid has not been submitted"
        - {text: "Withdraw bid", on: action}
      planning:
        - "Bids can no longer be submitted for this tender"
'''

AMEND_BID_YAML = '''\
# BidRoom: amend submitted bid BID-77310 (tender NPPS-2024-0382).
# Written from the task and the healthy portal pages, before any faulty run.
task: "Amend Kestrel Facilities' submitted bid BID-77310 for tender NPPS-2024-0382 (Cleaning of municipal offices): change the Lot 2 (Town hall annex) price from 31,900.00 to 29,750.00 GBP, leave everything else as it is, and resubmit the amended bid before the deadline of 18 Nov 2024, 12:00. Do not withdraw the bid."
plan_falsifiers:
  execution:
    - "Sign in to BidRoom"
    - "Your session has expired. Please sign in again."
    - "Something went wrong. BidRoom could not complete your request."
    - {text: "Withdraw bid", on: action}
  planning:
    - "The deadline for NPPS-2024-0382 has passed"
commitments:
  - id: open-bid
    subgoal: "Open bid BID-77310 (Cleaning of municipal offices, NPPS-2024-0382)"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition:
        - "My bids"
      progress:
        - "BID-77310 Cleaning of municipal offices Submitted"
      completion:
        - "Bid BID-77310: Cleaning of municipal offices"
    falsify:
      execution:
        - "Bid BID-77301"
        - "Bid BID-77311: Cleaning of municipal depots"
        - "NPPS-2023-0382"
        - {text: "BID-77311", on: action}
      planning:
        - "Status: Withdrawn"
  - id: start-amendment
    subgoal: "Start an amendment of BID-77310"
    confidence: 0.7
    confirm:
      progress:
        - "Amend bid BID-77310"
      completion:
        - "Amend bid BID-77310 Step 1 of 5: Lots"
    falsify:
      execution:
        - "You do not have permission to amend this bid"
      skill:
        - "Amend bid is not available"
  - id: change-price
    subgoal: "Change the Lot 2 (Town hall annex) price to 29,750.00 and keep Lot 1 at 44,400.00"
    confidence: 0.6
    confirm:
      precondition:
        - "Step 2 of 5: Prices"
      progress:
        - "Lot 2 price 29,750.00"
      completion:
        - "Step 3 of 5: Documents"
    falsify:
      execution:
        - "Lot 2 price is still 31,900.00 after saving"
        - "Lot 3: Library branches is checked"
        - "Enter a price for each lot you are bidding for"
  - id: reconfirm
    subgoal: "Keep the uploaded documents and confirm the declarations again"
    confidence: 0.7
    confirm:
      progress:
        - "Step 4 of 5: Declarations"
      completion:
        - "Step 5 of 5: Review amendment"
    falsify:
      execution:
        - "You must accept all mandatory declarations"
        - "Upload failed"
  - id: submit-amendment
    subgoal: "Submit the amendment, confirm it, and check that the new version shows 29,750.00 for Lot 2"
    confidence: 0.7
    confirm:
      progress:
        - "Submit amendment to bid BID-77310?"
      completion:
        - "Amendment submitted"
        - "Lot 2 Town hall annex 29,750.00"
    falsify:
      execution:
        - "Amendment not submitted"
        - "Lot 2 Town hall annex 31,900.00 unchanged"
      planning:
        - "Amendments are closed for this tender"
'''

PLANS = {
    "submit-bid": SUBMIT_BID_YAML,
    "amend-bid": AMEND_BID_YAML,
}
