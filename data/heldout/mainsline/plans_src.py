"""Plan texts for the mainsline corpus (HydraTrack Field Ops).

Written from each workflow's task and a walk-through of the healthy flow only,
before any faulty run was written; not tuned afterwards. make_corpus.py writes
them verbatim to plans/<workflow>.yaml.
"""

LEAK_TASK = ("Raise a leak repair work order for service point SP-40217 at 14 Wren Close, "
             "Halbury: service pipe leak, Medium severity, on the footway, reported on "
             "customer call CR-88231. Set priority P2 – Urgent, assign crew North-2, and "
             "submit the work order.")

METER_TASK = ("Complete meter exchange work order WO-58213 at 7 Larch Row, Osterby: record "
              "the final reading 04512 on the old meter M-1182734, install new meter "
              "M-2290415 with initial reading 00003, and complete the work order.")

LEAK_PLAN = '''\
# Leak repair work order, HydraTrack Field Ops (Kestrel Vale Water).
# Written from the task and one walk through the normal flow.
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in to HydraTrack Field Ops"
    - "Your session has expired, please sign in again"
    - "Something went wrong on our side"
    - "You do not have permission to do this"
commitments:
  - id: find-service-point
    subgoal: "Find service point SP-40217 at 14 Wren Close, Halbury"
    skill: find_record
    confidence: 0.8
    confirm:
      precondition: ["HydraTrack Field Ops, signed in as Dana Okafor"]
      progress: ["Search results for SP-40217", "Assets list filtered to Wren Close"]
      completion: ["SP-40217 14 Wren Close is listed"]
    falsify:
      execution: ["No assets match your search"]
      skill: []
      planning: []
  - id: open-service-point
    subgoal: "Open the service point record SP-40217"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      precondition: []
      progress: []
      completion: ["Service point SP-40217", "14 Wren Close, Halbury HB4 2QT"]
    falsify:
      execution:
        - "Service point SP-40271"
        - "14 Wren Court"
        - "Service point SP-40218, 16 Wren Close"
        - "SP-40227 garden standpipe"
      planning: ["Service point SP-40217 is decommissioned"]
  - id: start-leak-order
    subgoal: "Start a leak repair work order on SP-40217"
    confidence: 0.7
    confirm:
      progress: ["Raise leak repair work order, Step 1 of 4: Location"]
      completion: ["Selected asset SP-40217 14 Wren Close"]
    falsify:
      execution: ["Meter exchange work order"]
      skill: ["Raise leak repair is not available for this asset"]
  - id: enter-leak-details
    subgoal: "Enter the leak details: service pipe, Medium severity, footway, customer call CR-88231, a short description"
    confidence: 0.6
    confirm:
      precondition: ["Step 2 of 4: Leak details"]
      progress:
        - "Leak source Service pipe is selected"
        - "Severity Medium — steady running water"
        - "Surface Footway"
        - "Customer call reference CR-88231"
      completion: ["Step 3 of 4: Priority & crew"]
    falsify:
      execution: ["This field is required", "Leak source Main", "Severity High"]
  - id: set-priority-and-crew
    subgoal: "Set priority P2 – Urgent and assign crew North-2"
    confidence: 0.6
    confirm:
      progress: ["Priority P2 – Urgent (24 hours)", "Assign crew North-2"]
      completion: ["Step 4 of 4: Review"]
    falsify:
      execution: ["Priority P1 – Emergency", "Crew North-1", "Crew South-1"]
  - id: submit-work-order
    subgoal: "Submit the work order and confirm it in the dialog"
    skill: submit_with_confirmation
    confidence: 0.7
    confirm:
      progress: ["Submit work order? It will be dispatched to North-2"]
      completion: ["Work order raised and dispatched to North-2", "Leak repair work order for SP-40217, status Raised"]
    falsify:
      execution:
        - "The work order could not be submitted"
        - text: "Delete draft"
          on: action
      planning: ["A leak repair is already open for SP-40217"]
''' % LEAK_TASK

METER_PLAN = '''\
# Meter exchange on WO-58213, HydraTrack Field Ops (Kestrel Vale Water).
# Written from the task and one walk through the normal flow.
task: "%s"
plan_falsifiers:
  execution:
    - "Sign in to HydraTrack Field Ops"
    - "Your session has expired, please sign in again"
    - "Something went wrong on our side"
    - "You do not have permission to do this"
commitments:
  - id: find-work-order
    subgoal: "Find work order WO-58213 (meter exchange, 7 Larch Row)"
    skill: find_record
    confidence: 0.8
    confirm:
      precondition: ["HydraTrack Field Ops, signed in as Dana Okafor"]
      progress: ["Work orders: meter exchanges for crew North-2", "Search results for WO-58213"]
      completion: ["WO-58213 Meter exchange 7 Larch Row is listed"]
    falsify:
      execution: ["No work orders match"]
  - id: open-work-order
    subgoal: "Open work order WO-58213"
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      completion: ["WO-58213 · Meter exchange", "7 Larch Row, Osterby", "Meter on site M-1182734"]
    falsify:
      execution: ["WO-58231", "7 Larch Road, Halbury", "WO-58214, 9 Larch Row", "Meter on site M-1182743"]
      planning: ["WO-58213 is already completed", "WO-58213 has been cancelled"]
  - id: start-exchange
    subgoal: "Start the meter exchange form"
    confidence: 0.7
    confirm:
      completion: ["Meter exchange for WO-58213, Step 1 of 3: Old meter"]
    falsify:
      skill: ["Start meter exchange is not available"]
  - id: record-final-reading
    subgoal: "Record the final reading 04512 on old meter M-1182734"
    confidence: 0.6
    confirm:
      progress: ["Final reading 04512", "Reading method Actual (read on site)"]
      completion: ["Step 2 of 3: New meter"]
    falsify:
      execution: ["Final reading is lower than the last reading", "Enter the final reading"]
  - id: record-new-meter
    subgoal: "Install new meter M-2290415 with initial reading 00003"
    confidence: 0.6
    confirm:
      progress: ["New meter serial M-2290415", "Initial reading 00003"]
      completion: ["Step 3 of 3: Review"]
    falsify:
      execution: ["M-2290415 is not in your van stock", "New meter serial M-2290451"]
  - id: complete-exchange
    subgoal: "Complete the exchange and confirm it"
    skill: submit_with_confirmation
    confidence: 0.7
    confirm:
      progress: ["Complete meter exchange? Readings will be sent to billing"]
      completion:
        - "Meter exchange recorded, WO-58213 completed"
        - "M-2290415 installed, initial reading 00003"
        - "M-1182734 removed, final reading 04512"
    falsify:
      execution:
        - "The exchange could not be saved"
        - text: "Reassign"
          on: action
      planning: ["Meter exchanges must be recorded by a Metering Officer"]
''' % METER_TASK

PLANS = {"leak_repair": LEAK_PLAN, "meter_exchange": METER_PLAN}
TASKS = {"leak_repair": LEAK_TASK, "meter_exchange": METER_TASK}
