"""The page model is the only reader of observation text; what it says about a page, on pages of
two applications of our own making (a library catalogue and a ticket desk), worded differently."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import fcpkit
from fcpkit import Observation
from fcpkit.core.page import Page, SiteModel, app_view, discounted, evidence_view, furniture, record_ids

PACKAGE = Path(fcpkit.__file__).resolve().parent
PAGE_PACKAGE = PACKAGE / "core" / "page"
#: what only a reader of the accessibility tree's text writes: an element id at a line's start, a
#: node's role before its quoted name, its ``value=`` / ``live=`` / ``modal=`` attributes
_AXTREE_SYNTAX = re.compile(r"\\\[\[\^\\\]|RootWebArea|StaticText'|value=|live=|modal=True|\(\?P<bid>|\(\?P<role>")


def _parsers():
    for path in sorted(PACKAGE.rglob("*.py")):
        if PAGE_PACKAGE in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "compile" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) \
                    and _AXTREE_SYNTAX.search(node.args[0].value):
                yield f"{path.relative_to(PACKAGE)}:{node.lineno}: a pattern over the tree's text"
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in ("splitlines", "split") \
                    and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "text" \
                    and isinstance(node.func.value.value, ast.Name) \
                    and node.func.value.value.id in ("obs", "observation", "after", "before", "page"):
                yield f"{path.relative_to(PACKAGE)}:{node.lineno}: splits an observation's text"


def test_no_module_but_the_page_model_parses_observation_text():
    found = list(_parsers())
    assert not found, found


LIBRARY = Observation("https://lib.test/catalogue/search?q=dune", "Search results · City Library", """RootWebArea 'Search results · City Library', focused
\t[2] banner ''
\t\t[3] link 'City Library home'
\t\t[4] searchbox 'Search the catalogue' value='Dune'
\t\t[5] link 'Sign out'
\t[6] navigation 'Sections'
\t\t[7] link 'Loans'
\t\t[8] link 'Holds'
\t[9] main ''
\t\t[10] heading 'Results for “Dune”'
\t\t[11] list 'Titles'
\t\t\t[12] listitem ''
\t\t\t\t[13] link 'Dune Messiah · BK-2044'
\t\t\t[14] listitem ''
\t\t\t\t[15] link 'Children of Dune · BK-2045'
\t[16] contentinfo ''
\t\tStaticText '© City Library'
""")
BOOK = Observation("https://lib.test/books/BK-2044", "Dune Messiah · City Library", """RootWebArea 'Dune Messiah · City Library', focused
\t[2] banner ''
\t\t[3] link 'City Library home'
\t[9] main ''
\t\t[20] navigation 'Breadcrumb'
\t\t\t[21] link 'Catalogue'
\t\t\tStaticText 'Dune Messiah'
\t\t[22] heading 'Dune Messiah'
\t\tStaticText 'Book · BK-2044'
\t\t[23] region 'Also by Frank Herbert'
\t\t\t[24] list ''
\t\t\t\t[25] listitem ''
\t\t\t\t\t[26] link 'Children of Dune · BK-2045'
\t\t\t\t[27] listitem ''
\t\t\t\t\t[28] link 'God Emperor of Dune · BK-2046'
\t\t[29] button 'Place hold'
""")
TICKET = Observation("http://desk.test/tickets/T-390", "Ticket T-390 | HelpDesk", """RootWebArea 'Ticket T-390 | HelpDesk'
\t[1] banner ''
\t\t[2] link 'HelpDesk'
\t\t[3] combobox 'Team' value='Payments'
\t\t\t[4] option 'Payments', selected=True
\t\t\t[5] option 'Billing', selected=False
\t[6] main ''
\t\t[7] status ''
\t\t\tStaticText 'Saved. T-390 now belongs to Payments.'
\t\t[8] heading "Ticket T-390: customer can't log in"
\t\t[9] table 'Related tickets'
\t\t\t[10] row ''
\t\t\t\t[11] columnheader 'Ticket'
\t\t\t\t[12] columnheader 'Status'
\t\t\t[13] row ''
\t\t\t\t[14] cell 'T-391'
\t\t\t\t[15] cell 'Open'
\t\t\t[16] row ''
\t\t\t\t[17] cell 'T-411'
\t\t\t\t[18] cell 'Closed'
\t[19] dialog 'Confirm', modal=True
\t\t[20] heading 'Close ticket T-390?'
\t\t[21] button 'Close ticket'
""")


def test_regions_chrome_main_dialog_and_the_items_that_mention_other_records():
    lib, desk = Page.of(LIBRARY), Page.of(TICKET)
    assert Page.of(LIBRARY) is lib  # read once, kept with the observation
    names = lambda p, idx: {p.nodes[i].name for i in idx if p.nodes[i].name}  # noqa: E731
    assert {"City Library home", "Sign out", "Loans", "Holds", "© City Library"} <= names(lib, lib.chrome) | {
        lib.nodes[i].line for i in lib.chrome}
    assert "Results for “Dune”" not in names(lib, lib.chrome)
    assert names(lib, lib.mentions) == {"Dune Messiah · BK-2044", "Children of Dune · BK-2045"}
    assert names(desk, desk.mentions) == {"Payments", "Billing", "T-391", "Open", "T-411", "Closed"}  # options too; the header row is no item
    assert desk.zones[desk.by_bid["21"]] == "dialog" and desk.modal_dialogs == ("Confirm",)
    assert desk.messages == ("Saved. T-390 now belongs to Payments.",)


def test_identity_is_what_says_which_record_is_in_view_not_what_it_lists():
    book, lib, desk = Page.of(BOOK), Page.of(LIBRARY), Page.of(TICKET)
    assert book.site_name == "City Library" and book.identity_text[:3] == ("Dune Messiah", "Dune Messiah",
                                                                          "Catalogue › Dune Messiah")
    assert book.record_ids == ("BK-2044",) and lib.record_ids == ()  # a list names records, it is none of them
    assert desk.heading == desk.by_bid["20"]  # a modal dialog over the page is what is in view
    assert desk.site_name == "HelpDesk" and "T-390" in desk.record_ids
    assert [r.id for r in record_ids(desk.nodes[desk.by_bid["14"]].name)] == ["T-391"]


def test_provenance_what_the_agent_typed_and_the_application_echoed():
    lib = Page.of(LIBRARY)
    d = discounted(lib)
    assert [lib.nodes[i].name for i in d.typed] == ["Search the catalogue"]
    assert d.echoed == {lib.by_bid["10"]: "Results for"}  # the heading echoes the query in quotes
    view = evidence_view(lib)
    assert "Dune Messiah · BK-2044" in view.body and "value='Dune'" not in view.body and "“Dune”" not in view.body
    assert "Sign out" not in view.body and view.title == "Search results"  # chrome and the site's name are furniture
    assert "value='Dune'" not in app_view(lib).body  # confirming evidence never reads the typed query either
    desk = Page.of(TICKET)
    assert "value='Payments'" in evidence_view(desk).body  # a control's value in the banner is state, kept


def test_furniture_by_repetition_is_learnt_from_the_pages_of_a_site():
    site = SiteModel(min_pages=3)
    plain = lambda i, name: Observation(f"https://shop.test/p/{i}", f"Item {i}", f"""RootWebArea 'Item {i}'
\tlink 'Shop home'
\tStaticText 'Free delivery over $50'
\theading '{name}'""")  # noqa: E731
    pages = [Page.of(plain(i, n)) for i, n in enumerate(["Lamp", "Desk", "Chair", "Shelf"])]
    for p in pages[:3]:
        site.observe(p)
    last = pages[3]
    assert furniture(last) == frozenset()  # no landmarks: nothing is chrome by structure
    rep = {last.nodes[i].name for i in furniture(last, site)}
    assert rep == {"Shop home", "Free delivery over $50"}  # the heading differs on every page: never furniture
