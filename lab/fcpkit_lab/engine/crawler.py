"""The crawler: builds an application's SMG from its live pages, in the paper's four phases.

1. **discovery** — the app signed out (its sign-in state), then breadth-first over the links of the
   signed-in app (navigation links exhaustively, data-item links sampled: ``samples`` instances per
   URL template), then an unknown record (its error state). GET only.
2. **operation definition** — per state: links become navigation operations (``Open…`` with a
   ``key`` input for data-item links, ``GoTo…`` for the rest), GET forms become ``Search…``
   operations, POST forms one write operation per submit button, field lists, tables, named
   regions and status messages become read operations with an output schema. In **safe mode**
   (the default) no POST form is ever submitted: a write's post-state is inferred (the page its
   form posts under) and marked ``observed: false``. With ``safe=False`` and a ``reset`` callable
   (an app you can restore) each write is submitted once with sample values, its post-state and
   the message it leaves are recorded, and the app is reset.
3. **enrichment** — descriptions from the observed structure (valid options, what a search
   lists, what a write reports), rewritten by a ``describer`` (an LLM) when one is given
   (:mod:`fcpkit_lab.engine.describe`).
4. **validation** — every operation replayed in a fresh browser context from a sample instance
   of its state: selectors must resolve to exactly one element, navigations must land in their
   post-state, reads must return their schema; writes are only located in safe mode.

The crawler sees the application only through its pages (black box).
"""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol
from urllib.parse import urljoin, urlsplit

from fcpkit.errors import ConfigError

from fcpkit_lab.engine.describe import Describer, describe_all
from fcpkit_lab.engine.naming import camel, op_name, state_name, url_pattern
from fcpkit_lab.engine.pages import KEY_TOKEN, PageInfo, page_signature, read_page, template_text
from fcpkit_lab.engine.smg import StateMachine
from fcpkit_lab.engine.smg_parts import Atom, Operation, Param, State
from fcpkit_lab.engine.validate import describe_operations, validate_operations

__all__ = ["CrawlConfig", "PageSource", "crawl"]


class PageSource(Protocol):
    """Where the crawler gets browser pages: ``new_page(signed_in)`` opens a fresh context's page."""

    def new_page(self, signed_in: bool = True) -> Any: ...


@dataclass(frozen=True)
class CrawlConfig:
    """Budget and behaviour. ``safe``: never submit a POST form (needs no ``reset``)."""

    max_pages: int = 60
    max_seconds: float = 600.0
    samples: int = 2
    safe: bool = True
    validate: bool = True
    skip_prefixes: tuple[str, ...] = ("/__control", "/static")
    sample_text: str = "Reviewed during crawl"
    sample_number: str = "1.00"


@dataclass
class _Crawl:
    source: PageSource
    base: str
    config: CrawlConfig
    templates: dict[str, list[PageInfo]] = field(default_factory=dict)
    pages: int = 0
    started: float = field(default_factory=time.monotonic)

    def over_budget(self, reserve: int = 0) -> bool:
        return self.pages >= self.config.max_pages - reserve or time.monotonic() - self.started > self.config.max_seconds

    def visit(self, page: Any, path: str) -> PageInfo:
        resp = page.goto(urljoin(self.base, path))
        page.wait_for_load_state("domcontentloaded")
        self.pages += 1
        return read_page(page, resp.status if resp is not None else None)


def _local(base: str, href: str) -> str | None:
    """The path+query of ``href`` when it stays on the app, else ``None``."""
    full = urlsplit(urljoin(base + "/", href))
    if full.netloc and full.netloc != urlsplit(base).netloc:
        return None
    return full.path + (f"?{full.query}" if full.query else "")


def _discover(c: _Crawl, start: str) -> None:
    if not c.over_budget():  # the app signed out first (a fresh context): its sign-in state
        out = c.source.new_page(signed_in=False)
        info = c.visit(out, start)
        c.templates.setdefault(url_pattern(info.url), []).append(info)
    page = c.source.new_page(signed_in=True)
    queue: deque[str] = deque([start])
    queued = {start}
    per_template: dict[str, int] = {url_pattern(start): 1}
    while queue and not c.over_budget(reserve=1):  # one page kept for the error probe
        path = queue.popleft()
        info = c.visit(page, path)
        key = "*" if (info.status or 200) >= 400 else url_pattern(info.url)
        c.templates.setdefault(key, []).append(info)
        for link in info.data.get("links", []):
            target = _local(c.base, link["href"])
            if target is None or "?" in target or target.startswith(c.config.skip_prefixes) or target in queued:
                continue  # query links (filters, tabs) show the same template
            pat = url_pattern(target)
            if per_template.get(pat, 0) >= c.config.samples:
                continue
            per_template[pat] = per_template.get(pat, 0) + 1
            queued.add(target)
            queue.append(target)
    # a record that does not exist: the app's error state
    keyed = [p for p in c.templates if "{key}" in p]
    if keyed and not c.over_budget():
        info = c.visit(page, keyed[0].replace("{key}", "ZZ-0", 1))
        if (info.status or 200) >= 400:
            c.templates.setdefault("*", []).append(info)


