"""Time the BrowserGym/AgentLab import and the check of imported runs, per experiment.

Reads a study folder (record one with ``--record N``: MiniWoB experiments by ``ExpArgs.run()``
with the scripted agent of ``fcpkit_lab.envs.record.browsergym_study``) and reports

* import ms/exp - ``import_study`` (BrowserGym's loaders, the restricted unpickler, the
  flattening, effect classification, writing the corpus) per experiment;
* check ms/exp  - the checker (lexical matcher, lower bound, built-ins and rules: no plan) on the
  imported corpus, per experiment, and the same read straight from the folder (import + check);
* peak MB       - the process's peak resident memory after both (streams: it should not grow with
  the study);
* with ``--guard N``: ``ExpArgs.run()`` seconds per experiment of N MiniWoB experiments run plain
  and the same N with fcpkit's guard around the same scripted agent (``fcpkit_lab.agents``), on
  the lab's local MiniWoB server.

``--out FILE`` writes the numbers as JSON (the committed one is ``data/results/browsergym_import.json``,
which the docs' tables read through ``scripts/docs_tables.py``).

    python benchmarks/browsergym_import.py STUDY_DIR [--record 24] [--repeat 3] [--guard 8] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("study", type=Path)
    ap.add_argument("--record", type=int, default=0, help="first record this many MiniWoB experiments into STUDY")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--guard", type=int, default=0, help="also time this many experiments run plain and guarded")
    ap.add_argument("--out", type=Path, help="write the numbers to this JSON file")
    a = ap.parse_args(argv)
    if a.record:
        from fcpkit_lab.envs.record.browsergym_study import record_study

        t = time.perf_counter()
        record_study(a.study, a.record)
        print(f"recorded {a.record} experiments in {time.perf_counter() - t:.1f} s")
    from fcpkit.core.trajectory import iter_corpus
    from fcpkit.eval.checker import Checker
    from fcpkit.eval.metrics import summarize
    from fcpkit_lab.importers.browsergym import import_study, iter_study

    imp, chk, direct = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "corpus.jsonl"
        for _ in range(a.repeat):
            t = time.perf_counter()
            rep = import_study(a.study, out)
            imp.append((time.perf_counter() - t) / rep.imported)
            checker = Checker()
            t = time.perf_counter()
            reports = [checker.check(tr) for tr in iter_corpus(out)]
            chk.append((time.perf_counter() - t) / len(reports))
            t = time.perf_counter()
            n = sum(1 for tr in iter_study(a.study) if checker.check(tr) is not None)
            direct.append((time.perf_counter() - t) / n)
    s = summarize(reports)
    steps = sum(r.n_steps for r in reports)
    print(f"{rep.imported} experiments ({steps} steps), {len(rep.skipped)} skipped; "
          f"{s['unlabelled']} unlabelled, {len(s['findings'])} with findings")
    print(f"import ms/exp  median {1000 * statistics.median(imp):.1f}  (min {1000 * min(imp):.1f})")
    print(f"check  ms/exp  median {1000 * statistics.median(chk):.1f}  (min {1000 * min(chk):.1f})")
    print(f"folder ms/exp  median {1000 * statistics.median(direct):.1f}  (import + check, no corpus file)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak MB {peak:.0f}")
    result = {"experiments": rep.imported, "steps": steps, "skipped": len(rep.skipped), "repeat": a.repeat,
              "import_ms_per_exp": round(1000 * statistics.median(imp), 2),
              "check_ms_per_exp": round(1000 * statistics.median(chk), 2),
              "folder_ms_per_exp": round(1000 * statistics.median(direct), 2), "peak_mb": round(peak),
              "machine": f"{platform.machine()}, {os.cpu_count()} CPUs (shared)"}
    if a.guard:
        result.update(_time_guard(a.guard))
    if a.out:
        a.out.write_text(json.dumps(result, indent=1) + "\n")


def _time_guard(n: int) -> dict[str, float]:
    """``ExpArgs.run()`` s/exp of ``n`` MiniWoB experiments, plain and guarded (same agent, tasks, seeds)."""
    from browsergym.experiments import EnvArgs, ExpArgs

    from fcpkit_lab.agents import GuardedAgentArgs
    from fcpkit_lab.agents.studies import prepare_miniwob, run_experiments
    from fcpkit_lab.envs.miniwob.environment import MINIWOB_TASKS
    from fcpkit_lab.envs.miniwob.server import MiniWoBServer
    from fcpkit_lab.envs.record.browsergym_study import ScriptedAgentArgs

    out: dict[str, float] = {"guard_experiments": n}
    with MiniWoBServer() as server, tempfile.TemporaryDirectory() as tmp:
        prepare_miniwob(server.base_url)
        for name, wrap in (("plain", lambda x: x), ("guarded", lambda x: GuardedAgentArgs(agent_args=x))):
            exps = [ExpArgs(agent_args=wrap(ScriptedAgentArgs(task=MINIWOB_TASKS[i % len(MINIWOB_TASKS)])),
                            env_args=EnvArgs(task_name=f"miniwob.{MINIWOB_TASKS[i % len(MINIWOB_TASKS)]}",
                                             task_seed=i, max_steps=10, headless=True), logging_level_stdout=40)
                    for i in range(n)]
            rows = run_experiments(exps, Path(tmp) / name, workers=0)
            out[f"{name}_s_per_exp"] = round(statistics.median(r["wall_s"] for r in rows), 3)
            out[f"{name}_reward"] = round(sum(r["reward"] or 0 for r in rows) / n, 3)
            print(f"{name:8s} s/exp median {out[f'{name}_s_per_exp']:.2f}  mean reward {out[f'{name}_reward']:.2f}")
    return out


if __name__ == "__main__":
    main()
