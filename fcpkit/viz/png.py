"""PNG export of plotly figures with kaleido 1.x and the system's Chromium, offline.

kaleido 1.x renders figures in a headless Chrome/Chromium it drives with ``choreographer``. On Debian
the browser is ``/usr/bin/chromium``: choreographer finds it on ``PATH`` or through the
``BROWSER_PATH`` environment variable, which :func:`save_png` sets when it is unset and a Chromium is
found. Export works offline: plotly.js comes from the installed plotly package, and MathJax (a CDN
script by default) is switched off. The sandbox is off (choreographer's default), so it also runs as
root in a container. Each call starts and stops one browser (about 2-4 s); :func:`save_pngs` exports
several figures with one browser.

Neither ``kaleido`` nor a browser is a hard requirement: both functions return ``None`` for a
figure they could not export and say why in :data:`last_error` (and a :class:`RuntimeWarning`).

    from fcpkit.viz.png import save_png
    save_png(fig, "figures/regions.png", width=1400, height=800)   # Path, or None (see last_error)
"""

from __future__ import annotations

import os
import shutil
import sys
import warnings
from pathlib import Path
from typing import Any, Iterable, Sequence

__all__ = ["browser_path", "png_available", "save_png", "save_pngs", "last_error"]

#: Why the last export returned ``None`` (``None`` after a success).
last_error: str | None = None

_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def browser_path() -> str | None:
    """The Chrome/Chromium kaleido will use: ``BROWSER_PATH`` if set, else the first found on ``PATH``
    (``/usr/bin/chromium`` on Debian)."""
    env = os.environ.get("BROWSER_PATH")
    if env:
        return env
    for name in _CANDIDATES:
        p = shutil.which(name)
        if p:
            return p
    return None


def png_available() -> tuple[bool, str]:
    """``(True, browser)`` when kaleido 1.x is importable and a browser is found, else ``(False, why)``.
    Cheap: starts no browser."""
    try:
        import kaleido
    except ImportError:
        return False, "kaleido is not installed (pip install 'kaleido>=1')"
    if not hasattr(kaleido, "write_fig_from_object_sync"):
        return False, f"kaleido {getattr(kaleido, '__version__', '?')} is not 1.x (needs kaleido>=1)"
    b = browser_path()
    if not b:
        return False, "no Chrome/Chromium found (set BROWSER_PATH or apt-get install chromium)"
    return True, b


def _fail(msg: str) -> None:
    global last_error
    last_error = msg
    warnings.warn(f"PNG export skipped: {msg}", RuntimeWarning, stacklevel=3)


def save_pngs(items: Iterable[tuple[Any, str | Path]], *, width: int | None = None, height: int | None = None,
              scale: float = 1.0, timeout: float = 90) -> list[Path | None]:
    """Export ``(figure, path)`` pairs with one browser; returns each written path, or ``None`` for all
    when export is unavailable or failed (the reason is in :data:`last_error`). ``width``/``height``
    default to the figure's layout size (else 700 x 500)."""
    global last_error
    pairs = [(fig, Path(p)) for fig, p in items]
    if not pairs:
        return []
    ok, why = png_available()
    if not ok:
        _fail(why)
        return [None] * len(pairs)
    if not os.environ.get("BROWSER_PATH"):
        os.environ["BROWSER_PATH"] = why  # the browser png_available found: choreographer reads this
    import kaleido

    specs = []
    for fig, path in pairs:
        path.parent.mkdir(parents=True, exist_ok=True)
        lay = getattr(fig, "layout", None)
        w = width or getattr(lay, "width", None) or 700
        h = height or getattr(lay, "height", None) or 500
        data = fig.to_plotly_json() if hasattr(fig, "to_plotly_json") else fig
        specs.append({"fig": data, "path": str(path),
                      "opts": {"format": "png", "width": int(w), "height": int(h), "scale": float(scale)}})
    try:
        kaleido.write_fig_from_object_sync(specs, kopts={"mathjax": False, "timeout": timeout})
    except Exception as exc:  # noqa: BLE001 - a browser that will not start, a timeout, ...: no PNG
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        _fail(f"{type(exc).__name__}: {msg}".rstrip(": "))
        return [None] * len(pairs)
    missing = [p for _, p in pairs if not p.exists()]
    if missing:
        _fail(f"kaleido reported no error but did not write {missing[0]}")
        return [p if p.exists() else None for _, p in pairs]
    last_error = None
    return [p for _, p in pairs]


def save_png(fig: Any, path: str | Path, *, width: int | None = None, height: int | None = None,
             scale: float = 1.0, timeout: float = 90) -> Path | None:
    """Write ``fig`` (a plotly Figure, FigureWidget or figure dict) as a PNG; the path, or ``None`` when
    export is unavailable or failed (why: :data:`last_error`)."""
    return save_pngs([(fig, path)], width=width, height=height, scale=scale, timeout=timeout)[0]


def _main(argv: Sequence[str] | None = None) -> int:  # python -m fcpkit.viz.png OUT.png: a self-test
    import plotly.graph_objects as go

    out = Path((list(argv) if argv is not None else sys.argv[1:] or ["fcpkit-png-selftest.png"])[0])
    ok, why = png_available()
    print("available:", ok, "|", why)
    p = save_png(go.Figure(go.Bar(x=["α+", "α_comp", "α−"], y=[0.8, 0.6, 0.2])), out, width=500, height=300)
    print("wrote:", p, "| error:", last_error)
    return 0 if p else 1


if __name__ == "__main__":
    raise SystemExit(_main())
