#!/usr/bin/env python3
"""Build the SiteLease web-agent trajectory corpus.

SiteLease Console is the site-leasing console of Meridian Tower Partners, a
(fictional) telecom tower company.  Two workflows are covered:

  lease-install     add a new tenant antenna installation to a tower site's
                    tenant lease, with its rent escalation, and save it so the
                    lease rent schedule is amended;
  ground-rent-dispute
                    record a landowner's dispute of a ground-rent payment and
                    put the payment on hold.

Writes corpus.jsonl and plans/*.yaml next to this file (or under --out).
Python standard library only; every random choice uses a fixed seed, so two
runs produce byte-identical files.
"""
import argparse
import copy
import json
import os
import random
import sys
from datetime import date
from urllib.parse import quote as _urlq

HERE = os.path.dirname(os.path.abspath(__file__))

BASE = "https://sitelease.meridiantowers.net"
PRODUCT = "SiteLease Console"
VERSION = "4.12.3"
BUILD = "2024.05.07-r2"
ORG = "Meridian Tower Partners, LLC"
USER_NAME = "Dana Okafor"
USER_LOGIN = "dokafor@meridiantowers.net"
USER_ROLE = "Lease Administrator"
USER_SCOPE = "Southern Region (South Central, Ozarks & Plains, Gulf Coast)"
TODAY = date(2024, 5, 14)

# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def d_iso(s):
    y, m, d = (int(x) for x in s.split("-"))
    return date(y, m, d)


def fmt_d(s):
    """'2024-07-01' -> '01 Jul 2024'."""
    dd = d_iso(s)
    return "%02d %s %d" % (dd.day, MONTHS[dd.month - 1], dd.year)


def add_months(s, n):
    dd = d_iso(s)
    y, m = dd.year, dd.month - 1 + n
    y += m // 12
    m = m % 12 + 1
    return "%04d-%02d-%02d" % (y, m, min(dd.day, 28))


def money(x):
    return "${:,.2f}".format(x)


def parse_money(s):
    try:
        return float(str(s).replace("$", "").replace(",", "").strip())
    except ValueError:
        return None


def valid_iso(s):
    try:
        d_iso(s)
        return len(s) == 10
    except Exception:
        return False


def clock(secs):
    """seconds since midnight -> '09:41 CDT'."""
    return "%02d:%02d CDT" % (secs // 3600, (secs // 60) % 60)


def q(s):
    return repr(s)


# ---------------------------------------------------------------------------
# reference data (the application's records)
# ---------------------------------------------------------------------------

PORTFOLIO = {"TX": "South Central", "OK": "Ozarks & Plains", "AR": "Ozarks & Plains", "LA": "Gulf Coast"}

# id, name, county, state, structure, height ft, lat, lon, FAA ASR, landowner id, ground lease, structural capacity used %
_SITES = [
    ("MTP-TX-04417", "Cedar Hollow", "Bastrop", "TX", "Monopole", 180, "30.16824", "-97.31402", "1287342", "OWN-10233", "GL-04417-01", 62),
    ("MTP-TX-04471", "Cedar Hollow North", "Bastrop", "TX", "Self-support", 195, "30.22190", "-97.29871", "1291186", "OWN-10323", "GL-04471-01", 71),
    ("MTP-TX-04147", "Cedar Creek Lake", "Henderson", "TX", "Guyed", 300, "32.18377", "-96.07012", "1203419", "OWN-10561", "GL-04147-01", 54),
    ("MTP-TX-04418", "Cedar Hill Road", "Bastrop", "TX", "Monopole", 150, "30.12908", "-97.35566", "1288020", "OWN-10612", "GL-04418-01", 48),
    ("MTP-TX-03982", "Pflugerville East", "Travis", "TX", "Monopole", 150, "30.44791", "-97.57344", "1265701", "OWN-10845", "GL-03982-01", 66),
    ("MTP-TX-05120", "Lockhart Bypass", "Caldwell", "TX", "Monopole", 165, "29.87650", "-97.67113", "1299804", "OWN-10902", "GL-05120-01", 39),
    ("MTP-TX-05577", "Smithville Rail", "Bastrop", "TX", "Self-support", 250, "30.00862", "-97.15921", "1302117", "OWN-10992", "GL-05577-01", 58),
    ("MTP-TX-04911", "Giddings North", "Lee", "TX", "Guyed", 340, "30.21488", "-96.93640", "1295530", "OWN-10644", "GL-04911-01", 44),
    ("MTP-TX-06031", "Round Rock Water Tank", "Williamson", "TX", "Water tank", 142, "30.51206", "-97.67840", "N/A", "OWN-10718", "GL-06031-01", 77),
    ("MTP-TX-06013", "Round Rock Stadium", "Williamson", "TX", "Light standard", 110, "30.53017", "-97.69222", "N/A", "OWN-10730", "GL-06013-01", 81),
    ("MTP-OK-02265", "Pine Ridge", "Le Flore", "OK", "Self-support", 200, "34.91630", "-94.62281", "1276640", "OWN-11420", "GL-02265-01", 57),
    ("MTP-OK-02256", "Pine Ridge South", "Le Flore", "OK", "Monopole", 160, "34.87215", "-94.60110", "1276612", "OWN-11436", "GL-02256-01", 69),
    ("MTP-OK-02625", "Pineridge Road", "McCurtain", "OK", "Monopole", 150, "34.05531", "-94.74302", "1280077", "OWN-11558", "GL-02625-01", 35),
    ("MTP-OK-02710", "Sallisaw Junction", "Sequoyah", "OK", "Self-support", 220, "35.46025", "-94.78760", "1281950", "OWN-11807", "GL-02710-01", 63),
    ("MTP-OK-02701", "Sallisaw East", "Sequoyah", "OK", "Monopole", 140, "35.45110", "-94.74028", "1281944", "OWN-11870", "GL-02701-01", 41),
    ("MTP-LA-01138", "Bayou Teche", "St. Martin", "LA", "Guyed", 320, "30.28841", "-91.83129", "1240563", "OWN-12110", "GL-01138-01", 59),
    ("MTP-LA-01183", "Bayou Teche West", "St. Martin", "LA", "Self-support", 260, "30.27566", "-91.86905", "1240590", "OWN-12181", "GL-01183-01", 52),
    ("MTP-LA-01422", "Breaux Bridge", "St. Martin", "LA", "Monopole", 170, "30.27350", "-91.89931", "1251178", "OWN-12094", "GL-01422-02", 60),
    ("MTP-LA-01242", "Breaux Bridge South", "St. Martin", "LA", "Monopole", 150, "30.24012", "-91.90277", "1245031", "OWN-12049", "GL-01242-01", 46),
    ("MTP-AR-00764", "Ozark Gap", "Franklin", "AR", "Self-support", 250, "35.63390", "-93.80752", "1219846", "OWN-12577", "GL-00764-01", 50),
    ("MTP-AR-00812", "Mena Ridge", "Polk", "AR", "Guyed", 400, "34.58612", "-94.22340", "1222093", "OWN-12611", "GL-00812-01", 47),
]
SITES = {}
for _s in _SITES:
    SITES[_s[0]] = dict(id=_s[0], name=_s[1], county=_s[2], state=_s[3], structure=_s[4], height=_s[5],
                        lat=_s[6], lon=_s[7], asr=_s[8], owner=_s[9], gl=_s[10], capacity=_s[11],
                        portfolio=PORTFOLIO[_s[3]])

# landowners: id -> name, contact, phone, address, payee method
OWNERS = {
    "OWN-10233": ("Prewitt Family Trust", "Harold Prewitt, trustee", "(512) 555-0148", "PO Box 412, Bastrop, TX 78602", "ACH · First National Bank of Bastrop ••6620"),
    "OWN-10323": ("Prewett Ranch LLC", "Carla Prewett, manager", "(512) 555-0193", "1880 FM 969, Bastrop, TX 78602", "ACH · Texas Capital Bank ••1907"),
    "OWN-10561": ("Kemp Independent School District", "Business Office", "(903) 555-0102", "1208 S Elm St, Kemp, TX 75143", "Check"),
    "OWN-10612": ("Wendell & Marisol Kasper", "Wendell Kasper", "(512) 555-0175", "311 Cedar Hill Rd, Bastrop, TX 78602", "ACH · Frost Bank ••2208"),
    "OWN-10644": ("Lee County Farm Bureau", "Doris Hahn, secretary", "(979) 555-0137", "PO Box 9, Giddings, TX 78942", "ACH · Citizens State Bank ••0481"),
    "OWN-10718": ("City of Round Rock", "Finance Department", "(512) 555-0100", "221 E Main St, Round Rock, TX 78664", "ACH · JPMorgan Chase ••7720"),
    "OWN-10730": ("Round Rock ISD", "Facilities Services", "(512) 555-0131", "1311 Round Rock Ave, Round Rock, TX 78681", "ACH · Wells Fargo ••4116"),
    "OWN-10845": ("Pflugerville Community Church", "Pastor Glen Odum", "(512) 555-0160", "1400 E Pecan St, Pflugerville, TX 78660", "Check"),
    "OWN-10902": ("Lockhart Feed & Supply, Inc.", "Ray Villarreal", "(512) 555-0119", "902 S Colorado St, Lockhart, TX 78644", "ACH · Lockhart National ••3349"),
    "OWN-10992": ("Bastrop Rail Holdings LLC", "Accounts Receivable", "(512) 555-0184", "PO Box 1550, Smithville, TX 78957", "ACH · Broadway Bank ••6075"),
    "OWN-11420": ("Le Flore Timber Co.", "Jim Crabtree", "(918) 555-0153", "HC 64 Box 210, Heavener, OK 74937", "ACH · Arvest Bank ••8891"),
    "OWN-11436": ("Pine Ridge Cemetery Association", "Martha Noel, treasurer", "(918) 555-0108", "Rt 1 Box 77, Talihina, OK 74571", "Check"),
    "OWN-11558": ("McCurtain County Baptist Association", "Rev. Tom Ellery", "(580) 555-0142", "PO Box 318, Idabel, OK 74745", "Check"),
    "OWN-11807": ("Oleta Birdsong", "Oleta Birdsong", "(918) 555-0126", "Rt 2 Box 88, Sallisaw, OK 74955", "Check · mailed to payee"),
    "OWN-11870": ("Birdsong Farms LP", "Dale Birdsong, general partner", "(918) 555-0171", "4410 S Kerr Blvd, Sallisaw, OK 74955", "ACH · Armstrong Bank ••5512"),
    "OWN-12110": ("Teche Ridge Holdings LLC", "Paul Guidry", "(337) 555-0189", "PO Box 60, St. Martinville, LA 70582", "ACH · Iberiabank ••2290"),
    "OWN-12181": ("Arceneaux Family LLC", "Jolie Arceneaux", "(337) 555-0147", "2231 Bridge St, Breaux Bridge, LA 70517", "ACH · Home Bank ••0065"),
    "OWN-12094": ("Thibodeaux Land Co., LLC", "Renée Thibodeaux, managing member", "(337) 555-0110", "105 Rue Principale, Breaux Bridge, LA 70517", "ACH · Home Bank ••3380"),
    "OWN-12049": ("Thibodaux Farms Partnership", "Luc Thibodaux", "(337) 555-0164", "1650 Grand Anse Hwy, Breaux Bridge, LA 70517", "ACH · MC Bank ••7731"),
    "OWN-12577": ("Ozark Gap Cattle Co.", "Brent Mowery", "(479) 555-0122", "PO Box 14, Ozark, AR 72949", "ACH · Farmers Bank ••4402"),
    "OWN-12611": ("Polk County Hunting Club", "Earl Suggs", "(479) 555-0199", "PO Box 305, Mena, AR 71953", "Check"),
}

# tenant leases: id -> site, tenant, type, status, commencement, expiry, escalation text, installations
# installation: (INS id, equipment, qty, RAD ft, mount, status, monthly rent, commenced)
_LEASES = [
    ("LSE-2019-00831", "MTP-TX-04417", "Corvane Mobile", "MLA site supplement", "Active", "2019-08-01", "2029-07-31", "3% annually on 1 Aug",
     [("INS-0771204", "CommScope SBNHH-1D65B", 6, 152, "Sector frame", "On air", 1744.58, "2019-08-01"),
      ("INS-0815530", "Ericsson RRUS 4449 B5/B12", 3, 150, "Sector frame", "On air", 668.02, "2021-02-01")]),
    ("LSE-2016-00217", "MTP-TX-04417", "Northline Wireless", "Site lease", "Active", "2016-03-01", "2026-02-28", "2.5% annually on 1 Mar",
     [("INS-0650187", "Andrew LNX-6515DS", 9, 168, "Platform", "On air", 2873.40, "2016-03-01")]),
    ("LSE-2022-01904", "MTP-TX-04417", "Brazos Valley Electric Co-op", "Utility license", "Active", "2022-10-01", "2032-09-30", "2% annually on 1 Oct",
     [("INS-0841172", "Omni 900 MHz SCADA whip", 1, 95, "Side-arm", "On air", 480.00, "2022-10-01")]),
    ("LSE-2019-00381", "MTP-TX-04471", "Corvane Mobile", "MLA site supplement", "Active", "2019-04-01", "2029-03-31", "3% annually on 1 Apr",
     [("INS-0768840", "CommScope SBNHH-1D65B", 6, 160, "Sector frame", "On air", 2288.00, "2019-04-01")]),
    ("LSE-2020-00918", "MTP-TX-04471", "Tessera PCS", "Site lease", "Active", "2020-09-01", "2030-08-31", "15% every 5 years",
     [("INS-0799015", "RFS APXVAARR24_43", 6, 178, "Platform", "On air", 2150.00, "2020-09-01")]),
    ("LSE-2017-00455", "MTP-TX-04147", "Bluepeak Communications", "Site lease", "Active", "2017-05-01", "2027-04-30", "3% annually on 1 May",
     [("INS-0702231", "Kathrein 80010766", 6, 285, "Platform", "On air", 2511.12, "2017-05-01")]),
    ("LSE-2018-00719", "MTP-TX-04418", "Northline Wireless", "Site lease", "Active", "2018-07-01", "2028-06-30", "2.5% annually on 1 Jul",
     [("INS-0738804", "Andrew SBNHH-1D45C", 3, 140, "T-arm", "On air", 1410.50, "2018-07-01")]),
    ("LSE-2020-00803", "MTP-TX-03982", "Corvane Mobile", "MLA site supplement", "Active", "2020-06-01", "2030-05-31", "3% annually on 1 Jun",
     [("INS-0795519", "Ericsson AIR 3246 B66", 3, 141, "Sector frame", "On air", 1820.00, "2020-06-01")]),
    ("LSE-2023-01958", "MTP-TX-05120", "Halcyon Broadband", "License", "Active", "2023-09-01", "2033-08-31", "3% annually on 1 Sep",
     [("INS-0860047", "Cambium PMP 450m", 3, 120, "Side-arm", "On air", 950.00, "2023-09-01")]),
    ("LSE-2019-00883", "MTP-TX-06031", "Tessera PCS", "Site lease", "Active", "2019-10-01", "2029-09-30", "3% annually on 1 Oct",
     [("INS-0779460", "RFS APXV18-206517S", 6, 128, "Parapet mount", "On air", 2640.00, "2019-10-01")]),
    ("LSE-2021-01472", "MTP-OK-02265", "Northline Wireless", "Site lease", "Active", "2021-11-15", "2031-11-14", "2.5% annually on 15 Nov",
     [("INS-0828401", "Nokia AAHF AirScale", 3, 172, "Sector frame", "On air", 1410.00, "2021-11-15"),
      ("INS-0828402", "Nokia AHFIG RRH", 3, 170, "Sector frame", "On air", 550.00, "2021-11-15")]),
    ("LSE-2018-00640", "MTP-OK-02265", "Corvane Mobile", "MLA site supplement", "Active", "2018-02-01", "2028-01-31", "3% annually on 1 Feb",
     [("INS-0731178", "CommScope SBNHH-1D65A", 6, 190, "Platform", "On air", 2205.40, "2018-02-01")]),
    ("LSE-2021-01427", "MTP-OK-02256", "Northline Wireless", "Site lease", "Active", "2021-10-01", "2031-09-30", "2.5% annually on 1 Oct",
     [("INS-0826655", "Nokia AAHF AirScale", 3, 150, "Sector frame", "On air", 1655.00, "2021-10-01")]),
    ("LSE-2022-01711", "MTP-OK-02256", "Halcyon Broadband", "License", "Pending structural", "2024-06-01", "2034-05-31", "3% annually on 1 Jun",
     []),
    ("LSE-2021-01742", "MTP-OK-02625", "Northlink Wireless", "Site lease", "Active", "2021-12-01", "2031-11-30", "2.5% annually on 1 Dec",
     [("INS-0831190", "CommScope NHH-65B-R2B", 3, 128, "T-arm", "On air", 1320.00, "2021-12-01")]),
    ("LSE-2019-01012", "MTP-OK-02710", "Northline Wireless", "Site lease", "Active", "2019-12-01", "2029-11-30", "2.5% annually on 1 Dec",
     [("INS-0784422", "Andrew LNX-6515DS", 6, 205, "Platform", "On air", 1985.00, "2019-12-01")]),
    ("LSE-2024-02031", "MTP-OK-02710", "Halcyon Broadband", "License", "Active", "2024-03-01", "2034-02-28", "3% annually on 1 Mar",
     [("INS-0871309", "Cambium PMP 450i", 3, 150, "Side-arm", "On air", 1750.00, "2024-03-01")]),
    ("LSE-2018-00562", "MTP-LA-01138", "Tessera PCS", "Site lease", "Active", "2018-06-01", "2033-05-31", "15% every 5 years",
     [("INS-0742290", "RFS APXVTM14-C-120", 6, 230, "Platform", "On air", 2415.00, "2018-06-01"),
      ("INS-0790113", "Ericsson RRUS 8843 B2/B66", 3, 228, "Platform", "On air", 690.00, "2020-03-01")]),
    ("LSE-2015-00102", "MTP-LA-01138", "Northline Wireless", "Site lease", "Active", "2015-01-01", "2025-12-31", "2.5% annually on 1 Jan",
     [("INS-0610054", "Andrew DBXLH-6565B", 6, 265, "Platform", "On air", 2960.80, "2015-01-01")]),
    ("LSE-2020-01066", "MTP-LA-01138", "St. Martin Parish Sheriff", "Public safety license", "Active", "2020-11-01", "2040-10-31", "None (public safety)",
     [("INS-0803391", "Sinclair SC479-HF1LDF P25 omni", 2, 300, "Side-arm", "On air", 0.00, "2020-11-01")]),
    ("LSE-2018-00526", "MTP-LA-01183", "Tessera PCS", "Site lease", "Active", "2018-05-01", "2028-04-30", "15% every 5 years",
     [("INS-0741966", "RFS APXVTM14-C-120", 6, 210, "Platform", "On air", 2530.00, "2018-05-01")]),
    ("LSE-2019-00977", "MTP-LA-01422", "Corvane Mobile", "MLA site supplement", "Active", "2019-09-01", "2029-08-31", "3% annually on 1 Sep",
     [("INS-0781250", "CommScope SBNHH-1D65B", 6, 162, "Sector frame", "On air", 2101.90, "2019-09-01")]),
    ("LSE-2020-01120", "MTP-LA-01242", "Northline Wireless", "Site lease", "Active", "2020-12-01", "2030-11-30", "2.5% annually on 1 Dec",
     [("INS-0805530", "Andrew SBNHH-1D45C", 3, 140, "T-arm", "On air", 1590.00, "2020-12-01")]),
    ("LSE-2017-00390", "MTP-AR-00764", "Corvane Mobile", "MLA site supplement", "Active", "2017-03-01", "2027-02-28", "3% annually on 1 Mar",
     [("INS-0698832", "CommScope SBNHH-1D65A", 6, 235, "Platform", "On air", 2398.15, "2017-03-01")]),
    ("LSE-2016-00288", "MTP-AR-00812", "Northline Wireless", "Site lease", "Active", "2016-08-01", "2026-07-31", "2.5% annually on 1 Aug",
     [("INS-0661407", "Andrew LNX-6515DS", 9, 380, "Platform", "On air", 3105.75, "2016-08-01")]),
    ("LSE-2016-00271", "MTP-TX-05577", "Corvane Mobile", "MLA site supplement", "Terminated", "2016-05-01", "2023-04-30", "3% annually on 1 May",
     []),
]
LEASES = {}
for _l in _LEASES:
    LEASES[_l[0]] = dict(id=_l[0], site=_l[1], tenant=_l[2], type=_l[3], status=_l[4], start=_l[5], end=_l[6],
                         esc=_l[7],
                         installs=[dict(id=i[0], model=i[1], qty=i[2], rad=i[3], mount=i[4], status=i[5],
                                        rent=i[6], start=i[7], esc=_l[7]) for i in _l[8]])

TENANT_CONTACT = {
    "Corvane Mobile": "Corvane Mobile — Site Development, Dallas",
    "Northline Wireless": "Northline Wireless — Real Estate Ops, Kansas City",
    "Tessera PCS": "Tessera PCS — Network Real Estate, Houston",
    "Halcyon Broadband": "Halcyon Broadband — Field Engineering, Tulsa",
}

# ground leases: id -> site, owner, base rent, escalation clause, commencement, expiry, extra
GROUND = {
    "GL-04417-01": dict(site="MTP-TX-04417", owner="OWN-10233", start="2004-05-01", end="2034-04-30",
                        clause="Rent increases 3% on each 1 May anniversary", rent=1850.00,
                        last_esc="2023-05-01", next_esc="2024-05-01", revshare="None"),
    "GL-04471-01": dict(site="MTP-TX-04471", owner="OWN-10323", start="2006-04-01", end="2036-03-31",
                        clause="Rent increases 2.5% on each 1 April anniversary", rent=1760.00,
                        last_esc="2024-04-01", next_esc="2025-04-01", revshare="None"),
    "GL-02710-01": dict(site="MTP-OK-02710", owner="OWN-11807", start="2009-12-01", end="2039-11-30",
                        clause="Fixed rent; 10% increase each 5-year renewal term", rent=975.00,
                        last_esc="2019-12-01", next_esc="2024-12-01",
                        revshare="25% of gross rent from each tenant after the first"),
    "GL-01422-02": dict(site="MTP-LA-01422", owner="OWN-12094", start="2012-09-01", end="2042-08-31",
                        clause="CPI-U adjustment each 1 September, floor 2%, cap 4%", rent=2980.00,
                        last_esc="2023-09-01", next_esc="2024-09-01", revshare="None"),
}

# ground-rent payments for May 2024 (and a few April ones)
# id, ground lease, site, owner, period, due, amount, method, status, batch
_PAYMENTS = [
    ("GRP-24-0518372", "GL-04417-01", "MTP-TX-04417", "OWN-10233", "May 2024", "2024-05-20", 1850.00, "ACH", "Scheduled", "ACH-240517-01"),
    ("GRP-24-0518327", "GL-04471-01", "MTP-TX-04471", "OWN-10323", "May 2024", "2024-05-20", 1760.00, "ACH", "Scheduled", "ACH-240517-01"),
    ("GRP-24-0518409", "GL-04147-01", "MTP-TX-04147", "OWN-10561", "May 2024", "2024-05-20", 2200.00, "Check", "Scheduled", "CHK-240517"),
    ("GRP-24-0518415", "GL-04418-01", "MTP-TX-04418", "OWN-10612", "May 2024", "2024-05-20", 900.00, "ACH", "Scheduled", "ACH-240517-01"),
    ("GRP-24-0516020", "GL-03982-01", "MTP-TX-03982", "OWN-10845", "May 2024", "2024-05-16", 1320.00, "Check", "Scheduled", "CHK-240515"),
    ("GRP-24-0501118", "GL-05120-01", "MTP-TX-05120", "OWN-10902", "May 2024", "2024-05-01", 1100.00, "ACH", "Paid", "ACH-240429-01"),
    ("GRP-24-0501133", "GL-05577-01", "MTP-TX-05577", "OWN-10992", "May 2024", "2024-05-01", 2450.00, "ACH", "Paid", "ACH-240429-01"),
    ("GRP-24-0501176", "GL-04911-01", "MTP-TX-04911", "OWN-10644", "May 2024", "2024-05-01", 1975.00, "ACH", "Paid", "ACH-240429-01"),
    ("GRP-24-0515044", "GL-06031-01", "MTP-TX-06031", "OWN-10718", "May 2024", "2024-05-15", 3400.00, "ACH", "Processing", "ACH-240514-02"),
    ("GRP-24-0515061", "GL-06013-01", "MTP-TX-06013", "OWN-10730", "May 2024", "2024-05-15", 2950.00, "ACH", "Processing", "ACH-240514-02"),
    ("GRP-24-0520914", "GL-02710-01", "MTP-OK-02710", "OWN-11807", "May 2024", "2024-05-25", 975.00, "Check", "Scheduled", "CHK-240522"),
    ("GRP-24-0520941", "GL-02701-01", "MTP-OK-02701", "OWN-11870", "May 2024", "2024-05-25", 1150.00, "ACH", "On hold", "—"),
    ("GRP-24-0520877", "GL-02265-01", "MTP-OK-02265", "OWN-11420", "May 2024", "2024-05-25", 1400.00, "ACH", "Scheduled", "ACH-240522-01"),
    ("GRP-24-0520860", "GL-02256-01", "MTP-OK-02256", "OWN-11436", "May 2024", "2024-05-25", 650.00, "Check", "Scheduled", "CHK-240522"),
    ("GRP-24-0520851", "GL-02625-01", "MTP-OK-02625", "OWN-11558", "May 2024", "2024-05-25", 720.00, "Check", "Scheduled", "CHK-240522"),
    ("GRP-24-0511206", "GL-01422-02", "MTP-LA-01422", "OWN-12094", "May 2024", "2024-05-17", 2300.00, "ACH", "Scheduled", "ACH-240517-01"),
    ("GRP-24-0512106", "GL-01242-01", "MTP-LA-01242", "OWN-12049", "May 2024", "2024-05-17", 2300.00, "ACH", "Scheduled", "ACH-240517-01"),
    ("GRP-24-0511138", "GL-01138-01", "MTP-LA-01138", "OWN-12110", "May 2024", "2024-05-17", 2750.00, "ACH", "Scheduled", "ACH-240517-01"),
    ("GRP-24-0511183", "GL-01183-01", "MTP-LA-01183", "OWN-12181", "May 2024", "2024-05-17", 1980.00, "ACH", "Scheduled", "ACH-240517-01"),
    ("GRP-24-0522764", "GL-00764-01", "MTP-AR-00764", "OWN-12577", "May 2024", "2024-05-22", 1050.00, "ACH", "Scheduled", "ACH-240522-01"),
    ("GRP-24-0522812", "GL-00812-01", "MTP-AR-00812", "OWN-12611", "May 2024", "2024-05-22", 800.00, "Check", "Scheduled", "CHK-240522"),
    ("GRP-24-0418372", "GL-04417-01", "MTP-TX-04417", "OWN-10233", "Apr 2024", "2024-04-20", 1850.00, "ACH", "Paid", "ACH-240417-01"),
    ("GRP-24-0418327", "GL-04471-01", "MTP-TX-04471", "OWN-10323", "Apr 2024", "2024-04-20", 1760.00, "ACH", "Paid", "ACH-240417-01"),
]
PAYMENTS = {}
for _p in _PAYMENTS:
    PAYMENTS[_p[0]] = dict(id=_p[0], gl=_p[1], site=_p[2], owner=_p[3], period=_p[4], due=_p[5], amount=_p[6],
                           method=_p[7], status=_p[8], batch=_p[9], disputes=[], hold=None, events=[],
                           breakdown=[("Base ground rent", _p[6])])
PAYMENTS["GRP-24-0520914"]["breakdown"] = [("Base ground rent", 975.00), ("Revenue share (additional tenants)", 0.00)]
PAYMENTS["GRP-24-0518372"]["breakdown"] = [("Base ground rent", 1850.00), ("Escalation adjustment", 0.00)]
PAYMENTS["GRP-24-0511206"]["breakdown"] = [("Base ground rent", 2980.00), ("Property tax reimbursement offset (2024)", -340.00),
                                           ("Property tax reimbursement offset (2024)", -340.00)]
PAYMENTS["GRP-24-0520941"]["hold"] = dict(id="HLD-24-00398", reason="W-9 missing", by="Marcus Lee", at="09 May 2024 14:12 CDT")
PAYMENTS["GRP-24-0418327"]["disputes"] = [dict(id="DSP-000915", type="Late payment", claimed=1760.00, status="Open")]

DISPUTES_OPEN = [
    ("DSP-000915", "Prewett Ranch LLC", "GRP-24-0418327", "Late payment", "Open", "Marcus Lee"),
    ("DSP-000916", "Birdsong Farms LP", "GRP-24-0420941", "Payee / ownership", "Open", "Dana Okafor"),
    ("DSP-000912", "Thibodaux Farms Partnership", "GRP-24-0412106", "Amount incorrect", "Awaiting landowner", "Dana Okafor"),
    ("DSP-000909", "Kemp Independent School District", "GRP-24-0318409", "Other", "Open", "Priya Raman"),
]

DISPUTE_TYPES = ["— Select type —", "Amount incorrect", "Escalation not applied", "Revenue share not paid",
                 "Payee / ownership", "Late payment", "Tax reimbursement", "Other"]
RECEIVED_VIA = ["— Select —", "Letter", "Email", "Phone call", "Landowner portal", "In person"]
HOLD_REASONS = ["Dispute pending", "Payee verification", "W-9 missing", "Title / ownership change", "Legal hold", "Other"]
ESC_TYPES = ["None", "Fixed percentage", "Fixed amount", "CPI-U (floor/cap)"]
MOUNT_TYPES = ["Sector frame", "Platform", "T-arm", "Side-arm", "Parapet mount", "Ballast frame"]
INSTALL_TYPES = ["New installation", "Modification", "Equipment swap", "Temporary (COW)"]

# global-search index helpers ------------------------------------------------


def _adjacent_swap_or_one_off(a, b):
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    if len(diff) == 1:
        return True
    if len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]:
        return True
    return False