def _states(c: _Crawl, smg: StateMachine) -> dict[str, str]:
    """One state per URL template; returns pattern -> state id."""
    by_pattern: dict[str, str] = {}
    for pat, infos in c.templates.items():
        sigs = [set(page_signature(i)) for i in infos]
        sig = set.intersection(*sigs) if sigs else set()
        first = infos[0]
        kind = "error" if pat == "*" else ("signin" if first.data.get("password") else "page")
        title = template_text(first.heading)
        sid = state_name(title, kind)
        while sid in smg.states:
            sid += "2"
        words = {"page": f"The {title} page", "signin": "The sign-in form: the session is gone",
                 "error": f"An error page ({title}), served at any address"}
        smg.add_state(State(sid, pat, title, tuple(sorted(sig)), kind, words[kind],
                            sample=urlsplit(first.url).path if pat != "*" else None))
        by_pattern[pat] = sid
    return by_pattern


def _param_name(label: str) -> str:
    words = [w.lower() for w in camel_words(label)]
    return "_".join(words) or "value"


def camel_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z0-9]+", KEY_TOKEN.sub("", text))


def _add(smg: StateMachine, taken: set[str], verb: str, what: str, op: Operation) -> None:
    """Add ``op`` named ``verb + what`` unless its state already has an operation with the same atoms
    (a second instance of the template offers the same links and forms)."""
    if any(o.state == op.state and o.atoms == op.atoms for o in smg.operations.values()):
        return
    smg.add_operation(replace(op, id=op_name(verb, what, taken)))


def _link_ops(smg: StateMachine, st: State, info: PageInfo, by_pattern: dict[str, str], base: str,
              taken: set[str]) -> None:
    own_key = st.match_url(urlsplit(info.url).path) or {}
    done: set[tuple[str, str]] = set()
    for link in info.data.get("links", []):
        target = _local(base, link["href"])
        if target is None or "?" in target:
            continue
        tid = by_pattern.get(url_pattern(target))
        if tid is None or (tid == st.id and not KEY_TOKEN.search(link["name"])):
            continue
        name = link["name"]
        keys = KEY_TOKEN.findall(name)
        if keys and KEY_TOKEN.fullmatch(name):
            tmpl, inputs = "@key", (Param("key", "the record's identifier, as its link shows it"),)
            verb = "Open"
        elif keys:
            tmpl = KEY_TOKEN.sub("@key", name)
            auto = own_key.get("key") == keys[0]
            inputs = (Param("key", "taken from the current page's address" if auto else "the record's identifier",
                            required=not auto),)
            verb = "GoTo"
        else:
            tmpl, inputs, verb = template_text(name), (), "GoTo"
        if not tmpl or (tmpl, tid) in done:
            continue
        done.add((tmpl, tid))
        what = smg.states[tid].id if verb == "Open" else f"{smg.states[tid].id}From{st.id}"
        _add(smg, taken, verb, what,
             Operation("", st.id, tid, "navigate",
                       (Atom("click", "link", tmpl, within=f"navigation:{link['navlabel']}" if link.get("navlabel") else None),),
                       inputs,
                                    effect="read"))


def _form_inputs(form: dict, required_first: bool) -> tuple[list[Param], list[Atom]]:
    params, atoms = [], []
    for i, ctl in enumerate(form["controls"]):
        pname = _param_name(ctl["name"])
        options = tuple(o for o in ctl["options"] if o and o != "All")
        required = ctl["role"] != "combobox" or not required_first
        if required_first and i > 0:
            required = False
        number = " (a number)" if ctl.get("inputmode") in ("decimal", "numeric") else ""
        params.append(Param(pname, f"the '{ctl['name']}' {ctl['role']}{number}", options, required))
        action = "select" if ctl["role"] == "combobox" else "fill"
        atoms.append(Atom(action, ctl["role"], template_text(ctl["name"]), f"@{pname}"))
    return params, atoms


def _form_target(action_path: str, st: State, by_pattern: dict[str, str]) -> str:
    """Where a form is presumed to land before it was submitted: the page its action posts under."""
    pat = url_pattern(action_path)
    while pat:
        if pat in by_pattern:
            return by_pattern[pat]
        pat = pat.rsplit("/", 1)[0]
    return st.id


