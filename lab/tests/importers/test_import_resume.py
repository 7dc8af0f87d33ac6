"""A BrowserGym import that is stopped keeps whole lines and continues with ``--resume`` without
reading again the experiments it wrote; every line it writes is one the corpus reader reads."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import fcpkit_lab.importers.browsergym as bg
from fcpkit.cli import main
from fcpkit.core import trajectory as tj
from fcpkit.core.trajectory import load_corpus
from fcpkit_lab.importers.browsergym import import_study

OURS = Path(__file__).resolve().parents[1] / "fixtures" / "browsergym" / "miniwob_study"


@pytest.fixture
def study(tmp_path: Path) -> Path:
    return Path(shutil.copytree(OURS, tmp_path / "study", ignore=shutil.ignore_patterns("*.png")))


def _reads(monkeypatch, stop_at: int | None = None) -> list[str]:
    """Record the experiments read; with ``stop_at``, interrupt the import at that read."""
    real, seen = bg.read_experiment, []

    def reading(exp_dir, **kw):
        seen.append(Path(exp_dir).name)
        if stop_at is not None and len(seen) == stop_at:
            raise KeyboardInterrupt
        return real(exp_dir, **kw)

    monkeypatch.setattr(bg, "read_experiment", reading)
    return seen


def test_a_stopped_import_keeps_whole_lines_and_resumes_where_it_stopped(study, tmp_path, monkeypatch):
    whole = tmp_path / "whole.jsonl"
    import_study(study, whole)
    out = tmp_path / "out.jsonl"
    _reads(monkeypatch, stop_at=3)
    with pytest.raises(KeyboardInterrupt):
        import_study(study, out)
    part = tmp_path / ".out.jsonl.part"
    assert not out.exists() and part.read_text("utf-8").count("\n") == 2  # two experiments written whole
    with part.open("a", encoding="utf-8") as fh:
        fh.write('{"id": "torn')  # a kill in the middle of a write
    seen = _reads(monkeypatch)
    rep = import_study(study, out, resume=True)
    assert rep.imported == 4 and len(seen) == 2  # the two kept runs were not read again
    assert out.read_text("utf-8") == whole.read_text("utf-8") and not part.exists()


def test_resume_after_a_finished_import_reads_only_new_experiments(study, tmp_path, monkeypatch):
    out = tmp_path / "out.jsonl"
    import_study(study, out)
    seen = _reads(monkeypatch)
    r = CliRunner().invoke(main, ["import", "browsergym", str(study), "--out", str(out), "--resume"])
    assert r.exit_code == 0 and "wrote 4 trajectories" in r.output and seen == []


def test_an_interrupted_import_command_says_how_to_continue(study, tmp_path, monkeypatch):
    _reads(monkeypatch, stop_at=2)
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["import", "browsergym", str(study), "--out", str(out)])
    assert r.exit_code == 130 and "--resume" in r.output and ".out.jsonl.part" in r.output


def test_an_experiment_the_reader_would_refuse_is_skipped_with_the_readers_reason(study, tmp_path, monkeypatch):
    pages = [len(o.text) for t in bg.iter_study(study) for o in t.observations()]
    monkeypatch.setattr(tj, "MAX_PAGE_CHARS", sorted(pages)[len(pages) // 2])  # some runs hold a longer page
    out = tmp_path / "out.jsonl"
    rep = import_study(study, out)
    assert rep.skipped and all("over the cap" in s.reason and "fix:" in s.reason for s in rep.skipped)
    assert len(load_corpus(out)) == rep.imported == 4 - len(rep.skipped)  # what was written reads back
