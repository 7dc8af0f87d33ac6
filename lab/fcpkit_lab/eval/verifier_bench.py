"""The verifier benchmark (``fcpkit bench verifier``): how well a slow verifier judges, and at what cost.

Every verifier answers every labelled case (:mod:`fcpkit.eval.verifier_cases`) once per hint:
with the fast tester's route and scores (``fast``) and with a neutral line instead (``neutral``),
since a judge that only echoes the hint adds nothing to the fast path. Per verifier, prompt and
hint it reports decision accuracy on off-track cases (must repair) and on healthy ones (must not),
on all cases and on the escalated ones alone, scope accuracy (repairs of off-track cases whose
fault class implies a scope), JSON validity (schema-valid on the first answer), prompt and
completion tokens, and seconds per call. :func:`detection_effect` plugs a verifier into the
:class:`~fcpkit.core.verify.SplitVerifier` on whole corpora and counts detections and false alarms.

Verifiers are named: ``lower`` (:class:`~fcpkit.core.verify.KeepGoingVerifier`), ``oracle``
(:class:`~fcpkit.core.verify.OracleVerifier`, from each case's label), ``embedded:NAME`` (an
embedded model of :data:`~fcpkit_lab.llm.models.EMBEDDED_MODELS`, on a private llama.cpp server),
``endpoint`` (``OPENAI_BASE_URL``, model ``FCPKIT_LLM_MODEL``) and ``replay:PATH`` (a recording).
"""

from __future__ import annotations

import statistics
import time
import uuid
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import pandas as pd

from fcpkit import Checker, Decision, Label, Trajectory, Verdict, Verifier
from fcpkit.core.verify import KeepGoingVerifier, OracleVerifier, SplitVerifier, VerifyRequest
from fcpkit.llm.client import LLMClient
from fcpkit.llm.components import LLMVerifier
from fcpkit_lab.llm.server import default_client
from fcpkit.errors import ConfigError
from fcpkit.llm.components.registry import NEEDS_CLIENT, verifier_names
from fcpkit.llm.components.verifier import FALLBACK_PREFIX
from fcpkit.llm.verdict_cache import CachedVerifier, VerdictCache

from fcpkit.eval.verifier_cases import VerifierCase

__all__ = [
    "HINTS",
    "BenchCall",
    "VerifierHandle",
    "open_verifier",
    "run_cases",
    "summarize",
    "merge_results",
    "read_calls",
    "answered",
    "detection_effect",
    "cache_pass_row",
]

HINTS = ("fast", "neutral")
#: the verifiers that need no model: a handle of one of them is a bound, not a judge
_BOUNDS = frozenset(verifier_names()) - NEEDS_CLIENT


@dataclass(frozen=True)
class BenchCall:
    """One verifier answer to one case (a row of ``data/results/verifier_calls.csv``)."""

    verifier: str
    prompt: str
    hint: str
    prefix_cache: bool
    case: str
    source: str
    kind: str
    label: str
    fault: str | None
    decision: str
    scope: str | None
    expected_scope: str | None
    correct: bool
    scope_correct: bool | None
    json_valid: bool | None
    fallback: bool
    prompt_tokens: int
    completion_tokens: int
    wall_s: float
    diagnosis: str
    cache_hit: bool = False  # answered by the result cache (no verifier call): never merged as a measurement


class _ColdPrefix:
    """A client wrapper that starts every prompt with a distinct request id, so that no prefix of
    one prompt is shared with the last: what each call costs without llama.cpp's prompt cache."""

    def __init__(self, client: Any):
        self.client = client
        self.usage = client.usage

    def complete_json(self, module: str, messages: list[dict[str, Any]], **kw: Any) -> dict:
        first = dict(messages[0])
        first["content"] = f"Request {uuid.uuid4().hex[:12]}.\n" + first["content"]
        return self.client.complete_json(module, [first, *messages[1:]], **kw)


@dataclass
class VerifierHandle:
    """A named verifier factory for the benchmark, with the client it owns (closed by :meth:`close`)."""

    name: str
    make: Callable[[Label, str], Verifier]  # (label, hint) -> verifier
    client: Any = None
    prompt: str = "-"
    prefix_cache: bool = True
    cache: VerdictCache | None = None  # the result cache its verifiers answer from, if any

    @property
    def is_bound(self) -> bool:
        return self.name in _BOUNDS

    def close(self) -> None:
        if self.client is not None:
            self.client.close()


