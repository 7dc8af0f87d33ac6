"""``fcpkit bench verifier``: the verifier benchmark's command (see :mod:`fcpkit_lab.eval.verifier_bench`)."""

from __future__ import annotations

from pathlib import Path

import click
import pandas as pd
from rich.console import Console

from fcpkit import data
from fcpkit_lab import data as lab_data
from fcpkit.cli.common import RESULTS, SafePath, friendly
from fcpkit.core.trajectory import load_corpus
from fcpkit.errors import ConfigError
from fcpkit_lab.eval.verifier_bench import answered, cache_pass_row, detection_effect, merge_results, open_verifier, run_cases, summarize
from fcpkit.eval.verifier_cases import build_cases, case_counts, dump_cases, load_cases, stratified_sample
from fcpkit_lab.llm.prefix_stats import prefix_reuse
from fcpkit.llm.verdict_cache import VerdictCache

__all__ = ["bench_verifier_cmd", "DEFAULT_CASES", "DEFAULT_CORPORA"]

DEFAULT_CASES = data.path("verifier/cases.jsonl")
DEFAULT_CORPORA = {"examples": data.path(data.EXAMPLES), "workbench": lab_data.path(lab_data.WORKBENCH),
                   "miniwob": lab_data.path(lab_data.MINIWOB)}


def _corpora(specs: tuple[str, ...]) -> dict[str, Path]:
    """``NAME=PATH`` options (or bare paths, named by their folder) as {name: path}."""
    out: dict[str, Path] = {}
    for spec in specs:
        name, sep, path = spec.partition("=")
        p = Path(path if sep else spec)
        out[name if sep else p.parent.name] = p
    return out


