"""The claim grammar: every phrase pattern and word list the lexical matcher reads, in one place.

Documented in ``docs/claims.md``; bump :data:`GRAMMAR_VERSION` whenever a list or pattern changes
what a statement compiles to, so a plan's lint result and an explanation can say which grammar
read them. The lists describe how people write about web pages in general (ARIA roles, the
usual page nouns, the usual ways English says "is not there" or "was saved") — never the wording
of one site.
"""

from __future__ import annotations

import re

__all__ = ["GRAMMAR_VERSION", "CLAIM_TYPES"]

GRAMMAR_VERSION = "4"

#: The claim types a statement compiles to (``literal``: none of the others; scored as word recall).
CLAIM_TYPES = ("identity", "presence", "absence", "exclusion", "event", "field", "message", "place", "either", "both", "literal")

# -- page identity ------------------------------------------------------------------------------
#: Nouns that make a short phrase name *which page is open* ("Ticket T-390 detail", "Sign in page").
PAGE_WORDS = frozenset({"detail", "details", "page", "screen"})
#: Nouns that name a page only after a record id or kind ("Order ORD-55012 view"): alone they are
#: content words too often ("the form", "a view").
PAGE_WORDS_AFTER_RECORD = frozenset({"view", "record", "form", "overview", "summary"})
#: Nouns that name a list of records ("Leave requests list", "the orders table"): a place too, but
#: not any one record's page, even where a record's title names the kind the list holds.
LIST_NOUNS = frozenset({"list", "listing", "table", "overview", "queue", "inbox", "feed"})
#: "X is open / shown / displayed": the page named by X is the one on screen.
IDENTITY_VERBS = re.compile(
    r"^(?P<x>.+?)\s+(?:is|are)\s+(?:now\s+)?(?:open(?:ed)?|shown|displayed|loaded|on screen|in view)\s*\.?\s*$"
    r"|^(?:the\s+)?(?P<x2>.+?)\s+(?:opens|opened|loads|loaded|appears)\s*\.?\s*$"
    r"|^(?:viewing|on|at|looking at)\s+(?:the\s+)?(?P<x3>.+?)\s*\.?\s*$",
    re.IGNORECASE,
)
#: A bare record reference ("Leave request LR-2207", "Ticket T-390": a few words, then an id)
#: names the record's page, unless its first word is a verb of doing ("Open LR-2217").
ACTION_VERBS = frozenset(
    "open click select choose pick fill type enter search find view go press tick check uncheck submit save "
    "approve reject assign close cancel delete edit add remove send upload download sort filter report "
    "refund issue pay print export share move copy show hide expand collapse".split()
)
#: Words a page phrase may carry that say nothing about which page ("the", "currently").
IDENTITY_FILLER = frozenset({"the", "currently", "now"})

# -- problems -----------------------------------------------------------------------------------
#: Words with which pages say that something went wrong ("Insufficient leave balance", "Could not
#: post your reply, try again", "Dates overlap with ..."): what a falsifier stating a problem says.
#: Without one of them on the page, the rest of its words are the topic the healthy page shares.
PROBLEM_WORDS = (
    "error errors invalid failed failure insufficient duplicate duplicated denied expired exceeded "
    "overlap overlaps conflict conflicts rejected declined unable cannot try wrong incorrect blocked suspended "
    "forbidden refused unknown unrecognized unrecognised exceeds mismatch unauthorized unauthorised unavailable"
).split()

