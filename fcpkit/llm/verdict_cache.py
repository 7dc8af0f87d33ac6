"""A result cache for slow verifiers: the same check is never sent to a model twice.

A model-backed verifier (:class:`~fcpkit.llm.components.LLMVerifier`) costs seconds to minutes a
call on a small machine, and the same check recurs: a run re-checks the page it is still on, a
benchmark or a corpus is checked again after a change elsewhere, two runs of one task meet the
same page. :class:`CachedVerifier` wraps any verifier and answers a check it has seen before from
a :class:`VerdictCache`, keyed on what the judgement is about:

* the verifier's identity (model, prompt, hint mode, page cut: a different judge is a different key),
* the task and the active commitment (its statements, as the plan states them),
* the phase and the fast tester's signal (route, rule, best falsifier / confirming text, scores),
* a fingerprint of the page (URL, title and text without element ids, focus marks or clocks),
* the action (its full description, as the verifier reads it).

The recent trajectory is deliberately *not* in the key: the question the verifier answers is
whether this page or action contradicts this commitment, and keying on the history would make
every re-check of the same page a miss. A verdict that came from a fallback (the model was
unavailable) is never stored, so a later call can still ask the model.

With ``path`` the cache is a JSON Lines file, appended to as verdicts arrive (a stopped run
keeps what it learnt) and read back on open, so a repeated benchmark or check makes no model
call for what it already asked.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcpkit.core.rules import page_fingerprint as fingerprint
from fcpkit.core.verify import Decision, Verdict, Verifier, VerifyRequest
from fcpkit.errors import ConfigError

__all__ = ["VerdictCache", "CachedVerifier", "CacheStats", "check_key", "page_fingerprint"]

_FALLBACK = "llm-fallback"


def page_fingerprint(request: VerifyRequest) -> str:
    """SHA-256 (16 hex digits) of the page the check is about, as :func:`fcpkit.core.rules.page_fingerprint`
    sees it (element ids, focus, clocks and whitespace removed: the same page shown twice)."""
    obs = request.observation
    text = fingerprint(obs) if obs is not None else ""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _signal(request: VerifyRequest) -> list[Any]:
    r = request.result
    return [r.phase, r.route.value, r.rule, r.rule_detail, r.evidence, r.scope, r.confirming,
            round(r.alpha_plus, 2), None if r.alpha_comp is None else round(r.alpha_comp, 2), round(r.alpha_minus, 2)]


def check_key(request: VerifyRequest, identity: str) -> str:
    """The cache key of a check by the verifier ``identity`` (see the module docstring)."""
    commitment = request.commitment.to_data()
    commitment.pop("previous_skills", None)
    parts = [identity, request.plan.task, commitment, _signal(request), page_fingerprint(request),
             request.action.describe() if request.action is not None else None]
    blob = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class CacheStats:
    """Lookups so far: ``hits`` answered from the cache, ``misses`` sent to the verifier."""

    hits: int
    misses: int
    size: int

    @property
    def hit_rate(self) -> float:
        n = self.hits + self.misses
        return self.hits / n if n else 0.0


def _verdict(rec: dict[str, Any]) -> Verdict:
    return Verdict(Decision(rec["decision"]), rec.get("scope"), rec.get("diagnosis"), rec.get("verifier", ""),
                   contradicting=rec.get("contradicting"))


class VerdictCache:
    """Verdicts by :func:`check_key`, in memory and (with ``path``) in a JSON Lines file."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else None
        self._data: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        if self.path is not None and self.path.is_file():
            self._load(self.path)

    def _load(self, path: Path) -> None:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                Decision(rec["decision"])
                self._data[str(rec["key"])] = rec
            except (ValueError, KeyError, TypeError) as err:
                raise ConfigError(f"{path}:{n}: not a verdict cache record ({err}); delete the file or the line "
                                  "to start the cache afresh") from None

    def __len__(self) -> int:
        return len(self._data)

    @property
    def stats(self) -> CacheStats:
        return CacheStats(self.hits, self.misses, len(self._data))

    def get(self, key: str) -> Verdict | None:
        with self._lock:
            rec = self._data.get(key)
            if rec is None:
                self.misses += 1
                return None
            self.hits += 1
            return _verdict(rec)

    def put(self, key: str, verdict: Verdict) -> None:
        rec = {"key": key, "decision": verdict.decision.value, "scope": verdict.scope,
               "diagnosis": verdict.diagnosis, "verifier": verdict.verifier, "contradicting": verdict.contradicting}
        with self._lock:
            self._data[key] = rec
            if self.path is not None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with open(self.path, "a", encoding="utf-8") as f:
                    f.write(json.dumps(rec, ensure_ascii=False) + "\n")


class CachedVerifier:
    """``inner`` behind a :class:`VerdictCache`: a check seen before is answered without calling it.

    ``identity`` names the judge (model, prompt, hint mode...): two verifiers that could answer
    the same check differently must not share an identity. ``last_hit`` says whether the last
    :meth:`verify` came from the cache.
    """

    def __init__(self, inner: Verifier, cache: VerdictCache, identity: str):
        if not identity:
            raise ConfigError("CachedVerifier needs an identity naming the judge (e.g. 'embedded:MODEL|PROMPT|HINT')")
        self.inner = inner
        self.cache = cache
        self.identity = identity
        self.name = getattr(inner, "name", "verifier")
        self.last_hit = False

    def bind(self, log: Any = None, run: str | None = None) -> None:
        bind = getattr(self.inner, "bind", None)
        if bind is not None:
            bind(log, run)

    def verify(self, request: VerifyRequest) -> Verdict:
        key = check_key(request, self.identity)
        cached = self.cache.get(key)
        self.last_hit = cached is not None
        if cached is not None:
            return cached
        verdict = self.inner.verify(request)
        if not verdict.verifier.startswith(_FALLBACK):
            self.cache.put(key, verdict)
        return verdict
