"""Time the BrowserGym/AgentLab import and the check of imported runs, per experiment.

Reads a study folder (record one with ``--record N``: MiniWoB experiments by ``ExpArgs.run()``
with the scripted agent of ``fcpkit_lab.envs.record.browsergym_study``) and reports

* import ms/exp - ``import_study`` (BrowserGym's loaders, the restricted unpickler, the
  flattening, effect classification, writing the corpus) per experiment;
* check ms/exp  - the checker (lexical matcher, lower bound, built-ins and rules: no plan) on the
  imported corpus, per experiment, and the same read straight from the folder (import + check);
* peak MB       - the process's peak resident memory after both (streams: it should not grow with
  the study).

    python benchmarks/browsergym_import.py STUDY_DIR [--record 24] [--repeat 3]
"""

from __future__ import annotations

import argparse
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
    print(f"peak MB {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}")


if __name__ == "__main__":
    main()
