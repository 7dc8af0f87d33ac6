#!/usr/bin/env python3
"""Build the TenderBox test corpus (Python 3.11 standard library only).

Application under test (invented): TenderBox Procurement Portal 4.7.2, the staff side
of Harrowgate City Council's procurement portal.  Signed-in user: Priya Nandakumar,
Procurement Officer.  "Today" is Tuesday 18 March 2025.  Base URL http://127.0.0.1:8042.

Writes, next to this file:
  corpus.jsonl                      20 trajectories (2 workflows x (4 healthy + 6 faulty))
  plans/<workflow>.yaml             plan for the first task variant of each workflow
  plans/<workflow>-<n>.yaml         plans for the other task variants (one task, one plan)
  README.md                         description of the app, page types, workflows and runs

Order of authorship (kept in this file): data -> page renderers -> plans (written from the
tasks and the healthy pages only) -> healthy scripts -> fault branches.  The plans were not
edited after the faulty runs were written.

Everything is deterministic: every run has its own fixed random seed.
"""
import datetime
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

BASE = "http://127.0.0.1:8042"
PRODUCT = "TenderBox"
PRODUCT_FULL = "TenderBox Procurement Portal"
VERSION = "4.7.2"
BUILD = "2025.03.11-r4821"
ORG = "Harrowgate City Council"
ORG_UNIT = "Commercial & Procurement Services"
USER = "Priya Nandakumar"
USER_ROLE = "Procurement Officer"
USER_EMAIL = "p.nandakumar@harrowgate.gov.uk"
TODAY = datetime.date(2025, 3, 18)
TODAY_S = "18/03/2025"
DEFAULT_CLOSING_DAYS = 30   # what TenderBox applies when a draft is published without a closing date

# ----------------------------------------------------------------------------------------
# Data
# ----------------------------------------------------------------------------------------

def money(v):
    return f"£{v:,}"


def d(s):
    return datetime.datetime.strptime(s, "%d/%m/%Y").date()


def ds(dt):
    return dt.strftime("%d/%m/%Y")


def long_date(dt):
    return f"{dt.day} {dt.strftime('%B %Y')}"


# ref, title, status, department, procedure, contract type, CPV, value, closing, owner, updated
_T = [
    ("HCC-2025-0168", "Library Book Supply Framework", "Draft", "Libraries & Culture", "Open procedure", "Goods",
     "22113000-5 Library books", 640000, None, "Daniel Hughes", "17/03/2025"),
    ("HCC-2025-0163", "Library Self-Service Kiosks", "Draft", "Libraries & Culture", "Open procedure", "Goods",
     "30230000-0 Computer-related equipment", 305000, None, USER, "17/03/2025"),
    ("HCC-2025-0159", "Street Lighting Column Replacement", "Draft", "Highways & Transport", "Open procedure",
     "Works", "45316110-9 Installation of road lighting equipment", 880000, None, "Marcus Oyelaran", "13/03/2025"),
    ("HCC-2025-0158", "Street Lighting LED Retrofit Phase 2", "Draft", "Highways & Transport", "Open procedure",
     "Works", "34993000-4 Road lights", 1290000, None, USER, "14/03/2025"),
    ("HCC-2025-0153", "School Milk Supply", "Draft", "Education", "Open procedure", "Goods",
     "15511000-3 Milk", 96000, None, "Daniel Hughes", "12/03/2025"),
    ("HCC-2025-0152", "School Meals Catering Framework", "Draft", "Education", "Open procedure", "Services",
     "55523100-3 School-meal services", 2770000, None, USER, "14/03/2025"),
    ("HCC-2025-0147", "Grounds Maintenance Services – Southern Parks", "Draft", "Parks & Open Spaces",
     "Open procedure", "Services", "77310000-6 Planting and maintenance services of green areas", 590000, None,
     USER, "14/03/2025"),
    ("HCC-2025-0141", "Grounds Maintenance Services – Northern Parks", "Draft", "Parks & Open Spaces",
     "Open procedure", "Services", "77310000-6 Planting and maintenance services of green areas", 605000, None,
     USER, "14/03/2025"),
    ("HCC-2025-0136", "Library RFID Tags Supply", "Open", "Libraries & Culture", "Below-threshold quotation",
     "Goods", "30216110-0 Scanners for computer use", 48000, "04/04/2025 12:00", "Daniel Hughes", "05/03/2025"),
    ("HCC-2025-0133", "Winter Gritting Salt Supply", "Open", "Highways & Transport", "Open procedure", "Goods",
     "14410000-8 Rock salt", 210000, "31/03/2025 12:00", "Marcus Oyelaran", "03/03/2025"),
    ("HCC-2025-0129", "CCTV Maintenance – Town Centre", "Evaluation", "Community Safety",
     "Competitive flexible procedure", "Services", "50343000-1 Repair and maintenance services of video equipment",
     150000, "07/03/2025 12:00", "Marcus Oyelaran", "10/03/2025"),
    ("HCC-2025-0125", "School Transport – SEN Routes", "Open", "Education", "Open procedure", "Services",
     "60130000-8 Special-purpose road passenger-transport services", 1900000, "11/04/2025 12:00",
     "Daniel Hughes", "28/02/2025"),
    ("HCC-2025-0121", "Parking Permit Printing", "Closed", "Highways & Transport", "Below-threshold quotation",
     "Goods", "22458000-5 Bespoke printed matter", 35000, "14/03/2025 12:00", "Aisha Rahman", "14/03/2025"),
    ("HCC-2025-0119", "Parking Enforcement ICT System", "Open", "Highways & Transport",
     "Competitive flexible procedure", "Goods and services", "48000000-8 Software package and information systems",
     680000, "15/04/2025 12:00", USER, "26/02/2025"),
    ("HCC-2025-0114", "Grounds Maintenance Equipment Hire", "Draft", "Parks & Open Spaces",
     "Below-threshold quotation", "Goods", "43312000-2 Mowing equipment", 72000, None, "Aisha Rahman",
     "11/03/2025"),
    ("HCC-2025-0110", "Town Hall Roof Repairs", "Open", "Property & Estates", "Open procedure", "Works",
     "45261900-3 Roof repair and maintenance work", 460000, "09/04/2025 12:00", USER, "24/02/2025"),
    ("HCC-2025-0102", "Temporary Agency Staff – Social Care", "Open", "Adult Social Care", "Open procedure",
     "Services", "79620000-6 Supply services of personnel including temporary staff", 3400000,
     "07/04/2025 12:00", USER, "20/02/2025"),
    ("HCC-2025-0098", "Waste Collection Vehicle Maintenance", "Open", "Waste & Recycling", "Open procedure",
     "Services", "50114000-7 Repair and maintenance services of trucks", 820000, "03/04/2025 12:00", USER,
     "19/02/2025"),
    ("HCC-2025-0089", "Waste Collection Vehicle Leasing", "Open", "Waste & Recycling", "Open procedure", "Goods",
     "34144510-6 Vehicles for refuse", 2150000, "28/03/2025 12:00", "Marcus Oyelaran", "14/02/2025"),
    ("HCC-2025-0085", "Street Lighting LED Retrofit Phase 1", "Awarded", "Highways & Transport",
     "Open procedure", "Works", "34993000-4 Road lights", 1050000, "31/01/2025 12:00", "Marcus Oyelaran",
     "07/03/2025"),
    ("HCC-2025-0077", "Leisure Centre Cleaning", "Awarded", "Property & Estates", "Open procedure", "Services",
     "90911200-8 Building-cleaning services", 390000, "20/01/2025 12:00", "Aisha Rahman", "03/03/2025"),
    ("HCC-2024-0152", "School Meals Catering – Interim Contract", "Awarded", "Education",
     "Direct award", "Services", "55523100-3 School-meal services", 910000, "19/07/2024 12:00", USER,
     "02/09/2024"),
    ("HCC-2024-0141", "Grounds Maintenance Services – Cemeteries", "Awarded", "Parks & Open Spaces",
     "Open procedure", "Services", "77310000-6 Planting and maintenance services of green areas", 260000,
     "28/06/2024 12:00", "Aisha Rahman", "15/08/2024"),
    ("HCC-2024-0126", "Highway Drainage Cleansing", "Awarded", "Highways & Transport", "Open procedure",
     "Services", "90640000-5 Gully cleaning and emptying services", 540000, "14/06/2024 12:00",
     "Marcus Oyelaran", "30/07/2024"),
]

TENDERS = {}
for _r in _T:
    TENDERS[_r[0]] = dict(ref=_r[0], title=_r[1], status=_r[2], dept=_r[3], proc=_r[4], ctype=_r[5], cpv=_r[6],
                          value=_r[7], closing=_r[8], owner=_r[9], updated=_r[10])
TENDER_ORDER = [r[0] for r in _T]

EXTRA = {
    "HCC-2025-0141": dict(
        desc="Grounds maintenance of 38 parks, 112 km of highway verges and 2,400 street trees in the northern "
             "wards (Ashby, Millbrook, Kelham and Northgate).",
        budget_holder="Helen Ashworth", bh_role="Head of Parks & Open Spaces", start="01/07/2025",
        term="3 years + 1 + 1", lots=[],
        docs=["ITT Volume 1 – Instructions to Bidders.pdf", "ITT Volume 2 – Specification (Northern Parks).docx",
              "Pricing Schedule – Northern Parks.xlsx", "Site Plans – Northern Wards.zip",
              "Draft Terms and Conditions.pdf", "Social Value Questionnaire.docx"],
        related=[("HCC-2025-0147", "Grounds Maintenance Services – Southern Parks", "Draft"),
                 ("HCC-2025-0114", "Grounds Maintenance Equipment Hire", "Draft"),
                 ("HCC-2024-0141", "Grounds Maintenance Services – Cemeteries", "Awarded")],
        contract="CON-2021-0388 Grounds Maintenance (North) – expires 30/06/2025"),
    "HCC-2025-0147": dict(
        desc="Grounds maintenance of 31 parks, 96 km of highway verges and 1,900 street trees in the southern "
             "wards (Sefton, Riverside, Hollins and Southgate).",
        budget_holder="Helen Ashworth", bh_role="Head of Parks & Open Spaces", start="01/07/2025",
        term="3 years + 1 + 1", lots=[],
        docs=["ITT Volume 1 – Instructions to Bidders.pdf", "ITT Volume 2 – Specification (Southern Parks).docx",
              "Pricing Schedule – Southern Parks.xlsx", "Site Plans – Southern Wards.zip",
              "Draft Terms and Conditions.pdf", "Social Value Questionnaire.docx"],
        related=[("HCC-2025-0141", "Grounds Maintenance Services – Northern Parks", "Draft"),
                 ("HCC-2025-0114", "Grounds Maintenance Equipment Hire", "Draft"),
                 ("HCC-2024-0141", "Grounds Maintenance Services – Cemeteries", "Awarded")],
        contract="CON-2021-0389 Grounds Maintenance (South) – expires 30/06/2025"),
    "HCC-2025-0152": dict(
        desc="Framework for school meals at 46 primary schools, 4 special schools and 2 pupil referral units, "
             "about 1.9 million meals a year.",
        budget_holder="Owen Pritchard", bh_role="Head of School Services", start="01/09/2025",
        term="4 years", lots=[],
        docs=["ITT Volume 1 – Instructions to Bidders.pdf", "Specification – School Meals.docx",
              "Nutritional Standards Annex.pdf", "Pricing Schedule – Meals.xlsx", "Kitchen Asset Register.xlsx",
              "TUPE Information (anonymised).xlsx"],
        related=[("HCC-2024-0152", "School Meals Catering – Interim Contract", "Awarded"),
                 ("HCC-2025-0153", "School Milk Supply", "Draft"),
                 ("HCC-2025-0125", "School Transport – SEN Routes", "Open")],
        contract="CON-2024-0152 School Meals Interim – expires 31/08/2025"),
    "HCC-2025-0158": dict(
        desc="Phase 2 replacement of 6,800 SOX/SON street lighting lanterns with LED units, and structural testing "
             "of columns across the southern highway network.",
        budget_holder="Rachel Kim", bh_role="Highways Asset Manager", start="01/06/2025",
        term="2 years", lots=[],
        docs=["ITT Volume 1 – Instructions to Bidders.pdf", "Specification – LED Retrofit Phase 2.docx",
              "Lantern Inventory – South.xlsx", "Column Test Regime.pdf", "Pricing Schedule – LED Phase 2.xlsx",
              "Draft NEC4 Contract Data.pdf"],
        related=[("HCC-2025-0085", "Street Lighting LED Retrofit Phase 1", "Awarded"),
                 ("HCC-2025-0159", "Street Lighting Column Replacement", "Draft"),
                 ("HCC-2024-0126", "Highway Drainage Cleansing", "Awarded")],
        contract="CON-2025-0085 LED Retrofit Phase 1 – live"),
    "HCC-2025-0163": dict(
        desc="Supply, installation and support of 14 self-service kiosks for the central and branch libraries, "
             "integrated with the library management system (Spydus).",
        budget_holder="Sandeep Gill", bh_role="Libraries Service Manager", start="01/06/2025",
        term="5 years", lots=[("Kiosk hardware and installation", 210000)],
        docs=["ITT Volume 1 – Instructions to Bidders.pdf", "Specification – Self-Service Kiosks.docx",
              "Branch Library Floor Plans.pdf", "Pricing Schedule – Kiosks.xlsx", "Data Protection Schedule.docx"],
        related=[("HCC-2025-0136", "Library RFID Tags Supply", "Open"),
                 ("HCC-2025-0168", "Library Book Supply Framework", "Draft")],
        contract="CON-2019-0212 Library Kiosk Support – expires 31/05/2025"),
    "HCC-2025-0098": dict(
        desc="Planned and reactive maintenance of 64 refuse collection vehicles and 18 support vehicles at the "
             "Ashby Road depot.", budget_holder="Graham Doyle", bh_role="Head of Waste & Recycling",
        start="01/06/2025", term="3 years + 2", lots=[], bidders=14,
        docs=["ITT Volume 1 – Instructions to Bidders.pdf", "Specification – Fleet Maintenance.docx",
              "Fleet List.xlsx", "Pricing Schedule – Fleet Maintenance.xlsx", "Appendix F – TUPE Information.xlsx"],
        related=[("HCC-2025-0089", "Waste Collection Vehicle Leasing", "Open")],
        contract="CON-2020-0131 Fleet Maintenance – expires 31/05/2025"),
    "HCC-2025-0102": dict(
        desc="Framework for temporary agency workers in adult social care and children's services.",
        budget_holder="Joanne Feld", bh_role="Director of Adult Social Care", start="01/06/2025",
        term="4 years", lots=[("Adult social care", 1900000), ("Children's services", 1500000)], bidders=23,
        lot_bidders=[19, 15],
        docs=["ITT Volume 1 – Instructions to Bidders.pdf", "Specification – Agency Staff.docx",
              "Rate Card Template.xlsx", "Safeguarding Requirements.pdf"],
        related=[("HCC-2025-0125", "School Transport – SEN Routes", "Open")],
        contract="CON-2021-0077 Agency Staff (MSTAR) – expires 31/05/2025"),
    "HCC-2025-0110": dict(
        desc="Repairs to the slate roof, lead work and rainwater goods of the Grade II listed Town Hall.",
        budget_holder="Colin Barraclough", bh_role="Head of Property & Estates", start="05/05/2025",
        term="9 months", lots=[], bidders=9,
        docs=["ITT Volume 1 – Instructions to Bidders.pdf", "Roof Condition Survey 2024.pdf",
              "Listed Building Consent.pdf", "Pricing Schedule – Roof.xlsx"],
        related=[("HCC-2025-0077", "Leisure Centre Cleaning", "Awarded")],
        contract="No current contract"),
    "HCC-2025-0119": dict(
        desc="Back-office penalty charge notice processing system and handheld devices for civil enforcement "
             "officers.", budget_holder="Rachel Kim", bh_role="Highways Asset Manager", start="01/07/2025",
        term="5 years", lots=[("Back-office enforcement software", 520000), ("Handheld devices and printers", 160000)],
        bidders=11, lot_bidders=[7, 6],
        docs=["ITT Volume 1 – Instructions to Bidders.pdf", "Specification – Parking Enforcement ICT.docx",
              "Data Protection Impact Assessment.pdf", "Pricing Schedule – ICT.xlsx"],
        related=[("HCC-2025-0121", "Parking Permit Printing", "Closed")],
        contract="CON-2018-0044 PCN Processing – expires 30/06/2025"),
}


