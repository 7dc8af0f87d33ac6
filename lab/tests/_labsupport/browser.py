"""What the browser and live tests need from this machine, checked in one place."""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")


def browser_missing() -> str | None:
    """Why the real-browser tests cannot run here, or ``None`` when they can."""
    if not CHROMIUM.exists():
        return "Chromium is not installed at /usr/bin/chromium"
    try:
        import browsergym.core  # noqa: F401
        import playwright  # noqa: F401
    except ImportError as exc:  # pragma: no cover
        return f"the [browser] extra is not installed ({exc})"
    return None
