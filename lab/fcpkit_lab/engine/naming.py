"""Names the crawler gives states, operations and URL patterns (deterministic, so crawls diff).

A state is named for its page title with the record taken out (``Ticket {key}`` -> ``TicketPage``,
``Refund details for {key}`` -> ``RefundDetailsPage``); an operation for what it does and where
(``OpenTicketPage``, ``SearchSupportQueuePage``, ``AssignOnTicketPage``).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from fcpkit_lab.engine.pages import KEY_TOKEN

__all__ = ["camel", "op_name", "state_name", "url_pattern"]

_STOP = {"for", "to", "of", "the", "a", "an", "in", "on", "and"}


def camel(text: str) -> str:
    """``Assign to team`` -> ``AssignToTeam`` (letters and digits only)."""
    words = re.findall(r"[A-Za-z0-9]+", text)
    return "".join(w[:1].upper() + w[1:] for w in words)


def state_name(title_template: str, kind: str = "page") -> str:
    """A state id from the page's templated title (``{key}`` and trailing stop words dropped)."""
    words = re.findall(r"[A-Za-z0-9]+", title_template.replace("{key}", " "))
    while words and words[-1].lower() in _STOP:
        words.pop()
    base = "".join(w[:1].upper() + w[1:] for w in words) or "Root"
    if kind == "error":
        return base if base.endswith("Error") or base.endswith("NotFound") else base + "Error"
    return base + "Page"


def url_pattern(href: str) -> str:
    """The path of ``href`` with record segments replaced: ``/support/T-390`` -> ``/support/{key}``."""
    path = urlsplit(href).path or "/"
    parts = ["{key}" if (KEY_TOKEN.fullmatch(p) or re.search(r"\d", p)) else p for p in path.split("/")]
    return "/".join(parts) or "/"


def op_name(verb: str, what: str, taken: set[str]) -> str:
    """``verb`` + ``what`` as one CamelCase id, made unique against ``taken`` (which it updates)."""
    base = camel(verb) + what
    name, i = base, 2
    while name in taken:
        name, i = f"{base}{i}", i + 1
    taken.add(name)
    return name
