#!/usr/bin/env python3
"""Build the AcqDesk test corpus (corpus.jsonl + plans/*.yaml).

AcqDesk 7.3.2 is the (invented) acquisitions system of Harrowgate University
Library.  Two workflows are covered:

  purchase_request  raise a purchase request for a book from a vendor quote,
                    charged to a fund code, and submit it for approval
  receive_order     receive a purchase order and record a partial delivery

Everything is deterministic (fixed seeds, no clock, no network).  Python 3.11
standard library only.  Run:  python3 make_corpus.py
"""
import json
import os
import random
from datetime import date, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------
# The application
# --------------------------------------------------------------------------
PRODUCT = "AcqDesk"
VERSION = "7.3.2"
BUILD = "2025.02.27-r4411"
ORG = "Harrowgate University Library"
BASE = "https://acqdesk.lib.harrowgate.ac.uk"
USER_NAME = "Priya Raman"
USER_ID = "praman"
USER_ROLE = "Acquisitions Librarian"
TODAY = date(2025, 3, 14)          # Friday
NOW = "10:42"

NAV = [("Dashboard", "/"), ("Vendor quotes", "/quotes"),
       ("Purchase requests", "/requests"), ("Orders", "/orders"),
       ("Receiving", "/receiving"), ("Invoices", "/invoices"),
       ("Funds", "/funds"), ("Vendors", "/vendors"), ("Reports", "/reports")]

VENDORS = {
    "V-0031": "Coutts Barnhill Books",
    "V-0047": "Blackridge Academic",
    "V-0058": "Blackwell & Rowe",
    "V-0089": "Lindqvist Scientific Books",
    "V-0112": "Gardner & Holt Library Supply",
    "V-0126": "Oxbow Academic Supply",
    "V-0140": "Harrowgate Campus Bookshop",
    "V-0203": "Marchetti Libri",
}
VENDOR_ACCOUNTS = {"V-0031": "HUL-CB-1187", "V-0047": "HUL-BRA-0932",
                   "V-0058": "HUL-BR-5520", "V-0089": "HUL-LSB-0071",
                   "V-0112": "HUL-GH-2201", "V-0126": "HUL-OX-0448",
                   "V-0140": "HUL-CAMPUS-01", "V-0203": "HUL-ML-0310"}

# code, description, balance after commitments, fund manager
FUNDS = [
    ("GEN-SPEC-COLL-25", "Special collections acquisitions 2024/25", 18250.00, "Dr Miriam Castell"),
    ("HUM-ENG-MONO-25", "English literature monographs 2024/25", 6120.45, "Dr Owen Pritchard"),
    ("HUM-HIST-MONO-25", "History monographs 2024/25", 5410.10, "Dr Sofia Lindahl"),
    ("HUM-HIST-REF-25", "History reference works 2024/25", 2980.00, "Dr Sofia Lindahl"),
    ("HUM-MLANG-MONO-25", "Modern languages monographs 2024/25", 3377.25, "Dr Claire Fontaine"),
    ("HUM-PERF-MONO-24", "Performance Studies monographs 2023/24 (closes 31 Mar 2025)", 612.30, "Dr Helen Achterberg"),
    ("HUM-PERF-MONO-25", "Performance Studies monographs 2024/25", 4312.60, "Dr Helen Achterberg"),
    ("HUM-PERF-SER-25", "Performance Studies serials 2024/25", 9800.00, "Dr Helen Achterberg"),
    ("SCI-BIO-RES-25", "Biology course reserves 2024/25", 2145.00, "Prof. Nadia Whitcombe"),
    ("SCI-CHEM-MONO-24", "Chemistry monographs 2023/24 (closes 31 Mar 2025)", 1204.10, "Prof. Martin Okafor"),
    ("SCI-CHEM-MONO-25", "Chemistry monographs 2024/25", 3876.40, "Prof. Martin Okafor"),
    ("SCI-CHEM-SER-25", "Chemistry serials 2024/25", 21400.00, "Prof. Martin Okafor"),
    ("SCI-COMP-MONO-25", "Computer science monographs 2024/25", 4455.90, "Dr Rhys Bannerman"),
    ("SOC-PSY-MONO-24", "Psychology monographs 2023/24 (closes 31 Mar 2025)", 388.75, "Dr Aidan Mercer"),
    ("SOC-PSY-MONO-25", "Psychology monographs 2024/25", 2764.20, "Dr Aidan Mercer"),
    ("SOC-SOCI-MONO-25", "Sociology monographs 2024/25", 3190.00, "Dr Leila Haddad"),
]
FUND = {f[0]: f for f in FUNDS}

LOCATIONS = ["Main Library — Acquisitions (default)", "Main Library — Course Reserves",
             "Science Library", "Special Collections & Archives", "Law Library",
             "Music Library"]

# filler titles: title, author, isbn, format, price
POOL = [
    ("Braiding Sweetgrass", "Robin Wall Kimmerer", "9780141991955", "Paperback", 12.99),
    ("The Dawn of Everything", "David Graeber; David Wengrow", "9780141991061", "Paperback", 14.99),
    ("Atlas of AI", "Kate Crawford", "9780300264630", "Paperback", 16.99),
    ("Weapons of Math Destruction", "Cathy O'Neil", "9780141985411", "Paperback", 10.99),
    ("The Sound Studies Reader", "Jonathan Sterne (ed.)", "9780415771313", "Paperback", 44.99),
    ("Postdramatic Theatre", "Hans-Thies Lehmann", "9780415268134", "Paperback", 38.99),
    ("Unmarked: The Politics of Performance", "Peggy Phelan", "9780415068222", "Paperback", 36.99),
    ("The Making of the English Working Class", "E. P. Thompson", "9780141975719", "Paperback", 18.99),
    ("Imagined Communities", "Benedict Anderson", "9781784786755", "Paperback", 14.99),
    ("Orientalism", "Edward W. Said", "9780141187426", "Paperback", 12.99),
    ("Organic Chemistry, 3rd ed.", "Jonathan Clayden et al.", "9780198862154", "Paperback", 59.99),
    ("Inorganic Chemistry, 7th ed.", "Mark Weller et al.", "9780198768128", "Paperback", 62.99),
    ("Quantum Chemistry, 7th ed.", "Ira N. Levine", "9780321803450", "Hardback", 74.99),
    ("Thinking, Fast and Slow", "Daniel Kahneman", "9780141033570", "Paperback", 10.99),
    ("Research Methods in Psychology, 4th ed.", "John J. Shaughnessy", "9781526490919", "Paperback", 49.99),
    ("Discovering Statistics Using R", "Andy Field", "9781446200469", "Paperback", 54.99),
    ("The Structure of Scientific Revolutions", "Thomas S. Kuhn", "9780226458120", "Paperback", 14.00),
    ("Structure and Interpretation of Computer Programs", "Harold Abelson; Gerald Sussman", "9780262510875", "Paperback", 45.00),
    ("Database Internals", "Alex Petrov", "9781492040347", "Paperback", 52.99),
    ("Site Reliability Engineering", "Betsy Beyer et al.", "9781491929124", "Paperback", 47.99),
    ("The Medieval Economy of Salt", "Jean-Claude Hocquet", "9782701121845", "Paperback", 31.00),
    ("Medieval Maps of the Holy Land", "Pnina Arad", "9781501519048", "Hardback", 95.00),
    ("Distinction", "Pierre Bourdieu", "9780415567886", "Paperback", 21.99),
    ("The Presentation of Self in Everyday Life", "Erving Goffman", "9780140135718", "Paperback", 11.99),
    ("Il nome della rosa", "Umberto Eco", "9788845278655", "Paperback", 16.50),
    ("Le città invisibili", "Italo Calvino", "9788804668237", "Paperback", 12.00),
    ("Molecular Biology of the Cell, 7th ed.", "Bruce Alberts et al.", "9780393884821", "Paperback", 82.00),
    ("Biochemistry, 10th ed.", "Jeremy M. Berg et al.", "9781319498504", "Paperback", 69.99),
    ("The Theatre of the Oppressed", "Augusto Boal", "9780745328386", "Paperback", 19.99),
    ("Cybernetics", "Norbert Wiener", "9780262730099", "Paperback", 27.00),
]

# ----- vendor quotes (main record kind of the purchase_request workflow) ----
Q_IDS = [148, 391, 397, 401, 404, 409, 412, 418, 421, 427, 429, 433, 434, 438,
         440, 445, 451, 456, 462, 467, 472, 476, 481]


def qid(n):
    return "VQ-2025-%04d" % n


def line(title, author, isbn, fmt, price, disc=10, requested=None, edition="", publisher=""):
    return dict(title=title, author=author, isbn=isbn, fmt=fmt, price=price,
                disc=disc, requested=requested, edition=edition, publisher=publisher)


FIXED_QUOTES = {
    "VQ-2025-0418": dict(vendor="V-0047", received=date(2025, 2, 22), valid=date(2025, 3, 24),
                         vref="BRA-Q-8812", contact="Sam Okonjo (quotes@blackridge-academic.co.uk)",
                         lines=[
                             line("Performing Remains: Art and War in Times of Theatrical Reenactment",
                                  "Rebecca Schneider", "9780415403436", "Paperback", 36.99,
                                  requested="PR-25-01861", publisher="Routledge"),
                             line("The Archive and the Repertoire: Performing Cultural Memory in the Americas",
                                  "Diana Taylor", "9780822331230", "Paperback", 27.99,
                                  publisher="Duke University Press"),
                             line("Theatre & Performance Design: A Reader in Scenography",
                                  "Jane Collins; Andrew Nisbet (eds.)", "9780415476058", "Paperback", 42.99,
                                  publisher="Routledge"),
                         ]),
    "VQ-2025-0481": dict(vendor="V-0058", received=date(2025, 3, 12), valid=date(2025, 4, 11),
                         vref="BR/QT/20931", contact="Quotes desk (academic@blackwellrowe.co.uk)",
                         lines=[
                             line("The Archive and the Repertoire: Performing Cultural Memory in the Americas",
                                  "Diana Taylor", "9780822331544", "Hardback", 94.00, disc=5,
                                  publisher="Duke University Press"),
                             line("Perform or Else: From Discipline to Performance", "Jon McKenzie",
                                  "9780415247009", "Paperback", 39.99, disc=5, publisher="Routledge"),
                         ]),
    "VQ-2025-0148": dict(vendor="V-0031", received=date(2025, 1, 21), valid=date(2025, 2, 20),
                         vref="CB-Q-004417", contact="Coutts Barnhill quotes team",
                         lines=[line("Archive Fever: A Freudian Impression", "Jacques Derrida",
                                     "9780226143675", "Paperback", 19.00, publisher="University of Chicago Press")]),
    "VQ-2025-0433": dict(vendor="V-0089", received=date(2025, 2, 26), valid=date(2025, 3, 17),
                         vref="LSB-25-0211", contact="Karin Lindqvist (karin@lindqvist-sci.se)",
                         lines=[
                             line("Molecular Driving Forces: Statistical Thermodynamics in Biology, Chemistry, Physics, and Nanoscience, 2nd ed.",
                                  "Ken A. Dill; Sarina Bromberg", "9780815344308", "Paperback", 68.99, disc=12,
                                  edition="2nd", publisher="Garland Science"),
                             line("Physical Chemistry, 12th ed.", "Peter Atkins; Julio de Paula; James Keeler",
                                  "9780198847816", "Paperback", 64.99, disc=12, edition="12th",
                                  publisher="Oxford University Press"),
                         ]),
    "VQ-2025-0434": dict(vendor="V-0089", received=date(2025, 2, 26), valid=date(2025, 3, 17),
                         vref="LSB-25-0212", contact="Karin Lindqvist (karin@lindqvist-sci.se)",
                         lines=[line("Molecular Driving Forces: Statistical Thermodynamics in Chemistry and Biology (1st ed., used – good)",
                                     "Ken A. Dill; Sarina Bromberg", "9780815320517", "Paperback", 24.50, disc=0,
                                     edition="1st", publisher="Garland Science")]),
    "VQ-2025-0427": dict(vendor="V-0112", received=date(2025, 2, 24), valid=date(2025, 3, 26),
                         vref="GH-QUO-77310", contact="Alison Gardner (quotes@gardnerholt.co.uk)",
                         lines=[
                             line("Atlas of Medieval Europe, 2nd ed.", "David Ditchburn; Simon MacLean; Angus Mackay (eds.)",
                                  "9780415394086", "Hardback", 155.00, disc=8, edition="2nd", publisher="Routledge"),
                             line("The Oxford Illustrated History of Medieval Europe", "George Holmes (ed.)",
                                  "9780192854353", "Paperback", 22.99, disc=8, publisher="Oxford University Press"),
                         ]),
    "VQ-2025-0472": dict(vendor="V-0112", received=date(2025, 3, 9), valid=date(2025, 4, 8),
                         vref="GH-QUO-77398", contact="Alison Gardner (quotes@gardnerholt.co.uk)",
                         lines=[line("Atlas of Medieval Europe (1st ed., ex-library)", "Angus Mackay; David Ditchburn (eds.)",
                                     "9780415122313", "Hardback", 48.00, disc=0, edition="1st", publisher="Routledge")]),
    "VQ-2025-0440": dict(vendor="V-0047", received=date(2025, 2, 28), valid=date(2025, 3, 30),
                         vref="BRA-Q-8830", contact="Sam Okonjo (quotes@blackridge-academic.co.uk)",
                         lines=[
                             line("Statistical Rethinking: A Bayesian Course with Examples in R and Stan, 2nd ed.",
                                  "Richard McElreath", "9780367139919", "Hardback", 52.99, edition="2nd",
                                  publisher="CRC Press"),
                             line("Regression and Other Stories", "Andrew Gelman; Jennifer Hill; Aki Vehtari",
                                  "9781107676510", "Paperback", 34.99, publisher="Cambridge University Press"),
                         ]),
    "VQ-2025-0404": dict(vendor="V-0047", received=date(2025, 2, 18), valid=date(2025, 3, 20),
                         vref="BRA-Q-8741", contact="Sam Okonjo (quotes@blackridge-academic.co.uk)",
                         lines=[line("Statistical Rethinking: A Bayesian Course with Examples in R and Stan (1st ed.)",
                                     "Richard McElreath", "9781482253443", "Hardback", 48.00, edition="1st",
                                     publisher="CRC Press")]),
}


