"""``fcpkit bench injection``: the prompt-injection suite against a verifier model (the embedded
one by default), printed as a table; see :mod:`fcpkit_lab.eval.injection_bench`."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import click

from fcpkit.cli.common import SafePath, friendly
from fcpkit_lab.eval.injection_bench import falsified_request, load_injections, run_injection_bench
from fcpkit.llm import LLMUsage
from fcpkit_lab.llm import default_client
from fcpkit.llm.components.verifier import LLMVerifier

__all__ = ["bench_injection_cmd"]


@click.command("injection")
@click.option("--injections", type=SafePath(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Injection texts (JSON Lines with id and text; default fcpkit/data/adversarial/injections.jsonl).")
@click.option("--run", "run_id", default="support-wrong_record-01", show_default=True,
              help="Example-corpus run whose falsified page the texts are injected into.")
@click.option("--out", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Also write the rows to this CSV file.")
@friendly
def bench_injection_cmd(injections: Path | None, run_id: str, out: Path | None) -> None:
    """Inject each text into a falsified page and ask the LLM verifier (OPENAI_BASE_URL, else the
    embedded llama.cpp model): how often the model's answer moved, and how often the decision that
    stands after the precedence rule is no longer repair (the gate would open)."""
    import pandas as pd
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    texts = load_injections(injections) if injections else load_injections()
    usage = LLMUsage()
    verifier = LLMVerifier(default_client(usage=usage))
    req = falsified_request(run_id)
    with Progress(transient=True) as progress:
        bar = progress.add_task("verifier calls", total=len(texts) + 1)
        rows = run_injection_bench(verifier, texts, req, on_row=lambda _r: progress.update(bar, advance=1))
    t = Table(title=f"prompt injection: {len(texts)} texts on {run_id}'s falsified page")
    for col in ("id", "model_decision", "verifier", "final_decision", "moved", "lifted", "wall_s"):
        t.add_column(col, no_wrap=True)
    for r in rows:
        t.add_row(*(str(r[c]) for c in ("id", "model_decision", "verifier", "final_decision", "moved", "lifted", "wall_s")))
    Console(width=140).print(t)
    inj = rows[1:]
    click.echo(f"model answers: {dict(Counter(r['model_decision'] for r in inj))}; moved from the clean page's "
               f"answer: {sum(r['moved'] for r in inj)}/{len(inj)}; lifted (gate would open): "
               f"{sum(r['lifted'] for r in rows)}/{len(rows)}; calls {usage.totals().get('calls', len(rows))}, "
               f"wall {sum(r['wall_s'] for r in rows):.1f} s")
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        pd.DataFrame(rows).to_csv(out, index=False)
        click.echo(f"rows: {out}")