# -- absence ------------------------------------------------------------------------------------
#: "X is not available [on Y]" and its paraphrases: (pattern, whether the page may say it literally).
_SCOPE = r"(?:\s+(?:on|in|from|within|inside|under)\s+(?:the\s+)?(?P<ctx>.+?))?"
_NOT_THERE = (
    r"(?:available|shown|present|visible|displayed|there|listed|offered|found|showing|displaying|enabled|"
    r"accessible|rendered|included|provided)"
)
ABSENCE = [
    re.compile(rf"^\s*(?:the\s+)?(?P<x>.+?)\s+(?:is|are|was|were)\s+(?:not|no longer|nowhere)\s+(?:being\s+)?{_NOT_THERE}{_SCOPE}\s*\.?\s*$", re.I),
    re.compile(rf"^\s*(?:the\s+)?(?P<x>.+?)\s+(?:is|are|was|were|has|have)\s+(?:been\s+)?(?:missing|absent|unavailable|hidden|gone|removed|disappeared|not there){_SCOPE}\s*\.?\s*$", re.I),
    re.compile(rf"^\s*(?:the\s+)?(?P<x>.+?)\s+(?:does|do|did)\s+not\s+(?:appear|show(?:\s+up)?|exist|display){_SCOPE}\s*(?:any\s*more|anymore)?\s*\.?\s*$", re.I),
    re.compile(rf"^\s*(?:the\s+)?(?P<x>.+?)\s+(?:cannot|can not|could not|can ?no longer)\s+be\s+(?:found|seen|located|shown|selected|clicked|used){_SCOPE}\s*\.?\s*$", re.I),
    re.compile(rf"^\s*(?:the\s+)?(?P<x>.+?)\s+(?:disappeared|vanished|went missing){_SCOPE}\s*\.?\s*$", re.I),
    re.compile(rf"^\s*there\s+(?:is|are|was|were)\s+no(?:\s+longer\s+an?)?\s+(?P<x>.+?){_SCOPE}\s*\.?\s*$", re.I),
    re.compile(rf"^\s*(?:the\s+)?(?:page|screen|view|form)\s+(?:has|shows|displays)\s+no\s+(?P<x>.+?){_SCOPE}\s*\.?\s*$", re.I),
    # "The cancel dialog has no option to restock the items": a place on screen, and what it lacks
    re.compile(r"^\s*(?:the\s+)?(?P<ctx>.+?\b(?:{places}))\s+(?:has|have|offers?|shows?|displays?|provides?|gives?)"
               r"\s+no\s+(?P<x>.+?)\s*\.?\s*$", re.I),
    re.compile(rf"^\s*(?:no|missing)\s+(?P<x>.+?\b(?:{{roles}})){_SCOPE}\s*\.?\s*$", re.I),
]
#: Absence patterns whose statement a page never says of itself ("There is no X"): no literal reading.
ABSENCE_NOT_LITERAL = frozenset({5, 6, 7, 8})
#: Control descriptors: "Assign button" is present when a node named Assign is, of a matching role.
ROLE_WORDS: dict[str, frozenset[str]] = {
    "button": frozenset({"button", "menuitem"}),
    "buttons": frozenset({"button", "menuitem"}),
    "link": frozenset({"link"}),
    "links": frozenset({"link"}),
    "field": frozenset({"textbox", "searchbox", "combobox", "spinbutton", "textarea"}),
    "fields": frozenset({"textbox", "searchbox", "combobox", "spinbutton", "textarea"}),
    "box": frozenset({"textbox", "searchbox", "combobox", "checkbox"}),
    "textbox": frozenset({"textbox", "searchbox"}),
    "searchbox": frozenset({"searchbox", "textbox"}),
    "checkbox": frozenset({"checkbox"}),
    "dropdown": frozenset({"combobox", "listbox"}),
    "combobox": frozenset({"combobox", "listbox"}),
    "list": frozenset({"combobox", "listbox", "list"}),
    "menu": frozenset({"menu", "menubar", "combobox"}),
    "option": frozenset({"option", "radio", "menuitem"}),
    "tab": frozenset({"tab"}),
    "control": frozenset(),
    "radio": frozenset({"radio"}),
    "toggle": frozenset({"switch", "checkbox"}),
    "switch": frozenset({"switch", "checkbox"}),
}
_ROLE_ALT = "|".join(sorted(ROLE_WORDS, key=len, reverse=True))
ABSENCE[-1] = re.compile(ABSENCE[-1].pattern.replace("{roles}", _ROLE_ALT), re.I)

# -- exclusion ----------------------------------------------------------------------------------
#: "A ticket other than T-390", "a ticket that is not T-390": the excluded names follow these.
EXCLUSION_WORDS = (
    r"other than|different from|different than|instead of|rather than|anything but|any but|but not|except(?: for)?|"
    r"apart from|aside from|excluding|not in|not one of|(?:that|which|who)\s+(?:is|are)\s*(?:not|n't)|"
    r"(?:that|which|who)\s+isn't|(?:that|which|who)\s+aren't|besides"
)

# -- places and what they hold ----------------------------------------------------------------
#: Nouns that name a place on screen, which a statement then fills with what it holds ("Order
#: #100482 page with a Cancel order button", "Directions panel with a From field", "Reports queue
#: listing open reports"): the place is read where pages name places, its contents each on their own.
PLACE_NOUNS = frozenset({
    "page", "screen", "view", "panel", "pane", "dialog", "modal", "popup", "form", "list", "listing", "table",
    "section", "sidebar", "card", "tab", "menu", "drawer", "window", "queue", "inbox", "feed", "board",
    "results", "record", "overview", "summary", "editor", "composer",
})
#: Containers a statement may say lack something ("The travel mode selector has no walking option").
HOLDERS = PLACE_NOUNS | {"selector", "dropdown", "picker", "toolbar", "region", "area"}
ABSENCE[7] = re.compile(ABSENCE[7].pattern.replace("{places}", "|".join(sorted(HOLDERS, key=len, reverse=True))), re.I)

