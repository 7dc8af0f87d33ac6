"""Where the checkout's data lives, for tests at any depth."""

from pathlib import Path

from fcpkit import data

ROOT = Path(__file__).resolve().parents[2]
#: the data shipped inside the package (fcpkit/data/), found as the package finds it
SHIPPED = data.root()
#: research-only data kept in the checkout's top-level data/ (results, held-out corpora)
RESEARCH = ROOT / "data"
EXAMPLES = SHIPPED / "examples"
#: the recorded corpora and state machines shipped with fcpkit-lab (fcpkit_lab.data), found by path
#: so that the library's tests never import the lab
LAB_SHIPPED = ROOT / "lab" / "fcpkit_lab" / "data"


def corpus(name: str) -> Path:
    """A corpus by name: ``examples`` ships with the library, the recorded ``workbench`` and
    ``miniwob`` with the lab, ``heldout/...`` lives in the checkout."""
    base = SHIPPED if name == "examples" else RESEARCH if name.startswith("heldout/") else LAB_SHIPPED
    return base / name / "corpus.jsonl"


def cli_path_defaults() -> dict:
    """Every path default of every ``fcpkit`` command (the lab's too, when it is installed), by
    ``"command option"``."""
    import click

    from fcpkit.cli import main
    from fcpkit.cli.lazy import all_commands

    out = {}
    for name, cmd in all_commands(main):
        if isinstance(cmd, click.Group):
            continue
        for param in cmd.params:
            values = param.default if isinstance(param.default, (list, tuple)) else [param.default]
            out.update({f"{name} {param.name}": v for v in values if isinstance(v, Path)})
    return out


def in_library_data(p: Path) -> bool:
    """Whether ``p`` lies in the library's package data (fcpkit/data/)."""
    return p.resolve().is_relative_to(data.root().resolve())


def shipped_name(p: Path) -> str:
    """``p`` as a name inside the library's or the lab's package data; fails when it lies elsewhere."""
    assert p.is_absolute(), p
    root = data.root() if in_library_data(p) else LAB_SHIPPED
    return p.resolve().relative_to(root.resolve()).as_posix()


def skip_unless_wheels_build_offline() -> None:
    """Skip a test that builds fcpkit's wheel offline (no build isolation) where this environment
    cannot: setuptools before 70.1 needs the ``wheel`` package for ``bdist_wheel``, which a
    library-only install need not have."""
    import importlib.util

    import pytest

    setuptools = pytest.importorskip("setuptools")
    version = tuple(int(x) for x in setuptools.__version__.split(".")[:2] if x.isdigit())
    if version < (70, 1) and importlib.util.find_spec("wheel") is None:
        pytest.skip(f"setuptools {setuptools.__version__} without the wheel package cannot build a wheel offline")
