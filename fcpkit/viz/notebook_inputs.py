"""What an executed notebook read, recorded in its copy with each file's sha256.

An executed copy in ``docs/notebooks/`` shows numbers computed from result files, corpora, plans and
recordings; when one of those files changes, the copy is stale and nothing says so. So
:func:`fcpkit.viz.notebooks.execute_notebooks` records in every copy's metadata
(``metadata["fcpkit"]["inputs"]``: a list of ``{"path", "sha256"}``) the files the notebook read, and
``tests/notebooks/test_executed_copies.py`` recomputes the hashes (:func:`copy_problems`).

How we know what a notebook read: what the kernel actually opened, checked against a declared list.

* **Observed.** While a notebook runs, its kernel executes a startup file (``PYTHONSTARTUP``, which
  IPython kernels run before the first cell, so no cell is added to the copy) that installs a
  :func:`sys.addaudithook` hook logging every file the kernel opens: the builtin ``open``,
  ``os.open`` and ``io.open_code`` raise the ``open`` audit event, and json, yaml, csv, pandas,
  pickle, gzip and numpy all read through them. This is the truth about one run and needs no upkeep
  when a notebook starts reading another file, which a hand-kept list alone would silently miss.
* **Declared.** :data:`DECLARED` lists, per notebook, glob patterns of what it reads at its default
  parameters. The hook sees only the kernel's own process and only opens made from Python (a
  subprocess's reads, a C library's ``fopen``), and it cannot see a file the notebook would read now
  but did not then (a corpus added since). The declaration covers both: every pattern must match a
  recorded input, every recorded input must match a pattern, and every file a pattern matches today
  must have been recorded, or the copy is reported (at execution, in the run's note; in the test,
  as a failure).

What counts as an input: a file read, and not written by the same run, that is either in the
checkout (recorded by its path relative to the checkout) or outside it and outside the Python
installation, the system's folders, the temporary folder and the home folder's hidden folders
(recorded by its absolute path: the shared development corpora, ``FCPKIT_DEV_CORPORA``). Code
(``.py``, compiled modules) and hidden folders are not inputs: code is versioned by the commit and
installed packages by the environment's pins. The source notebook is always an input (papermill
reads it outside the kernel): an edited notebook makes its copy stale too.
"""

from __future__ import annotations

import fnmatch
import glob
import hashlib
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Sequence

import nbformat

__all__ = [
    "DECLARED", "METADATA_KEY", "sha256", "recording_opens", "read_opens", "data_inputs", "input_records",
    "input_name", "record_inputs", "recorded_inputs", "stale_inputs", "declaration_problems", "copy_problems",
]

#: the key of fcpkit's own entry in an executed copy's notebook metadata
METADATA_KEY = "fcpkit"
_CODE_SUFFIXES = {".py", ".pyc", ".pyo", ".pyi", ".so", ".pth"}
_SYSTEM = ("/proc", "/sys", "/dev", "/etc", "/usr", "/lib", "/lib64", "/bin", "/sbin", "/run", "/var")
_IDF = "fcpkit/data/lexical/background_idf.json"  # the lexical matcher's word weights: every check reads them
_EXAMPLES = ("fcpkit/data/examples/corpus.jsonl", "fcpkit/data/examples/plans/*.yaml")
_WORKBENCH = ("lab/fcpkit_lab/data/workbench/corpus.jsonl", "lab/fcpkit_lab/data/workbench/plans/*.yaml")
_PAGES = tuple(f"lab/fcpkit_lab/envs/workbench/templates/{t}.html" for t in ("base", "list", "ticket"))
_STUDY = "lab/fcpkit_lab/data/browsergym/miniwob_study"

