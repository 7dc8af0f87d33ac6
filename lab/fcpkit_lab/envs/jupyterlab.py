"""JupyterLab on 127.0.0.1 driven by headless Chromium: what a person sees of the notebooks.

:class:`JupyterLab` starts ``jupyter lab`` from this interpreter's environment on a free port of
127.0.0.1 with a random token and ``--no-browser`` (``--allow-root`` when running as root), with
every per-user Jupyter folder (config, data, runtime, lab settings, workspaces) redirected into
its own temporary folder, so nothing of the user's Jupyter is read or written; news, update
checks and the announcements pop-up are switched off there. :meth:`JupyterLab.stop` asks the
server to shut down (which stops its kernels) and ends by pid anything it started that is left.

The page helpers (:func:`open_notebook`, :func:`run_all`, :func:`wait_for_text`) take a
Playwright page; :func:`launch_chromium` opens Debian's Chromium (Playwright downloads nothing).
Used by the browser tests of the notebooks and by ``scripts/screenshot_jupyterlab.py``.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from fcpkit_lab.envs.browser.processes import kill_tree, process_tree

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "JupyterLab", "launch_chromium", "open_notebook", "run_all",
           "wait_for_text"]

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
#: Where the package's checkout keeps data and notebooks (kernels import fcpkit from here, and
#: fcpkit_lab from its lab/ folder).
ROOT = Path(__file__).resolve().parents[3]
LAB = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _isolated_env(tmp: Path) -> dict[str, str]:
    """Per-user Jupyter folders inside ``tmp``; lab settings that keep the UI quiet and offline."""
    env = dict(os.environ)
    dirs = {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data", "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTERLAB_SETTINGS_DIR": "settings", "JUPYTERLAB_WORKSPACES_DIR": "workspaces", "IPYTHONDIR": "ipython"}
    for var, sub in dirs.items():
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(tmp / sub)
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_TOKEN", None)
    settings = tmp / "settings" / "@jupyterlab"
    for rel, data in {
        "apputils-extension/notification.jupyterlab-settings": {"checkForUpdates": False, "fetchNews": "false",
                                                                "doNotDisturbMode": True},
        # render every cell: outputs far down the notebook exist in the DOM and can be asserted on
        "notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    }.items():
        (settings / rel).parent.mkdir(parents=True, exist_ok=True)
        (settings / rel).write_text(json.dumps(data))
    labconfig = tmp / "config" / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), str(LAB), env.get("PYTHONPATH", "")) if p)
    return env


class JupyterLab:
    """One ``jupyter lab`` server on 127.0.0.1 serving ``self.root`` (a fresh folder); a context manager."""

    def __init__(self, *, root: str | Path | None = None, startup_timeout: float = 90.0):
        self.tmp = Path(tempfile.mkdtemp(prefix="fcp-lab-"))
        self.root = Path(root) if root is not None else self.tmp / "nb"
        self.root.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.token = secrets.token_hex(24)
        self.startup_timeout = startup_timeout
        self.proc: subprocess.Popen | None = None
        self._log: Any = None
        self.leftovers: list[int] = []

    # -- life cycle ---------------------------------------------------------------------
    def start(self) -> "JupyterLab":
        jupyter = Path(sys.executable).with_name("jupyter")
        cmd = [str(jupyter)] if jupyter.exists() else [sys.executable, "-m", "jupyter"]
        cmd += ["lab", "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root}", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.extension_manager=readonly", "--ServerApp.log_level=WARN"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")  # as root Jupyter refuses to start without it; it still listens on 127.0.0.1
        self._log = open(self.tmp / "jupyter.log", "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(cmd, env=_isolated_env(self.tmp), cwd=self.root, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        self._wait()
        return self

    def _api(self, path: str, *, method: str = "GET", body: Any = None, timeout: float = 30) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"{self.base_url}{path}", method=method, data=data,
                                     headers={"Authorization": f"token {self.token}",
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            raw = r.read()
        return json.loads(raw) if raw else None

    def _wait(self) -> None:
        t0 = time.monotonic()
        while time.monotonic() - t0 < self.startup_timeout:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited with code {self.proc.returncode}:\n{self.log_tail()}")
            try:
                self._api("/api/status", timeout=2)
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        raise TimeoutError(f"jupyter lab did not answer on port {self.port} within {self.startup_timeout:.0f}s")

    def stop(self) -> list[int]:
        """Shut the server down via its API (its kernels too), then end anything of ours left. Returns
        the pids that had to be ended."""
        if self.proc is None:
            return []
        tree = process_tree(self.proc.pid)  # the server, its kernels and what they started
        try:
            self._api("/api/shutdown", method="POST", timeout=5)
        except Exception:  # noqa: BLE001 - already gone or not answering: terminate below
            self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._log.close()
        left = [p for p in tree if _running(p)]
        if left:
            self.leftovers = [p.pid for p in left]
            kill_tree(left)
        self.proc = None
        return self.leftovers

    def __enter__(self) -> "JupyterLab":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def cleanup(self) -> None:
        """Remove the temporary folder (server log, settings, notebooks written under the default root)."""
        shutil.rmtree(self.tmp, ignore_errors=True)

    # -- helpers --------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        """The lab URL that opens ``path`` (relative to the root), with a fresh workspace and the token."""
        return f"{self.base_url}/lab/tree/{path}?reset&token={self.token}"

    def start_kernel_for(self, path: str, kernel: str = "python3") -> None:
        """Create the notebook's kernel session over the REST API, so the page finds it running (no
        "Select Kernel" dialog) when it opens."""
        self._api("/api/sessions", method="POST",
                  body={"path": path, "name": path, "type": "notebook", "kernel": {"name": kernel}})

    def log_tail(self, n: int = 3000) -> str:
        try:
            return (self.tmp / "jupyter.log").read_text(errors="replace")[-n:]
        except OSError:
            return ""


def _running(proc: Any) -> bool:
    try:
        return proc.is_running() and proc.status() != "zombie"
    except Exception:  # noqa: BLE001 - psutil.NoSuchProcess and friends: gone
        return False


# -- the page ---------------------------------------------------------------------------------

def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium, headless, networking features off."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)


_IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"


def open_notebook(page: Any, lab: JupyterLab, path: str, *, timeout_ms: int = 90_000,
                  file_browser: bool = False) -> None:
    """Open ``path`` in the lab, accept a kernel dialog if one shows, wait for an idle kernel, and close
    the file browser for a wider notebook; ``file_browser=True`` leaves it open, as JupyterLab's default
    layout has it (what a new user sees)."""
    page.goto(lab.url(path), wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout_ms)
    try:  # a fresh workspace may still ask which kernel to use (a race with the kernelspecs)
        page.wait_for_selector(".jp-Dialog .jp-mod-accept", timeout=3_000)
        page.click(".jp-Dialog .jp-mod-accept")
    except Exception:  # noqa: BLE001 - no dialog: the session made by start_kernel_for was found
        pass
    page.wait_for_selector(_IDLE, timeout=timeout_ms)
    tab = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if not file_browser and tab.count():
        tab.first.click()


def run_all(page: Any, *, done_text: str, timeout_ms: int = 300_000) -> None:
    """*Run → Run All Cells* from the menu, as a person would, then wait until an output contains
    ``done_text`` (printed by the last cell) and the kernel is idle."""
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    wait_for_text(page, done_text, timeout_ms=timeout_ms)
    page.wait_for_selector(_IDLE, timeout=timeout_ms)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'] pre")
    tracebacks = [t for t in errors.all_text_contents() if "Traceback" in t]
    if tracebacks:
        raise AssertionError(f"a cell raised:\n{tracebacks[0][-2000:]}")


def wait_for_text(page: Any, text: str, *, selector: str = ".jp-OutputArea-output", timeout_ms: int = 60_000) -> None:
    """Wait until some element matching ``selector`` contains ``text``."""
    page.wait_for_function("([sel, t]) => [...document.querySelectorAll(sel)].some(e => e.textContent.includes(t))",
                           arg=[selector, text], timeout=timeout_ms)
