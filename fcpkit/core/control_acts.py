"""What act a control performs, read from its name, and whether it is the act a commitment means.

The web names a control by the act it performs: *Save*, *Approve*, *Delete*, *Assign*, *Send*. A
step of a plan names its act the same way ("press Save price", "Approve EXP-1180", and its
completion, "Price ... updated", "Expense report ... approved"). When the page offers only a
control that performs another act, pressing it does something the step never asked for, however
plausible the agent's own account of the step sounds ("Press 'Submit for approval' to save the
price"): the matcher reads that account, so only the control's *name* can say what will happen.

Two readings decide it, both from the name alone:

* the **act**: the verb families of :data:`fcpkit.core.phrases.ACTS` (one family per act, each a small multilingual
  table like those of :mod:`fcpkit.core.phrases`). ``commit`` is the generic act that finishes
  whatever form it sits in (*Save*, *Submit*, *Update*, *Apply*, *OK*): it may carry any act. The
  others are specific: *Reject* does not approve, *Delete* does not save;
* **deferral** (:data:`fcpkit.core.phrases.DEFERS`): a control that hands the act to someone else
  (*Submit for approval*, *Send to manager*, *Request a change*, *Save as draft*) leaves a pending
  request, not the act. It is the same act only for a step that itself asks for the request.

:func:`act_mismatch` is the pre-action rule ``act_mismatch`` (a hard rule: the action never runs);
:func:`offers_act` tells the repair whether another control on the page performs the act (the
agent picked the wrong one) or none does (the control the step needs is gone: an honest stop).
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence

from fcpkit.core.actions import parse_action
from fcpkit.core.caches import page_cache
from fcpkit.core.dialogs import backs_out
from fcpkit.core.effects import step_effect
from fcpkit.core.page import CONTROL_ROLES as FIELD_ROLES, Page
from fcpkit.core.page_facts import as_page
from fcpkit.core.phrases import DEFERS, FILTER_NAME, GENERIC_ACT, SEARCH_NAME, act_of_noun, acts_of, compile_family, phrase
from fcpkit.core.plan import Commitment
from fcpkit.core.text import STOPWORDS, words as text_words
from fcpkit.core.rules import RuleHit, is_idle, is_report, pressed_nodes
from fcpkit.core.trajectory import Action, Observation

__all__ = ["name_acts", "defers", "expected_acts", "act_mismatch", "pressed_control", "offers_act", "pressed_acts", "UNKNOWN_ACT", "dialog_acts",
           "control_verbs", "step_verbs", "VERB",
           "CONTROL_ROLES", "discards_edits", "leaves_unsent"]


#: Roles whose press performs an act (a link navigates, a text box is typed in).
CONTROL_ROLES = frozenset({"button", "menuitem"})

_DEFERS = compile_family(DEFERS)
_TARGET = re.compile(r"^\s*(\w+)\s+'((?:[^'\\]|\\.)*)'")
#: Verbs with which a step points at the control it means ("press Assign", "click Save price").
_POINTING = frozenset("press click tap hit push use select choose".split())
_CLAUSES = re.compile(r"[,;:]|\s(?:and|then)\s", re.IGNORECASE)
_PARTICIPLE = re.compile(r"\b[^\W\d_]{3,}ed\b", re.IGNORECASE)


@page_cache(8192, kind="statement")
def defers(text: str) -> bool:
    """Whether ``text`` hands the act to someone else (:data:`fcpkit.core.phrases.DEFERS`)."""
    text = " ".join((text or "").split())
    return any(p.search(text) for p in _DEFERS)


@page_cache(8192, kind="statement")
def name_acts(name: str) -> frozenset[str]:
    """The acts a control's name performs: the verb that opens each of its clauses ("Delete post" deletes,
    "post" is its object), or, when no clause opens with one, any act verb in it (verb-final
    languages: "Artikel löschen")."""
    found: set[str] = set()
    for clause in _CLAUSES.split(name or ""):
        words = clause.split()
        if words:
            confirmed = _confirmed_act(words)
            # "Confirm allocation" finishes its form (the generic act) by performing the act it names
            found |= {confirmed, GENERIC_ACT} if confirmed else acts_of(words[0])
    return frozenset(found) or acts_of(name)


#: Words between *confirm* and the act it confirms ("Confirm the refund").
_DETERMINERS = frozenset("the this a an your my our its".split())
#: Words that may follow the confirmed act's noun in the same clause: what it is of, for, to ("Confirm
#: allocation of berth C-14"); any other word goes on to say something of it ("Confirm the payment
#: was received" checks a payment, it makes none).
_AFTER_ACT = frozenset("of for to on in with from at by".split())


def _confirmed_act(words: list[str]) -> str | None:
    """The act a clause that opens with *confirm* performs ("Confirm allocation", "Confirm the
    refund for INV-2207"): the act its object's noun or verb names (:data:`ACT_NOUNS
    <fcpkit.core.phrases.ACT_NOUNS>`), or ``None``. "Confirm that ...", "Confirm the page shows ..."
    and "Confirm the payment was received" check something and perform no act."""
    if len(words) < 2 or words[0].lower() != "confirm":
        return None
    rest = words[1:]
    while rest and rest[0].lower() in _DETERMINERS:
        rest = rest[1:]
    if not rest:
        return None
    act = act_of_noun(rest[0])
    if act is None:
        named = acts_of(rest[0])
        act = next(iter(named)) if len(named) == 1 else None
    if act is None or (len(rest) > 1 and rest[1].isalpha() and rest[1].lower() not in _AFTER_ACT):
        return None
    return act


def _clauses(text: str) -> list[list[str]]:
    """The words of each clause of a step's instruction, "please" dropped. What follows a colon
    lists the values the step enters or picks ("Enter the device: Aurora X5, purchase date
    2023-11-02"): a value's first word is no verb of the step, so only the part before it counts."""
    head_part, colon, _ = text.partition(":")
    if colon and head_part.strip():
        text = head_part
    out = []
    for clause in _CLAUSES.split(text):
        words = clause.split()
        if words and words[0].lower() == "please":
            words = words[1:]
        if words:
            out.append(words)
    return out


#: Words after a clause's verb that address it to the user ("send me both numbers", "tell us the
#: total", "report them to the user"): the agent's answer, not an act on the application.
_TO_USER = re.compile(r"^\S+\s+(?:me|us)\b|\bto (?:me|us|the user)\b|\bback to (?:me|us|the user)\b", re.IGNORECASE)


def _to_user(words: list[str]) -> bool:
    return bool(_TO_USER.search(" ".join(words)))


#: Words that open what a verb acts on ("refund *the* order", "approve *it*"): after one, a clause's
#: first word is a verb with its object, not the modifier of a listed noun.
_OBJECT_START = frozenset("the a an its it this that these those them all each every his her their our my your".split())


def _coordinated(before: list[str], words: list[str]) -> bool:
    """Whether the clause ``words`` continues a list of nouns begun in the clause ``before`` rather
    than naming an act: its first word modifies a noun there too and it takes no object ("read its
    refund status and refund amount": *refund* modifies *status* and *amount*; "open the refund form
    and refund the order" refunds, and so does "… and refund order 5512")."""
    second = words[1].strip(".,;:!?") if len(words) > 1 else ""
    if not second.isalpha() or second.lower() in _OBJECT_START or not second.islower() \
            or any(c.isdigit() for w in words for c in w):
        return False  # "refund the order", "refund order 5512": an act on what it names
    return words[0].lower() in {w.lower() for w in before[1:]}


def _imperative_acts(text: str) -> set[str]:
    """The acts a step's instruction names: each clause's verb, or the control it points at. A
    clause addressed to the user (:data:`_TO_USER`) is the report, and names no act."""
    found: set[str] = set()
    clauses = _clauses(text)
    for k, words in enumerate(clauses):
        if _to_user(words) or (k and _coordinated(clauses[k - 1], words)):
            continue
        if words[0].lower() in _POINTING:
            found |= name_acts(" ".join(words[1:]))
        else:
            confirmed = _confirmed_act(words)  # "Confirm the allocation": the act it names
            found |= {confirmed} if confirmed else acts_of(words[0])
    return found


@page_cache(4096, kind="statement")
def _expected(instructions: tuple[str, ...], outcomes: tuple[str, ...]) -> tuple[frozenset[str], bool]:
    found: set[str] = set()
    for text in instructions:
        found |= _imperative_acts(text)
    for text in outcomes:  # "Price ... updated", "Expense report ... approved": the effect it expects
        for m in _PARTICIPLE.finditer(text):
            if m.start() == 0 and _WHEN_WHERE.match(text, m.end()):
                continue  # "Purchased at Leeds", "Created on 2 May": a field's label, when or where, not an act
            found |= acts_of(m.group(0))
    # a step that speaks of a request ("start a documents request", "send the approval request") asks
    # for one: a control named "Request documents" is its own act, not a hand-over; so does a step
    # that keeps its work as a draft ("Save the quote as a draft", "Draft saved"): "Save draft" is
    # what it asks
    asks = any(defers(t) or _REQUEST_NOUN.search(t) or _DRAFT_KEPT.search(t) for t in instructions + outcomes)
    return frozenset(found), asks


_REQUEST_NOUN = re.compile(r"\brequests?\b", re.IGNORECASE)
#: A draft saved, in one clause: "Save the draft notice", "save it as a draft", "Draft saved",
#: "Quote saved as draft" (not "Publish the draft post": a draft acted on is no draft kept).
_DRAFT_KEPT = re.compile(r"\bsav(?:e|es|ed|ing)\b[^.;,]{0,40}\bdrafts?\b|\bdrafts?\b[^.;,]{0,40}\bsaved\b", re.IGNORECASE)
#: A preposition of time or place after a statement's opening participle: the participle labels a
#: field ("Purchased at", "Created on", "Received from"), as a record page prints it.
_WHEN_WHERE = re.compile(r"\s+(?:at|on|in|from)\b", re.IGNORECASE)


def expected_acts(c: Commitment) -> tuple[frozenset[str], bool]:
    """The acts commitment ``c`` means (its subgoal's and action evidence's verbs, the participles of
    its completion evidence) and whether it itself asks for a request (deferral)."""
    outcomes = [e.text for e in c.confirm.get("completion", ()) if e.on_state]
    return _expected(_instructions(c), tuple(outcomes))


def _instructions(c: Commitment) -> tuple[str, ...]:
    """What commitment ``c`` tells the agent to do: its subgoal and its action evidence."""
    return (c.subgoal, *(e.text for items in c.confirm.values() for e in items if e.on_action))


def pressed_control(action: Action) -> tuple[str, str] | None:
    """(role, name) of the button or menu item ``action`` presses, or ``None``."""
    return _control_of(action.target or "")


@page_cache(4096)
def _control_of(target: str) -> tuple[str, str] | None:
    """(role, name) of the control a resolved target names, or ``None`` (read once per target)."""
    m = _TARGET.match(target)
    if not m or m.group(1).lower() not in CONTROL_ROLES:
        return None
    return m.group(1).lower(), m.group(2).replace("\\'", "'")


@page_cache(4096)
def _reads(command: str, target: str | None) -> bool | None:
    """Whether ``command`` (on the node ``target`` names, the page not consulted) only reads; ``None``
    when it cannot be classified. Depends on the action alone, so it is worked out once per action."""
    try:
        return step_effect(command, None, target).effect == "read"
    except ValueError:
        return None


def act_mismatch(action: Action, c: Commitment, page: Observation | Page | None = None) -> RuleHit | None:
    """The rule ``act_mismatch``: ``action`` presses a control whose name performs another act than
    the one ``c`` means (module docstring). ``None`` when the step names no act, the action reads,
    or the control's act fits. ``page``: the page the action is taken on, when known; a draft
    saved from a form that still waits for input there is a pause, not the form's finish."""
    if is_idle(action) or is_report(action):
        return None
    control = pressed_control(action)
    if control is None:
        return None
    role, name = control
    if backs_out(name) or _reads(action.command, action.target) is not False:
        return None  # "Cancel", "Close dialog": leaving a dialog or a form performs no act
    expected, asks_request = expected_acts(c)
    if not expected:
        return None
    want = "/".join(sorted(expected))
    if defers(name) and not asks_request and not (phrase("draft", name) and (_edits_values(c) or _ends_in_values(c, action, page)
                                                                             or _paused(action, page))):
        return RuleHit("act_mismatch", f"{role} {name!r} hands the act over as a request for someone else (it "
                                       f"leaves it pending), not the {want} that {c.id!r} means")
    got = name_acts(name)
    if got and GENERIC_ACT not in got and not got & expected and not _names_control(c, name):
        return RuleHit("act_mismatch", f"{role} {name!r} would {'/'.join(sorted(got))}, not the {want} that "
                                       f"{c.id!r} means")
    return None


#: Verbs of the generic act that edit a value rather than finish a form ("Set the clock-out to
#: 16:00", "Change the price"): a step said with them is done by typing and choosing.
_EDIT_VERBS = frozenset("set change update edit correct adjust amend".split())


def _edits_values(c: Commitment) -> bool:
    """Whether ``c``'s only act is editing values: every act its instruction names is the generic
    one, said with a verb that edits (:data:`_EDIT_VERBS`), and its outcomes name no other act. On
    such a step a draft save keeps the edit and leaves the form's own finish to the step that
    submits it; a step that submits, approves or pays is not done by a draft."""
    expected, _ = expected_acts(c)
    if expected != {GENERIC_ACT}:
        return False
    return all(words[0].lower() in _EDIT_VERBS or not acts_of(words[0]) for text in _instructions(c)
               for words in _clauses(text))


def _ends_in_values(c: Commitment, action: Action | None = None, page: Observation | Page | None = None) -> bool:
    """Whether ``c``'s completion is what its form holds: it has completion evidence and none of it
    names an act done ("Refund reason: Damaged", "Original card selected"; not "Refund issued").
    A draft keeps what the form holds, so it undoes nothing of such a step, whatever its subgoal's
    verbs say ("Choose reason Damaged and refund to the original card": the refund is the form's
    own, later). A statement that opens with the label of a field of the form ``action`` presses a
    control in on ``page`` states that field's value, whatever words the value holds ("Reason
    Sailing cancelled by operator" where the form has a *Reason* box: a reason, no cancellation)."""
    outcomes = tuple(e.text for e in c.confirm.get("completion", ()) if e.on_state)
    if not outcomes:
        return False
    labels = _form_labels(action, page)  # (read off the page only for a step with outcomes to weigh)
    return not _expected((), tuple(t for t in outcomes if not _opens_with(t, labels)))[0]


def _form_labels(action: Action | None, page: Observation | Page | None) -> frozenset[str]:
    """The labels (lower case, spaces collapsed) of the controls that stand with the one ``action``
    presses on ``page``: in its form, or, where the page marks no form, in its zone (the main
    content, a dialog). Empty when either is unknown."""
    if action is None or page is None:
        return frozenset()
    page = as_page(page)
    at = _pressed_node(action, page)
    if at is None or page.zones[at] == "chrome":
        return frozenset()
    form, zone = page.forms[at], page.zones[at]
    nodes = page.nodes
    return frozenset(_squash(f.label) for f in page.fields
                     if f.label and nodes[f.node].kind in FIELD_ROLES
                     and (page.forms[f.node] == form if form >= 0 else page.zones[f.node] == zone))


def _squash(text: str) -> str:
    return " ".join(text.lower().replace(":", " ").split())


def _opens_with(statement: str, labels: frozenset[str]) -> bool:
    """Whether ``statement`` is one of ``labels`` followed by more words (its value)."""
    said = _squash(statement)
    return any(said.startswith(label + " ") for label in labels)


def _paused(action: Action, page: Observation | Page | None) -> bool:
    """Whether ``action`` presses a control in a form that still waits for a required field on
    ``page`` (a required box empty or unticked, a required choice not made): a draft saved there
    keeps a form its finish cannot take yet, so it is no finish chosen in place of the step's act.
    A draft saved from a form whose required fields are set may be one ("Save as draft" where
    "Save" waits, an optional field left empty)."""
    if page is None:
        return False
    page = as_page(page)
    at = _pressed_node(action, page)
    # a form's own fields only (:attr:`Page.awaiting_input`): a dialog's empty optional box is no
    # required field, and a draft pressed there may be the finish chosen in place of "Save"
    return at is not None and page.forms[at] >= 0 and page.waits_for_input(at)


def _pressed_node(action: Action, page: Page) -> int | None:
    """The position on ``page`` of the node ``action`` acts on first, or ``None``."""
    return (pressed_nodes(action, page) or [None])[0]


def _names_control(c: Commitment, name: str) -> bool:
    """Whether commitment ``c`` says the control's ``name`` itself, in its subgoal or confirming
    evidence, written as one word or apart ("Submit the checkout" for a *Check out* button, "Confirm
    checkout"). A verb's family is the web's usual sense ("Check out" pays in a shop); the step that
    names the control says what it does on this site (it lends a laptop)."""
    said = text_words(name)
    return bool(said) and "".join(said) in _spellings((c.subgoal, *(e.text for items in c.confirm.values() for e in items)))


@page_cache(4096, kind="statement")
def _spellings(texts: tuple[str, ...]) -> frozenset[str]:
    """The words of ``texts`` (a step's subgoal and confirming evidence), with each run of two or
    three also written together ("check out" also as "checkout")."""
    out: set[str] = set()
    for text in texts:
        w = text_words(text)
        out.update(w)
        out.update(a + b for a, b in zip(w, w[1:]))
        out.update(a + b + d for a, b, d in zip(w, w[1:], w[2:]))
    return frozenset(out)


def offers_act(observation: Observation | None, expected: Iterable[str], main_only: bool = False) -> str | None:
    """The name of a control on the page that performs one of ``expected`` itself (not as a request),
    or ``None`` when the page has none. ``main_only``: an enabled control of the page's own content,
    not its chrome (a "Search" button in the banner is on every page)."""
    want = frozenset(expected)
    if observation is None or not want:
        return None
    page = Page.of(observation)
    chrome = page.chrome if main_only else frozenset()
    for i, n in enumerate(page.nodes):
        if main_only and (i in chrome or "disabled" in n.states):
            continue
        if n.bid and n.role in CONTROL_ROLES and (name_acts(n.name) | control_verbs(n.name)) & want and not defers(n.name):
            return n.name
    return None


def dialog_acts(observation: Observation | Page) -> frozenset[str]:
    """The acts the modal dialogs on a page wait for: those of their enabled controls that do not
    back out ("Submit bid" beside "Cancel"), and, for a bare answer ("Confirm", "Yes", "OK"), the act
    the dialog's own name says ("Confirm allocation"). Backing out of such a dialog leaves them
    undone, whatever press raised it."""
    page = as_page(observation)
    found: set[str] = set()
    for d, title, modal in page.dialogs:
        if not modal:
            continue
        for k in page.subtree(d)[1:]:
            n = page.nodes[k]
            if n.role not in ("button", "menuitem", "link") or not n.name or "disabled" in n.states or backs_out(n.name):
                continue
            acts = name_acts(n.name) | control_verbs(n.name)
            found |= acts or (name_acts(title) | control_verbs(title) if _BARE_ANSWER.match(n.name) else frozenset())
    return frozenset(found)


#: A control that answers a dialog without naming an act: it performs the act the dialog asks about.
_BARE_ANSWER = re.compile(r"^\s*(?:yes|confirm|ok|okay|continue|proceed|i'm sure|sure)\s*[.!]?\s*$", re.IGNORECASE)


#: The mark of a verb read as written where no act family names it ("Issue refund", "File to
#: docket", "Schedule hearing"): ``"~issue"``. A step that says "issue £14.50" and a control named
#: "Issue refund" speak of the same act, whatever the act is.
VERB = "~"
#: Verbs that look, move or fill in rather than finish anything: a step said with them ("Review the
#: refund", "Open the case", "Enter the date") names no act a control would still offer.
_LOOKS = frozenset("""open review check verify confirm find search view go navigate look see read note ensure
    make start return back enter fill type choose select pick set tick untick clear leave keep wait report tell
    next continue proceed save submit yes okay sure close dismiss got""".split())
#: Words by which a control starts another one of a kind ("Issue another refund", "New hearing").
_ANOTHER = re.compile(r"\b(?:another|new|more)\b", re.IGNORECASE)


@page_cache(8192, kind="statement")
def control_verbs(name: str) -> frozenset[str]:
    """The verbs a control's name opens its clauses with, as written (:data:`VERB`): what it does
    where no act family names it. A control that starts another one ("Issue another refund") does
    not do this one's act, and what follows a colon is where it leads ("Next: Payment & review")."""
    if not name or _ANOTHER.search(name):
        return frozenset()
    out: set[str] = set()
    for clause in _CLAUSES.split(name.partition(":")[0]):
        words = clause.split()
        if v := _verb(words):
            out.add(v)
        elif len(words) == 2 and words[0].lower() == "confirm":
            # "Confirm" names no act of its own (it also checks: :data:`_LOOKS`); before the noun of
            # an act no family knows it performs that act: "Confirm enrolment" enrols
            out |= _nominal_verbs(words[1])
    return frozenset(out)


def _nominal_verbs(noun: str) -> frozenset[str]:
    """The verbs, marked as :data:`VERB`, that a noun of an act is made from: "enrolment" enrol,
    "booking" book, "renewal" renew, "allocation" allocate. Empty for a noun no verb makes."""
    w = noun.lower().strip(".,!?")
    out = set()
    for suffix, back in (("ment", ""), ("ing", ""), ("al", ""), ("ation", "ate"), ("ation", "e")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            out.add(VERB + w[: -len(suffix)] + back)
    return frozenset(out)


def step_verbs(text: str, first_only: bool = False) -> frozenset[str]:
    """The verbs a step's instruction opens its clauses with, as written (:data:`VERB`): "Review the
    refund and issue £14.50 to Visa": ``~issue``. Verbs that look or fill in (:data:`_LOOKS`) and
    those that point at a control ("press", "click") name no act of their own. ``first_only``: the
    first clause's alone, a task's main verb ("Schedule a hearing for ..., payment by card, ...":
    its later clauses list details as often as acts)."""
    clauses = _clauses(text)[:1] if first_only else _clauses(text)
    # past the first clause a capitalised word opens a name or a date ("..., May 8, 2025"), not a verb
    return frozenset(v for k, words in enumerate(clauses) if (k == 0 or words[0][:1].islower()) and not _to_user(words)
                     and (v := _verb(words)))


def _verb(words: list[str]) -> str | None:
    """The :data:`VERB` mark of a clause's first word when it may name an act no family knows."""
    w = words[0].lower() if words else ""
    if len(w) < 3 or not w.isalpha() or w in _LOOKS or w in _POINTING or w in STOPWORDS or acts_of(w):
        return None
    return VERB + w


#: What :func:`pressed_acts` gives for an action whose control is not known (a key press).
UNKNOWN_ACT = "?"


def pressed_acts(action: Action) -> frozenset[str]:
    """The acts the control an action clicks performs ("Submit pledge": submit); for a key press
    (Enter in a field submits its form, whatever its button says) :data:`UNKNOWN_ACT`; none for an
    action that only sets a value or reads."""
    try:
        calls = parse_action(action.command)
    except ValueError:
        return frozenset()
    if any(c.name in ("press", "keyboard_press") for c in calls):
        return frozenset({UNKNOWN_ACT})
    control = pressed_control(action)
    if control is None or not any(c.name in ("click", "dblclick") for c in calls):
        return frozenset()
    return name_acts(control[1]) | control_verbs(control[1])


#: A control that steps back to the form rather than leaving it ("Back", "Go back").
_STEPS_BACK = re.compile(r"^\s*(?:go\s+)?back\b", re.IGNORECASE)
#: Controls that hold what the agent sets in a form.
_EDITABLE = FIELD_ROLES | {"checkbox", "radio", "switch"}


def discards_edits(action: Action, page: Observation | Page) -> str | None:
    """The name of the control that would still save, when ``action`` backs out ("Cancel", "Close
    dialog") of the dialog or form it sits in while that dialog or form offers an enabled control
    that performs an act ("Save changes", "Confirm transfer"): what the agent set there is thrown
    away. Stepping back ("Back") keeps it, and so does leaving a dialog that holds no field of the
    form (a confirmation over it). ``None`` for any other action, or where nothing is left to save (a dialog that only
    tells, a submit still disabled). The tracker asks it only of a step that wrote and is not
    confirmed: backing out of an empty dialog discards nothing."""
    control = pressed_control(action)
    if control is None or not backs_out(control[1]) or _STEPS_BACK.match(control[1]):
        return None  # "Back" returns to the form with what was set in it
    page = as_page(page)
    at = _pressed_node(action, page)
    if at is None:
        return None
    zone = page.zones[at]
    if zone == "dialog" and not any(page.zones[i] == "dialog" and page.nodes[i].kind in _EDITABLE
                                    for i in range(len(page.nodes))):
        return None  # a dialog over the form (a confirmation) holds none of what was set: the form keeps it
    for i, n in enumerate(page.nodes):
        if (page.zones[i] == zone and n.kind in ("button", "link") and "disabled" not in n.states
                and i != at and not backs_out(n.label) and name_acts(n.label)):
            return n.label
    return None


def leaves_unsent(action: Action, page: Observation | Page, fields: Sequence[str]) -> str | None:
    """The name of the control that would still send what the agent set, when ``action`` follows a
    link away from a form that holds it unsent: ``fields`` are the labels of the fields the agent
    set on this page since it came to it and sent nowhere since; they are still in the page, and
    their form offers an enabled button that does not back out (fields outside any form: a button
    of the main content that performs an act, steps the form on or keeps a draft). A link leaves the
    page, and what was typed in a form goes nowhere with it ("My bids" in the header, "View lab
    results" beside a field). ``None`` for any other action, for a link that itself sends, steps on
    or backs out (:func:`discards_edits` reads that), for a form that says it keeps what is typed as
    it goes (:data:`~fcpkit.core.phrases.AUTOSAVED`), and for search and filter boxes: what is typed
    there narrows a list and is sent nowhere, so following a result loses nothing."""
    if not fields:
        return None
    page = as_page(page)
    try:
        calls = parse_action(action.command)
    except ValueError:
        return None
    at = page.position(calls[0].bid) if len(calls) == 1 and calls[0].name == "click" else None
    if at is None or page.nodes[at].kind != "link":
        return None
    name = page.nodes[at].label
    if name_acts(name) or phrase("step_on", name) or phrase("draft", name) or backs_out(name):
        return None
    if any(phrase("autosaved", m) for m in page.messages) or any(phrase("autosaved", n.label) for n in page.nodes):
        return None
    held = [i for i, n in enumerate(page.nodes) if n.kind in _EDITABLE and n.label in fields and not _narrows(page, i)]
    forms = {page.forms[i] for i in held}
    for i, n in enumerate(page.nodes):
        if n.kind != "button" or "disabled" in n.states or backs_out(n.label) or i in page.chrome:
            continue
        sends = name_acts(n.label) or phrase("step_on", n.label) or phrase("draft", n.label)
        if page.forms[i] in forms - {-1} or (-1 in forms and i in page.main and sends):
            return n.label  # the form's own button ("Book vehicle"), or one outside any form that sends
    return None


def _narrows(page: Page, i: int) -> bool:
    """Whether the field at ``i`` narrows what a list shows rather than holds a record's value: a
    search box, a field of a search landmark, or one named for searching or filtering."""
    n = page.nodes[i]
    f = page.forms[i]
    return n.kind == "searchbox" or (f >= 0 and page.nodes[f].kind == "search") or bool(
        FILTER_NAME.search(n.label) or SEARCH_NAME.search(n.label))