def _cached(handle: VerifierHandle, cache: VerdictCache | None, page_chars: int) -> VerifierHandle:
    """``handle`` with its verifiers behind ``cache`` (keyed on the judge: name, prompt, hint, page cut)."""
    if cache is None:
        return handle
    make = handle.make

    def cached(lab: Label, hint: str) -> Verifier:
        return CachedVerifier(make(lab, hint), cache, f"{handle.name}|{handle.prompt}|{hint}|{page_chars}")

    handle.make, handle.cache = cached, cache
    return handle


def open_verifier(name: str, *, prompt: str = "verifier", prefix_cache: bool = True, max_page_chars: int = 2500,
                  record: str | Path | None = None, result_cache: VerdictCache | None = None,
                  **client_kwargs: Any) -> VerifierHandle:
    """The verifier called ``name`` (see the module docstring). ``prefix_cache=False`` measures
    calls whose prompts share no prefix (:class:`_ColdPrefix`); ``record`` appends every LLM
    answer to a replay file; ``result_cache`` answers a check asked before without a call (not
    for ``oracle``, whose answer depends on the step, which is not part of a check's key)."""
    if name == "lower":
        return _cached(VerifierHandle(name, lambda label, hint: KeepGoingVerifier()), result_cache, 0)
    if name == "oracle":
        return VerifierHandle(name, lambda label, hint: OracleVerifier(label))
    if record is not None:
        client_kwargs.update(mode="record", recording=record)
    if name.startswith("embedded:"):
        client = default_client(name.split(":", 1)[1], shared=False, max_retries=1, **client_kwargs)
    elif name == "endpoint":
        client = LLMClient(max_retries=1, **client_kwargs)  # OPENAI_BASE_URL / FCPKIT_LLM_MODEL
    elif name.startswith("replay:"):
        client = LLMClient(mode="replay", recording=name.split(":", 1)[1])
    else:
        raise ConfigError(f"unknown verifier {name!r}; use lower, oracle, embedded:MODEL, endpoint or replay:PATH")
    used = client if prefix_cache else _ColdPrefix(client)
    label = name if name != "endpoint" else f"endpoint:{client.model or client.base_url}"

    def make(lab: Label, hint: str) -> Verifier:
        return LLMVerifier(used, prompt=prompt, hint=hint, max_page_chars=max_page_chars)

    return _cached(VerifierHandle(label, make, client, prompt, prefix_cache), result_cache, max_page_chars)


def _score(case: VerifierCase, verdict: Verdict) -> tuple[bool, bool | None]:
    repaired = verdict.decision is Decision.REPAIR
    correct = repaired if case.label == "off_track" else not repaired
    exp = case.expected_scope
    scope_ok = (verdict.scope == exp) if (exp is not None and repaired) else None
    return correct, scope_ok


def run_cases(handle: VerifierHandle, cases: Sequence[VerifierCase], hint: str,
              progress: Callable[[BenchCall], None] | None = None) -> list[BenchCall]:
    """Ask ``handle``'s verifier about every case (in file order, which keeps a trajectory's
    cases together, as a run would ask them) and score each answer."""
    if hint not in HINTS:
        raise ConfigError(f"hint {hint!r}: use one of {', '.join(HINTS)}")
    usage = getattr(handle.client, "usage", None)
    out = []
    for case in cases:
        verifier = handle.make(Label(case.fault, case.first_off_track_step), hint)
        before = len(usage) if usage is not None else 0
        hits = handle.cache.hits if handle.cache is not None else 0
        t0 = time.perf_counter()
        verdict = verifier.verify(case.request())
        wall = time.perf_counter() - t0
        llm = [usage.calls[i] for i in range(before, len(usage))] if usage is not None else []
        pt = sum(c.prompt_tokens for c in llm)
        ct = sum(c.completion_tokens for c in llm)
        valid = None if usage is None else bool(llm) and llm[-1].ok and not any(
            "invalid_output" in r for c in llm for r in c.retries)
        correct, scope_ok = _score(case, verdict)
        hit = handle.cache is not None and handle.cache.hits > hits
        row = BenchCall(handle.name, handle.prompt, hint if not handle.is_bound else "-", handle.prefix_cache,
                        case.id, case.source, case.kind, case.label, case.fault, verdict.decision.value, verdict.scope,
                        case.expected_scope, correct, scope_ok, valid, verdict.verifier.startswith(FALLBACK_PREFIX),
                        pt, ct, round(wall, 4), (verdict.diagnosis or "")[:300], hit)
        out.append(row)
        if progress is not None:
            progress(row)
    return out


