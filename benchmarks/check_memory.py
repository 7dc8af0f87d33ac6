"""Peak memory of ``fcpkit check`` per output mode on synthetic studies of 1,000 and 10,000 runs.

A synthetic corpus repeats a shipped one (its lines, plans beside it) under new run ids until it
holds N runs, so every run is a real recorded trajectory and its plan loads. Each output mode is
checked in its own process, and the peak resident memory of that process (``ru_maxrss`` of the
child, from ``os.wait4``) is reported with the wall time:

* table     - the default table on standard output;
* json      - ``--json`` on standard output;
* log       - the table plus ``--log`` (every test and decision appended to an evidence log);
* json+out  - ``--json --out FILE --log FILE``: both files written as each run is checked.

A flat study costs the same memory at 10,000 runs as at 1,000. With ``--kill`` the json+out check
of the smallest corpus is also killed (SIGKILL) halfway and continued with ``--resume``; the row
says whether the resumed output equals an uninterrupted one line for line.

    python benchmarks/check_memory.py [--sizes 1000 10000] [--corpus CORPUS] [--out data/results/check_memory.csv] [--kill]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODES = {
    "table": [],
    "json": ["--json"],
    "log": ["--log", "{dir}/evidence.jsonl"],
    "json+out": ["--json", "--out", "{dir}/reports.jsonl", "--log", "{dir}/evidence.jsonl"],
}


def synthetic_corpus(source: Path, n: int, folder: Path) -> Path:
    """``source``'s runs repeated under new ids (``<id>~<k>``) up to ``n`` runs, with its plans beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    if (source.parent / "plans").is_dir():
        shutil.copytree(source.parent / "plans", folder / "plans", dirs_exist_ok=True)
    lines = [ln for ln in source.read_text(encoding="utf-8").splitlines() if ln.strip()]
    out = folder / "corpus.jsonl"
    with out.open("w", encoding="utf-8") as fh:
        for i in range(n):
            data = json.loads(lines[i % len(lines)])
            data["id"] = f"{data['id']}~{i // len(lines)}"
            fh.write(json.dumps(data, ensure_ascii=False) + "\n")
    return out


def run_check(args: list[str], *, kill_after_lines: int | None = None, watch: Path | None = None) -> tuple[float, float, int]:
    """Run ``fcpkit check ARGS`` in a child; (peak RSS MB, wall seconds, exit status). With
    ``kill_after_lines``, SIGKILL the child once ``watch`` holds that many lines."""
    cmd = [sys.executable, "-m", "fcpkit", "check", *args]
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    if kill_after_lines is not None and watch is not None:
        while proc.poll() is None:
            if watch.is_file() and watch.read_bytes().count(b"\n") >= kill_after_lines:
                os.kill(proc.pid, signal.SIGKILL)
                break
            time.sleep(0.05)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    if proc.returncode not in (0, -signal.SIGKILL):
        raise SystemExit(f"check failed ({proc.returncode}): {' '.join(cmd)}\n{err[-2000:]}")
    return usage.ru_maxrss / 1024, time.perf_counter() - t, proc.returncode


def _masked(path: Path) -> list[object]:
    """The reports of a --out file with their timings (``elapsed_ms``) masked."""
    def mask(v: object) -> object:
        if isinstance(v, dict):
            return {k: None if k.endswith("_ms") else mask(x) for k, x in v.items()}
        return [mask(x) for x in v] if isinstance(v, list) else v
    return [mask(json.loads(ln)) for ln in path.read_text(encoding="utf-8").splitlines()]


def kill_and_resume(corpus: Path, n: int, folder: Path) -> dict[str, object]:
    """Kill a json+out check halfway, resume it, and compare with an uninterrupted check."""
    whole, part = folder / "whole.jsonl", folder / "part.jsonl"
    run_check([str(corpus), "--json", "--out", str(whole)])
    _, _, rc = run_check([str(corpus), "--json", "--out", str(part), "--log", str(folder / "part-log.jsonl")],
                         kill_after_lines=n // 2, watch=part)
    lines_at_kill = part.read_bytes().count(b"\n")
    valid = all(json.loads(ln) for ln in part.read_text(encoding="utf-8").splitlines())
    peak, wall, _ = run_check([str(corpus), "--json", "--out", str(part), "--log", str(folder / "part-log.jsonl"),
                               "--resume"])
    same = _masked(whole) == _masked(part)
    return {"runs": n, "mode": "json+out killed, --resume", "peak_rss_mb": round(peak, 1), "wall_s": round(wall, 1),
            "note": f"killed (status {rc}) at {lines_at_kill} whole lines (all valid JSON: {valid}); "
                    f"resumed output equals an uninterrupted one (timings masked): {same}"}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--corpus", type=Path, default=ROOT / "fcpkit" / "data" / "examples" / "corpus.jsonl")
    ap.add_argument("--modes", nargs="+", default=list(MODES), choices=list(MODES))
    ap.add_argument("--out", type=Path, default=Path("runs") / "bench" / "check_memory.csv")
    ap.add_argument("--kill", action="store_true", help="also kill a check halfway and resume it")
    a = ap.parse_args(argv)
    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in a.sizes:
            corpus = synthetic_corpus(a.corpus, n, Path(tmp) / f"c{n}")
            for mode in a.modes:
                work = Path(tmp) / f"{mode}-{n}"
                work.mkdir()
                args = [str(corpus)] + [x.format(dir=work) for x in MODES[mode]]
                peak, wall, _ = run_check(args)
                rows.append({"runs": n, "mode": mode, "peak_rss_mb": round(peak, 1), "wall_s": round(wall, 1), "note": ""})
                print(f"{n:>6} runs  {mode:9s} peak {peak:7.1f} MB  {wall:6.1f} s", flush=True)
        if a.kill:
            n = min(a.sizes)
            rows.append(kill_and_resume(Path(tmp) / f"c{n}" / "corpus.jsonl", n, Path(tmp) / "kill"))
            print(rows[-1], flush=True)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    with a.out.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["runs", "mode", "peak_rss_mb", "wall_s", "note"])
        w.writeheader()
        w.writerows(rows)
    meta = {"corpus": os.path.relpath(a.corpus, ROOT), "python": platform.python_version(),
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs", "command": " ".join(["python", *sys.argv])}
    a.out.with_name(a.out.stem + "_meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
