"""The lab is held to the library's shape rules (docs/layout.md, :mod:`_support.layout`): small
modules, short functions, imports at the top."""

from __future__ import annotations

from pathlib import Path

from _support.layout import inner_imports, long_functions, long_modules

import fcpkit_lab

PACKAGE = Path(fcpkit_lab.__file__).resolve().parent


def test_no_lab_module_is_too_long():
    assert long_modules(PACKAGE) == {}


def test_no_lab_function_is_too_long():
    assert long_functions(PACKAGE) == {}


def test_lab_imports_inside_functions_are_only_lazy_heavy_dependencies():
    assert sorted(inner_imports(PACKAGE)) == []