def _ratio(rows: Sequence[BenchCall], pred: Callable[[BenchCall], bool]) -> str:
    sel = [r for r in rows if pred(r)]
    return f"{sum(r.correct for r in sel)}/{len(sel)}" if sel else "-"


def summarize(calls: Iterable[BenchCall] | pd.DataFrame) -> pd.DataFrame:
    """One row per (verifier, prompt, hint, prefix cache): the benchmark's table."""
    rows = calls if isinstance(calls, pd.DataFrame) else pd.DataFrame([asdict(c) for c in calls])
    if rows.empty:
        return pd.DataFrame()
    out = []
    for key, g in rows.groupby(["verifier", "prompt", "hint", "prefix_cache"], sort=False, dropna=False):
        recs = [BenchCall(**{f.name: r[f.name] for f in fields(BenchCall) if f.name in r}) for r in g.to_dict("records")]
        llm = [r for r in recs if r.json_valid is not None and not pd.isna(r.json_valid)]
        scoped = [r for r in recs if r.scope_correct is not None and not pd.isna(r.scope_correct)]
        walls = [r.wall_s for r in recs]
        off = [r for r in recs if r.label == "off_track"]
        ok = [r for r in recs if r.label == "healthy"]
        out.append({
            "verifier": key[0], "prompt": key[1], "hint": key[2], "prefix_cache": bool(key[3]), "cases": len(recs),
            "off_track": _ratio(recs, lambda r: r.label == "off_track"),
            "healthy": _ratio(recs, lambda r: r.label == "healthy"),
            "off_track_pct": round(100 * sum(r.correct for r in off) / len(off), 1) if off else None,
            "healthy_pct": round(100 * sum(r.correct for r in ok) / len(ok), 1) if ok else None,
            "escalated_off_track": _ratio(recs, lambda r: r.kind == "escalated" and r.label == "off_track"),
            "escalated_healthy": _ratio(recs, lambda r: r.kind == "escalated" and r.label == "healthy"),
            "scope": f"{sum(bool(r.scope_correct) for r in scoped)}/{len(scoped)}" if scoped else "-",
            "json_valid": f"{sum(bool(r.json_valid) for r in llm)}/{len(llm)}" if llm else "-",
            "fallbacks": sum(bool(r.fallback) for r in recs),
            "prompt_tokens_median": int(statistics.median(r.prompt_tokens for r in recs)) if llm else 0,
            "completion_tokens_median": int(statistics.median(r.completion_tokens for r in recs)) if llm else 0,
            "s_per_call_median": round(statistics.median(walls), 3),
            "s_per_call_p90": round(sorted(walls)[int(0.9 * (len(walls) - 1))], 3),
            "s_per_call_max": round(max(walls), 3),
        })
    return pd.DataFrame(out)


_KEYS = ["verifier", "prompt", "hint", "prefix_cache"]


def merge_results(calls: Sequence[BenchCall], out_dir: str | Path) -> tuple[Path, Path]:
    """Add ``calls`` to ``verifier_calls.csv`` in ``out_dir`` (an earlier answer of the same
    verifier, prompt, hint and cache setting to the same case is replaced, so separate and
    resumed runs accumulate), and rewrite ``verifier_summary.csv`` from the whole file. Answers
    from the result cache are not measurements of the verifier and are left out."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "verifier_calls.csv"
    new = pd.DataFrame([asdict(c) for c in calls if not c.cache_hit])
    old = read_calls(out)
    if not old.empty and not new.empty:
        done = set(map(tuple, new[_KEYS + ["case"]].astype(str).values))
        old = old[[tuple(map(str, v)) not in done for v in old[_KEYS + ["case"]].values]]
    both = pd.concat([old, new], ignore_index=True) if not old.empty else new
    both.to_csv(path, index=False)
    summary = out / "verifier_summary.csv"
    summarize(both).to_csv(summary, index=False)
    return path, summary


def read_calls(out_dir: str | Path) -> pd.DataFrame:
    """The answers recorded so far in ``out_dir/verifier_calls.csv`` (empty if none)."""
    path = Path(out_dir) / "verifier_calls.csv"
    if not path.is_file():
        return pd.DataFrame()
    df = pd.read_csv(path, keep_default_na=False, na_values=[""])
    if not df.empty:
        df["prefix_cache"] = df["prefix_cache"].astype(str).str.lower().eq("true")
    return df


def answered(out_dir: str | Path, handle: VerifierHandle, hint: str) -> set[str]:
    """Ids of the cases ``handle`` already answered with ``hint`` (for ``--resume``)."""
    df = read_calls(out_dir)
    if df.empty:
        return set()
    sel = (df["verifier"] == handle.name) & (df["prompt"] == handle.prompt) & (df["hint"] == hint) \
        & (df["prefix_cache"] == handle.prefix_cache)
    return set(df.loc[sel, "case"])


class _UntilRepair:
    """Asks ``inner`` until a run's first repair, then the lower bound: whether and when a run is
    flagged is fixed by its first repair, so later model calls could not change either."""

    def __init__(self, inner: Verifier):
        self.inner = inner
        self.lower = KeepGoingVerifier()
        self.name = inner.name
        self.repaired = False

    def verify(self, request: VerifyRequest) -> Verdict:
        v = (self.lower if self.repaired else self.inner).verify(request)
        self.repaired = self.repaired or v.decision is Decision.REPAIR
        return v


def _run_row(source: str, verifier: str, r: Any) -> dict[str, Any]:
    """One run's outcome under one verifier: which check flagged it, and who decided."""
    d = r.detection
    return {"corpus": source, "verifier": verifier, "run": r.id, "fault": r.fault or "",
            "first_off_track_step": r.first_off_track_step, "detected": r.detected,
            "step": d.step if d else None, "phase": d.phase if d else None, "rule": d.result.rule if d else None,
            "decided_by": d.verifier if d else None, "diagnosis": (d.diagnosis or "")[:300] if d else None}


