"""Text normalisation shared by the lexical matcher and the state diff.

Real pages are full of text that changes without meaning anything: clocks, "5 minutes ago",
countdowns and relative future times ("starts in 3 hours", "2 days left"),
unread counters. Both the matcher (so a clock never supports or refutes a statement) and the
unchanged-page rule (so a ticking clock does not make a no-op look like progress) strip it the
same way, here. Tokenisation keeps identifiers (``T-390``, ``EXP-1180``, ``SKU-2045``) and numbers
(``$1,250.00`` -> ``1250``) whole, because one character of an identifier is the whole difference
between the right record and the wrong one.
"""

from __future__ import annotations

import re
from fcpkit.core.caches import page_cache

__all__ = [
    "DATE",
    "Date",
    "dates",
    "dates_match",
    "strip_volatile",
    "canon_roles",
    "tokenize",
    "words",
    "stem",
    "is_key_token",
    "STOPWORDS",
    "NEGATIONS",
    "PAST",
    "caseless",
]

_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_UNITS = r"(?:sec(?:ond)?|min(?:ute)?|h(?:ou)?r|day|week|month|year)s?"
#: One pattern per kind of volatile text. Every one but the counter starts at a word boundary, so
#: the boundary is tested once, then a look-ahead for every character such a match can start with
#: (a digit, or the first letter of a/an/one/few, in, today/tonight/tomorrow/yesterday, just, a
#: month), before any alternative is tried: this changes no match (the counter alone starts with
#: "(", where no other can), and lets the engine skip every other position of a page cheaply.
_VOLATILE_AT_WORD = [
        r"\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?(?![\w:])",  # 10:42, 10:42:07 pm
        r"\b(?:\d+|an?|one|few)\s+(?:sec(?:ond)?|min(?:ute)?|h(?:ou)?r|day|week|month|year)s?\s+ago\b",
        # the other direction: countdowns and relative future times ("starts in 3 hours",
        # "2 days left", "expires in 14:59", "1h 20m remaining")
        rf"\bin\s+(?:about\s+|under\s+|less than\s+)?(?:\d+|an?|one|few)\s+{_UNITS}\b",
        rf"\b(?:\d+|an?|one|few)\s+{_UNITS}\s+(?:left|remaining|to go|from now)\b",
        r"\b(?:\d+\s*[dhms]\s*){1,4}(?:left|remaining|to go)\b",
        r"\b(?:today|tomorrow|yesterday|tonight)\b",
        r"\bjust now\b",
        r"\b\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?\b",  # ISO dates
        rf"\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b",  # Nov 29, 2026
        rf"\b\d{{1,2}}\s+{_MONTHS}(?:\s+\d{{4}})?\b",  # 29 Nov 2026
        r"\b\d+\s+(?:unread|new)\b",  # 3 unread
]
_VOLATILE = re.compile(
    "(?:\\b(?=[\\daofitjymsnd])(?:" + "|".join(p.removeprefix("\\b") for p in _VOLATILE_AT_WORD) + ")"
    + "|\\(\\d+\\))",  # counters: Open (12)
    re.IGNORECASE,
)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_TOKEN = re.compile(r"[a-z0-9]+(?:[-_.][a-z0-9]+)*")
_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")
_WORD_RUN = re.compile(r"[^\W_]+")


def words(text: str) -> list[str]:
    """The runs of letters and digits of ``text``, lower-cased, in order ("Check-out: 2" -> check,
    out, 2): the words as written, with none dropped or stemmed (:func:`tokenize` keeps ids whole,
    drops stopwords and folds forms), for comparing a name with the words of a statement."""
    return _WORD_RUN.findall(text.lower())
_SEPARATOR = re.compile(r"[-_.]")

STOPWORDS = frozenset(
    """a an the of to for in on at by with from and or is are was were be been being it its this that
    these those as into than then so such there here has have had do does did will would can could
    should may might must shall i you he she we they me my your our their his her them us
    which who whom what when where why how all any each both some other own same very just also
    only about over after before again further once up down out off above below under between
    through during until while s t""".split()
)
#: Words whose presence flips a statement's meaning; kept as tokens, never dropped as stopwords.
NEGATIONS = frozenset({"not", "no", "never", "cannot", "without", "none", "nothing", "n't", "unable", "denied"})


