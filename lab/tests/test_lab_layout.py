"""The lab is held to the library's shape rules (docs/layout.md, :mod:`_support.layout`): small
modules, short functions, imports at the top."""

from __future__ import annotations

from pathlib import Path

from _support.layout import inner_imports, long_functions, long_modules, private_uses

import fcpkit_lab
from fcpkit.agent.runtime import Runner

PACKAGE = Path(fcpkit_lab.__file__).resolve().parent


def test_no_lab_module_is_too_long():
    assert long_modules(PACKAGE) == {}


def test_no_lab_function_is_too_long():
    assert long_functions(PACKAGE) == {}


def test_lab_imports_inside_functions_are_only_lazy_heavy_dependencies():
    assert sorted(inner_imports(PACKAGE)) == []


def test_the_lab_drives_the_runner_through_its_public_face():
    """The guarded agent ends or cuts a run with ``interrupt`` and ``end``, never the loop's own helpers
    (the phases and the book they work on are the library's, not the lab's)."""
    names = {n for n in dir(Runner) if n.startswith("_") and not n.startswith("__")}
    names |= {"_book", "_started", "_listeners", "_extra_usage"}
    assert private_uses(PACKAGE, names) == []
    assert [p.name for p in PACKAGE.rglob("*.py") if "runner._" in p.read_text(encoding="utf-8")] == []
    loop = ("fcpkit.agent.phases", "fcpkit.agent.run_book")
    assert [p.name for p in PACKAGE.rglob("*.py") if any(m in p.read_text(encoding="utf-8") for m in loop)] == []
