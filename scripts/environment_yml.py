"""Write ``environment.yml``, the conda route to what ``make setup`` does, from the two pyprojects
and ``setup.mk``, never by hand.

``setup.mk`` is the one home of what the set-up adds beyond ``pyproject.toml`` and
``lab/pyproject.toml`` (the torch pin, the editable installs and their extras, llama.cpp's
``CMAKE_ARGS``, the ``--no-deps`` packages): the Makefile includes it, this script reads it. So a
package added there, or to a pyproject, reaches both routes. Run

    python scripts/environment_yml.py            # rewrite environment.yml
    python scripts/environment_yml.py --check    # exit 1, printing the difference, if it is stale

``tests/test_environment_yml.py`` checks that the file is current and that every pip call of
``make setup`` has its counterpart in it.

What conda can express is written as data: Python (the set-up's, checked against
``requires-python``), pip, every requirement of both distributions with the extras ``make setup``
installs (the two distributions themselves left out: they are this checkout), and ``CMAKE_ARGS``
under ``variables:``. What it cannot (an editable install of this checkout, ``--no-deps``, which a
requirements list does not allow, and Debian's Chromium) is written in the header as the commands
to run after ``conda env create``, as docs/install.md says.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
SETUP_MK = "setup.mk"
OUT = "environment.yml"
ASSIGN = re.compile(r"([A-Z_]+)\s*:=\s*(.*)")
TARGET = re.compile(r"([^\[\]]+)(?:\[([^\]]*)\])?")


class EnvFileError(Exception):
    """setup.mk or a pyproject says something the script cannot write as conda; the message names it."""


def read_setup(root: Path) -> dict[str, str]:
    """setup.mk's ``NAME := value`` lines. Anything else (but comments) fails, so that the Makefile
    cannot learn a construct this script would silently ignore."""
    out = {}
    for n, line in enumerate((root / SETUP_MK).read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = ASSIGN.fullmatch(line.strip())
        if not m:
            raise EnvFileError(f"{SETUP_MK}:{n}: not a `NAME := value` line: {line!r}")
        out[m[1]] = m[2].strip()
    return out


def _distributions(root: Path, setup: dict[str, str]) -> dict[str, tuple[dict, set[str]]]:
    """Each editable target of setup.mk (``.[all]``) as canonical name -> (its [project], its extras)."""
    out = {}
    for target in setup["EDITABLE"].split():
        path, extras = TARGET.fullmatch(target).groups()
        project = tomllib.loads((root / path / "pyproject.toml").read_text())["project"]
        out[canonicalize_name(project["name"])] = (project, {e.strip() for e in (extras or "").split(",") if e.strip()})
    return out


def requirements(root: Path, setup: dict[str, str]) -> list[str]:
    """What the editable installs pull in, with every extra they name, and the torch pin, merged per
    package (one line each, extras and specifiers combined) and sorted. A requirement on one of the
    two distributions is followed into its extras and dropped: the editable install provides it,
    so its pin must admit the checkout's version."""
    local = _distributions(root, setup)
    found: list[Requirement] = [Requirement(setup["TORCH_PIN"])]
    todo = [(name, extras) for name, (_, extras) in local.items()]
    done: set[tuple[str, str]] = set()
    while todo:
        name, extras = todo.pop()
        project = local[name][0]
        groups = [project.get("dependencies", [])] + [project["optional-dependencies"][e] for e in sorted(extras)]
        for line in (r for g in groups for r in g):
            req = Requirement(line)
            dep = canonicalize_name(req.name)
            if dep not in local:
                found.append(req)
                continue
            if not req.specifier.contains(local[dep][0]["version"], prereleases=True):
                raise EnvFileError(f"{project['name']} needs {line}, not this checkout's {local[dep][0]['version']}")
            for extra in req.extras or {""}:
                if (dep, extra) not in done:
                    done.add((dep, extra))
                    todo.append((dep, {extra} - {""}))
    return _merged(found)