#: Plain-English names of ARIA roles, mapped to the role name the accessibility tree prints, so
#: "the text field" in a plan meets ``textbox ''`` on a page. Only the roles' own names and their
#: common spellings: the roles are fixed by WAI-ARIA, not by any one site's wording.
_ROLE_PHRASES = [
    (re.compile(r"\b(?:(?:text|input|entry)[ -]?(?:field|box|input|area)(?:e?s)?|fields?)\b", re.IGNORECASE), "textbox"),
    (re.compile(r"\b(?:check|tick)[ -]?box(?:es)?\b", re.IGNORECASE), "checkbox"),
    (re.compile(r"\bradio[ -]?buttons?\b", re.IGNORECASE), "radio"),
    (re.compile(r"\b(?:drop[ -]?down(?:[ -](?:list|menu|box))?|combo[ -]?box|select[ -](?:list|box|menu))(?:e?s)?\b", re.IGNORECASE), "combobox"),
    (re.compile(r"\bhyperlinks?\b", re.IGNORECASE), "link"),
    (re.compile(r"\b(?:autocomplete |search )?suggestions?\b", re.IGNORECASE), "option"),
]
#: Every role phrase above holds one of its hint words (lower-case, ASCII): a pattern is tried only
#: when one is there (in :func:`caseless` text).
_ROLE_HINTS = (("field", "box", "input", "area"), ("box",), ("radio",), ("drop", "combo", "select"), ("hyperlink",),
               ("suggestion",))


#: Every volatile phrase holds a digit or one of these words (lower-case, ASCII).
_VOLATILE_HINTS = ("sec", "min", "hr", "hour", "day", "week", "month", "year", "tomorrow", "tonight", "just")
_DIGIT = re.compile(r"[0-9]")
_ANY_DIGIT = re.compile(r"\d")
#: The only letters outside ASCII that a case-insensitive pattern matches to an ASCII letter (dotted
#: and dotless i, long s, the Kelvin sign), as that letter.
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def caseless(text: str) -> str:
    """``text`` in lower case with the four letters above folded: a case-insensitive pattern's fixed
    ASCII words can match in ``text`` only where they stand in ``caseless(text)``."""
    if text.isascii() or not ("\u0130" in text or "\u0131" in text or "\u017f" in text or "\u212a" in text):
        return text.lower()
    return text.translate(_FOLD).lower()  # (translate with a table is slow: only when one of them is there)


def _may_hold(text: str, hints: tuple[str, ...]) -> bool:
    """Whether ``text`` holds one of ``hints`` (lower-case ASCII words) case-insensitively."""
    low = caseless(text)
    return any(h in low for h in hints)


def canon_roles(text: str) -> str:
    """Replace plain-English role names ("text field", "check box", "drop-down") by ARIA's."""
    low = caseless(text)
    for (pattern, role), hints in zip(_ROLE_PHRASES, _ROLE_HINTS):
        if not any(h in low for h in hints):
            continue
        if pattern.search(text):
            text = pattern.sub(role, text)
            low = caseless(text)
    return text


def strip_volatile(text: str, *, counts: bool = False) -> str:
    """Remove clocks, relative times, dates and counters (see module docstring). ``counts``: keep a
    counter as one token, ``count-12`` for "(12)", and a time of day as one, ``clock-830`` for
    "8:30 PM", instead of removing them: a matcher reads "Refund selected (1)" and "Refund selected
    (3)", "8:30 PM is fully booked" and "8:00 PM fully booked", as different things, while a
    page's fingerprint must not change because a badge or a clock did."""
    if not _ANY_DIGIT.search(text) and not _may_hold(text, _VOLATILE_HINTS):
        return text
    if counts:
        return _VOLATILE.sub(_kept, text)
    return _VOLATILE.sub(" ", text)


_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::\d{2})?\s*(?:([ap])\.?m\.?)?", re.IGNORECASE)


