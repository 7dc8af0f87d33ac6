"""The page nodes behind a check's scores: which accessibility-tree nodes the best confirming and
the best falsifying statements matched (from the matcher's ``explain``), outlined on the page's
screenshot where the recording kept element boxes, and ``explain``'s account as HTML.

Boxes: a recording made with screenshots keeps ``Observation.extra["boxes"]`` (BrowserGym bid ->
``[x, y, width, height]`` in screenshot pixels, read from the DOM while the bids are marked). An
older recording has screenshots without boxes: nothing can be outlined there, so the viewer lists
the matched lines under the image instead (and says why).

A matched line without a bid (a ``StaticText`` inside a heading or a cell) is outlined through the
nearest enclosing node that has one.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from fcpkit.core.page import Page
from fcpkit.viz._widgets import esc

__all__ = ["Mark", "matched_marks", "outline_png", "explain_html", "marks_html"]

COLORS = {"confirming": (44, 160, 44), "falsifying": (214, 39, 40)}


@dataclass(frozen=True)
class Mark:
    """One matched node: which statement (``kind``: confirming / falsifying), the page line, its
    bid (``None`` when neither the line nor an enclosing node has one), the explain score."""

    kind: str
    statement: str
    line: str
    bid: str | None
    score: float


def _enclosing_bid(page: Page, i: int) -> str | None:
    if page.nodes[i].bid is not None:
        return page.nodes[i].bid
    return next((page.nodes[a].bid for a in page.ancestors(i) if page.nodes[a].bid is not None), None)


def _nodes_for(evidence: tuple, page: Page) -> list[int]:
    what, node, text, _s = evidence
    if what == "identity":  # the page's identity: its headings that the identity names
        return [i for i, n in enumerate(page.nodes) if n.kind == "heading" and n.name and n.name in text]
    if what in ("missing",) or not text:
        return []
    if node is not None and 0 <= node < len(page.nodes):
        return [node]
    key = text.strip()
    return [i for i, n in enumerate(page.nodes) if n.line.strip().startswith(key[:120])][:1]


def matched_marks(matcher: Any, observation: Any, statements: Mapping[str, str | None]) -> list[Mark]:
    """Marks for ``statements`` (kind -> statement, e.g. ``{"confirming": ..., "falsifying": ...}``)
    on ``observation``; empty when the matcher cannot explain."""
    explain = getattr(matcher, "explain", None)
    if not callable(explain) or observation is None or not getattr(observation, "text", None):
        return []
    page = Page.of(observation)
    out: list[Mark] = []
    for kind, statement in statements.items():
        if not statement:
            continue
        for ev in explain(statement, page).evidence:
            if ev[3] <= 0:
                continue
            for i in _nodes_for(ev, page):
                n = page.nodes[i]
                line = (f"[{n.bid}] " if n.bid else "") + n.line.strip()
                out.append(Mark(kind, statement, line, _enclosing_bid(page, i), float(ev[3])))
    return out


def outline_png(png: bytes, boxes: Mapping[str, Sequence[float]], marks: Sequence[Mark]) -> tuple[bytes, int]:
    """``png`` with a rectangle around each mark's box; returns the image and how many were drawn."""
    from PIL import Image, ImageDraw

    img = Image.open(io.BytesIO(png)).convert("RGB")
    draw = ImageDraw.Draw(img)
    drawn = 0
    for m in marks:
        box = boxes.get(m.bid) if m.bid is not None else None
        if not box or len(box) != 4 or box[2] <= 0 or box[3] <= 0:
            continue
        x, y, w, h = (float(v) for v in box)
        draw.rectangle([x - 2, y - 2, x + w + 2, y + h + 2], outline=COLORS.get(m.kind, (0, 0, 0)), width=3)
        drawn += 1
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue(), drawn


def marks_html(marks: Sequence[Mark], drawn: int, has_boxes: bool) -> str:
    """A legend under the screenshot: what is outlined, or why nothing could be."""
    if not marks:
        return ""
    items = "".join(f"<li><span style='color:rgb{COLORS.get(m.kind, (0, 0, 0))}'>■ {esc(m.kind)}</span> "
                    f"<code>{esc(m.line[:90])}</code> ({m.score:.2f})</li>" for m in marks)
    note = (f"{drawn} outlined on the screenshot" if has_boxes
            else "this recording kept no element boxes (made before they were recorded): the matched lines are")
    return (f"<div class='fcp-marks' style='font-size:0.8em;color:#555'>matched nodes: {note}"
            f"<ul style='margin:2px 0'>{items}</ul></div>")


def explain_html(matcher: Any, statement: str, observation: Any) -> str:
    """``explain``'s account of ``statement`` on the page (an observation), or on an action's
    :class:`~fcpkit.core.actions.ActionDescription` (for statements tested on actions), as
    preformatted HTML."""
    explain = getattr(matcher, "explain", None)
    if not callable(explain):
        return f"<i>matcher {esc(getattr(matcher, 'name', matcher))} cannot explain its scores</i>"
    if observation is None:
        return "<i>no page recorded for this check</i>"
    target = observation.serialize() if hasattr(observation, "serialize") else observation
    text = explain(statement, target).render()
    # a long line scrolls inside the account instead of running past the pane
    return f"<pre class='fcp-explain' style='font-size:0.8em;background:#f4f4f8;padding:6px;overflow-x:auto'>{esc(text)}</pre>"