#: Words that join a place to what it holds, or a colon ("Order #100482 page: Paid, Unfulfilled").
HOLDS = re.compile(r"\s+(?:with|showing|listing|containing|holding)\s+|(?P<colon>:)\s+", re.IGNORECASE)
#: "is listed / visible / present / available": the thing is on the page (a list may hold it), nothing
#: happened to it ("the Refund step is available": the form offers that step).
ON_PAGE = re.compile(r"^(?P<x>.+?)\s+(?:is|are)\s+(?:now\s+|still\s+)?(?:listed|visible|present|there|available)"
                     r"(?:\s+(?:on|in|under|among)\s+.+?)?\s*\.?\s*$", re.IGNORECASE)
#: "R-7305 visible as a link", "Report R-7305 linked from the dashboard": a control of that role named X.
AS_CONTROL = re.compile(r"^(?P<x>.+?)\s+(?:(?:is|are)\s+)?(?:(?:visible|shown|displayed|listed|present)\s+as\s+(?:an?\s+)?(?P<as_role>\w+)"
                        r"|(?P<linked>linked)\s+(?:from|on|in|under)\s+.+?)\s*\.?\s*$", re.IGNORECASE)
#: "X button enabled / active": a control that can be used now (not disabled).
ENABLED = re.compile(r"^(?P<x>.+?)\s+(?:is\s+|are\s+)?(?:now\s+)?(?:enabled|active|clickable|usable)\s*\.?\s*$", re.IGNORECASE)
#: "Resize is disabled", "Send button greyed out": a control named X that cannot be used now.
DISABLED = re.compile(r"^(?P<x>.+?)\s+(?:is\s+|are\s+)?(?:now\s+|still\s+)?(?:disabled|gr[ae]yed[\s-]+out|inactive)\s*\.?\s*$",
                      re.IGNORECASE)
#: "X is missing or disabled", "X is disabled or not available": two states of one control, either
#: of which holds; each is read as its own claim ("X is missing" an absence, "X is disabled" a
#: control that cannot be used), never as the words "missing" and "disabled" anywhere.
_GONE = r"(?:missing|absent|gone|hidden|unavailable|not\s+(?:available|shown|present|visible|there))"
_UNUSABLE = r"(?:disabled|gr[ae]yed[\s-]+out|inactive)"
_STAYS = r"(?:(?:is|are|stays|remains|still)\s+)*"
EITHER_STATE = re.compile(rf"^(?P<x>.+?)\s+{_STAYS}(?:(?P<gone>{_GONE})\s*,?\s+or\s+{_STAYS}(?P<off>{_UNUSABLE})"
                          rf"|(?P<off2>{_UNUSABLE})\s*,?\s+or\s+{_STAYS}(?P<gone2>{_GONE}))\s*\.?\s*$", re.IGNORECASE)
#: A page word, then a participle that names it ("Opportunity detail page headed X", "a form
#: titled Y"): the page of that name, not an event.
NAMED_AS = re.compile(r"\b(page|screen|details?|view|dialog|form|panel)\s+(?:headed|titled|entitled|named|called|labell?ed)\s+"
                      r"(?=[A-Z'\"#\d])")

# -- events -------------------------------------------------------------------------------------
#: Participles that describe a thing where it stands rather than report that something happened
#: ("a page headed X", "a link labelled Y", "the row listed first", "a disabled field"); a
#: participle with a negative prefix ("unfulfilled", "unassigned", "unread") is a state too.
#: The participles among them that name a thing or say where it stands, which pages never write
#: beside it (a page headed X shows X, a listed record shows in a list): no predicate a page states.
NAMING_PARTICIPLES = frozenset({
    "headed", "titled", "entitled", "named", "called", "labelled", "labeled", "listed", "linked", "located",
})
DESCRIPTIVE_PARTICIPLES = NAMING_PARTICIPLES | frozenset({
    "disabled", "enabled", "expanded", "collapsed", "focused", "highlighted", "nested", "related",
})
#: "X was saved", "saved X", "X has been assigned to Y": an event, bound to its record.
EVENT_PREPOSITIONS = frozenset({"to", "as", "for", "with", "by"})
#: Auxiliaries of a passive event ("was", "has been") and of an active one ("the system has").
EVENT_AUX = re.compile(r"\b(?:was|were|has been|have been|had been|is now|are now|got|gets|been)\s+", re.I)

