"""Build the lexical matcher's shipped background vocabulary (``fcpkit/data/lexical/background_idf.json``).

IDF over the chunks of every page of the shipped corpora (example, workbench, MiniWoB++): words
that web application chrome repeats everywhere (sign out, search, button, status) weigh little,
rare ones (an id, a name) weigh most, and a token never seen weighs 1. The checker, the benchmark
and the live runner all score with this one table, so the benchmarked matcher is the deployed one.

    python scripts/build_background_idf.py
"""

from __future__ import annotations

import json

from fcpkit import LexicalMatcher, data, load_corpus
from fcpkit_lab import data as lab_data

#: the example corpus (the library's) and the recorded ones (the lab's)
CORPORA = [data.path(data.EXAMPLES), lab_data.path(lab_data.WORKBENCH), lab_data.path(lab_data.MINIWOB)]
OUT = data.path("lexical/background_idf.json")


def main() -> None:
    m = LexicalMatcher(idf="fit")
    pages = {o.serialize() for c in CORPORA for t in load_corpus(c) for o in t.observations()}
    m.fit(sorted(pages))
    table = {t: round(w, 3) for t, w in sorted(m.idf.items()) if w < 0.999}
    OUT.write_text(json.dumps({"source": [lab_data.relative(c) for c in CORPORA], "pages": len(pages), "idf": table}, indent=0, sort_keys=True) + "\n")
    print(f"{OUT}: {len(table)} tokens from {len(pages)} distinct pages")


if __name__ == "__main__":
    main()
