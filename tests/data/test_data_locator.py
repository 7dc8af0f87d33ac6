"""fcpkit.data: the one locator of the package data, and the rule that no other module finds data
on its own."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from fcpkit import data
from fcpkit.cli import main
from fcpkit.errors import ConfigError
from _support.paths import ROOT

PACKAGE = ROOT / "fcpkit"


def test_the_shipped_corpus_resolves_inside_the_package():
    p = data.path(data.EXAMPLES)
    assert p.is_file() and p.resolve().is_relative_to(PACKAGE / "data"), p
    assert data.root() == Path(data.__file__).parent
    assert data.path("examples/plans").is_dir()


@pytest.mark.parametrize("bad", ["", "/etc/passwd", "../pyproject.toml", "examples/../../README.md", "examples\\corpus.jsonl"])
def test_a_name_that_leaves_the_package_data_is_refused(bad):
    with pytest.raises(ConfigError) as err:
        data.path(bad)
    assert "relative path inside the package data" in str(err.value)


def test_names_lists_data_files_and_no_code():
    names = data.names()
    assert {data.EXAMPLES, "paraphrase/suite.yaml", "libraries/library.yaml", "verifier/cases.jsonl"} <= set(names)
    assert not [n for n in names if n.endswith((".py", ".pyc"))]
    plans = data.names("examples/plans")
    assert plans and all(n.startswith("examples/plans/") and n.endswith(".yaml") for n in plans)


def test_relative_names_shipped_files_the_same_in_any_installation(tmp_path):
    assert data.relative(data.path(data.EXAMPLES)) == "fcpkit/data/examples/corpus.jsonl"
    assert data.relative(data.path("libraries")) == "fcpkit/data/libraries"
    outside = tmp_path / "corpus.jsonl"
    assert data.relative(outside) == str(outside)


def test_data_inside_an_archive_is_a_clear_error(tmp_path, monkeypatch):
    archive = tmp_path / "fcpkit.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("fcpkit/data/examples/corpus.jsonl", "")
    monkeypatch.setattr(data, "files", lambda: zipfile.Path(archive, "fcpkit/data/"))
    with pytest.raises(ConfigError) as err:
        data.path(data.EXAMPLES)
    assert "inside an archive" in str(err.value) and "install fcpkit with pip" in str(err.value)


def test_no_module_computes_its_own_data_path():
    """The old pattern (``Path(__file__).parents[2] / "data"``, ``Path(__file__).with_name("x.json")``)
    is gone: a default found that way is missing from an installed wheel."""
    own = re.compile(r"""__file__[^\n]*["']data["']|parents?\[\d\]\s*/\s*["']data["']|with_name\(["'][^"']+\.(json|jsonl|yaml)["']\)""")
    offenders = [str(p.relative_to(ROOT)) for p in PACKAGE.rglob("*.py")
                 if p.parent != PACKAGE / "data" and own.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_fcpkit_data_prints_a_path_the_other_commands_take():
    r = CliRunner().invoke(main, ["data", data.EXAMPLES])
    assert r.exit_code == 0 and Path(r.output.strip()) == data.path(data.EXAMPLES)
    listing = CliRunner().invoke(main, ["data"])
    assert listing.exit_code == 0 and "examples/" in listing.output and str(data.root()) in listing.output


@pytest.mark.parametrize("name", ["nope/corpus.jsonl", "../setup.py"])
def test_fcpkit_data_names_what_is_shipped_when_asked_for_something_else(name):
    r = CliRunner().invoke(main, ["data", name])
    assert r.exit_code == 2 and "error:" in r.output and "Traceback" not in r.output
    assert "examples" in r.output or "relative path" in r.output