def build_quotes():
    rng = random.Random(4181)
    quotes = {}
    d0, d1 = date(2025, 2, 14), date(2025, 3, 12)
    for n in Q_IDS:
        k = qid(n)
        if k in FIXED_QUOTES:
            q = dict(FIXED_QUOTES[k])
        else:
            frac = (n - 391) / (481 - 391)
            rec = d0 + timedelta(days=round(frac * (d1 - d0).days))
            vend = rng.choice(sorted(VENDORS))
            picks = rng.sample(POOL, rng.choice([1, 1, 2, 3, 4]))
            ls = [line(t, a, i, f, p, disc=rng.choice([0, 5, 8, 10, 12])) for (t, a, i, f, p) in picks]
            if rng.random() < 0.25:
                for l in ls:
                    l["requested"] = "PR-25-%05d" % rng.randint(1790, 1860)
            q = dict(vendor=vend, received=rec, valid=rec + timedelta(days=30),
                     vref="%s-%d" % (VENDOR_ACCOUNTS[vend].split("-")[1], rng.randint(1000, 9999)),
                     contact="Quotes desk", lines=ls)
        q["id"] = k
        quotes[k] = q
    return quotes


QUOTES = build_quotes()


def quote_status(q):
    if q["valid"] < TODAY:
        return "Expired"
    if all(l["requested"] for l in q["lines"]):
        return "Converted"
    if (q["valid"] - TODAY).days <= 7:
        return "Expires soon"
    return "Open"


def net(l):
    return round(l["price"] * (100 - l["disc"]) / 100.0, 2)


# ----- purchase orders (main record kind of the receive_order workflow) -----
def oline(title, author, isbn, ordered, received, price, note=""):
    return dict(title=title, author=author, isbn=isbn, ordered=ordered, received=received,
                price=price, note=note)


FIXED_ORDERS = {
    "PO-25-00914": dict(vendor="V-0112", ordered=date(2025, 2, 18), expected=date(2025, 3, 14),
                        fund="SCI-COMP-MONO-25", location="Main Library — Goods In", request="PR-25-01602",
                        placed_by="Priya Raman",
                        lines=[oline("Designing Data-Intensive Applications", "Martin Kleppmann",
                                     "9781449373320", 3, 0, 39.99),
                               oline("Designing Data-Intensive Applications, 2nd ed. (pre-publication)",
                                     "Martin Kleppmann; Chris Riccomini", "9781098119065", 1, 0, 49.99,
                                     note="Not yet published — expected 30 Jun 2025")]),
    "PO-25-00941": dict(vendor="V-0112", ordered=date(2025, 3, 5), expected=date(2025, 3, 26),
                        fund="SCI-COMP-MONO-25", location="Main Library — Goods In", request="PR-25-01801",
                        placed_by="Tom Ashdown",
                        lines=[oline("Database Internals", "Alex Petrov", "9781492040347", 2, 0, 52.99)]),
    "PO-25-00902": dict(vendor="V-0047", ordered=date(2025, 2, 10), expected=date(2025, 3, 3),
                        fund="HUM-MLANG-MONO-25", location="Main Library — Goods In", request="PR-25-01577",
                        placed_by="Priya Raman",
                        lines=[oline("In Search of Lost Time, Vol. 2: Within a Budding Grove", "Marcel Proust",
                                     "9780141180328", 1, 0, 12.99),
                               oline("In Search of Lost Time, Vol. 3: The Guermantes Way", "Marcel Proust",
                                     "9780141180335", 1, 0, 12.99),
                               oline("In Search of Lost Time, Vol. 4: Sodom and Gomorrah", "Marcel Proust",
                                     "9780141180342", 1, 0, 12.99)]),
    "PO-25-00920": dict(vendor="V-0047", ordered=date(2025, 2, 24), expected=date(2025, 3, 17),
                        fund="HUM-MLANG-MONO-25", location="Main Library — Goods In", request="PR-25-01712",
                        placed_by="Tom Ashdown",
                        lines=[oline("In Search of Lost Time, Vol. 1: The Way by Swann's", "Marcel Proust",
                                     "9780141180311", 1, 0, 12.99)]),
    "PO-25-00927": dict(vendor="V-0031", ordered=date(2025, 1, 20), expected=date(2025, 2, 14),
                        fund="SCI-BIO-RES-25", location="Science Library — Course Reserves", request="PR-25-01433",
                        placed_by="Priya Raman",
                        lines=[oline("Campbell Biology, 12th ed.", "Lisa A. Urry et al.", "9781292405025", 10, 0, 62.99),
                               oline("Study Guide for Campbell Biology, 12th ed.", "Martha R. Taylor et al.",
                                     "9780135988480", 2, 0, 34.99)]),
    "PO-25-00929": dict(vendor="V-0031", ordered=date(2025, 2, 20), expected=date(2025, 3, 13),
                        fund="SCI-BIO-RES-25", location="Science Library — Course Reserves", request="PR-25-01690",
                        placed_by="Tom Ashdown",
                        lines=[oline("Campbell Essential Biology, 7th ed.", "Eric J. Simon et al.",
                                     "9781292307343", 6, 2, 48.99)]),
    "PO-25-00889": dict(vendor="V-0126", ordered=date(2025, 2, 3), expected=date(2025, 2, 28),
                        fund="HUM-PERF-MONO-25", location="Main Library — Goods In", request="PR-25-01502",
                        placed_by="Priya Raman",
                        lines=[oline("The Oxford Handbook of Sound Studies", "Trevor Pinch; Karin Bijsterveld (eds.)",
                                     "9780190508005", 2, 0, 32.99),
                               oline("The Sound Studies Reader", "Jonathan Sterne (ed.)", "9780415771313", 1, 1, 44.99)]),
    "PO-25-00898": dict(vendor="V-0126", ordered=date(2025, 2, 7), expected=date(2025, 3, 7),
                        fund="HUM-PERF-MONO-25", location="Main Library — Goods In", request="PR-25-01533",
                        placed_by="Tom Ashdown",
                        lines=[oline("The Oxford Handbook of Sound and Image in Digital Media",
                                     "Carol Vernallis et al. (eds.)", "9780190468576", 1, 0, 41.99)]),
}

O_FILLER = [861, 866, 871, 877, 880, 884, 893, 907, 911, 918, 924, 933, 936]


def build_orders():
    rng = random.Random(9140)
    orders = {}
    for n in O_FILLER:
        k = "PO-25-%05d" % n
        od = date(2025, 1, 10) + timedelta(days=round((n - 861) / (941 - 861) * 55))
        vend = rng.choice(sorted(VENDORS))
        picks = rng.sample(POOL, rng.choice([1, 1, 2, 2, 3]))
        ls = []
        for (t, a, i, f, p) in picks:
            q = rng.choice([1, 1, 1, 2, 3, 5])
            ls.append(oline(t, a, i, q, 0, p))
        if rng.random() < 0.3:
            ls[0]["received"] = max(1, ls[0]["ordered"] - 1) if ls[0]["ordered"] > 1 else ls[0]["ordered"]
        if n in (871, 880):   # fully received earlier, not in the queue
            for l in ls:
                l["received"] = l["ordered"]
        orders[k] = dict(vendor=vend, ordered=od, expected=od + timedelta(days=rng.randint(14, 35)),
                         fund=rng.choice([f[0] for f in FUNDS if not f[0].endswith("-24")]),
                         location=rng.choice(["Main Library — Goods In", "Science Library — Goods In",
                                              "Law Library — Goods In"]),
                         request="PR-25-%05d" % rng.randint(1300, 1800),
                         placed_by=rng.choice(["Priya Raman", "Tom Ashdown", "Grace Meyrick"]),
                         lines=ls)
    for k, v in FIXED_ORDERS.items():
        orders[k] = dict(v)
    for k, v in orders.items():
        v["id"] = k
    # last year's order with the same number as the RA target: fully received
    orders["PO-24-00914"] = dict(id="PO-24-00914", vendor="V-0031", ordered=date(2024, 3, 2),
                                 expected=date(2024, 3, 30), fund="SCI-COMP-MONO-24",
                                 location="Main Library — Goods In", request="PR-24-02210",
                                 placed_by="Grace Meyrick",
                                 lines=[oline("Designing Data-Intensive Applications", "Martin Kleppmann",
                                              "9781449373320", 2, 2, 41.50)])
    return orders


ORDERS = build_orders()


def order_status(o):
    tot = sum(l["ordered"] for l in o["lines"])
    rec = sum(l["received"] for l in o["lines"])
    if rec >= tot:
        return "Fully received"
    if rec > 0:
        return "Partially received"
    return "Ordered"


def queue_orders(ordered_filter="Any time", query=""):
    rows = [o for o in ORDERS.values() if o["id"].startswith("PO-25-") and order_status(o) != "Fully received"]
    if ordered_filter == "Last 30 days":
        rows = [o for o in rows if (TODAY - o["ordered"]).days <= 30]
    elif ordered_filter == "Last 90 days":
        rows = [o for o in rows if (TODAY - o["ordered"]).days <= 90]
    if query:
        ql = query.lower()
        rows = [o for o in rows if ql in o["id"].lower()
                or any(ql in l["title"].lower() or ql in l["isbn"] for l in o["lines"])]
    rows.sort(key=lambda o: (o["expected"], o["id"]))
    return rows


EXISTING_PRS = [
    ("PR-25-01873", "The Ethnography of Sound (Steven Feld)", "HUM-PERF-MONO-25", "Awaiting fund approval", "13 Mar 2025"),
    ("PR-25-01870", "Organic Chemistry, 3rd ed.", "SCI-CHEM-MONO-25", "Approved — ready to order", "12 Mar 2025"),
    ("PR-25-01866", "Il nome della rosa", "HUM-MLANG-MONO-25", "Ordered (PO-25-00936)", "11 Mar 2025"),
    ("PR-25-01861", "Performing Remains (Rebecca Schneider)", "HUM-PERF-MONO-25", "Ordered (PO-25-00933)", "7 Mar 2025"),
    ("PR-25-01858", "Discovering Statistics Using R", "SOC-PSY-MONO-25", "Returned for changes", "6 Mar 2025"),
]
NEW_PR = "PR-25-01874"
NEW_RECEIPT = "RC-25-00388"

# --------------------------------------------------------------------------
# Formatting helpers
# --------------------------------------------------------------------------


def money(x):
    return "£{:,.2f}".format(x)


def dshort(d):
    return "%d %s %d" % (d.day, d.strftime("%b"), d.year)


def fund_label(code):
    return "%s — %s" % (code, FUND[code][1])


# --------------------------------------------------------------------------
# Accessibility tree builder (BrowserGym flattened AXTree style)
# --------------------------------------------------------------------------
class Tree:
    """One page.  Static nodes get bids in document order (with gaps, like the
    real marker that also numbers invisible elements); nodes that appear later
    (alerts, toasts, dialogs) get bids from a high range, as they would when
    the marker runs again on a changed DOM."""

    def __init__(self, title, url, seed):
        self.title = title
        self.url = url
        self.lines = ["RootWebArea %r, focused" % title]
        self.rng = random.Random(seed)
        self.n = 9 + self.rng.randint(0, 6)
        self.dyn = 1400 + self.rng.randint(0, 80)
        self.refs = {}

    def _bid(self, dyn):
        if dyn:
            self.dyn += 1 + (self.rng.random() < 0.2)
            return str(self.dyn)
        self.n += 1
        if self.rng.random() < 0.35:
            self.n += self.rng.randint(1, 4)
        return str(self.n)

    def node(self, d, role, name="", value=None, props=(), key=None, dyn=False):
        b = self._bid(dyn)
        s = "\t" * d + "[%s] %s %r" % (b, role, name)
        if value is not None:
            s += " value=%r" % value
        if props:
            s += ", " + ", ".join(props)
        self.lines.append(s)
        if key:
            self.refs[key] = (b, role, name)
        return b

    def text(self, d, s):
        self.lines.append("\t" * d + "StaticText %r" % s)

    def obs(self, error=None):
        return {"url": self.url, "title": self.title, "text": "\n".join(self.lines), "error": error}


def options(t, d, opts, selected):
    for o in opts:
        t.node(d, "option", o, props=["selected=%s" % (o == selected)])


class Ctx:
    """Per-run browsing context: recently viewed records."""

    def __init__(self):
        self.recent = [("PR-25-01873 · The Ethnography of Sound", "/requests/PR-25-01873"),
                       ("PO-25-00871 · Gardner & Holt", "/orders/PO-25-00871"),
                       ("VQ-2025-0412 · quote", "/quotes/VQ-2025-0412"),
                       ("Fund HUM-PERF-MONO-25", "/funds/HUM-PERF-MONO-25"),
                       ("Vendor V-0047 · Blackridge Academic", "/vendors/V-0047")]

    def visit(self, label, path):
        self.recent = [(l, p) for (l, p) in self.recent if p != path]
        self.recent.insert(0, (label, path))
        self.recent = self.recent[:6]


# ---------------------------------------------------------------- furniture
def page(title, path, seed, active, crumbs, ctx, search_value=""):
    t = Tree("%s · %s" % (title, PRODUCT), BASE + path, seed)
    t.node(1, "link", "Skip to main content")
    t.node(1, "banner", "")
    t.node(2, "link", "%s — %s" % (PRODUCT, ORG), key="home")
    t.node(3, "img", "Harrowgate University crest")
    t.node(2, "search", "Site search")
    t.node(3, "combobox", "Search in", value="All records", props=["hasPopup='menu'", "expanded=False"])
    options(t, 4, ["All records", "Vendor quotes", "Purchase requests", "Orders", "Receipts",
                   "Invoices", "Vendors"], "All records")
    t.node(3, "textbox", "Search AcqDesk (PO, PR or quote number, ISBN, title)", value=search_value,
           key="gsearch")
    if search_value:
        t.text(4, search_value)
    t.node(3, "button", "Search", key="gsearch_go")
    t.node(2, "button", "Notifications, 3 unread", props=["hasPopup='menu'", "expanded=False"])
    t.node(2, "link", "Help")
    t.node(2, "button", "%s (%s)" % (USER_NAME, USER_ROLE), props=["hasPopup='menu'", "expanded=False"],
           key="usermenu")
    t.node(1, "navigation", "Main")
    t.node(2, "list", "")
    for name, p in NAV:
        t.node(3, "listitem", "")
        t.node(4, "link", name, props=(["current='page'"] if name == active else []), key="nav:" + name)
    t.node(1, "navigation", "Breadcrumb")
    t.node(2, "list", "")
    for i, (label, p) in enumerate(crumbs):
        t.node(3, "listitem", "")
        if i == len(crumbs) - 1:
            t.text(4, label)
        else:
            t.node(4, "link", label, key="crumb:" + label)
    t.node(1, "main", "")
    t._ctx = ctx
    t._path = path
    return t


