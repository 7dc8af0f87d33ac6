"""Where the checkout's data lives, for tests at any depth."""

from pathlib import Path

from fcpkit import data

ROOT = Path(__file__).resolve().parents[2]
#: the data shipped inside the package (fcpkit/data/), found as the package finds it
SHIPPED = data.root()
#: research-only data kept in the checkout's top-level data/ (results, held-out corpora)
RESEARCH = ROOT / "data"
EXAMPLES = SHIPPED / "examples"


def corpus(name: str) -> Path:
    """A recorded corpus by name: ``examples``, ``workbench``, ``miniwob`` ship with the package,
    ``heldout/...`` lives in the checkout."""
    return (RESEARCH if name.startswith("heldout/") else SHIPPED) / name / "corpus.jsonl"
