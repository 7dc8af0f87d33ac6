"""Two prompt versions side by side: the table of their rows, and diffs of prompts and statements.

A table is the reader's first question (which version writes more valid, better-catching plans);
the diffs are the second (what changed in the prompt, and what changed in what the model wrote
for each task). Diffs are :mod:`difflib` unified diffs: the prompt's system message line by line,
and each task's plan as one line per statement (``commitment / stage: text``), so a reworded
falsifier shows as one line removed and one added.
"""

from __future__ import annotations

import difflib
import html
from collections.abc import Sequence

from fcpkit import Plan

from fcpkit_lab.promptlab.answers import TaskAnswer
from fcpkit_lab.promptlab.score import COLUMNS, ScoreRow
from fcpkit_lab.promptlab.version import PromptVersion

__all__ = ["plan_statements", "prompt_diff", "statement_diffs", "table_text", "table_markdown", "table_html", "diff_html"]


def plan_statements(plan: Plan | None) -> list[str]:
    """One line per statement of ``plan``: ``id / stage: text`` (the subgoal as ``id: subgoal``)."""
    if plan is None:
        return ["(no plan)"]
    out = []
    for c in plan.commitments:
        out.append(f"{c.id}: {c.subgoal}")
        for group in (c.confirm, c.falsify):
            for stage, items in group.items():
                out += [f"{c.id} / {stage}: {getattr(it, 'text', it)}" for it in items]
    return out


def prompt_diff(a: PromptVersion, b: PromptVersion) -> str:
    """The unified diff of the two versions' system messages and user templates."""
    left = (a.system_text() + "\n<<user>>\n" + a.user).splitlines()
    right = (b.system_text() + "\n<<user>>\n" + b.user).splitlines()
    return "\n".join(difflib.unified_diff(left, right, a.label, b.label, lineterm=""))


def statement_diffs(a: Sequence[TaskAnswer], b: Sequence[TaskAnswer], names: tuple[str, str] = ("a", "b")) -> dict[str, str]:
    """Per task (in ``a``'s order), the unified diff of the two versions' plan statements; tasks
    whose plans say the same are left out."""
    other = {x.task: x for x in b}
    out = {}
    for x in a:
        y = other.get(x.task)
        if y is None:
            continue
        d = "\n".join(difflib.unified_diff(plan_statements(x.plan), plan_statements(y.plan), names[0], names[1],
                                           lineterm="", n=0))
        if d:
            out[x.task] = d
    return out


def table_text(rows: Sequence[ScoreRow]) -> str:
    """The rows as a plain-text table (for the terminal and the docs)."""
    cells = [r.cells() for r in rows]
    heads = [h for _, h in COLUMNS]
    widths = [max(len(h), *(len(c[k]) for c in cells)) if cells else len(h) for (k, _), h in zip(COLUMNS, heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths))]
    lines.append("  ".join("-" * w for w in widths))
    for c in cells:
        lines.append("  ".join(c[k].ljust(w) for (k, _), w in zip(COLUMNS, widths)))
    return "\n".join(lines)


def table_markdown(rows: Sequence[ScoreRow]) -> str:
    """The rows as a Markdown table (what docs are generated from)."""
    heads = [h for _, h in COLUMNS]
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    lines += ["| " + " | ".join(r.cells()[k] for k, _ in COLUMNS) + " |" for r in rows]
    return "\n".join(lines)


def table_html(rows: Sequence[ScoreRow]) -> str:
    """The rows as an HTML table (the widget's), scrolling sideways rather than cut off in a narrow pane."""
    head = "".join(f"<th style='text-align:left;padding:2px 8px'>{html.escape(h)}</th>" for _, h in COLUMNS)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{html.escape(r.cells()[k])}</td>" for k, _ in COLUMNS)
                   + "</tr>" for r in rows)
    return (f"<div style='overflow-x:auto;max-width:100%'><table class='fcpkit-promptlab-table'><thead><tr>{head}</tr>"
            f"</thead><tbody>{body}</tbody></table></div>")


def diff_html(diff: str) -> str:
    """A unified diff, coloured (added green, removed red), in a scrollable block that wraps."""
    out = []
    for line in diff.splitlines():
        colour = "#1a7f37" if line.startswith("+") and not line.startswith("+++") else \
            "#cf222e" if line.startswith("-") and not line.startswith("---") else "#57606a"
        out.append(f"<span style='color:{colour}'>{html.escape(line)}</span>")
    return ("<pre style='white-space:pre-wrap;max-height:24em;overflow:auto;font-size:12px'>"
            + "\n".join(out) + "</pre>")
