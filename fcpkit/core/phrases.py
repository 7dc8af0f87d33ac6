"""Phrase families of the built-in falsifiers (:mod:`fcpkit.core.falsifiers`), per language.

The built-in falsifiers read page *structure* first (a password field, a login path, a page
title, an alert region, a filter chip); the phrases below are their second signal, for what
only words can say ("signed out due to inactivity", "you can't approve this request"). Each
family is a table ``{language: [regular expression, ...]}`` so that a site in another language
is one entry away: add the language's phrases under its code, nothing else changes. The
expressions are matched case-insensitively against a node's name or a live region's text, with
typographic apostrophes folded to ``'``.

The families, and what each says:

* ``SIGN_IN``: a sign-in control or heading ("Sign in", "Log in", "Anmelden");
* ``PASSWORD``: the name of a password field;
* ``SIGNED_OUT``: a notice that the session ended ("session expired", "signed out");
* ``REFUSED``: the application refuses the user ("access denied", "not allowed", "you can't
  approve this", "only the assigned approver can");
* ``MISSING``: the page or record is not there ("not found", "no longer exists"), or the
  application failed ("something went wrong");
* ``EMPTY``: a list or search with nothing in it ("no results", "showing 0 of 0");
* ``NEGATIVE``: a message whose polarity is negative (error, failed, could not, invalid);
* ``ADMITS_FAILURE``: the agent's own message says it did not do the task ("I could not ...");
* ``DEFERS``: a control that hands the act to someone else instead of doing it ("Submit for
  approval", "Send to manager", "Request a change", "Save as draft"): its effect is a pending
  request, not the act itself;
* ``REMOVE_FILTER``: a filter chip's remove control, with the filter value as group ``v``.

English is complete; German, French and Spanish carry the core of each family as a start.
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from fcpkit.core.caches import page_cache

__all__ = [
    "SIGN_IN", "PASSWORD", "SIGNED_OUT", "REFUSED", "MISSING", "EMPTY", "NEGATIVE", "RECOVERING", "READ_FAILED", "VALIDATION", "PENDING", "ADMITS_FAILURE",
    "DEFERS", "AUTOSAVED", "FILTER_NAME", "SEARCH_NAME", "REMOVE_FILTER", "STATUS_WORDS", "FAMILIES", "CONTRARY_FAMILIES", "compile_family", "fold", "phrase",
    "contrary", "ACTS", "GENERIC_ACT", "acts_of", "ACT_NOUNS", "act_of_noun",
]

Family = Mapping[str, Sequence[str]]

SIGN_IN: Family = {
    "en": [r"^(?:please\s+)?(?:sign|log)\s*-?\s*(?:in|on)\b", r"^log\s*in$", r"^login\b", r"\bsign in to\b", r"\bwelcome back\b"],
    "de": [r"^anmelden\b", r"^einloggen\b"],
    "fr": [r"^se connecter\b", r"^connexion\b"],
    "es": [r"^iniciar sesi[oó]n\b", r"^acceder\b"],
}

PASSWORD: Family = {
    "en": [r"\bpassword\b", r"\bpasscode\b", r"\bpass phrase\b"],
    "de": [r"\bpasswort\b", r"\bkennwort\b"],
    "fr": [r"\bmot de passe\b"],
    "es": [r"\bcontrase[nñ]a\b"],
}

SIGNED_OUT: Family = {
    "en": [r"\bsession (?:has |had )?(?:expired|timed out|ended)\b", r"\b(?:signed|logged) (?:you )?out\b",
           r"\b(?:sign|log) in again\b", r"\bplease (?:sign|log) in\b", r"\bre-?authenticat", r"\bsession expired\b",
           r"\byour session\b.*\b(?:expired|ended|timed out)\b"],
    "de": [r"\bsitzung (?:ist )?abgelaufen\b", r"\babgemeldet\b", r"\berneut anmelden\b"],
    "fr": [r"\bsession (?:a )?expir[ée]e\b", r"\bd[ée]connect[ée]\b", r"\bvous reconnecter\b"],
    "es": [r"\bsesi[oó]n (?:ha )?(?:expirado|caducado)\b", r"\binicie sesi[oó]n de nuevo\b"],
}

REFUSED: Family = {
    "en": [r"\baccess (?:is )?denied\b", r"\bpermission denied\b", r"\bforbidden\b", r"^not allowed$", r"\bnot permitted\b",
           r"\bnot authori[sz]ed\b", r"\bunauthori[sz]ed\b", r"\b(?:do not|don't|does not|doesn't) have (?:the )?(?:required )?"
           r"(?:permission|access|rights?|privileges?)\b", r"\bno (?:permission|access)\b", r"\binsufficient (?:permissions?|"
           r"privileges|rights|access)\b", r"^restricted(?: access)?$", r"^access (?:is )?restricted$", r"\b(?:isn't|is not|aren't|are not) available to you\b",
           r"\byou (?:can't|cannot|can not|are not allowed to|aren't allowed to) (?:approve|access|view|open|edit|change|"
           r"assign|delete|do|perform|submit|see|update|modify|refund|cancel|manage)\b", r"^only (?:the )?[\w\s-]{1,40}? can\b",
           r"\b(?:401|403)\b", r"^(?:permission|authori[sz]ation|access) required$",
           r"\byou need (?:the )?(?:permission|access|rights?|privileges?)\b"],
    "de": [r"\bzugriff verweigert\b", r"\bkeine berechtigung\b", r"\bnicht berechtigt\b", r"\bnicht erlaubt\b"],
    "fr": [r"\bacc[eè]s refus[ée]\b", r"\bnon autoris[ée]\b", r"\bpas (?:la )?permission\b", r"\binterdit\b"],
    "es": [r"\bacceso denegado\b", r"\bno autorizado\b", r"\bno tiene permiso\b", r"\bprohibido\b"],
}

MISSING: Family = {
    "en": [r"\b(?:page |record |item )?not found\b", r"\bno longer exists\b", r"\b(?:doesn't|does not) exist\b",
           r"\b(?:couldn't|could not|can't|cannot) find (?:that|this|the) (?:page|record|item)\b",
           r"\bsomething went wrong\b", r"\ban? (?:unexpected )?error (?:has )?occurred\b", r"^oops\b", r"\b404\b"],
    "de": [r"\bnicht gefunden\b", r"\bexistiert nicht\b", r"\betwas ist schiefgelaufen\b"],
    "fr": [r"\bintrouvable\b", r"\bn'existe pas\b", r"\bune erreur (?:s'est produite|est survenue)\b"],
    "es": [r"\bno encontrad[ao]\b", r"\bno existe\b", r"\balgo sali[oó] mal\b"],
}

EMPTY: Family = {
    "en": [r"\bno (?:\w+ ){0,3}(?:results?|matches|found|to show|to display|match\w*)\b", r"\bnothing (?:found|matches|to show)\b",
           r"\b(?:showing )?0 (?:of 0 |results?\b|matches\b|items?\b|records?\b|\w+ found\b)", r"\bno results?\b"],
    "de": [r"\bkeine (?:\w+ )?(?:ergebnisse|treffer|eintr[aä]ge)\b"],
    "fr": [r"\baucun (?:\w+ )?r[ée]sultat\b"],
    "es": [r"\bsin resultados\b", r"\bning[uú]n resultado\b", r"\bno se encontraron\b"],
}

NEGATIVE: Family = {
    "en": [r"\berror\b", r"\bfailed\b", r"\bfailure\b", r"\b(?:could not|couldn't|cannot|can't|unable to|was not|wasn't|were not|"
           r"weren't) (?:be )?(?:complete|save|process|submit|update|approve|assign|find|load|apply|perform|finish|send|"
           r"delete|create|saved|completed|processed|submitted|updated|approved|assigned|applied|sent|deleted|created)\w*\b",
           # an attempt reported as failed, whatever it tried ("We couldn't record this gift", "Unable to
           # reserve the booth"); "cannot" and "can't" stay with the verbs above: they also state
           # what a rule forbids ("A submitted recall cannot be withdrawn"), not a failure
           r"\b(?:could not|couldn't|unable to)\s+(?:be\s+)?[a-z]{3,}",
           # a headline's short form of the same ("Adjustment not saved to the ledger", "Changes not saved")
           r"\bnot (?:saved|posted|submitted|processed|sent|completed|updated|created|applied|approved|assigned|deleted|"
           r"recorded|issued|filed|booked|uploaded|published|paid|refunded|scheduled|transferred)\b"
           r"(?!\s+(?:yet|until)\b)",  # "Invites not sent yet": still to come, not failed
           r"\binvalid\b", r"\bexpired\b", r"\bwarning\b", r"\btry (?:[a-z]+ing )?again\b",
           r"\bnot (?:allowed|permitted|possible)\b",
           r"\bdenied\b", r"\bproblem\b"],
    "de": [r"\bfehler\b", r"\bfehlgeschlagen\b", r"\bnicht m[oö]glich\b", r"\bung[uü]ltig\b"],
    "fr": [r"\berreur\b", r"\b[ée]chec\b", r"\bimpossible de\b", r"\binvalide\b"],
    "es": [r"\berror\b", r"\bfall[oó]\b", r"\bno se pudo\b", r"\binv[aá]lido\b"],
}

#: A failure the application says it is dealing with by itself ("... failed — retrying
#: automatically", "Connection lost. Reconnecting…", "we'll try again in 5 minutes"): its own
#: background work, which asks nothing of the agent now.
RECOVERING: Family = {
    "en": [r"\bretrying\b", r"\bretr(?:y|ies) (?:is |are )?(?:scheduled|queued|pending)\b", r"\bwill (?:retry|try again|be retried)\b", r"\b(?:we'll|it'll|we will) (?:retry|try again)\b",
           r"\breconnecting\b", r"\btrying again (?:in|shortly|soon|automatically)\b", r"\bretr(?:y|ied) automatically\b"],
    "de": [r"\bneuer versuch\b", r"\bwird erneut versucht\b"],
    "fr": [r"\bnouvelle tentative\b"],
    "es": [r"\breintentando\b"],
}

#: What a form says of a value it will not take ("Base rent must be a number", "Enter a valid date",
#: "Email is required", "Please select a reason", "Enter the weight as a number only", "You must
#: accept the terms"): it answered the submission, and asks the agent to
#: correct a field; nothing was written.
VALIDATION: Family = {
    "en": [r"\bmust (?:be|have|contain|include|match|not be)\b", r"\b(?:enter|use|provide|choose|select|pick) an? (?:valid|correct)\b",
           # what the form demands of the user before it takes the submission: "You must accept the
           # terms", "You need to select a session", "You have to agree to the privacy notice"
           r"\byou (?:must|need to|have to) (?:accept|agree|select|choose|pick|tick|check|confirm|enter|provide|add|fill|upload|attach|specify)\b",
           r"\bplease (?:enter|select|choose|provide|fill|correct|check)\b", r"\b(?:is|are) required\b",
           r"\b(?:is|are) not an? valid\b", r"\binvalid (?:\w+ ){0,2}(?:format|value|date|time|number|amount|entry|input)\b",
           r"\b(?:can't|cannot|can not) be (?:blank|empty|left blank)\b", r"\btoo (?:long|short|large|small|high|low)\b",
           r"\bout of range\b", r"\b(?:should|needs to) be\b",
           # how the value must be written: "Enter the weight as a number only", "Use numbers only",
           # "Type the date in the format DD/MM/YYYY"
           r"\b(?:enter|type|give|write|use)\s+(?:(?:the|a|an|your)\s+)?(?:[\w-]+\s+){0,3}?(?:as|in)\s+(?:(?:the|a|an)\s+)?"
           r"(?:(?:whole|positive|decimal|valid)\s+)?(?:numbers?|digits?|dates?|format|figures?)\b",
           r"\b(?:numbers?|digits?|numerals?|letters?|figures?)\s+only\b", r"\b(?:use|in|with|follow) the (?:format|pattern)\b",
           r"\b(?:enter|type)\s+(?:a|an)\s+(?:(?:whole|positive|decimal)\s+)?(?:number|amount|date|time|value)\b"],
    "de": [r"\bmuss (?:\w+ ){0,3}sein\b", r"\bist erforderlich\b", r"\bbitte (?:geben|wählen)\b", r"\bung[uü]ltige?s? \w+\b"],
    "fr": [r"\bdoit [êe]tre\b", r"\best (?:obligatoire|requis)\b", r"\bveuillez (?:saisir|choisir|s[ée]lectionner)\b"],
    "es": [r"\bdebe ser\b", r"\bes obligatorio\b", r"\bintroduzca un\b", r"\bseleccione\b"],
}

#: A control that keeps a form's values for later, for the same user ("Save draft", "Save as
#: draft", "Save for later"): it hands nothing to anyone and applies nothing; the form stays, and
#: a message saying the draft was kept is the whole of its effect.
DRAFT: Family = {
    "en": [r"\bsave (?:as )?(?:a )?draft\b", r"\bsave for later\b"],
    "de": [r"\bals entwurf\b", r"\bentwurf speichern\b"],
    "fr": [r"\b(?:en|comme) brouillon\b", r"\benregistrer le brouillon\b"],
    "es": [r"\bcomo borrador\b", r"\bguardar borrador\b"],
}

#: What a form says when it keeps what is typed in it as it goes ("Draft saved automatically at
#: 20:31", "All changes saved", "Autosaved"): leaving it loses nothing the agent set.
AUTOSAVED: Family = {
    "en": [r"\bauto-?sav(?:ed|es|ing)\b", r"\bsaved automatically\b", r"\ball changes (?:are |have been )?saved\b",
           r"\bdraft (?:was |has been )?saved\b", r"\bsaved as you type\b"],
    "de": [r"\bautomatisch gespeichert\b", r"\balle änderungen gespeichert\b", r"\bentwurf gespeichert\b"],
    "fr": [r"\benregistré automatiquement\b", r"\bbrouillon enregistré\b"],
    "es": [r"\bguardado automáticamente\b", r"\bborrador guardado\b"],
}

#: A panel, control or dialog named for narrowing a list ("Filters", "Filter by flair", "Refine
#: results", "Filter cases"): what it sets hides records, and changes none.
FILTER_NAME = re.compile(r"\b(?:filter|refine|narrow|facet)", re.IGNORECASE)
#: A field named for searching ("Search claims", "Find customer by name", "Keyword"): what is typed in
#: it asks the application for a list, and is sent to no record.
SEARCH_NAME = re.compile(r"\b(?:search|find|query|keyword|look ?up)", re.IGNORECASE)

#: A control that takes a multi-step form to its next page ("Next: assessment", "Continue to
#: review", "Proceed to payment", "Next step"): it carries what was entered on, and the form's own
#: submission, on its last page, sends it all to the application.
STEP_ON: Family = {
    "en": [r"^(?:next|continue|proceed|go on)\b(?!\s+(?:and|&)\s)"],
    "de": [r"^weiter\b"],
    "fr": [r"^(?:suivant|continuer)\b"],
    "es": [r"^(?:siguiente|continuar)\b"],
}

#: What the application says of work it has started and not finished ("Saving ETR…", "Processing
#: payment", "Submitting — please wait", any "<doing>…" on its own: "Recording…"): the submission
#: was taken, its outcome is still to come.
PENDING: Family = {
    "en": [r"\b(?:saving|processing|submitting|sending|updating|uploading|applying|publishing|syncing|posting)\b(?:\s+[\w-]+){0,3}\s*(?:…|\.\.\.|$)",
           # a longer account of the same, still trailing off ("Processing refund with the card terminal…")
           r"\b(?:saving|processing|submitting|sending|updating|uploading|applying|publishing|syncing|posting)\b(?:\s+[\w'’-]+){4,8}\s*(?:…|\.\.\.)\s*$",
           r"^\s*[a-z]+ing\b(?:\s+[\w-]+){0,3}\s*(?:…|\.\.\.)\s*$",  # "Recording…", "Registering badge…"
           # ... and what it waits on ("Issuing credit note… waiting for the ledger to confirm")
           r"\b[a-z]+ing\b(?:\s+[\w-]+){0,3}\s*(?:…|\.\.\.)\s+waiting\b",
           r"\bplease wait\b", r"\bin progress\b", r"\bqueued\b", r"\bthis (?:may|might|can) take\b"],
    "de": [r"\bwird (?:gespeichert|verarbeitet|gesendet)\b", r"\bbitte warten\b"],
    "fr": [r"\ben cours\b", r"\bveuillez patienter\b"],
    "es": [r"\ben curso\b", r"\bguardando\b", r"\bprocesando\b", r"\bespere\b"],
}

#: What a failed read says: the page, or what it looked for, did not load, open or show ("Could not
#: load the object record", "Search is unavailable"); a failure announced after a read counts
#: only when it says so (or names what was opened).
READ_FAILED: Family = {
    "en": [r"\b(?:could not|couldn't|can't|cannot|unable to|failed to|error)\s+(?:\w+\s+)?"
           r"(?:load|open|show|display|fetch|retrieve|refresh|render|find|search)\w*",
           r"\b(?:load(?:ing)?|search|page|results?)\s+(?:failed|error|(?:is\s+)?unavailable)\b"],
}

ADMITS_FAILURE: Family = {
    "en": [r"\b(?:i|we) (?:could not|couldn't|cannot|can't|was not able|wasn't able|were not able|weren't able|am unable|"
           r"was unable|were unable|failed|did not manage|didn't manage|have not been able|haven't been able|"
           r"did not|didn't) (?:to )?(?:finish|complete|do|approve|find|access|open|save|submit|assign|perform|carry out|"
           r"get|reach|proceed|continue|sign|log|create|add|update|change|edit|set|send|schedule|book|cancel|delete|"
           r"remove|move|transfer|issue|refund|pay|post|publish|apply|place|make)\w*\b", r"\b(?:task|request|action) (?:could not|couldn't|cannot|can't) be "
           r"(?:completed|done|finished)\b", r"\bunable to (?:complete|finish|proceed)\b"],
    "de": [r"\bich konnte\b.*\bnicht\b", r"\bnicht abschlie[ßs]en\b"],
    "fr": [r"\bje n'ai pas pu\b", r"\bimpossible de terminer\b"],
    "es": [r"\bno (?:he podido|pude)\b"],
}

DEFERS: Family = {
    "en": [r"\bfor (?:approval|review|sign-?off|moderation|verification|validation|authori[sz]ation|consideration)\b",
           r"^(?:request|propose|suggest|nominate)\b", r"\brequest (?:an? )?(?:approval|review|change|sign-?off)\b",
           r"\b(?:send|submit|forward|escalate) (?:\w+ ){0,2}to (?:(?:your|a|an|the) )?(?:manager|approver|supervisor|"
           r"admin\w*|reviewer|moderator)s?\b", r"\bask (?:for|to)\b", r"\bsave (?:as )?(?:a )?draft\b",
           r"\b(?:awaiting|pending) (?:approval|review)\b"],
    "de": [r"\bzur (?:genehmigung|freigabe|pr[üu]fung)\b", r"\bbeantragen\b", r"\banfordern\b", r"\bals entwurf\b"],
    "fr": [r"\bpour (?:approbation|validation|relecture|v[ée]rification)\b", r"^(?:demander|proposer)\b",
           r"\b(?:en|comme) brouillon\b"],
    "es": [r"\bpara (?:aprobaci[oó]n|revisi[oó]n|validaci[oó]n)\b", r"^(?:solicitar|proponer)\b", r"\bcomo borrador\b"],
}

REMOVE_FILTER: Family = {
    "en": [r"^(?:remove|clear|delete) (?:the )?filter\s*[:\-–]?\s*(?P<v>.+)$", r"^(?:remove|clear) (?P<v>.+?) filter$",
           r"^(?:filtered by|filters?\s*[:\-–])\s*(?P<v>.+?)(?:\s*[×✕✖])?$", r"^(?P<v>.+?)\s*[×✕✖]$",
           r"^(?P<v>.+?),\s*(?:remove|clear)(?:\s+(?:the\s+|this\s+)?filter)?$"],
    "de": [r"^filter (?:entfernen|l[oö]schen)\s*[:\-–]?\s*(?P<v>.+)$"],
    "fr": [r"^(?:supprimer|retirer) (?:le )?filtre\s*[:\-–]?\s*(?P<v>.+)$"],
    "es": [r"^(?:quitar|eliminar) (?:el )?filtro\s*[:\-–]?\s*(?P<v>.+)$"],
}

#: Record statuses an agent's report may claim and a page may show, each with its canonical form.
#: A report that says a record is *approved* while the page shows it *pending* is contradicted.
#: Only states, not verbs ("Refund of $12 issued" claims no status), and not *assigned* ("assigned to
#: Payments" names a team, not a status).
STATUS_WORDS: Mapping[str, str] = {
    w: canon for canon, words in {
        "approved": "approved", "rejected": "rejected declined denied",
        "pending": "pending awaiting waiting", "open": "open reopened", "closed": "closed", "resolved": "resolved",
        "cancelled": "cancelled canceled", "refunded": "refunded", "paid": "paid", "unpaid": "unpaid",
        "shipped": "shipped", "delivered": "delivered", "draft": "draft", "submitted": "submitted",
        "acknowledged": "acknowledged", "completed": "completed", "archived": "archived",
        "deleted": "deleted", "escalated": "escalated",
    }.items() for w in words.split()
}


def fold(text: str) -> str:
    """Lower case with typographic apostrophes and non-breaking spaces folded."""
    return text.replace("’", "'").replace("‘", "'").replace("\u00a0", " ").lower()


def compile_family(family: Family, languages: Sequence[str] | None = None) -> tuple[re.Pattern[str], ...]:
    """The family's phrases in ``languages`` (default: all), compiled case-insensitively, one
    pattern each (a family may name a group, such as ``v`` in :data:`REMOVE_FILTER`)."""
    return tuple(re.compile(p, re.IGNORECASE) for lang, ps in family.items()
                 if languages is None or lang in languages for p in ps)


#: Each phrase family, compiled once, by name (the name is what :func:`phrase` caches on).
FAMILIES: Mapping[str, tuple[re.Pattern[str], ...]] = {
    "sign_in": compile_family(SIGN_IN), "password": compile_family(PASSWORD), "signed_out": compile_family(SIGNED_OUT),
    "refused": compile_family(REFUSED), "missing": compile_family(MISSING), "empty": compile_family(EMPTY),
    "negative": compile_family(NEGATIVE), "admits": compile_family(ADMITS_FAILURE),
    "recovering": compile_family(RECOVERING), "read_failed": compile_family(READ_FAILED), "remove_filter": compile_family(REMOVE_FILTER),
    "validation": compile_family(VALIDATION), "pending": compile_family(PENDING), "draft": compile_family(DRAFT),
    "step_on": compile_family(STEP_ON), "autosaved": compile_family(AUTOSAVED),
}


@page_cache(65536)
def phrase(family: str, text: str) -> re.Match[str] | None:
    """The first phrase of ``family`` (a :data:`FAMILIES` name) in ``text``: cached per (family,
    text), since the same names (navigation, headings) come back on every page of an app."""
    t = fold(text)
    for p in FAMILIES[family]:
        m = p.search(t)
        if m:
            return m
    return None


#: A negation, the plainest way a line says something did not happen or is not so.
_NEGATION = re.compile(r"\b(?:not|no|never|cannot|without|none|nothing|unable)\b|n't\b", re.IGNORECASE)
#: The families whose phrase makes a line say that something went wrong (a sign-in, a refusal, a
#: missing record, an empty list, a negative message).
CONTRARY_FAMILIES = ("sign_in", "signed_out", "refused", "missing", "empty", "negative")


def contrary(text: str) -> bool:
    """Whether ``text`` says something went wrong or is not so: a negation or a phrase of
    :data:`CONTRARY_FAMILIES`. The verifier's quote checks read a line's polarity with it."""
    text = text.replace("’", "'")
    return bool(_NEGATION.search(text)) or any(phrase(f, text) for f in CONTRARY_FAMILIES)


def _en(*verbs: str) -> list[str]:
    """English verbs with their inflections (save: save, saves, saved, saving)."""
    out = []
    for v in verbs:
        if " " in v:
            out.append(rf"\b{v}\b")
            continue
        stem = v[:-1] if v.endswith("e") else v
        past = f"{v[:-1]}ied|{v[:-1]}ies" if v.endswith("y") and v[-2] not in "aeiou" else f"{stem}ed|{v}s"
        double = f"|{v}{v[-1]}ed|{v}{v[-1]}ing" if v[-1] not in "aeiouwxy" else ""
        out.append(rf"\b(?:{v}|{past}|{stem}ing{double})\b")
    return out


#: The act that finishes whatever form it sits in ("Save", "Submit", "Apply"): it names no act of
#: its own and may carry any specific one.
GENERIC_ACT = "commit"

#: The act each control-name verb performs, per act, per language (whole words, case-insensitive).
ACTS: Mapping[str, Mapping[str, Sequence[str]]] = {
    "commit": {"en": _en("save", "submit", "update", "apply", "store", "change", "set") + [r"^(?:ok|okay|done)$"],
               "de": [r"\bspeichern\b", r"\bübernehmen\b", r"\baktualisieren\b", r"\babsenden\b"],
               "fr": [r"\benregistrer\b", r"\bappliquer\b", r"\bmettre à jour\b", r"\bsoumettre\b"],
               "es": [r"\bguardar\b", r"\baplicar\b", r"\bactualizar\b", r"\benviar formulario\b"]},
    "approve": {"en": _en("approve", "accept", "authorize", "authorise", "sign off", "grant"),
                "de": [r"\bgenehmigen\b", r"\bfreigeben\b", r"\bannehmen\b"],
                "fr": [r"\bapprouver\b", r"\baccepter\b"], "es": [r"\baprobar\b", r"\baceptar\b"]},
    "reject": {"en": _en("reject", "decline", "deny", "refuse"), "de": [r"\bablehnen\b"],
               "fr": [r"\brefuser\b", r"\brejeter\b"], "es": [r"\brechazar\b", r"\bdenegar\b"]},
    "delete": {"en": _en("delete", "remove", "trash", "discard", "erase", "destroy", "purge"),
               "de": [r"\blöschen\b", r"\bentfernen\b"], "fr": [r"\bsupprimer\b", r"\beffacer\b"],
               "es": [r"\beliminar\b", r"\bborrar\b"]},
    "assign": {"en": _en("assign", "reassign", "allocate"), "de": [r"\bzuweisen\b"],
               "fr": [r"\bassigner\b", r"\battribuer\b"], "es": [r"\basignar\b"]},
    "send": {"en": _en("send", "forward", "reply", "post", "publish", "share"),
             "de": [r"\bsenden\b", r"\bweiterleiten\b", r"\bantworten\b", r"\bveröffentlichen\b"],
             "fr": [r"\benvoyer\b", r"\btransférer\b", r"\brépondre\b", r"\bpublier\b"],
             "es": [r"\benviar\b", r"\breenviar\b", r"\bresponder\b", r"\bpublicar\b"]},
    "refund": {"en": _en("refund", "reimburse"), "de": [r"\berstatten\b"], "fr": [r"\brembourser\b"],
               "es": [r"\breembolsar\b"]},
    "pay": {"en": _en("pay", "purchase", "buy", "checkout", "check out", "place order"),
            "de": [r"\bbezahlen\b", r"\bkaufen\b", r"\bbestellen\b"], "fr": [r"\bpayer\b", r"\bacheter\b", r"\bcommander\b"],
            "es": [r"\bpagar\b", r"\bcomprar\b"]},
    "cancel": {"en": _en("cancel", "void", "revoke", "withdraw"), "de": [r"\bstornieren\b"], "fr": [r"\bannuler\b"],
               "es": [r"\bcancelar\b", r"\banular\b"]},
    "archive": {"en": _en("archive"), "de": [r"\barchivieren\b"], "fr": [r"\barchiver\b"], "es": [r"\barchivar\b"]},
}

_ACT_RES = {act: re.compile("|".join(p for ps in langs.values() for p in ps), re.IGNORECASE) for act, langs in ACTS.items()}


#: The nouns that name each act (English): what follows a confirmation's verb on the web's controls
#: and in plans ("Confirm allocation", "Confirm the refund"). Read only after *confirm*: on its own a
#: noun labels a field or a section ("Payment method", "Assignment group") and performs nothing.
ACT_NOUNS: Mapping[str, Sequence[str]] = {
    "commit": ("submission", "changes", "update", "updates"),
    "approve": ("approval", "acceptance", "authorisation", "authorization", "sign-off"),
    "reject": ("rejection", "refusal", "denial"),
    "delete": ("deletion", "removal"),
    "assign": ("assignment", "allocation", "reassignment"),
    "send": ("publication",),
    "refund": ("refund", "reimbursement"),
    "pay": ("payment", "purchase"),
    "cancel": ("cancellation", "withdrawal", "revocation"),
    "archive": ("archival",),
}
_NOUN_ACT = {noun: act for act, nouns in ACT_NOUNS.items() for noun in nouns}


def act_of_noun(word: str) -> str | None:
    """The act a noun names ("allocation": assign), or ``None``; a plural names it too."""
    w = word.lower().strip(".,;:!?'\"")
    return _NOUN_ACT.get(w) or (_NOUN_ACT.get(w[:-1]) if w.endswith("s") else None)


@page_cache(8192, kind="statement")
def acts_of(text: str) -> frozenset[str]:
    """The acts a control's name (or any phrase) names."""
    text = " ".join((text or "").split())
    return frozenset(act for act, rx in _ACT_RES.items() if rx.search(text))
