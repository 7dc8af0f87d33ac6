"""The workbench's fault registry: every fault kind, its variants, and when a variant acts.

A fault is *persistent* when nothing the agent can do on the page gets past it (the Save button
never works, the list ignores every filter change, the session ends again after each sign-in):
the right outcome is an honest stop. It is *transient* when it happens once, or can be undone
from the page (the session expires once and signing in again works, a dialog can be dismissed,
a sticky filter can be cleared, a slow response arrives, a first click is lost and the second
works, a banner names another record once): the right outcome is a recovery.

A variant is chosen per episode with the ``persistence`` fault parameter (``"transient"`` or
``"persistent"``); without it each kind keeps the behaviour it always had (its ``default``), so
recorded corpora keep their meaning. :func:`parse_fault` reads ``kind`` or ``kind:variant``
(``silent_noop:transient``), the spelling the command line uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping
from urllib.parse import quote, urlencode

from starlette.responses import RedirectResponse, Response

from fcpkit.errors import ConfigError

__all__ = ["VARIANTS", "FaultSpec", "FAULTS", "fault_spec", "parse_fault", "persistence_of", "FaultCounter", "sticky_filter", "request_fault"]

VARIANTS = ("persistent", "transient")


@dataclass(frozen=True)
class FaultSpec:
    """One fault kind: what each of its variants does, and which is the default."""

    kind: str
    default: str
    behaviours: Mapping[str, str]

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(v for v in VARIANTS if v in self.behaviours)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "default": self.default, "variants": dict(self.behaviours)}


FAULTS: dict[str, FaultSpec] = {s.kind: s for s in (
    FaultSpec("wrong_record", "transient", {
        "transient": "the list links the target's row to a near-miss record; the right record can still be opened"}),
    FaultSpec("session_expired", "transient", {
        "transient": "the session expires once; signing in again works",
        "persistent": "the session ends again on the first request after every sign-in"}),
    FaultSpec("stale_filter", "persistent", {
        "transient": "a filter from a previous session is on when the list first opens; it can be cleared",
        "persistent": "the list keeps the previous session's filter whatever is submitted"}),
    FaultSpec("control_missing", "persistent", {
        "persistent": "the key control is removed or renamed on the record's page"}),
    FaultSpec("wrong_banner", "persistent", {
        "transient": "the first submission (or first refund page) shows a banner about another record; "
                     "the next one works",
        "persistent": "every submission shows a banner about another record and saves nothing"}),
    FaultSpec("silent_noop", "persistent", {
        "transient": "the first press of the key control is lost; the second works",
        "persistent": "the key control never has an effect"}),
    FaultSpec("permission_denied", "persistent", {
        "persistent": "the key action is refused with 403"}),
    FaultSpec("interstitial", "transient", {
        "transient": "an announcement dialog covers the page until it is accepted",
        "persistent": "the announcement dialog comes back on every page, accepted or not"}),
    FaultSpec("slow_response", "persistent", {
        "transient": "one response is held for a few seconds more than the browser waits, then arrives",
        "persistent": "every response from the fault on is held longer than the browser waits"}),
)}

#: the transient slow response's hold: longer than the browser's page wait (10 s), short enough to wait out
TRANSIENT_DELAY_S = 12.0


def fault_spec(kind: str) -> FaultSpec:
    try:
        return FAULTS[kind]
    except KeyError:
        raise ConfigError(f"unknown workbench fault {kind!r}; choose one of {', '.join(FAULTS)}") from None


def parse_fault(text: str) -> tuple[str, str | None]:
    """``"kind"`` or ``"kind:variant"`` -> (kind, variant or None); a clear error for anything else."""
    kind, _, variant = text.partition(":")
    spec = fault_spec(kind)
    if not variant:
        return kind, None
    if variant not in spec.variants:
        raise ConfigError(f"fault {kind!r} has no {variant!r} variant; it has: {', '.join(spec.variants)}")
    return kind, variant


def persistence_of(kind: str | None, params: Mapping[str, Any]) -> str | None:
    """The variant an episode runs (``None`` for a healthy one)."""
    if kind is None:
        return None
    spec = fault_spec(kind)
    variant = params.get("persistence") or spec.default
    if variant not in spec.variants:
        raise ConfigError(f"fault {kind!r} has no {variant!r} variant; it has: {', '.join(spec.variants)}")
    return variant


class FaultCounter:
    """How often a fault acted in this episode, so a transient variant acts only once.

    ``fires(kind, persistence)`` answers whether the fault acts on this request and counts it:
    a persistent variant always acts, a transient one only the first time.
    """

    def __init__(self) -> None:
        self.count: dict[str, int] = {}

    def fires(self, kind: str, persistence: str | None) -> bool:
        n = self.count.get(kind, 0)
        if persistence == "transient" and n >= 1:
            return False
        self.count[kind] = n + 1
        return True

    def seen(self, kind: str) -> int:
        return self.count.get(kind, 0)


def sticky_filter(saved: dict[str, dict[str, str]], workflow: str, stale: Mapping[str, str],
                  submitted: Mapping[str, str], was_submitted: bool) -> tuple[dict[str, str], str | None]:
    """The transient ``stale_filter``: the list opens with a previous session's filter (``stale``)
    that the next submission or "Clear filters" replaces, like a remembered filter does.

    ``saved`` is the session's remembered filters (updated in place). Returns the filter the list
    applies and, when the stale filter narrows it, what the fault did (else ``None``).
    """
    fields = list(submitted)
    if was_submitted:
        saved[workflow] = dict(submitted)
    elif workflow not in saved:
        saved[workflow] = {f: stale.get(f, "") for f in fields}
    effective = saved.get(workflow, {f: "" for f in fields})
    left = {k: v for k, v in effective.items() if v and stale.get(k) == v}
    if not left:
        return effective, None
    return effective, "list kept the previous filter " + ", ".join(f"{k}={v!r}" for k, v in left.items())


def request_fault(ep: dict[str, Any], sessions: dict[str, Any], episode: Any, index: int, sid: str | None, method: str,
                  path: str, info: dict[str, Any]) -> Response | None:
    """The request-level faults on a signed-in app request (under the application's lock).

    ``session_expired`` ends the session (once when transient; on the first request after every
    sign-in when persistent) and answers with the sign-in redirect; ``interstitial`` marks the
    request so the page renders the announcement dialog (until it is accepted, when transient).
    Returns the response that replaces the page, else ``None``.
    """
    after = episode.params.get("after_requests", 0)
    if index < after:
        return None
    if episode.fault == "session_expired" and ep["faults"].fires("session_expired", episode.persistence):
        ep["expired_fired"] = True
        sessions.pop(sid, None)
        nxt = path if method == "GET" else (path.rsplit("/", 1)[0] or "/")
        info["fault"] = "session_expired"
        info["detail"] = f"session expired at app request {index} ({method} {path})"
        return RedirectResponse("/signin?" + urlencode({"expired": "1", "next": nxt}, quote_via=quote), status_code=303)
    if episode.fault == "interstitial" and path != "/announcements/dismiss" \
            and not (ep["interstitial_dismissed"] and episode.persistence == "transient"):
        info["interstitial"] = True
    return None
