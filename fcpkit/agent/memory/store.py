"""Storing the experience libraries: a folder with ``skills.jsonl``, ``failures.jsonl`` and
``library.yaml`` (what produced them), or a single YAML file; loadable as ``datasets.Dataset``.

JSON Lines is the canonical form (one record a line, diff-friendly, what ``fcpkit induce``
writes); a YAML file with ``skills:`` and ``failures:`` lists is accepted for hand-written
libraries. Loading reports every broken record with its file, line and field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

import yaml

from fcpkit.errors import LibraryError

from fcpkit.agent.memory.records import FailureRecord, Skill

__all__ = ["Library", "load_library", "save_library", "SKILLS_FILE", "FAILURES_FILE", "META_FILE"]

SKILLS_FILE = "skills.jsonl"
FAILURES_FILE = "failures.jsonl"
META_FILE = "library.yaml"


@dataclass(frozen=True)
class Library:
    """A skill library and a failure-repair library, with ``meta`` saying what produced them."""

    skills: tuple[Skill, ...] = ()
    failures: tuple[FailureRecord, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "skills", tuple(self.skills))
        object.__setattr__(self, "failures", tuple(self.failures))
        seen: set[str] = set()
        dupes = [s.name for s in self.skills if s.name in seen or seen.add(s.name)]  # type: ignore[func-returns-value]
        if dupes:
            raise LibraryError("library", [f"skills: duplicate name(s) {sorted(set(dupes))}; fix: give every skill a unique name"])

    def skill(self, name: str) -> Skill:
        for s in self.skills:
            if s.name == name:
                return s
        raise KeyError(f"no skill {name!r}; known: {[s.name for s in self.skills]}")

    def skill_names(self) -> list[str]:
        return [s.name for s in self.skills]

    def dependencies(self, name: str) -> list[str]:
        """Every skill ``name`` requires, transitively, earliest first (cycles are cut)."""
        by_name = {s.name: s for s in self.skills}
        out: list[str] = []

        def visit(n: str, stack: tuple[str, ...]) -> None:
            for dep in by_name[n].requires if n in by_name else ():
                if dep in stack or dep in out:
                    continue
                visit(dep, stack + (dep,))
                out.append(dep)

        visit(name, (name,))
        return out

    def with_meta(self, **meta: Any) -> "Library":
        return replace(self, meta={**dict(self.meta), **meta})

    # -- analysis --------------------------------------------------------------------------
    def skills_dataset(self):
        """The skills as a ``datasets.Dataset`` (evidence groups as JSON text, one schema for Arrow)."""
        import datasets  # heavy import: only when asked

        return datasets.Dataset.from_list([_flat(s.to_data()) for s in self.skills])

    def failures_dataset(self):
        """The failure cases as a ``datasets.Dataset`` (nested parts as struct columns)."""
        import datasets

        return datasets.Dataset.from_list([f.to_data() for f in self.failures])

    def skills_frame(self):
        """A pandas table of the skills for browsing (name, site, parameters, uses, ...)."""
        import pandas as pd

        return pd.DataFrame([{
            "name": s.name, "site": s.site, "subgoal": s.subgoal, "parameters": ", ".join(s.parameters),
            "requires": ", ".join(s.requires), "actions": len(s.actions),
            "confirming": sum(len(v) for v in s.confirm.values()) + len(s.preconditions),
            "falsifying": sum(len(v) for v in s.falsify.values()), "uses": s.history.uses,
            "successes": s.history.successes, "key": s.key,
        } for s in self.skills])

    def failures_frame(self):
        import pandas as pd

        return pd.DataFrame([{
            "id": f.id, "site": f.situation.site, "commitment": f.situation.commitment, "fault": f.diagnosis.fault,
            "scope": f.diagnosis.scope, "evidence": f.diagnosis.evidence, "rule": f.diagnosis.rule,
            "strategy": f.repair.strategy, "depth": f.repair.depth, "falsifier": f.repair.falsifier,
            "outcome": f.outcome.status,
        } for f in self.failures])


def _flat(d: dict[str, Any]) -> dict[str, Any]:
    out = dict(d)
    for k in ("preconditions", "confirm", "falsify", "history"):
        out[k] = json.dumps(out[k], ensure_ascii=False, sort_keys=True)
    return out


def _jsonl(path: Path, items: Iterable[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False, sort_keys=False) + "\n")


def save_library(library: Library, out: str | Path) -> Path:
    """Write ``skills.jsonl``, ``failures.jsonl`` and ``library.yaml`` into folder ``out``
    (or one YAML file when ``out`` ends in ``.yaml``). Output is byte-for-byte deterministic."""
    p = Path(out)
    if p.suffix.lower() in (".yaml", ".yml"):
        p.parent.mkdir(parents=True, exist_ok=True)
        data = {"meta": dict(library.meta), "skills": [s.to_data() for s in library.skills],
                "failures": [f.to_data() for f in library.failures]}
        p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")
        return p
    p.mkdir(parents=True, exist_ok=True)
    _jsonl(p / SKILLS_FILE, (s.to_data() for s in library.skills))
    _jsonl(p / FAILURES_FILE, (f.to_data() for f in library.failures))
    meta = {**dict(library.meta), "skills": len(library.skills), "failures": len(library.failures)}
    (p / META_FILE).write_text(yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")
    return p


def _read_jsonl(path: Path, problems: list[str]) -> Iterator[tuple[str, Any]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(f"{path}: cannot read the file ({exc})")
        return
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            yield f"{path.name} line {n}", json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{path.name} line {n}: not valid JSON ({exc.msg}); fix: one JSON object per line")


def _build(kind: type, items: Iterable[tuple[str, Any]], problems: list[str], source: str) -> list[Any]:
    out = []
    for where, data in items:
        try:
            out.append(kind.from_data(data, where=where, source=source))
        except LibraryError as exc:
            problems.extend(exc.problems)
    return out


def load_library(path: str | Path) -> Library:
    """Load a library folder (``skills.jsonl``/``failures.jsonl``, either may be absent) or YAML file."""
    p = Path(path)
    source = str(path)
    problems: list[str] = []
    if p.is_file() and p.suffix.lower() in (".yaml", ".yml"):
        try:
            data = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise LibraryError(source, [f"invalid YAML ({exc}); fix: check indentation and quoting"]) from None
        if not isinstance(data, Mapping):
            raise LibraryError(source, ["expected a mapping with `skills:` and `failures:` lists"])
        skills = _build(Skill, ((f"skills[{i}]", d) for i, d in enumerate(data.get("skills") or [])), problems, source)
        failures = _build(FailureRecord, ((f"failures[{i}]", d) for i, d in enumerate(data.get("failures") or [])),
                          problems, source)
        meta = data.get("meta") or {}
    elif p.is_dir():
        sp, fp = p / SKILLS_FILE, p / FAILURES_FILE
        if not sp.exists() and not fp.exists():
            raise LibraryError(source, [f"no {SKILLS_FILE} or {FAILURES_FILE} here; fix: run `fcpkit induce CORPUS --out {source}`"])
        skills = _build(Skill, _read_jsonl(sp, problems), problems, source) if sp.exists() else []
        failures = _build(FailureRecord, _read_jsonl(fp, problems), problems, source) if fp.exists() else []
        meta = {}
        if (p / META_FILE).exists():
            meta = yaml.safe_load((p / META_FILE).read_text(encoding="utf-8")) or {}
    else:
        raise LibraryError(source, ["not found; fix: a library folder (skills.jsonl, failures.jsonl) or a .yaml file; "
                                    "`fcpkit induce CORPUS --out FOLDER` makes one"])
    if problems:
        raise LibraryError(source, problems)
    return Library(tuple(skills), tuple(failures), meta)