#: per notebook (by stem): glob patterns of the files it reads at its default parameters, relative to
#: the checkout (absolute for files outside it); the source notebook itself is implied. The live runs
#: (02, 05) read the workbench's templates of the pages they visit.
DECLARED: dict[str, tuple[str, ...]] = {
    "01_authoring_commitments": (_IDF,),
    "02_live_execution": (_IDF, "lab/fcpkit_lab/envs/workbench/plans/support.yaml", *_PAGES),
    "03_falsifier_lab": (_IDF, *_EXAMPLES),
    "04_detection_benchmark": (_IDF, *_EXAMPLES),
    "05_skill_induction": (_IDF, *_EXAMPLES, *_WORKBENCH, "lab/fcpkit_lab/data/miniwob/corpus.jsonl",
                           "lab/fcpkit_lab/data/miniwob/plans/*.yaml", "fcpkit/data/libraries/*.jsonl",
                           "fcpkit/data/libraries/library.yaml", *_PAGES),
    "06_paper_results": ("data/paper/results.yaml", "data/results/study/workbench.jsonl",
                         "data/results/study/workbench_model_smollm2.jsonl", "data/results/engine_sketch_form*.csv",
                         "data/results/agent_miniwob_*.csv", "data/results/study/workbench_agent_smollm2.jsonl"),
    "07_state_machine": (_IDF, "lab/fcpkit_lab/data/smg/workbench.yaml", *_WORKBENCH,
                         "lab/fcpkit_lab/envs/workbench/templates/*.html"),
    "08_your_own_runs": (_IDF, f"{_STUDY}/*/exp_args.pkl", f"{_STUDY}/*/step_*.pkl.gz",
                         f"{_STUDY}/*/summary_info.json", f"{_STUDY}/*login-user_3/screenshot_step_2.png"),
    "09_prompt_lab": (_IDF, *_EXAMPLES, *_WORKBENCH, "lab/fcpkit_lab/data/smg/workbench.yaml",
                      "data/results/promptlab/prompts/packaged.txt", "data/results/promptlab/prompts/one-example.txt",
                      "data/results/promptlab/recordings/smollm2-135m.jsonl",
                      # the development corpora present (FCPKIT_DEV_CORPORA, outside the checkout)
                      "/work/shared/corpora/*/corpus.jsonl", "/work/shared/corpora/*/plans/*.yaml"),
}

_HOOK = r'''
def _fcpkit_record_opens(log_path):
    import os, sys
    seen = set()
    log = open(log_path, "a", encoding="utf-8", buffering=1)
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND
    installed = tuple({os.path.join(p, "") for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)})

    def hook(event, args):
        if event != "open" or not args:
            return
        try:
            path, mode, flags = (tuple(args) + (None, None))[:3]
            if path is None or isinstance(path, int):
                return
            path = os.path.abspath(os.fsdecode(path))
            if path.startswith(installed) or path.endswith((".py", ".pyc")):
                return
            if isinstance(mode, str):
                writes = any(c in mode for c in "wax+")
            else:
                writes = bool((flags or 0) & writing)
            key = ("w" if writes else "r", path)
            if key not in seen:
                seen.add(key)
                log.write("%s\t%s\n" % key)
        except Exception:
            pass

    sys.addaudithook(hook)
'''


def sha256(path: str | Path) -> str:
    """The file's sha256, hex."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@contextmanager
def recording_opens(log_path: str | Path) -> Iterator[Path]:
    """While inside, every Jupyter kernel this process starts logs the files it opens to ``log_path``.

    Sets ``PYTHONSTARTUP`` (restored on exit; kernels inherit this process's environment) to a startup
    file beside ``log_path`` that installs the audit hook, then runs the startup file set before, if any.
    """
    log = Path(log_path)
    log.touch()
    startup = log.with_name(log.name + ".startup.py")
    before = os.environ.get("PYTHONSTARTUP")
    chained = f"exec(compile(open({before!r}).read(), {before!r}, 'exec'))\n" if before else ""
    startup.write_text(f"{_HOOK}\n_fcpkit_record_opens({str(log)!r})\ndel _fcpkit_record_opens\n{chained}",
                       encoding="utf-8")
    os.environ["PYTHONSTARTUP"] = str(startup)
    try:
        yield log
    finally:
        if before is None:
            os.environ.pop("PYTHONSTARTUP", None)
        else:
            os.environ["PYTHONSTARTUP"] = before


def read_opens(log_path: str | Path) -> tuple[set[Path], set[Path]]:
    """``(read, written)``: the files the log says were opened for reading and for writing."""
    read, written = set(), set()
    for line in Path(log_path).read_text(encoding="utf-8").splitlines():
        mode, _, path = line.partition("\t")
        if path:
            (written if mode == "w" else read).add(Path(path))
    return read, written


def _not_data_outside(root: Path) -> tuple[str, ...]:
    """Folders outside the checkout whose files are never a notebook's data (see the module's docstring)."""
    home = Path.home()
    hidden = [str(p) for p in home.glob(".*")] if home.is_dir() else []
    places = [*_SYSTEM, tempfile.gettempdir(), sys.prefix, sys.base_prefix, sys.exec_prefix, *hidden]
    return tuple(os.path.join(os.path.realpath(p), "") for p in places if Path(p).resolve() != root)


def data_inputs(read: Iterable[Path], written: Iterable[Path], root: str | Path) -> list[Path]:
    """The files of ``read`` that are a notebook's inputs (resolved, sorted): not written by the run,
    regular files, not code, not in a hidden folder, and in the checkout ``root`` or outside it in no
    folder of the system, the Python installation, the temporary folder or the home's hidden folders."""
    root = Path(root).resolve()
    made = {Path(p).resolve() for p in written}
    skip = _not_data_outside(root)
    out = set()
    for p in {Path(p).resolve() for p in read} - made:
        if not p.is_file() or p.suffix in _CODE_SUFFIXES:
            continue
        inside = p.is_relative_to(root)
        parts = p.relative_to(root).parts if inside else p.parts
        if any(s.startswith(".") or s == "__pycache__" or s.endswith(".egg-info") for s in parts[:-1]):
            continue
        if inside or not str(p).startswith(skip):
            out.add(p)
    return sorted(out)


