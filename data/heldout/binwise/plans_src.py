"""Plans for the Binwise WMS corpus, written from the task text and the healthy pages
before any faulty run existed. make_corpus.py serialises them to plans/*.yaml."""

STOCK_TRANSFER = {
    "task": ("In Binwise, move 24 ea of SKU 40-1187-B 'Cordless drill 18V kit' from bin A-03-2 "
             "to bin C-11-4 and post the transfer with reason 'Replenish pick face'."),
    "plan_falsifiers": {
        "execution": ["Sign in to Binwise", "Your session has timed out"],
        "skill": ["Access denied"],
        "planning": [],
    },
    "commitments": [
        {
            "id": "find-sku",
            "subgoal": "Open SKU 40-1187-B Cordless drill 18V kit",
            "skill": "open_record_by_id",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Search Binwise"],
                "progress": ["Results for 40-1187-B"],
                "completion": ["40-1187-B Cordless drill 18V kit", "Stock by bin"],
            },
            "falsify": {
                "execution": ["40-1187-R", "Cordless drill 18V (bare tool)", "No results"],
                "skill": [],
                "planning": ["SKU 40-1187-B is inactive"],
            },
        },
        {
            "id": "fill-transfer",
            "subgoal": "New transfer: from A-03-2 to C-11-4, qty 24, reason Replenish pick face",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["New stock transfer"],
                "progress": ["From bin A-03-2", "To bin C-11-4", "Quantity 24"],
                "completion": ["Reason Replenish pick face", "Post transfer"],
            },
            "falsify": {
                "execution": ["A-03-3", "Insufficient stock in A-03-2", "Unknown bin"],
                "skill": ["No Post transfer button"],
                "planning": ["C-11-4 locked for cycle count"],
            },
        },
        {
            "id": "post-transfer",
            "subgoal": "Post it and check it shows Posted",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Post transfer?"],
                "progress": ["cannot be undone"],
                "completion": ["Transfer posted", "Status Posted"],
            },
            "falsify": {
                "execution": [
                    "Could not post transfer",
                    {"text": "Save draft", "on": "action"},
                    {"text": "Reverse transfer", "on": "action"},
                ],
                "skill": ["You don't have permission to post transfers"],
                "planning": ["Quantity exceeds available stock"],
            },
        },
    ],
}

PO_RECEIVE = {
    "task": ("In Binwise, receive PO-77310 from Kestrel Tool Supply: line 1 (40-1187-B Cordless "
             "drill 18V kit) came in short, 48 of 60 ea; line 2 (40-2210-A Drill bit set 29 pc) "
             "came in full, 120 ea. Note one damaged carton (line 2, crushed corner, contents OK) "
             "and post the receipt."),
    "plan_falsifiers": {
        "execution": ["Sign in to Binwise", "Session timed out"],
        "skill": ["Access denied"],
        "planning": [],
    },
    "commitments": [
        {
            "id": "open-po",
            "subgoal": "Open PO-77310 (Kestrel Tool Supply)",
            "skill": "open_record_by_id",
            "confidence": 0.8,
            "confirm": {
                "precondition": ["Search Binwise"],
                "progress": ["PO-77310"],
                "completion": ["Purchase order PO-77310", "Kestrel Tool Supply", "Status Open"],
            },
            "falsify": {
                "execution": ["PO-77301", "PO-76988", "No purchase orders match"],
                "skill": [],
                "planning": ["PO-77310 is closed", "PO-77310 fully received"],
            },
        },
        {
            "id": "enter-quantities",
            "subgoal": "Receive line 1 48 of 60 (short shipped), line 2 120 of 120",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Receiving – PO-77310"],
                "progress": ["Received qty, line 1 48", "Short shipped"],
                "completion": ["Received qty, line 2 120"],
            },
            "falsify": {
                "execution": ["Received quantity exceeds open quantity", "40-1187-R"],
                "skill": ["No Receive button"],
                "planning": ["Receipt already posted for PO-77310"],
            },
        },
        {
            "id": "note-damage",
            "subgoal": "Note 1 damaged carton on line 2",
            "confidence": 0.6,
            "confirm": {
                "precondition": ["Receiving notes"],
                "progress": ["Damaged cartons 1"],
                "completion": ["carton crushed"],
            },
            "falsify": {
                "execution": [],
                "skill": ["No field for damaged cartons"],
                "planning": [],
            },
        },
        {
            "id": "post-receipt",
            "subgoal": "Post the receipt; PO should go to Partially received",
            "confidence": 0.7,
            "confirm": {
                "precondition": ["Post receipt"],
                "progress": ["cannot be undone"],
                "completion": ["Receipt posted", "Partially received"],
            },
            "falsify": {
                "execution": [
                    "Receipt could not be posted",
                    {"text": "Close PO short", "on": "action"},
                    {"text": "Cancel PO", "on": "action"},
                ],
                "skill": ["You do not have permission to receive"],
                "planning": ["Backorders not allowed for this supplier"],
            },
        },
    ],
}