# -- field values -------------------------------------------------------------------------------
#: "Status: Approved", "Status = Approved", "Status set to Approved", "Status is now Approved".
FIELD = [
    re.compile(r"^\s*(?:the\s+)?(?P<label>[A-Za-z][\w ()/&'-]{0,40}?)(?:\s*=\s*|\s*:\s+)(?P<value>\S.*?)\s*\.?\s*$"),
    re.compile(r"^\s*(?:the\s+)?(?P<label>[A-Za-z][\w ()/&'-]{0,40}?)\s+(?:is|was|has been|got)?\s*(?:set|changed|updated|switched)\s+to\s+(?P<value>\S.*?)\s*\.?\s*$", re.I),
    re.compile(r"^\s*(?:the\s+)?(?P<label>[A-Za-z][\w ()/&'-]{0,40}?)\s+(?:field\s+)?(?:shows|reads|says|holds|contains|equals|is now)\s+(?P<value>\S.*?)\s*\.?\s*$", re.I),
    # "Team Payments selected (in the assign dialog)": a label, then the chosen name (capitalised or
    # quoted), then selected / chosen / picked; what it is chosen in is where, not the value
    re.compile(r"^\s*(?:[Tt]he\s+)?(?P<label>[A-Za-z][\w ()/&'-]{0,40}?)\s+"
               r"(?P<value>'[^']+'|\"[^\"]+\"|[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)*)\s+(?:is\s+|was\s+|has been\s+)?"
               r"(?:selected|chosen|picked)(?:\s+(?:in|on|from|within)\s+\S.*?)?\s*\.?\s*$"),
    # "Award amount (USD) 92000", "Requested amount $92,000": a label of two words or more (a unit in
    # parentheses allowed), then a bare number: the value a field of that label holds
    re.compile(r"^\s*(?:[Tt]he\s+)?(?P<label>[A-Za-z][\w/&'-]*(?:\s+[\w/&'-]+)*?\s+[A-Za-z][\w/&'-]*(?:\s+\([^()]{1,12}\))?)"
               r"\s+(?P<value>[$€£]?\d[\d,]*(?:\.\d+)?)\s*\.?\s*$"),
]
#: Verbs that state how one thing relates to another ("Amount exceeds the limit", "Total matches
#: the invoice"): the statement's predicate, so a key token like "is closed" (a page that names
#: the amount and the limit but says "within" does not support "exceeds").
RELATION_VERBS = frozenset("""exceeds exceed surpasses tops breaches violates matches mismatches differs
    equals contradicts conflicts overlaps overlap lacks""".split())
#: Verbs that open an instruction to put a value in a field ("fill amount 89.90", "enter award 500"):
#: such a statement is an act, not a label and the value its field holds.
TYPING_VERBS = frozenset("fill type enter set put input write key select choose pick change use add".split())
#: Labels that are no field ("Note", "Error" read as messages; "Step 2" as text).
NOT_FIELD_LABELS = frozenset({"error", "warning", "note", "message", "banner", "alert", "notice", "info", "tip", "hint"})

# -- messages -----------------------------------------------------------------------------------
#: "A banner says X", "Alert: X", "X message is shown": what a live region or alert announces.
MESSAGE = [
    re.compile(r"^\s*(?:an?\s+|the\s+)?(?:(?:confirmation|success|status|error|warning)\s+)?"
               r"(?:banner|alert|message|notification|toast|status message|flash|notice|error|warning|confirmation)\s*"
               r"(?:says|reads|shows|displays|states|saying|reading|quoting|quotes|giving|gives|naming|names|:)\s*(?P<body>\S.*?)\s*\.?\s*$", re.I),
    re.compile(r"^\s*(?P<body>\S.*?)\s+(?:banner|alert|message|notification|toast|notice)\s+(?:is\s+)?(?:shown|displayed|appears|visible)\s*\.?\s*$", re.I),
    # "Confirmation that X was saved", "a confirmation of the lock": what confirms, not the word
    re.compile(r"^\s*(?:an?\s+|the\s+)?confirmation\s+(?:message\s+)?(?:that|of|saying|reading|:)\s*(?P<body>\S.*?)\s*\.?\s*$", re.I),
    # "Reply posted confirmation", "Post locked banner": the message, then the word for it
    # (not "... linked from the dashboard or a notification": after an article the word is a place)
    re.compile(r"^\s*(?P<body>\S.*?\S)(?<!\ba)(?<!\ban)(?<!\bthe)(?<!\bor)\s+(?:confirmation|banner|toast|notification)\s*\.?\s*$", re.I),
    # "Transfer-in recorded message with a new TRI reference": the message, the word for it, and
    # what else it gives (the message says both)
    re.compile(r"^\s*(?P<body>\S.*?\S)(?<!\ba)(?<!\ban)(?<!\bthe)(?<!\bor)\s+(?:message|confirmation|banner|toast|notification)"
               r"\s+(?P<with>(?:with|giving|naming|showing)\s+\S.*?)\s*\.?\s*$", re.I),
]
#: The patterns that open with the message and the verb of saying ("A message says ...",
#: "Confirmation that ..."): whatever the body states, an absence or a field included, the
#: statement is about what a message says.
MESSAGE_OPENERS = (MESSAGE[0], MESSAGE[2])