def finish(t, toast=None, toast_kind="status", dialog=None):
    ctx = t._ctx
    t.node(1, "complementary", "Recently viewed")
    t.node(2, "heading", "Recently viewed")
    t.node(2, "list", "")
    for label, p in ctx.recent:
        if p == t._path:
            continue
        t.node(3, "listitem", "")
        t.node(4, "link", label)
    t.node(1, "contentinfo", "")
    t.text(2, "%s %s (build %s)" % (PRODUCT, VERSION, BUILD))
    t.text(2, "© 2025 %s · Acquisitions & Collection Services" % ORG)
    for l in ["Help centre", "Accessibility statement", "Privacy notice", "Report a problem",
              "Keyboard shortcuts"]:
        t.node(2, "link", l)
    t.text(2, "Signed in as %s · Sessions time out after 30 minutes of inactivity" % USER_ID)
    t.node(1, "status", "", props=["live='polite'", "atomic", "relevant='additions text'"])
    if toast:
        t.node(2, toast_kind, "", dyn=True)
        t.text(3, toast)
        t.node(3, "button", "Dismiss notification", dyn=True)
    if dialog:
        dialog(t)
    return t


# ---------------------------------------------------------------- dashboard
def page_dashboard(ctx, search_value=""):
    t = page("Dashboard", "/", "dash", "Dashboard", [("Home", "/")], ctx, search_value=search_value)
    t.node(2, "heading", "Good morning, Priya")
    t.text(2, "Friday 14 March 2025 · Financial year 2024/25 closes for firm orders on 4 April 2025")
    t.node(2, "region", "Quick actions")
    t.node(3, "link", "New purchase request")
    t.node(3, "link", "Receive a delivery")
    t.node(3, "link", "Record an invoice")
    t.node(3, "link", "Check a fund balance")
    # my requests
    t.node(2, "region", "My purchase requests")
    t.node(3, "heading", "My purchase requests")
    t.node(3, "table", "My purchase requests")
    t.node(4, "rowgroup", "")
    t.node(5, "row", "")
    for h in ["Request", "Item", "Fund", "Status", "Raised"]:
        t.node(6, "columnheader", h)
    t.node(4, "rowgroup", "")
    for pr, item, fund, st, raised in EXISTING_PRS:
        t.node(5, "row", "")
        t.node(6, "cell", pr)
        t.node(7, "link", pr)
        t.node(6, "cell", item)
        t.node(6, "cell", fund)
        t.node(6, "cell", st)
        t.node(6, "cell", raised)
    t.node(3, "link", "View all my requests (37)")
    # quotes expiring
    t.node(2, "region", "Quotes expiring in the next 7 days")
    t.node(3, "heading", "Quotes expiring in the next 7 days")
    t.node(3, "list", "")
    exp = sorted([q for q in QUOTES.values() if 0 <= (q["valid"] - TODAY).days <= 9],
                 key=lambda q: (q["valid"], q["id"]))
    for q in exp:
        t.node(4, "listitem", "")
        t.node(5, "link", q["id"], key="dash:quote:" + q["id"])
        t.text(5, "%s · %s · expires %s" % (VENDORS[q["vendor"]], q["lines"][0]["title"][:48],
                                             dshort(q["valid"])))
    # orders due
    t.node(2, "region", "Orders due for receipt")
    t.node(3, "heading", "Orders due for receipt")
    due = [o for o in queue_orders() if (o["expected"] - TODAY).days <= 3]
    t.text(3, "%d open orders are overdue or due by 17 Mar 2025." % len(due))
    t.node(3, "list", "")
    for o in due[:12]:
        t.node(4, "listitem", "")
        t.node(5, "link", o["id"], key="dash:order:" + o["id"])
        late = " · overdue" if o["expected"] < TODAY else ""
        t.text(5, "%s · expected %s%s" % (VENDORS[o["vendor"]], dshort(o["expected"]), late))
    t.node(3, "link", "Open the receiving queue", key="dash:receiving")
    # fund alerts
    t.node(2, "region", "Fund alerts")
    t.node(3, "heading", "Fund alerts")
    t.node(3, "list", "")
    for code, msg in [("SCI-CHEM-MONO-24", "closes 31 Mar 2025 — £1,204.10 unspent"),
                      ("HUM-PERF-MONO-24", "closes 31 Mar 2025 — £612.30 unspent"),
                      ("SOC-PSY-MONO-24", "closes 31 Mar 2025 — £388.75 unspent"),
                      ("SCI-BIO-RES-25", "72% committed")]:
        t.node(4, "listitem", "")
        t.node(5, "link", code)
        t.text(5, msg)
    t.node(2, "region", "Announcements")
    t.node(3, "heading", "Announcements")
    t.text(3, "Goods In will close at 15:00 on Friday 21 March for stocktake.")
    t.text(3, "Blackridge Academic has moved to a new quotes mailbox; quotes from 1 March carry BRA-Q references.")
    return finish(t)


# ---------------------------------------------------------------- quote list
QUOTE_PAGE = 15


