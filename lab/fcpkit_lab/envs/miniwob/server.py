"""MiniWoB++'s task pages served over HTTP on 127.0.0.1, as the benchmark intends them to be served.

Why not ``file://``: a page's address is then the wheel's install path, which differs from machine
to machine; a state-machine memory stores URL patterns (``/miniwob/enter-text.html``), so the
pages need one origin and stable paths. The server is Python's threaded static-file server over
the wheel's ``html`` folder, bound to 127.0.0.1 on a free port; :meth:`MiniWoBServer.stop` ends it.
"""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from fcpkit_lab.envs.miniwob.environment import miniwob_url

__all__ = ["MiniWoBServer"]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class MiniWoBServer:
    """The MiniWoB++ ``html`` folder on ``http://127.0.0.1:PORT/``; tasks under ``/miniwob/``.

    Use as a context manager, or call :meth:`stop`. ``base_url`` is what BrowserGym's MiniWoB tasks
    take as ``base_url`` (trailing slash included).
    """

    def __init__(self, port: int = 0) -> None:
        root = Path(url2pathname(urlsplit(miniwob_url()).path)).parent
        handler = functools.partial(_Quiet, directory=str(root))
        self._server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        self._thread = threading.Thread(target=self._server.serve_forever, name="miniwob-http", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def base_url(self) -> str:
        return self.url + "/miniwob/"

    @staticmethod
    def task_path(task: str) -> str:
        """``enter-text`` -> ``/miniwob/enter-text.html`` (the path the task page is served at)."""
        return f"/miniwob/{task}.html"

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> MiniWoBServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
