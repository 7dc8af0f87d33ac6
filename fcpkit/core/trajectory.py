"""Trajectory corpora (JSON Lines, docs/formats.md): what an agent did and saw, with fault labels.

Loads into plain dataclasses (:class:`Trajectory`, :class:`Step`, :class:`Action`,
:class:`Observation`) and, for analysis, into a Hugging Face ``datasets.Dataset``. Every problem
names the file, the line, the trajectory id and the field path; all problems of a file are
reported together in one :class:`~fcpkit.errors.CorpusError`. Unknown fields are kept in
``extra`` and written back, so a corpus produced by a newer tool round-trips through this one.
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from fcpkit.core.corpus_sources import source_for, sources
from fcpkit.core.plan import Plan, _kind, load_plan
from fcpkit.core.trajectory_records import (  # noqa: F401 - the records are imported from here too
    EFFECTS,
    Action,
    Corpus,
    Label,
    Observation,
    Step,
    Trajectory,
    serialize_observation,
    trajectory_from_row,
)
from fcpkit.errors import CorpusError, PlanError, not_a_file

__all__ = [
    "EFFECTS",
    "Observation",
    "Action",
    "Step",
    "Label",
    "Trajectory",
    "Corpus",
    "load_corpus",
    "iter_corpus",
    "dump_corpus",
    "CorpusWriter",
    "cut_torn_tail",
    "dumps_line",
    "serialize_observation",
    "SkippedRunWarning",
]

#: The largest page text a corpus may hold (characters), and the longest line read at once.
MAX_PAGE_CHARS = 5_000_000
MAX_LINE_CHARS = 64_000_000

_OBS_KEYS = ("url", "title", "text", "error", "tabs", "screenshot")
_ACTION_KEYS = ("command", "reasoning", "target", "effect")
_STEP_KEYS = ("commitment", "action", "observation")
_TRAJ_KEYS = ("id", "workflow", "task", "plan", "label", "initial_observation", "steps", "outcome")


class _Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, msg: str) -> None:
        self.items.append(f"{where}: {msg}")

    def __len__(self) -> int:
        return len(self.items)


def _str(d: Mapping[str, Any], key: str, where: str, p: _Problems, *, required: bool, nullable: bool = False) -> Any:
    if key not in d:
        if required:
            p.add(f"{where}.{key}", f"missing; fix: add `{key}`")
        return None
    v = d[key]
    if v is None and nullable:
        return None
    if not isinstance(v, str):
        p.add(f"{where}.{key}", f"expected a string{' or null' if nullable else ''}, got {_kind(v)}")
        return None
    return v


def _observation(d: Any, where: str, p: _Problems) -> Observation | None:
    if not isinstance(d, Mapping):
        p.add(where, f"expected an observation mapping {{url, title, text, error}}, got {_kind(d)}")
        return None
    n = len(p)
    url = _str(d, "url", where, p, required=True)
    title = _str(d, "title", where, p, required=False) or ""
    text = _str(d, "text", where, p, required=True)
    error = _str(d, "error", where, p, required=False, nullable=True)
    tabs = d.get("tabs")
    if tabs is not None:
        if not isinstance(tabs, list) or not all(isinstance(t, Mapping) for t in tabs):
            p.add(f"{where}.tabs", f"expected a list of {{url, title}} mappings, got {_kind(tabs)}")
            tabs = None
        else:
            tabs = tuple(dict(t) for t in tabs)
    shot = _str(d, "screenshot", where, p, required=False, nullable=True)
    if isinstance(text, str) and len(text) > MAX_PAGE_CHARS:
        p.add(f"{where}.text", f"the page text is {len(text):,} characters, over the cap of {MAX_PAGE_CHARS:,} "
              "(a page that large is not an accessibility tree an agent reads); fix: record a smaller page, or "
              "raise fcpkit.core.trajectory.MAX_PAGE_CHARS")
    if len(p) > n:
        return None
    extra = {k: v for k, v in d.items() if k not in _OBS_KEYS}
    return Observation(url, title, text, error, tabs, shot, extra)


def _action(d: Any, where: str, p: _Problems) -> Action | None:
    if not isinstance(d, Mapping):
        p.add(where, f"expected an action mapping {{command, reasoning, target, effect}}, got {_kind(d)}")
        return None
    n = len(p)
    command = _str(d, "command", where, p, required=True)
    reasoning = _str(d, "reasoning", where, p, required=False, nullable=True) or ""
    target = _str(d, "target", where, p, required=False, nullable=True)
    effect = d.get("effect", "read")
    if effect not in EFFECTS:
        p.add(f"{where}.effect", f"{effect!r} is not one of read, write, irreversible")
    if len(p) > n:
        return None
    extra = {k: v for k, v in d.items() if k not in _ACTION_KEYS}
    return Action(command, reasoning, target, effect, extra)


def _trajectory(d: Any, where: str, base: Path | None, plans: dict[str, Plan], p: _Problems) -> Trajectory | None:
    if not isinstance(d, Mapping):
        p.add(where, f"expected a trajectory object, got {_kind(d)}")
        return None
    n = len(p)
    tid = _str(d, "id", where, p, required=True)
    if tid:
        where = f"{where} (id {tid})"
    task = _str(d, "task", where, p, required=True)
    workflow = _str(d, "workflow", where, p, required=False, nullable=True)
    plan, plan_ref = None, None
    raw_plan = d.get("plan")
    if raw_plan is None:
        p.add(f"{where}.plan", "missing; fix: a path relative to the corpus file, or an inline plan object")
    elif isinstance(raw_plan, str):
        plan_ref = raw_plan
        path = (base / raw_plan) if base is not None else Path(raw_plan)
        key = str(path.resolve())
        if key not in plans:
            try:
                plans[key] = load_plan(path)
            except PlanError as exc:
                p.add(f"{where}.plan", f"{raw_plan!r} does not load: {exc}")
        plan = plans.get(key)
    elif isinstance(raw_plan, Mapping):
        try:
            plan = Plan.from_data(raw_plan, source=f"{where}.plan")
        except PlanError as exc:
            p.items.extend(exc.problems and [f"{where}.plan.{q}" for q in exc.problems])
    else:
        p.add(f"{where}.plan", f"expected a path or a plan object, got {_kind(raw_plan)}")
    init = _observation(d.get("initial_observation"), f"{where}.initial_observation", p) if "initial_observation" in d else None
    if "initial_observation" not in d:
        p.add(f"{where}.initial_observation", "missing; fix: the page before step 0")
    steps: list[Step] = []
    raw_steps = d.get("steps")
    if raw_steps is None:
        p.add(f"{where}.steps", "missing; fix: a list of {action, observation} steps (may be empty)")
    elif not isinstance(raw_steps, list):
        p.add(f"{where}.steps", f"expected a list, got {_kind(raw_steps)}")
    else:
        for i, s in enumerate(raw_steps):
            sw = f"{where}.steps[{i}]"
            if not isinstance(s, Mapping):
                p.add(sw, f"expected a step mapping {{action, observation}}, got {_kind(s)}")
                continue
            act = _action(s.get("action"), f"{sw}.action", p)
            ob = _observation(s.get("observation"), f"{sw}.observation", p)
            cm = _str(s, "commitment", sw, p, required=False, nullable=True)
            if plan is not None and cm is not None and all(c.id != cm for c in plan.commitments):
                p.add(f"{sw}.commitment", f"{cm!r} is not a commitment of the plan; known: {[c.id for c in plan.commitments]}")
            if act and ob:
                steps.append(Step(act, ob, cm, {k: v for k, v in s.items() if k not in _STEP_KEYS}))
    label = Label.unlabelled()  # no label (null or absent): nobody said whether the run went off track
    raw_label = d.get("label")
    if raw_label is not None:
        if not isinstance(raw_label, Mapping):
            p.add(f"{where}.label", f"expected {{fault, first_off_track_step}}, got {_kind(raw_label)}")
        else:
            fault = raw_label.get("fault")
            first = raw_label.get("first_off_track_step")
            if fault is not None and not isinstance(fault, str):
                p.add(f"{where}.label.fault", f"expected a fault class (string) or null, got {_kind(fault)}")
            if first is not None and (isinstance(first, bool) or not isinstance(first, int)):
                p.add(f"{where}.label.first_off_track_step", f"expected an integer step index or null, got {_kind(first)}")
            elif first is not None and isinstance(raw_steps, list) and not 0 <= first < len(raw_steps):
                p.add(f"{where}.label.first_off_track_step",
                      f"{first if abs(first) < 10 ** 15 else _kind(first)} is out of range: the trajectory has {len(raw_steps)} steps (indices 0..{len(raw_steps) - 1})")
            if fault is None and first is not None:
                p.add(f"{where}.label", "a healthy trajectory (fault null) cannot have a first_off_track_step; fix: set both or neither")
            label = Label(fault, first, {k: v for k, v in raw_label.items() if k not in ("fault", "first_off_track_step")})
    outcome = d.get("outcome")
    if outcome is not None and not isinstance(outcome, Mapping):
        p.add(f"{where}.outcome", f"expected a mapping like {{success: true}}, got {_kind(outcome)}")
        outcome = None
    if len(p) > n or plan is None or init is None or tid is None or task is None:
        return None
    extra = {k: v for k, v in d.items() if k not in _TRAJ_KEYS}
    return Trajectory(tid, task, plan, init, tuple(steps), label, workflow, outcome, plan_ref, extra)


def _parses_as_json(line: str) -> bool:
    try:
        json.loads(line)
        return True
    except (json.JSONDecodeError, RecursionError):
        return False
    except ValueError:  # JSON, with a number Python refuses to read: the line's own problem says so
        return True


def _not_json_lines(path: Path, lines: list[str]) -> str | None:
    """One message when the file is plainly not a JSON Lines corpus (a plan, YAML, other text), instead of
    a "not valid JSON" problem for each of its lines. A short file keeps its per-line messages."""
    body = [ln for ln in lines if ln.strip()]
    if not body or any(_parses_as_json(ln) for ln in body[:20]):
        return None
    looks_like_plan = path.suffix.lower() in (".yaml", ".yml") or any(
        ln.strip().startswith(("task:", "commitments:", "plan_falsifiers:", '"task":', '"commitments":')) for ln in body[:40])
    if not looks_like_plan and len(body) < 3:
        return None
    what = "a plan" if looks_like_plan else "not JSON Lines"
    fix = ("pass a plan with --plan, or check it with `fcpkit validate`" if looks_like_plan
           else "a corpus has one JSON object per line (docs/formats.md)")
    return f"this file is {what}: none of its first lines is a JSON object; fix: {fix}"


def iter_corpus(path: str | Path, on_skip: Callable[[str, str], None] | None = None) -> Iterator[Trajectory]:
    """Yield a JSON Lines corpus's trajectories one at a time (memory: one line, not the file).

    A folder is read by the :mod:`~fcpkit.core.corpus_sources` source that recognises it (a
    BrowserGym study, with fcpkit-lab installed); each run it cannot read goes to
    ``on_skip(where, why)`` (by default a :class:`SkippedRunWarning`) and the others are yielded.

    Lines end at ``\\n`` only (U+2028, U+2029 and U+0085 are characters inside a line, as JSON
    says). The trajectories are yielded as they are read; every problem of the file is raised
    together in one :class:`~fcpkit.errors.CorpusError` at the end.
    """
    p = Path(path)
    source = str(path)
    if p.is_dir():
        yield from _iter_folder(p, on_skip)
        return
    problems = _Problems()
    plans: dict[str, Plan] = {}
    seen: dict[str, int] = {}
    if (why := not_a_file(p)) is not None:
        raise CorpusError(source, [why])
    try:
        with p.open("r", encoding="utf-8", newline="\n") as head:  # a plan or other text: one message
            not_jsonl = _not_json_lines(p, [ln for _, ln in zip(range(20), head)])
    except FileNotFoundError:
        raise CorpusError(source, ["file not found"]) from None
    except (OSError, ValueError) as exc:
        raise CorpusError(source, [f"cannot read the file ({exc})"]) from None
    if not_jsonl:
        raise CorpusError(source, [not_jsonl])
    try:
        fh = p.open("r", encoding="utf-8", newline="\n")
    except FileNotFoundError:
        raise CorpusError(source, ["file not found"]) from None
    except (OSError, ValueError) as exc:
        raise CorpusError(source, [f"cannot read the file ({exc})"]) from None
    n = 0
    with fh:
        lineno = 0
        while True:
            try:
                line = fh.readline(MAX_LINE_CHARS + 1)
            except (OSError, UnicodeDecodeError) as exc:
                problems.add(f"line {lineno + 1}", f"cannot read ({exc})")
                break
            if not line:
                break
            lineno += 1
            where = f"line {lineno}"
            if len(line) > MAX_LINE_CHARS and not line.endswith("\n"):
                problems.add(where, f"longer than {MAX_LINE_CHARS:,} characters; fix: record smaller pages")
                while line and not line.endswith("\n"):  # skip the rest of the line
                    line = fh.readline(MAX_LINE_CHARS)
                continue
            t = _parse_line(line, where, p.parent, plans, problems)
            if t is None:
                continue
            if t.id in seen:
                problems.add(f"{where} (id {t.id})", f"duplicate trajectory id (also line {seen[t.id]})")
            seen.setdefault(t.id, lineno)
            n += 1
            yield t
    if len(problems):
        raise CorpusError(source, problems.items)
    if not n:
        raise CorpusError(source, ["the corpus is empty; fix: one trajectory JSON object per line"])


class SkippedRunWarning(UserWarning):
    """A run of a folder that could not be read, and why (the other runs are read)."""


def _iter_folder(p: Path, on_skip: Callable[[str, str], None] | None) -> Iterator[Trajectory]:
    src = source_for(p)
    if src is None:
        known = "; ".join(s.description for s in sources()) or "none installed (fcpkit-lab adds BrowserGym's)"
        raise CorpusError(str(p), [f"a folder that no installed reader recognises (readers: {known}); fix: pass a "
                                   "corpus file (.jsonl), or the experiment or study folder itself"])

    def warn(where: str, why: str) -> None:
        warnings.warn(f"{where}: skipped: {why}", SkippedRunWarning, stacklevel=3)

    seen: set[str] = set()
    for t in src.trajectories(p, on_skip or warn):
        if t.id in seen:
            raise CorpusError(str(p), [f"two runs with id {t.id!r}"])
        seen.add(t.id)
        yield t


def _parse_line(line: str, where: str, base: Path, plans: dict[str, Plan], problems: _Problems) -> Trajectory | None:
    if not line.strip():
        return None
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        problems.add(where, f"not valid JSON ({exc.msg} at column {exc.colno}); fix: one JSON object per line")
        return None
    except RecursionError:
        problems.add(where, "nested too deeply; fix: one trajectory object per line")
        return None
    except ValueError:  # an integer of thousands of digits, which Python refuses to read
        problems.add(where, "a number of thousands of digits; fix: write numbers as the format says (docs/formats.md)")
        return None
    return _trajectory(data, where, base, plans, problems)


def load_corpus(path: str | Path, on_skip: Callable[[str, str], None] | None = None) -> Corpus:
    """Load a JSON Lines corpus (or a folder a corpus source reads, see :func:`iter_corpus`); plans
    given as paths resolve relative to the corpus file."""
    return Corpus(list(iter_corpus(path, on_skip)), Path(path))


#: Characters ``str.splitlines`` (and many editors) take for line ends that JSON leaves raw.
_RAW_BREAKS = str.maketrans({"\u2028": "\\u2028", "\u2029": "\\u2029", "\u0085": "\\u0085"})


def dumps_line(data: Any) -> str:
    """One JSON Lines record: UTF-8 JSON with every line-breaking character escaped."""
    return json.dumps(data, ensure_ascii=False).translate(_RAW_BREAKS)


def cut_torn_tail(path: str | Path) -> None:
    """Drop a last line without its line end (a write that a kill interrupted): in a file written a
    whole line at a time, such a line is no record, and whatever is appended next starts clean."""
    with Path(path).open("rb+") as fh:
        fh.seek(0, os.SEEK_END)
        end = fh.tell()
        pos = end
        while pos > 0:
            step = min(1 << 16, pos)
            fh.seek(pos - step)
            chunk = fh.read(step)
            i = chunk.rfind(b"\n")
            if i >= 0:
                pos = pos - step + i + 1
                break
            pos -= step
        if pos != end:
            fh.truncate(pos)


class CorpusWriter:
    """Turns trajectories into corpus lines that :func:`iter_corpus` reads back, run by run.

    Each line is read back as the reader would, from the folder the corpus is written to, before
    it is handed out: a run the reader would refuse (a page over :data:`MAX_PAGE_CHARS`, a line
    over :data:`MAX_LINE_CHARS`, a repeated id, a field of the wrong type) raises a
    :class:`~fcpkit.errors.CorpusError` naming the run, the field and the fix, instead of being
    saved to fail on every later read. A plan path that does not lead to the run's plan from that
    folder (a run loaded from another corpus) is written as the plan itself."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.folder = self.path.parent
        self.lines = 0
        self.ids: set[str] = set()
        self._refs: dict[str, Plan | None] = {}
        self._plans: dict[str, Plan] = {}

    def line(self, t: Trajectory) -> str:
        data = t.to_data()
        if t.plan_ref is not None and self._plan_at(t.plan_ref) != t.plan:
            data["plan"] = t.plan.to_data()
        line = dumps_line(data)
        where = f"line {self.lines + 1}"  # the reader's name for it
        if len(line) > MAX_LINE_CHARS:
            raise CorpusError(str(self.path), [f"{where} (id {t.id}): would be {len(line):,} characters, over the {MAX_LINE_CHARS:,} a "
                                      "corpus reader reads; fix: record smaller pages"])
        problems = _Problems()
        back = _parse_line(line, where, self.folder, self._plans, problems)
        if back is not None and back.id in self.ids:
            problems.add(f"{where} (id {back.id})", "duplicate trajectory id; fix: give every run its own id")
        if len(problems) or back is None:
            raise CorpusError(str(self.path), problems.items or [f"{where}: does not read back as a trajectory"])
        self.ids.add(back.id)
        self.lines += 1
        return line

    def _plan_at(self, ref: str) -> Plan | None:
        key = str((self.folder / ref).resolve())
        if key not in self._refs:
            try:
                self._refs[key] = load_plan(self.folder / ref)
            except PlanError:
                self._refs[key] = None
        return self._refs[key]


def dump_corpus(trajectories: Iterable[Trajectory], path: str | Path) -> Path:
    """Write trajectories as JSON Lines (plans as their original path when it leads to the plan
    from ``path``'s folder, else inline) that :func:`load_corpus` reads back (:class:`CorpusWriter`).

    The file is written beside ``path`` and moved into place at the end: a run the reader would
    refuse raises :class:`~fcpkit.errors.CorpusError` and leaves an existing ``path`` as it was."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    writer = CorpusWriter(p)
    tmp = p.with_name(f".{p.name}.part")
    try:
        with tmp.open("w", encoding="utf-8") as f:
            for t in trajectories:
                f.write(writer.line(t) + "\n")
        os.replace(tmp, p)
    finally:
        if tmp.exists():
            tmp.unlink()
    return p