def extra(ref):
    e = EXTRA.get(ref)
    if e is None:
        t = TENDERS[ref]
        e = dict(desc=f"{t['title']} for {ORG}.", budget_holder="Graham Doyle", bh_role="Budget holder",
                 start="01/07/2025", term="3 years", lots=[], docs=["ITT Volume 1 – Instructions to Bidders.pdf"],
                 related=[], contract="—")
    return e


# Clarification questions: ref -> (tender, lot, status, received, bidder, assigned, text)
_Q = [
    ("CQ-0098-01", "HCC-2025-0098", "All", "Published", "24/02/2025 10:05", "Kelvin Commercial Vehicles Ltd",
     "Can the Council confirm the current fleet size and age profile?"),
    ("CQ-0098-02", "HCC-2025-0098", "All", "Published", "25/02/2025 14:40", "Northway Fleet Services Ltd",
     "Is a parts price list required at tender stage?"),
    ("CQ-0098-03", "HCC-2025-0098", "All", "Published", "26/02/2025 09:12", "Pennine Fleet Care Ltd",
     "Will the contractor have access to the Ashby Road depot workshop?"),
    ("CQ-0098-04", "HCC-2025-0098", "All", "Awaiting answer", "14/03/2025 16:22", "Northway Fleet Services Ltd",
     "Is TUPE expected to apply to the Council's existing in-house workshop technicians, and if so, how many "
     "staff are in scope?"),
    ("CQ-0098-05", "HCC-2025-0098", "All", "Awaiting answer", "15/03/2025 09:10", "Kelvin Commercial Vehicles Ltd",
     "What response time is expected for roadside breakdowns outside normal working hours?"),
    ("CQ-0098-06", "HCC-2025-0098", "All", "Published", "27/02/2025 11:30", "Dennis Eagle Service Ltd",
     "Are MOT tests and pre-MOT inspections included in the scope?"),
    ("CQ-0098-07", "HCC-2025-0098", "All", "Published", "28/02/2025 15:02", "Pennine Fleet Care Ltd",
     "Can the Council share the last 12 months of vehicle downtime data?"),
    ("CQ-0098-08", "HCC-2025-0098", "All", "Published", "03/03/2025 10:44", "Fleetcare Northern Ltd",
     "Should the pricing schedule be completed per vehicle or per vehicle class?"),
    ("CQ-0098-09", "HCC-2025-0098", "All", "Published", "04/03/2025 13:27", "Northway Fleet Services Ltd",
     "Will electric refuse collection vehicles be added during the contract term?"),
    ("CQ-0098-10", "HCC-2025-0098", "All", "Published", "05/03/2025 08:58", "Kelvin Commercial Vehicles Ltd",
     "Is a minimum number of on-site technicians required?"),
    ("CQ-0098-11", "HCC-2025-0098", "All", "Withdrawn", "06/03/2025 17:15", "Fleetcare Northern Ltd",
     "Please confirm the deadline for clarification questions."),
    ("CQ-0098-12", "HCC-2025-0098", "All", "Published", "10/03/2025 12:03", "Dennis Eagle Service Ltd",
     "Will the contractor have access to the Council's telematics data?"),
    ("CQ-0098-13", "HCC-2025-0098", "All", "Published", "11/03/2025 16:36", "Pennine Fleet Care Ltd",
     "Does the £10m public liability requirement apply per claim?"),
    ("CQ-0098-14", "HCC-2025-0098", "All", "Awaiting answer", "17/03/2025 11:48", "Pennine Fleet Care Ltd",
     "Is TUPE expected to apply to the agency mechanics who currently cover the night shift?"),
    ("CQ-0089-04", "HCC-2025-0089", "All", "Awaiting answer", "13/03/2025 10:20", "Arjun Fleet Leasing plc",
     "Is TUPE expected to apply to any Council staff under the leasing contract?"),
    ("CQ-0102-01", "HCC-2025-0102", "All", "Published", "21/02/2025 09:40", "Carewell Staffing Ltd",
     "Is the framework single-supplier or multi-supplier for each lot?"),
    ("CQ-0102-02", "HCC-2025-0102", "Lot 1", "Awaiting answer", "14/03/2025 11:05", "Brightpath Recruitment Ltd",
     "Must agency workers placed in adult social care hold an enhanced DBS certificate with an adult barred list "
     "check, and how recent must it be?"),
    ("CQ-0102-03", "HCC-2025-0102", "Lot 2", "Awaiting answer", "14/03/2025 15:31", "Carewell Staffing Ltd",
     "Must agency workers placed in children's residential homes hold an enhanced DBS certificate with a "
     "children's barred list check?"),
    ("CQ-0102-04", "HCC-2025-0102", "All", "Published", "24/02/2025 13:12", "Meridian Care Personnel Ltd",
     "What is the expected weekly volume of shift bookings?"),
    ("CQ-0102-05", "HCC-2025-0102", "Lot 1", "Published", "25/02/2025 10:01", "Brightpath Recruitment Ltd",
     "Are night-shift premiums to be included in the rate card?"),
    ("CQ-0102-06", "HCC-2025-0102", "Lot 2", "Published", "26/02/2025 16:20", "Foster & Lane Social Work Ltd",
     "Are qualified social workers in scope of Lot 2?"),
    ("CQ-0102-07", "HCC-2025-0102", "All", "Published", "27/02/2025 09:55", "Carewell Staffing Ltd",
     "Is the Council using a neutral vendor model?"),
    ("CQ-0102-08", "HCC-2025-0102", "All", "Published", "03/03/2025 14:48", "Meridian Care Personnel Ltd",
     "What are the invoicing and payment terms?"),
    ("CQ-0102-09", "HCC-2025-0102", "Lot 1", "Published", "04/03/2025 11:22", "HomeFirst Staffing Ltd",
     "Will mileage be paid for domiciliary care visits?"),
    ("CQ-0102-10", "HCC-2025-0102", "All", "Published", "06/03/2025 10:17", "Brightpath Recruitment Ltd",
     "Is there a cap on agency margins?"),
    ("CQ-0102-11", "HCC-2025-0102", "Lot 2", "Published", "07/03/2025 15:40", "Foster & Lane Social Work Ltd",
     "Can workers be supplied through umbrella companies?"),
    ("CQ-0102-12", "HCC-2025-0102", "All", "Awaiting answer", "17/03/2025 09:02", "HomeFirst Staffing Ltd",
     "Must agency workers hold a full UK driving licence for community-based roles?"),
    ("CQ-0110-01", "HCC-2025-0110", "All", "Published", "26/02/2025 12:10", "Calder Heritage Roofing Ltd",
     "Is scaffold design included in the scope of works?"),
    ("CQ-0110-02", "HCC-2025-0110", "All", "Awaiting answer", "13/03/2025 14:25", "Millstone Building Ltd",
     "Will the site visit include access to the clock tower roof?"),
    ("CQ-0110-03", "HCC-2025-0110", "All", "Awaiting answer", "14/03/2025 10:48", "Calder Heritage Roofing Ltd",
     "Will the Council arrange a site visit before the closing date so that bidders can inspect the roof and "
     "access routes?"),
    ("CQ-0119-01", "HCC-2025-0119", "Lot 1", "Awaiting answer", "13/03/2025 15:55", "Civica-Parkway Systems Ltd",
     "Is an on-premise hosted solution acceptable, or must the system be cloud hosted?"),
    ("CQ-0119-02", "HCC-2025-0119", "Lot 1", "Published", "27/02/2025 10:30", "Taranis Enforcement Software Ltd",
     "Does the Council have an existing contract for PCN processing?"),
    ("CQ-0119-03", "HCC-2025-0119", "Lot 2", "Published", "28/02/2025 09:14", "Handheld Civic Devices Ltd",
     "How many civil enforcement officers will use handheld devices?"),
    ("CQ-0119-04", "HCC-2025-0119", "Lot 1", "Published", "03/03/2025 11:45", "Civica-Parkway Systems Ltd",
     "Which payment provider must the system integrate with?"),
    ("CQ-0119-05", "HCC-2025-0119", "All", "Published", "04/03/2025 16:02", "Taranis Enforcement Software Ltd",
     "Is the competitive flexible procedure going to include a negotiation stage?"),
    ("CQ-0119-06", "HCC-2025-0119", "Lot 2", "Published", "05/03/2025 13:33", "Handheld Civic Devices Ltd",
     "Are body-worn cameras in scope of Lot 2?"),
    ("CQ-0119-07", "HCC-2025-0119", "Lot 1", "Published", "06/03/2025 09:20", "Nexus Traffic Data Ltd",
     "Must the system support Traffic Management Act 2004 bus lane enforcement?"),
    ("CQ-0119-08", "HCC-2025-0119", "All", "Published", "07/03/2025 14:11", "Civica-Parkway Systems Ltd",
     "What is the data migration volume from the current system?"),
    ("CQ-0119-09", "HCC-2025-0119", "Lot 1", "Published", "10/03/2025 10:09", "Taranis Enforcement Software Ltd",
     "Is single sign-on with Microsoft Entra ID required?"),
    ("CQ-0119-10", "HCC-2025-0119", "Lot 1", "Awaiting answer", "17/03/2025 13:37", "Nexus Traffic Data Ltd",
     "Must backups also be held in UK data centres?"),
    ("CQ-0125-06", "HCC-2025-0125", "All", "Awaiting answer", "14/03/2025 12:00", "Greenline Coaches Ltd",
     "Are passenger assistants to be included in route prices?"),
    ("CQ-0125-07", "HCC-2025-0125", "All", "Awaiting answer", "17/03/2025 08:41", "Valley Taxis (Harrowgate) Ltd",
     "Can routes be combined across lots?"),
    ("CQ-0133-05", "HCC-2025-0133", "All", "Awaiting answer", "15/03/2025 10:33", "Saltway Minerals Ltd",
     "Is delivery to the Kelham salt barn by tipper lorry acceptable?"),
    ("CQ-0136-02", "HCC-2025-0136", "All", "Awaiting answer", "16/03/2025 19:04", "Bibliotheca Systems UK Ltd",
     "Which RFID frequency do the existing security gates use?"),
]
QUESTIONS = {}
for _r in _Q:
    QUESTIONS[_r[0]] = dict(ref=_r[0], tender=_r[1], lot=_r[2], status=_r[3], received=_r[4], bidder=_r[5],
                            text=_r[6])


def assigned_to(q):
    return TENDERS[q["tender"]]["owner"]


def due_date(q):
    rec = datetime.datetime.strptime(q["received"], "%d/%m/%Y %H:%M").date()
    n, cur = 0, rec
    while n < 3:
        cur += datetime.timedelta(days=1)
        if cur.weekday() < 5:
            n += 1
    return ds(cur)


def short(s, n=64):
    return s if len(s) <= n else s[: n - 1].rstrip() + "…"


# ----------------------------------------------------------------------------------------
# Accessibility-tree renderer (BrowserGym flattened AXTree style)
# ----------------------------------------------------------------------------------------

FLAGS = {"focused", "atomic", "multiline"}


class Tree:
    def __init__(self, title, url):
        self.title = title
        self.url = url
        self.lines = [f"RootWebArea {title!r}, focused"]
        self.n = 1
        self.bids = {}
        self.targets = {}

    def node(self, depth, role, name="", key=None, **props):
        bid = str(self.n)
        self.n += 1
        s = "\t" * depth + f"[{bid}] {role} {name!r}"
        for k, v in props.items():
            if v is None or v is False and k in FLAGS:
                continue
            if v is True and k in FLAGS:
                s += f", {k}"
            else:
                s += f", {k}={v!r}"
        self.lines.append(s)
        if key:
            if key in self.bids:
                raise KeyError(f"duplicate key {key} on {self.url}")
            self.bids[key] = bid
            self.targets[key] = f"{role} {name!r}"
        return bid

    def text(self, depth, s):
        self.lines.append("\t" * depth + f"StaticText {s!r}")

    def dl(self, depth, pairs):
        self.node(depth, "DescriptionList", "")
        for k, v in pairs:
            self.node(depth + 1, "term", "")
            self.text(depth + 2, k)
            self.node(depth + 1, "definition", "")
            self.text(depth + 2, v)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


NAV = [("Dashboard", "dashboard"), ("Tenders", "tenders"), ("Clarifications (15)", "clarifications"),
       ("Suppliers", "suppliers"), ("Contracts", "contracts"), ("Reports", "reports"), ("Settings", "settings")]


