"""Bootstrap for the embedded llama.cpp server (run as a script, not imported).

``python _serve.py PARENT_PID <llama_cpp.server args...>`` runs ``llama_cpp.server`` in this
process and exits as soon as PARENT_PID is gone, so a parent killed with SIGKILL (no atexit)
still leaves no server behind. It is run by file path so that it does not import fcpkit.
"""

import os
import runpy
import sys
import threading
import time


def _watch(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def main() -> None:
    parent = int(sys.argv[1])
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="parent-watch").start()
    sys.argv = ["llama_cpp.server"] + sys.argv[2:]
    runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