def _kept(m: re.Match[str]) -> str:
    """What a matcher keeps of a volatile span: a counter as ``count-12``, a time of day as
    ``clock-830`` (on a 12-hour dial: "8:30 PM", "20:30" and the "8:30" of "8:30–9:30 PM" are one
    time), nothing of the rest."""
    span = m.group(0)
    if span.startswith("("):
        return f" count-{span[1:-1]} "
    c = _CLOCK.fullmatch(span.strip())
    if c is None:
        return " "
    hour = int(c.group(1)) % 12 or 12  # on a 12-hour dial: "2:30–3:30 PM" gives its first time no half
    return f" clock-{hour}{c.group(2)} "


@page_cache(65536)
def stem(word: str) -> str:
    """A deliberately small English suffix stripper: plurals, -ed, -ing, final e.

    It only has to make ``assigned``/``assign``/``assigns`` and ``approve``/``approved`` meet; a
    full stemmer would also merge words that should stay apart, and costs more per token.
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "shes", "ches", "xes", "zes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif word.endswith("ed") and len(word) > 4:
        word = word[:-2]
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    # cancelled/canceled/cancel, submitted/submit: one final consonant (not s or z: pass, buzz)
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiousz":
        word = word[:-1]
    return word


def _canon_number(tok: str) -> str:
    if "." in tok:
        tok = tok.rstrip("0").rstrip(".") or "0"
    return tok.lstrip("0") or "0"


def is_key_token(token: str) -> bool:
    """Identifiers and numbers: tokens with a digit. They must match exactly to count. A time of
    day (``clock-830``, :func:`strip_volatile`) is a word of what a statement says, not a key: the
    page's identity need not repeat the time of the event it is."""
    return any(ch.isdigit() for ch in token) and not token.startswith("clock-")


#: Day and month names as pages abbreviate them ("Tue, Jun 17" for "Tuesday, June 17"): one token each.
_CALENDAR = {w: w[:3] for w in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                                 "tues", "thur", "thurs", "january", "february", "april", "june", "july", "august",
                                 "september", "sept", "october", "november", "december")}

PAST = "~ed"  #: suffix of the marker token of a past participle: "cancelled" -> "cancel~ed"


#: The start of a date whose rest is left open ("until 06/", "from 2025-"): no number of its own.
_DATE_FRAGMENT = re.compile(r"(?<![\w/.:-])\d{1,4}[/-](?=\s|$)")


#: Verbs whose particle "out" is followed by "of" with nothing lacking ("sign out of", "opted out of").
_OUT_VERBS = ("sign signed signing log logged logging opt opted opting check checked move moved step stepped get got "
              "come came go went back backed take took copy copied print printed switch switched zoom zoomed walk "
              "walked drop dropped").split()
#: "Out of stock", "out of warranty", "out of service": a state the thing lacks, said as a
#: negation ("no stock"), so "in stock: 2" does not hold "out of stock" and "Out of stock" holds
#: "no stock". Not a count ("3 out of 5") and not a verb's particle ("sign out of", "opted out of",
#: "moved out of"), where nothing is lacking.
_OUT_OF = re.compile("(?<![\\w])" + "".join(f"(?<!\\b{v} )" for v in _OUT_VERBS)
                     + r"out of(?!\w)(?!\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|twenty|a hundred)\b)")


#: What makes a participle after "be" a thing not yet done: "will be recorded", "can be edited",
#: "must be approved", "is to be reviewed", "about to be sent".
_PROSPECTIVE = frozenset("will would can could may might must shall should to".split())


def _prospective(raw: list[str], k: int) -> bool:
    """Whether the participle at ``raw[k]`` follows "be" right after a modal or "to" ("will be
    recorded", "to be reviewed"): what a dialog says will happen, or a rule says may, is no event
    that happened, so it gets no past marker. A negated one keeps it: "could not be moved" says an
    attempt failed, and a falsifier so worded must meet those words."""
    return k >= 2 and raw[k - 1] == "be" and raw[k - 2] in _PROSPECTIVE


