"""Applications written from the format contract alone, plans as their authors wrote them
(data/heldout/: a library's circulation desk, a cloud console, a code host, a warehouse console, a
permit back office, a hotel's property system, a newsletter tool, a student records system, a
claims desk, a device-management console, a pharmacy, a venue's box office, payroll, an applicant
tracker, a card dispute desk, a laboratory's sample system, a restaurant's reservations, a
conference's registration desk, a car-rental counter, a team wiki, an airline's rebooking desk, a
foundation's grants portal, a store's returns desk, an operations console's scaling review, a
newsletter's campaign scheduler, a property manager's work orders, a telecom care desk's plan
change, a hotel group's rate overrides, a city's 311 triage, an identity console's role change, a
distribution yard's dock assignment, a clinical trial's protocol deviation, an accounts-payable
hold, a teacher's gradebook, a field-service dispatch board, an animal shelter's adoptions, an
adjuster's claim payments, a fleet's fuel cards, a city's inspection bookings, school bus stops, a
billing console's credits, a crew desk's trip swaps, a court clerk's filings, a toll account desk, a
hospital pharmacy's order verification, a lease's renewal options, an outage desk's crews, a grant
office's budget transfers, a vet clinic's check-in, a freight forwarder's bookings, an IT equipment
lending desk, an interview scheduler, a hotel's housekeeping board, a park's wilderness permits, a seed library's returns, an accounting
firm's document requests, a deployment console's promotions and rollbacks, a timesheet portal's
approvals and corrections, a repair shop's warranty claims, a trade show's booth reservations and
staff badges, a food distributor's recalls and lot quarantines, an alumni office's pledges and
matching gifts, a dental practice's bookings and treatment plans, a foundry's nonconformances and
change orders, a farm's animal movements and treatments, a building site's safety inspections, a
blood bank's donations and deferrals, a ferry operator's booking amendments and refund vouchers, a
brewery's batches and keg transfers, a ground station's contact passes and anomalies, a film
production's call sheets and camera checkouts, an insurer's quotes and endorsements, a bike shop's
repair work orders and special orders, a plant nursery's trade holds and standing orders, a
quarry's weighbridge tickets and haul contract variations, a hospital's bed board, a sailing
school's enrolments and charters, a wine merchant's allocations and returns, a council's tender
notices and clarifications, a flooring contractor's quotes and jobs, a university library's
acquisitions, a hair salon's front desk, a swim school's class transfers and make-up lessons, a pension
administrator's transfers-in and beneficiary nominations, a self-storage branch's rentals and
move-outs, a university's exam accommodations and room changes, a tower company's site leases and
ground-rent disputes): the default
checker, lower
bound, no model, flags none
of the healthy runs of those whose causes were read and fixed, and raises no alarm before a fault
(but those read and kept, :data:`EARLY_READ`).
When each arrived it flagged most or all of its healthy runs (data/heldout/README.md)."""

from __future__ import annotations

import pytest

from fcpkit import Checker, load_corpus
from _support.paths import corpus


