"""The package's shape stays legible: small modules, short functions, imports at the top.

docs/layout.md states the rules (:mod:`_support.layout` holds them, for the lab's tests too);
import-linter checks the layer contracts in the test command.
"""

from __future__ import annotations

from pathlib import Path

from _support.layout import inner_imports, long_functions, long_modules

import fcpkit

PACKAGE = Path(fcpkit.__file__).resolve().parent
#: optional layers of fcpkit itself, on an extra: the command line loads them only in the command that needs them
#: (``fcpkit notebooks`` and the [notebooks] extra), so that ``fcpkit check`` runs on the base dependencies
LAZY_LAYERS = {"fcpkit.viz"}


def _lazy_layer(rel: Path, module: str) -> bool:
    return rel.parts[0] == "cli" and ".".join(module.split(".")[:2]) in LAZY_LAYERS


def test_no_module_is_too_long():
    long = long_modules(PACKAGE)
    assert not (set(long) - KNOWN_LONG_MODULES), long


def test_no_function_is_too_long():
    long = long_functions(PACKAGE)
    assert not (set(long) - KNOWN_LONG_FUNCTIONS), long


def test_imports_inside_functions_are_only_lazy_heavy_dependencies():
    found = inner_imports(PACKAGE, _lazy_layer)
    assert not (found - KNOWN_INNER_IMPORTS), sorted(found - KNOWN_INNER_IMPORTS)


# Where the package does not meet the rules yet, by name, so the list can only shrink.
KNOWN_LONG_MODULES: set[str] = set()
KNOWN_LONG_FUNCTIONS: set[str] = set()
KNOWN_INNER_IMPORTS: set[str] = set()