def _csv(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


@click.command("verifier")
@click.option("--cases", "cases_path", type=SafePath(dir_okay=False, path_type=Path), default=DEFAULT_CASES,
              show_default=True, help="The labelled case file (JSON Lines).")
@click.option("--make-cases", is_flag=True,
              help="(Re)build the case file from --corpus (default: the shipped corpora), then stop.")
@click.option("--corpus", "corpus_specs", multiple=True, metavar="NAME=PATH",
              help="A labelled corpus for --make-cases or --detection (repeatable).")
@click.option("--per-group", default=3, show_default=True,
              help="--make-cases: cases per (source, kind, label, fault class or workflow).")
@click.option("--seed", default=0, show_default=True, help="--make-cases: sampling seed.")
@click.option("--verifiers", default="lower,oracle", show_default=True,
              help="Comma-separated: lower, oracle, embedded:MODEL (e.g. embedded:qwen2.5-coder-0.5b), "
                   "endpoint (OPENAI_BASE_URL, FCPKIT_LLM_MODEL), replay:PATH.")
@click.option("--hints", default="fast,neutral", show_default=True,
              help="fast: the fast tester's route and scores in the prompt; neutral: a neutral line instead.")
@click.option("--prompt", default="verifier", show_default=True,
              help="Verifier prompt template (verifier, verifier_reasoned, verifier_v1, or your own).")
@click.option("--no-prefix-cache", is_flag=True,
              help="Start every prompt with a distinct id so no prefix is reused (measures the cache's effect).")
@click.option("--kinds", default="", help="Only these case kinds (escalated, off_track_step, healthy_step).")
@click.option("--sources", default="", help="Only cases from these sources (e.g. workbench,examples).")
@click.option("--limit", default=0, help="The first N cases (after the filters; 0 = all).")
@click.option("--sample", default=0, help="N cases drawn in turn from each kind, label and source (0 = all).")
@click.option("--timeout", type=float, default=None,
              help="Seconds per LLM request (default: the embedded model's, or 60 for an endpoint).")
@click.option("--max-page-chars", default=2500, show_default=True, help="The page is cut to this many characters.")
@click.option("--resume", is_flag=True,
              help="Skip the cases this verifier, prompt, hint and cache setting already answered in --out.")
@click.option("--record", type=SafePath(dir_okay=False, path_type=Path),
              help="Append every LLM answer to this replay file (replay it with replay:PATH).")
@click.option("--result-cache", type=SafePath(dir_okay=False, path_type=Path),
              help="A verdict cache file (JSON Lines): a check asked before is answered without a model call.")
@click.option("--repeat", default=1, show_default=True,
              help="Ask every case this many times (with --result-cache: later passes measure the cache).")
@click.option("--detection", is_flag=True,
              help="Also plug each verifier into the split verifier on --corpus (default: shipped corpora).")
@click.option("--out", "out_dir", type=SafePath(file_okay=False, path_type=Path), default=RESULTS,
              show_default=True, help="Where verifier_calls.csv / verifier_summary.csv accumulate ('' = nowhere).")
@friendly
def bench_verifier_cmd(cases_path: Path, make_cases: bool, corpus_specs: tuple[str, ...], per_group: int, seed: int,
                       verifiers: str, hints: str, prompt: str, no_prefix_cache: bool, kinds: str, sources: str,
                       limit: int, sample: int, timeout: float | None, max_page_chars: int, resume: bool, record: Path | None,
                       result_cache: Path | None, repeat: int, detection: bool, out_dir: Path) -> None:
    """Verifier benchmark: decisions on labelled off-track and healthy cases, scope, JSON, tokens, s/call."""
    console = Console(width=max(Console().width, 160))
    corpora = _corpora(corpus_specs) or DEFAULT_CORPORA
    if make_cases:
        cases = build_cases({n: load_corpus(p) for n, p in corpora.items()}, per_group=per_group, seed=seed)
        dump_cases(cases, cases_path)
        console.print(f"{len(cases)} cases -> {cases_path}: {case_counts(cases)}")
        return
    cases = load_cases(cases_path)
    if kinds:
        cases = [c for c in cases if c.kind in _csv(kinds)]
    if sources:
        cases = [c for c in cases if c.source in _csv(sources)]
    if limit:
        cases = cases[:limit]
    cases = stratified_sample(cases, sample)
    if not cases:
        raise ConfigError(f"no case of {cases_path} passes --kinds {kinds!r} / --sources {sources!r}")
    console.print(f"{len(cases)} cases from {cases_path}: {case_counts(cases)}")
    calls, effects, passes = [], [], []
    run_rows: list[dict] = []  # one row per run and verifier of --detection
    cache = VerdictCache(result_cache) if result_cache else None
    for name in _csv(verifiers):
        handle = open_verifier(name, prompt=prompt, prefix_cache=not no_prefix_cache, record=record,
                               max_page_chars=max_page_chars, result_cache=cache if name != "oracle" else None,
                               **({"timeout": timeout} if timeout else {}))
        try:
            for hint in (["-"] if handle.is_bound else _csv(hints)):
                calls += _ask(console, handle, cases, hint, resume=resume, out_dir=out_dir, repeat=repeat, passes=passes)
            _prefix_report(console, handle, out_dir)
            if detection:
                trajs = {n: load_corpus(p) for n, p in corpora.items()}
                effects.append(detection_effect(handle, trajs, "neutral" if "neutral" in _csv(hints) else "fast",
                                                runs=run_rows))
        finally:
            handle.close()
    table = summarize(calls)
    if not table.empty:
        console.print(table.drop(columns=["off_track_pct", "healthy_pct"]).to_string(index=False))
    if out_dir and str(out_dir):
        calls_csv, summary_csv = merge_results(calls, out_dir)
        console.print(f"calls -> {calls_csv}; summary (every run so far) -> {summary_csv}")
    if passes:
        tab = pd.DataFrame(passes)
        console.print(tab.to_string(index=False))
        if out_dir and str(out_dir):
            tab.to_csv(Path(out_dir) / "verifier_result_cache.csv", index=False)
    if effects:
        eff = pd.concat(effects, ignore_index=True)
        console.print(eff.to_string(index=False))
        if out_dir and str(out_dir):
            eff.to_csv(Path(out_dir) / "verifier_detection.csv", index=False)
            pd.DataFrame(run_rows).to_csv(Path(out_dir) / "verifier_detection_runs.csv", index=False)


def _ask(console, handle, cases: list, hint: str, *, resume: bool, out_dir: Path, repeat: int, passes: list) -> list:
    """Ask ``handle`` about ``cases`` with ``hint`` (``repeat`` passes), printing and merging each
    answer as it comes; with a result cache each pass adds a row to ``passes``."""
    todo = cases
    if resume and out_dir and str(out_dir):
        done = answered(out_dir, handle, hint)
        todo = [c for c in cases if c.id not in done]
        console.print(f"{handle.name} {hint}: {len(cases) - len(todo)} answered before, {len(todo)} to go")

    def show(row, n=[0]) -> None:  # noqa: B006 - a counter
        n[0] += 1
        if out_dir and str(out_dir):
            merge_results([row], out_dir)  # one row at a time: a stopped run loses nothing
        mark = "ok " if row.correct else "BAD"
        src = " (result cache)" if row.cache_hit else ""
        console.print(f"  [{n[0]}/{len(todo) * max(1, repeat)}] {handle.name} {hint}: {mark} {row.label:9} -> "
                      f"{row.decision}/{row.scope or '-'} {row.wall_s:.1f}s{src} {row.case}", highlight=False)

    out, first = [], {}
    for p in range(1, max(1, repeat) + 1):
        rows = run_cases(handle, todo, "fast" if hint == "-" else hint, progress=None if handle.is_bound else show)
        if p == 1:
            out, first = rows, {r.case: r.decision for r in rows}
        if handle.cache is not None:
            row = cache_pass_row(handle, hint, p, rows)
            row["same_decision_as_pass_1"] = f"{sum(first.get(r.case) == r.decision for r in rows)}/{len(rows)}"
            passes.append(row)
    return out


def _prefix_report(console, handle, out_dir: Path) -> None:
    """Print (and add to ``verifier_prefix_cache.csv``) how many prompt tokens the embedded
    server reused from the previous prompt, read from its log."""
    srv = getattr(handle.client, "server", None)
    log = getattr(srv, "log_path", None)
    if log is None or not Path(log).is_file():
        return
    reuse = prefix_reuse(Path(log).read_text(errors="replace"))
    row = {"verifier": handle.name, "prompt": handle.prompt, "prefix_cache": handle.prefix_cache, **reuse.row()}
    console.print(f"{handle.name} {handle.prompt}: prompt cache reused {reuse.hit} of {reuse.hit + reuse.evaluated} "
                  f"prompt tokens ({100 * reuse.rate:.1f}%) over {reuse.calls} calls")
    if out_dir and str(out_dir):
        import pandas as pd

        path = Path(out_dir) / "verifier_prefix_cache.csv"
        old = pd.read_csv(path) if path.is_file() else pd.DataFrame()
        pd.concat([old, pd.DataFrame([row])], ignore_index=True).to_csv(path, index=False)