def page_quotes(ctx, query_typed="", query_applied="", page_no=1, sort="Received"):
    qs = sorted(QUOTES.values(), key=lambda q: (q["received"], q["id"]), reverse=True)
    if query_applied:
        ql = query_applied.lower()
        qs = [q for q in qs if ql in q["id"].lower()
              or any(ql in l["title"].lower() or ql in l["isbn"] for l in q["lines"])]
    total = len(qs)
    pages = max(1, (total + QUOTE_PAGE - 1) // QUOTE_PAGE)
    rows = qs[(page_no - 1) * QUOTE_PAGE: page_no * QUOTE_PAGE]
    path = "/quotes"
    params = []
    if query_applied:
        params.append("q=" + query_applied.replace(" ", "+"))
    if page_no > 1:
        params.append("page=%d" % page_no)
    if params:
        path += "?" + "&".join(params)
    t = page("Vendor quotes", path, "quotes:%s" % bool(query_applied), "Vendor quotes",
             [("Home", "/"), ("Vendor quotes", "/quotes")], ctx)
    t.node(2, "heading", "Vendor quotes")
    t.text(2, "Quotes received from vendors. Raise a purchase request from any open quote line.")
    t.node(2, "link", "Upload a quote (PDF or EDI)")
    # filters
    t.node(2, "region", "Filter quotes")
    t.node(3, "heading", "Filter quotes")
    t.node(3, "combobox", "Vendor", value="All vendors", props=["hasPopup='menu'", "expanded=False"])
    options(t, 4, ["All vendors"] + ["%s (%s)" % (v, k) for k, v in sorted(VENDORS.items())], "All vendors")
    t.node(3, "combobox", "Status", value="All statuses", props=["hasPopup='menu'", "expanded=False"])
    options(t, 4, ["All statuses", "Open and expiring", "Open", "Expires soon", "Expired", "Converted"],
            "All statuses")
    t.node(3, "textbox", "Received from (YYYY-MM-DD)", value="")
    t.node(3, "textbox", "Received to (YYYY-MM-DD)", value="")
    t.node(3, "checkbox", "Only quotes with unrequested lines", props=["checked='false'"])
    t.node(3, "button", "Apply filters")
    t.node(3, "link", "Clear filters")
    # search
    t.node(2, "search", "Search quotes")
    t.node(3, "textbox", "Search quotes by number, title or ISBN", value=query_typed, key="qsearch")
    if query_typed:
        t.text(4, query_typed)
    t.node(3, "button", "Search quotes", key="qsearch_go")
    if query_applied:
        t.text(2, "%d quote%s match '%s'" % (total, "" if total == 1 else "s", query_applied))
        t.node(2, "link", "Clear search")
    if total == 0:
        t.text(2, "No quotes match your search.")
    else:
        lo = (page_no - 1) * QUOTE_PAGE + 1
        t.text(2, "Showing %d–%d of %d quotes" % (lo, lo + len(rows) - 1, total))
        t.node(2, "table", "Vendor quotes")
        t.node(3, "rowgroup", "")
        t.node(4, "row", "")
        for h in ["Quote", "Vendor", "Items", "Lines", "Net total", "Received", "Valid until", "Status"]:
            t.node(5, "columnheader", h)
            lab = h + (", sorted descending" if h == sort else "")
            t.node(6, "button", "Sort by " + lab if h != sort else lab)
        t.node(3, "rowgroup", "")
        for q in rows:
            t.node(4, "row", "")
            t.node(5, "cell", q["id"])
            t.node(6, "link", q["id"], key="quote:" + q["id"])
            t.node(5, "cell", VENDORS[q["vendor"]])
            items = q["lines"][0]["title"]
            if len(q["lines"]) > 1:
                items += " (+%d more)" % (len(q["lines"]) - 1)
            t.node(5, "cell", items)
            t.node(5, "cell", str(len(q["lines"])))
            t.node(5, "cell", money(sum(net(l) for l in q["lines"])))
            t.node(5, "cell", dshort(q["received"]))
            t.node(5, "cell", dshort(q["valid"]))
            t.node(5, "cell", quote_status(q))
        t.node(2, "navigation", "Pagination")
        t.text(3, "Page %d of %d" % (page_no, pages))
        t.node(3, "button", "Previous page", props=(["disabled=True"] if page_no == 1 else []),
               key="prev")
        for p in range(1, pages + 1):
            t.node(3, "link", str(p), props=(["current='page'"] if p == page_no else []))
        t.node(3, "button", "Next page", props=(["disabled=True"] if page_no == pages else []),
               key="next")
        t.node(2, "combobox", "Rows per page", value="15", props=["hasPopup='menu'", "expanded=False"])
        options(t, 3, ["15", "30", "50"], "15")
        t.node(2, "button", "Export to CSV")
    return finish(t)


# ---------------------------------------------------------------- quote detail
def page_quote(ctx, qidv):
    q = QUOTES[qidv]
    vname = VENDORS[q["vendor"]]
    path = "/quotes/" + qidv
    t = page("Vendor quote %s" % qidv, path, "quote:" + qidv, "Vendor quotes",
             [("Home", "/"), ("Vendor quotes", "/quotes"), (qidv, path)], ctx)
    st = quote_status(q)
    t.node(2, "heading", "Vendor quote %s" % qidv)
    t.text(2, "%s · vendor reference %s · %s" % (vname, q["vref"], st))
    t.node(2, "toolbar", "Quote actions")
    t.node(3, "button", "Raise requests for all open lines")
    t.node(3, "button", "Download quote PDF")
    t.node(3, "button", "Mark as expired")
    t.node(3, "button", "More actions", props=["hasPopup='menu'", "expanded=False"])
    t.node(2, "DescriptionList", "")
    fields = [("Vendor", None), ("Vendor reference", q["vref"]),
              ("Received", dshort(q["received"])),
              ("Valid until", "%s (%d days left)" % (dshort(q["valid"]), (q["valid"] - TODAY).days)
               if q["valid"] >= TODAY else "%s (expired)" % dshort(q["valid"])),
              ("Currency", "GBP — pound sterling"), ("Vendor contact", q["contact"]),
              ("Status", st), ("Logged by", "Tom Ashdown")]
    for k, v in fields:
        t.node(3, "term", "")
        t.text(4, k)
        t.node(3, "definition", "")
        if k == "Vendor":
            t.node(4, "link", "%s (%s)" % (vname, q["vendor"]))
        else:
            t.text(4, v)
    t.node(2, "tablist", "")
    t.node(3, "tab", "Lines (%d)" % len(q["lines"]), props=["selected=True"])
    t.node(3, "tab", "Attachments (1)", props=["selected=False"])
    t.node(3, "tab", "History", props=["selected=False"])
    t.node(2, "tabpanel", "Lines (%d)" % len(q["lines"]))
    t.node(3, "table", "Quote lines")
    t.node(4, "rowgroup", "")
    t.node(5, "row", "")
    for h in ["Line", "Title", "Author / editor", "ISBN", "Format", "List price", "Discount",
              "Net price", "Request"]:
        t.node(6, "columnheader", h)
    t.node(4, "rowgroup", "")
    for i, l in enumerate(q["lines"], 1):
        t.node(5, "row", "")
        t.node(6, "cell", str(i))
        t.node(6, "cell", l["title"])
        t.node(6, "cell", l["author"])
        t.node(6, "cell", l["isbn"])
        t.node(6, "cell", l["fmt"])
        t.node(6, "cell", money(l["price"]))
        t.node(6, "cell", "%d%%" % l["disc"])
        t.node(6, "cell", money(net(l)))
        t.node(6, "cell", "")
        if l["requested"]:
            t.text(7, "Requested")
            t.node(7, "link", l["requested"])
        elif st == "Expired":
            t.text(7, "Quote expired")
        else:
            short = l["title"].split(":")[0]
            t.node(7, "button", "Raise purchase request for line %d: %s" % (i, short),
                   key="raise:%d" % i)
    t.text(3, "Net total for open lines: %s" % money(sum(net(l) for l in q["lines"] if not l["requested"])))
    # related
    t.node(2, "region", "Related records")
    t.node(3, "heading", "Related records")
    t.node(3, "list", "")
    reqs = [l["requested"] for l in q["lines"] if l["requested"]]
    if not reqs and not any(o["vendor"] == q["vendor"] and o["id"] != qidv for o in QUOTES.values()):
        t.text(3, "No related records.")
    for r in reqs:
        t.node(4, "listitem", "")
        t.node(5, "link", r)
        t.text(5, "Purchase request from this quote")
    others = sorted([o for o in QUOTES.values() if o["vendor"] == q["vendor"] and o["id"] != qidv],
                    key=lambda o: o["id"], reverse=True)[:4]
    for o in others:
        t.node(4, "listitem", "")
        t.node(5, "link", o["id"])
        t.text(5, "Other quote from %s · %s" % (vname, quote_status(o)))
    t.node(2, "region", "Notes")
    t.node(3, "heading", "Notes")
    t.text(3, "Prices include UK delivery. Discount applies to firm orders placed before the quote expires.")
    t.node(3, "textbox", "Add a note", value="", props=["multiline"])
    t.node(3, "button", "Add note")
    res = finish(t)
    ctx.visit("%s · %s" % (qidv, vname), path)
    return res


# ---------------------------------------------------------------- global search
def page_search(ctx, query):
    ql = query.lower()
    path = "/search?q=" + query.replace(" ", "+")
    t = page("Search results", path, "search:" + query, None,
             [("Home", "/"), ("Search results", path)], ctx, search_value=query)
    qs = [q for q in QUOTES.values() if ql in q["id"].lower()
          or any(ql in l["title"].lower() for l in q["lines"])]
    os_ = [o for o in ORDERS.values() if ql in o["id"].lower() or ql in o["request"].lower()
           or any(ql in l["title"].lower() for l in o["lines"])]
    # fuzzy neighbours: same number in another year
    tail = query.split("-")[-1]
    if query.upper().startswith("PO-"):
        os_ += [o for o in ORDERS.values() if o["id"].endswith(tail) and o not in os_]
    n_inv = len([o for o in os_ if o["id"] in ("PO-25-00902", "PO-25-00914")])
    total = len(qs) + len(os_) + n_inv
    t.node(2, "heading", "Search results for '%s'" % query)
    t.text(2, "%d results across all records" % total)
    t.node(2, "navigation", "Result types")
    t.node(3, "link", "Vendor quotes (%d)" % len(qs))
    t.node(3, "link", "Orders (%d)" % len(os_))
    t.node(3, "link", "Invoices (%d)" % n_inv)
    t.node(3, "link", "Purchase requests (0)")
    t.node(2, "heading", "Vendor quotes")
    if not qs:
        t.text(2, "No vendor quotes match.")
    t.node(2, "list", "")
    for q in qs:
        t.node(3, "listitem", "")
        t.node(4, "link", "Vendor quote %s" % q["id"], key="sr:" + q["id"])
        t.text(4, "%s · %s · %s" % (VENDORS[q["vendor"]], q["lines"][0]["title"], quote_status(q)))
    t.node(2, "heading", "Orders")
    if not os_:
        t.text(2, "No orders match.")
    t.node(2, "list", "")
    for o in os_:
        t.node(3, "listitem", "")
        t.node(4, "link", "Purchase order %s" % o["id"], key="sr:" + o["id"])
        t.text(4, "%s · %s · %s" % (VENDORS[o["vendor"]], o["lines"][0]["title"], order_status(o)))
    t.node(2, "heading", "Invoices")
    invs = [o for o in os_ if o["id"] in ("PO-25-00902", "PO-25-00914")]
    if not invs:
        t.text(2, "No invoices match.")
    t.node(2, "list", "")
    for o in invs:
        t.node(3, "listitem", "")
        t.node(4, "link", "Invoice INV-%s-30917" % ("BRA" if o["id"] == "PO-25-00902" else "GH"))
        t.text(4, "References %s · Awaiting goods receipt" % o["id"])
    t.node(2, "link", "Advanced search")
    return finish(t)


# ---------------------------------------------------------------- PR form
def pr_state(**kw):
    st = dict(qty="1", fund=None, location=LOCATIONS[0], rush=False, notify=True, notes="")
    st.update(kw)
    return st


def page_pr_form(ctx, qidv, ln, st, errors=(), dialog=None, toast=None, toast_kind="status"):
    q = QUOTES[qidv]
    l = q["lines"][ln - 1]
    path = "/requests/new?quote=%s&line=%d" % (qidv, ln)
    t = page("New purchase request", path, "prform:%s:%d" % (qidv, ln), "Purchase requests",
             [("Home", "/"), ("Vendor quotes", "/quotes"), (qidv, "/quotes/" + qidv),
              ("New purchase request", path)], ctx)
    t.node(2, "heading", "New purchase request")
    t.text(2, "From vendor quote %s, line %d · Draft not yet saved" % (qidv, ln))
    if errors:
        t.node(2, "alert", "", dyn=True)
        t.text(3, "This request can't be submitted yet. %d field%s need%s attention:" %
               (len(errors), "" if len(errors) == 1 else "s", "s" if len(errors) == 1 else ""))
        t.node(3, "list", "", dyn=True)
        for e in errors:
            t.node(4, "listitem", "", dyn=True)
            t.node(5, "link", e, dyn=True)
    t.node(2, "form", "New purchase request")
    t.node(3, "group", "Item")
    t.node(4, "textbox", "Title", value=l["title"], props=["readonly"])
    t.node(4, "textbox", "Author / editor", value=l["author"], props=["readonly"])
    t.node(4, "textbox", "ISBN", value=l["isbn"], props=["readonly"])
    t.node(4, "textbox", "Edition", value=l["edition"])
    t.node(4, "textbox", "Publisher", value=l["publisher"])
    t.node(4, "combobox", "Format", value=l["fmt"], props=["hasPopup='menu'", "expanded=False"])
    options(t, 5, ["Paperback", "Hardback", "E-book (single user)", "E-book (multi user)"], l["fmt"])
    t.node(3, "group", "Source")
    t.node(4, "textbox", "Vendor", value="%s (%s)" % (VENDORS[q["vendor"]], q["vendor"]), props=["readonly"])
    t.node(4, "textbox", "Quote reference", value="%s / line %d" % (qidv, ln), props=["readonly"])
    t.node(4, "textbox", "Unit price (GBP)", value="%.2f" % l["price"], props=["readonly"])
    t.text(4, "Vendor discount %d%% applied at order · net unit price %s" % (l["disc"], money(net(l))))
    t.node(3, "group", "Ordering")
    t.node(4, "spinbutton", "Quantity", value=st["qty"], props=["required", "valuemin=1", "valuemax=50"],
           key="qty")
    fund_opts = ["— Select a fund —"] + [fund_label(f[0]) for f in FUNDS]
    cur = fund_label(st["fund"]) if st["fund"] else "— Select a fund —"
    t.node(4, "combobox", "Fund code", value=cur, props=["required", "hasPopup='menu'", "expanded=False"]
           + (["invalid='true'"] if "Fund code is required" in errors else []), key="fund")
    options(t, 5, fund_opts, cur)
    if st["fund"]:
        f = FUND[st["fund"]]
        t.text(4, "Available balance on %s: %s (after commitments) · fund manager %s" %
               (st["fund"], money(f[2]), f[3]))
    else:
        t.text(4, "Available balance: select a fund")
    if "Fund code is required" in errors:
        t.text(4, "Fund code is required")
    t.node(4, "combobox", "Delivery location", value=st["location"],
           props=["hasPopup='menu'", "expanded=False"], key="location")
    options(t, 5, LOCATIONS, st["location"])
    t.node(4, "textbox", "Requested by (faculty member or department)", value="")
    t.node(4, "checkbox", "Rush order (vendor express delivery, +£8.50)",
           props=["checked='%s'" % str(st["rush"]).lower()], key="rush")
    t.node(4, "checkbox", "Notify requester when the item arrives",
           props=["checked='%s'" % str(st["notify"]).lower()])
    t.node(4, "textbox", "Notes to selector", value=st["notes"], props=["multiline"])
    qty = int(st["qty"] or 0)
    est = net(l) * qty + (8.5 if st["rush"] else 0)
    t.text(3, "Estimated total: %s" % money(est))
    t.node(3, "button", "Save as draft", key="draft")
    t.node(3, "button", "Submit request", key="submit")
    t.node(3, "link", "Discard", key="discard")
    t.node(2, "region", "Help")
    t.node(3, "heading", "Before you submit")
    t.text(3, "Requests over £500 need a second approver. Prior-year funds (-24) stay open for "
              "commitments until 31 March 2025.")
    return finish(t, toast=toast, toast_kind=toast_kind, dialog=dialog)


def submit_dialog(qidv, ln, st):
    q = QUOTES[qidv]
    l = q["lines"][ln - 1]
    mgr = FUND[st["fund"]][3] if st["fund"] else "the fund manager"

    def d(t):
        t.node(1, "dialog", "Submit purchase request?", props=["modal=True"], dyn=True)
        t.node(2, "heading", "Submit purchase request?", dyn=True)
        t.text(2, "%s × %s (%s each) on fund %s will be sent to %s for approval. "
                  "You can't edit the request after it is submitted." %
               (st["qty"], l["title"].split(":")[0], money(net(l)), st["fund"], mgr))
        t.node(2, "button", "Cancel", dyn=True, key="dlg_cancel")
        t.node(2, "button", "Confirm and submit", dyn=True, key="dlg_confirm")
    return d


# ---------------------------------------------------------------- PR detail
def page_pr_detail(ctx, prid, qidv, ln, st, toast=None, warning=None):
    q = QUOTES[qidv]
    l = q["lines"][ln - 1]
    path = "/requests/" + prid
    t = page("Purchase request %s" % prid, path, "pr:" + prid, "Purchase requests",
             [("Home", "/"), ("Purchase requests", "/requests"), (prid, path)], ctx)
    if warning:
        t.node(2, "alert", "", dyn=True)
        t.text(3, warning)
    t.node(2, "heading", "Purchase request %s" % prid)
    t.text(2, "Status: Awaiting fund approval")
    t.node(2, "toolbar", "Request actions")
    t.node(3, "button", "Withdraw request")
    t.node(3, "button", "Copy to new request")
    t.node(3, "button", "Print")
    t.node(2, "DescriptionList", "")
    qty = int(st["qty"])
    fields = [("Title", l["title"]), ("Author / editor", l["author"]), ("ISBN", l["isbn"]),
              ("Format", l["fmt"]), ("Vendor", "%s (%s)" % (VENDORS[q["vendor"]], q["vendor"])),
              ("Source quote", None), ("Quantity", str(qty)), ("Net unit price", money(net(l))),
              ("Estimated total", money(net(l) * qty + (8.5 if st["rush"] else 0))),
              ("Fund code", fund_label(st["fund"])), ("Delivery location", st["location"]),
              ("Rush order", "Yes" if st["rush"] else "No"),
              ("Notify requester", "Yes" if st["notify"] else "No"),
              ("Raised by", "%s on %s at %s" % (USER_NAME, dshort(TODAY), NOW))]
    for k, v in fields:
        t.node(3, "term", "")
        t.text(4, k)
        t.node(3, "definition", "")
        if k == "Source quote":
            t.node(4, "link", "%s line %d" % (qidv, ln))
        else:
            t.text(4, v)
    t.node(2, "heading", "Approval")
    t.node(2, "list", "Approval steps")
    t.node(3, "listitem", "")
    t.text(4, "1. Submitted — %s, %s %s" % (USER_NAME, dshort(TODAY), NOW))
    t.node(3, "listitem", "")
    t.text(4, "2. Fund manager approval — %s — Pending" % FUND[st["fund"]][3])
    t.node(3, "listitem", "")
    t.text(4, "3. Order placement — Acquisitions team — Not started")
    t.node(2, "region", "Related records")
    t.node(3, "heading", "Related records")
    t.node(3, "list", "")
    t.node(4, "listitem", "")
    t.node(5, "link", qidv)
    t.text(5, "Source vendor quote")
    t.node(4, "listitem", "")
    t.node(5, "link", "Fund %s" % st["fund"])
    t.text(5, "Balance after this request: %s" % money(FUND[st["fund"]][2] - net(l) * qty))
    for ol in q["lines"]:
        if ol["requested"]:
            t.node(4, "listitem", "")
            t.node(5, "link", ol["requested"])
            t.text(5, "Other request from the same quote")
    t.node(2, "heading", "Activity")
    t.node(2, "list", "Activity")
    t.node(3, "listitem", "")
    t.text(4, "%s %s · Request created from %s line %d by %s" % (dshort(TODAY), NOW, qidv, ln, USER_NAME))
    t.node(3, "listitem", "")
    t.text(4, "%s %s · Email sent to %s" % (dshort(TODAY), NOW, FUND[st["fund"]][3]))
    res = finish(t, toast=toast)
    ctx.visit("%s · %s" % (prid, l["title"].split(":")[0]), path)
    return res


# ---------------------------------------------------------------- receiving queue
ORDER_PAGE = 15


def page_receiving(ctx, ordered_sel="Any time", ordered_applied="Any time", query_typed="",
                   query_applied=""):
    rows_all = queue_orders(ordered_applied, query_applied)
    total = len(rows_all)
    rows = rows_all[:ORDER_PAGE]
    params = []
    if ordered_applied != "Any time":
        params.append("ordered=" + ordered_applied.lower().replace(" ", "-"))
    if query_applied:
        params.append("q=" + query_applied)
    path = "/receiving" + ("?" + "&".join(params) if params else "")
    t = page("Receiving queue", path, "recv:%s:%s" % (ordered_applied, bool(query_applied)),
             "Receiving", [("Home", "/"), ("Receiving", "/receiving")], ctx)
    t.node(2, "heading", "Receiving queue")
    t.text(2, "Open orders awaiting delivery at your locations. Quantities update when a receipt is saved.")
    t.node(2, "region", "Filter orders")
    t.node(3, "heading", "Filter orders")
    t.node(3, "combobox", "Vendor", value="All vendors", props=["hasPopup='menu'", "expanded=False"])
    options(t, 4, ["All vendors"] + ["%s (%s)" % (v, k) for k, v in sorted(VENDORS.items())], "All vendors")
    t.node(3, "combobox", "Status", value="Ordered or partially received",
           props=["hasPopup='menu'", "expanded=False"])
    options(t, 4, ["Ordered or partially received", "Ordered", "Partially received", "Overdue"],
            "Ordered or partially received")
    t.node(3, "combobox", "Ordered", value=ordered_sel, props=["hasPopup='menu'", "expanded=False"],
           key="f_ordered")
    options(t, 4, ["Any time", "Last 30 days", "Last 90 days", "This financial year (from 1 Aug 2024)"],
            ordered_sel)
    t.node(3, "combobox", "Delivery location", value="All my locations",
           props=["hasPopup='menu'", "expanded=False"])
    options(t, 4, ["All my locations", "Main Library — Goods In", "Science Library — Goods In",
                   "Science Library — Course Reserves", "Law Library — Goods In"], "All my locations")
    t.node(3, "button", "Apply filters", key="f_apply")
    t.node(3, "link", "Clear filters")
    if ordered_applied != "Any time":
        t.text(3, "Active filter: Ordered — %s" % ordered_applied)
    t.node(2, "search", "Search open orders")
    t.node(3, "textbox", "Search by PO number, title or ISBN", value=query_typed, key="osearch")
    if query_typed:
        t.text(4, query_typed)
    t.node(3, "button", "Search orders", key="osearch_go")
    if total == 0:
        if query_applied:
            t.text(2, "No open orders match '%s' with the current filters." % query_applied)
        else:
            t.text(2, "No open orders match the current filters.")
        t.node(2, "link", "Clear filters and search")
    else:
        t.text(2, "Showing 1–%d of %d open orders" % (len(rows), total))
        t.node(2, "table", "Open orders")
        t.node(3, "rowgroup", "")
        t.node(4, "row", "")
        for h in ["PO number", "Vendor", "Items", "Ordered", "Expected", "Qty ordered", "Qty received",
                  "Status", "Fund"]:
            t.node(5, "columnheader", h)
            t.node(6, "button", "Expected, sorted ascending" if h == "Expected" else "Sort by " + h)
        t.node(3, "rowgroup", "")
        for o in rows:
            t.node(4, "row", "")
            t.node(5, "cell", o["id"])
            t.node(6, "link", o["id"], key="order:" + o["id"])
            t.node(5, "cell", VENDORS[o["vendor"]])
            items = o["lines"][0]["title"]
            if len(o["lines"]) > 1:
                items += " (+%d more)" % (len(o["lines"]) - 1)
            t.node(5, "cell", items)
            t.node(5, "cell", dshort(o["ordered"]))
            late = " (overdue)" if o["expected"] < TODAY else ""
            t.node(5, "cell", dshort(o["expected"]) + late)
            t.node(5, "cell", str(sum(l["ordered"] for l in o["lines"])))
            t.node(5, "cell", str(sum(l["received"] for l in o["lines"])))
            t.node(5, "cell", order_status(o))
            t.node(5, "cell", o["fund"])
        pages = (total + ORDER_PAGE - 1) // ORDER_PAGE
        t.node(2, "navigation", "Pagination")
        t.text(3, "Page 1 of %d" % pages)
        t.node(3, "button", "Previous page", props=["disabled=True"])
        for p in range(1, pages + 1):
            t.node(3, "link", str(p), props=(["current='page'"] if p == 1 else []))
        t.node(3, "button", "Next page", props=(["disabled=True"] if pages == 1 else []))
        t.node(2, "button", "Print receiving list")
    return finish(t)


# ---------------------------------------------------------------- order detail
def page_order(ctx, po, received=None, receipts=(), toast=None):
    """received: {line_no: qty received in this session's receipt} already applied."""
    o = ORDERS[po]
    lines = [dict(l) for l in o["lines"]]
    for ln, qv in (received or {}).items():
        lines[ln - 1]["received"] += qv
    cur = dict(o, lines=lines)
    st = order_status(cur)
    vname = VENDORS[o["vendor"]]
    path = "/orders/" + po
    t = page("Purchase order %s" % po, path, "order:" + po, "Orders",
             [("Home", "/"), ("Orders", "/orders"), (po, path)], ctx)
    t.node(2, "heading", "Purchase order %s" % po)
    t.text(2, "Status: %s" % st)
    t.node(2, "toolbar", "Order actions")
    t.node(3, "button", "Receive items", key="receive",
           props=(["disabled=True"] if st == "Fully received" else []))
    t.node(3, "button", "Claim late items")
    t.node(3, "button", "Email vendor")
    t.node(3, "button", "More actions", props=["hasPopup='menu'", "expanded=False"])
    t.node(2, "DescriptionList", "")
    total = sum(l["ordered"] * l["price"] for l in lines)
    fields = [("Vendor", None), ("Vendor account", VENDOR_ACCOUNTS[o["vendor"]]),
              ("Order date", dshort(o["ordered"])),
              ("Expected by", dshort(o["expected"]) + (" (overdue)" if o["expected"] < TODAY and st != "Fully received" else "")),
              ("Placed by", o["placed_by"]), ("Fund", fund_label(o["fund"]) if o["fund"] in FUND else o["fund"]),
              ("Delivery location", o["location"]), ("Originating request", None),
              ("Currency", "GBP"), ("Order total", money(total))]
    for k, v in fields:
        t.node(3, "term", "")
        t.text(4, k)
        t.node(3, "definition", "")
        if k == "Vendor":
            t.node(4, "link", "%s (%s)" % (vname, o["vendor"]))
        elif k == "Originating request":
            t.node(4, "link", o["request"])
        else:
            t.text(4, v)
    t.node(2, "heading", "Order lines")
    t.node(2, "table", "Order lines")
    t.node(3, "rowgroup", "")
    t.node(4, "row", "")
    for h in ["Line", "Title", "ISBN", "Ordered", "Received", "Outstanding", "Unit price", "Line status"]:
        t.node(5, "columnheader", h)
    t.node(3, "rowgroup", "")
    for i, l in enumerate(lines, 1):
        t.node(4, "row", "")
        t.node(5, "cell", str(i))
        t.node(5, "cell", l["title"])
        t.node(5, "cell", l["isbn"])
        t.node(5, "cell", str(l["ordered"]))
        t.node(5, "cell", str(l["received"]))
        t.node(5, "cell", str(l["ordered"] - l["received"]))
        t.node(5, "cell", money(l["price"]))
        if l["received"] >= l["ordered"]:
            ls = "Received"
        elif l["received"]:
            ls = "Partially received"
        else:
            ls = l["note"] or "Awaiting delivery"
        t.node(5, "cell", ls)
    t.node(2, "heading", "Receipts")
    prior = []
    if po == "PO-25-00889":
        prior = [("RC-25-00341", "24 Feb 2025", "OX-20544", "1 item", "Tom Ashdown")]
    if po == "PO-25-00929":
        prior = [("RC-25-00362", "6 Mar 2025", "CB-76980", "2 items", "Grace Meyrick")]
    allr = list(receipts) + prior
    if not allr:
        t.text(2, "No receipts recorded for this order yet.")
    else:
        t.node(2, "list", "Receipts")
        for rid, dt, dn, n, who in allr:
            t.node(3, "listitem", "")
            t.node(4, "link", rid)
            t.text(4, "%s · delivery note %s · %s · received by %s" % (dt, dn, n, who))
    t.node(2, "heading", "Invoices")
    if po in ("PO-25-00902", "PO-25-00914"):
        t.node(2, "link", "INV-%s-30917" % ("BRA" if po == "PO-25-00902" else "GH"))
        t.text(2, "Awaiting goods receipt before payment")
    else:
        t.text(2, "No invoices yet.")
    t.node(2, "region", "Vendor contact")
    t.node(3, "heading", "Vendor contact")
    t.text(3, "%s · customer services 0113 496 0%03d · orders@%s.co.uk" %
           (vname, int(o["vendor"][-3:]) * 7 % 1000, vname.split()[0].lower()))
    res = finish(t, toast=toast)
    ctx.visit("%s · %s" % (po, vname), path)
    return res


# ---------------------------------------------------------------- receive form
def rc_state(po, **kw):
    o = ORDERS[po]
    st = dict(dn="", date=TODAY.isoformat(), carrier="Vendor van",
              qty={i: "0" for i in range(1, len(o["lines"]) + 1)},
              cond={i: "Good" for i in range(1, len(o["lines"]) + 1)},
              notes="", full=False, labels=True, dirty=False)
    st.update(kw)
    return st


def page_receive(ctx, po, st, alert=None, dialog=None):
    o = ORDERS[po]
    path = "/orders/%s/receive" % po
    t = page("Receive items — %s" % po, path, "recvform:" + po, "Receiving",
             [("Home", "/"), ("Orders", "/orders"), (po, "/orders/" + po), ("Receive items", path)], ctx)
    t.node(2, "heading", "Receive items — %s" % po)
    t.text(2, "%s · ordered %s · deliver to %s" % (VENDORS[o["vendor"]], dshort(o["ordered"]), o["location"]))
    if alert:
        t.node(2, "alert", "", dyn=True)
        t.text(3, alert)
    t.node(2, "form", "Receive items")
    t.node(3, "group", "Delivery")
    t.node(4, "textbox", "Delivery note number", value=st["dn"], props=["required"], key="dn")
    if st["dn"]:
        t.text(5, st["dn"])
    t.node(4, "textbox", "Date received (YYYY-MM-DD)", value=st["date"], props=["required"])
    t.text(5, st["date"])
    t.node(4, "textbox", "Received by", value=USER_NAME, props=["readonly"])
    t.node(4, "combobox", "Carrier", value=st["carrier"], props=["hasPopup='menu'", "expanded=False"])
    options(t, 5, ["Vendor van", "Royal Mail", "DPD", "Parcelforce", "Collected"], st["carrier"])
    t.node(3, "table", "Lines to receive")
    t.node(4, "rowgroup", "")
    t.node(5, "row", "")
    for h in ["Line", "Title", "Ordered", "Already received", "Outstanding", "Quantity received now",
              "Condition", "Close line"]:
        t.node(6, "columnheader", h)
    t.node(4, "rowgroup", "")
    for i, l in enumerate(o["lines"], 1):
        outst = l["ordered"] - l["received"]
        t.node(5, "row", "")
        t.node(6, "cell", str(i))
        t.node(6, "cell", l["title"])
        t.node(6, "cell", str(l["ordered"]))
        t.node(6, "cell", str(l["received"]))
        t.node(6, "cell", str(outst))
        t.node(6, "cell", "")
        if outst <= 0:
            t.text(7, "Line complete")
            continue
        t.node(7, "spinbutton", "Quantity received now, line %d" % i, value=st["qty"][i],
               props=["valuemin=0", "valuemax=%d" % outst], key="qty:%d" % i)
        t.node(6, "cell", "")
        t.node(7, "combobox", "Condition, line %d" % i, value=st["cond"][i],
               props=["hasPopup='menu'", "expanded=False"])
        options(t, 8, ["Good", "Damaged — keep", "Damaged — return to vendor", "Wrong item supplied"],
                st["cond"][i])
        t.node(6, "cell", "")
        t.node(7, "checkbox", "Close line %d after this receipt" % i, props=["checked='false'"])
    t.node(3, "textbox", "Receipt notes", value=st["notes"], props=["multiline"], key="notes")
    if st["notes"]:
        t.text(4, st["notes"])
    t.node(3, "checkbox", "Mark order as fully received (closes all lines)",
           props=["checked='%s'" % str(st["full"]).lower()], key="full")
    t.node(3, "checkbox", "Print spine labels after saving",
           props=["checked='%s'" % str(st["labels"]).lower()])
    n_now = sum(int(v or 0) for v in st["qty"].values())
    t.text(3, "Items in this receipt: %d" % n_now)
    if st["dirty"]:
        t.text(3, "Unsaved changes")
    t.node(3, "button", "Save receipt", key="save")
    t.node(3, "link", "Cancel", key="cancel")
    t.node(2, "region", "Receiving tips")
    t.node(3, "heading", "Receiving tips")
    t.text(3, "Enter only what is in the box. Outstanding copies stay on order and can be claimed "
              "from the order page.")
    return finish(t, dialog=dialog)


def leave_dialog(t):
    t.node(1, "dialog", "Leave this page?", props=["modal=True"], dyn=True)
    t.node(2, "heading", "Leave this page?", dyn=True)
    t.text(2, "You have unsaved changes on this receipt. If you leave, they will be lost.")
    t.node(2, "button", "Stay on page", dyn=True, key="dlg_stay")
    t.node(2, "button", "Leave page", dyn=True, key="dlg_leave")


# --------------------------------------------------------------------------
# Actions and runs
# --------------------------------------------------------------------------
def _ref(tree, key):
    if key not in tree.refs:
        raise KeyError("no element %r on page %s" % (key, tree.url))
    return tree.refs[key]


def click(tree, key, why, effect="read"):
    b, role, name = _ref(tree, key)
    return {"command": "click(%r)" % b, "reasoning": why, "target": "%s %r" % (role, name), "effect": effect}


def fill(tree, key, text, why, effect="write"):
    b, role, name = _ref(tree, key)
    return {"command": "fill(%r, %r)" % (b, text), "reasoning": why, "target": "%s %r" % (role, name),
            "effect": effect}


def press(tree, key, k, why, effect="read"):
    b, role, name = _ref(tree, key)
    return {"command": "press(%r, %r)" % (b, k), "reasoning": why, "target": "%s %r" % (role, name),
            "effect": effect}


def select(tree, key, opt, why, effect="write"):
    b, role, name = _ref(tree, key)
    return {"command": "select_option(%r, %r)" % (b, opt), "reasoning": why,
            "target": "%s %r" % (role, name), "effect": effect}


def say(msg, why):
    return {"command": "send_msg_to_user(%r)" % msg, "reasoning": why, "target": None, "effect": "read"}


class Run:
    def __init__(self, rid, workflow, task, plan, fault=None):
        self.rid, self.workflow, self.task, self.plan, self.fault = rid, workflow, task, plan, fault
        self.steps = []
        self.off = None
        self.cur = None
        self.init = None
        self.ctx = Ctx()

    def start(self, tree):
        self.init = tree.obs()
        self.cur = tree

    def step(self, commitment, action, tree, off=False):
        if off:
            assert self.off is None
            self.off = len(self.steps)
        self.steps.append({"commitment": commitment, "action": action, "observation": tree.obs()})
        self.cur = tree

    def report(self, commitment, msg, why, off=False):
        # a message to the user does not change the page
        self.last_msg = msg
        self.step(commitment, say(msg, why), self.cur, off=off)

    def record(self, success, note):
        assert (self.fault is None) == (self.off is None), self.rid
        return {"id": self.rid, "workflow": self.workflow, "task": self.task, "plan": self.plan,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.init, "steps": self.steps,
                "outcome": {"success": success, "final_message": getattr(self, "last_msg", None)},
                "note": note}


# --------------------------------------------------------------------------
# Task variants
# --------------------------------------------------------------------------
PR_VARIANTS = {
    "A": dict(quote="VQ-2025-0418", line=2, qty="1", fund="HUM-PERF-MONO-25", location=LOCATIONS[0], rush=False,
              short="The Archive and the Repertoire",
              near=["VQ-2025-0481", "VQ-2025-0148"],
              task="Raise a purchase request for one copy of 'The Archive and the Repertoire' by Diana Taylor "
                   "from vendor quote VQ-2025-0418 (Blackridge Academic), charged to fund HUM-PERF-MONO-25, "
                   "and submit it for approval."),
    "B": dict(quote="VQ-2025-0433", line=1, qty="2", fund="SCI-CHEM-MONO-25", location=LOCATIONS[0], rush=False,
              short="Molecular Driving Forces",
              near=["VQ-2025-0434"],
              task="Raise a purchase request for 2 copies of 'Molecular Driving Forces' (2nd ed.) from "
                   "Lindqvist Scientific Books quote VQ-2025-0433, charged to fund SCI-CHEM-MONO-25, and "
                   "submit it."),
    "C": dict(quote="VQ-2025-0427", line=1, qty="1", fund="HUM-HIST-REF-25",
              location="Special Collections & Archives", rush=False,
              short="Atlas of Medieval Europe",
              near=["VQ-2025-0472"],
              task="Raise a purchase request for one copy of 'Atlas of Medieval Europe' (2nd ed.) from "
                   "Gardner & Holt quote VQ-2025-0427 on fund HUM-HIST-REF-25, to be delivered to Special "
                   "Collections & Archives, and submit it."),
    "D": dict(quote="VQ-2025-0440", line=1, qty="3", fund="SOC-PSY-MONO-25", location=LOCATIONS[0], rush=True,
              short="Statistical Rethinking",
              near=["VQ-2025-0404"],
              task="From Blackridge Academic quote VQ-2025-0440, raise a rush purchase request for 3 copies "
                   "of 'Statistical Rethinking' (2nd ed.) on fund SOC-PSY-MONO-25 and submit it for approval."),
}

RC_VARIANTS = {
    "A": dict(po="PO-25-00914", dn="GH-DN-558213", line=1, qty="2", notes="",
              near=["PO-25-00941", "PO-24-00914"],
              task="Receive purchase order PO-25-00914 from Gardner & Holt: delivery note GH-DN-558213 brought "
                   "2 of the 3 copies of 'Designing Data-Intensive Applications' (1st ed.). Record the partial "
                   "delivery and save the receipt."),
    "B": dict(po="PO-25-00902", dn="BRA-44190", line=2, qty="1", notes="",
              near=["PO-25-00920"],
              task="Record a partial delivery on purchase order PO-25-00902 (Blackridge Academic): delivery "
                   "note BRA-44190 contained only 'In Search of Lost Time, Vol. 3: The Guermantes Way' "
                   "(1 copy). Save the receipt."),
    "C": dict(po="PO-25-00927", dn="CB-77104", line=1, qty="4", notes="",
              near=["PO-25-00929"],
              task="Receive 4 of the 10 copies of 'Campbell Biology' (12th ed.) on purchase order PO-25-00927, "
                   "delivery note CB-77104 from Coutts Barnhill, and save the receipt; the rest are still to "
                   "come."),
    "D": dict(po="PO-25-00889", dn="OX-20931", line=1, qty="1",
              notes="Second copy back-ordered; vendor expects April 2025",
              near=["PO-25-00898"],
              task="Purchase order PO-25-00889 (Oxbow Academic Supply): delivery note OX-20931 brought 1 of "
                   "the 2 copies of 'The Oxford Handbook of Sound Studies'. Record it, add the receipt note "
                   "'Second copy back-ordered; vendor expects April 2025', and save."),
}


def plan_file(workflow, v):
    return "plans/%s.yaml" % workflow if v == "A" else "plans/%s--%s.yaml" % (workflow, v.lower())


# --------------------------------------------------------------------------
# Plans.  Written from the task text and the healthy pages only, before any
# faulty run existed; one plan per task variant, produced by the same
# practitioner template.  Not tuned afterwards.
# --------------------------------------------------------------------------
COMMON_FALSIFIERS = {
    "execution": ["Sign in to AcqDesk", "Your session has expired. Please sign in again.",
                  "Something went wrong"],
    "planning": ["You do not have permission to"],
}


def plan_purchase_request(v):
    p = PR_VARIANTS[v]
    q = QUOTES[p["quote"]]
    l = q["lines"][p["line"] - 1]
    vname = VENDORS[q["vendor"]]
    other_lines = [o["title"].split(":")[0] for i, o in enumerate(q["lines"], 1) if i != p["line"]]
    fund = p["fund"]
    dept = fund.rsplit("-", 2)[0]          # e.g. HUM-PERF
    fill_confirm = ["Fund code %s selected" % fund, "Available balance on %s" % fund]
    if p["qty"] != "1":
        fill_confirm.append("Quantity %s" % p["qty"])
    if p["location"] != LOCATIONS[0]:
        fill_confirm.append("Delivery location %s" % p["location"])
    if p["rush"]:
        fill_confirm.append("Rush order checked")
    fill_falsify = ["Fund code is required",
                    "Fund code %s selected" % fund.replace("-25", "-24")]
    sib = [f[0] for f in FUNDS if f[0].startswith(dept + "-") and f[0] != fund and not f[0].endswith("-24")]
    fill_falsify += ["Fund code %s selected" % s for s in sib[:2]]
    fill_falsify.append({"text": "Discard", "on": "action"})
    return {
        "task": p["task"],
        "plan_falsifiers": COMMON_FALSIFIERS,
        "commitments": [
            {"id": "find-quote", "subgoal": "Locate vendor quote %s in AcqDesk" % p["quote"],
             "skill": "find_record_in_list", "confidence": 0.8,
             "confirm": {"precondition": ["AcqDesk"], "progress": ["Vendor quotes", "Search results"],
                         "completion": [p["quote"]]},
             "falsify": {"execution": ["No quotes match your search", "No vendor quotes match"],
                         "skill": [], "planning": []}},
            {"id": "open-quote", "subgoal": "Open vendor quote %s from %s" % (p["quote"], vname),
             "skill": "open_record_by_id", "confidence": 0.8,
             "confirm": {"precondition": [p["quote"]], "progress": [],
                         "completion": ["Vendor quote %s" % p["quote"], vname]},
             "falsify": {"execution": ["Vendor quote %s" % n for n in p["near"]],
                         "skill": [], "planning": ["Quote expired", "Status Expired"]}},
            {"id": "start-request", "subgoal": "Raise a purchase request from the quote line for '%s'" % p["short"],
             "confidence": 0.7,
             "confirm": {"precondition": ["Raise purchase request for line %d" % p["line"]], "progress": [],
                         "completion": ["New purchase request", "%s / line %d" % (p["quote"], p["line"]),
                                        l["isbn"]]},
             "falsify": {"execution": other_lines, "skill": [],
                         "planning": ["This line has already been requested"]}},
            {"id": "fill-request", "subgoal": "Set quantity %s, fund %s%s%s on the request form" %
                                              (p["qty"], fund,
                                               ", delivery to " + p["location"] if p["location"] != LOCATIONS[0] else "",
                                               ", rush order" if p["rush"] else ""),
             "confidence": 0.7,
             "confirm": {"precondition": ["New purchase request"], "progress": [], "completion": fill_confirm},
             "falsify": {"execution": fill_falsify, "skill": [], "planning": []}},
            {"id": "submit-request", "subgoal": "Submit the request and confirm the submission dialog",
             "confidence": 0.75,
             "confirm": {"precondition": ["Submit request"], "progress": ["Submit purchase request?"],
                         "completion": ["submitted for approval", "Status: Awaiting fund approval",
                                        "Purchase request PR-25-"]},
             "falsify": {"execution": ["This request can't be submitted yet", "Possible duplicate",
                                       {"text": "Save as draft", "on": "action"}],
                         "skill": [], "planning": []}},
            {"id": "report", "subgoal": "Tell the user the new purchase request number", "confidence": 0.9,
             "confirm": {"precondition": [], "progress": [],
                         "completion": ["Status: Awaiting fund approval"]},
             "falsify": {"execution": ["The New purchase request form is still open",
                                       "No purchase request number is shown"],
                         "skill": [], "planning": []}},
        ],
    }


def plan_receive_order(v):
    p = RC_VARIANTS[v]
    o = ORDERS[p["po"]]
    vname = VENDORS[o["vendor"]]
    l = o["lines"][p["line"] - 1]
    others = [i for i, x in enumerate(o["lines"], 1) if i != p["line"] and x["received"] < x["ordered"]]
    enter_confirm = [p["dn"], "Quantity received now, line %d: %s" % (p["line"], p["qty"]), "Unsaved changes"]
    if p["notes"]:
        enter_confirm.append(p["notes"])
    return {
        "task": p["task"],
        "plan_falsifiers": COMMON_FALSIFIERS,
        "commitments": [
            {"id": "find-order", "subgoal": "Find purchase order %s among open orders" % p["po"],
             "skill": "find_record_in_list", "confidence": 0.8,
             "confirm": {"precondition": ["AcqDesk"], "progress": ["Receiving queue", "Search results"],
                         "completion": [p["po"]]},
             "falsify": {"execution": ["No open orders match", "No orders match"], "skill": [], "planning": []}},
            {"id": "open-order", "subgoal": "Open purchase order %s (%s)" % (p["po"], vname),
             "skill": "open_record_by_id", "confidence": 0.8,
             "confirm": {"precondition": [p["po"]], "progress": [],
                         "completion": ["Purchase order %s" % p["po"], vname]},
             "falsify": {"execution": ["Purchase order %s" % n for n in p["near"]], "skill": [],
                         "planning": ["Status: Fully received", "Status: Cancelled"]}},
            {"id": "start-receipt", "subgoal": "Open the receive form for the order", "confidence": 0.8,
             "confirm": {"precondition": ["Receive items"], "progress": [],
                         "completion": ["Receive items — %s" % p["po"], "Delivery note number"]},
             "falsify": {"execution": [], "skill": ["Receive items button is disabled"], "planning": []}},
            {"id": "enter-delivery",
             "subgoal": "Enter delivery note %s and %s received on the line for '%s'%s" %
                        (p["dn"], p["qty"], l["title"], " with the receipt note" if p["notes"] else ""),
             "confidence": 0.65,
             "confirm": {"precondition": ["Receive items — %s" % p["po"]], "progress": [],
                         "completion": enter_confirm},
             "falsify": {"execution": [{"text": "Mark order as fully received", "on": "action"},
                                       "Mark order as fully received checked",
                                       "Received quantity cannot exceed"]
                                      + ["Quantity received now, line %d set above 0" % i for i in others],
                         "skill": [], "planning": []}},
            {"id": "save-receipt", "subgoal": "Save the receipt so the order shows as partially received",
             "confidence": 0.75,
             "confirm": {"precondition": ["Save receipt"], "progress": [],
                         "completion": ["Receipt RC-25-", "saved", "Status: Partially received"]},
             "falsify": {"execution": ["Receipt not saved", "Unsaved changes", "Status: Fully received"],
                         "skill": [], "planning": []}},
            {"id": "report", "subgoal": "Tell the user the receipt number and what remains outstanding",
             "confidence": 0.9,
             "confirm": {"precondition": [], "progress": [], "completion": ["Status: Partially received"]},
             "falsify": {"execution": ["No receipts recorded for this order yet"], "skill": [], "planning": []}},
        ],
    }


# --------------------------------------------------------------------------
# purchase_request runs
# --------------------------------------------------------------------------
WF1 = "purchase_request"


def pr_run(rid, v, fault=None):
    r = Run(rid, WF1, PR_VARIANTS[v]["task"], plan_file(WF1, v), fault)
    return r, PR_VARIANTS[v]


def pr_tail(r, p, st, ln, qv):
    """From the filled form: submit, confirm, land on the new PR, report."""
    form = r.cur
    r.step("submit-request", click(form, "submit", "Form complete; submit the request", "write"),
           page_pr_form(r.ctx, qv, ln, st, dialog=submit_dialog(qv, ln, st)))
    r.step("submit-request", click(r.cur, "dlg_confirm", "Confirm the submission", "irreversible"),
           page_pr_detail(r.ctx, NEW_PR, qv, ln, st,
                          toast="Purchase request %s submitted for approval to %s." % (NEW_PR, FUND[st["fund"]][3])))


def run_pr_healthy_A():
    r, p = pr_run("purchase_request-healthy-01", "A")
    r.start(page_dashboard(r.ctx))
    r.step("find-quote", click(r.cur, "nav:Vendor quotes", "Go to the vendor quotes list"), page_quotes(r.ctx))
    r.step("find-quote", click(r.cur, "next", "VQ-2025-0418 is older than the first 15; go to page 2"),
           page_quotes(r.ctx, page_no=2))
    r.step("open-quote", click(r.cur, "quote:VQ-2025-0418", "Open quote VQ-2025-0418"),
           page_quote(r.ctx, "VQ-2025-0418"))
    r.step("start-request", click(r.cur, "raise:2", "Line 2 is The Archive and the Repertoire"),
           page_pr_form(r.ctx, "VQ-2025-0418", 2, pr_state()))
    st = pr_state(fund="HUM-PERF-MONO-25")
    r.step("fill-request", select(r.cur, "fund", fund_label("HUM-PERF-MONO-25"), "Charge to HUM-PERF-MONO-25"),
           page_pr_form(r.ctx, "VQ-2025-0418", 2, st))
    pr_tail(r, p, st, 2, "VQ-2025-0418")
    r.report("report", "Submitted purchase request %s: 1 × The Archive and the Repertoire (Diana Taylor) from "
                       "VQ-2025-0418, fund HUM-PERF-MONO-25, now awaiting fund approval." % NEW_PR,
             "Report the result")
    return r.record(True, "Pages to the quote, raises line 2, picks the fund, submits and confirms.")


def run_pr_healthy_B():
    r, p = pr_run("purchase_request-healthy-02", "B")
    r.start(page_dashboard(r.ctx))
    r.step("open-quote", click(r.cur, "dash:quote:VQ-2025-0433", "The quote is listed under expiring quotes"),
           page_quote(r.ctx, "VQ-2025-0433"))
    r.step("start-request", click(r.cur, "raise:1", "Line 1 is Molecular Driving Forces, 2nd ed."),
           page_pr_form(r.ctx, "VQ-2025-0433", 1, pr_state()))
    st = pr_state(qty="2")
    r.step("fill-request", fill(r.cur, "qty", "2", "Two copies requested"),
           page_pr_form(r.ctx, "VQ-2025-0433", 1, st))
    st = pr_state(qty="2", fund="SCI-CHEM-MONO-25")
    r.step("fill-request", select(r.cur, "fund", fund_label("SCI-CHEM-MONO-25"), "Charge to SCI-CHEM-MONO-25"),
           page_pr_form(r.ctx, "VQ-2025-0433", 1, st))
    pr_tail(r, p, st, 1, "VQ-2025-0433")
    r.report("report", "Purchase request %s submitted: 2 × Molecular Driving Forces (2nd ed.) from "
                       "VQ-2025-0433 on SCI-CHEM-MONO-25; awaiting approval by Prof. Martin Okafor." % NEW_PR,
             "Report the result")
    return r.record(True, "Opens the quote from the dashboard's expiring-quotes panel; quantity 2.")


def run_pr_healthy_C():
    r, p = pr_run("purchase_request-healthy-03", "C")
    r.start(page_dashboard(r.ctx))
    r.step("find-quote", fill(r.cur, "gsearch", "VQ-2025-0427", "Search for the quote number", "read"),
           page_dashboard(r.ctx, search_value="VQ-2025-0427"))
    r.step("find-quote", press(r.cur, "gsearch", "Enter", "Run the search"), page_search(r.ctx, "VQ-2025-0427"))
    r.step("open-quote", click(r.cur, "sr:VQ-2025-0427", "Open the matching quote"),
           page_quote(r.ctx, "VQ-2025-0427"))
    r.step("start-request", click(r.cur, "raise:1", "Line 1 is the Atlas of Medieval Europe, 2nd ed."),
           page_pr_form(r.ctx, "VQ-2025-0427", 1, pr_state()))
    st = pr_state(fund="HUM-HIST-REF-25")
    r.step("fill-request", select(r.cur, "fund", fund_label("HUM-HIST-REF-25"), "History reference fund"),
           page_pr_form(r.ctx, "VQ-2025-0427", 1, st))
    st = pr_state(fund="HUM-HIST-REF-25", location="Special Collections & Archives")
    r.step("fill-request", select(r.cur, "location", "Special Collections & Archives", "Deliver to Special Collections"),
           page_pr_form(r.ctx, "VQ-2025-0427", 1, st))
    pr_tail(r, p, st, 1, "VQ-2025-0427")
    r.report("report", "Done: %s raised for Atlas of Medieval Europe (2nd ed.) from VQ-2025-0427, fund "
                       "HUM-HIST-REF-25, delivery to Special Collections & Archives; awaiting fund approval." % NEW_PR,
             "Report the result")
    return r.record(True, "Finds the quote through the global search; sets fund and delivery location.")


def run_pr_healthy_D():
    r, p = pr_run("purchase_request-healthy-04", "D")
    r.start(page_dashboard(r.ctx))
    r.step("find-quote", click(r.cur, "nav:Vendor quotes", "Open the vendor quotes list"), page_quotes(r.ctx))
    r.step("open-quote", click(r.cur, "quote:VQ-2025-0440", "VQ-2025-0440 is on the first page"),
           page_quote(r.ctx, "VQ-2025-0440"))
    r.step("start-request", click(r.cur, "raise:1", "Line 1 is Statistical Rethinking, 2nd ed."),
           page_pr_form(r.ctx, "VQ-2025-0440", 1, pr_state()))
    st = pr_state(qty="3")
    r.step("fill-request", fill(r.cur, "qty", "3", "Three copies"), page_pr_form(r.ctx, "VQ-2025-0440", 1, st))
    st = pr_state(qty="3", fund="SOC-PSY-MONO-25")
    r.step("fill-request", select(r.cur, "fund", fund_label("SOC-PSY-MONO-25"), "Psychology monographs fund"),
           page_pr_form(r.ctx, "VQ-2025-0440", 1, st))
    st = pr_state(qty="3", fund="SOC-PSY-MONO-25", rush=True)
    r.step("fill-request", click(r.cur, "rush", "The task asks for a rush order", "write"),
           page_pr_form(r.ctx, "VQ-2025-0440", 1, st))
    pr_tail(r, p, st, 1, "VQ-2025-0440")
    r.report("report", "Rush purchase request %s submitted for 3 × Statistical Rethinking (2nd ed.) from "
                       "VQ-2025-0440 on SOC-PSY-MONO-25." % NEW_PR, "Report the result")
    return r.record(True, "Opens the quote from page 1 of the list; quantity 3, fund, rush checkbox.")


# ---- faulty purchase_request runs (written after the plans) ---------------
def run_pr_wrong_record():
    r, p = pr_run("purchase_request-wrong_record-01", "A", "wrong_record")
    r.start(page_dashboard(r.ctx))
    r.step("find-quote", click(r.cur, "nav:Vendor quotes", "Go to the vendor quotes list"), page_quotes(r.ctx))
    r.step("open-quote", click(r.cur, "quote:VQ-2025-0481",
                               "The top row lists The Archive and the Repertoire; this must be the quote"),
           page_quote(r.ctx, "VQ-2025-0481"), off=True)
    r.step("start-request", click(r.cur, "raise:1", "Line 1 is The Archive and the Repertoire"),
           page_pr_form(r.ctx, "VQ-2025-0481", 1, pr_state()))
    st = pr_state(fund="HUM-PERF-MONO-25")
    r.step("fill-request", select(r.cur, "fund", fund_label("HUM-PERF-MONO-25"), "Charge to HUM-PERF-MONO-25"),
           page_pr_form(r.ctx, "VQ-2025-0481", 1, st))
    pr_tail(r, p, st, 1, "VQ-2025-0481")
    r.report("report", "Submitted purchase request %s for The Archive and the Repertoire on HUM-PERF-MONO-25." % NEW_PR,
             "Report the result")
    return r.record(False, "Opens near-miss quote VQ-2025-0481 (Blackwell & Rowe, hardback, £94) instead of "
                           "VQ-2025-0418 and raises the request from it.")


def run_pr_wrong_value():
    r, p = pr_run("purchase_request-wrong_value-01", "B", "wrong_value")
    r.start(page_dashboard(r.ctx))
    r.step("find-quote", click(r.cur, "nav:Vendor quotes", "Open the vendor quotes list"), page_quotes(r.ctx))
    r.step("find-quote", fill(r.cur, "qsearch", "Molecular Driving Forces", "Search by title", "read"),
           page_quotes(r.ctx, query_typed="Molecular Driving Forces"))
    r.step("find-quote", press(r.cur, "qsearch", "Enter", "Run the search"),
           page_quotes(r.ctx, query_typed="Molecular Driving Forces", query_applied="Molecular Driving Forces"))
    r.step("open-quote", click(r.cur, "quote:VQ-2025-0433", "VQ-2025-0433 is the 2nd edition quote"),
           page_quote(r.ctx, "VQ-2025-0433"))
    r.step("start-request", click(r.cur, "raise:1", "Raise the request for line 1"),
           page_pr_form(r.ctx, "VQ-2025-0433", 1, pr_state()))
    st = pr_state(qty="2")
    r.step("fill-request", fill(r.cur, "qty", "2", "Two copies"), page_pr_form(r.ctx, "VQ-2025-0433", 1, st))
    st = pr_state(qty="2", fund="SCI-CHEM-MONO-24")
    r.step("fill-request", select(r.cur, "fund", fund_label("SCI-CHEM-MONO-24"), "Chemistry monographs fund"),
           page_pr_form(r.ctx, "VQ-2025-0433", 1, st), off=True)
    pr_tail(r, p, st, 1, "VQ-2025-0433")
    r.report("report", "Purchase request %s submitted for 2 × Molecular Driving Forces on the chemistry "
                       "monographs fund." % NEW_PR, "Report the result")
    return r.record(False, "Chooses the prior-year fund SCI-CHEM-MONO-24 instead of SCI-CHEM-MONO-25.")


def run_pr_required_skipped():
    r, p = pr_run("purchase_request-required_field_skipped-01", "C", "required_field_skipped")
    r.start(page_dashboard(r.ctx))
    r.step("find-quote", click(r.cur, "nav:Vendor quotes", "Open the vendor quotes list"), page_quotes(r.ctx))
    r.step("find-quote", fill(r.cur, "qsearch", "VQ-2025-0427", "Search for the quote number", "read"),
           page_quotes(r.ctx, query_typed="VQ-2025-0427"))
    r.step("find-quote", click(r.cur, "qsearch_go", "Run the search"),
           page_quotes(r.ctx, query_typed="VQ-2025-0427", query_applied="VQ-2025-0427"))
    r.step("open-quote", click(r.cur, "quote:VQ-2025-0427", "Open the quote"), page_quote(r.ctx, "VQ-2025-0427"))
    r.step("start-request", click(r.cur, "raise:1", "Line 1 is the Atlas"),
           page_pr_form(r.ctx, "VQ-2025-0427", 1, pr_state()))
    st = pr_state(location="Special Collections & Archives")
    r.step("fill-request", select(r.cur, "location", "Special Collections & Archives", "Deliver to Special Collections"),
           page_pr_form(r.ctx, "VQ-2025-0427", 1, st))
    r.step("submit-request", click(r.cur, "submit", "Everything is filled in; submit", "write"),
           page_pr_form(r.ctx, "VQ-2025-0427", 1, st, errors=("Fund code is required",)), off=True)
    r.report("report", "Submitted the purchase request for Atlas of Medieval Europe (2nd ed.) with delivery to "
                       "Special Collections & Archives.", "The request was sent")
    return r.record(False, "Never selects the fund; Submit shows 'Fund code is required' and the agent "
                           "reports success anyway.")


def run_pr_confirm_cancelled():
    r, p = pr_run("purchase_request-confirm_cancelled-01", "D", "confirm_cancelled")
    r.start(page_dashboard(r.ctx))
    r.step("find-quote", click(r.cur, "nav:Vendor quotes", "Open the vendor quotes list"), page_quotes(r.ctx))
    r.step("find-quote", fill(r.cur, "qsearch", "Statistical Rethinking", "Search by title", "read"),
           page_quotes(r.ctx, query_typed="Statistical Rethinking"))
    r.step("find-quote", press(r.cur, "qsearch", "Enter", "Run the search"),
           page_quotes(r.ctx, query_typed="Statistical Rethinking", query_applied="Statistical Rethinking"))
    r.step("open-quote", click(r.cur, "quote:VQ-2025-0440", "VQ-2025-0440 is the quote named in the task"),
           page_quote(r.ctx, "VQ-2025-0440"))
    r.step("start-request", click(r.cur, "raise:1", "Raise the request for line 1"),
           page_pr_form(r.ctx, "VQ-2025-0440", 1, pr_state()))
    st = pr_state(qty="3")
    r.step("fill-request", fill(r.cur, "qty", "3", "Three copies"), page_pr_form(r.ctx, "VQ-2025-0440", 1, st))
    st = pr_state(qty="3", fund="SOC-PSY-MONO-25")
    r.step("fill-request", select(r.cur, "fund", fund_label("SOC-PSY-MONO-25"), "Psychology fund"),
           page_pr_form(r.ctx, "VQ-2025-0440", 1, st))
    st = pr_state(qty="3", fund="SOC-PSY-MONO-25", rush=True)
    r.step("fill-request", click(r.cur, "rush", "Rush order", "write"), page_pr_form(r.ctx, "VQ-2025-0440", 1, st))
    r.step("submit-request", click(r.cur, "submit", "Submit the request", "write"),
           page_pr_form(r.ctx, "VQ-2025-0440", 1, st, dialog=submit_dialog("VQ-2025-0440", 1, st)))
    r.step("submit-request", click(r.cur, "dlg_cancel", "Close the summary dialog; the request is on its way"),
           page_pr_form(r.ctx, "VQ-2025-0440", 1, st), off=True)
    r.report("report", "Rush purchase request submitted for 3 × Statistical Rethinking (2nd ed.) on SOC-PSY-MONO-25.",
             "Report the result")
    return r.record(False, "Clicks Cancel in the 'Submit purchase request?' dialog and reports the request as "
                           "submitted; the form is still an unsaved draft.")


def run_pr_double_submission():
    r, p = pr_run("purchase_request-double_submission-01", "A", "double_submission")
    r.start(page_dashboard(r.ctx))
    r.step("find-quote", click(r.cur, "nav:Vendor quotes", "Open the vendor quotes list"), page_quotes(r.ctx))
    r.step("find-quote", fill(r.cur, "qsearch", "VQ-2025-0418", "Search for the quote number", "read"),
           page_quotes(r.ctx, query_typed="VQ-2025-0418"))
    r.step("find-quote", press(r.cur, "qsearch", "Enter", "Run the search"),
           page_quotes(r.ctx, query_typed="VQ-2025-0418", query_applied="VQ-2025-0418"))
    r.step("open-quote", click(r.cur, "quote:VQ-2025-0418", "Open the quote"), page_quote(r.ctx, "VQ-2025-0418"))
    r.step("start-request", click(r.cur, "raise:2", "Line 2 is The Archive and the Repertoire"),
           page_pr_form(r.ctx, "VQ-2025-0418", 2, pr_state()))
    st = pr_state(fund="HUM-PERF-MONO-25")
    r.step("fill-request", select(r.cur, "fund", fund_label("HUM-PERF-MONO-25"), "Charge to HUM-PERF-MONO-25"),
           page_pr_form(r.ctx, "VQ-2025-0418", 2, st))
    r.step("submit-request", click(r.cur, "submit", "Submit the request", "write"),
           page_pr_form(r.ctx, "VQ-2025-0418", 2, st, dialog=submit_dialog("VQ-2025-0418", 2, st)))
    r.step("submit-request", click(r.cur, "dlg_confirm", "Confirm", "irreversible"),
           page_pr_form(r.ctx, "VQ-2025-0418", 2, st, toast="Submitting purchase request…"))
    r.step("submit-request", click(r.cur, "submit", "Still on the form; the submit did not seem to work, try again",
                                   "write"),
           page_pr_form(r.ctx, "VQ-2025-0418", 2, st, dialog=submit_dialog("VQ-2025-0418", 2, st)), off=True)
    r.step("submit-request", click(r.cur, "dlg_confirm", "Confirm", "irreversible"),
           page_pr_detail(r.ctx, "PR-25-01875", "VQ-2025-0418", 2, st,
                          toast="Purchase request PR-25-01875 submitted for approval to Dr Helen Achterberg.",
                          warning="Possible duplicate: %s (submitted 1 minute ago by you) requests the same ISBN "
                                  "9780822331230 on fund HUM-PERF-MONO-25. Withdraw one of them if this was "
                                  "not intended." % NEW_PR))
    r.report("report", "Purchase request PR-25-01875 submitted for The Archive and the Repertoire on HUM-PERF-MONO-25.",
             "Report the result")
    return r.record(False, "Re-clicks Submit while the first submission is still in progress and confirms "
                           "again: two requests (PR-25-01874 and PR-25-01875) for the same book.")


def run_pr_premature_done():
    r, p = pr_run("purchase_request-premature_done-01", "B", "premature_done")
    r.start(page_dashboard(r.ctx))
    r.step("find-quote", fill(r.cur, "gsearch", "VQ-2025-0433", "Search for the quote", "read"),
           page_dashboard(r.ctx, search_value="VQ-2025-0433"))
    r.step("find-quote", press(r.cur, "gsearch", "Enter", "Run the search"), page_search(r.ctx, "VQ-2025-0433"))
    r.step("open-quote", click(r.cur, "sr:VQ-2025-0433", "Open the quote"), page_quote(r.ctx, "VQ-2025-0433"))
    r.step("start-request", click(r.cur, "raise:1", "Line 1 is Molecular Driving Forces"),
           page_pr_form(r.ctx, "VQ-2025-0433", 1, pr_state()))
    st = pr_state(qty="2")
    r.step("fill-request", fill(r.cur, "qty", "2", "Two copies"), page_pr_form(r.ctx, "VQ-2025-0433", 1, st))
    st = pr_state(qty="2", fund="SCI-CHEM-MONO-25")
    r.step("fill-request", select(r.cur, "fund", fund_label("SCI-CHEM-MONO-25"), "Chemistry monographs 2024/25"),
           page_pr_form(r.ctx, "VQ-2025-0433", 1, st))
    r.report("report", "The purchase request for 2 × Molecular Driving Forces (2nd ed.) on SCI-CHEM-MONO-25 has "
                       "been raised from VQ-2025-0433.", "All fields are set, so the request is raised", off=True)
    return r.record(False, "Fills the form correctly, then reports success without ever pressing Submit.")


# --------------------------------------------------------------------------
# receive_order runs
# --------------------------------------------------------------------------
WF2 = "receive_order"


def rc_run(rid, v, fault=None):
    r = Run(rid, WF2, RC_VARIANTS[v]["task"], plan_file(WF2, v), fault)
    return r, RC_VARIANTS[v]


def rc_via_queue_search(r, po):
    r.step("find-order", click(r.cur, "nav:Receiving", "Open the receiving queue"), page_receiving(r.ctx))
    r.step("find-order", fill(r.cur, "osearch", po, "Search for the PO number", "read"),
           page_receiving(r.ctx, query_typed=po))
    r.step("find-order", press(r.cur, "osearch", "Enter", "Run the search"),
           page_receiving(r.ctx, query_typed=po, query_applied=po))
    r.step("open-order", click(r.cur, "order:" + po, "Open the order"), page_order(r.ctx, po))


def rc_via_global_search(r, po):
    r.step("find-order", fill(r.cur, "gsearch", po, "Search for the PO number", "read"), page_dashboard(r.ctx, search_value=po))
    r.step("find-order", press(r.cur, "gsearch", "Enter", "Run the search"), page_search(r.ctx, po))
    r.step("open-order", click(r.cur, "sr:" + po, "Open the matching order"), page_order(r.ctx, po))


def rc_enter(r, p, po, line_no=None, qty=None, dn=None, off_at=None):
    """Start the receipt and type delivery note, quantity (and notes). Returns state."""
    line_no = line_no or p["line"]
    qty = qty or p["qty"]
    dn = dn or p["dn"]
    st = rc_state(po)
    r.step("start-receipt", click(r.cur, "receive", "Start a receipt"), page_receive(r.ctx, po, st))
    st = rc_state(po, dn=dn, dirty=True)
    r.step("enter-delivery", fill(r.cur, "dn", dn, "Delivery note number from the task"),
           page_receive(r.ctx, po, st), off=(off_at == "dn"))
    q = dict(st["qty"])
    q[line_no] = qty
    st = rc_state(po, dn=dn, qty=q, dirty=True)
    r.step("enter-delivery", fill(r.cur, "qty:%d" % line_no, qty,
                                  "Quantity that arrived for '%s'" % ORDERS[po]["lines"][line_no - 1]["title"]),
           page_receive(r.ctx, po, st), off=(off_at == "qty"))
    if p["notes"]:
        st = rc_state(po, dn=dn, qty=q, notes=p["notes"], dirty=True)
        r.step("enter-delivery", fill(r.cur, "notes", p["notes"], "Receipt note from the task"),
               page_receive(r.ctx, po, st))
    return st


def rc_save_ok(r, po, st, dn):
    rec = {int(k): int(v) for k, v in st["qty"].items() if int(v or 0)}
    n = sum(rec.values())
    after = dict(ORDERS[po], lines=[dict(l, received=l["received"] + rec.get(i, 0))
                                    for i, l in enumerate(ORDERS[po]["lines"], 1)])
    sts = order_status(after)
    r.step("save-receipt", click(r.cur, "save", "Save the receipt", "irreversible"),
           page_order(r.ctx, po, received=rec,
                      receipts=[(NEW_RECEIPT, dshort(TODAY), dn, "%d item%s" % (n, "" if n == 1 else "s"), USER_NAME)],
                      toast="Receipt %s saved: %d item%s received on %s. Order is now %s." %
                            (NEW_RECEIPT, n, "" if n == 1 else "s", po, sts)))


def run_rc_healthy_A():
    r, p = rc_run("receive_order-healthy-01", "A")
    r.start(page_dashboard(r.ctx))
    rc_via_queue_search(r, p["po"])
    st = rc_enter(r, p, p["po"])
    rc_save_ok(r, p["po"], st, p["dn"])
    r.report("report", "Saved receipt %s on PO-25-00914 (delivery note GH-DN-558213): 2 of 3 copies of Designing "
                       "Data-Intensive Applications received; 1 copy still outstanding, order Partially received." %
             NEW_RECEIPT, "Report the result")
    return r.record(True, "Receiving queue search, receive form, 2 on line 1, save.")


def run_rc_healthy_B():
    r, p = rc_run("receive_order-healthy-02", "B")
    r.start(page_dashboard(r.ctx))
    rc_via_global_search(r, p["po"])
    st = rc_enter(r, p, p["po"])
    rc_save_ok(r, p["po"], st, p["dn"])
    r.report("report", "Receipt %s saved on PO-25-00902 (BRA-44190): Vol. 3 The Guermantes Way received; Vols. 2 "
                       "and 4 remain outstanding." % NEW_RECEIPT, "Report the result")
    return r.record(True, "Global search to the order; only line 2 (Vol. 3) received.")


def run_rc_healthy_C():
    r, p = rc_run("receive_order-healthy-03", "C")
    r.start(page_dashboard(r.ctx))
    r.step("find-order", click(r.cur, "nav:Receiving", "Open the receiving queue"), page_receiving(r.ctx))
    r.step("open-order", click(r.cur, "order:PO-25-00927", "PO-25-00927 is on the first page (overdue)"),
           page_order(r.ctx, "PO-25-00927"))
    st = rc_enter(r, p, p["po"])
    rc_save_ok(r, p["po"], st, p["dn"])
    r.report("report", "Receipt %s saved: 4 of 10 Campbell Biology (12th ed.) received on PO-25-00927 "
                       "(CB-77104); 6 copies and the 2 study guides are still outstanding." % NEW_RECEIPT,
             "Report the result")
    return r.record(True, "Opens the order straight from the queue; 4 of 10 on line 1.")


def run_rc_healthy_D():
    r, p = rc_run("receive_order-healthy-04", "D")
    r.start(page_dashboard(r.ctx))
    rc_via_queue_search(r, p["po"])
    st = rc_enter(r, p, p["po"])
    rc_save_ok(r, p["po"], st, p["dn"])
    r.report("report", "Receipt %s saved on PO-25-00889 (OX-20931): 1 of 2 Oxford Handbook of Sound Studies "
                       "received, note added that the second copy is back-ordered to April 2025." % NEW_RECEIPT,
             "Report the result")
    return r.record(True, "Queue search; 1 of 2 on line 1 plus a receipt note.")


# ---- faulty receive_order runs (written after the plans) ------------------
def run_rc_similar_item():
    r, p = rc_run("receive_order-similar_item-01", "B", "similar_item")
    r.start(page_dashboard(r.ctx))
    rc_via_queue_search(r, p["po"])
    st = rc_enter(r, p, p["po"], line_no=1, off_at="qty")
    rc_save_ok(r, p["po"], st, p["dn"])
    r.report("report", "Receipt %s saved on PO-25-00902: the Proust volume from delivery note BRA-44190 is "
                       "received." % NEW_RECEIPT, "Report the result")
    return r.record(False, "Enters the quantity on line 1 (Vol. 2: Within a Budding Grove) instead of line 2 "
                           "(Vol. 3: The Guermantes Way).")


def run_rc_wrong_value():
    r, p = rc_run("receive_order-wrong_value-01", "A", "wrong_value")
    r.start(page_dashboard(r.ctx))
    r.step("open-order", click(r.cur, "dash:order:PO-25-00914", "The order is listed as due today"),
           page_order(r.ctx, "PO-25-00914"))
    st = rc_enter(r, p, p["po"], dn="GH-DN-558231", off_at="dn")
    rc_save_ok(r, p["po"], st, "GH-DN-558231")
    r.report("report", "Receipt %s saved on PO-25-00914: 2 of 3 copies received, 1 outstanding." % NEW_RECEIPT,
             "Report the result")
    return r.record(False, "Types delivery note GH-DN-558231 (digits transposed) instead of GH-DN-558213.")


def run_rc_unrequested_filter():
    r, p = rc_run("receive_order-unrequested_filter-01", "C", "unrequested_filter")
    r.start(page_dashboard(r.ctx))
    r.step("find-order", click(r.cur, "nav:Receiving", "Open the receiving queue"), page_receiving(r.ctx))
    r.step("find-order", select(r.cur, "f_ordered", "Last 30 days", "Narrow the queue to recent orders", "read"),
           page_receiving(r.ctx, ordered_sel="Last 30 days"), off=True)
    r.step("find-order", click(r.cur, "f_apply", "Apply the filter"),
           page_receiving(r.ctx, ordered_sel="Last 30 days", ordered_applied="Last 30 days"))
    r.step("find-order", fill(r.cur, "osearch", "PO-25-00927", "Search for the PO", "read"),
           page_receiving(r.ctx, ordered_sel="Last 30 days", ordered_applied="Last 30 days",
                          query_typed="PO-25-00927"))
    r.step("find-order", press(r.cur, "osearch", "Enter", "Run the search"),
           page_receiving(r.ctx, ordered_sel="Last 30 days", ordered_applied="Last 30 days",
                          query_typed="PO-25-00927", query_applied="PO-25-00927"))
    r.report("report", "PO-25-00927 is not in the receiving queue, so it appears to have been received or closed "
                       "already; no receipt was recorded.", "The order cannot be found")
    return r.record(False, "Adds an 'Ordered: Last 30 days' filter nobody asked for; PO-25-00927 (ordered 20 Jan) "
                           "is hidden and the agent gives up.")


def run_rc_silent_noop():
    r, p = rc_run("receive_order-silent_noop-01", "D", "silent_noop")
    r.start(page_dashboard(r.ctx))
    rc_via_global_search(r, p["po"])
    st = rc_enter(r, p, p["po"])
    r.step("save-receipt", click(r.cur, "save", "Save the receipt", "irreversible"),
           page_receive(r.ctx, p["po"], st), off=True)
    r.report("report", "Receipt saved for PO-25-00889: 1 of 2 Oxford Handbook of Sound Studies received, back-order "
                       "note added.", "Report the result")
    return r.record(False, "Save receipt does nothing (same form, still 'Unsaved changes', no toast); the agent "
                           "reports success.")


def run_rc_error_ignored():
    r, p = rc_run("receive_order-error_ignored-01", "A", "error_ignored")
    r.start(page_dashboard(r.ctx))
    r.step("find-order", click(r.cur, "nav:Receiving", "Open the receiving queue"), page_receiving(r.ctx))
    r.step("open-order", click(r.cur, "order:PO-25-00914", "PO-25-00914 is in the list"),
           page_order(r.ctx, "PO-25-00914"))
    st = rc_enter(r, p, p["po"])
    r.step("save-receipt", click(r.cur, "save", "Save the receipt", "irreversible"),
           page_receive(r.ctx, p["po"], st,
                        alert="Receipt not saved. Purchase order PO-25-00914 is locked by jmorgan (Invoices) "
                              "since 10:31. Try again when the lock is released."), off=True)
    r.report("report", "Recorded the partial delivery on PO-25-00914: 2 of 3 copies received (GH-DN-558213).",
             "Report the result")
    return r.record(False, "The save is refused by a lock banner ('Receipt not saved …'); the agent reports "
                           "success.")


def run_rc_navigation_lost():
    r, p = rc_run("receive_order-navigation_lost_changes-01", "B", "navigation_lost_changes")
    r.start(page_dashboard(r.ctx))
    rc_via_global_search(r, p["po"])
    st = rc_enter(r, p, p["po"])
    r.step("save-receipt", click(r.cur, "crumb:PO-25-00902", "Check the order lines before saving", "read"),
           page_receive(r.ctx, p["po"], st, dialog=leave_dialog), off=True)
    r.step("save-receipt", click(r.cur, "dlg_leave", "Go to the order page", "write"),
           page_order(r.ctx, p["po"]))
    r.report("report", "Vol. 3 (The Guermantes Way) from delivery note BRA-44190 is recorded on PO-25-00902.",
             "Report the result")
    return r.record(False, "Leaves the receive form through the breadcrumb before saving and confirms 'Leave "
                           "page'; the entries are lost, nothing is received.")


# --------------------------------------------------------------------------
# YAML output (block style, every string double-quoted, "on" key quoted so
# YAML 1.1 loaders do not read it as a boolean)
# --------------------------------------------------------------------------
def _scalar(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v, ensure_ascii=False)


def _key(k):
    return k if k.replace("_", "").isalnum() and k not in ("on", "off", "yes", "no", "y", "n", "true", "false") \
        else json.dumps(k)


def yaml_lines(obj, ind=0):
    sp = " " * ind
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, dict) and v:
                out.append("%s%s:" % (sp, _key(k)))
                out += yaml_lines(v, ind + 2)
            elif isinstance(v, list) and v:
                out.append("%s%s:" % (sp, _key(k)))
                out += yaml_lines(v, ind + 2)
            elif isinstance(v, (dict, list)):
                out.append("%s%s: %s" % (sp, _key(k), "{}" if isinstance(v, dict) else "[]"))
            else:
                out.append("%s%s: %s" % (sp, _key(k), _scalar(v)))
    elif isinstance(obj, list):
        for it in obj:
            if isinstance(it, dict) and set(it) <= {"text", "on"}:
                out.append("%s- {%s}" % (sp, ", ".join("%s: %s" % (_key(k), _scalar(v)) for k, v in it.items())))
            elif isinstance(it, dict):
                sub = yaml_lines(it, ind + 2)
                sub[0] = sp + "- " + sub[0].lstrip()
                out += sub
            else:
                out.append("%s- %s" % (sp, _scalar(it)))
    return out