@page_cache(16384)
def tokenize(text: str, *, keep_stopwords: bool = False, past: str = "stem") -> tuple[str, ...]:
    """Lower-case content tokens with identifiers, snake_case names and numbers kept whole and canonical.

    ``n't`` becomes ``not``; stopwords go unless ``keep_stopwords``; negations always stay.
    ``past`` says what a past participle (``cancelled``) yields: ``"stem"`` its stem only,
    ``"marked"`` only a marker token (``cancel~ed``: the event happened), ``"both"`` the two —
    pages are tokenised with ``both`` and statements with ``marked``, so "Order was cancelled"
    needs a page that says *cancelled*, and "Please cancel" does not support it.
    """
    text = _DATE_FRAGMENT.sub(" ", _THOUSANDS.sub("", canon_roles(text.lower()).replace("’", "'").replace("n't", " not")))
    if "out of" in text:
        text = _OUT_OF.sub(" no ", text)
    out: list[str] = []
    raw = _TOKEN.findall(text)
    for k, tok in enumerate(raw):
        if _NUMBER.match(tok):
            out.append(_canon_number(tok))
        elif _DIGIT.search(tok):  # a key token (tokens are ASCII here: is_key_token's digits are 0-9)
            out.append(tok)
        elif "_" in tok:  # a snake_case name (a handle, a user name): an identifier, whole and unstemmed
            out.append(tok)
        else:
            for part in (_SEPARATOR.split(tok) if "-" in tok or "_" in tok or "." in tok else (tok,)):  # sign-in -> sign, in
                if part in NEGATIONS:
                    out.append(part)
                elif part and (keep_stopwords or part not in STOPWORDS):
                    st = _CALENDAR.get(part) or stem(part)
                    if st in NEGATIONS:  # "note(s)" is no "not": a word never stems to a negation
                        st = part[:-1] if part.endswith("s") else part
                    if past != "stem" and part.endswith("ed") and len(part) > 4 and st != part \
                            and not _prospective(raw, k):
                        if past == "both":
                            out.append(st)
                        out.append(st + PAST)
                    else:
                        out.append(st)
    return tuple(out)


# -- dates: one reading of every way a page writes one ----------------------------------------
_MONTH_NUMBERS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
_MON = r"(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
#: A date as pages write it: ISO, "14-18 July 2025", "Jul 14, 2025" (read by :func:`dates`).
DATE = re.compile(
    r"\b(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})\b"
    rf"|\b(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?(?:\s*(?:-|–|to|until)\s*(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)?\s+{_MON}(?:\s+(?P<y>\d{{4}}))?\b"
    rf"|\b{_MON.replace('mon>', 'mon2>')}\s+(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?(?:\s*(?:-|–|to)\s*(?P<d4>\d{{1,2}}))?(?:,?\s+(?P<y2>\d{{4}}))?\b",
    re.IGNORECASE,
)
Date = tuple  # (year | None, month, day)


@page_cache(16384, kind="statement")
def dates(text: str) -> tuple[Date, ...]:
    """Every date in ``text`` as (year or None, month, day); a range "14-18 July 2025" gives both ends."""
    out: list[Date] = []
    for m in DATE.finditer(text):
        if m.group("iy"):
            out.append((int(m.group("iy")), int(m.group("im")), int(m.group("id"))))
            continue
        if m.group("d1"):
            mon, days, year = m.group("mon"), (m.group("d1"), m.group("d2")), m.group("y")
        else:
            mon, days, year = m.group("mon2"), (m.group("d3"), m.group("d4")), m.group("y2")
        month = _MONTH_NUMBERS[mon.lower()[:3]]
        for d in days:
            if d and 1 <= int(d) <= 31:
                out.append((int(year) if year else None, month, int(d)))
    return tuple(dict.fromkeys(out))


def dates_match(wanted: tuple[Date, ...], have: tuple[Date, ...]) -> bool:
    """Every wanted date is on the page (a wanted date without a year matches any year)."""
    for y, m, d in wanted:
        if not any(m == m2 and d == d2 and (y is None or y2 is None or y == y2) for y2, m2, d2 in have):
            return False
    return True
