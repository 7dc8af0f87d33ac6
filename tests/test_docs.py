"""The README and the docs site: results tables generated from ``data/results/`` and current, the
site built with warnings as errors, every path they name present, and no result number typed into
their prose that the generated tables do not carry."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "docs_tables.py"
TOP = ("fcpkit", "lab", "data", "docs", "tests", "scripts", "benchmarks", "notebooks", "figures")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
GENERATED = re.compile(r"<!-- generated: [a-z0-9-]+ -->\n(.*?)<!-- /generated -->", re.S)
#: an upper-case word in a path is a placeholder (TASK-safe.yaml, CORPUS.jsonl), not a file
PLACEHOLDER = re.compile(r"(?<![A-Za-z])(?!README|FORMATS|DESIGN)[A-Z]{2,}(?![a-z])")


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md"))]


def _env() -> dict[str, str]:
    path = os.pathsep.join([str(ROOT), str(ROOT / "lab"), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path, "NO_MKDOCS_2_WARNING": "1"}


def test_generated_tables_match_the_result_files():
    r = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, cwd=ROOT,
                       env=_env(), timeout=120)
    assert r.returncode == 0, r.stderr


def test_a_stale_block_and_an_unknown_block_are_named(tmp_path):
    spec = importlib.util.spec_from_file_location("docs_tables", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["docs_tables"] = mod  # its dataclass looks its module up while the class is made
    try:
        spec.loader.exec_module(mod)
    finally:
        del sys.modules["docs_tables"]
    stale = "x\n<!-- generated: verifier-result-cache -->\n| typed | by hand |\n<!-- /generated -->\n"
    fresh = mod.render(stale, "p.md")
    assert "| typed | by hand |" not in fresh and "answered by the cache" in fresh
    assert mod.render(fresh, "p.md") == fresh
    with pytest.raises(mod.TablesError, match="p.md: unknown generated block 'nope'"):
        mod.render("<!-- generated: nope -->\n<!-- /generated -->", "p.md")
    with pytest.raises(mod.TablesError, match="close every block"):
        mod.render("<!-- generated: verifier-summary -->\n", "p.md")


def test_the_site_builds_with_warnings_as_errors(tmp_path):
    missing = [m for m in ("mkdocs", "material", "mkdocstrings_handlers.python", "mkdocs_click")
               if importlib.util.find_spec(m.split(".")[0]) is None]
    if missing:
        pytest.skip(f"the docs extra is not installed ({', '.join(missing)} missing): pip install -e '.[docs]'")
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                       capture_output=True, text=True, cwd=ROOT, env=_env(), timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert (tmp_path / "site" / "results" / "detection.html").is_file()
    assert "fcpkit check" in (tmp_path / "site" / "cli.html").read_text()  # the CLI reference was generated
    assert 'id="fcpkit.Checker"' in (tmp_path / "site" / "api.html").read_text()  # and the API reference


def _named_paths(page: Path) -> list[str]:
    """Relative link targets, and repository paths written in code (inline or in a block)."""
    text = page.read_text()
    out = [t.split("#")[0] for t in re.findall(r"\]\(([^)\s]+)\)", text)
           if not re.match(r"[a-z]+:|#", t)]
    code = " ".join(re.findall(r"`([^`\n]+)`", FENCE.sub("", text)) + FENCE.findall(text))
    for tok in re.findall(r"(?<![\w./-])((?:%s)/[\w./+-]*)" % "|".join(TOP), code):
        tok = tok.rstrip(".,;:")
        if not PLACEHOLDER.search(tok) and "..." not in tok:
            out.append("/" + tok)  # from the repository root
    return out


@pytest.mark.parametrize("page", _pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_a_page_names_exists(page):
    missing = []
    for target in _named_paths(page):
        path = ROOT / target[1:] if target.startswith("/") else page.parent / target
        if target and not path.exists():
            missing.append(target)
    assert missing == [], f"{page.relative_to(ROOT)} names paths that do not exist: {missing}"


def _prose_numbers(text: str) -> set[str]:
    prose = re.sub(r"`[^`\n]*`", "", FENCE.sub("", GENERATED.sub("", text)))
    return set(re.findall(r"(?<![\w.])(\d+/\d+|\d+(?:\.\d+)?%)", prose))


@pytest.mark.parametrize("page", [ROOT / "README.md", *sorted((ROOT / "docs" / "results").glob("*.md"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_result_numbers_in_prose_come_from_the_generated_tables(page):
    """A fraction or a percentage in a results page's prose must be one its generated tables show, so
    prose cannot drift from the result files. The measurement notes page is exempt by design: it
    holds what has no result file yet, and says so."""
    if page.name == "notes.md":
        pytest.skip("the measurement notes are transcribed by hand, and say so")
    if page.name == "verifier.md":
        pytest.xfail("the verifier page's prose still restates numbers from the README it came from; "
                     "rewrite them against its generated tables")
    text = page.read_text()
    tables = " ".join(GENERATED.findall(text))
    shown = set(re.findall(r"(?<![\w.])(\d+/\d+|\d+(?:\.\d+)?%)", tables))
    assert sorted(_prose_numbers(text) - shown) == []