def input_name(path: str | Path, root: str | Path) -> str:
    """How an input is named in the record: a file in the checkout ``root`` by its posix path relative
    to it, any other by its absolute path."""
    p, root = Path(path).resolve(), Path(root).resolve()
    return p.relative_to(root).as_posix() if p.is_relative_to(root) else p.as_posix()


def _path(name: str, root: Path) -> Path:
    return Path(name) if Path(name).is_absolute() else root / name


def input_records(paths: Iterable[Path], root: str | Path) -> list[dict[str, str]]:
    """``[{"path", "sha256"}]`` for ``paths``, sorted by path (named by :func:`input_name`)."""
    root = Path(root).resolve()
    return sorted(({"path": input_name(p, root), "sha256": sha256(p)} for p in paths), key=lambda r: r["path"])


def record_inputs(copy: str | Path, records: Sequence[Mapping[str, str]]) -> None:
    """Write ``records`` into the executed copy's metadata (``metadata["fcpkit"]["inputs"]``), in place."""
    nb = nbformat.read(copy, as_version=4)
    nb.metadata.setdefault(METADATA_KEY, {})["inputs"] = [dict(r) for r in records]
    nbformat.write(nb, copy)


def recorded_inputs(copy: str | Path) -> list[dict[str, str]] | None:
    """The inputs recorded in an executed copy, or ``None`` when it records none."""
    nb = nbformat.read(copy, as_version=4)
    return nb.metadata.get(METADATA_KEY, {}).get("inputs") or None


def stale_inputs(records: Sequence[Mapping[str, str]], root: str | Path) -> list[str]:
    """One line per recorded input that is missing or whose sha256 differs now."""
    root = Path(root).resolve()
    out = []
    for r in records:
        p = _path(r["path"], root)
        where = "" if p.is_relative_to(root) else " (outside the checkout)"
        if not p.is_file():
            out.append(f"{r['path']} is missing{where}")
        elif (now := sha256(p)) != r["sha256"]:
            out.append(f"{r['path']} changed since the copy was executed "
                       f"(sha256 {r['sha256'][:12]} then, {now[:12]} now)")
    return out


def declaration_problems(name: str, records: Sequence[Mapping[str, str]], root: str | Path,
                         declared: Mapping[str, Sequence[str]] = DECLARED, source: str | None = None) -> list[str]:
    """One line per disagreement between what notebook ``name`` declares it reads (:data:`DECLARED`)
    and what its run recorded: a pattern no recorded input matches, a recorded input no pattern
    matches, a file a pattern matches today that the run did not read. ``source`` (the source
    notebook's recorded path) is implied."""
    if name not in declared:
        return [f"no inputs declared for {name} in fcpkit.viz.notebook_inputs.DECLARED"]
    root = Path(root).resolve()
    patterns = list(declared[name])
    paths = {r["path"] for r in records} - {source}
    out = [f"declares {pat} but read no such file" for pat in patterns
           if not any(fnmatch.fnmatchcase(p, pat) for p in paths)]
    out += [f"read {p}, which DECLARED does not declare" for p in sorted(paths)
            if not any(fnmatch.fnmatchcase(p, pat) for pat in patterns)]
    now = {input_name(f, root) for pat in patterns for f in glob.glob(str(_path(pat, root))) if Path(f).is_file()}
    out += [f"{p} matches what it declares but was not read (added since?)" for p in sorted(now - paths)]
    return out


def copy_problems(source: str | Path, copy: str | Path, root: str | Path,
                  declared: Mapping[str, Sequence[str]] = DECLARED) -> list[str]:
    """Everything that makes the executed ``copy`` of the notebook ``source`` untrustworthy now, one
    line each: no copy, no recorded inputs, a recorded input missing or changed, the record and the
    declaration disagreeing. Empty when the copy is current."""
    source, copy = Path(source), Path(copy)
    if not copy.is_file():
        return [f"{source.name} has no executed copy at {copy}"]
    records = recorded_inputs(copy)
    if not records:
        return [f"{copy.name} records no inputs (metadata.{METADATA_KEY}.inputs)"]
    return stale_inputs(records, root) + declaration_problems(source.stem, records, root, declared,
                                                              input_name(source, Path(root).resolve()))
