"""Build data/adversarial/spoofed.jsonl: faulty workbench runs whose user-written text carries
the plan's completion statements.

A user of the workbench controls some of what its pages show: ticket subjects, customer names
and complaints, employee and merchant names, product names. Appending every completion
statement of a run's plan to each of those strings wherever a page shows it is what a user who
named a product "... Price for SKU-2045 updated to $229.00." would do. Scored on the whole page,
such runs look completed and their fault goes unseen; the state tester's provenance rule
(confirming evidence counts only in app-authored text) must keep them detected.

The strings come from the workbench's seed data (its user-controlled columns), not from the
provenance rule, so the corpus tests that rule rather than restating it. Only the runs the spoof
defeats under whole-page scoring are kept (each would be a miss without provenance).

    python scripts/make_spoofed_corpus.py [--src lab/fcpkit_lab/data/workbench/corpus.jsonl] [--out data/adversarial/spoofed.jsonl]
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from fcpkit import Checker, dump_corpus, load_corpus
from fcpkit.core.trajectory import Observation, Trajectory
from fcpkit_lab.envs.workbench.data import seed_rows

USER_COLUMNS = {"tickets": ("subject", "customer", "complaint"), "expenses": ("employee", "merchant"),
                "products": ("name",), "orders": ("customer",)}


def user_strings() -> list[str]:
    rows = seed_rows()
    found = {str(r[c]) for table, cols in USER_COLUMNS.items() for r in rows[table] for c in cols if r.get(c)}
    return sorted((s for s in found if len(s) >= 4), key=len, reverse=True)


def spoof_text(text: str, strings: list[str], payload: str) -> str:
    for s in strings:
        for q in ("'", '"'):
            text = text.replace(f"{q}{s}{q}", f"{q}{s}. {payload}{q}")
    return text


def spoof(t: Trajectory, strings: list[str]) -> Trajectory:
    payload = " ".join(e.text for c in t.plan.commitments for e in c.confirm.get("completion", ()) if e.on_state)
    payload = payload.replace("'", "")

    def obs(o: Observation) -> Observation:
        return replace(o, text=spoof_text(o.text, strings, payload))

    steps = tuple(replace(s, observation=obs(s.observation)) for s in t.steps)
    return replace(t, id=f"{t.id}-spoofed", plan_ref=None, initial_observation=obs(t.initial_observation), steps=steps,
                   extra={**t.extra, "spoof": "completion statements appended to user-written text"})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", default="lab/fcpkit_lab/data/workbench/corpus.jsonl")
    ap.add_argument("--out", default="data/adversarial/spoofed.jsonl")
    args = ap.parse_args()
    strings = user_strings()
    faulty = [t for t in load_corpus(args.src) if t.label.faulty]
    spoofed = [spoof(t, strings) for t in faulty]
    whole = Checker()
    whole.state.provenance = None  # the page as one text: what the spoof defeats
    defeated = [s for s in spoofed if not whole.check(s).detected]
    kept = Checker()
    still = sum(kept.check(s).detected for s in defeated)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    dump_corpus(defeated, args.out)
    print(f"{len(faulty)} faulty runs spoofed; {len(defeated)} undetected when the whole page counts; "
          f"{still}/{len(defeated)} detected with provenance -> {args.out}")


if __name__ == "__main__":
    main()