def detection_effect(handle: VerifierHandle, corpora: Mapping[str, Sequence[Trajectory]], hint: str = "fast",
                     checker: Checker | None = None, runs: list[dict[str, Any]] | None = None) -> pd.DataFrame:
    """Detections and false alarms per corpus with ``handle``'s verifier as the split verifier's
    slow half (the fast path decides the rest), beside the lower bound. ``model_checks``: checks
    that need a model (the lower-bound path's count); ``llm_calls``: the calls actually made (a
    run's calls stop at its first repair, see :class:`_UntilRepair`). ``runs``, when given, gets
    one row per run and verifier (:func:`_run_row`), so a false alarm can be traced to its check."""
    rows = []
    for source, trajs in corpora.items():
        for name, make in (("lower", lambda lab: KeepGoingVerifier()),
                           (handle.name, lambda lab: _UntilRepair(SplitVerifier(handle.make(lab, hint))))):
            ck = checker or Checker()
            ck.make_verifier = make
            usage = getattr(handle.client, "usage", None)
            before = len(usage) if usage is not None else 0
            hits = handle.cache.hits if handle.cache is not None else 0
            t0 = time.perf_counter()
            reps = [ck.check(t) for t in trajs]
            if runs is not None:
                runs += [_run_row(source, name, r) for r in reps]
            faulty = [r for r in reps if r.fault]
            healthy = [r for r in reps if not r.fault]
            rows.append({
                "corpus": source, "verifier": name, "hint": "-" if handle.is_bound or name == "lower" else hint,
                "detected": f"{sum(r.detected for r in faulty)}/{len(faulty)}",
                "early": sum(1 for r in faulty if r.detected and r.first_off_track_step is not None
                             and r.detection.step < r.first_off_track_step),
                "false_alarms": f"{sum(r.detected for r in healthy)}/{len(healthy)}",
                "model_checks": sum(r.model_escalations for r in reps),
                "llm_calls": (len(usage) - before) if usage is not None and name != "lower" else 0,
                "result_cache_hits": (handle.cache.hits - hits) if handle.cache is not None and name == handle.name else 0,
                "wall_s": round(time.perf_counter() - t0, 2),
            })
            if handle.is_bound and name == handle.name:
                break
    return pd.DataFrame(rows)


def cache_pass_row(handle: VerifierHandle, hint: str, pass_no: int, rows: Sequence[BenchCall]) -> dict[str, Any]:
    """One pass of ``--repeat`` with a result cache: how many checks reached the verifier, how many
    the cache answered, and what a check cost (a row of ``verifier_result_cache.csv``)."""
    walls = [r.wall_s for r in rows] or [0.0]
    return {"verifier": handle.name, "prompt": handle.prompt, "hint": hint, "pass": pass_no, "checks": len(rows),
            "verifier_calls": sum(not r.cache_hit for r in rows), "cache_hits": sum(r.cache_hit for r in rows),
            "same_decision_as_pass_1": None, "s_per_check_median": round(statistics.median(walls), 4),
            "total_s": round(sum(walls), 3)}