class Ctx:
    """Per-run rendering context: clock, session timer, recently viewed list."""

    def __init__(self, start, rng, recent):
        h, m = map(int, start.split(":"))
        self.t = datetime.datetime(2025, 3, 18, h, m, rng.randint(0, 59))
        self.t0 = self.t
        self.rng = rng
        self.recent = list(recent)
        self.notif = rng.choice([2, 3, 4])

    def tick(self, lo=8, hi=40):
        self.t += datetime.timedelta(seconds=self.rng.randint(lo, hi))

    def hm(self):
        return self.t.strftime("%H:%M")

    def session_left(self):
        return max(1, 58 - int((self.t - self.t0).total_seconds() // 60))

    def visit(self, label):
        if label in self.recent:
            self.recent.remove(label)
        self.recent.insert(0, label)
        del self.recent[6:]


def chrome(t, ctx, nav_active, crumbs, search_value=""):
    t.node(1, "banner", "")
    t.node(2, "link", "TenderBox home", key="home")
    t.node(3, "image", f"{ORG} crest")
    t.text(2, PRODUCT_FULL)
    t.text(2, f"{ORG} · {ORG_UNIT}")
    t.node(2, "search", "")
    if search_value:
        t.node(3, "textbox", "Search tenders, lots, suppliers and questions", key="gsearch", value=search_value)
    else:
        t.node(3, "textbox", "Search tenders, lots, suppliers and questions", key="gsearch")
    t.node(3, "button", "Search", key="gsearch-go")
    t.node(2, "button", f"Notifications ({ctx.notif} unread)", hasPopup="menu", expanded=False)
    t.node(2, "button", "Help", hasPopup="menu", expanded=False)
    t.node(2, "button", f"{USER}, {USER_ROLE}", key="usermenu", hasPopup="menu", expanded=False)
    t.node(1, "navigation", "Main")
    t.node(2, "list", "")
    for label, k in NAV:
        t.node(3, "listitem", "")
        t.node(4, "link", label, key="nav-" + k, current="page" if k == nav_active else None)
    t.node(1, "navigation", "Breadcrumb")
    t.node(2, "list", "")
    for i, label in enumerate(crumbs):
        t.node(3, "listitem", "")
        if i < len(crumbs) - 1:
            t.node(4, "link", label, key=f"crumb-{i}")
        else:
            t.text(4, label)
    t.node(1, "main", "")


def tail(t, ctx, toast=None, panels=None, recent=True):
    for title, items in (panels or []):
        t.node(1, "complementary", title)
        t.node(2, "heading", title)
        t.node(2, "list", "")
        for it in items:
            t.node(3, "listitem", "")
            if isinstance(it, tuple):
                t.node(4, "link", it[0], key=it[1])
                if len(it) > 2:
                    t.text(4, it[2])
            else:
                t.text(4, it)
    if recent:
        t.node(1, "complementary", "Recently viewed")
        t.node(2, "heading", "Recently viewed")
        t.node(2, "list", "")
        for i, r in enumerate(ctx.recent[:5]):
            t.node(3, "listitem", "")
            t.node(4, "link", r, key=f"recent-{i}")
    t.node(1, "contentinfo", "")
    t.text(2, f"{PRODUCT_FULL} {VERSION} (build {BUILD})")
    t.text(2, f"© 2025 {ORG} · {ORG_UNIT}")
    t.node(2, "link", "Accessibility statement")
    t.node(2, "link", "Privacy notice")
    t.node(2, "link", "Service status")
    t.node(2, "link", "Procurement Act 2023 guidance")
    t.text(2, f"Signed in as {USER_EMAIL} · Session expires in {ctx.session_left()} min")
    t.node(1, "status", "", live="polite", atomic=True, relevant="additions text")
    for line in (toast.split("\n") if toast else []):
        t.text(2, line)


def page_title(s):
    return f"{s} – {PRODUCT}"


# ---------------------------------------------------------------------------- dashboard

def render_dashboard(ctx, toast=None, search_value=""):
    t = Tree(page_title("Dashboard"), f"{BASE}/dashboard")
    chrome(t, ctx, "dashboard", ["Home", "Dashboard"], search_value)
    t.node(2, "heading", f"Good morning, {USER.split()[0]}")
    t.text(2, "Tuesday 18 March 2025 · Harrowgate City Council procurement pipeline")
    t.node(2, "region", "Key figures")
    for label, v in [("Open tenders", "8"), ("Draft notices", "9"), ("Questions awaiting an answer", "15"),
                     ("Closing in the next 14 days", "3"), ("Contracts expiring in 90 days", "6")]:
        t.node(3, "group", label)
        t.text(4, v)
        t.text(4, label)
    t.node(2, "region", "My draft notices")
    t.node(3, "heading", "My draft notices")
    t.node(3, "table", "My draft notices")
    t.node(4, "row", "")
    for h in ["Reference", "Title", "Department", "Est. value", "Last edited"]:
        t.node(5, "columnheader", h)
    for ref in TENDER_ORDER:
        T = TENDERS[ref]
        if T["status"] == "Draft" and T["owner"] == USER:
            t.node(4, "row", "")
            t.node(5, "cell", ref)
            t.node(6, "link", f"{ref} {T['title']}", key=f"draft-{ref}")
            t.node(5, "cell", T["title"])
            t.node(5, "cell", T["dept"])
            t.node(5, "cell", money(T["value"]))
            t.node(5, "cell", T["updated"])
    t.node(3, "link", "View all drafts", key="all-drafts")
    t.node(2, "region", "Questions awaiting your answer")
    t.node(3, "heading", "Questions awaiting your answer")
    t.node(3, "list", "")
    mine = [q for q in QUESTIONS.values() if q["status"] == "Awaiting answer" and assigned_to(q) == USER]
    mine.sort(key=lambda q: (d(due_date(q)), q["ref"]))
    for q in mine:
        t.node(4, "listitem", "")
        t.node(5, "link", f"{q['ref']} {short(q['text'], 70)}", key=f"q-{q['ref']}")
        t.text(5, f"{q['tender']} · due {due_date(q)}")
    t.node(3, "link", "Open clarification inbox", key="open-inbox")
    t.node(2, "region", "Closing soon")
    t.node(3, "heading", "Closing soon")
    t.node(3, "list", "")
    for ref in ["HCC-2025-0089", "HCC-2025-0133", "HCC-2025-0098"]:
        T = TENDERS[ref]
        t.node(4, "listitem", "")
        t.node(5, "link", f"{ref} {T['title']}")
        t.text(5, f"closes {T['closing']}")
    t.node(2, "region", "Announcements")
    t.node(3, "heading", "Announcements")
    t.text(3, "Procurement Act 2023: tender notices above threshold are published to Find a Tender (Central "
              "Digital Platform) automatically when you publish them in TenderBox.")
    t.text(3, "Planned maintenance: TenderBox will be unavailable on Saturday 22 March 2025 from 18:00 to 22:00.")
    tail(t, ctx, toast)
    return t


# ---------------------------------------------------------------------------- tender list

def render_tender_list(ctx, view="drafts", query="", pending_query=None, toast=None):
    """view: 'drafts' (status filter Draft) or 'all'; query: applied text filter;
    pending_query: text typed into the filter box but not applied yet."""
    if view == "drafts":
        refs = [r for r in TENDER_ORDER if TENDERS[r]["status"] == "Draft"]
        url = f"{BASE}/tenders?status=draft&sort=-updated"
    else:
        refs = list(TENDER_ORDER)
        url = f"{BASE}/tenders?sort=-reference"
    if query:
        refs = [r for r in refs if query.lower() in (r + " " + TENDERS[r]["title"]).lower()]
        url += "&q=" + query.replace(" ", "+")
    total = len(refs)
    shown = refs[:20]
    t = Tree(page_title("Tenders"), url)
    chrome(t, ctx, "tenders", ["Home", "Tenders"])
    t.node(2, "heading", "Tenders")
    t.node(2, "button", "New tender", key="new-tender")
    t.node(2, "button", "Export to Excel")
    t.node(2, "region", "Filters")
    t.node(3, "heading", "Filters")
    box_val = pending_query if pending_query is not None else query
    if box_val:
        t.node(3, "textbox", "Search in tenders", key="list-search", value=box_val)
    else:
        t.node(3, "textbox", "Search in tenders", key="list-search")
    t.node(3, "group", "Status")
    counts = {}
    for r in TENDER_ORDER:
        counts[TENDERS[r]["status"]] = counts.get(TENDERS[r]["status"], 0) + 1
    for st in ["Draft", "Open", "Evaluation", "Closed", "Awarded"]:
        t.node(4, "checkbox", f"{st} ({counts.get(st, 0)})", key=f"st-{st}",
               checked="true" if (view == "drafts" and st == "Draft") else "false")
    t.node(3, "combobox", "Department", value="All departments", hasPopup="menu", expanded=False)
    t.node(3, "combobox", "Owner", value="Anyone", hasPopup="menu", expanded=False)
    t.node(3, "combobox", "Procedure", value="Any procedure", hasPopup="menu", expanded=False)
    t.node(3, "button", "Apply filters", key="apply")
    t.node(3, "link", "Clear all filters")
    t.node(2, "combobox", "Sort by", key="sort",
           value="Last updated (newest first)" if view == "drafts" else "Reference (newest first)",
           hasPopup="menu", expanded=False)
    if total:
        t.text(2, f"Showing 1–{len(shown)} of {total} tenders")
    active = []
    if view == "drafts":
        active.append("Status: Draft")
    if query:
        active.append(f"Search: {query}")
    if active:
        t.node(2, "list", "Active filters")
        for a in active:
            t.node(3, "listitem", "")
            t.text(4, a)
            t.node(4, "button", f"Remove filter {a}")
    if not total:
        t.text(2, "No tenders match your search. Check the reference or clear the filters.")
    else:
        t.node(2, "table", "Tenders")
        t.node(3, "row", "")
        for h in ["Reference", "Title", "Status", "Department", "Est. value", "Closing", "Owner", "Updated"]:
            t.node(4, "columnheader", h)
            t.node(5, "button", f"Sort by {h.lower()}")
        for r in shown:
            T = TENDERS[r]
            t.node(3, "row", "")
            t.node(4, "cell", r)
            t.node(5, "link", f"{r} {T['title']}", key=f"tlink-{r}")
            t.node(4, "cell", T["title"])
            t.node(4, "cell", T["status"])
            t.node(4, "cell", T["dept"])
            t.node(4, "cell", money(T["value"]))
            t.node(4, "cell", T["closing"] or "Not set")
            t.node(4, "cell", T["owner"])
            t.node(4, "cell", T["updated"])
        t.node(2, "navigation", "Pagination")
        t.node(3, "link", "Previous", disabled=True)
        t.node(3, "link", "1", current="page")
        if total > 20:
            t.node(3, "link", "2")
            t.node(3, "link", "Next")
        else:
            t.node(3, "link", "Next", disabled=True)
        t.node(3, "combobox", "Rows per page", value="20", hasPopup="menu", expanded=False)
    tail(t, ctx, toast)
    return t


# ---------------------------------------------------------------------------- global search

def render_search(ctx, q):
    hits = [r for r in TENDER_ORDER if r == q]
    similar = [r for r in TENDER_ORDER if r != q and r[:-4] == q[:-4] and sorted(r[-4:]) == sorted(q[-4:])]
    similar += [r for r in TENDER_ORDER if r != q and r not in similar and r[:-2] == q[:-2]
                and TENDERS[r]["dept"] == TENDERS.get(q, {}).get("dept")]
    t = Tree(page_title(f"Search results for {q}"), f"{BASE}/search?q={q}")
    chrome(t, ctx, None, ["Home", "Search"], q)
    t.node(2, "heading", f"Search results for ‘{q}’")
    ndocs = 1 if hits else 0
    t.node(2, "tablist", "Result types")
    t.node(3, "tab", f"All ({len(hits) + len(similar) + ndocs})", selected=True)
    t.node(3, "tab", f"Tenders ({len(hits) + len(similar)})", selected=False)
    t.node(3, "tab", f"Documents ({ndocs})", selected=False)
    t.node(3, "tab", "Questions (0)", selected=False)
    t.node(3, "tab", "Suppliers (0)", selected=False)
    t.node(2, "tabpanel", f"All ({len(hits) + len(similar) + ndocs})")
    if hits:
        t.node(3, "heading", "Exact reference match")
        for r in hits:
            T = TENDERS[r]
            t.node(3, "article", "")
            t.node(4, "link", f"{r} {T['title']}", key=f"res-{r}")
            t.text(4, f"Tender · {T['status']} · {T['dept']} · {money(T['value'])} · owner {T['owner']}")
            t.text(4, short(extra(r)["desc"], 110))
    if similar:
        t.node(3, "heading", "Similar references")
        for r in similar:
            T = TENDERS[r]
            t.node(3, "article", "")
            t.node(4, "link", f"{r} {T['title']}", key=f"res-{r}")
            t.text(4, f"Tender · {T['status']} · {T['dept']} · {money(T['value'])} · owner {T['owner']}")
    if hits:
        t.node(3, "heading", "Documents")
        t.node(3, "article", "")
        t.node(4, "link", f"{q} {extra(q)['docs'][1]}")
        t.text(4, f"Document · uploaded 11/03/2025 by {USER}")
    t.node(2, "navigation", "Pagination")
    t.node(3, "link", "Previous", disabled=True)
    t.node(3, "link", "1", current="page")
    t.node(3, "link", "Next", disabled=True)
    tail(t, ctx)
    return t


# ---------------------------------------------------------------------------- tender detail

def tender_state(ref):
    T = TENDERS[ref]
    e = extra(ref)
    cd, ctm = (T["closing"].split(" ") if T["closing"] else (None, None))
    return dict(status=T["status"], closing_date=cd, closing_time=ctm, lots=list(e["lots"]),
                published=None if T["status"] == "Draft" else T["updated"],
                notice=None, edited=f"{T['updated']} by {T['owner']}", history=[])


def clar_deadline(cdate):
    return ds(d(cdate) - datetime.timedelta(days=8)) if cdate else None


def render_tender(ctx, ref, st, tab="overview", toast=None, dialog=None, alert=None):
    T = TENDERS[ref]
    e = extra(ref)
    suffix = "" if tab == "overview" else "/clarifications"
    t = Tree(page_title(f"{ref} {T['title']}"), f"{BASE}/tenders/{ref}{suffix}")
    chrome(t, ctx, "tenders", ["Home", "Tenders", ref] + ([] if tab == "overview" else ["Clarifications"]))
    if alert:
        t.node(2, "alert", "", live="assertive", atomic=True, relevant="additions text")
        t.text(3, alert)
    t.node(2, "heading", f"{ref} {T['title']}")
    t.text(2, st["status"])
    t.text(2, f"{T['proc']} · {T['ctype']} · {T['dept']}")
    if st["status"] == "Draft":
        t.text(2, f"Last edited {st['edited']}")
    elif st["published"]:
        t.text(2, f"Published {st['published']} · closes {st['closing_date']} {st['closing_time']}")
    t.node(2, "toolbar", "Tender actions")
    if st["status"] == "Draft":
        t.node(3, "button", "Edit notice", key="edit")
        t.node(3, "button", "Publish notice", key="publish")
        t.node(3, "button", "Preview notice", key="preview")
    else:
        t.node(3, "button", "Issue amendment", key="amend")
        t.node(3, "button", "View public notice", key="public")
        t.node(3, "button", "Message all bidders", key="message")
    t.node(3, "button", "More actions", hasPopup="menu", expanded=False)
    nq = len([q for q in QUESTIONS.values() if q["tender"] == ref])
    bidders = e.get("bidders", 0) if st["status"] != "Draft" else 0
    t.node(2, "tablist", "Tender sections")
    t.node(3, "tab", "Overview", key="tab-overview", selected=tab == "overview")
    t.node(3, "tab", f"Lots ({len(st['lots'])})", key="tab-lots", selected=False)
    t.node(3, "tab", f"Documents ({len(e['docs'])})", key="tab-docs", selected=False)
    t.node(3, "tab", f"Clarifications ({nq})", key="tab-clar", selected=tab == "clarifications")
    t.node(3, "tab", f"Bidders ({bidders})", key="tab-bidders", selected=False)
    t.node(3, "tab", "Audit log", key="tab-audit", selected=False)
    if tab == "overview":
        t.node(2, "tabpanel", "Overview")
        t.node(3, "heading", "Notice summary")
        closing = (f"{st['closing_date']} {st['closing_time']}" if st["closing_date"] else "Not set")
        cdl = clar_deadline(st["closing_date"])
        pairs = [("Reference", ref), ("Title", T["title"]), ("Status", st["status"]), ("Department", T["dept"]),
                 ("Procedure", T["proc"]), ("Contract type", T["ctype"]), ("Main CPV code", T["cpv"]),
                 ("Estimated total value", money(sum(v for _, v in st["lots"]) or T["value"])),
                 ("Publication date", st["published"] or "On publication"),
                 ("Clarification deadline", f"{cdl} 17:00" if cdl else "Not set"),
                 ("Closing date and time", closing),
                 ("Contract start", e["start"]), ("Term", e["term"]), ("Owner", T["owner"]),
                 ("Budget holder", f"{e['budget_holder']}, {e['bh_role']}")]
        if st["notice"]:
            pairs.append(("Find a Tender notice", st["notice"]))
        t.dl(3, pairs)
        t.node(3, "heading", "Description")
        t.text(3, e["desc"])
        t.node(3, "heading", "Lots")
        if st["lots"]:
            t.node(3, "table", "Lots")
            t.node(4, "row", "")
            for h in ["Lot", "Title", "Estimated value"]:
                t.node(5, "columnheader", h)
            for i, (lt, lv) in enumerate(st["lots"], 1):
                t.node(4, "row", "")
                t.node(5, "cell", f"Lot {i}")
                t.node(5, "cell", lt)
                t.node(5, "cell", money(lv))
        else:
            t.text(3, "No lots have been added. The contract will be advertised as a single lot.")
        t.node(3, "heading", "Documents")
        t.node(3, "list", "")
        for doc in e["docs"]:
            t.node(4, "listitem", "")
            t.node(5, "link", doc)
        t.node(3, "heading", "Recent activity")
        t.node(3, "list", "")
        for h in list(reversed(st["history"]))[:4] + [f"{T['updated']} – notice edited by {T['owner']}",
                                                       "04/03/2025 – documents uploaded (procurement team)",
                                                       "27/02/2025 – tender created from pipeline entry"]:
            t.node(4, "listitem", "")
            t.text(5, h)
    else:
        qs = [q for q in QUESTIONS.values() if q["tender"] == ref]
        waiting = len([q for q in qs if q["status"] == "Awaiting answer"])
        t.node(2, "tabpanel", f"Clarifications ({nq})")
        t.node(3, "heading", "Clarification questions and Q&A log")
        t.text(3, f"Registered bidders: {bidders} · Questions received: {len(qs)} · Awaiting an answer: {waiting}")
        t.text(3, f"Clarification deadline: {clar_deadline(st['closing_date'])} 17:00")
        t.node(3, "button", "Export Q&A log (PDF)")
        t.node(3, "combobox", "Show", value="All questions", hasPopup="menu", expanded=False)
        t.node(3, "table", "Clarification questions")
        t.node(4, "row", "")
        for h in ["Reference", "Lot", "Question", "Received", "Status", "Published"]:
            t.node(5, "columnheader", h)
        rows = []
        for q in sorted(qs, key=lambda q: q["ref"]):
            rows += [q] * (q.get("pub", {}).get("times", 1))
        for q in rows:
            t.node(4, "row", "")
            t.node(5, "cell", q["ref"])
            t.node(6, "link", q["ref"], key=None if f"cq-{q['ref']}" in t.bids else f"cq-{q['ref']}")
            t.node(5, "cell", q["lot"])
            t.node(5, "cell", short(q["text"], 90))
            t.node(5, "cell", q["received"])
            t.node(5, "cell", q["status"])
            t.node(5, "cell", q.get("published_at", due_date(q) if q["status"] == "Published" else "—"))
    panels = [("Related records", [(f"{r} {tt}", f"rel-{r}", s) for r, tt, s in e["related"]]
               + [f"Current contract: {e['contract']}"]),
              ("Key contacts", [f"Owner: {T['owner']}", f"Budget holder: {e['budget_holder']}",
                                "Legal: Siobhan Murray (Legal Services)",
                                "Enquiries mailbox: procurement@harrowgate.gov.uk"])]
    tail(t, ctx, toast, panels)
    if dialog:
        dialog(t)
    return t


def publish_dialog(ref, st, approved):
    T = TENDERS[ref]
    e = extra(ref)

    def draw(t):
        t.node(1, "dialog", f"Publish tender notice {ref}?", modal=True)
        t.node(2, "heading", f"Publish tender notice {ref}?")
        t.text(2, "Publishing sends this notice to Find a Tender (Central Digital Platform) and the Harrowgate "
                  "Supplier Portal. A published notice cannot be withdrawn; later changes need a formal amendment.")
        if st["closing_date"]:
            closing = f"{st['closing_date']} {st['closing_time']}"
        else:
            dflt = ds(TODAY + datetime.timedelta(days=DEFAULT_CLOSING_DAYS))
            closing = f"Not set – the default of {DEFAULT_CLOSING_DAYS} days will apply ({dflt} 12:00)"
        lots = (f"{len(st['lots'])} lots" if st["lots"] else "No lots – single contract")
        t.dl(2, [("Title", T["title"]), ("Procedure", T["proc"]), ("Closing date", closing),
                 ("Lots", lots), ("Estimated total value", money(sum(v for _, v in st["lots"]) or T["value"]))])
        t.node(2, "checkbox", f"I confirm the budget holder ({e['budget_holder']}) has approved this notice "
                              f"for publication", key="dlg-approve", checked="true" if approved else "false")
        t.node(2, "button", "Cancel", key="dlg-cancel")
        if approved:
            t.node(2, "button", "Publish notice", key="dlg-publish")
        else:
            t.node(2, "button", "Publish notice", key="dlg-publish", disabled=True)
    return draw


# ---------------------------------------------------------------------------- tender editor

def render_editor(ctx, ref, form, dirty, toast=None, dialog=None, alert=None):
    T = TENDERS[ref]
    e = extra(ref)
    t = Tree(page_title(f"Edit tender notice {ref}"), f"{BASE}/tenders/{ref}/edit")
    chrome(t, ctx, "tenders", ["Home", "Tenders", ref, "Edit notice"])
    if alert:
        t.node(2, "alert", "", live="assertive", atomic=True, relevant="additions text")
        t.text(3, alert)
    t.node(2, "heading", "Edit tender notice")
    t.text(2, f"{ref} · {T['title']} · Draft")
    t.node(2, "link", "Back to tender", key="back")
    t.node(2, "form", "Tender notice")
    t.node(3, "group", "Notice details")
    t.node(4, "textbox", "Title", value=T["title"], required=True)
    t.node(4, "textbox", "Reference", value=ref, readonly=True)
    t.node(4, "combobox", "Department", value=T["dept"], hasPopup="menu", expanded=False)
    t.node(4, "combobox", "Procedure", value=T["proc"], hasPopup="menu", expanded=False)
    t.node(4, "combobox", "Contract type", value=T["ctype"], hasPopup="menu", expanded=False)
    t.node(4, "textbox", "Main CPV code", value=T["cpv"], required=True)
    t.node(4, "textbox", "Short description", value=e["desc"], multiline=True)
    t.node(4, "textbox", "Contract start date (DD/MM/YYYY)", value=e["start"])
    t.node(4, "combobox", "Term", value=e["term"], hasPopup="menu", expanded=False)
    t.node(3, "group", "Key dates")
    t.text(4, "Publication date: on publication (today, 18/03/2025)")
    earliest = ds(TODAY + datetime.timedelta(days=25))
    t.text(4, f"Minimum tendering period for an open procedure: 25 days (earliest closing date {earliest})")
    if form["closing_date"]:
        t.node(4, "textbox", "Closing date (DD/MM/YYYY)", key="closing-date", value=form["closing_date"],
               required=True)
    else:
        t.node(4, "textbox", "Closing date (DD/MM/YYYY)", key="closing-date", required=True)
    t.node(4, "combobox", "Closing time", key="closing-time", value=form["closing_time"] or "Select a time",
           hasPopup="menu", expanded=False, required=True)
    for opt in ["Select a time", "09:00", "10:00", "12:00", "14:00", "15:00", "17:00"]:
        t.node(5, "option", opt, selected=opt == (form["closing_time"] or "Select a time"))
    cdl = clar_deadline(form["closing_date"]) if form["closing_date"] else None
    t.text(4, f"Clarification deadline (calculated, 8 days before closing): {cdl + ' 17:00' if cdl else '—'}")
    t.node(3, "group", "Lots")
    t.text(4, "Divide the contract into lots where this helps smaller suppliers bid.")
    if form["lots"]:
        t.node(4, "table", "Lots")
        t.node(5, "row", "")
        for h in ["Lot", "Title", "Estimated value", "Actions"]:
            t.node(6, "columnheader", h)
        for i, (lt, lv) in enumerate(form["lots"], 1):
            t.node(5, "row", "")
            t.node(6, "cell", f"Lot {i}")
            t.node(6, "cell", lt)
            t.node(6, "cell", money(lv))
            t.node(6, "cell", "")
            t.node(7, "button", f"Edit lot {i}")
            t.node(7, "button", f"Remove lot {i}")
    else:
        t.text(4, "No lots have been added yet.")
    t.node(4, "button", "Add lot", key="add-lot")
    t.node(4, "checkbox", "Bidders may bid for more than one lot", checked="true")
    t.node(4, "textbox", "Maximum number of lots awarded to one bidder")
    t.text(4, f"Estimated total value: {money(sum(v for _, v in form['lots']) if form['lots'] else 0)}")
    t.node(3, "group", "Award criteria")
    t.node(4, "textbox", "Quality weighting (%)", value="50")
    t.node(4, "textbox", "Price weighting (%)", value="40")
    t.node(4, "textbox", "Social value weighting (%)", value="10")
    t.node(3, "group", "Contacts")
    t.node(4, "textbox", "Enquiries mailbox", value="procurement@harrowgate.gov.uk")
    t.node(4, "textbox", "Procurement lead", value=T["owner"], readonly=True)
    if dirty:
        t.text(3, "You have unsaved changes")
    t.node(3, "button", "Save draft", key="save")
    t.node(3, "button", "Preview notice")
    t.node(3, "link", "Cancel", key="cancel-edit")
    tail(t, ctx, toast, [("Editing tips", ["Values are estimates excluding VAT.",
                                           "Saved drafts are visible to the budget holder.",
                                           "Use Preview notice to check the Find a Tender layout."])])
    if dialog:
        dialog(t)
    return t


def lot_dialog(n, title="", value="", alert=None):
    def draw(t):
        t.node(1, "dialog", f"Add lot {n}", modal=True)
        t.node(2, "heading", f"Add lot {n}")
        if alert:
            t.node(2, "alert", "", live="assertive", atomic=True, relevant="additions text")
            t.text(3, alert)
        if title:
            t.node(2, "textbox", "Lot title", key="lot-title", value=title, required=True)
        else:
            t.node(2, "textbox", "Lot title", key="lot-title", required=True)
        t.node(2, "textbox", "Lot description", multiline=True)
        if value:
            t.node(2, "textbox", "Estimated value (£, excluding VAT)", key="lot-value", value=value, required=True)
        else:
            t.node(2, "textbox", "Estimated value (£, excluding VAT)", key="lot-value", required=True)
        t.node(2, "textbox", "Lot CPV code", value="Same as main CPV code")
        t.node(2, "checkbox", "Use the tender's award criteria for this lot", checked="true")
        t.node(2, "button", "Cancel", key="lot-cancel")
        t.node(2, "button", "Save lot", key="lot-save")
    return draw


# ---------------------------------------------------------------------------- clarification inbox

def render_inbox(ctx, search="", tender_filter="All tenders", pending_search=None, pending_tender=None,
                 toast=None):
    rows = [q for q in QUESTIONS.values() if q["status"] == "Awaiting answer"]
    if search:
        rows = [q for q in rows if search.lower() in (q["ref"] + " " + q["text"]).lower()]
    if tender_filter != "All tenders":
        rows = [q for q in rows if tender_filter.startswith(q["tender"])]
    rows.sort(key=lambda q: (d(due_date(q)), q["ref"]))
    url = f"{BASE}/clarifications?status=awaiting"
    if search:
        url += "&q=" + search
    if tender_filter != "All tenders":
        url += "&tender=" + tender_filter.split()[0]
    t = Tree(page_title("Clarification inbox"), url)
    chrome(t, ctx, "clarifications", ["Home", "Clarifications"])
    t.node(2, "heading", "Clarification inbox")
    total_wait = len([q for q in QUESTIONS.values() if q["status"] == "Awaiting answer"])
    t.text(2, f"{total_wait} questions awaiting an answer · 3 due today")
    t.node(2, "region", "Filters")
    sv = pending_search if pending_search is not None else search
    if sv:
        t.node(3, "textbox", "Search questions", key="inbox-search", value=sv)
    else:
        t.node(3, "textbox", "Search questions", key="inbox-search")
    tv = pending_tender if pending_tender is not None else tender_filter
    t.node(3, "combobox", "Tender", key="inbox-tender", value=tv, hasPopup="menu", expanded=False)
    opts = ["All tenders"] + [f"{r} {TENDERS[r]['title']}" for r in TENDER_ORDER
                              if TENDERS[r]["status"] == "Open"]
    for o in opts:
        t.node(4, "option", o, selected=o == tv)
    t.node(3, "combobox", "Status", value="Awaiting answer", hasPopup="menu", expanded=False)
    t.node(3, "combobox", "Assigned to", value="Anyone", hasPopup="menu", expanded=False)
    t.node(3, "button", "Apply filters", key="inbox-apply")
    t.node(3, "link", "Clear filters")
    t.node(2, "combobox", "Sort by", value="Answer due (soonest first)", hasPopup="menu", expanded=False)
    if rows:
        t.text(2, f"Showing 1–{len(rows)} of {len(rows)} questions")
        t.node(2, "table", "Questions awaiting an answer")
        t.node(3, "row", "")
        for h in ["Reference", "Tender", "Question", "Received", "Answer due", "Assigned to", "Status"]:
            t.node(4, "columnheader", h)
            t.node(5, "button", f"Sort by {h.lower()}")
        for q in rows:
            t.node(3, "row", "")
            t.node(4, "cell", q["ref"])
            t.node(5, "link", q["ref"], key=f"cq-{q['ref']}")
            t.node(4, "cell", f"{q['tender']} {short(TENDERS[q['tender']]['title'], 32)}")
            t.node(4, "cell", short(q["text"], 80))
            t.node(4, "cell", q["received"])
            t.node(4, "cell", due_date(q))
            t.node(4, "cell", assigned_to(q))
            t.node(4, "cell", q["status"])
        t.node(2, "navigation", "Pagination")
        t.node(3, "link", "Previous", disabled=True)
        t.node(3, "link", "1", current="page")
        t.node(3, "link", "Next", disabled=True)
    else:
        t.text(2, "No questions match your search.")
    tail(t, ctx, toast, [("Answering guidance",
                          ["Publish answers to all registered bidders unless the question is commercially "
                           "sensitive.", "Remove anything that identifies the bidder from the published question.",
                           "Answers cannot be withdrawn once published; issue a correction instead."])])
    return t


# ---------------------------------------------------------------------------- clarification detail

def new_answer_form():
    return dict(qpub="", answer="", audience="Requesting bidder only", lots=[])


def audience_options(ref):
    e = extra(QUESTIONS[ref]["tender"])
    return [f"All registered bidders ({e['bidders']})", "Requesting bidder only", "Bidders on selected lots"]


def render_question(ctx, ref, form, toast=None, dialog=None, alert=None, banner=None):
    q = QUESTIONS[ref]
    T = TENDERS[q["tender"]]
    e = extra(q["tender"])
    t = Tree(page_title(f"Clarification {ref}"), f"{BASE}/clarifications/{ref}")
    chrome(t, ctx, "clarifications", ["Home", "Tenders", q["tender"], "Clarifications", ref])
    if banner:
        t.node(2, "region", "Page notice")
        t.text(3, banner)
        t.node(3, "button", "Reload page")
    if alert:
        t.node(2, "alert", "", live="assertive", atomic=True, relevant="additions text")
        t.text(3, "There is a problem")
        t.node(3, "list", "")
        t.node(4, "listitem", "")
        t.node(5, "link", alert)
    t.node(2, "heading", f"Clarification {ref}")
    t.text(2, q["status"])
    published = q["status"] == "Published" and q.get("pub")
    pairs = [("Tender", f"{q['tender']} {T['title']}"), ("Lot", q["lot"] if q["lot"] != "All" else "All lots"),
             ("Received", q["received"]), ("Submitted by", f"{q['bidder']} (visible to council staff only)"),
             ("Channel", "Supplier portal message"), ("Assigned to", assigned_to(q)), ("Status", q["status"])]
    if q["status"] == "Awaiting answer":
        pairs.append(("Answer due by", due_date(q)))
    if published:
        pairs += [("Published", f"{q['pub']['at']} by {USER}"), ("Visible to", q["pub"]["audience"]),
                  ("Notifications sent", str(q["pub"]["sent"]))]
    t.dl(2, pairs)
    t.node(2, "link", f"Open tender {q['tender']}", key="open-tender")
    t.node(2, "link", "View Q&A log", key="qa-log")
    t.node(2, "heading", "Question from bidder")
    t.text(2, q["text"])
    if published:
        t.node(2, "heading", "Question as published")
        t.text(2, q["pub"]["qpub"])
        t.node(2, "heading", "Answer")
        t.text(2, q["pub"]["answer"])
        t.node(2, "button", "Issue correction", key="correction")
        t.node(2, "button", "Download as PDF")
    else:
        t.node(2, "heading", "Your answer")
        t.node(2, "form", "Answer clarification")
        t.text(3, "Required. Copy or rephrase the question so the bidder cannot be identified.")
        if form["qpub"]:
            t.node(3, "textbox", "Question as published", key="qpub", value=form["qpub"], multiline=True,
                   required=True)
        else:
            t.node(3, "textbox", "Question as published", key="qpub", multiline=True, required=True)
        if form["answer"]:
            t.node(3, "textbox", "Answer", key="answer", value=form["answer"], multiline=True, required=True)
        else:
            t.node(3, "textbox", "Answer", key="answer", multiline=True, required=True)
        t.text(3, f"{4000 - len(form['answer'])} characters remaining")
        opts = audience_options(ref)
        t.node(3, "combobox", "Publish to", key="audience", value=form["audience"], hasPopup="menu",
               expanded=False, required=True)
        for o in opts:
            t.node(4, "option", o, selected=o == form["audience"])
        if form["audience"] == "Bidders on selected lots":
            t.node(3, "group", "Lots")
            for i, (lt, _) in enumerate(e["lots"], 1):
                t.node(4, "checkbox", f"Lot {i} – {lt} ({e['lot_bidders'][i - 1]} bidders)", key=f"lotbox-{i}",
                       checked="true" if i in form["lots"] else "false")
        t.node(3, "checkbox", "Hide the identity of the bidder who asked", checked="true")
        t.node(3, "checkbox", "Add to the tender Q&A log document", checked="true")
        t.node(3, "button", "Save draft answer", key="save-answer")
        t.node(3, "button", "Publish answer", key="publish-answer")
    others = [x for x in QUESTIONS.values() if x["tender"] == q["tender"] and x["ref"] != ref]
    panels = [("Other questions on this tender",
               [(f"{x['ref']} {short(x['text'], 60)}", f"other-{x['ref']}", x["status"])
                for x in sorted(others, key=lambda x: x["ref"])][:8]),
              ("Tender at a glance", [f"{q['tender']} {T['title']}", f"Status: {T['status']}",
                                      f"Closes {T['closing']}", f"Registered bidders: {e['bidders']}"])]
    tail(t, ctx, toast, panels)
    if dialog:
        dialog(t)
    return t


def answer_dialog(ref, form, busy=False):
    e = extra(QUESTIONS[ref]["tender"])

    def draw(t):
        if form["audience"].startswith("All registered"):
            head = "Publish answer to all registered bidders?"
            n = e["bidders"]
        elif form["audience"] == "Bidders on selected lots":
            head = "Publish answer to bidders on selected lots?"
            n = sum(e["lot_bidders"][i - 1] for i in form["lots"])
        else:
            head = "Send answer to the requesting bidder?"
            n = 1
        t.node(1, "dialog", head, modal=True)
        t.node(2, "heading", head)
        t.text(2, f"The question as published and your answer will be sent to {n} "
                  f"{'bidder' if n == 1 else 'bidders'} and added to the Q&A log.")
        t.text(2, "Published answers cannot be withdrawn. To change an answer later, issue a correction.")
        aud = form["audience"]
        if aud == "Bidders on selected lots":
            aud = ", ".join(f"Lot {i} bidders" for i in form["lots"]) + f" ({n})"
        t.dl(2, [("Clarification", ref), ("Audience", aud), ("Answer", short(form["answer"], 90))])
        t.node(2, "button", "Cancel", key="dlg-cancel")
        t.node(2, "button", "Publish", key="dlg-publish")
        if busy:
            t.node(2, "progressbar", "Publishing…", busy=True)
            t.text(2, "Publishing…")
    return draw


# ----------------------------------------------------------------------------------------
# Trajectory recorder
# ----------------------------------------------------------------------------------------

class Run:
    def __init__(self, rid, workflow, task, plan, first_page, ctx):
        self.rid, self.workflow, self.task, self.plan = rid, workflow, task, plan
        self.init = first_page
        self.prev = first_page
        self.ctx = ctx
        self.steps = []
        self.off = None

    def _step(self, commitment, command, target, reasoning, effect, page, error=None):
        self.ctx.tick()
        self.steps.append({"commitment": commitment,
                           "action": {"command": command, "reasoning": reasoning, "target": target,
                                      "effect": effect},
                           "observation": page.obs(error)})
        self.prev = page

    def mark_off(self):
        """The next recorded step is the first off-track step."""
        if self.off is None:
            self.off = len(self.steps)

    def _bid(self, key):
        if key not in self.prev.bids:
            raise KeyError(f"{self.rid}: '{key}' not on {self.prev.url}")
        return self.prev.bids[key], self.prev.targets[key]

    def click(self, c, key, why, page, effect="read"):
        bid, tgt = self._bid(key)
        self._step(c, f"click({bid!r})", tgt, why, effect, page)

    def fill(self, c, key, text, why, page, effect="read"):
        bid, tgt = self._bid(key)
        self._step(c, f"fill({bid!r}, {text!r})", tgt, why, effect, page)

    def select(self, c, key, opt, why, page, effect="read"):
        bid, tgt = self._bid(key)
        self._step(c, f"select_option({bid!r}, {opt!r})", tgt, why, effect, page)

    def press(self, c, key, k, why, page):
        bid, tgt = self._bid(key)
        self._step(c, f"press({bid!r}, {k!r})", tgt, why, "read", page)

    def say(self, c, msg, why):
        self._step(c, f"send_msg_to_user({msg!r})", "chat message to user", why, "read", self.prev)

    def record(self, fault, success, note):
        if fault is None:
            assert self.off is None
        else:
            assert self.off is not None, self.rid
        return {"id": self.rid, "workflow": self.workflow, "task": self.task, "plan": self.plan,
                "label": {"fault": fault, "first_off_track_step": self.off if fault else None},
                "initial_observation": self.init.obs(), "steps": self.steps,
                "outcome": {"success": success, "note": note}}


# ----------------------------------------------------------------------------------------
# Task variants
# ----------------------------------------------------------------------------------------

PUBLISH_VARIANTS = {
    1: dict(ref="HCC-2025-0141", start="list_drafts", time="09:41", closing=("22/04/2025", "12:00"),
            lots=[("Grass cutting and verges", 420000), ("Tree surgery and arboriculture", 185000)],
            recent=["HCC-2025-0147 Grounds Maintenance Services – Southern Parks",
                    "HCC-2024-0141 Grounds Maintenance Services – Cemeteries", "CQ-0098-05",
                    "HCC-2025-0098 Waste Collection Vehicle Maintenance"]),
    2: dict(ref="HCC-2025-0152", start="dashboard", time="10:12", closing=("28/04/2025", "14:00"),
            lots=[("Primary schools – north locality", 1250000), ("Primary schools – south locality", 1180000),
                  ("Special schools and pupil referral units", 340000)],
            recent=["HCC-2024-0152 School Meals Catering – Interim Contract", "HCC-2025-0153 School Milk Supply",
                    "HCC-2025-0125 School Transport – SEN Routes"]),
    3: dict(ref="HCC-2025-0158", start="list_search", query="LED", time="11:05", closing=("25/04/2025", "12:00"),
            lots=[("Supply of LED lanterns", 760000), ("Installation and column testing", 530000)],
            recent=["HCC-2025-0085 Street Lighting LED Retrofit Phase 1",
                    "HCC-2025-0159 Street Lighting Column Replacement", "HCC-2025-0133 Winter Gritting Salt Supply"]),
    4: dict(ref="HCC-2025-0163", start="global_search", time="14:26", closing=("30/04/2025", "17:00"),
            lots=[("Software licences and support (5 years)", 95000)],
            recent=["HCC-2025-0136 Library RFID Tags Supply", "HCC-2025-0168 Library Book Supply Framework",
                    "CQ-0136-02"]),
}


def publish_task(v):
    V = PUBLISH_VARIANTS[v]
    T = TENDERS[V["ref"]]
    cd, ct = V["closing"]
    if v == 4:
        (lt, lv), = V["lots"]
        return (f"Draft tender {V['ref']} ({T['title']}) already has Lot 1. Add Lot 2 '{lt}' with an estimated "
                f"value of {money(lv)}, set the closing date to {cd} at {ct}, and publish the tender notice.")
    words = {2: "two", 3: "three"}[len(V["lots"])]
    lots = "; ".join(f"Lot {i} '{lt}', estimated {money(lv)}" for i, (lt, lv) in enumerate(V["lots"], 1))
    return (f"Publish the draft tender {V['ref']} ({T['title']}) with {words} lots ({lots}) and a closing date "
            f"of {cd} at {ct}.")


CLAR_VARIANTS = {
    1: dict(ref="CQ-0098-04", start="inbox_search", time="10:31",
            answer="Yes. TUPE is expected to apply to 3 workshop technicians currently employed at the Ashby Road "
                   "depot. Anonymised employee liability information is in Appendix F of the ITT.",
            recent=["HCC-2025-0098 Waste Collection Vehicle Maintenance", "CQ-0098-03",
                    "HCC-2025-0089 Waste Collection Vehicle Leasing"]),
    2: dict(ref="CQ-0102-02", start="tender_tab", time="11:47",
            answer="Yes. Every worker placed in regulated activity with adults must hold an enhanced DBS "
                   "certificate with an adult barred list check, issued within the last 12 months or kept current "
                   "through the DBS Update Service.",
            recent=["HCC-2025-0102 Temporary Agency Staff – Social Care", "CQ-0102-01",
                    "HCC-2025-0125 School Transport – SEN Routes"]),
    3: dict(ref="CQ-0110-03", start="dashboard", time="13:58",
            answer="Yes. Site visits will be held on 26 and 27 March 2025 between 10:00 and 15:00. Book a slot "
                   "through the TenderBox messaging tab by 24 March 2025.",
            recent=["HCC-2025-0110 Town Hall Roof Repairs", "CQ-0110-01", "HCC-2025-0077 Leisure Centre Cleaning"]),
    4: dict(ref="CQ-0119-01", start="inbox_filter", time="15:20",
            answer="The Council requires a cloud-hosted (SaaS) solution with all data held in UK data centres. "
                   "On-premise proposals will not be evaluated.",
            recent=["HCC-2025-0119 Parking Enforcement ICT System", "CQ-0119-02",
                    "HCC-2025-0121 Parking Permit Printing"]),
}


def clar_task(v):
    V = CLAR_VARIANTS[v]
    q = QUESTIONS[V["ref"]]
    n = extra(q["tender"])["bidders"]
    return (f"Answer clarification question {V['ref']} on tender {q['tender']} ({TENDERS[q['tender']]['title']}). "
            f"Publish the question worded exactly as the bidder asked it, with the answer: \"{V['answer']}\" "
            f"Publish it to all registered bidders ({n}).")


PLAN_FILES = {("publish_tender", 1): "plans/publish_tender.yaml",
              ("answer_clarification", 1): "plans/answer_clarification.yaml"}
for _w in ["publish_tender", "answer_clarification"]:
    for _v in (2, 3, 4):
        PLAN_FILES[(_w, _v)] = f"plans/{_w}-{_v}.yaml"


# ----------------------------------------------------------------------------------------
# Plans: written from the task text and the healthy pages only (before any faulty run).
# ----------------------------------------------------------------------------------------

PLAN_FALSIFIERS = {
    "execution": ["Sign in to TenderBox", "Your session has expired. Please sign in again.",
                  "You do not have permission to do this", "Something went wrong. Please try again later."],
}

PUBLISH_NEAR = {
    1: dict(near=[("HCC-2025-0147", "Grounds Maintenance Services – Southern Parks"),
                  ("HCC-2025-0114", "Grounds Maintenance Equipment Hire"),
                  ("HCC-2024-0141", "Grounds Maintenance Services – Cemeteries")],
            dates=["22/05/2025", "04/22/2025"]),
    2: dict(near=[("HCC-2024-0152", "School Meals Catering – Interim Contract"),
                  ("HCC-2025-0153", "School Milk Supply"), ("HCC-2025-0125", "School Transport – SEN Routes")],
            dates=["28/05/2025", "04/28/2025"]),
    3: dict(near=[("HCC-2025-0085", "Street Lighting LED Retrofit Phase 1"),
                  ("HCC-2025-0159", "Street Lighting Column Replacement")],
            dates=["25/05/2025", "04/25/2025"]),
    4: dict(near=[("HCC-2025-0136", "Library RFID Tags Supply"), ("HCC-2025-0168", "Library Book Supply Framework")],
            dates=["30/05/2025", "04/30/2025"]),
}


def publish_plan(v):
    V = PUBLISH_VARIANTS[v]
    ref = V["ref"]
    T = TENDERS[ref]
    cd, ct = V["closing"]
    N = PUBLISH_NEAR[v]
    existing = extra(ref)["lots"]
    all_lots = existing + V["lots"]
    total = sum(lv for _, lv in all_lots)
    lot_lines = [f"Lot {i} {lt} {money(lv)}" for i, (lt, lv) in enumerate(all_lots, 1)]
    first_new = len(existing) + 1
    return {
        "task": publish_task(v),
        "plan_falsifiers": PLAN_FALSIFIERS,
        "commitments": [
            {"id": "open-tender", "subgoal": f"Open the draft tender {ref} {T['title']}",
             "skill": "open_record_from_list", "confidence": 0.85,
             "confirm": {"precondition": ["Tenders" if V["start"].startswith("list") else "Dashboard"],
                         "progress": ([f"Search results for ‘{ref}’"] if V["start"] == "global_search" else
                                      ["Search: LED"] if V["start"] == "list_search" else []),
                         "completion": [f"{ref} {T['title']}", "Status Draft", "Edit notice"]},
             "falsify": {"execution": [f"{r} {tt}" for r, tt in N["near"]] + ["No tenders match your search"],
                         "skill": [],
                         "planning": [f"{ref} is already published", "Issue amendment"]}},
            {"id": "open-editor", "subgoal": "Open the notice editor", "confidence": 0.8,
             "confirm": {"precondition": [f"{ref} {T['title']}"], "progress": [],
                         "completion": ["Edit tender notice", "Closing date (DD/MM/YYYY)", "Add lot"]},
             "falsify": {"execution": ["This tender is locked for editing by another user"],
                         "skill": ["Edit notice button is not available"], "planning": []}},
            {"id": "set-closing-date", "subgoal": f"Set the closing date to {cd} and the closing time to {ct}",
             "skill": "fill_date_field", "confidence": 0.75,
             "confirm": {"precondition": ["Edit tender notice"],
                         "progress": [f"Closing date (DD/MM/YYYY) {cd}"],
                         "completion": [f"Closing time {ct}",
                                        f"Clarification deadline (calculated, 8 days before closing): "
                                        f"{clar_deadline(cd)} 17:00"]},
             "falsify": {"execution": ["Enter a valid date in the format DD/MM/YYYY",
                                       "Closing date must be at least 25 days after publication"]
                         + N["dates"],
                         "skill": [], "planning": []}},
            {"id": "add-lots",
             "subgoal": ("Add the lots " if len(V["lots"]) > 1 else "Add the lot ")
                        + ", ".join(f"'{lt}' ({money(lv)})" for lt, lv in V["lots"]),
             "skill": "add_row_via_dialog", "confidence": 0.7,
             "confirm": {"precondition": ["Add lot"],
                         "progress": [f"Add lot {first_new}"] + lot_lines[len(existing):-1],
                         "completion": [lot_lines[-1], f"Estimated total value: {money(total)}"]},
             "falsify": {"execution": ["Lot title is required", "Enter an estimated value"]
                         + [money(lv // 10) for _, lv in V["lots"]] + [money(lv * 10) for _, lv in V["lots"]],
                         "skill": ["Add lot button is disabled"], "planning": []}},
            {"id": "save-draft", "subgoal": "Save the draft notice", "confidence": 0.8,
             "confirm": {"precondition": ["You have unsaved changes"], "progress": [],
                         "completion": ["Draft saved", f"Closing date and time {cd} {ct}", f"Lots ({len(all_lots)})"]},
             "falsify": {"execution": ["Draft could not be saved", "No lots have been added",
                                       "Closing date and time Not set"],
                         "skill": [], "planning": []}},
            {"id": "publish-notice", "subgoal": f"Publish the notice for {ref} and confirm the publication",
             "skill": "confirm_dialog", "confidence": 0.7,
             "confirm": {"precondition": [f"Publish tender notice {ref}?"],
                         "progress": ["I confirm the budget holder has approved this notice for publication",
                                      f"Closing date {cd} {ct}", f"{len(all_lots)} lots"],
                         "completion": [f"Tender {ref} published", "Status Open",
                                        f"Published 18/03/2025 · closes {cd} {ct}"]},
             "falsify": {"execution": ["Publishing cancelled", "Closing date: Not set", "Lots: none",
                                       {"text": "click 'Cancel' in the publish dialog", "on": "action"},
                                       {"text": f"send_msg_to_user reporting {ref} published before "
                                                f"'Tender {ref} published' is shown", "on": "action"}],
                         "skill": ["Publish notice button is disabled"],
                         "planning": ["Tender cannot be published until it has been approved"]}},
        ],
    }


CLAR_NEAR = {
    1: ["CQ-0098-14", "CQ-0098-05", "CQ-0089-04", "Waste Collection Vehicle Leasing",
        "Is TUPE expected to apply to the agency mechanics who currently cover the night shift?"],
    2: ["CQ-0102-03", "CQ-0102-12", "CQ-0102-01",
        "Must agency workers placed in children's residential homes hold an enhanced DBS certificate"],
    3: ["CQ-0110-02", "CQ-0110-01", "Will the site visit include access to the clock tower roof?"],
    4: ["CQ-0119-10", "CQ-0119-02", "Must backups also be held in UK data centres?"],
}


def clar_plan(v):
    V = CLAR_VARIANTS[v]
    ref = V["ref"]
    q = QUESTIONS[ref]
    tref = q["tender"]
    n = extra(tref)["bidders"]
    start_pre = {"inbox_search": "Clarification inbox", "inbox_filter": "Clarification inbox",
                 "tender_tab": f"{tref} {TENDERS[tref]['title']}", "dashboard": "Questions awaiting your answer"}
    prog = {"inbox_search": ["Showing 1–1 of 1 questions"],
            "inbox_filter": [f"Tender {tref} {TENDERS[tref]['title']}"],
            "tender_tab": ["Clarification questions and Q&A log"], "dashboard": []}
    return {
        "task": clar_task(v),
        "plan_falsifiers": PLAN_FALSIFIERS,
        "commitments": [
            {"id": "open-question", "subgoal": f"Open clarification question {ref} on {tref}",
             "skill": "open_record_from_list", "confidence": 0.85,
             "confirm": {"precondition": [start_pre[V["start"]]], "progress": prog[V["start"]],
                         "completion": [f"Clarification {ref}", q["text"], "Awaiting answer"]},
             "falsify": {"execution": [f"Clarification {x}" if x.startswith("CQ-") else x for x in CLAR_NEAR[v]]
                         + ["No questions match your search"],
                         "skill": [],
                         "planning": [f"{ref} has already been answered", "Status Withdrawn"]}},
            {"id": "write-answer", "subgoal": "Enter the question as published and the answer", "confidence": 0.75,
             "confirm": {"precondition": ["Your answer", "Question as published"],
                         "progress": [f"Question as published {q['text']}"],
                         "completion": [f"Answer {V['answer']}"]},
             "falsify": {"execution": ["Question as published is required", "Answer is required",
                                       "Answer must be 4000 characters or fewer"],
                         "skill": [], "planning": []}},
            {"id": "set-audience", "subgoal": f"Choose to publish to all registered bidders ({n})",
             "skill": "select_option", "confidence": 0.8,
             "confirm": {"precondition": ["Publish to"], "progress": [],
                         "completion": [f"Publish to All registered bidders ({n})"]},
             "falsify": {"execution": ["Publish answer to bidders on selected lots?",
                                       "Send answer to the requesting bidder?", "Lot 1 bidders"],
                         "skill": [], "planning": []}},
            {"id": "publish-answer", "subgoal": "Publish the answer and confirm", "skill": "confirm_dialog",
             "confidence": 0.7,
             "confirm": {"precondition": ["Publish answer to all registered bidders?"],
                         "progress": [f"will be sent to {n} bidders and added to the Q&A log"],
                         "completion": [f"Clarification {ref} published to {n} bidders", "Status Published",
                                        f"Visible to All registered bidders ({n})"]},
             "falsify": {"execution": ["There is a problem", "Question as published is required",
                                       "Status Awaiting answer",
                                       {"text": "click 'Cancel' in the publish dialog", "on": "action"},
                                       {"text": "click 'Publish' again after the answer was already published",
                                        "on": "action"}],
                         "skill": ["Publish answer button is disabled"],
                         "planning": ["This question has already been answered"]}},
            {"id": "verify-log", "subgoal": f"Check {ref} shows as published in the tender's Q&A log",
             "confidence": 0.8,
             "confirm": {"precondition": ["View Q&A log"], "progress": ["Clarification questions and Q&A log"],
                         "completion": [f"{ref} Published 18/03/2025"]},
             "falsify": {"execution": [f"{ref} Awaiting answer"],
                         "skill": [], "planning": []}},
        ],
    }


# ----------------------------------------------------------------------------------------
# Workflow scripts (healthy path first; faults branch off it)
# ----------------------------------------------------------------------------------------

def publish_run(rid, v, seed, fault=None):
    V = PUBLISH_VARIANTS[v]
    rng = random.Random(seed)
    ctx = Ctx(V["time"], rng, V["recent"])
    ref = V["ref"]
    target = ref
    if fault == "wrong_record":
        target = "HCC-2025-0147"
    cd, ct = V["closing"]
    task = publish_task(v)
    # ---- start page and navigation to the tender
    if V["start"] == "list_drafts":
        first = render_tender_list(ctx, "drafts")
    elif V["start"] == "dashboard":
        first = render_dashboard(ctx)
    elif V["start"] == "list_search":
        first = render_tender_list(ctx, "all")
    else:
        first = render_dashboard(ctx)
    R = Run(rid, "publish_tender", task, PLAN_FILES[("publish_tender", v)], first, ctx)
    st = tender_state(target)

    def detail(**kw):
        ctx.visit(f"{target} {TENDERS[target]['title']}")
        return render_tender(ctx, target, st, **kw)

    C = "open-tender"
    if V["start"] == "list_drafts":
        if fault == "wrong_record":
            R.mark_off()
        R.click(C, f"tlink-{target}", "Open the Grounds Maintenance Services parks draft.", detail())
    elif V["start"] == "dashboard":
        R.click(C, f"draft-{ref}", f"{ref} is listed under My draft notices; open it.", detail())
    elif V["start"] == "list_search":
        R.fill(C, "list-search", V["query"], "Filter the tender list to the LED retrofit tenders.",
               render_tender_list(ctx, "all", pending_query=V["query"]))
        R.press(C, "list-search", "Enter", "Apply the search.", render_tender_list(ctx, "all", V["query"]))
        R.click(C, f"tlink-{ref}", f"{ref} is the Phase 2 retrofit; open it.", detail())
    else:
        R.fill(C, "gsearch", ref, "Search for the tender reference.", render_dashboard(ctx, search_value=ref))
        R.press(C, "gsearch", "Enter", "Run the search.", render_search(ctx, ref))
        R.click(C, f"res-{ref}", "Open the exact reference match.", detail())

    # ---- editor
    form = dict(closing_date=st["closing_date"], closing_time=st["closing_time"], lots=list(st["lots"]))

    def editor(dirty=True, **kw):
        return render_editor(ctx, target, form, dirty, **kw)

    R.click("open-editor", "edit", "Open the notice editor to set the closing date and lots.", editor(dirty=False))
    form["closing_date"] = cd
    R.fill("set-closing-date", "closing-date", cd, f"Type the closing date {cd}.", editor())
    form["closing_time"] = ct
    R.select("set-closing-date", "closing-time", ct, f"Choose the closing time {ct}.", editor())

    for i, (lt, lv) in enumerate(V["lots"]):
        n = len(form["lots"]) + 1
        typed = str(lv)
        if fault == "wrong_value" and i == 1:
            typed = str(lv // 10)          # a dropped zero: 1180000 -> 118000
        R.click("add-lots", "add-lot", f"Add lot {n}.", editor(dialog=lot_dialog(n)))
        R.fill("add-lots", "lot-title", lt, f"Lot {n} title.", editor(dialog=lot_dialog(n, lt)))
        if fault == "wrong_value" and i == 1:
            R.mark_off()
        R.fill("add-lots", "lot-value", typed, f"Lot {n} estimated value.", editor(dialog=lot_dialog(n, lt, typed)))
        form["lots"].append((lt, int(typed)))
        R.click("add-lots", "lot-save", f"Save lot {n}.",
                editor(toast=f"Lot {n} added. Save the draft to keep your changes."), effect="write")

    if fault == "navigation_lost_changes":
        # Leaves the editor through the breadcrumb without saving; TenderBox shows no leave-page warning.
        R.mark_off()
        R.click("publish-notice", "crumb-2", "All lots and the closing date are in; go back to the tender page "
                                             "to publish it.", detail())
        R.click("publish-notice", "publish", "Publish the notice.", detail(dialog=publish_dialog(target, st, False)))
        R.click("publish-notice", "dlg-approve", "Confirm the budget holder approval.",
                detail(dialog=publish_dialog(target, st, True)))
        st.update(status="Open", published=TODAY_S, notice="2025/S 000-011872 (sent)",
                  closing_date=ds(TODAY + datetime.timedelta(days=DEFAULT_CLOSING_DAYS)), closing_time="12:00")
        st["history"].append(f"{TODAY_S} {ctx.hm()} – notice published by {USER}")
        R.click("publish-notice", "dlg-publish", "Publish.",
                detail(toast=f"Tender {target} published. Notice sent to Find a Tender (Central Digital "
                             f"Platform)."), effect="irreversible")
        R.say("publish-notice", f"Tender {ref} has been published with {len(V['lots'])} lots.",
              "The tender shows as published.")
        return R.record(fault, False, "Unsaved lots and closing date were lost when the agent left the editor; "
                                      "the tender was published as a single lot with the default closing date "
                                      "17/04/2025 12:00.")

    # ---- save
    if fault == "error_ignored":
        R.click("save-draft", "save", "Save the draft.",
                editor(alert="Your changes could not be saved (error 503, reference 7F3A-91C2). Please try again. "
                             "If the problem continues, contact the TenderBox service desk."), effect="write")
        R.off = len(R.steps) - 1  # environment error: labelled at the step whose observation first shows it
        R.say("save-draft", f"Tender {ref} is updated with the closing date {cd} {ct} and {len(V['lots'])} lots, "
                            "and is ready to go live.", "The notice has its lots and closing date.")
        return R.record(fault, False, "Save failed with a 503 error banner that the agent ignored; nothing was "
                                      "saved and the notice was never published.")
    st["closing_date"], st["closing_time"], st["lots"] = cd, ct, list(form["lots"])
    st["edited"] = f"{TODAY_S} {ctx.hm()} by {USER}"
    st["history"].append(f"{TODAY_S} – draft saved by {USER}")
    R.click("save-draft", "save", "Save the draft.",
            detail(toast=f"Draft saved. {len(form['lots'])} lots, closing {cd} {ct}."), effect="write")

    if fault == "premature_done":
        R.mark_off()
        R.say("publish-notice", f"Tender {ref} is published with {len(form['lots'])} lots, closing {cd} at {ct}.",
              "Lots and closing date are saved; the task is complete.")
        return R.record(fault, False, "The agent reported the tender as published after saving the draft; "
                                      "Publish notice was never clicked and the tender is still a Draft.")

    # ---- publish
    R.click("publish-notice", "publish", "Publish the saved notice.", detail(dialog=publish_dialog(target, st, False)))
    R.click("publish-notice", "dlg-approve", "Tick the budget-holder approval confirmation to enable Publish notice.",
            detail(dialog=publish_dialog(target, st, True)))
    if fault == "confirm_cancelled":
        R.mark_off()
        R.click("publish-notice", "dlg-cancel", "Close the confirmation dialog to finish publishing.",
                detail(toast="Publishing cancelled. The notice is still a draft."))
        R.say("publish-notice", f"Tender {ref} has been published with Lot 2 added and a closing date of {cd} {ct}.",
              "The dialog is closed and the lots and date are saved.")
        return R.record(fault, False, "The agent cancelled the publish confirmation and still reported success; "
                                      "the tender is a Draft.")
    st.update(status="Open", published=TODAY_S, notice=f"2025/S 000-0{11870 + v} (sent)")
    st["history"].append(f"{TODAY_S} {ctx.hm()} – notice published by {USER}")
    R.click("publish-notice", "dlg-publish", "Publish the notice.",
            detail(toast=f"Tender {target} published. Notice sent to Find a Tender (Central Digital Platform)."),
            effect="irreversible")
    if fault == "wrong_record":
        R.say("publish-notice", f"Done: the Grounds Maintenance Services tender is published with 2 lots, closing "
                                f"{cd} at {ct}.", "The tender is published.")
        return R.record(fault, False, "The agent opened and published HCC-2025-0147 (Southern Parks) instead of "
                                      "HCC-2025-0141 (Northern Parks).")
    R.say("publish-notice", f"Tender {ref} is published with {len(form['lots'])} lots, closing {cd} at {ct}.",
          "The tender page shows it as published.")
    if fault == "wrong_value":
        return R.record(fault, False, "Lot 2 was entered as £118,000 instead of £1,180,000 and the notice was "
                                      "published with the wrong value.")
    return R.record(None, True, "Published as asked.")


def clar_run(rid, v, seed, fault=None):
    V = CLAR_VARIANTS[v]
    rng = random.Random(seed)
    ctx = Ctx(V["time"], rng, V["recent"])
    ref = V["ref"]
    q0 = QUESTIONS[ref]
    tref = q0["tender"]
    n = extra(tref)["bidders"]
    task = clar_task(v)
    saved_q = {k: dict(x) for k, x in QUESTIONS.items()}   # restore after the run
    try:
        return _clar_run(rid, v, ctx, ref, tref, n, task, fault)
    finally:
        QUESTIONS.clear()
        QUESTIONS.update(saved_q)


def _clar_run(rid, v, ctx, ref, tref, n, task, fault):
    V = CLAR_VARIANTS[v]
    tst = tender_state(tref)
    if V["start"] in ("inbox_search", "inbox_filter"):
        first = render_inbox(ctx)
    elif V["start"] == "tender_tab":
        ctx.visit(f"{tref} {TENDERS[tref]['title']}")
        first = render_tender(ctx, tref, tst)
    else:
        first = render_dashboard(ctx)
    R = Run(rid, "answer_clarification", task, PLAN_FILES[("answer_clarification", v)], first, ctx)
    target = ref
    if fault == "similar_item_in_list":
        target = "CQ-0102-03"
    form = new_answer_form()

    def qpage(**kw):
        ctx.visit(target)
        return render_question(ctx, target, form, **kw)

    C = "open-question"
    if V["start"] == "inbox_search":
        R.fill(C, "inbox-search", ref, "Search the inbox for the question reference.",
               render_inbox(ctx, pending_search=ref))
        R.click(C, "inbox-apply", "Apply the search.", render_inbox(ctx, search=ref))
        R.click(C, f"cq-{ref}", f"Open {ref}.", qpage())
    elif V["start"] == "inbox_filter":
        opt = f"{tref} {TENDERS[tref]['title']}"
        R.select(C, "inbox-tender", opt, "Narrow the inbox to the parking ICT tender.",
                 render_inbox(ctx, pending_tender=opt))
        R.click(C, "inbox-apply", "Apply the tender filter.", render_inbox(ctx, tender_filter=opt))
        R.click(C, f"cq-{ref}", f"Open {ref}.", qpage())
    elif V["start"] == "tender_tab":
        R.click(C, "tab-clar", "Open the tender's clarifications tab.", render_tender(ctx, tref, tst, "clarifications"))
        if fault == "similar_item_in_list":
            R.mark_off()
            R.click(C, f"cq-{target}", "Open the DBS question awaiting an answer.", qpage())
        else:
            R.click(C, f"cq-{ref}", f"Open {ref}, the adult social care DBS question.", qpage())
    else:
        R.click(C, f"q-{ref}", f"{ref} is in Questions awaiting your answer; open it.", qpage())

    qtext = QUESTIONS[ref]["text"]   # the task says: publish the question as the bidder asked it
    if fault == "similar_item_in_list":
        qtext = QUESTIONS[target]["text"]
    if fault != "required_field_skipped":
        form["qpub"] = qtext
        R.fill("write-answer", "qpub", qtext, "Copy the bidder's question as it will be published.", qpage())
    form["answer"] = V["answer"]
    R.fill("write-answer", "answer", V["answer"], "Type the answer from the task.", qpage())

    e = extra(tref)
    if fault == "unrequested_constraint":
        form["audience"] = "Bidders on selected lots"
        R.mark_off()
        R.select("set-audience", "audience", "Bidders on selected lots",
                 "The question is about the Lot 1 software, so restrict it to Lot 1 bidders.", qpage())
        form["lots"] = [1]
        R.click("set-audience", "lotbox-1", "Tick Lot 1.", qpage())
    else:
        form["audience"] = audience_options(target)[0]
        R.select("set-audience", "audience", form["audience"], "Publish to all registered bidders.", qpage())

    if fault == "required_field_skipped":
        R.mark_off()
        R.click("publish-answer", "publish-answer", "Publish the answer.",
                qpage(alert="Enter the question as it will be published to bidders"))
        R.say("publish-answer", f"{ref} has been answered and published to all {n} bidders.",
              "Publish answer was clicked.")
        return R.record(fault, False, "'Question as published' was left empty; the publish was rejected with a "
                                      "validation error the agent did not act on.")
    if fault == "silent_noop":
        R.mark_off()
        R.click("publish-answer", "publish-answer", "Publish the answer.", qpage())
        R.say("verify-log", f"{ref} has been answered and published to all {n} registered bidders.",
              "Publish answer has been clicked.")
        return R.record(fault, False, "The Publish answer click did nothing (no dialog, no toast, status still "
                                      "Awaiting answer); the agent reported success.")

    R.click("publish-answer", "publish-answer", "Publish the answer.", qpage(dialog=answer_dialog(target, form)))
    sent = n if form["audience"].startswith("All") else sum(e["lot_bidders"][i - 1] for i in form["lots"])
    audience_label = (form["audience"] if form["audience"].startswith("All")
                      else ", ".join(f"Lot {i} bidders" for i in form["lots"]) + f" ({sent})")

    def do_publish(times=1):
        q = QUESTIONS[target]
        q["status"] = "Published"
        q["pub"] = dict(at=f"{TODAY_S} {ctx.hm()}", audience=audience_label, sent=sent * times, times=times,
                        qpub=form["qpub"], answer=form["answer"])
        q["published_at"] = f"{TODAY_S} {ctx.hm()}"

    if fault == "stale_page_after_save":
        R.mark_off()
        stale_form = new_answer_form()
        page = render_question(ctx, target, stale_form,
                               banner="This page was restored from your browser's cache while you were offline. "
                                      "Reload to see the latest version.")
        R.click("publish-answer", "dlg-publish", "Confirm publication.", page, effect="irreversible")
        R.click("verify-log", "qa-log", "Check the Q&A log.", render_tender(ctx, tref, tst, "clarifications"))
        R.say("verify-log", f"{ref} has been answered and published to all {n} bidders.",
              "The publish dialog closed, so the answer went out.")
        return R.record(fault, False, "After confirming, the browser showed a cached copy of the question page; the "
                                      "publish never reached the server and the log still shows Awaiting answer.")

    if fault == "double_submission":
        R.click("publish-answer", "dlg-publish", "Confirm publication.",
                qpage(dialog=answer_dialog(target, form, busy=True)), effect="irreversible")
        do_publish(times=2)
        R.mark_off()
        R.click("publish-answer", "dlg-publish", "The dialog is still open; click Publish again.",
                qpage(toast=f"Clarification {target} published to {n} bidders.\nClarification {target} published "
                            f"to {n} bidders."), effect="irreversible")
    else:
        do_publish()
        R.click("publish-answer", "dlg-publish", "Confirm publication.",
                qpage(toast=f"Clarification {target} published to {sent} bidders."), effect="irreversible")
    R.click("verify-log", "qa-log", "Check the Q&A log.", render_tender(ctx, tref, tst, "clarifications"))
    R.say("verify-log", f"{ref} is answered and published to all {n} registered bidders; the Q&A log shows it as "
                        "Published.", "The Q&A log confirms publication.")
    if fault == "similar_item_in_list":
        return R.record(fault, False, "The agent answered CQ-0102-03 (children's homes DBS) with the adult social "
                                      "care answer; CQ-0102-02 is still awaiting an answer.")
    if fault == "unrequested_constraint":
        return R.record(fault, False, "The answer went only to the 7 Lot 1 bidders instead of all 11 registered "
                                      "bidders.")
    if fault == "double_submission":
        return R.record(fault, False, f"The answer was published twice; all {n} bidders were notified twice.")
    return R.record(None, True, "Answered and published to all registered bidders as asked.")


# ----------------------------------------------------------------------------------------
# YAML writer (block style, double-quoted strings) for the plans
# ----------------------------------------------------------------------------------------

YAML11_WORDS = {"on", "off", "yes", "no", "y", "n", "true", "false", "null", "~"}


def _scalar(x):
    if isinstance(x, bool):
        return "true" if x else "false"
    if x is None:
        return "null"
    if isinstance(x, (int, float)):
        return repr(x)
    return json.dumps(x, ensure_ascii=False)


def to_yaml(obj, indent=0):
    pad = "  " * indent
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            # keys that YAML 1.1 readers (e.g. PyYAML) would turn into booleans are quoted
            k = json.dumps(k) if k.lower() in YAML11_WORDS else k
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{k}:")
                out.extend(to_yaml(v, indent + 1))
            elif isinstance(v, (dict, list)):
                out.append(f"{pad}{k}: {'{}' if isinstance(v, dict) else '[]'}")
            else:
                out.append(f"{pad}{k}: {_scalar(v)}")
    else:
        for item in obj:
            if isinstance(item, dict):
                sub = to_yaml(item, indent + 1)
                sub[0] = f"{pad}- " + sub[0][len(pad) + 2:]
                out.extend(sub)
            else:
                out.append(f"{pad}- {_scalar(item)}")
    return out


# ----------------------------------------------------------------------------------------
# Runs
# ----------------------------------------------------------------------------------------

RUNS = [
    # id, workflow, variant, fault, seed, one-line description (for README)
    ("publish_tender-healthy-01", "publish_tender", 1, None, 1101,
     "From the Drafts list, opens HCC-2025-0141, sets closing 22/04/2025 12:00, adds 2 lots, saves, publishes."),
    ("publish_tender-healthy-02", "publish_tender", 2, None, 1102,
     "From the dashboard's My draft notices, opens HCC-2025-0152, adds 3 lots, closing 28/04/2025 14:00, "
     "publishes."),
    ("publish_tender-healthy-03", "publish_tender", 3, None, 1103,
     "Filters the tender list by 'LED', opens HCC-2025-0158 (not Phase 1 HCC-2025-0085), adds 2 lots, publishes."),
    ("publish_tender-healthy-04", "publish_tender", 4, None, 1104,
     "Global search for HCC-2025-0163, adds Lot 2 to the existing Lot 1, closing 30/04/2025 17:00, publishes."),
    ("publish_tender-wrong_record-01", "publish_tender", 1, "wrong_record", 1201,
     "Opens the near-miss HCC-2025-0147 (Southern Parks) from the Drafts list and publishes it with the "
     "Northern Parks lots."),
    ("publish_tender-wrong_value-01", "publish_tender", 2, "wrong_value", 1202,
     "Types Lot 2's value as 118000 (£118,000) instead of 1180000, then saves and publishes."),
    ("publish_tender-error_ignored-01", "publish_tender", 3, "error_ignored", 1203,
     "Save draft returns a 503 error banner; the agent ignores it and reports the tender ready."),
    ("publish_tender-confirm_cancelled-01", "publish_tender", 4, "confirm_cancelled", 1204,
     "Ticks the approval box, then clicks Cancel in the publish dialog and reports the tender as published."),
    ("publish_tender-premature_done-01", "publish_tender", 1, "premature_done", 1205,
     "Saves the draft (toast 'Draft saved') and reports the tender published without clicking Publish notice."),
    ("publish_tender-navigation_lost_changes-01", "publish_tender", 2, "navigation_lost_changes", 1206,
     "After adding 3 lots, leaves the editor via the breadcrumb without saving, then publishes the "
     "unchanged draft (no lots, default closing date)."),
    ("answer_clarification-healthy-01", "answer_clarification", 1, None, 2101,
     "Searches the inbox for CQ-0098-04, enters question and answer, publishes to all 14 bidders, checks the log."),
    ("answer_clarification-healthy-02", "answer_clarification", 2, None, 2102,
     "From tender HCC-2025-0102's Clarifications tab opens CQ-0102-02, publishes to all 23 bidders."),
    ("answer_clarification-healthy-03", "answer_clarification", 3, None, 2103,
     "From the dashboard panel opens CQ-0110-03 (site visit), publishes to all 9 bidders."),
    ("answer_clarification-healthy-04", "answer_clarification", 4, None, 2104,
     "Filters the inbox by tender HCC-2025-0119, opens CQ-0119-01 (hosting), publishes to all 11 bidders."),
    ("answer_clarification-similar_item_in_list-01", "answer_clarification", 2, "similar_item_in_list", 2201,
     "In the tender's question table clicks CQ-0102-03 (children's DBS) instead of CQ-0102-02 and answers it."),
    ("answer_clarification-unrequested_constraint-01", "answer_clarification", 4, "unrequested_constraint", 2202,
     "Restricts the audience to 'Bidders on selected lots' / Lot 1 (7 bidders) instead of all 11."),
    ("answer_clarification-silent_noop-01", "answer_clarification", 2, "silent_noop", 2203,
     "Publish answer click changes nothing (no dialog, no toast, still Awaiting answer); agent reports success."),
    ("answer_clarification-double_submission-01", "answer_clarification", 1, "double_submission", 2204,
     "The confirm dialog shows 'Publishing…' and the agent clicks Publish again; published and notified twice."),
    ("answer_clarification-required_field_skipped-01", "answer_clarification", 1, "required_field_skipped", 2205,
     "Leaves 'Question as published' empty; the publish is rejected with 'There is a problem' and the agent "
     "reports success."),
    ("answer_clarification-stale_page_after_save-01", "answer_clarification", 3, "stale_page_after_save", 2206,
     "After confirming, the page is a cached copy (empty form, Awaiting answer); the log still shows Awaiting "
     "answer; the agent reports success."),
]


README_HEAD = """# TenderBox test corpus (blind, written from the fcpkit file-format contract only)

## The application

**TenderBox Procurement Portal 4.7.2** (build 2025.03.11-r4821) is the staff side of
**Harrowgate City Council**'s procurement portal (Commercial & Procurement Services). It is
invented for this corpus.

- Signed-in user: **Priya Nandakumar, Procurement Officer** (p.nandakumar@harrowgate.gov.uk)
- Today: **Tuesday 18 March 2025**
- Base URL: `http://127.0.0.1:8042`
- Record ids: tenders `HCC-YYYY-NNNN` (e.g. `HCC-2025-0141`); clarification questions
  `CQ-<last four digits of the tender>-NN` (e.g. `CQ-0098-04`); Find a Tender notices `2025/S 000-0118NN`.
- Data: 24 tenders (9 drafts, 8 open, 1 in evaluation, 1 closed, 5 awarded) and 44 clarification
  questions (15 awaiting an answer). Near-miss records are deliberate: `HCC-2025-0141` Northern Parks vs
  `HCC-2025-0147` Southern Parks vs `HCC-2025-0114` Equipment Hire vs `HCC-2024-0141` Cemeteries;
  `HCC-2025-0152` vs `HCC-2024-0152` vs `HCC-2025-0153`; `HCC-2025-0158` (LED Phase 2) vs `HCC-2025-0085`
  (Phase 1) vs `HCC-2025-0159`; `HCC-2025-0163` vs `HCC-2025-0136` vs `HCC-2025-0168`; `CQ-0098-04` vs
  `CQ-0098-14` (also a TUPE question) vs `CQ-0089-04`; `CQ-0102-02` (adult DBS) vs `CQ-0102-03`
  (children's DBS) vs `CQ-0102-12`; `CQ-0110-03` vs `CQ-0110-02`; `CQ-0119-01` vs `CQ-0119-10`.

## Page types

Every page carries the furniture: banner (crest, product name, organisation, global search box,
notifications, help, user menu), main navigation (Dashboard, Tenders, Clarifications (15), Suppliers,
Contracts, Reports, Settings), breadcrumbs, a Recently viewed panel, a footer with the product version,
build, links and session timer, and a polite `status` live region that carries toasts. Dialogs are
appended after the page; error summaries are `alert` regions at the top of `main`.

| Page | URL | Content |
|---|---|---|
| Dashboard | `/dashboard` | key figures, My draft notices table, Questions awaiting your answer, Closing soon, announcements |
| Tender list | `/tenders?status=draft&sort=-updated`, `/tenders?sort=-reference[&q=...]` | filter panel (search, status checkboxes with counts, department/owner/procedure), sort combobox, active-filter chips, sortable table, pagination |
| Search results | `/search?q=...` | result-type tabs, exact match, "Similar references" (near-miss ids), documents |
| Tender detail | `/tenders/<ref>` | status, action toolbar (Edit notice / Publish notice / Preview, or Issue amendment for open tenders), section tabs, notice summary description list, lots table, documents, recent activity, Related records and Key contacts panels |
| Publish dialog | (on tender detail) | summary of closing date and lots, budget-holder approval checkbox, Cancel / Publish notice |
| Notice editor | `/tenders/<ref>/edit` | notice details, key dates (closing date textbox, closing time combobox with options, calculated clarification deadline), lots table with Add lot, award criteria, contacts, unsaved-changes marker, Save draft |
| Add lot dialog | (on editor) | lot title, description, estimated value, CPV, Cancel / Save lot |
| Clarification inbox | `/clarifications?status=awaiting[&q=..][&tender=..]` | filters (search, tender combobox with options, status, assignee), sort, table of questions, answering guidance |
| Tender Q&A log | `/tenders/<ref>/clarifications` | bidder and question counts, export, table of questions with status and published date |
| Clarification detail | `/clarifications/<CQ-id>` | metadata (tender, lot, bidder — staff only, status, due date), question, answer form (Question as published, Answer, Publish to combobox with options, lot checkboxes when restricted, Save draft answer / Publish answer), or the published question and answer; Other questions panel |
| Publish-answer dialog | (on clarification detail) | audience and bidder count, Cancel / Publish |

## Workflows and plans

**publish_tender** — publish a draft tender notice with lots and a closing date. Step groups (plan
commitments): `open-tender` → `open-editor` → `set-closing-date` → `add-lots` (Add lot, title, value,
Save lot per lot) → `save-draft` → `publish-notice` (Publish notice, tick approval, confirm, report).

**answer_clarification** — answer a bidder's clarification question and publish it to all bidders.
Commitments: `open-question` → `write-answer` (Question as published, Answer) → `set-audience`
(Publish to: All registered bidders (n)) → `publish-answer` (Publish answer, confirm) → `verify-log`
(View Q&A log, report).

Each task variant has its own plan, because the task text names other records and values:
`plans/<workflow>.yaml` is variant 1, `plans/<workflow>-2.yaml` … `-4.yaml` the others. The plans were
written from the task text and the healthy pages only, before any faulty run, and were not tuned
afterwards. Evidence strings are phrased as a person would write them (page titles, toasts, field
label plus value), so they are close to but not always verbatim page text. Plan-level falsifiers:
"Sign in to TenderBox", session expiry, permission and generic error messages. In the YAML the key
`on` is written quoted (`"on": "action"`) so YAML 1.1 readers do not read it as a boolean.

| Variant | publish_tender | answer_clarification |
|---|---|---|
| 1 | HCC-2025-0141 Northern Parks, 2 lots, 22/04/2025 12:00, from the Drafts list | CQ-0098-04 (TUPE), 14 bidders, inbox search |
| 2 | HCC-2025-0152 School Meals, 3 lots, 28/04/2025 14:00, from the dashboard | CQ-0102-02 (adult DBS), 23 bidders, tender's Clarifications tab |
| 3 | HCC-2025-0158 LED Phase 2, 2 lots, 25/04/2025 12:00, list search "LED" | CQ-0110-03 (site visit), 9 bidders, dashboard panel |
| 4 | HCC-2025-0163 Kiosks, add Lot 2 to an existing Lot 1, 30/04/2025 17:00, global search | CQ-0119-01 (hosting), 11 bidders, inbox tender filter |

## Labelling

`first_off_track_step` follows the contract: for faults the agent causes, the step of the first action
that took the run off track; for faults of the environment (error banner, silent no-op, stale page), the
step whose observation first shows them. Judgement calls:

- `required_field_skipped`: labelled at the *Publish answer* click, the first action that proceeds
  without the required field (the earlier steps fill other fields correctly).
- `navigation_lost_changes`: labelled at the breadcrumb click that left the editor without saving
  (TenderBox shows no leave-page warning).
- `double_submission`: labelled at the second *Publish* click; the first click was correct.

Outcome: `outcome.success` is true for healthy runs and false for every faulty run; `outcome.note`
says what the final state is.

## Runs

| id | variant | healthy / fault kind | first off-track step | what happens |
|---|---|---|---|---|
"""

README_TAIL = """
## Files

- `make_corpus.py` — deterministic generator (Python 3.11 stdlib, fixed seed per run); writes
  `corpus.jsonl`, `plans/*.yaml` and this README.
- `selftest.py` — validates the corpus and plans against the contract (fields, types, effects, step
  indices, labels, plan/commitment references, bids named by actions exist on the page before the
  step, AXTree line syntax, JSON and YAML round trip, 4 healthy + 6 distinct faults per workflow);
  exits non-zero on any problem.

Regenerate and check: `python3 make_corpus.py && python3 selftest.py`
"""


def write_readme(rows):
    lines = [README_HEAD.lstrip("\n")]
    desc = {r[0]: (r[2], r[5]) for r in RUNS}
    for r in rows:
        v, what = desc[r["id"]]
        kind = r["label"]["fault"] or "healthy"
        off = r["label"]["first_off_track_step"]
        lines.append(f"| `{r['id']}` | {v} | {kind} | {'—' if off is None else off} | {what} "
                     f"({len(r['steps'])} steps) |\n")
    lines.append(README_TAIL)
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
        f.write("".join(lines))


def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    # plans first
    for (wf, v), rel in PLAN_FILES.items():
        plan = publish_plan(v) if wf == "publish_tender" else clar_plan(v)
        header = (f"# Plan for {wf}, task variant {v}. Written from the task and the healthy pages only,\n"
                  f"# before the faulty runs; not tuned afterwards.\n")
        with open(os.path.join(HERE, rel), "w", encoding="utf-8") as f:
            f.write(header + "\n".join(to_yaml(plan)) + "\n")
    rows = []
    for rid, wf, v, fault, seed, _ in RUNS:
        rows.append(publish_run(rid, v, seed, fault) if wf == "publish_tender" else clar_run(rid, v, seed, fault))
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    write_readme(rows)
    print(f"wrote {len(rows)} trajectories and {len(PLAN_FILES)} plans")
    for r in rows:
        print(f"  {r['id']:50s} steps={len(r['steps']):2d} fault={r['label']['fault']} "
              f"off={r['label']['first_off_track_step']}")


if __name__ == "__main__":
    main()