def _lev(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _norm(s):
    return "".join(ch for ch in s.lower() if ch.isalnum())


def search_index(w):
    """(kind, id, title, detail, searchable names) for every record."""
    out = []
    for s in SITES.values():
        out.append(("Sites", s["id"], "%s %s" % (s["id"], s["name"]),
                    "%s County, %s · %s %d ft · %s" % (s["county"], s["state"], s["structure"], s["height"], s["portfolio"]),
                    [s["name"]]))
    for l in w["leases"].values():
        s = SITES[l["site"]]
        out.append(("Leases", l["id"], "%s %s" % (l["id"], l["tenant"]),
                    "%s · %s %s · %s" % (l["type"], s["id"], s["name"], l["status"]), [l["tenant"]]))
    for p in w["payments"].values():
        s = SITES[p["site"]]
        out.append(("Ground rent payments", p["id"], "%s %s" % (p["id"], OWNERS[p["owner"]][0]),
                    "%s · %s %s · %s · due %s · %s" % (p["period"], s["id"], s["name"], money(p["amount"]), fmt_d(p["due"]), p["status"]),
                    [OWNERS[p["owner"]][0]]))
    for oid, o in OWNERS.items():
        sites = [s for s in SITES.values() if s["owner"] == oid]
        out.append(("Landowners", oid, "%s %s" % (o[0], oid),
                    "%s · %s" % (o[3], ", ".join(s["id"] for s in sites)), [o[0]]))
    return out


def run_search(w, query):
    qn = query.strip().upper()
    qnorm = _norm(query)
    hits = []
    for kind, rid, title, detail, names in search_index(w):
        badge = None
        if rid.upper() == qn:
            badge = "Exact match"
        elif _adjacent_swap_or_one_off(rid.upper(), qn):
            badge = "Similar ID"
        elif len(qnorm) >= 4 and any(qnorm in _norm(n) for n in names):
            badge = "Name match"
        elif len(qnorm) >= 5 and any(_lev(qnorm, _norm(n)[:len(qnorm)]) <= 1 for n in names):
            badge = "Similar name"
        if badge:
            rank = {"Exact match": 0, "Name match": 1, "Similar ID": 2, "Similar name": 3}[badge]
            if badge == "Name match" and any(_norm(n) == qnorm for n in names):
                rank = 0
            hits.append((rank, kind, rid, title, detail, badge))
    hits.sort(key=lambda h: (h[0], h[2]))
    suggestion = None
    if not hits and "-" in qn:
        cands = sorted(rid for _, rid, _, _, _ in search_index(w) if _lev(rid.upper(), qn) == 1)
        suggestion = cands[0] if cands else None
    return hits, suggestion


# ---------------------------------------------------------------------------
# accessibility-tree builder (BrowserGym flattened AXTree style)
# ---------------------------------------------------------------------------

class Doc:
    """One loaded document.  Elements keep their bid while the document lives;
    elements that appear later get fresh, higher bids (as BrowserGym does)."""

    def __init__(self):
        self.reg = {}
        self.n = 0
        self.rng = random.Random(4242)

    def bid(self, key):
        if key not in self.reg:
            self.n += self.rng.choice((1, 1, 1, 2, 2, 3, 5))
            self.reg[key] = str(self.n)
        return self.reg[key]


class _Ctx:
    def __init__(self, p, nodekey):
        self.p, self.nodekey = p, nodekey

    def __enter__(self):
        self.p.d += 1
        self.p.stack.append(self.nodekey)
        return self.p

    def __exit__(self, *exc):
        self.p.d -= 1
        self.p.stack.pop()
        return False


class Page:
    def __init__(self, doc, url, title, focus=None):
        self.doc, self.url, self.title, self.focus = doc, url, title, focus
        self.lines = ["RootWebArea %s, focused" % q(title)]
        self.d = 1
        self.targets = {}
        self._occ = {}
        self._used = set()
        self.stack = []

    def n(self, role, name="", key=None, value=None, attrs=(), bid=True):
        attrs = list(attrs)
        if key is not None and key == self.focus:
            attrs.append("focused")
        if key is None:
            # element identity = parent element + role + name + position among such siblings
            parent = self.stack[-1] if self.stack else None
            k = (parent, role, name)
            self._occ[k] = self._occ.get(k, 0) + 1
            ak = ("auto", parent, role, name, self._occ[k])
        else:
            ak = key
        if bid:
            b = self.doc.bid(ak)
            assert b not in self._used, (b, ak)
            self._used.add(b)
            s = "[%s] %s %s" % (b, role, q(name))
        else:
            b = None
            s = "%s %s" % (role, q(name))
        if value is not None:
            s += " value=%s" % q(value)
        if attrs:
            s += ", " + ", ".join(attrs)
        self.lines.append("\t" * self.d + s)
        if key is not None:
            assert key not in self.targets, key
            self.targets[key] = (b, "%s %s" % (role, q(name)))
        return _Ctx(self, ak)

    def t(self, text):
        self.lines.append("\t" * self.d + "StaticText %s" % q(text))

    # convenience
    def link(self, name, key=None):
        return self.n("link", name, key=key, attrs=["clickable"])

    def button(self, name, key=None, extra=()):
        return self.n("button", name, key=key, attrs=["clickable"] + list(extra))

    def dl(self, pairs):
        with self.n("DescriptionList", ""):
            for term, val in pairs:
                with self.n("term", ""):
                    self.t(term)
                with self.n("definition", ""):
                    if isinstance(val, tuple):      # (text, key) -> link
                        self.link(val[0], key=val[1])
                    else:
                        self.t(val)

    def table(self, name, headers, rows, link_col=None):
        """rows: list of (cells, keys) where keys maps column index -> target key."""
        with self.n("table", name):
            with self.n("rowgroup", ""):
                with self.n("row", " ".join(headers)):
                    for h in headers:
                        self.n("columnheader", h)
            with self.n("rowgroup", ""):
                for cells, keys in rows:
                    with self.n("row", " ".join(c for c in cells if c)):
                        for i, c in enumerate(cells):
                            with self.n("cell", c):
                                if keys and i in keys:
                                    self.link(c, key=keys[i])

    def combobox(self, name, options, value, key=None, extra=()):
        with self.n("combobox", name, key=key, value=value,
                    attrs=["clickable"] + list(extra) + ["hasPopup='menu'", "expanded=False"]):
            with self.n("listbox", ""):
                for o in options:
                    self.n("option", o, attrs=["selected=True"] if o == value else ["selected=False"])

    def text(self):
        return "\n".join(self.lines)


NAV = [("Dashboard", "/dashboard"), ("Sites", "/sites"), ("Leases", "/leases"), ("Tenants", "/tenants"),
       ("Installations", "/installations"), ("Amendments", "/amendments"), ("Ground leases", "/ground-leases"),
       ("Ground rent payments", "/ground-rent/payments"), ("Disputes", "/disputes"), ("Landowners", "/landowners"),
       ("Documents", "/documents"), ("Reports", "/reports"), ("Work queue", "/work-queue")]


def chrome_top(r, p, active, crumbs):
    w, st = r.w, r.st
    with p.n("banner", ""):
        p.link("Meridian Tower Partners SiteLease", key="home")
        with p.n("search", "Global search"):
            p.n("textbox", "Search sites, leases, payments, landowners", key="gsearch",
                value=st.get("gsearch") or None, attrs=["clickable"])
            p.button("Search", key="gsearch_btn")
        p.button("Notifications, %d unread" % w["unread"], extra=["hasPopup='menu'", "expanded=False"])
        p.link("Help")
        with p.button(USER_NAME, key="usermenu", extra=["hasPopup='menu'", "expanded=False"]):
            p.t(USER_NAME)
            p.t("%s · Southern Region" % USER_ROLE)
    with p.n("navigation", "Main menu"):
        with p.n("list", ""):
            for label, path in NAV:
                badge = {"Amendments": "%d drafts" % w["drafts"], "Disputes": "%d open" % w["open_disputes"],
                         "Work queue": str(w["queue"])}.get(label)
                name = label + (" " + badge if badge else "")
                with p.n("listitem", ""):
                    attrs = ["clickable"] + (["current='page'"] if label == active else [])
                    p.n("link", name, key="nav:" + label, attrs=attrs)
    if crumbs:
        with p.n("navigation", "Breadcrumb"):
            with p.n("list", ""):
                for i, c in enumerate(crumbs):
                    with p.n("listitem", ""):
                        if i < len(crumbs) - 1:
                            p.link(c, key="crumb:%d" % i)
                        else:
                            p.t(c)


def chrome_bottom(r, p):
    with p.n("contentinfo", ""):
        p.t("%s %s (build %s)" % (PRODUCT, VERSION, BUILD))
        p.t("© 2024 %s. All rights reserved." % ORG)
        with p.n("list", "Footer links"):
            for l in ("Help center", "Release notes", "System status", "Privacy notice", "Terms of use", "Accessibility"):
                with p.n("listitem", ""):
                    p.link(l)
        p.t("Signed in as %s" % USER_LOGIN)
        with p.n("timer", "Server time"):
            p.t("Tue 14 May 2024, %s" % clock(r.t))
        p.t("Environment: Production · Data refreshed 14 May 2024 06:00 CDT")
    with p.n("region", "Notifications", key="live", attrs=["live='polite'", "atomic", "relevant='additions text'"]):
        for i, msg in enumerate(r.st.get("toasts") or []):
            with p.n("status", "", key="toast:%d" % i):
                p.t(msg)
                p.button("Dismiss notification", key="toast_dismiss:%d" % i)


def frame(r, url, title, active, crumbs, body, dialog=None):
    p = Page(r.doc, BASE + url, title, focus=r.st.get("focus"))
    chrome_top(r, p, active, crumbs)
    with p.n("main", ""):
        if r.st.get("alert"):
            with p.n("alert", "", key="alert", attrs=["live='assertive'", "atomic", "relevant='additions text'"]):
                for line in r.st["alert"]:
                    p.t(line)
        body(p)
    chrome_bottom(r, p)
    if dialog:
        dialog(p)
    return p


def recent_panel(r, p, exclude=None, title="Recently viewed"):
    with p.n("region", title):
        p.n("heading", title)
        with p.n("list", ""):
            shown = 0
            for kind, rid, label, sub in r.w["recent"]:
                if rid == exclude:
                    continue
                with p.n("listitem", ""):
                    p.link("%s %s" % (rid, label), key="rv:" + rid)
                    p.t(sub)
                shown += 1
                if shown >= 6:
                    break


# ---------------------------------------------------------------------------
# rent arithmetic
# ---------------------------------------------------------------------------

def esc_spec(ins):
    """installation -> (rate %, every n months, first date) or None."""
    e = ins.get("esc_new")
    if e is not None:
        return e or None
    txt = ins["esc"]
    if txt.startswith("None"):
        return None
    rate = float(txt.split("%")[0])
    if "annually" in txt:
        mon = MONTHS.index(txt.split()[-1]) + 1
        return (rate, 12, None, mon)
    return (rate, 60, add_months(ins["start"], 60))


def ins_events(ins, horizon):
    """(date, kind, amount_after) events for an installation up to horizon (iso)."""
    ev = []
    rent = ins["rent"]
    if ins["start"] > TODAY.isoformat():
        ev.append((ins["start"], "start", rent))
    spec = esc_spec(ins)
    if not spec:
        return ev
    if len(spec) == 4:                     # annual on a fixed month, existing installation
        rate, freq, _, mon = spec
        y = TODAY.year if mon > TODAY.month else TODAY.year + 1
        first = "%04d-%02d-%s" % (y, mon, ins["start"][8:10] if mon == int(ins["start"][5:7]) else "01")
    else:
        rate, freq, first = spec
        while first <= TODAY.isoformat():
            first = add_months(first, freq)
    dte = first
    while dte <= horizon:
        rent = round(rent * (1 + rate / 100.0) + 1e-9, 2)     # half-up on cents
        ev.append((dte, "esc", rent))
        dte = add_months(dte, freq)
    return ev


def lease_rent_now(lease):
    return round(sum(i["rent"] for i in lease["installs"] if i["start"] <= TODAY.isoformat()), 2)


def lease_schedule(lease, horizon):
    """Chronological rows: (date, ins id, event text, change, ins rent after, lease total after)."""
    cur = {i["id"]: (i["rent"] if i["start"] <= TODAY.isoformat() else 0.0) for i in lease["installs"]}
    evs = []
    for i in lease["installs"]:
        for dte, kind, amt in ins_events(i, horizon):
            evs.append((dte, i["id"], kind, amt, i))
    evs.sort(key=lambda e: (e[0], e[1]))
    rows = []
    for dte, iid, kind, amt, i in evs:
        before = cur[iid]
        cur[iid] = amt
        total = round(sum(cur.values()), 2)
        if kind == "start":
            text = "Rent commences"
        else:
            spec = esc_spec(i)
            text = "Escalation %s%%" % ("%g" % spec[0])
        rows.append((dte, iid, text, amt - before, amt, total))
    return rows


# ---------------------------------------------------------------------------
# pages
# ---------------------------------------------------------------------------

WORK_QUEUE = [
    ("WQ-55120", "Review draft amendment AMD-2024-0309", "LSE-2020-00918 · Tessera PCS · Cedar Hollow North", "15 May", "High"),
    ("WQ-55142", "Confirm rent commencement", "LSE-2024-02031 · Halcyon Broadband · Sallisaw Junction", "16 May", "Medium"),
    ("WQ-55131", "Resolve ground-rent dispute DSP-000915", "Prewett Ranch LLC · MTP-TX-04471", "17 May", "High"),
    ("WQ-55158", "Installation request CR-2024-0412", "Corvane Mobile · MTP-TX-04417 Cedar Hollow", "17 May", "Medium"),
    ("WQ-55107", "Renewal notice window opens", "LSE-2016-00217 · Northline Wireless · Cedar Hollow", "20 May", "Medium"),
    ("WQ-55098", "Collect W-9", "Birdsong Farms LP · GRP-24-0520941 on hold", "21 May", "Medium"),
    ("WQ-55140", "Structural analysis received", "MTP-OK-02256 Pine Ridge South · Halcyon Broadband", "24 May", "Low"),
    ("WQ-55151", "Title change: deed recorded", "GL-01242-01 · Thibodaux Farms Partnership", "28 May", "Low"),
]


def pg_dashboard(r):
    w = r.w

    def body(p):
        p.n("heading", "Good morning, Dana")
        p.t("Tuesday, 14 May 2024 · Southern Region")
        with p.n("region", "Portfolio summary"):
            p.n("heading", "Portfolio summary")
            with p.n("list", ""):
                for label, val in (("Active sites", "1,284"), ("Tenant leases", "3,911"),
                                   ("Amendments in draft", str(w["drafts"])),
                                   ("Open ground-rent disputes", str(w["open_disputes"])),
                                   ("Payments on hold", str(w["on_hold"])),
                                   ("Leases expiring in 90 days", "12")):
                    with p.n("listitem", ""):
                        p.link("%s %s" % (label, val))
        with p.n("region", "My work queue"):
            p.n("heading", "My work queue (%d)" % w["queue"])
            rows = [([wq[0], wq[1], wq[2], wq[3], wq[4]], {0: "wq:" + wq[0]}) for wq in WORK_QUEUE]
            p.table("My work queue", ["Item", "Task", "Record", "Due", "Priority"], rows)
            p.link("Open work queue")
        recent_panel(r, p)
        with p.n("region", "Announcements"):
            p.n("heading", "Announcements")
            for h, t in (("May ACH batch closes Thursday",
                          "Ground-rent batch ACH-240517-01 closes Thu 16 May 17:00 CDT. Place holds before then."),
                         ("SiteLease 4.12 released",
                          "Installations now carry their own escalation schedule. See release notes."),
                         ("Structural queue backlog",
                          "Structural analyses in Ozarks & Plains are running about 8 business days behind.")):
                with p.n("article", h):
                    p.n("heading", h)
                    p.t(t)
        with p.n("region", "Quick links"):
            p.n("heading", "Quick links")
            with p.n("list", ""):
                for l in ("New tenant lease", "Expiring leases report", "Upload executed amendment",
                          "Ground rent calendar", "Landowner letters"):
                    with p.n("listitem", ""):
                        p.link(l)

    return frame(r, "/dashboard", "Dashboard · SiteLease", "Dashboard", None, body)


def pg_search(r):
    qq = r.st["q"]
    hits, sugg = run_search(r.w, qq)

    def body(p):
        p.n("heading", "Search results for '%s'" % qq)
        p.t("%d result%s" % (len(hits), "" if len(hits) == 1 else "s"))
        kinds = ["Sites", "Leases", "Ground rent payments", "Landowners"]
        with p.n("tablist", "Result types"):
            p.n("tab", "All (%d)" % len(hits), attrs=["clickable", "selected=True"])
            for k in kinds:
                p.n("tab", "%s (%d)" % (k, sum(1 for h in hits if h[1] == k)), attrs=["clickable", "selected=False"])
        if not hits:
            p.t("No results for '%s'." % qq)
            if sugg:
                with p.n("paragraph", ""):
                    p.t("Did you mean")
                    p.link(sugg, key="didyoumean")
                    p.t("?")
            with p.n("region", "Search tips"):
                p.n("heading", "Search tips")
                with p.n("list", ""):
                    for tip in ("Site IDs look like MTP-TX-04417; lease IDs like LSE-2019-00831.",
                                "Payment IDs look like GRP-24-0518372; landowner IDs like OWN-10233.",
                                "Search matches names too: try a tenant, landowner or site name.",
                                "Use quotes for an exact phrase, for example \"Cedar Hollow\".",
                                "Terminated leases are hidden unless you tick Include terminated."):
                        with p.n("listitem", ""):
                            p.t(tip)
            p.n("checkbox", "Include terminated records", attrs=["clickable", "checked='false'"])
        for k in kinds:
            group = [h for h in hits if h[1] == k]
            if not group:
                continue
            with p.n("region", k):
                p.n("heading", "%s (%d)" % (k, len(group)))
                with p.n("list", ""):
                    for _, kind, rid, title, detail, badge in group:
                        with p.n("listitem", ""):
                            p.link(title, key="res:" + rid)
                            p.t(detail)
                            p.t(badge)
        with p.n("region", "Recent searches"):
            p.n("heading", "Recent searches")
            with p.n("list", ""):
                for s in r.w["recent_searches"]:
                    with p.n("listitem", ""):
                        p.link(s)
        recent_panel(r, p)

    return frame(r, "/search?q=" + _urlq(qq), "Search: %s · SiteLease" % qq, None, ["Home", "Search"], body)


def pg_sites(r):
    flt = r.st.get("site_filter", "")
    fn = _norm(flt)
    rows_src = [s for s in SITES.values()
                if not fn or fn in _norm(s["id"] + s["name"] + s["county"]) or fn in _norm(s["name"])]

    def body(p):
        p.n("heading", "Sites")
        p.t("21 sites in your portfolios")
        with p.n("search", "Filter sites"):
            p.n("textbox", "Filter by site ID, name or county", key="site_filter", value=flt or None,
                attrs=["clickable"])
        p.combobox("Portfolio", ["All portfolios", "South Central", "Ozarks & Plains", "Gulf Coast"], "All portfolios")
        p.combobox("Structure", ["All structures", "Monopole", "Self-support", "Guyed", "Water tank", "Light standard"],
                   "All structures")
        p.combobox("Status", ["On air", "Under construction", "Decommissioned", "All statuses"], "On air")
        p.button("Export CSV")
        p.button("New site")
        p.t("Showing %d of 21 sites" % len(rows_src))
        rows = []
        for s in rows_src:
            nten = sum(1 for l in r.w["leases"].values() if l["site"] == s["id"] and l["status"] != "Terminated")
            rows.append(([s["id"], s["name"], "%s, %s" % (s["county"], s["state"]), s["structure"],
                          "%d ft" % s["height"], str(nten), s["portfolio"], s["gl"]], {0: "site:" + s["id"]}))
        p.table("Sites", ["Site ID", "Name", "County", "Structure", "Height", "Tenants", "Portfolio", "Ground lease"], rows)
        with p.n("navigation", "Pagination"):
            p.t("Page 1 of 1")
            p.n("button", "Previous page", attrs=["clickable", "disabled=True"])
            p.n("button", "Next page", attrs=["clickable", "disabled=True"])

    return frame(r, "/sites" + ("?filter=" + _urlq(flt) if flt else ""), "Sites · SiteLease", "Sites",
                 ["Home", "Sites"], body)


def similar_sites(sid):
    s = SITES[sid]
    out = []
    for o in SITES.values():
        if o["id"] == sid:
            continue
        if _adjacent_swap_or_one_off(o["id"], sid) or _norm(s["name"])[:7] == _norm(o["name"])[:7]:
            out.append(o)
    return out


def pg_site(r):
    sid = r.st["id"]
    s = SITES[sid]
    leases = [l for l in r.w["leases"].values() if l["site"] == sid]
    gl = GROUND.get(s["gl"])
    owner = OWNERS[s["owner"]]

    def body(p):
        p.n("heading", "%s %s" % (sid, s["name"]))
        p.t("%s · %d ft · %s County, %s" % (s["structure"], s["height"], s["county"], s["state"]))
        with p.n("toolbar", "Site actions"):
            p.button("New tenant lease")
            p.button("Edit site")
            p.button("Open map")
        with p.n("tablist", "Site sections"):
            for i, tname in enumerate(("Overview", "Leases (%d)" % len(leases), "Ground lease", "Structural",
                                       "Documents", "Activity")):
                p.n("tab", tname, attrs=["clickable", "selected=%s" % (i == 0)])
        with p.n("tabpanel", "Overview"):
            with p.n("region", "Site details"):
                p.n("heading", "Site details")
                p.dl([("Site ID", sid), ("Portfolio", s["portfolio"]), ("Structure", "%s, %d ft AGL" % (s["structure"], s["height"])),
                      ("Coordinates", "%s, %s" % (s["lat"], s["lon"])), ("FAA ASR", s["asr"]), ("Status", "On air"),
                      ("Structural capacity used", "%d%%" % s["capacity"]),
                      ("Ground lease", (s["gl"], "gl_link")), ("Landowner", (owner[0], "owner_link"))])
            with p.n("region", "Tenant leases"):
                p.n("heading", "Tenant leases (%d)" % len(leases))
                rows = []
                for l in leases:
                    rows.append(([l["id"], l["tenant"], l["type"], l["status"], fmt_d(l["start"]), fmt_d(l["end"]),
                                  money(lease_rent_now(l))], {0: "lease:" + l["id"]}))
                p.table("Tenant leases", ["Lease", "Tenant", "Type", "Status", "Commenced", "Expires", "Monthly rent"], rows)
            with p.n("region", "Ground lease summary"):
                p.n("heading", "Ground lease")
                p.dl([("Ground lease", s["gl"]), ("Landowner", owner[0]),
                      ("Current ground rent", money(gl["rent"]) + " per month" if gl else "See ground lease"),
                      ("Escalation", gl["clause"] if gl else "See ground lease")])
        with p.n("complementary", "Related"):
            with p.n("region", "Nearby and similar sites"):
                p.n("heading", "Nearby and similar sites")
                with p.n("list", ""):
                    for o in similar_sites(sid):
                        with p.n("listitem", ""):
                            p.link("%s %s" % (o["id"], o["name"]), key="sim:" + o["id"])
                            p.t("%s County · %s %d ft" % (o["county"], o["structure"], o["height"]))
            recent_panel(r, p, exclude=sid)

    return frame(r, "/sites/" + sid, "%s %s · Sites · SiteLease" % (sid, s["name"]), "Sites",
                 ["Home", "Sites", "%s %s" % (sid, s["name"])], body)


def pg_lease(r):
    lid = r.st["id"]
    tab = r.st.get("tab", "overview")
    l = r.w["leases"][lid]
    s = SITES[l["site"]]
    horizon = add_months(TODAY.isoformat(), 18 if tab == "overview" else 40)
    sched = lease_schedule(l, horizon)
    others = [o for o in r.w["leases"].values() if o["site"] == l["site"] and o["id"] != lid]
    namd = 3 + sum(1 for i in l["installs"] if i.get("amendment"))

    def body(p):
        p.n("heading", "Lease %s" % lid)
        p.t("%s · %s %s" % (l["tenant"], s["id"], s["name"]))
        p.t(l["status"])
        with p.n("toolbar", "Lease actions"):
            p.button("Add installation", key="add_ins")
            p.button("Edit lease")
            p.button("Generate amendment")
            p.button("More actions", extra=["hasPopup='menu'", "expanded=False"])
        with p.n("tablist", "Lease sections"):
            p.n("tab", "Overview", key="tab:overview", attrs=["clickable", "selected=%s" % (tab == "overview")])
            p.n("tab", "Installations (%d)" % len(l["installs"]), key="tab:installations",
                attrs=["clickable", "selected=False"])
            p.n("tab", "Rent schedule", key="tab:rent", attrs=["clickable", "selected=%s" % (tab == "rent")])
            p.n("tab", "Amendments (%d)" % namd, attrs=["clickable", "selected=False"])
            p.n("tab", "Documents (14)", attrs=["clickable", "selected=False"])
            p.n("tab", "Activity", attrs=["clickable", "selected=False"])
        if tab == "overview":
            with p.n("tabpanel", "Overview"):
                with p.n("region", "Lease terms"):
                    p.n("heading", "Lease terms")
                    nxt = [x for x in sched if x[2].startswith("Escalation")]
                    p.dl([("Tenant", l["tenant"]), ("Tenant contact", TENANT_CONTACT.get(l["tenant"], l["tenant"])),
                          ("Site", ("%s %s" % (s["id"], s["name"]), "site_link")), ("Lease type", l["type"]),
                          ("Status", l["status"]), ("Commencement", fmt_d(l["start"])), ("Expiration", fmt_d(l["end"])),
                          ("Renewal options", "Four 5-year terms, automatic unless tenant gives 180 days notice"),
                          ("Escalation clause", l["esc"]), ("Current monthly rent", money(lease_rent_now(l))),
                          ("Next rent change", "%s (%s)" % (fmt_d(sched[0][0]), sched[0][1]) if sched else "None scheduled")])
                with p.n("region", "Installations"):
                    p.n("heading", "Installations (%d)" % len(l["installs"]))
                    rows = []
                    for i in l["installs"]:
                        rows.append(([i["id"], "%d × %s" % (i["qty"], i["model"]), "%d ft" % i["rad"], i["mount"],
                                      i["status"], money(i["rent"]), fmt_d(i["start"])], None))
                    if rows:
                        p.table("Installations", ["Installation", "Equipment", "RAD center", "Mount", "Status",
                                                  "Monthly rent", "Rent start"], rows)
                    else:
                        p.t("No installations recorded on this lease.")
                with p.n("region", "Upcoming rent changes"):
                    p.n("heading", "Upcoming rent changes (next 18 months)")
                    rows = [([fmt_d(d), iid, txt, ("+" if ch >= 0 else "−") + money(abs(ch)), money(tot)], None)
                            for d, iid, txt, ch, after, tot in sched]
                    if rows:
                        p.table("Upcoming rent changes", ["Effective", "Installation", "Change", "Amount",
                                                          "Lease monthly rent after"], rows)
                    else:
                        p.t("No rent changes in the next 18 months.")
        else:
            with p.n("tabpanel", "Rent schedule"):
                p.n("heading", "Rent schedule")
                p.t("Monthly amounts. Escalations apply to each installation separately.")
                rows = [([fmt_d(TODAY.isoformat()), "All", "Current rent", "", "", money(lease_rent_now(l))], None)]
                for d, iid, txt, ch, after, tot in sched:
                    rows.append(([fmt_d(d), iid, txt, "+" + money(ch), money(after), money(tot)], None))
                p.table("Rent schedule", ["Effective", "Installation", "Event", "Change", "Installation rent",
                                          "Lease total"], rows)
                p.button("Export schedule (XLSX)")
        with p.n("complementary", "Related"):
            with p.n("region", "Other leases at this site"):
                p.n("heading", "Other leases at this site")
                with p.n("list", ""):
                    for o in others:
                        with p.n("listitem", ""):
                            p.link("%s %s" % (o["id"], o["tenant"]), key="other:" + o["id"])
                            p.t(o["status"])
            recent_panel(r, p, exclude=lid)

    url = "/leases/" + lid + ("?tab=rent-schedule" if tab == "rent" else "")
    return frame(r, url, "%s · %s · Leases · SiteLease" % (lid, l["tenant"]), "Leases",
                 ["Home", "Sites", "%s %s" % (s["id"], s["name"]), lid], body)


def form_first_esc(f):
    if f["esc"] != "Fixed percentage" or not valid_iso(f["start"]):
        return ""
    try:
        n = int(f["freq"])
    except ValueError:
        return ""
    return add_months(f["start"], n)


def pg_ins_form(r):
    lid = r.st["id"]
    l = r.w["leases"][lid]
    s = SITES[l["site"]]
    f = r.st["form"]
    occupied = ", ".join("%d ft" % i["rad"] for i in sorted(
        [i for o in r.w["leases"].values() if o["site"] == s["id"] for i in o["installs"]], key=lambda i: -i["rad"]))

    def body(p):
        p.n("heading", "Add installation to lease %s" % lid)
        p.t("%s · %s %s · %s %d ft" % (l["tenant"], s["id"], s["name"], s["structure"], s["height"]))
        with p.n("form", "Add installation"):
            with p.n("group", "Equipment"):
                p.combobox("Installation type", INSTALL_TYPES, f["type"], key="f:type")
                p.n("textbox", "Antenna / equipment model", key="f:model", value=f["model"] or None,
                    attrs=["clickable", "required"])
                p.n("spinbutton", "Antenna quantity", key="f:qty", value=f["qty"] or None, attrs=["clickable", "required"])
                p.n("spinbutton", "RAD center (ft AGL)", key="f:rad", value=f["rad"] or None, attrs=["clickable", "required"])
                p.t("Structure height %d ft. RAD centers in use: %s." % (s["height"], occupied))
                p.n("textbox", "Azimuths (degrees, comma-separated)", key="f:az", value=f["az"] or None, attrs=["clickable"])
                p.combobox("Mount type", MOUNT_TYPES, f["mount"], key="f:mount")
            with p.n("group", "Rent"):
                p.n("textbox", "Tenant", value=l["tenant"], attrs=["disabled=True"])
                p.n("textbox", "Base monthly rent (USD)", key="f:rent", value=f["rent"] or None,
                    attrs=["clickable", "required"])
                p.n("textbox", "Rent commencement date", key="f:start", value=f["start"] or None,
                    attrs=["clickable", "required"])
                p.t("Format YYYY-MM-DD")
                p.combobox("Escalation type", ESC_TYPES, f["esc"], key="f:esc")
                if f["esc"] == "Fixed percentage":
                    p.n("textbox", "Escalation rate (%)", key="f:rate", value=f["rate"] or None,
                        attrs=["clickable", "required"])
                    p.n("spinbutton", "Escalation frequency (months)", key="f:freq", value=f["freq"], attrs=["clickable"])
                    p.n("textbox", "First escalation date", value=form_first_esc(f) or None, attrs=["disabled=True"])
                    p.t("Calculated from the commencement date and frequency.")
                elif f["esc"] == "None":
                    p.t("No escalation: this installation's rent stays flat for the rest of the lease term.")
            with p.n("group", "Notes"):
                p.n("textbox", "Internal notes", key="f:notes", value=f["notes"] or None, attrs=["clickable", "multiline"])
                p.n("checkbox", "Create draft amendment for signature", key="f:amd",
                    attrs=["clickable", "checked='true'"])
            p.button("Save installation", key="save_ins")
            p.button("Save as draft", key="save_draft")
            p.button("Cancel", key="cancel_ins")
        with p.n("complementary", "Lease context"):
            with p.n("region", "Lease summary"):
                p.n("heading", "Lease summary")
                p.dl([("Lease", lid), ("Tenant", l["tenant"]), ("Current monthly rent", money(lease_rent_now(l))),
                      ("Lease escalation clause", l["esc"]), ("Expiration", fmt_d(l["end"]))])
            with p.n("region", "Existing installations"):
                p.n("heading", "Existing installations")
                with p.n("list", ""):
                    for i in l["installs"]:
                        with p.n("listitem", ""):
                            p.t("%s · %d × %s at %d ft · %s" % (i["id"], i["qty"], i["model"], i["rad"], money(i["rent"])))
            with p.n("region", "Structural"):
                p.n("heading", "Structural")
                p.t("Capacity used: %d%% (analysis SA-%s-%s, 2023)" % (s["capacity"], s["state"], s["id"][-5:]))
                p.t("Loading above 85% requires a new structural analysis before installation.")

    def dialog(p):
        dlg = r.st.get("dialog")
        if not dlg:
            return
        rent = parse_money(f["rent"]) or 0.0
        total = round(lease_rent_now(l) + rent, 2)
        with p.n("dialog", "Save installation and amend rent schedule?", key="dlg", attrs=["modal=True"]):
            p.n("heading", "Save installation and amend rent schedule?")
            p.t("%s × %s at %s ft on lease %s (%s)." % (f["qty"], f["model"], f["rad"], lid, l["tenant"]))
            p.t("Adds %s per month from %s." % (money(rent), fmt_d(f["start"]) if valid_iso(f["start"]) else f["start"]))
            if f["esc"] == "Fixed percentage":
                p.t("Escalation: %s%% every %s months, first on %s." % (f["rate"], f["freq"], fmt_d(form_first_esc(f))))
            else:
                p.t("No escalation configured: this installation's rent stays flat until the lease expires on %s." % fmt_d(l["end"]))
            p.t("Lease monthly rent from that date: %s" % money(total))
            p.t("A draft amendment will be created for signature.")
            if dlg.get("busy"):
                with p.n("status", "", key="dlg_busy"):
                    p.t("Saving… this is taking longer than usual.")
            p.button("Go back", key="dlg_back")
            p.button("Save and amend", key="dlg_confirm")

    return frame(r, "/leases/%s/installations/new" % lid, "Add installation · %s · SiteLease" % lid, "Leases",
                 ["Home", "Leases", lid, "Add installation"], body, dialog)


def payment_rows(w, ids, badges=None):
    rows = []
    for pid in ids:
        pmt = w["payments"][pid]
        s = SITES[pmt["site"]]
        cells = [pid, OWNERS[pmt["owner"]][0], "%s %s" % (s["id"], s["name"]), pmt["period"], fmt_d(pmt["due"]),
                 money(pmt["amount"]), pmt["method"], pmt["status"]]
        if badges is not None:
            cells.append(badges.get(pid, ""))
        rows.append((cells, {0: "pay:" + pid}))
    return rows


def pg_payments(r):
    w, st = r.w, r.st
    qq = st.get("q", "")
    ownerf = st.get("owner_filter")
    base_ids = [pid for pid, pm in w["payments"].items() if pm["period"] == "May 2024"]
    if ownerf:
        base_ids = [pid for pid in base_ids if OWNERS[w["payments"][pid]["owner"]][0] == ownerf]
    badges = None
    if qq:
        badges = {}
        qn, qnorm = qq.strip().upper(), _norm(qq)
        for pid in base_ids:
            pm = w["payments"][pid]
            if pid == qn:
                badges[pid] = "Exact match"
            elif _adjacent_swap_or_one_off(pid, qn):
                badges[pid] = "Similar ID"
            elif len(qnorm) >= 4 and (qnorm in _norm(OWNERS[pm["owner"]][0]) or qnorm in _norm(SITES[pm["site"]]["name"])):
                badges[pid] = "Name match"
        ids = sorted(badges, key=lambda x: ({"Exact match": 0, "Name match": 1, "Similar ID": 2}[badges[x]], x))
    else:
        ids = sorted(base_ids, key=lambda x: (w["payments"][x]["due"], x))

    def body(p):
        p.n("heading", "Ground rent payments")
        p.t("May 2024 cycle · ACH batch ACH-240517-01 closes Thu 16 May 17:00 CDT")
        with p.n("search", "Search payments"):
            p.n("textbox", "Search payments by ID, landowner or site", key="pay_search", value=st.get("typed") or None,
                attrs=["clickable"])
            p.button("Search", key="pay_search_btn")
        with p.n("group", "Active filters"):
            if ownerf:
                p.t("Saved view: Prewett follow-up (last used 13 May 2024)")
                p.button("Remove filter Landowner: %s" % ownerf, key="rm_owner_filter")
            p.button("Remove filter Due: 01 May – 31 May 2024")
            p.button("Clear all filters")
        p.combobox("Status", ["Any status", "Scheduled", "Processing", "Paid", "On hold", "Void"], "Any status")
        p.combobox("Method", ["Any method", "ACH", "Check"], "Any method")
        p.combobox("Saved views", ["None", "Prewett follow-up", "Gulf Coast May run", "Checks to mail"],
                   "Prewett follow-up" if ownerf else "None")
        total = sum(w["payments"][x]["amount"] for x in ids)
        if qq:
            p.t("%d payment%s match '%s'%s" % (len(ids), "" if len(ids) == 1 else "s", qq,
                                                " in the current filters" if ownerf else ""))
        p.t("%d payment%s · total %s" % (len(ids), "" if len(ids) == 1 else "s", money(total)))
        headers = ["Payment", "Landowner", "Site", "Period", "Due", "Amount", "Method", "Status"]
        if badges is not None:
            headers.append("Match")
        if ids:
            p.table("Ground rent payments", headers, payment_rows(w, ids, badges))
        else:
            p.t("No payments match your search and filters.")
        with p.n("navigation", "Pagination"):
            p.t("Page 1 of 1")
            p.n("button", "Previous page", attrs=["clickable", "disabled=True"])
            p.n("button", "Next page", attrs=["clickable", "disabled=True"])
        p.button("Export remittance file")

    return frame(r, "/ground-rent/payments" + ("?q=" + _urlq(qq) if qq else ""), "Ground rent payments · SiteLease",
                 "Ground rent payments", ["Home", "Ground rent", "Payments"], body)


def pg_payment(r):
    pid = r.st["id"]
    w = r.w
    pm = w["payments"][pid]
    s = SITES[pm["site"]]
    o = OWNERS[pm["owner"]]
    open_d = [d for d in pm["disputes"] if d["status"] == "Open"]
    seq = pid[-5:]
    hist = []
    for yy, mm in (("24", "04"), ("24", "03"), ("24", "02"), ("24", "01"), ("23", "12"), ("23", "11")):
        hid = "GRP-%s-%s%s" % (yy, mm, seq)
        mon = MONTHS[int(mm) - 1]
        hist.append(([hid, "%s 20%s" % (mon, yy), money(pm["amount"] if pid != "GRP-24-0511206" else 2640.00),
                      "Paid", "%s %s 20%s" % (pm["due"][8:10], mon, yy)], None))

    def body(p):
        p.n("heading", "Ground rent payment %s" % pid)
        p.t("%s · %s %s · %s" % (o[0], s["id"], s["name"], pm["period"]))
        if pm["hold"]:
            p.t("On hold — %s" % pm["hold"]["reason"])
        else:
            p.t(pm["status"])
        if open_d and not pm["hold"] and pm["status"] == "Scheduled":
            with p.n("note", ""):
                p.t("This payment has an open dispute (%s). It will still be released with batch %s unless you place it on hold."
                    % (open_d[0]["id"], pm["batch"]))
        with p.n("toolbar", "Payment actions"):
            p.button("Open dispute", key="open_dispute")
            if pm["hold"]:
                p.button("Release hold", key="release_hold")
            elif pm["status"] in ("Scheduled",):
                p.button("Place on hold", key="place_hold")
            else:
                p.n("button", "Place on hold", key="place_hold", attrs=["clickable", "disabled=True"])
            p.button("Edit payment", key="edit_payment")
            p.button("Void payment")
            p.button("Download remittance")
        with p.n("region", "Payment details"):
            p.n("heading", "Payment details")
            p.dl([("Payment ID", pid), ("Status", "On hold" if pm["hold"] else pm["status"]), ("Period", pm["period"]),
                  ("Due date", fmt_d(pm["due"])), ("Amount", money(pm["amount"])), ("Method", pm["method"]),
                  ("Payee", "%s · %s" % (o[0], o[4])),
                  ("Batch", "Removed from batch (held)" if pm["hold"] else pm["batch"]),
                  ("Ground lease", (pm["gl"], "gl_link")), ("Site", ("%s %s" % (s["id"], s["name"]), "site_link")),
                  ("Landowner", ("%s (%s)" % (o[0], pm["owner"]), "owner_link")),
                  ("Created", "02 May 2024 by rent engine (scheduled run)")])
        with p.n("region", "Amount breakdown"):
            p.n("heading", "Amount breakdown")
            rows = [([line, ("−" if amt < 0 else "") + money(abs(amt))], None) for line, amt in pm["breakdown"]]
            rows.append((["Net payment", money(pm["amount"])], None))
            p.table("Amount breakdown", ["Line", "Amount"], rows)
        with p.n("region", "Disputes"):
            p.n("heading", "Disputes (%d)" % len(pm["disputes"]))
            if pm["disputes"]:
                rows = [([d["id"], d["type"], money(d["claimed"]) if d["claimed"] else "—", d.get("received", "—"),
                          d["status"], d.get("assigned", "Marcus Lee")], None) for d in pm["disputes"]]
                p.table("Disputes", ["Dispute", "Type", "Claimed amount", "Received", "Status", "Assigned to"], rows)
            else:
                p.t("No disputes recorded for this payment.")
        if pm["hold"]:
            with p.n("region", "Hold"):
                p.n("heading", "Hold")
                h = pm["hold"]
                p.dl([("Hold", h["id"]), ("Reason", h["reason"]), ("Placed by", h["by"]), ("Placed at", h["at"]),
                      ("Linked dispute", h.get("dispute", "—")), ("Review by", h.get("until", "—"))])
        with p.n("region", "Payment history"):
            p.n("heading", "Payment history — %s" % pm["gl"])
            p.table("Payment history", ["Payment", "Period", "Amount", "Status", "Paid on"], hist)
        with p.n("region", "Activity"):
            p.n("heading", "Activity")
            with p.n("list", ""):
                for ev in list(reversed(pm["events"])) + [("02 May 2024 06:14 CDT", "Payment scheduled by rent engine")]:
                    with p.n("listitem", ""):
                        p.t(ev[0])
                        p.t(ev[1])
        with p.n("complementary", "Related"):
            recent_panel(r, p, exclude=pid)

    def dialog(p):
        dlg = r.st.get("dialog")
        if not dlg:
            return
        hf = r.st["hold_form"]
        with p.n("dialog", "Place payment on hold", key="dlg", attrs=["modal=True"]):
            p.n("heading", "Place payment on hold")
            p.t("%s · %s · %s due %s" % (pid, o[0], money(pm["amount"]), fmt_d(pm["due"])))
            p.t("Held payments are removed from their batch and are not released until the hold is lifted.")
            p.combobox("Hold reason", HOLD_REASONS, hf["reason"], key="h:reason")
            p.n("textbox", "Linked dispute", value=hf["dispute"] or None, attrs=["disabled=True"])
            p.n("textbox", "Review by", key="h:until", value=hf["until"], attrs=["clickable"])
            p.n("textbox", "Comment", key="h:comment", value=hf["comment"] or None, attrs=["clickable", "multiline"])
            p.button("Cancel", key="h:cancel")
            p.button("Place hold", key="h:confirm")

    return frame(r, "/ground-rent/payments/" + pid, "%s · Ground rent payment · SiteLease" % pid,
                 "Ground rent payments", ["Home", "Ground rent", "Payments", pid], body, dialog)


def pg_dispute_form(r):
    pid = r.st["id"]
    pm = r.w["payments"][pid]
    s = SITES[pm["site"]]
    o = OWNERS[pm["owner"]]
    f = r.st["form"]
    gl = GROUND.get(pm["gl"])

    def body(p):
        p.n("heading", "Open dispute on payment %s" % pid)
        p.t("%s · %s %s · %s due %s" % (o[0], s["id"], s["name"], money(pm["amount"]), fmt_d(pm["due"])))
        with p.n("form", "New dispute"):
            p.combobox("Dispute type", DISPUTE_TYPES, f["type"], key="d:type", extra=["required"])
            p.n("textbox", "Raised by", key="d:raised", value=f["raised"], attrs=["clickable"])
            p.combobox("Received via", RECEIVED_VIA, f["via"], key="d:via", extra=["required"])
            p.n("textbox", "Date received", key="d:date", value=f["date"], attrs=["clickable", "required"])
            p.n("textbox", "Claimed amount (USD)", key="d:claimed", value=f["claimed"] or None, attrs=["clickable"])
            p.t("Scheduled amount: %s" % money(pm["amount"]))
            p.n("textbox", "Description", key="d:desc", value=f["desc"] or None, attrs=["clickable", "multiline", "required"])
            p.combobox("Assign to", ["Dana Okafor", "Marcus Lee", "Priya Raman", "Ground Rent team queue"], f["assign"],
                       key="d:assign")
            p.n("checkbox", "Send acknowledgement letter to landowner", key="d:notify",
                attrs=["clickable", "checked='%s'" % ("true" if f["notify"] else "false")])
            p.button("Attach files")
            p.button("Save dispute", key="d:save")
            p.button("Cancel", key="d:cancel")
        with p.n("complementary", "Payment summary"):
            with p.n("region", "Payment"):
                p.n("heading", "Payment")
                p.dl([("Payment", pid), ("Status", pm["status"]), ("Amount", money(pm["amount"])),
                      ("Due", fmt_d(pm["due"])), ("Batch", pm["batch"]), ("Ground lease", pm["gl"])])
            with p.n("region", "Ground lease terms"):
                p.n("heading", "Ground lease terms")
                p.t(gl["clause"] if gl else "See ground lease")
                if gl and gl["revshare"] != "None":
                    p.t("Revenue share: " + gl["revshare"])
            with p.n("region", "Open disputes for this landowner"):
                p.n("heading", "Open disputes for this landowner")
                p.t("None")

    return frame(r, "/ground-rent/payments/%s/disputes/new" % pid, "Open dispute · %s · SiteLease" % pid,
                 "Ground rent payments", ["Home", "Ground rent", "Payments", pid, "Open dispute"], body)


def pg_edit_payment(r):
    pid = r.st["id"]
    pm = r.w["payments"][pid]
    o = OWNERS[pm["owner"]]
    f = r.st["form"]

    def body(p):
        p.n("heading", "Edit payment %s" % pid)
        p.t("%s · %s · %s" % (o[0], pm["site"], pm["period"]))
        with p.n("note", ""):
            p.t("Changes to scheduled amounts are written to the payment audit trail and reported to Accounts Payable.")
        with p.n("form", "Edit payment"):
            p.n("textbox", "Amount (USD)", key="e:amount", value=f["amount"], attrs=["clickable", "required"])
            p.n("textbox", "Due date", key="e:due", value=pm["due"], attrs=["clickable", "required"])
            p.combobox("Payment method", ["ACH", "Check", "Wire"], pm["method"], key="e:method")
            p.n("textbox", "Memo on remittance", key="e:memo", value="%s ground rent — %s" % (pm["period"], pm["gl"]),
                attrs=["clickable"])
            p.n("textbox", "Reason for change", key="e:reason", value=f.get("reason") or None, attrs=["clickable"])
            p.button("Save changes", key="e:save")
            p.button("Cancel", key="e:cancel")
        with p.n("complementary", "Payment summary"):
            with p.n("region", "Amount breakdown"):
                p.n("heading", "Amount breakdown")
                with p.n("list", ""):
                    for line, amt in pm["breakdown"]:
                        with p.n("listitem", ""):
                            p.t("%s: %s%s" % (line, "−" if amt < 0 else "", money(abs(amt))))
            with p.n("region", "Disputes"):
                p.n("heading", "Disputes")
                with p.n("list", ""):
                    for d in pm["disputes"]:
                        with p.n("listitem", ""):
                            p.t("%s · %s · %s" % (d["id"], d["type"], d["status"]))

    return frame(r, "/ground-rent/payments/%s/edit" % pid, "Edit payment · %s · SiteLease" % pid,
                 "Ground rent payments", ["Home", "Ground rent", "Payments", pid, "Edit"], body)


def similar_owners(oid):
    def first(name):
        return _norm(name.split()[0])
    a = first(OWNERS[oid][0])
    out = []
    common = {"family", "county", "association", "holdings", "partnership", "district", "school", "church"}

    def toks(name):
        return {_norm(t) for t in name.split() if len(_norm(t)) >= 6} - common
    for k, v in OWNERS.items():
        if k != oid and ((len(a) >= 5 and _lev(a, first(v[0])) <= 1) or toks(OWNERS[oid][0]) & toks(v[0])):
            out.append((k, v))
    return out


def pg_landowner(r):
    oid = r.st["id"]
    o = OWNERS[oid]
    w = r.w
    sites = [s for s in SITES.values() if s["owner"] == oid]
    pays = sorted([pid for pid, pm in w["payments"].items() if pm["owner"] == oid], reverse=True)
    similar = similar_owners(oid)

    def body(p):
        p.n("heading", o[0])
        p.t("Landowner %s" % oid)
        with p.n("toolbar", "Landowner actions"):
            p.button("Edit landowner")
            p.button("Send letter")
            p.button("Request W-9")
        with p.n("region", "Contact and payee"):
            p.n("heading", "Contact and payee")
            p.dl([("Contact", o[1]), ("Phone", o[2]), ("Mailing address", o[3]), ("Payee method", o[4]),
                  ("Tax form", "W-9 on file (received 11 Jan 2023)"), ("Landowner portal", "Not enrolled")])
        with p.n("region", "Ground leases"):
            p.n("heading", "Ground leases (%d)" % len(sites))
            rows = []
            for s in sites:
                g = GROUND.get(s["gl"])
                rows.append(([s["gl"], "%s %s" % (s["id"], s["name"]), money(g["rent"]) if g else "—",
                              g["clause"] if g else "—"], None))
            p.table("Ground leases", ["Ground lease", "Site", "Current rent", "Escalation"], rows)
            for s in sites:
                g = GROUND.get(s["gl"])
                if g and g["revshare"] != "None":
                    p.t("Revenue share on %s: %s" % (s["gl"], g["revshare"]))
        with p.n("region", "Ground rent payments"):
            p.n("heading", "Ground rent payments")
            p.table("Ground rent payments", ["Payment", "Landowner", "Site", "Period", "Due", "Amount", "Method", "Status"],
                    payment_rows(w, pays))
        with p.n("complementary", "Related"):
            with p.n("region", "Similar landowners"):
                p.n("heading", "Similar landowners")
                with p.n("list", ""):
                    for k, v in similar:
                        with p.n("listitem", ""):
                            p.link("%s %s" % (v[0], k), key="simown:" + k)
                            p.t(v[3])
            recent_panel(r, p, exclude=oid)

    return frame(r, "/landowners/" + oid, "%s · Landowners · SiteLease" % o[0], "Landowners",
                 ["Home", "Landowners", o[0]], body)


def pg_ground_lease(r):
    gid = r.st["id"]
    g = GROUND[gid]
    s = SITES[g["site"]]
    o = OWNERS[g["owner"]]
    w = r.w
    pays = sorted([pid for pid, pm in w["payments"].items() if pm["gl"] == gid], reverse=True)
    overdue = g["next_esc"] <= TODAY.isoformat()

    def body(p):
        p.n("heading", "Ground lease %s" % gid)
        p.t("%s %s · %s" % (s["id"], s["name"], o[0]))
        with p.n("toolbar", "Ground lease actions"):
            p.button("Edit terms")
            p.button("Record escalation")
            p.button("View agreement (PDF)")
        with p.n("region", "Terms"):
            p.n("heading", "Terms")
            p.dl([("Site", "%s %s" % (s["id"], s["name"])), ("Landowner", o[0]), ("Commencement", fmt_d(g["start"])),
                  ("Expiration", fmt_d(g["end"])), ("Current monthly rent", money(g["rent"])),
                  ("Escalation clause", g["clause"]), ("Last escalation applied", fmt_d(g["last_esc"])),
                  ("Next escalation", fmt_d(g["next_esc"]) + (" — not yet applied" if overdue else "")),
                  ("Revenue share", g["revshare"]), ("Payment frequency", "Monthly, due on the 20th")])
        with p.n("region", "Escalation history"):
            p.n("heading", "Escalation history")
            rows = []
            rent = g["rent"]
            dte = g["last_esc"]
            for k in range(4):
                rows.append(([fmt_d(dte), "3%", money(rent), "Rent engine"], None))
                rent = round(rent / 1.03, 2)
                dte = add_months(dte, -12)
            p.table("Escalation history", ["Effective", "Change", "Rent after", "Applied by"], rows)
        with p.n("region", "Payments"):
            p.n("heading", "Payments under this ground lease")
            p.table("Payments", ["Payment", "Landowner", "Site", "Period", "Due", "Amount", "Method", "Status"],
                    payment_rows(w, pays))
        with p.n("complementary", "Related"):
            recent_panel(r, p, exclude=gid)

    return frame(r, "/ground-leases/" + gid, "%s · Ground leases · SiteLease" % gid, "Ground leases",
                 ["Home", "Ground leases", gid], body)


def pg_signin(r):
    nxt = r.st.get("next", "/dashboard")
    p = Page(r.doc, BASE + "/auth/login?reason=session_expired&next=" + _urlq(nxt, safe=""),
             "Sign in · SiteLease", focus=r.st.get("focus"))
    with p.n("banner", ""):
        p.link("Meridian Tower Partners")
        p.t("SiteLease")
        p.combobox("Language", ["English (US)", "English (UK)", "Español (US)", "Français (CA)", "Português (BR)"],
                   "English (US)", key="lang")
    with p.n("main", ""):
        p.n("heading", "Sign in to SiteLease")
        with p.n("alert", "", key="alert", attrs=["live='assertive'", "atomic", "relevant='additions text'"]):
            p.t("Your session has expired. Please sign in again.")
        p.t("For security, sessions end after 30 minutes without activity or when your single sign-on token is revoked.")
        p.t("Changes that were not saved before the session ended have not been kept.")
        with p.n("form", "Sign in"):
            p.n("textbox", "Work email", key="email", value=USER_LOGIN, attrs=["clickable", "required"])
            p.n("textbox", "Password", key="password", attrs=["clickable", "required"])
            p.n("checkbox", "Keep me signed in on this device", attrs=["clickable", "checked='false'"])
            p.button("Sign in", key="signin")
            p.link("Forgot password?")
        p.t("or")
        p.button("Continue with Meridian SSO", key="sso")
        with p.n("region", "Authorized use only"):
            p.n("heading", "Authorized use only")
            for para in ("This system is the property of Meridian Tower Partners, LLC and is for authorized business use only.",
                         "Activity on this system is logged and may be monitored. Unauthorized access or use may result in disciplinary action and civil or criminal penalties.",
                         "Lease, landowner and payment records are confidential. Do not export them to personal devices.",
                         "By signing in you agree to the Acceptable Use Policy and the Records Retention Standard."):
                with p.n("paragraph", ""):
                    p.t(para)
        with p.n("region", "System notices"):
            p.n("heading", "System notices")
            with p.n("list", ""):
                for h, t in (("Scheduled maintenance", "SiteLease will be read-only Sat 18 May 2024 22:00–23:30 CDT."),
                             ("ACH cut-off", "The May ground-rent batch ACH-240517-01 closes Thu 16 May 17:00 CDT."),
                             ("SSO change", "From 3 June 2024 sign-in will require the Meridian SSO app on a registered device."),
                             ("New in 4.12", "Installations now carry their own rent escalation schedule.")):
                    with p.n("listitem", ""):
                        p.n("heading", h)
                        p.t(t)
        with p.n("region", "Service status"):
            p.n("heading", "Service status")
            with p.n("list", ""):
                for svc, state in (("SiteLease Console", "Operational"),
                                   ("Meridian SSO", "Degraded: intermittent token refresh failures since 12:31 CDT"),
                                   ("Document service", "Operational"),
                                   ("Treasury / ACH interface", "Operational")):
                    with p.n("listitem", ""):
                        p.t(svc)
                        p.t(state)
        with p.n("region", "Need help?"):
            p.n("heading", "Need help?")
            with p.n("list", ""):
                for l in ("IT Service Desk: (512) 555-0400", "sitelease-admin@meridiantowers.net", "Reset MFA device",
                          "Request SiteLease access", "SiteLease training videos", "System status"):
                    with p.n("listitem", ""):
                        p.link(l)
        with p.n("region", "What's new in SiteLease 4.12"):
            p.n("heading", "What's new in SiteLease 4.12")
            with p.n("list", ""):
                for t in ("Per-installation escalation schedules on tenant leases.",
                          "Draft amendments generated automatically when an installation is saved.",
                          "Ground-rent disputes can be linked to payment holds.",
                          "Faster global search with similar-ID suggestions.",
                          "Recently viewed records on every page.",
                          "Payment history on the ground-rent payment page."):
                    with p.n("listitem", ""):
                        p.t(t)
    with p.n("contentinfo", ""):
        p.t("%s %s (build %s)" % (PRODUCT, VERSION, BUILD))
        p.t("© 2024 %s. All rights reserved." % ORG)
        with p.n("list", "Footer links"):
            for l in ("Help center", "Privacy notice", "Terms of use", "Accessibility", "Cookie settings"):
                with p.n("listitem", ""):
                    p.link(l)
        with p.n("timer", "Server time"):
            p.t("Tue 14 May 2024, %s" % clock(r.t))
    return p


PAGES = {"dashboard": pg_dashboard, "search": pg_search, "sites": pg_sites, "site": pg_site, "lease": pg_lease,
         "ins_form": pg_ins_form, "payments": pg_payments, "payment": pg_payment, "dispute_form": pg_dispute_form,
         "edit_payment": pg_edit_payment, "landowner": pg_landowner, "ground_lease": pg_ground_lease,
         "signin": pg_signin}


# ---------------------------------------------------------------------------
# run engine
# ---------------------------------------------------------------------------

INITIAL_RECENT = [
    ("Sites", "MTP-TX-04471", "Cedar Hollow North", "Site · Bastrop County, TX · viewed 13 May 16:40"),
    ("Leases", "LSE-2019-00381", "Corvane Mobile", "Lease · MTP-TX-04471 Cedar Hollow North · viewed 13 May 16:38"),
    ("Sites", "MTP-TX-04417", "Cedar Hollow", "Site · Bastrop County, TX · viewed 13 May 15:02"),
    ("Ground rent payments", "GRP-24-0418327", "Prewett Ranch LLC", "Payment · Apr 2024 · viewed 13 May 14:51"),
    ("Sites", "MTP-OK-02256", "Pine Ridge South", "Site · Le Flore County, OK · viewed 13 May 11:20"),
    ("Leases", "LSE-2021-01427", "Northline Wireless", "Lease · MTP-OK-02256 Pine Ridge South · viewed 13 May 11:18"),
    ("Landowners", "OWN-12049", "Thibodaux Farms Partnership", "Landowner · viewed 10 May 10:05"),
]


def make_world():
    return dict(leases=copy.deepcopy(LEASES), payments=copy.deepcopy(PAYMENTS), recent=list(INITIAL_RECENT),
                recent_searches=["Cedar Hollow", "LSE-2019-00381", "Prewett", "GRP-24-0418327", "Pine Ridge South"],
                unread=3, drafts=7, open_disputes=4, on_hold=3, queue=9)


class Run:
    def __init__(self, rid, workflow, variant, fault=None, off=None, start="09:12", seed=1, success=None):
        self.id, self.workflow, self.variant = rid, workflow, variant
        self.fault, self.off = fault, off
        self.success = (fault is None) if success is None else success
        hh, mm = start.split(":")
        self.t = int(hh) * 3600 + int(mm) * 60 + (seed * 7) % 50
        self.rng = random.Random(seed)
        self.w = make_world()
        self.steps = []
        self.doc = self.st = self.page = None
        self.initial = None

    # --- state ------------------------------------------------------------
    def _visit(self):
        st = self.st
        pg, rid = st["page"], st.get("id")
        entry = None
        when = "viewed 14 May %s" % clock(self.t)[:5]
        if pg == "site":
            s = SITES[rid]
            entry = ("Sites", rid, s["name"], "Site · %s County, %s · %s" % (s["county"], s["state"], when))
        elif pg == "lease":
            l = self.w["leases"][rid]
            s = SITES[l["site"]]
            entry = ("Leases", rid, l["tenant"], "Lease · %s %s · %s" % (s["id"], s["name"], when))
        elif pg == "payment":
            pm = self.w["payments"][rid]
            entry = ("Ground rent payments", rid, OWNERS[pm["owner"]][0], "Payment · %s · %s" % (pm["period"], when))
        elif pg == "landowner":
            entry = ("Landowners", rid, OWNERS[rid][0], "Landowner · %s" % when)
        elif pg == "ground_lease":
            entry = ("Ground leases", rid, OWNERS[GROUND[rid]["owner"]][0], "Ground lease · %s" % when)
        if entry:
            self.w["recent"] = [entry] + [e for e in self.w["recent"] if e[1] != rid]
        if pg == "search" and st.get("q"):
            self.w["recent_searches"] = [st["q"]] + [x for x in self.w["recent_searches"] if x != st["q"]][:5]

    def _render(self):
        self.page = PAGES[self.st["page"]](self)

    def _nav(self, st):
        self.doc = Doc()
        self.st = st
        self._render()          # recently-viewed panel shows the list as it was when the page loaded
        self._visit()

    def begin(self, st):
        self._nav(st)
        self.initial = self.obs()

    def obs(self, error=None):
        return {"url": self.page.url, "title": self.page.title, "text": self.page.text(), "error": error}

    # --- actions ----------------------------------------------------------
    def step(self, cm, verb, key=None, arg=None, why="", effect="read", nav=None, upd=None, world=None,
             dt=None, error=None):
        bid = target = None
        if key is not None:
            bid, target = self.page.targets[key]
        if verb == "click":
            cmd = "click(%s)" % q(bid)
        elif verb == "fill":
            cmd = "fill(%s, %s)" % (q(bid), q(arg))
        elif verb == "select":
            cmd = "select_option(%s, %s)" % (q(bid), q(arg))
        elif verb == "press":
            cmd = "press(%s, %s)" % (q(bid), q(arg))
        elif verb == "check":
            cmd = "check(%s)" % q(bid)
        elif verb == "go_back":
            cmd = "go_back()"
        elif verb == "goto":
            cmd = "goto(%s)" % q(arg)
        elif verb == "msg":
            cmd = "send_msg_to_user(%s)" % q(arg)
        else:
            raise ValueError(verb)
        self.t += dt if dt is not None else self.rng.randint(9, 38)
        if world:
            world(self.w)
        if nav is not None:
            self._nav(nav)
        else:
            for k, v in (upd or {}).items():
                if "." in k:
                    a, b = k.split(".", 1)
                    self.st[a][b] = v
                else:
                    self.st[k] = v
            self._render()
        self.steps.append({"commitment": cm,
                           "action": {"command": cmd, "reasoning": why, "target": target, "effect": effect},
                           "observation": self.obs(error)})

    # shorthands
    def fill(self, cm, key, text, why, field, effect="write", **kw):
        upd = {field: text, "focus": key}
        upd.update(kw.pop("upd", {}))
        self.step(cm, "fill", key, text, why, effect, upd=upd, dt=kw.pop("dt", self.rng.randint(7, 24)), **kw)

    def select(self, cm, key, opt, why, field, effect="write", **kw):
        upd = {field: opt, "focus": key}
        upd.update(kw.pop("upd", {}))
        self.step(cm, "select", key, opt, why, effect, upd=upd, dt=kw.pop("dt", self.rng.randint(6, 20)), **kw)

    def click(self, cm, key, why, effect="read", **kw):
        self.step(cm, "click", key, None, why, effect, **kw)

    def msg(self, cm, text, why):
        self.step(cm, "msg", None, text, why, "read", upd={"focus": None}, dt=self.rng.randint(5, 15))

    def record(self, plan_path, task):
        return {"id": self.id, "workflow": self.workflow, "variant": self.variant, "task": task, "plan": plan_path,
                "label": {"fault": self.fault, "first_off_track_step": self.off},
                "initial_observation": self.initial, "steps": self.steps,
                "outcome": {"success": self.success}}


# ---------------------------------------------------------------------------
# task variants
# ---------------------------------------------------------------------------

V = {
    "a1": dict(workflow="lease-install", lease="LSE-2019-00831", site="MTP-TX-04417", tenant="Corvane Mobile",
               model="Ericsson AIR 6449 B77D", qty="3", rad="148", rent="1250.00", start="2024-07-01",
               rate="3", freq="12", ins="INS-0884213", amd="AMD-2024-0317",
               task="In SiteLease, add a new Corvane Mobile antenna installation to tenant lease LSE-2019-00831 at site "
                    "MTP-TX-04417 (Cedar Hollow): 3 × Ericsson AIR 6449 B77D antennas at a 148 ft RAD center, base rent "
                    "$1,250.00 per month starting 2024-07-01, with a fixed 3% rent escalation every 12 months. Save it so "
                    "the lease rent schedule is amended, then tell me the new installation ID."),
    "a2": dict(workflow="lease-install", lease="LSE-2021-01472", site="MTP-OK-02265", tenant="Northline Wireless",
               model="CommScope NHH-65B-R2B", qty="6", rad="132", rent="1875.00", start="2024-06-15",
               rate="2.5", freq="12", ins="INS-0884230", amd="AMD-2024-0318",
               task="Add Northline Wireless's new installation to their lease LSE-2021-01472 at Pine Ridge "
                    "(MTP-OK-02265): 6 × CommScope NHH-65B-R2B antennas at 132 ft RAD center, base rent $1,875.00 a "
                    "month from 2024-06-15, escalating a fixed 2.5% every 12 months. Save the installation and amend "
                    "the rent schedule."),
    "a3": dict(workflow="lease-install", lease="LSE-2018-00562", site="MTP-LA-01138", tenant="Tessera PCS",
               model="RFS APXVAARR24_43-U-NA20", qty="4", rad="210", rent="2400.00", start="2024-08-01",
               rate="15", freq="60", ins="INS-0884247", amd="AMD-2024-0319",
               task="Record Tessera PCS's new antenna installation on lease LSE-2018-00562 at Bayou Teche "
                    "(MTP-LA-01138): 4 × RFS APXVAARR24_43-U-NA20 antennas at 210 ft RAD center, base rent $2,400.00 "
                    "per month starting 2024-08-01, with the standard 15% escalation every 5 years (60 months). Save "
                    "it so the rent schedule is amended."),
    "b1": dict(workflow="ground-rent-dispute", payment="GRP-24-0518372", owner="OWN-10233",
               type="Escalation not applied", claimed="1905.50", via="Letter", date="2024-05-09",
               desc="Landowner letter dated 6 May 2024 (received 9 May) says the 3% escalation due 1 May 2024 under "
                    "GL-04417-01 was not applied. Claims $1,905.50 for May instead of $1,850.00.",
               dsp="DSP-000918", hld="HLD-24-00412",
               task="The Prewitt Family Trust disputes ground-rent payment GRP-24-0518372 for site MTP-TX-04417 "
                    "(Cedar Hollow). Their letter, received 2024-05-09, says the 3% escalation due 1 May 2024 was not "
                    "applied and claims $1,905.50 instead of $1,850.00. Record the dispute in SiteLease and put the "
                    "payment on hold until it is resolved."),
    "b2": dict(workflow="ground-rent-dispute", payment="GRP-24-0520914", owner="OWN-11807",
               type="Revenue share not paid", claimed="1412.50", via="Phone call", date="2024-05-14",
               desc="Oleta Birdsong called 14 May: her 25% revenue share on Halcyon Broadband lease LSE-2024-02031 "
                    "($1,750.00/month since 1 Mar 2024) is missing from the May payment. Claims $1,412.50 instead of $975.00.",
               dsp="DSP-000919", hld="HLD-24-00413",
               task="Oleta Birdsong phoned today to dispute ground-rent payment GRP-24-0520914 (site MTP-OK-02710, "
                    "Sallisaw Junction): she says her 25% revenue share from the new Halcyon Broadband tenant is "
                    "missing and claims $1,412.50 instead of $975.00. Record the dispute and put the payment on hold."),
    "b3": dict(workflow="ground-rent-dispute", payment="GRP-24-0511206", owner="OWN-12094",
               type="Tax reimbursement", claimed="2640.00", via="Email", date="2024-05-14",
               desc="Email from Renée Thibodeaux, 14 May: the 2024 property-tax reimbursement offset ($340.00) was "
                    "deducted twice from the May payment. Claims $2,640.00 instead of $2,300.00.",
               dsp="DSP-000920", hld="HLD-24-00414",
               task="Thibodeaux Land Co., LLC emailed today disputing ground-rent payment GRP-24-0511206 (site "
                    "MTP-LA-01422, Breaux Bridge): the $340.00 property-tax reimbursement was deducted twice, so they "
                    "claim $2,640.00 instead of $2,300.00. Record the dispute (type: tax reimbursement) and place the "
                    "payment on hold."),
}
for _k, _v in V.items():
    _v["plan"] = "plans/%s-%s.yaml" % (_v["workflow"], _k)


# ---------------------------------------------------------------------------
# plans -- written from the task text and the healthy pages, before any
# faulty run was written, and not changed afterwards.
# ---------------------------------------------------------------------------

def plan_lease_install(v):
    s = SITES[v["site"]]
    rent = money(float(v["rent"]))
    every = "every %s months" % v["freq"]
    return {
        "task": v["task"],
        "plan_falsifiers": {
            "execution": ["Your session has expired. Please sign in again.",
                          "Access denied: you do not have permission for this action",
                          "Something went wrong and the change was not saved"],
        },
        "commitments": [
            {"id": "open-lease",
             "subgoal": "Open tenant lease %s (%s) at site %s %s" % (v["lease"], v["tenant"], s["id"], s["name"]),
             "skill": "open_record_by_id",
             "confidence": 0.85,
             "confirm": {
                 "precondition": ["SiteLease console is open with the global search box and main menu"],
                 "progress": ["Search results or the site's tenant lease table list lease %s for %s" % (v["lease"], v["tenant"])],
                 "completion": ["Lease %s page for %s at %s %s, status Active" % (v["lease"], v["tenant"], s["id"], s["name"])],
             },
             "falsify": {
                 "execution": ["The lease page that is open has a lease number other than %s" % v["lease"],
                               "The lease page shows a site other than %s %s" % (s["id"], s["name"]),
                               "Search finds no lease %s" % v["lease"]],
                 "planning": ["Lease %s is terminated or expired" % v["lease"]],
             }},
            {"id": "start-installation",
             "subgoal": "Open the Add installation form on lease %s" % v["lease"],
             "confidence": 0.8,
             "confirm": {
                 "precondition": ["Lease %s page with an Add installation button" % v["lease"]],
                 "progress": [],
                 "completion": ["Add installation form for lease %s with tenant %s" % (v["lease"], v["tenant"])],
             },
             "falsify": {
                 "skill": ["The Add installation button is missing or disabled"],
                 "planning": ["The lease does not allow new installations (not active)"],
             }},
            {"id": "enter-equipment",
             "subgoal": "Enter the equipment: %s × %s at a %s ft RAD center" % (v["qty"], v["model"], v["rad"]),
             "confidence": 0.75,
             "confirm": {
                 "progress": ["Antenna / equipment model shows %s" % v["model"]],
                 "completion": ["Antenna quantity shows %s" % v["qty"], "RAD center shows %s" % v["rad"]],
             },
             "falsify": {
                 "execution": ["Antenna quantity shows a number other than %s" % v["qty"],
                               "RAD center shows a height other than %s ft" % v["rad"],
                               "Equipment model differs from %s" % v["model"]],
             }},
            {"id": "enter-rent",
             "subgoal": "Enter base rent %s per month starting %s" % (rent, v["start"]),
             "confidence": 0.75,
             "confirm": {
                 "completion": ["Base monthly rent field shows %s" % v["rent"],
                                "Rent commencement date shows %s" % v["start"]],
             },
             "falsify": {
                 "execution": ["Base monthly rent shows an amount other than %s" % rent,
                               "Rent commencement date differs from %s" % v["start"]],
             }},
            {"id": "set-escalation",
             "subgoal": "Set a fixed %s%% escalation %s" % (v["rate"], every),
             "confidence": 0.7,
             "confirm": {
                 "progress": ["Escalation type shows Fixed percentage"],
                 "completion": ["Escalation rate shows %s" % v["rate"],
                                "Escalation frequency shows %s months" % v["freq"]],
             },
             "falsify": {
                 "execution": ["Escalation type is still None",
                               "Escalation rate differs from %s%%" % v["rate"],
                               "Escalation frequency differs from %s months" % v["freq"]],
                 "planning": ["The form has no way to set a percentage escalation"],
             }},
            {"id": "save-installation",
             "subgoal": "Save the installation and confirm the rent schedule amendment",
             "confidence": 0.7,
             "confirm": {
                 "progress": ["Confirmation dialog: %s × %s, %s per month from %s, escalation %s%% %s"
                              % (v["qty"], v["model"], rent, fmt_d(v["start"]), v["rate"], every)],
                 "completion": ["Notification that the installation was added to lease %s and a draft amendment created" % v["lease"],
                                "Installations table on the lease lists %s × %s at %s ft, Pending amendment" % (v["qty"], v["model"], v["rad"]),
                                "Upcoming rent changes show the new rent commencing %s" % fmt_d(v["start"])],
             },
             "falsify": {
                 "execution": ["An error message appears after saving",
                               "The lease's installations table is unchanged after saving",
                               "The new installation is listed twice",
                               "Confirmation dialog says no escalation is configured",
                               {"text": "Clicks Go back or Cancel in the confirmation dialog", "on": "action"}],
                 "skill": ["Save does nothing: the form stays open with no message"],
             }},
            {"id": "report",
             "subgoal": "Tell the user the new installation ID, rent and escalation",
             "confidence": 0.9,
             "confirm": {
                 "completion": ["Message names the new installation ID on lease %s" % v["lease"]],
             },
             "falsify": {
                 "execution": [{"text": "Reports success although the lease shows no new installation", "on": "action"}],
             }},
        ],
    }


def plan_ground_rent_dispute(v):
    pm = PAYMENTS[v["payment"]]
    s = SITES[pm["site"]]
    owner = OWNERS[v["owner"]][0]
    claimed = money(float(v["claimed"]))
    return {
        "task": v["task"],
        "plan_falsifiers": {
            "execution": ["Your session has expired. Please sign in again.",
                          "Access denied: you do not have permission for this action",
                          {"text": "Changes the payment's scheduled amount, payee or due date", "on": "action"}],
        },
        "commitments": [
            {"id": "open-payment",
             "subgoal": "Open ground-rent payment %s (%s, %s %s)" % (v["payment"], owner, s["id"], s["name"]),
             "skill": "open_record_by_id",
             "confidence": 0.85,
             "confirm": {
                 "precondition": ["SiteLease console is open"],
                 "progress": ["Payment search lists %s for %s" % (v["payment"], owner)],
                 "completion": ["Payment %s page: %s, %s due %s, status Scheduled"
                                % (v["payment"], owner, money(pm["amount"]), fmt_d(pm["due"]))],
             },
             "falsify": {
                 "execution": ["The payment page open is for a payment ID other than %s" % v["payment"],
                               "The payment page shows a landowner other than %s" % owner,
                               "The payment shown is for a period other than May 2024"],
                 "planning": ["Payment %s is already paid or void" % v["payment"]],
             }},
            {"id": "open-dispute-form",
             "subgoal": "Start a new dispute on payment %s" % v["payment"],
             "confidence": 0.8,
             "confirm": {
                 "completion": ["Open dispute form for payment %s" % v["payment"]],
             },
             "falsify": {
                 "skill": ["The Open dispute button is missing or disabled"],
             }},
            {"id": "fill-dispute",
             "subgoal": "Fill in the dispute: %s, received by %s on %s, claimed %s, with a description"
                        % (v["type"], v["via"].lower(), v["date"], claimed),
             "confidence": 0.75,
             "confirm": {
                 "progress": ["Dispute type shows %s" % v["type"]],
                 "completion": ["Received via shows %s" % v["via"], "Date received shows %s" % v["date"],
                                "Claimed amount shows %s" % v["claimed"], "Description is filled in"],
             },
             "falsify": {
                 "execution": ["Claimed amount differs from %s" % claimed,
                               "Dispute type other than %s" % v["type"],
                               "Date received differs from %s" % v["date"]],
             }},
            {"id": "save-dispute",
             "subgoal": "Save the dispute",
             "confidence": 0.75,
             "confirm": {
                 "completion": ["Notification that a dispute was recorded for %s" % v["payment"],
                                "Disputes table on the payment lists an Open %s dispute claiming %s" % (v["type"], claimed)],
             },
             "falsify": {
                 "execution": ["An error or validation message after saving the dispute",
                               "The payment still says no disputes recorded",
                               "Two disputes recorded for the same claim"],
             }},
            {"id": "place-hold",
             "subgoal": "Place the payment on hold (reason Dispute pending, linked to the new dispute)",
             "confidence": 0.7,
             "confirm": {
                 "progress": ["Place payment on hold dialog with reason Dispute pending and the new dispute linked"],
                 "completion": ["Payment %s shows On hold — Dispute pending" % v["payment"],
                                "Notification that the payment was placed on hold",
                                "Batch shows the payment removed from its batch"],
             },
             "falsify": {
                 "execution": ["Message that the hold was not applied",
                               "Payment status is still Scheduled after confirming the hold",
                               {"text": "Cancels the hold dialog", "on": "action"}],
                 "planning": ["The payment has already been released to the bank and cannot be held"],
             }},
            {"id": "report",
             "subgoal": "Tell the user the dispute ID and that the payment is on hold",
             "confidence": 0.9,
             "confirm": {
                 "completion": ["Message names the dispute ID and the hold on %s" % v["payment"]],
             },
             "falsify": {
                 "execution": [{"text": "Reports the payment on hold while the page does not show it On hold",
                                "on": "action"}],
             }},
        ],
    }


def build_plans():
    plans = {}
    for k, v in V.items():
        plans[k] = plan_lease_install(v) if v["workflow"] == "lease-install" else plan_ground_rent_dispute(v)
    return plans


# --- YAML writer (block style; strings double-quoted, JSON-compatible) ---------

def _y(s):
    return json.dumps(s, ensure_ascii=False)


def _yev(item):
    if isinstance(item, dict):
        # the key is quoted: YAML 1.1 loaders read a bare `on` as the boolean true
        return "{text: %s, \"on\": %s}" % (_y(item["text"]), item.get("on", "state"))
    return _y(item)


def plan_to_yaml(plan, header=None):
    out = []
    if header:
        out += ["# " + h for h in header]
    out.append("task: " + _y(plan["task"]))
    out.append("plan_falsifiers:")
    for scope, items in plan["plan_falsifiers"].items():
        out.append("  %s:" % scope)
        for it in items:
            out.append("    - " + _yev(it))
    out.append("commitments:")
    for c in plan["commitments"]:
        out.append("  - id: " + c["id"])
        out.append("    subgoal: " + _y(c["subgoal"]))
        if c.get("skill"):
            out.append("    skill: " + c["skill"])
        out.append("    confidence: %s" % c["confidence"])
        for section, keys in (("confirm", ("precondition", "progress", "completion")),
                              ("falsify", ("execution", "skill", "planning"))):
            out.append("    %s:" % section)
            for k in keys:
                items = c.get(section, {}).get(k, [])
                if not items:
                    out.append("      %s: []" % k)
                else:
                    out.append("      %s:" % k)
                    for it in items:
                        out.append("        - " + _yev(it))
    return "\n".join(out) + "\n"


def normalise_plan(plan):
    """The plan as it reads back from YAML (empty stages present as [])."""
    p = copy.deepcopy(plan)
    for c in p["commitments"]:
        c["confirm"] = {k: c.get("confirm", {}).get(k, []) for k in ("precondition", "progress", "completion")}
        c["falsify"] = {k: c.get("falsify", {}).get(k, []) for k in ("execution", "skill", "planning")}
    return p


# ---------------------------------------------------------------------------
# page states and world changes used by the runs
# ---------------------------------------------------------------------------

def S(page, **kw):
    d = dict(page=page, toasts=[], alert=None, dialog=None, focus=None, gsearch=None)
    d.update(kw)
    return d


def ins_form_state(lid):
    return S("ins_form", id=lid, form=dict(type="New installation", model="", qty="", rad="", az="", mount="Sector frame",
                                           rent="", start="", esc="None", rate="", freq="12", notes=""))


def dispute_form_state(pid, form=None):
    pm = PAYMENTS[pid]
    f = dict(type=DISPUTE_TYPES[0], raised=OWNERS[pm["owner"]][1], via=RECEIVED_VIA[0], date=TODAY.isoformat(),
             claimed="", desc="", assign="Dana Okafor", notify=False)
    if form:
        f.update(form)
    return S("dispute_form", id=pid, form=f)


def do_save_installation(r, lid, ins_id, amd):
    f = r.st["form"]

    def world(w):
        lease = w["leases"][lid]
        esc_new = (float(f["rate"]), int(f["freq"]), form_first_esc(f)) if f["esc"] == "Fixed percentage" else False
        lease["installs"].append(dict(id=ins_id, model=f["model"], qty=int(f["qty"]), rad=int(f["rad"]), mount=f["mount"],
                                      status="Pending amendment", rent=parse_money(f["rent"]), start=f["start"],
                                      esc=lease["esc"], esc_new=esc_new, amendment=amd))
        w["drafts"] += 1
    return world


def toast_ins(ins_id, lid, amd):
    return "Installation %s added to lease %s. Draft amendment %s created." % (ins_id, lid, amd)


def do_save_dispute(r, pid, dsp):
    f = dict(r.st["form"])

    def world(w):
        pm = w["payments"][pid]
        pm["disputes"].append(dict(id=dsp, type=f["type"], claimed=parse_money(f["claimed"]) if f["claimed"] else None,
                                   received="%s, %s" % (f["via"], fmt_d(f["date"])), status="Open", assigned=f["assign"]))
        pm["events"].append(("14 May 2024 %s" % clock(r.t), "Dispute %s opened by %s (%s)" % (dsp, USER_NAME, f["type"])))
        w["open_disputes"] += 1
    return world


def hold_dialog_upd(r, pid):
    pm = r.w["payments"][pid]
    open_d = [d for d in pm["disputes"] if d["status"] == "Open"]
    return {"dialog": {"kind": "hold"}, "focus": None, "toasts": [],
            "hold_form": dict(reason="Dispute pending" if open_d else HOLD_REASONS[1],
                              dispute=open_d[-1]["id"] if open_d else "", until="2024-06-13", comment="")}


def do_place_hold(r, pid, hld):
    hf = dict(r.st["hold_form"])

    def world(w):
        pm = w["payments"][pid]
        pm["hold"] = dict(id=hld, reason=hf["reason"], by=USER_NAME, at="14 May 2024 %s" % clock(r.t),
                          dispute=hf["dispute"] or "—", until=fmt_d(hf["until"]))
        pm["events"].append(("14 May 2024 %s" % clock(r.t), "Placed on hold %s by %s (%s)" % (hld, USER_NAME, hf["reason"])))
        pm["status"] = "On hold"
        w["on_hold"] += 1
    return world


# ---------------------------------------------------------------------------
# shared step sequences
# ---------------------------------------------------------------------------

def g_search(r, cm, query, why_fill, why_enter):
    r.fill(cm, "gsearch", query, why_fill, "gsearch", effect="read")
    r.step(cm, "press", "gsearch", "Enter", why_enter, "read", nav=S("search", q=query, gsearch=query))


def a_equipment(r, v, qty=None, rad=None, model=None):
    r.fill("enter-equipment", "f:model", model or v["model"],
           "The task specifies %s antennas; enter the model first." % v["model"], "form.model")
    r.fill("enter-equipment", "f:qty", qty or v["qty"],
           "Quantity is %s antennas." % v["qty"], "form.qty")
    r.fill("enter-equipment", "f:rad", rad or v["rad"],
           "RAD center is %s ft; the help text shows it is below the structure height." % v["rad"], "form.rad")


def a_rent(r, v, rent=None):
    r.fill("enter-rent", "f:rent", rent or v["rent"],
           "Base rent is %s per month." % money(float(v["rent"])), "form.rent")
    r.fill("enter-rent", "f:start", v["start"],
           "Rent starts %s; the field wants YYYY-MM-DD." % fmt_d(v["start"]), "form.start")


def a_escalation(r, v, freq_step=False):
    r.select("set-escalation", "f:esc", "Fixed percentage",
             "The task asks for a fixed %s%% escalation, so choose Fixed percentage." % v["rate"], "form.esc")
    r.fill("set-escalation", "f:rate", v["rate"],
           "Escalation rate %s%%." % v["rate"], "form.rate")
    if freq_step:
        r.fill("set-escalation", "f:freq", v["freq"],
               "The escalation is every 5 years, so the frequency is %s months, not the default 12." % v["freq"],
               "form.freq")


def a_save(r, v, why_save=None, why_confirm=None, ins_id=None, lid=None, amd=None):
    lid = lid or v["lease"]
    ins_id = ins_id or v["ins"]
    amd = amd or v["amd"]
    r.click("save-installation", "save_ins",
            why_save or "All required fields are filled; save the installation.", upd={"dialog": {"kind": "confirm"}, "focus": None})
    r.click("save-installation", "dlg_confirm",
            why_confirm or "The confirmation summary matches the task; confirm the amendment.", effect="irreversible",
            world=do_save_installation(r, lid, ins_id, amd),
            nav=S("lease", id=lid, tab="overview", toasts=[toast_ins(ins_id, lid, amd)]))


def b_dispute_fields(r, v, claimed=None, date_step=True, via_step=True):
    r.select("fill-dispute", "d:type", v["type"],
             "The landowner's complaint is '%s'; pick that dispute type." % v["type"].lower(), "form.type")
    r.fill("fill-dispute", "d:claimed", claimed or v["claimed"],
           "They claim %s." % money(float(v["claimed"])), "form.claimed")
    if via_step:
        r.select("fill-dispute", "d:via", v["via"], "The dispute came in by %s." % v["via"].lower(), "form.via")
    if date_step:
        r.fill("fill-dispute", "d:date", v["date"],
               "It was received on %s, not today." % v["date"], "form.date")
    r.fill("fill-dispute", "d:desc", v["desc"], "Describe the claim so the reviewer has the details.", "form.desc")


def b_save_dispute(r, v, pid=None, why=None):
    pid = pid or v["payment"]
    r.click("save-dispute", "d:save", why or "The dispute form is complete; save it.", effect="irreversible",
            world=do_save_dispute(r, pid, v["dsp"]),
            nav=S("payment", id=pid, toasts=["Dispute %s recorded for payment %s." % (v["dsp"], pid)]))


def b_hold(r, v, pid=None, comment=None):
    pid = pid or v["payment"]
    r.click("place-hold", "place_hold", "Now put the payment on hold so it is not released while the dispute is open.",
            upd=hold_dialog_upd(r, pid))
    if comment:
        r.fill("place-hold", "h:comment", comment, "Add a short comment for Treasury (optional).", "hold_form.comment")
    pm = r.w["payments"][pid]
    r.click("place-hold", "h:confirm",
            "Reason is Dispute pending and the new dispute is linked; confirm the hold.", effect="irreversible",
            world=do_place_hold(r, pid, v["hld"]),
            upd={"dialog": None, "focus": None,
                 "toasts": ["Payment %s placed on hold (%s). It was removed from batch %s." % (pid, v["hld"], pm["batch"])]})


# ---------------------------------------------------------------------------
# healthy runs
# ---------------------------------------------------------------------------

def run_li_healthy_01():
    v = V["a1"]
    r = Run("lease-install-healthy-01", v["workflow"], "a1", start="09:12", seed=101)
    r.begin(S("dashboard"))
    g_search(r, "open-lease", v["lease"], "Search for the lease ID from the task.", "Run the search.")
    r.click("open-lease", "res:" + v["lease"],
            "LSE-2019-00831 is the exact match for Corvane Mobile at MTP-TX-04417 Cedar Hollow; LSE-2019-00381 is a "
            "different lease at Cedar Hollow North.", nav=S("lease", id=v["lease"]))
    r.click("start-installation", "add_ins", "This is Corvane's lease at Cedar Hollow; add the installation.",
            nav=ins_form_state(v["lease"]))
    a_equipment(r, v)
    a_rent(r, v)
    a_escalation(r, v)
    a_save(r, v)
    r.msg("report", "Added installation %s to lease %s (Corvane Mobile, MTP-TX-04417 Cedar Hollow): 3 × Ericsson AIR "
                    "6449 B77D at 148 ft, base rent $1,250.00/month from 01 Jul 2024, escalating 3%% every 12 months "
                    "(first on 01 Jul 2025). Draft amendment %s was created." % (v["ins"], v["lease"], v["amd"]),
          "The lease page shows the new installation as Pending amendment and the rent change on 01 Jul 2024.")
    return r


def run_li_healthy_02():
    v = V["a2"]
    r = Run("lease-install-healthy-02", v["workflow"], "a2", start="10:05", seed=102)
    r.begin(S("dashboard"))
    r.click("open-lease", "nav:Sites", "Find the Pine Ridge site from the Sites list.", nav=S("sites"))
    r.fill("open-lease", "site_filter", "Pine Ridge", "Filter the site list by name.", "site_filter", effect="read")
    r.click("open-lease", "site:MTP-OK-02265",
            "MTP-OK-02265 is Pine Ridge; Pine Ridge South (MTP-OK-02256) and Pineridge Road are different sites.",
            nav=S("site", id="MTP-OK-02265"))
    r.click("open-lease", "lease:" + v["lease"], "Northline Wireless's lease on this site is LSE-2021-01472.",
            nav=S("lease", id=v["lease"]))
    r.click("start-installation", "add_ins", "Open the Add installation form.", nav=ins_form_state(v["lease"]))
    a_equipment(r, v)
    r.fill("enter-rent", "f:rent", "1857.00", "Base rent per the task.", "form.rent")
    r.fill("enter-rent", "f:rent", v["rent"],
           "I typed 1857.00 but the task says $1,875.00; correct the rent before going on.", "form.rent")
    r.fill("enter-rent", "f:start", v["start"], "Rent starts 15 Jun 2024.", "form.start")
    a_escalation(r, v)
    a_save(r, v, why_confirm="Dialog shows 6 × CommScope NHH-65B-R2B at 132 ft, $1,875.00 from 15 Jun 2024, 2.5% "
                             "every 12 months; confirm.")
    r.msg("report", "Saved installation %s on lease %s (Northline Wireless, MTP-OK-02265 Pine Ridge): 6 × CommScope "
                    "NHH-65B-R2B at 132 ft, $1,875.00/month from 15 Jun 2024 with a fixed 2.5%% escalation every 12 "
                    "months. Draft amendment %s is ready for signature." % (v["ins"], v["lease"], v["amd"]),
          "The installation is on the lease and the rent schedule shows the change.")
    return r


def run_li_healthy_03():
    v = V["a3"]
    r = Run("lease-install-healthy-03", v["workflow"], "a3", start="13:40", seed=103)
    r.begin(S("dashboard"))
    g_search(r, "open-lease", "LSE-2018-0562", "Search for the Tessera lease.", "Run the search.")
    r.click("open-lease", "didyoumean",
            "No results: I dropped a zero. The suggestion LSE-2018-00562 is the ID in the task.",
            nav=S("search", q=v["lease"], gsearch=v["lease"]))
    r.click("open-lease", "res:" + v["lease"],
            "Exact match LSE-2018-00562, Tessera PCS at MTP-LA-01138 Bayou Teche (not LSE-2018-00526 at Bayou Teche West).",
            nav=S("lease", id=v["lease"]))
    r.click("start-installation", "add_ins", "Add the new installation to this lease.", nav=ins_form_state(v["lease"]))
    a_equipment(r, v)
    a_rent(r, v)
    a_escalation(r, v, freq_step=True)
    a_save(r, v, why_confirm="Summary shows 15% every 60 months, first on 01 Aug 2029; that is the 5-year escalator. Confirm.")
    r.msg("report", "Installation %s added to Tessera PCS lease %s at MTP-LA-01138 Bayou Teche: 4 × RFS "
                    "APXVAARR24_43-U-NA20 at 210 ft, $2,400.00/month from 01 Aug 2024, escalating 15%% every 60 months "
                    "(first 01 Aug 2029). Draft amendment %s created." % (v["ins"], v["lease"], v["amd"]),
          "Saved; the lease lists the installation as Pending amendment.")
    return r


def run_li_healthy_04():
    v = V["a1"]
    r = Run("lease-install-healthy-04", v["workflow"], "a1", start="15:20", seed=104)
    r.begin(S("dashboard"))
    r.click("open-lease", "rv:MTP-TX-04417",
            "MTP-TX-04417 Cedar Hollow is in Recently viewed (the entry above it is Cedar Hollow North, a different site).",
            nav=S("site", id="MTP-TX-04417"))
    r.click("open-lease", "lease:" + v["lease"], "Corvane Mobile's lease here is LSE-2019-00831.",
            nav=S("lease", id=v["lease"]))
    r.click("start-installation", "add_ins", "Open the Add installation form.", nav=ins_form_state(v["lease"]))
    a_equipment(r, v)
    a_rent(r, v)
    a_escalation(r, v)
    r.fill("save-installation", "f:notes", "Corvane request CR-2024-0412 (work queue WQ-55158).",
           "Reference the work-queue request in the internal notes.", "form.notes")
    a_save(r, v)
    r.click("save-installation", "tab:rent", "Check the rent schedule shows the new rent and its escalations.",
            upd={"tab": "rent", "focus": "tab:rent"})
    r.msg("report", "Done: installation %s (3 × Ericsson AIR 6449 B77D at 148 ft) is on lease %s at Cedar Hollow. "
                    "Rent $1,250.00/month from 01 Jul 2024, +3%% every 12 months; the rent schedule shows "
                    "the escalations from 01 Jul 2025. Draft amendment %s created." % (v["ins"], v["lease"], v["amd"]),
          "The rent schedule confirms the new installation rent and escalation.")
    return r


def run_grd_healthy_01():
    v = V["b1"]
    r = Run("ground-rent-dispute-healthy-01", v["workflow"], "b1", start="09:31", seed=201)
    r.begin(S("dashboard"))
    r.click("open-payment", "nav:Ground rent payments", "Go to the ground rent payments list.", nav=S("payments"))
    r.fill("open-payment", "pay_search", v["payment"], "Search the payment ID.", "typed", effect="read")
    r.step("open-payment", "press", "pay_search", "Enter", "Run the search.", "read",
           nav=S("payments", q=v["payment"], typed=v["payment"]))
    r.click("open-payment", "pay:" + v["payment"],
            "Exact match GRP-24-0518372 for Prewitt Family Trust; GRP-24-0518327 is Prewett Ranch LLC and "
            "GRP-24-0418372 is April.", nav=S("payment", id=v["payment"]))
    r.click("open-dispute-form", "open_dispute", "Payment is Scheduled for $1,850.00; open a dispute.",
            nav=dispute_form_state(v["payment"]))
    b_dispute_fields(r, v)
    b_save_dispute(r, v)
    b_hold(r, v)
    r.msg("report", "Recorded dispute %s (Escalation not applied, claimed $1,905.50, letter received 09 May 2024) on "
                    "payment GRP-24-0518372 for Prewitt Family Trust, and placed the payment on hold (%s, reason "
                    "Dispute pending). It was removed from batch ACH-240517-01." % (v["dsp"], v["hld"]),
          "The payment shows On hold — Dispute pending with the dispute listed.")
    return r


def run_grd_healthy_02():
    v = V["b2"]
    r = Run("ground-rent-dispute-healthy-02", v["workflow"], "b2", start="11:02", seed=202)
    r.begin(S("dashboard"))
    g_search(r, "open-payment", "Birdsong", "Search by the landowner's name.", "Run the search.")
    r.click("open-payment", "res:OWN-11807",
            "Oleta Birdsong (OWN-11807) owns Sallisaw Junction; Birdsong Farms LP is a different landowner.",
            nav=S("landowner", id="OWN-11807"))
    r.click("open-payment", "pay:" + v["payment"], "Her May payment is GRP-24-0520914.",
            nav=S("payment", id=v["payment"]))
    r.click("open-dispute-form", "open_dispute", "Open a dispute on this payment.", nav=dispute_form_state(v["payment"]))
    b_dispute_fields(r, v, date_step=False)
    b_save_dispute(r, v, why="She phoned today, so the default date received is right. Save the dispute.")
    b_hold(r, v)
    r.msg("report", "Dispute %s recorded on GRP-24-0520914 (Oleta Birdsong, Sallisaw Junction): revenue share not "
                    "paid, claimed $1,412.50 vs $975.00, received by phone today. The payment is on hold (%s, "
                    "Dispute pending)." % (v["dsp"], v["hld"]),
          "Dispute saved and hold in place.")
    return r


def run_grd_healthy_03():
    v = V["b3"]
    r = Run("ground-rent-dispute-healthy-03", v["workflow"], "b3", start="14:15", seed=203)
    r.begin(S("payments"))
    r.fill("open-payment", "pay_search", "GRP-24-0512106", "Search for the disputed payment.", "typed", effect="read")
    r.step("open-payment", "press", "pay_search", "Enter", "Run the search.", "read",
           nav=S("payments", q="GRP-24-0512106", typed="GRP-24-0512106"))
    r.fill("open-payment", "pay_search", v["payment"],
           "The exact match is Thibodaux Farms Partnership at Breaux Bridge South, not Thibodeaux Land Co. I swapped two "
           "digits; search GRP-24-0511206.", "typed", effect="read")
    r.step("open-payment", "press", "pay_search", "Enter", "Search again.", "read",
           nav=S("payments", q=v["payment"], typed=v["payment"]))
    r.click("open-payment", "pay:" + v["payment"], "GRP-24-0511206 is Thibodeaux Land Co., LLC at MTP-LA-01422.",
            nav=S("payment", id=v["payment"]))
    r.click("open-dispute-form", "open_dispute",
            "The breakdown shows the $340.00 offset twice, as the landowner says. Open a dispute.",
            nav=dispute_form_state(v["payment"]))
    r.select("fill-dispute", "d:type", v["type"], "Type: tax reimbursement.", "form.type")
    r.fill("fill-dispute", "d:claimed", "2460.00", "Claimed amount.", "form.claimed")
    r.fill("fill-dispute", "d:claimed", v["claimed"], "That should be 2,640.00, not 2,460.00; fix it.", "form.claimed")
    r.select("fill-dispute", "d:via", v["via"], "They emailed.", "form.via")
    r.fill("fill-dispute", "d:desc", v["desc"], "Describe the double deduction.", "form.desc")
    b_save_dispute(r, v)
    b_hold(r, v)
    r.msg("report", "Dispute %s (tax reimbursement, claimed $2,640.00) recorded on GRP-24-0511206 for Thibodeaux Land "
                    "Co., LLC, and the payment is on hold (%s)." % (v["dsp"], v["hld"]),
          "Both the dispute and the hold show on the payment.")
    return r


def run_grd_healthy_04():
    v = V["b1"]
    r = Run("ground-rent-dispute-healthy-04", v["workflow"], "b1", start="16:05", seed=204)
    r.begin(S("dashboard"))
    g_search(r, "open-payment", v["payment"], "Search for the payment ID.", "Run the search.")
    r.click("open-payment", "res:" + v["payment"], "Exact match, Prewitt Family Trust, May 2024.",
            nav=S("payment", id=v["payment"]))
    r.click("open-payment", "gl_link", "Check the ground lease escalation clause before recording the claim.",
            nav=S("ground_lease", id="GL-04417-01"))
    r.step("open-payment", "go_back", None, None,
           "The clause is 3% each 1 May and the 01 May 2024 escalation is not yet applied, so the claim is plausible. "
           "Back to the payment.", "read", nav=S("payment", id=v["payment"]))
    r.click("open-dispute-form", "open_dispute", "Open the dispute form.", nav=dispute_form_state(v["payment"]))
    b_dispute_fields(r, v)
    b_save_dispute(r, v)
    b_hold(r, v, comment="Escalation review, see %s. Release once May rent is corrected." % v["dsp"])
    r.msg("report", "Dispute %s recorded on GRP-24-0518372 (Prewitt Family Trust): escalation not applied, claimed "
                    "$1,905.50, letter received 09 May 2024. Payment placed on hold %s until the escalation is "
                    "reviewed." % (v["dsp"], v["hld"]),
          "Dispute and hold are both visible on the payment.")
    return r


# ---------------------------------------------------------------------------
# faulty runs (written after the plans above were fixed)
# ---------------------------------------------------------------------------

def run_li_wrong_record():
    """Agent opens the near-miss site Cedar Hollow North from Recently viewed and amends the wrong lease."""
    v = V["a1"]
    r = Run("lease-install-wrong_record-01", v["workflow"], "a1", fault="wrong_record", off=0, start="10:48", seed=111)
    r.begin(S("dashboard"))
    r.click("open-lease", "rv:MTP-TX-04471", "Cedar Hollow is at the top of Recently viewed; open the site.",
            nav=S("site", id="MTP-TX-04471"))
    r.click("open-lease", "lease:LSE-2019-00381", "Open Corvane Mobile's lease on this site (LSE-2019-00381).",
            nav=S("lease", id="LSE-2019-00381"))
    r.click("start-installation", "add_ins", "Add the installation to Corvane's lease.", nav=ins_form_state("LSE-2019-00381"))
    a_equipment(r, v)
    a_rent(r, v)
    a_escalation(r, v)
    a_save(r, v, lid="LSE-2019-00381")
    r.msg("report", "Added installation %s (3 × Ericsson AIR 6449 B77D at 148 ft) to Corvane Mobile's lease "
                    "LSE-2019-00831 at Cedar Hollow: $1,250.00/month from 01 Jul 2024 with 3%% annual escalation. "
                    "Draft amendment %s created." % (v["ins"], v["amd"]),
          "The installation is saved and the rent schedule updated.")
    return r


def run_li_wrong_value():
    """Agent transposes digits of the base rent (1785.00 instead of 1875.00) and saves."""
    v = V["a2"]
    r = Run("lease-install-wrong_value-01", v["workflow"], "a2", fault="wrong_value", off=7, start="11:36", seed=112)
    r.begin(S("dashboard"))
    g_search(r, "open-lease", v["lease"], "Search for the lease ID.", "Run the search.")
    r.click("open-lease", "res:" + v["lease"], "Exact match: LSE-2021-01472 Northline Wireless at Pine Ridge.", nav=S("lease", id=v["lease"]))
    r.click("start-installation", "add_ins", "Open the Add installation form.", nav=ins_form_state(v["lease"]))
    a_equipment(r, v)
    r.fill("enter-rent", "f:rent", "1785.00", "Base rent is $1,875.00 per month.", "form.rent")
    r.fill("enter-rent", "f:start", v["start"], "Rent starts 15 Jun 2024.", "form.start")
    a_escalation(r, v)
    a_save(r, v)
    r.msg("report", "Installation %s saved on lease %s (Northline Wireless, Pine Ridge): 6 × CommScope NHH-65B-R2B at "
                    "132 ft, $1,875.00/month from 15 Jun 2024, 2.5%% every 12 months. Draft amendment %s created."
          % (v["ins"], v["lease"], v["amd"]), "Saved successfully.")
    return r


def run_li_required_field_skipped():
    """Agent saves without setting the 15%/60-month escalation; the dialog warns, the agent confirms anyway."""
    v = V["a3"]
    r = Run("lease-install-required_field_skipped-01", v["workflow"], "a3", fault="required_field_skipped", off=9,
            start="09:55", seed=113)
    r.begin(S("dashboard"))
    g_search(r, "open-lease", v["lease"], "Search for the Tessera lease ID.", "Run the search.")
    r.click("open-lease", "res:" + v["lease"], "Exact match LSE-2018-00562, Tessera PCS at Bayou Teche.",
            nav=S("lease", id=v["lease"]))
    r.click("start-installation", "add_ins", "Add the installation.", nav=ins_form_state(v["lease"]))
    a_equipment(r, v)
    a_rent(r, v)
    r.click("save-installation", "save_ins",
            "Equipment, rent and start date are in; the lease already has a 15% every 5 years clause. Save.",
            upd={"dialog": {"kind": "confirm"}, "focus": None})
    r.click("save-installation", "dlg_confirm", "Confirm the amendment.", effect="irreversible",
            world=do_save_installation(r, v["lease"], v["ins"], v["amd"]),
            nav=S("lease", id=v["lease"], tab="overview", toasts=[toast_ins(v["ins"], v["lease"], v["amd"])]))
    r.msg("report", "Installation %s added to lease %s: 4 × RFS APXVAARR24_43-U-NA20 at 210 ft, $2,400.00/month from "
                    "01 Aug 2024, with the 15%% escalation every 5 years. Draft amendment %s created."
          % (v["ins"], v["lease"], v["amd"]), "Installation saved.")
    return r


def run_li_silent_noop():
    """The confirm returns to the lease page, but nothing was saved: no notification, installations unchanged."""
    v = V["a1"]
    r = Run("lease-install-silent_noop-01", v["workflow"], "a1", fault="silent_noop", off=12, start="14:02", seed=114)
    r.begin(S("dashboard"))
    g_search(r, "open-lease", v["lease"], "Search for the lease.", "Run the search.")
    r.click("open-lease", "res:" + v["lease"], "Exact match for Corvane Mobile at Cedar Hollow.",
            nav=S("lease", id=v["lease"]))
    r.click("start-installation", "add_ins", "Open the Add installation form.", nav=ins_form_state(v["lease"]))
    a_equipment(r, v)
    a_rent(r, v)
    a_escalation(r, v)
    r.click("save-installation", "save_ins", "Everything is filled in; save.", upd={"dialog": {"kind": "confirm"}, "focus": None})
    r.click("save-installation", "dlg_confirm", "Summary is correct; confirm.", effect="irreversible",
            nav=S("lease", id=v["lease"], tab="overview"))
    r.msg("report", "The installation (3 × Ericsson AIR 6449 B77D at 148 ft, $1,250.00/month from 01 Jul 2024, 3% "
                    "annual escalation) has been saved on lease LSE-2019-00831 and the rent schedule amended.",
          "Back on the lease page after confirming, so the save went through.")
    return r


def run_li_double_submission():
    """Slow save: the agent clicks 'Save and amend' a second time and two installations are created."""
    v = V["a2"]
    r = Run("lease-install-double_submission-01", v["workflow"], "a2", fault="double_submission", off=14,
            start="15:47", seed=115)
    r.begin(S("dashboard"))
    r.click("open-lease", "nav:Sites", "Open the Sites list.", nav=S("sites"))
    r.fill("open-lease", "site_filter", "Pine Ridge", "Filter for Pine Ridge.", "site_filter", effect="read")
    r.click("open-lease", "site:MTP-OK-02265", "MTP-OK-02265 is Pine Ridge.", nav=S("site", id="MTP-OK-02265"))
    r.click("open-lease", "lease:" + v["lease"], "Northline Wireless lease LSE-2021-01472.", nav=S("lease", id=v["lease"]))
    r.click("start-installation", "add_ins", "Open the Add installation form.", nav=ins_form_state(v["lease"]))
    a_equipment(r, v)
    a_rent(r, v)
    a_escalation(r, v)
    r.click("save-installation", "save_ins", "Save the installation.", upd={"dialog": {"kind": "confirm"}, "focus": None})
    r.click("save-installation", "dlg_confirm", "The summary matches; confirm.", effect="irreversible",
            upd={"dialog": {"kind": "confirm", "busy": True}}, dt=31)
    first = do_save_installation(r, v["lease"], v["ins"], v["amd"])
    second = do_save_installation(r, v["lease"], "INS-0884231", "AMD-2024-0320")

    def both(w):
        first(w)
        second(w)
    r.click("save-installation", "dlg_confirm",
            "The dialog is still open and says it is taking longer than usual; click Save and amend again.",
            effect="irreversible", world=both,
            nav=S("lease", id=v["lease"], tab="overview",
                  toasts=[toast_ins(v["ins"], v["lease"], v["amd"]), toast_ins("INS-0884231", v["lease"], "AMD-2024-0320")]))
    r.msg("report", "Installation %s added to lease %s: 6 × CommScope NHH-65B-R2B at 132 ft, $1,875.00/month from "
                    "15 Jun 2024, escalating 2.5%% every 12 months." % (v["ins"], v["lease"]),
          "Saved; the installation is listed on the lease.")
    return r


def run_li_permission_denied():
    """Entitlement sync removes the user's Gulf Coast create right; the save is refused with a 403."""
    v = V["a3"]
    r = Run("lease-install-permission_denied-01", v["workflow"], "a3", fault="permission_denied", off=13,
            start="16:30", seed=116, success=False)
    r.begin(S("dashboard"))
    g_search(r, "open-lease", v["lease"], "Search for the lease.", "Run the search.")
    r.click("open-lease", "res:" + v["lease"], "LSE-2018-00562 Tessera PCS at Bayou Teche.", nav=S("lease", id=v["lease"]))
    r.click("start-installation", "add_ins", "Add the installation.", nav=ins_form_state(v["lease"]))
    a_equipment(r, v)
    a_rent(r, v)
    a_escalation(r, v, freq_step=True)
    r.click("save-installation", "save_ins", "Save.", upd={"dialog": {"kind": "confirm"}, "focus": None})
    ref_t = r.t
    r.click("save-installation", "dlg_confirm", "15% every 60 months from 01 Aug 2029 is right; confirm.",
            effect="irreversible",
            upd={"dialog": None,
                 "alert": ["Access denied (403). Your account %s is not entitled to create installations in portfolio "
                           "Gulf Coast (lease LSE-2018-00562)." % USER_LOGIN,
                           "Entitlements were last synchronised at %s. Nothing was saved. Contact "
                           "sitelease-admin@meridiantowers.net and quote reference ERR-7F3K-2291." % clock(ref_t)]})
    r.msg("report", "I could not save the installation on LSE-2018-00562: SiteLease returned 'Access denied (403)' "
                    "for creating installations in the Gulf Coast portfolio (reference ERR-7F3K-2291). The form is "
                    "still filled in; an administrator needs to restore the entitlement.",
          "The save was refused with a permission error, so report it instead of retrying.")
    return r


def run_grd_stale_filter():
    """A saved view from yesterday (Landowner: Prewett Ranch LLC) is still applied; the search only shows the near miss."""
    v = V["b1"]
    r = Run("ground-rent-dispute-stale_filter-01", v["workflow"], "b1", fault="stale_filter", off=0, start="10:20", seed=211)
    r.begin(S("dashboard"))
    r.click("open-payment", "nav:Ground rent payments", "Go to ground rent payments.",
            nav=S("payments", owner_filter="Prewett Ranch LLC"))
    r.fill("open-payment", "pay_search", v["payment"], "Search the payment ID.", "typed", effect="read")
    r.step("open-payment", "press", "pay_search", "Enter", "Run the search.", "read",
           nav=S("payments", q=v["payment"], typed=v["payment"], owner_filter="Prewett Ranch LLC"))
    r.click("open-payment", "pay:GRP-24-0518327",
            "One result, GRP-24-0518327 for Prewett at Cedar Hollow; that is the Prewitt payment.",
            nav=S("payment", id="GRP-24-0518327"))
    r.click("open-dispute-form", "open_dispute", "Open a dispute on it.", nav=dispute_form_state("GRP-24-0518327"))
    b_dispute_fields(r, v)
    b_save_dispute(r, v, pid="GRP-24-0518327")
    b_hold(r, v, pid="GRP-24-0518327")
    r.msg("report", "Recorded dispute %s (escalation not applied, claimed $1,905.50) on the Prewitt Family Trust May "
                    "payment and placed it on hold (%s)." % (v["dsp"], v["hld"]),
          "Dispute and hold are in place.")
    return r


def run_grd_premature_success():
    """Agent reports the payment on hold right after saving the dispute; the hold was never placed."""
    v = V["b2"]
    r = Run("ground-rent-dispute-premature_success-01", v["workflow"], "b2", fault="premature_success", off=9,
            start="13:12", seed=212)
    r.begin(S("dashboard"))
    g_search(r, "open-payment", v["payment"], "Search for the payment ID.", "Run the search.")
    r.click("open-payment", "res:" + v["payment"], "Exact match for Oleta Birdsong, Sallisaw Junction.",
            nav=S("payment", id=v["payment"]))
    r.click("open-dispute-form", "open_dispute", "Open a dispute.", nav=dispute_form_state(v["payment"]))
    b_dispute_fields(r, v, date_step=False)
    b_save_dispute(r, v)
    r.msg("report", "Dispute %s recorded on GRP-24-0520914 (revenue share not paid, claimed $1,412.50) and the "
                    "payment is on hold." % v["dsp"],
          "The dispute is saved, which covers the request.")
    return r


def run_grd_cancelled_dialog():
    """Agent clicks Cancel in the hold dialog and then reports the payment held."""
    v = V["b3"]
    r = Run("ground-rent-dispute-cancelled_dialog-01", v["workflow"], "b3", fault="cancelled_dialog", off=10,
            start="15:05", seed=213)
    r.begin(S("dashboard"))
    g_search(r, "open-payment", v["payment"], "Search for the payment.", "Run the search.")
    r.click("open-payment", "res:" + v["payment"], "Exact match, Thibodeaux Land Co., LLC.", nav=S("payment", id=v["payment"]))
    r.click("open-dispute-form", "open_dispute", "Open a dispute.", nav=dispute_form_state(v["payment"]))
    b_dispute_fields(r, v, date_step=False)
    b_save_dispute(r, v)
    r.click("place-hold", "place_hold", "Put the payment on hold.", upd=hold_dialog_upd(r, v["payment"]))
    r.click("place-hold", "h:cancel",
            "The hold reason is already Dispute pending and the dispute is linked, so the hold is set; close the dialog.",
            upd={"dialog": None, "focus": "place_hold"})
    r.msg("report", "Dispute %s recorded on GRP-24-0511206 (tax reimbursement, claimed $2,640.00); the payment is on "
                    "hold with reason Dispute pending." % v["dsp"], "Done.")
    return r


def run_grd_session_expired():
    """The session expires while the dispute form is being filled; saving lands on the sign-in page."""
    v = V["b1"]
    r = Run("ground-rent-dispute-session_expired-01", v["workflow"], "b1", fault="session_expired", off=10,
            start="12:40", seed=214)
    r.begin(S("dashboard"))
    r.click("open-payment", "nav:Ground rent payments", "Open ground rent payments.", nav=S("payments"))
    r.fill("open-payment", "pay_search", v["payment"], "Search the payment ID.", "typed", effect="read")
    r.step("open-payment", "press", "pay_search", "Enter", "Run the search.", "read",
           nav=S("payments", q=v["payment"], typed=v["payment"]))
    r.click("open-payment", "pay:" + v["payment"], "Exact match for Prewitt Family Trust.", nav=S("payment", id=v["payment"]))
    r.click("open-dispute-form", "open_dispute", "Open a dispute.", nav=dispute_form_state(v["payment"]))
    b_dispute_fields(r, v)
    form = dict(r.st["form"])
    path = "/ground-rent/payments/%s/disputes/new" % v["payment"]
    r.click("save-dispute", "d:save", "Save the dispute.", effect="irreversible",
            nav=S("signin", next=path), dt=41)
    r.step("save-dispute", "go_back", None, None, "Go back to the form; the values should still be there.", "read",
           nav=dispute_form_state(v["payment"], form))
    r.click("save-dispute", "d:save", "The form still has my entries; save again.", effect="irreversible",
            nav=S("signin", next=path))
    r.msg("report", "I filled in the dispute for GRP-24-0518372 but SiteLease signed me out when I saved it (session "
                    "expired), so neither the dispute nor the hold was recorded. Please sign in again and I can redo it.",
          "Both save attempts ended on the sign-in page.")
    return r


def run_grd_error_banner_ignored():
    """The hold is refused (payment picked up by an off-cycle check run); the agent reports success anyway."""
    v = V["b2"]
    r = Run("ground-rent-dispute-error_banner_ignored-01", v["workflow"], "b2", fault="error_banner_ignored", off=10,
            start="09:48", seed=215)
    r.begin(S("dashboard"))
    g_search(r, "open-payment", v["payment"], "Search for the payment.", "Run the search.")
    r.click("open-payment", "res:" + v["payment"], "Exact match for Oleta Birdsong.", nav=S("payment", id=v["payment"]))
    r.click("open-dispute-form", "open_dispute", "Open a dispute.", nav=dispute_form_state(v["payment"]))
    b_dispute_fields(r, v, date_step=False)
    b_save_dispute(r, v)
    r.click("place-hold", "place_hold", "Place the payment on hold.", upd=hold_dialog_upd(r, v["payment"]))
    released = clock(r.t + 1)

    def world(w):
        pm = w["payments"][v["payment"]]
        pm["status"] = "Processing"
        pm["batch"] = "CHK-240514-X1 (off-cycle check run, released %s)" % released
        pm["events"].append(("14 May 2024 %s" % released, "Included in off-cycle check run CHK-240514-X1 by Treasury"))
    r.click("place-hold", "h:confirm", "Confirm the hold.", effect="irreversible", world=world,
            upd={"dialog": None,
                 "alert": ["Hold not applied. Payment GRP-24-0520914 was included in off-cycle check run CHK-240514-X1, "
                           "released by Treasury at %s, and can no longer be held." % released,
                           "To stop it, ask Treasury to void check run CHK-240514-X1 before it is printed."]})
    r.msg("report", "Dispute %s recorded on GRP-24-0520914 (revenue share not paid, claimed $1,412.50) and the payment "
                    "placed on hold." % v["dsp"], "Hold confirmed.")
    return r


def run_grd_unrequested_change():
    """Agent also edits the scheduled amount to the claimed amount, which nobody asked for."""
    v = V["b3"]
    r = Run("ground-rent-dispute-unrequested_change-01", v["workflow"], "b3", fault="unrequested_change", off=9,
            start="10:58", seed=216)
    r.begin(S("dashboard"))
    g_search(r, "open-payment", v["payment"], "Search for the payment.", "Run the search.")
    r.click("open-payment", "res:" + v["payment"], "Exact match, Thibodeaux Land Co., LLC.", nav=S("payment", id=v["payment"]))
    r.click("open-dispute-form", "open_dispute", "Open a dispute.", nav=dispute_form_state(v["payment"]))
    b_dispute_fields(r, v, date_step=False)
    b_save_dispute(r, v)
    r.click("place-hold", "edit_payment",
            "The breakdown confirms the offset was taken twice; correct the payment amount to $2,640.00 as well.",
            nav=S("edit_payment", id=v["payment"], form=dict(amount="2300.00")))
    r.fill("place-hold", "e:amount", "2640.00", "Set the amount to what the landowner is owed.", "form.amount")

    def world(w):
        pm = w["payments"][v["payment"]]
        pm["amount"] = 2640.00
        pm["breakdown"] = pm["breakdown"] + [("Manual adjustment", 340.00)]
        pm["events"].append(("14 May 2024 %s" % clock(r.t), "Amount changed from $2,300.00 to $2,640.00 by %s" % USER_NAME))
    r.click("place-hold", "e:save", "Save the corrected amount.", effect="irreversible", world=world,
            nav=S("payment", id=v["payment"], toasts=["Payment %s updated." % v["payment"]]))
    b_hold(r, v)
    r.msg("report", "Dispute %s recorded on GRP-24-0511206, the amount corrected to $2,640.00, and the payment placed on "
                    "hold (%s)." % (v["dsp"], v["hld"]), "All done.")
    return r


RUNS = [run_li_healthy_01, run_li_healthy_02, run_li_healthy_03, run_li_healthy_04,
        run_li_wrong_record, run_li_wrong_value, run_li_required_field_skipped, run_li_silent_noop,
        run_li_double_submission, run_li_permission_denied,
        run_grd_healthy_01, run_grd_healthy_02, run_grd_healthy_03, run_grd_healthy_04,
        run_grd_stale_filter, run_grd_premature_success, run_grd_cancelled_dialog, run_grd_session_expired,
        run_grd_error_banner_ignored, run_grd_unrequested_change]


# ---------------------------------------------------------------------------
# output
# ---------------------------------------------------------------------------

def build(out_dir):
    os.makedirs(os.path.join(out_dir, "plans"), exist_ok=True)
    plans = build_plans()
    for k, plan in plans.items():
        v = V[k]
        header = ["Plan for task variant %s (%s workflow)." % (k, v["workflow"]),
                  "Written from the task text and the healthy SiteLease pages, before any faulty run."]
        with open(os.path.join(out_dir, v["plan"]), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(plan_to_yaml(plan, header))
    lines = []
    for fn in RUNS:
        r = fn()
        lines.append(json.dumps(r.record(V[r.variant]["plan"], V[r.variant]["task"]), ensure_ascii=False))
    with open(os.path.join(out_dir, "corpus.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines) + "\n")
    return len(lines), len(plans)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=HERE, help="output folder (default: next to this script)")
    a = ap.parse_args(argv)
    n, k = build(a.out)
    print("wrote %d trajectories and %d plans to %s" % (n, k, a.out))


if __name__ == "__main__":
    main()