def _merged(found: list[Requirement]) -> list[str]:
    by_name: dict[tuple[str, str], Requirement] = {}
    for req in found:
        key = (canonicalize_name(req.name), str(req.marker or ""))
        if key in by_name:
            first = by_name[key]
            first.extras |= req.extras
            first.specifier = SpecifierSet(str(first.specifier & req.specifier))
        else:
            by_name[key] = Requirement(str(req))
    return [str(by_name[k]) for k in sorted(by_name)]


def conda_python(root: Path, setup: dict[str, str]) -> str:
    """``python=X.Y``: the Python the set-up is written for (setup.mk), which every pyproject's
    ``requires-python`` must admit. Not ``requires-python`` itself: conda would take the newest
    Python, for which the pinned torch wheel and the compiled dependencies were never tried."""
    version = setup["SETUP_PYTHON"]
    for project, _ in _distributions(root, setup).values():
        if not SpecifierSet(project.get("requires-python", "")).contains(version):
            raise EnvFileError(f"{SETUP_MK}'s SETUP_PYTHON {version} is outside {project['name']}'s "
                                    f"requires-python {project['requires-python']}")
    return f"python={version}"


def post_create(setup: dict[str, str]) -> list[tuple[str, str]]:
    """The commands an environment file cannot express, in make setup's order, each with why."""
    editable = " ".join(f"-e '{t}'" for t in setup["EDITABLE"].split())
    return [
        (f"pip install {editable}", "this checkout, editable (what it needs is installed above)"),
        *((f"pip install --no-deps {p}", f"--no-deps has no place in a requirements list; why: {SETUP_MK}")
          for p in setup["NO_DEPS"].split()),
        ("sudo apt-get install -y chromium", "Debian's Chromium at /usr/bin/chromium, which the lab launches"),
    ]


def _header(setup: dict[str, str], name: str) -> str:
    cmake = f'CMAKE_ARGS="{setup["LLAMA_CMAKE_ARGS"]}"'
    width = max(len(c) for c, _ in post_create(setup))
    steps = "\n".join(f"#   {c:<{width}}  # {why}" for c, why in post_create(setup))
    return f"""\
# generated by scripts/environment_yml.py from pyproject.toml, lab/pyproject.toml and {SETUP_MK}; do not edit.
# Regenerate: python scripts/environment_yml.py (tests/test_environment_yml.py checks it is current).
#
# The conda route to what `make setup` does (the Makefile is what the README's quick start and CI use).
# From the checkout's root:
#
#   {cmake} conda env create -f environment.yml
#   conda activate {name}
#
# CMAKE_ARGS goes on the command line because conda sets `variables:` (below) only after its pip
# step, which compiles llama-cpp-python; `variables:` keeps later rebuilds in the environment
# portable too. Then, activated, what an environment file cannot express, in this order:
#
{steps}
#
# Not set here: the Makefile's HF_HUB_OFFLINE and TRANSFORMERS_OFFLINE, which are for its own targets
# (the tests and benchmarks set them themselves; the library only reads them).
"""


def render(root: Path = ROOT) -> str:
    """The environment file's text, from the pyprojects and setup.mk under ``root``."""
    setup = read_setup(root)
    name = tomllib.loads((root / "pyproject.toml").read_text())["project"]["name"]
    body = {
        "name": name,
        "channels": ["conda-forge"],
        "dependencies": [conda_python(root, setup), "pip", {"pip": requirements(root, setup)}],
        "variables": {"CMAKE_ARGS": setup["LLAMA_CMAKE_ARGS"]},
    }
    return _header(setup, name) + yaml.safe_dump(body, sort_keys=False, default_flow_style=False, width=1000)


def stale(root: Path = ROOT) -> str:
    """The difference between ``environment.yml`` and what :func:`render` writes; empty when current."""
    path = root / OUT
    have = path.read_text() if path.exists() else ""
    return "".join(difflib.unified_diff(have.splitlines(True), render(root).splitlines(True),
                                        f"{OUT} (committed)", f"{OUT} (generated)"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1, printing the difference, if environment.yml is stale")
    args = ap.parse_args(argv)
    try:
        if args.check:
            diff = stale()
            sys.stdout.write(diff or f"{OUT} is current\n")
            return 1 if diff else 0
        (ROOT / OUT).write_text(render())
    except EnvFileError as e:
        print(f"environment_yml: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
