"""The falsifier lab's view of *who caught what*: each run's first detection attributed to its
source, and the plan's falsifiers alone set beside the plan with the built-in falsifiers.

Why both: a built-in task-level falsifier (a sign-in page, another record's page, ...) catches
some faults with no plan wording, and it defers to the plan's own falsifier where that one is past
its gate on the same check (the attribution policy, README "Built-in task-level falsifiers"). So
an edit of a plan's falsifier can leave the with-built-ins counts unchanged while it moves the
catch to a built-in; the plan-alone counts and the sources show what the edit did.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

from fcpkit.viz._widgets import esc

__all__ = ["SOURCE_ORDER", "count_sources", "sources_html"]

#: Sources in the order the lab lists them (as the detection benchmark names them).
SOURCE_ORDER = ("step-falsifier", "plan-falsifier", "built-in", "rule", "advance-check", "verifier")


def count_sources(outcomes: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """First detections of faulty runs by source (every source listed, zeros included)."""
    c = Counter(o["source"] for o in outcomes if o.get("fault") and o.get("source"))
    return {s: c.get(s, 0) for s in SOURCE_ORDER} | {s: n for s, n in c.items() if s not in SOURCE_ORDER}


def _cell(now: Any, base: Any) -> str:
    if base is None or now == base:
        return f"<b>{esc(now)}</b>"
    return f"<b>{esc(now)}</b> <span style='color:#888'>(was {esc(base)})</span>"


def sources_html(now: Mapping[str, Any], base: Mapping[str, Any], *, scope: str, builtins: bool) -> str:
    """A small table: caught/timely/false alarms by the plan's falsifiers alone and with the
    built-ins, each next to its baseline, then the first detections by source (for the lab's
    built-ins setting)."""
    rows = []
    for label, key in (("plan's falsifiers alone", "without_builtins"), ("plan + built-in falsifiers", "with_builtins")):
        n, b = now[key], base.get(key, {})
        rows.append(f"<tr><td>{esc(label)}</td><td>{_cell(n['caught'], b.get('caught'))}/{n['faulty']}</td>"
                    f"<td>{_cell(n['timely'], b.get('timely'))}</td>"
                    f"<td>{_cell(n['false_alarms'], b.get('false_alarms'))}/{n['healthy']}</td></tr>")
    src, bsrc = now["sources"], base.get("sources", {})
    by = " · ".join(f"{esc(s)} {_cell(v, bsrc.get(s))}" for s, v in src.items() if v or bsrc.get(s))
    mode = "with" if builtins else "without"
    return (f"<div class='fcp-lab-sources'><b>{esc(scope)}</b>: detection by source"
            "<table style='font-size:0.85em'><tr><th></th><th>caught</th><th>timely</th><th>false alarms</th></tr>"
            f"{''.join(rows)}</table>first detections of faulty runs ({mode} built-ins): {by or 'none'}</div>")