def _form_ops(smg: StateMachine, st: State, info: PageInfo, by_pattern: dict[str, str], taken: set[str]) -> None:
    for form in info.data.get("forms", []):
        if form.get("global") or not form["buttons"]:
            continue
        target = _form_target(urlsplit(form["action"] or info.url).path, st, by_pattern)
        if form["method"] == "get":
            params, atoms = _form_inputs(form, required_first=True)
            button = form["buttons"][0]["name"]
            _add(smg, taken, "Search", st.id,
                 Operation("", st.id, target, "search",
                                        (*atoms, Atom("click", "button", template_text(button))), tuple(params),
                                        effect="read"))
            continue
        params, atoms = _form_inputs(form, required_first=False)
        for b in form["buttons"]:
            _add(smg, taken, camel(b["name"]), f"On{st.id}",
                 Operation("", st.id, target, "write",
                                        (*atoms, Atom("click", "button", template_text(b["name"]))), tuple(params),
                                        effect="irreversible", observed=False))


def _read_ops(smg: StateMachine, st: State, info: PageInfo, taken: set[str]) -> None:
    own_key = st.match_url(urlsplit(info.url).path) or {}
    auto = (Param("key", "taken from the current page's address", required=False),)

    def name_and_inputs(text: str) -> tuple[str, tuple[Param, ...]]:
        keys = KEY_TOKEN.findall(text)
        if keys and own_key.get("key") == keys[0]:
            return KEY_TOKEN.sub("@key", text), auto
        return template_text(text), ()

    for fl in info.data.get("fields", []):
        if not fl["name"]:
            continue
        name, inputs = name_and_inputs(fl["name"])
        _add(smg, taken, "Read", re.sub(r"(For|To|Of)$", "", camel(template_text(fl["name"]).replace("{key}", ""))),
             Operation("", st.id, st.id, "read", (Atom("read_fields", "term", name),), inputs,
                                    {"type": "fields", "fields": list(fl["terms"])}))
    fielded = {f["name"] for f in info.data.get("fields", [])}
    for region in info.data.get("regions", []):
        if region and region not in fielded and not any(region == f.get("region") for f in info.data["forms"]) \
                and region not in ("Main", "search"):
            _add(smg, taken, "Read", camel(template_text(region)),
                 Operation("", st.id, st.id, "read", (Atom("read_text", "region", region),), (),
                                        {"type": "text"}))
    for t in info.data.get("tables", []):
        _add(smg, taken, "Read", camel(template_text(t["name"])) + "Rows",
             Operation("", st.id, st.id, "read", (Atom("read_table", "table", t["name"]),), (),
                                    {"type": "table", "columns": list(t["columns"])}))
    _add(smg, taken, "ReadMessages", f"On{st.id}",
         Operation("", st.id, st.id, "read", (Atom("read_text", "message", "status messages"),), (),
                                {"type": "list", "items": "text"}))


def crawl(source: PageSource, base_url: str, start_path: str = "/", *, app: str = "app",
          config: CrawlConfig | None = None, reset: Callable[[], None] | None = None,
          describer: Describer | None = None,
          on_phase: Callable[[str], None] | None = None) -> StateMachine:
    """Crawl the app at ``base_url`` from ``start_path`` and return its SMG (see the module doc).

    ``describer``: a :class:`~fcpkit_lab.engine.describe.Describer` (an LLM) that rewrites each state's and
    operation's template description in phase 3; a failed or unusable answer keeps the template.
    """
    config = config or CrawlConfig()
    if not config.safe and reset is None:
        raise ConfigError("crawl(safe=False) submits forms: pass reset=... to restore the app after each one")
    c = _Crawl(source, base_url.rstrip("/"), config)
    smg = StateMachine(app, seed=start_path)
    say = on_phase or (lambda _p: None)
    say("discovery")
    _discover(c, start_path)
    by_pattern = _states(c, smg)
    say("operations")
    taken: set[str] = set()
    for pat, infos in c.templates.items():
        st = smg.states[by_pattern[pat]]
        if st.kind != "page":
            continue
        for info in infos:  # the union over the sampled instances: a form only some records show
            _link_ops(smg, st, info, by_pattern, c.base, taken)
            _form_ops(smg, st, info, by_pattern, taken)
            _read_ops(smg, st, info, taken)
    say("enrichment")
    describe_operations(smg, c, reset=reset)
    described = describe_all(smg, describer)
    validation = {}
    if config.validate:
        say("validation")
        validation = validate_operations(smg, c, reset=reset)
    smg.stats = {
        "states": len(smg.states), "operations": len(smg.operations),
        "by_kind": {k: sum(1 for o in smg.operations.values() if o.kind == k)
                    for k in ("navigate", "search", "write", "read", "input")},
        "pages_visited": c.pages, "seconds": round(time.monotonic() - c.started, 1),
        **described.stats(), "safe": config.safe, **validation,
    }
    return smg