#: each corpus, and how many of its faulty runs the checker catches on time at least
CAUGHT = {"heldout/shelfmark": 9, "heldout/tessellate": 8, "heldout/gitgrove": 9, "heldout/binwise": 10,
          "heldout/civicdesk": 9, "heldout/saltmarsh": 12, "heldout/inkwell": 10, "heldout/quadrangle": 10,
          "heldout/tidewater": 9, "heldout/fleetlock": 9, "heldout/apothecary": 10, "heldout/boxoffice": 10,
          "heldout/ledgerly": 11, "heldout/hirebridge": 10, "heldout/disputeline": 10, "heldout/assaylab": 9,
          "heldout/tablebook": 10, "heldout/podium": 11, "heldout/wheelhouse": 11, "heldout/pagewright": 9,
          "heldout/skybridge": 10, "heldout/grantwell": 11, "heldout/returnly": 12, "heldout/driftwood": 10,
          "heldout/lettermint": 11, "heldout/tenantry": 10, "heldout/wirewell": 10, "heldout/rateplan": 10,
          "heldout/cityline": 8, "heldout/rolegate": 9, "heldout/dockyard": 11, "heldout/trialdesk": 10,
          "heldout/payvault": 10, "heldout/chalkline": 8, "heldout/fieldday": 9, "heldout/kennelry": 11,
          "heldout/claimdesk": 10, "heldout/fuelcard": 11, "heldout/permitdesk": 11, "heldout/busyard": 10,
          "heldout/subdesk": 9, "heldout/crewswap": 11, "heldout/docket": 11, "heldout/tollgate": 11,
          "heldout/pharmarx": 11, "heldout/leasebook": 10, "heldout/gridops": 9,
          "heldout/grantdesk": 10, "heldout/vetline": 9, "heldout/freightdesk": 11, "heldout/kitroom": 8,
          "heldout/panelist": 11, "heldout/roomturn": 10, "heldout/parkpass": 12, "heldout/seedbank": 11,
          "heldout/taxdesk": 7, "heldout/kilnworks": 12, "heldout/harborpass": 12, "heldout/claimline": 12,
          "heldout/orchardline": 11, "heldout/loanshelf": 8, "heldout/commuteplus": 10, "heldout/vanpool": 10,
          "heldout/labelprint": 9, "heldout/adoptly": 11, "heldout/deploydeck": 9, "heldout/timecard": 9,
          "heldout/warrantly": 9, "heldout/boothbook": 9, "heldout/recallhub": 8, "heldout/pledgeway": 9,
          "heldout/bidroom": 9, "heldout/wardround": 9, "heldout/mooringlog": 10,
          "heldout/tillroll": 11, "heldout/courtlist": 10, "heldout/hangarlog": 12,
          "heldout/stagehand": 11, "heldout/coldchain": 9, "heldout/thesisdesk": 9,
          "heldout/toothline": 11, "heldout/forgeline": 6, "heldout/grazier": 9,
          "heldout/sitevisit": 9, "heldout/donorhub": 10, "heldout/ferrylink": 10,
          "heldout/tapline": 9, "heldout/orbitdesk": 10, "heldout/callsheet": 8, "heldout/underwrite": 9,
          "heldout/sprocket": 7, "heldout/glasshouse": 10, "heldout/quarry": 10, "heldout/bedboard": 10,
          "heldout/skiff": 9, "heldout/cellarbook": 8, "heldout/tenderbox": 10, "heldout/loomhouse": 10,
          "heldout/tilecraft": 8, "heldout/acqdesk": 9, "heldout/salonbook": 7,
          "heldout/lanepool": 8, "heldout/pensionly": 9, "heldout/unitvault": 9, "heldout/examhall": 8,
          "heldout/sitelease": 8}

#: alarms before a fault's labelled step that were read and kept, each with why: the checker's
#: reading is the general one, and the corpus labels the fault later than the page shows it
EARLY_READ = {
    # the confirm click of a modal "Submit recall?" leaves the page as it was (the application saved
    # but did not say so): a silent no-op by every sign the page gives; the author labels the fault
    # at the agent's second click, one step later
    "heldout/recallhub": {"recallhub-open_recall-double_submit-01"},
    # on the review step whose act is Publish, the agent presses Save draft instead: the wrong
    # control, flagged before it runs (act_mismatch); the author labels the fault at the report that
    # follows, one step later
    "heldout/callsheet": {"callsheet-premature_done-01"},
    # the same on a wine merchant's returns wizard: Save draft pressed on the review step whose act is
    # Submit, flagged before it runs; the author labels the fault at the report, one step later
    "heldout/cellarbook": {"ret-premature_done-01"},
}


@pytest.mark.parametrize("name", sorted(CAUGHT))
def test_no_healthy_run_is_flagged_and_no_alarm_comes_early(name):
    runs = load_corpus(corpus(name))
    checker = Checker().fit(runs)
    flagged, early, caught = [], [], 0
    for t in runs:
        d = checker.check(t).detection
        if d is None:
            continue
        if t.label.fault is None:
            flagged.append((t.id, d.step, d.result.evidence or d.result.rule))
        elif d.step < t.label.first_off_track_step and t.id not in EARLY_READ.get(name, ()):
            early.append((t.id, d.step, d.result.evidence or d.result.rule))
        else:
            caught += 1
    assert flagged == [] and early == []
    assert caught >= CAUGHT[name]  # the precision is not bought by catching nothing
