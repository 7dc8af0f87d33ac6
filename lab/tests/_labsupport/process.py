"""Process checks shared by the tests that start servers (the embedded LLM)."""

from __future__ import annotations

import os


def alive(pid: int) -> bool:
    """True while any thread of ``pid`` runs (a zombie whose threads all ended counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            if fh.read().rsplit(")", 1)[1].split()[0] != "Z":
                return True
        return len(os.listdir(f"/proc/{pid}/task")) > 1
    except FileNotFoundError:
        return False
