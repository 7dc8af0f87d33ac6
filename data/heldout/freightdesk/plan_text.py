"""The plan for the freightdesk workflow, kept verbatim.

Written from the task text and the healthy walkthroughs only, before any faulty
run existed; it has not been edited to fit the faulty runs.
"""

TASK = ("Book Lindqvist Home Goods' shipment FWD-24817 on the MV Nordic Aurelia sailing "
        "(voyage 118E, departing 14 Mar 2025) with one 40' High Cube container, then "
        "request the bill of lading draft.")

PLAN_YAML = '''\
# Quaybook booking desk: book FWD-24817 and ask the carrier for the B/L draft.
# Written from the task text and the healthy walkthroughs only.
task: "Book Lindqvist Home Goods' shipment FWD-24817 on the MV Nordic Aurelia sailing (voyage 118E, departing 14 Mar 2025) with one 40' High Cube container, then request the bill of lading draft."

plan_falsifiers:
  execution:
    - Sign in to Quaybook
    - Your session has ended
    - You don't have permission

commitments:
  - id: open-shipment
    subgoal: Open shipment FWD-24817 (Lindqvist Home Goods AB, Shanghai to Rotterdam)
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: [Shipments]
      progress: ["1 shipment matches 'FWD-24817'", Lindqvist Home Goods AB]
      completion:
        - Shipment FWD-24817
        - "Route: Shanghai (CNSHA) → Rotterdam (NLRTM)"
        - Awaiting booking
    falsify:
      execution:
        - Shipment FWD-24871
        - Shipment FWD-24818
        - FWD-24871
        - FWD-24818
        - Lindgren Hardware AB
        - "No shipments match 'FWD-24817'"
        - {text: FWD-24871, on: action}
        - {text: FWD-24818, on: action}
        - {text: FWD-24786, on: action}
      skill:
        - The Search shipments box is missing
      planning:
        - Shipment FWD-24817 is Cancelled

  - id: book-carrier
    subgoal: Book MV Nordic Aurelia voyage 118E (ETD 14 Mar 2025) with 1 x 40' High Cube
    skill: fill_modal_form
    confidence: 0.7
    confirm:
      precondition: [Book carrier for FWD-24817]
      progress:
        - MV Nordic Aurelia · Voy 118E
        - "40' High Cube (40HC)"
        - "Estimated ocean freight: USD 2,940"
      completion:
        - "Booking confirmed: FWD-24817 on MV Nordic Aurelia 118E"
        - "Vessel / voyage: MV Nordic Aurelia 118E"
        - "Equipment: 1 × 40' High Cube (40HC)"
        - The Book carrier dialog is no longer open
    falsify:
      execution:
        - MV Nordic Aurora
        - MV Baltic Aurelia
        - ETD 15 Mar 2025
        - ETD 13 Mar 2025
        - "40' Standard (40GP)"
        - "20' Standard (20GP)"
        - "45' High Cube (45HC)"
        - Booking failed
        - Status still shows Awaiting booking after Confirm booking
        - {text: MV Nordic Aurora, on: action}
        - {text: MV Baltic Aurelia, on: action}
        - {text: MV Kestrel Bay, on: action}
        - {text: Earliest departure, on: action}
        - {text: Direct sailings only, on: action}
        - {text: Cancel booking, on: action}
      skill:
        - The Book carrier button is disabled
      planning:
        - No sailings available
        - MV Nordic Aurelia 118E is cancelled by carrier

  - id: request-bl-draft
    subgoal: Request the bill of lading draft from the Documents tab
    confidence: 0.7
    confirm:
      precondition: [Documents (4), Bill of lading draft, Not requested]
      progress: [Request B/L draft]
      completion:
        - Bill of lading draft requested from Nordvik Line
        - Requested · awaiting carrier
    falsify:
      execution:
        - The Request B/L draft button is disabled
        - Something went wrong
        - B/L request failed
        - {text: Upload document, on: action}
      skill: []
      planning:
        - B/L draft already issued

  - id: report
    subgoal: Tell the user FWD-24817 is booked on MV Nordic Aurelia 118E and the B/L draft is requested
    confidence: 0.9
    confirm:
      precondition: [Bill of lading draft requested]
      progress: []
      completion: []
    falsify:
      execution:
        - No booking confirmation was shown
        - {text: MV Nordic Aurora, on: action}
        - {text: FWD-24871, on: action}
'''
