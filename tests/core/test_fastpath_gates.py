"""The fast path's shortcuts (a pattern tried only when a line can hold it) give exactly what the
plain forms give, on ASCII and non-ASCII text."""

from __future__ import annotations

import random
import re

import pytest

from fcpkit.core import dialogs, rules, text
from fcpkit.core.page import Page, read_line
from fcpkit.core.page import fingerprint as fp

# letters a case-insensitive pattern matches beyond ``str.lower``: long s, dotless i, Kelvin sign
_ODD = ["\u017f", "\u0131", "\u0130", "\u212a", "\u00a0", "\u2028", "\u00e9", "\u0663", "\u00b7"]


def _strings(pieces: list[str], n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 10))) for _ in range(n)]


def _plain_roles(s: str) -> str:
    for pattern, role in text._ROLE_PHRASES:
        if pattern.search(s):
            s = pattern.sub(role, s)
    return s


def test_role_phrases_are_replaced_as_by_trying_every_pattern():
    pieces = ["text", "Text ", "field", "FIELDS", "box", "input", " ", "-", "area", "entry", "check", "tick", "radio",
              "button", "drop", "down", "combo", "select", " list", "menu", "hyper", "link", "s", "fi", "eld", *_ODD]
    for s in _strings(pieces, 4000, 3) + ["the Text Field", "fıeld", "ſelect list", "Check-Box", "Drop down menu"]:
        assert text.canon_roles(s) == _plain_roles(s), repr(s)


def test_volatile_text_is_stripped_whether_or_not_the_gate_lets_it_through():
    pieces = ["5", " ", "minutes", "MIN", "ago", "in", "a", "hours", "hr", "day", "week", "left", "today", "TONIGHT",
              "tomorrow", "yesterday", "just", "now", "(", ")", "x", "se", "c", "ſec", "jı", *_ODD]
    for s in _strings(pieces, 4000, 4) + ["Updated just now", "in a week", "Tomorrow", "ſecond", "3 ſeconds ago"]:
        assert text.strip_volatile(s) == text._VOLATILE.sub(" ", s), repr(s)


def _plain_tokenize(s: str, past: str) -> tuple[str, ...]:
    """tokenize as first written: is_key_token and re.split on every token (but a snake_case name)."""
    s = text._THOUSANDS.sub("", text.canon_roles(s.lower()).replace("’", "'").replace("n't", " not"))
    s = re.sub(r"(?<![\w/.:-])\d{1,4}[/-](?=\s|$)", " ", s)  # a date whose rest is left open: "until 06/"
    out: list[str] = []
    for tok in text._TOKEN.findall(s):
        if text._NUMBER.match(tok):
            out.append(text._canon_number(tok))
        elif text.is_key_token(tok) or "_" in tok:
            out.append(tok)
        else:
            for part in re.split(r"[-_.]", tok):
                if part in text.NEGATIONS:
                    out.append(part)
                elif part and part not in text.STOPWORDS:
                    st = text._CALENDAR.get(part) or text.stem(part)  # day and month names as pages shorten them
                    if st in text.NEGATIONS:  # "note" never stems to "not"
                        st = part[:-1] if part.endswith("s") else part
                    if past != "stem" and part.endswith("ed") and len(part) > 4 and st != part:
                        out.extend([st, st + text.PAST] if past == "both" else [st + text.PAST])
                    else:
                        out.append(st)
    return tuple(out)


@pytest.mark.parametrize("past", ["stem", "marked", "both"])
def test_tokens_are_those_of_the_plain_tokeniser(past):
    pieces = ["T-390", "sign-in", "a_b", "x.y", "1,250.00", "007", "cancelled", "don't", "No", " ", ".", "-", "_",
              "Approved", "ids", "v2", "e\u0301", "Tuesday", "notes", *_ODD]
    for s in _strings(pieces, 2000, 5):
        assert text.tokenize.__wrapped__(s, past=past) == _plain_tokenize(s, past), repr(s)


_WS = re.compile(r"[ \t]+")
_LIVE = re.compile(r"^(?:status|alert|log|marquee|timer|alertdialog)$|\blive=['\"]?(?:polite|assertive)", re.IGNORECASE)


def test_element_ids_squeezed_lines_and_live_lines_match_their_patterns():
    pieces = ["\t", " ", "  ", "[12]", "[]", "status", "Alert", "LOG", "timer", "marquee", "live='polite'",
              "LIVE='assertive'", "'Saved'", "x", "\n", *_ODD]
    for s in _strings(pieces, 4000, 6):
        assert fp.strip_bids(s) == fp._BID.sub(r"\1", s), repr(s)
        for line in s.split("\n"):
            assert fp._squeeze(line) == _WS.sub(" ", line).strip(), repr(line)
            n = read_line(line)
            assert n.live == bool(_LIVE.search(n.kind) or (n.role and _LIVE.search(n.attrs))), repr(line)


def test_a_pages_lines_parse_headers_included():
    raw = "url: http://a.test/x\ntitle: X\ntab: other\n\t[1] RootWebArea 'X'\n\t\t[2] textbox 'Name' value='Jo'\n\tplain text\n"
    p = Page.parse(raw)
    assert p.headers == {"url": "http://a.test/x", "title": "X"} and p.url == "http://a.test/x" and p.title == "X"
    assert [(n.depth, n.bid, n.role, n.name, n.value, n.line) for n in p.nodes] == [
        (1, "1", "RootWebArea", "X", None, "RootWebArea 'X'"), (2, "2", "textbox", "Name", "Jo", "textbox 'Name' value='Jo'"),
        (1, None, "", "plain text", None, "plain text")]
    assert p.parents == (-1, 0, -1) and p.text == raw
    assert read_line("\t[2] link 'A'") == read_line("\t[2] link 'A'") and read_line("\t[2] link 'A'").kind == "link"


def test_the_dialog_rule_reads_the_plan_once_and_decides_as_before():
    plan = "Open ticket T-390\nAssign ticket dialog is open\n  \nConfirmation dialog shown"
    dialogs._plan_statements.cache_clear()
    assert dialogs.unexpected_dialog(["Assign ticket T-390"], plan) is None
    assert dialogs.unexpected_dialog(["Confirmation"], plan) is None
    hit = dialogs.unexpected_dialog(["Updated acceptable use policy"], plan)
    assert hit is not None and hit.rule == "unexpected_dialog"
    assert dialogs._plan_statements.cache_info().misses == 1  # three dialogs, one reading of the plan
    assert rules.unexpected_dialog is dialogs.unexpected_dialog and rules.RuleHit is dialogs.RuleHit



def test_a_browser_error_is_found_as_by_its_pattern_whatever_the_letters():
    pieces = ["ERR_CONNECTION_REFUSED", "err_", "ERR", "_", "X", "this site can’t be reached", "THIS SITE CAN'T BE REACHED",
              "thİs sıte can't be reached", "this page isn't working", "refuſed to connect",
              "tooK too long to respond", "took too long to respond", " ", "\n", "·", *_ODD]
    for s in _strings(pieces, 4000, 8):
        got, want = rules._browser_error(s), rules._BROWSER_ERROR.search(s)
        assert (got is None) == (want is None) and (got is None or got.span() == want.span()), repr(s)
