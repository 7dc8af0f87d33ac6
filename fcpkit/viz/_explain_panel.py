"""Click-to-explain for the viewers: a button per score (the best confirming statement behind α+,
the best falsifier behind α−) that shows ``explain``'s account of it on the check's page, and the
matched nodes outlined on the screenshot (:mod:`fcpkit.viz.page_marks`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets

from fcpkit.viz.page_marks import explain_html, marks_html, matched_marks, outline_png

__all__ = ["ExplainPanel", "marked_screenshot", "screenshot_bytes"]


def screenshot_bytes(shot: Any, base_dir: Path | None) -> tuple[bytes, str] | None:
    """An observation's screenshot as ``(bytes, format)``: bytes as they are, a path read (relative
    to ``base_dir``, the folder of the log or corpus that names it); ``None`` when there is none or
    the file is gone."""
    if shot is None:
        return None
    if isinstance(shot, (bytes, bytearray)):
        return bytes(shot), "png"
    p = Path(shot)
    if not p.is_absolute() and base_dir is not None:
        p = Path(base_dir) / p
    try:
        data = p.read_bytes()
    except OSError:
        return None
    fmt = "jpeg" if p.suffix.lower() in (".jpg", ".jpeg") else (p.suffix.lower().lstrip(".") or "png")
    return data, fmt


def marked_screenshot(data: bytes, fmt: str, frame: dict[str, Any], matcher: Any) -> tuple[bytes, str]:
    """The screenshot with the nodes matched by the frame's best statements outlined (PNG only),
    and the legend HTML (empty when nothing matched)."""
    o = frame.get("observation")
    marks = matched_marks(matcher, o, {"confirming": frame.get("confirming"), "falsifying": frame.get("evidence")})
    boxes = (getattr(o, "extra", None) or {}).get("boxes") or {}
    drawn = 0
    if marks and boxes and fmt == "png":
        data, drawn = outline_png(data, boxes, marks)
    return data, marks_html(marks, drawn, bool(boxes))


class ExplainPanel(widgets.VBox):
    """``update(frame)`` with each displayed check; a click on a score's button explains it."""

    def __init__(self, matcher: Any):
        super().__init__()
        self.matcher = matcher
        self.frame: dict[str, Any] | None = None
        self.buttons = {kind: widgets.Button(description=f"explain {label}", tooltip=f"why this {label}",
                                             layout=widgets.Layout(width="150px"))
                        for kind, label in (("confirming", "α+"), ("evidence", "α−"))}
        for kind, b in self.buttons.items():
            b.on_click(lambda _b, k=kind: self.explain(k))
            b.add_class(f"fcp-explain-{'plus' if kind == 'confirming' else 'minus'}")
        self.output = widgets.HTML()
        self.output.add_class("fcp-explain-output")
        self.children = [widgets.HBox(list(self.buttons.values())), self.output]

    def update(self, frame: dict[str, Any]) -> None:
        self.frame = frame
        self.output.value = ""
        for kind, b in self.buttons.items():
            b.disabled = not frame.get(kind)

    def explain(self, kind: str) -> str:
        """Show (and return) ``explain``'s account of the statement behind a score: ``confirming``
        (α+) or ``evidence`` (α−) of the displayed check."""
        f = self.frame or {}
        statement = f.get(kind)
        if not statement:
            self.output.value = "<i>no statement behind this score at this check</i>"
        else:
            self.output.value = f"<b>{'α+' if kind == 'confirming' else 'α−'}</b> " + explain_html(
                self.matcher, statement, f.get("observation"))
        return self.output.value