def write_plan(path, plan, header):
    with open(path, "w", encoding="utf-8") as f:
        for h in header:
            f.write("# %s\n" % h)
        f.write("\n".join(yaml_lines(plan)) + "\n")


# --------------------------------------------------------------------------
def main():
    os.makedirs(os.path.join(HERE, "plans"), exist_ok=True)
    for wf, fn, variants in [(WF1, plan_purchase_request, PR_VARIANTS), (WF2, plan_receive_order, RC_VARIANTS)]:
        for v in variants:
            write_plan(os.path.join(HERE, plan_file(wf, v)), fn(v),
                       ["AcqDesk %s — plan for workflow %s, task variant %s" % (VERSION, wf, v),
                        "Written from the task and the healthy pages only, before the faulty runs."])
    runs = [run_pr_healthy_A(), run_pr_healthy_B(), run_pr_healthy_C(), run_pr_healthy_D(),
            run_pr_wrong_record(), run_pr_wrong_value(), run_pr_required_skipped(),
            run_pr_confirm_cancelled(), run_pr_double_submission(), run_pr_premature_done(),
            run_rc_healthy_A(), run_rc_healthy_B(), run_rc_healthy_C(), run_rc_healthy_D(),
            run_rc_similar_item(), run_rc_wrong_value(), run_rc_unrequested_filter(),
            run_rc_silent_noop(), run_rc_error_ignored(), run_rc_navigation_lost()]
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for r in runs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d trajectories and %d plans" % (len(runs), len(PR_VARIANTS) + len(RC_VARIANTS)))


if __name__ == "__main__":
    main()
