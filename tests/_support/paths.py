"""Where the checkout's data lives, for tests at any depth."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
EXAMPLES = DATA / "examples"
