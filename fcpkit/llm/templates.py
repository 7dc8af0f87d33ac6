"""Prompt templates shipped as files in ``fcpkit/llm/prompts/*.txt``.

A template is plain text with ``string.Template`` placeholders (``$name`` or ``${name}``;
write ``$$`` for a literal dollar) split into sections by marker lines:

``<<defaults>>``
    optional, first: a JSON object of default values for some placeholders;
``<<system>>`` / ``<<user>>`` / ``<<assistant>>``
    the chat messages, in order. A file without role markers is one user message.

Values that are not strings (dicts, lists: a plan, a commitment) are rendered as indented
JSON. A placeholder with neither a value nor a default raises :class:`PromptError` naming every
missing variable. Extra variables are ignored (callers may pass one context dict to several
templates).

Set ``FCPKIT_PROMPT_DIR`` (``os.pathsep``-separated) to override templates by name with your
own files; they are searched before the packaged ones. A name that is a path to a file
(``prompts/planner_v2.txt``: it has a template suffix or a path separator) loads that file.

A template file edited on disk is read again on its next use: the library remembers each file's
modification time and size, not just its name, so a prompt edited in a notebook or an editor
takes effect without restarting the kernel (one ``stat`` per use; parsing happens only when the
file changed).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from fcpkit.errors import PromptError

__all__ = [
    "PromptTemplate",
    "PromptLibrary",
    "render_prompt",
    "render_messages",
    "prompt_variables",
    "list_prompts",
    "default_library",
    "PAGE_OPEN",
    "PAGE_CLOSE",
    "fence_page",
    "neutralize",
    "load_prompt_file",
    "is_prompt_path",
]

#: The fence around page text in the prompts: the page is data from a website, never instructions.
PAGE_OPEN, PAGE_CLOSE = "<<<PAGE>>>", "<<<END PAGE>>>"


#: what could close the fence or open a chat role inside page text
_INERT = re.compile(r"<<+|>>+|<\|[^|>]{0,20}\|>")


def neutralize(text: str) -> str:
    """Page text with anything that could close the fence or open a chat role made inert."""
    return _INERT.sub(lambda m: m.group(0).replace("<", "\u2039").replace(">", "\u203a").replace("|", "\u00a6"), text or "")


def fence_page(text: str) -> str:
    """``text`` (from a web page) between the fence lines the prompts name, as untrusted data;
    fence lines and chat-role markers inside it are made inert, so page text cannot close the
    fence and speak as the prompt."""
    return f"{PAGE_OPEN}\n{neutralize(text)}\n{PAGE_CLOSE}"

_MARKER = re.compile(r"^<<(defaults|system|user|assistant)>>[ \t]*$", re.MULTILINE)
_SUFFIXES = (".txt", ".j2", ".tmpl")


def _format_value(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (dict, list, tuple)):
        return json.dumps(value, indent=2, ensure_ascii=False, default=str)
    if hasattr(value, "to_dict"):
        return json.dumps(value.to_dict(), indent=2, ensure_ascii=False, default=str)
    return str(value)


def _identifiers(template: Template) -> list[str]:
    names: list[str] = []
    for m in template.pattern.finditer(template.template):
        name = m.group("named") or m.group("braced")
        if name and name not in names:
            names.append(name)
    return names


@dataclass(frozen=True)
class PromptTemplate:
    """A parsed template file: its messages (role, ``string.Template``) and defaults."""

    name: str
    path: str
    sections: tuple[tuple[str, Template], ...]
    defaults: dict

    @classmethod
    def parse(cls, name: str, text: str, path: str = "<string>") -> "PromptTemplate":
        parts = _MARKER.split(text)
        head, rest = parts[0], parts[1:]
        sections: list[tuple[str, Template]] = []
        defaults: dict = {}
        if not rest:
            sections.append(("user", Template(text.strip("\n"))))
        else:
            if head.strip():
                raise PromptError(
                    f"prompt {name!r} ({path}): text before the first <<role>> marker; "
                    "move it under <<system>> or <<user>>"
                )
            for role, body in zip(rest[0::2], rest[1::2]):
                if role == "defaults":
                    try:
                        defaults = json.loads(body)
                    except json.JSONDecodeError as e:
                        raise PromptError(f"prompt {name!r} ({path}): <<defaults>> is not a JSON object: {e}") from None
                    if not isinstance(defaults, dict):
                        raise PromptError(f"prompt {name!r} ({path}): <<defaults>> must be a JSON object")
                else:
                    sections.append((role, Template(body.strip("\n"))))
        if not sections:
            raise PromptError(f"prompt {name!r} ({path}): no <<system>> or <<user>> section")
        return cls(name=name, path=path, sections=tuple(sections), defaults=defaults)

    @property
    def variables(self) -> list[str]:
        """Every placeholder, in order of first appearance."""
        out: list[str] = []
        for _, t in self.sections:
            out += [n for n in _identifiers(t) if n not in out]
        return out

    @property
    def required(self) -> list[str]:
        """Placeholders without a default."""
        return [v for v in self.variables if v not in self.defaults]

    def messages(self, **variables: Any) -> list[dict[str, str]]:
        values = {**self.defaults, **variables}
        missing = [v for v in self.variables if v not in values]
        if missing:
            raise PromptError(
                f"prompt {self.name!r} ({self.path}) is missing variable(s): {', '.join(missing)}; "
                f"pass them as keyword arguments (it takes: {', '.join(self.variables)})"
            )
        mapping = {k: _format_value(v) for k, v in values.items()}
        out = []
        for role, t in self.sections:
            try:
                content = t.substitute(mapping)
            except ValueError as e:  # a lone '$' in the template
                raise PromptError(f"prompt {self.name!r} ({self.path}): {e}; write '$$' for a literal '$'") from None
            out.append({"role": role, "content": content})
        return out

    def render(self, **variables: Any) -> str:
        """The rendered messages' contents joined by a blank line (role markers dropped)."""
        return "\n\n".join(m["content"] for m in self.messages(**variables))


def is_prompt_path(name: str | os.PathLike) -> bool:
    """Whether ``name`` names a template file rather than a template: a path object, a path
    separator, or a template suffix (``planner`` is a name; ``planner.txt`` and ``./p`` are files)."""
    if isinstance(name, os.PathLike):
        return True
    return os.sep in name or "/" in name or name.endswith(_SUFFIXES)


#: parsed template files by path: ((mtime_ns, size), template); re-parsed when either changes
_FILES: dict[str, tuple[tuple[int, int], PromptTemplate]] = {}


def load_prompt_file(path: str | os.PathLike, name: str | None = None) -> PromptTemplate:
    """The template in file ``path``, parsed again whenever the file has changed since last read.

    Raises :class:`PromptError` naming the file when it does not exist or does not parse."""
    p = Path(path).expanduser()
    try:
        st = p.stat()
    except OSError:
        raise PromptError(f"prompt file {str(p)!r} does not exist; fix: give the path of a template file "
                          "(a <<system>>/<<user>> text such as fcpkit/llm/prompts/planner.txt)") from None
    if not p.is_file():
        raise PromptError(f"prompt file {str(p)!r} is not a file; fix: give the path of a template file")
    key, stamp = str(p.resolve()), (st.st_mtime_ns, st.st_size)
    hit = _FILES.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise PromptError(f"prompt file {str(p)!r} is not UTF-8 text ({e}); fix: save it as UTF-8") from None
    tpl = PromptTemplate.parse(name or _stem(p.name), text, str(p))
    _FILES[key] = (stamp, tpl)
    return tpl


def _stem(filename: str) -> str:
    for suf in _SUFFIXES:
        if filename.endswith(suf):
            return filename[: -len(suf)]
    return filename


class PromptLibrary:
    """Templates looked up by name in ``dirs`` (first hit wins), then in the package; a name that
    is a file path (:func:`is_prompt_path`) loads that file. Every file is re-read when it changes."""

    def __init__(self, *dirs: str | Path, include_package: bool = True):
        self.dirs = [Path(d) for d in dirs]
        self.include_package = include_package

    def _candidates(self):
        for d in self.dirs:
            yield d
        if self.include_package:
            yield resources.files("fcpkit.llm").joinpath("prompts")

    def names(self) -> list[str]:
        found: set[str] = set()
        for d in self._candidates():
            try:
                entries = list(d.iterdir())
            except (FileNotFoundError, NotADirectoryError):
                continue
            for p in entries:
                for suf in _SUFFIXES:
                    if p.name.endswith(suf):
                        found.add(p.name[: -len(suf)])
        return sorted(found)

    def get(self, name: str | os.PathLike) -> PromptTemplate:
        if is_prompt_path(name):
            return load_prompt_file(name)
        for d in self._candidates():
            for suf in _SUFFIXES:
                p = d.joinpath(name + suf)
                if p.is_file():
                    if isinstance(p, Path):
                        return load_prompt_file(p, name)
                    return PromptTemplate.parse(name, p.read_text(encoding="utf-8"), str(p))  # inside an archive
        raise PromptError(
            f"no prompt template named {name!r}; known: {', '.join(self.names()) or '(none)'} "
            f"(searched {', '.join(str(d) for d in self._candidates())})"
        )

    def messages(self, name: str, /, **variables: Any) -> list[dict[str, str]]:
        return self.get(name).messages(**variables)

    def render(self, name: str, /, **variables: Any) -> str:
        return self.get(name).render(**variables)


_DEFAULT: PromptLibrary | None = None
_DEFAULT_ENV: str | None = None


def default_library() -> PromptLibrary:
    """The library used by the module-level functions (honours ``FCPKIT_PROMPT_DIR``)."""
    global _DEFAULT, _DEFAULT_ENV
    env = os.environ.get("FCPKIT_PROMPT_DIR", "")
    if _DEFAULT is None or env != _DEFAULT_ENV:
        _DEFAULT = PromptLibrary(*[d for d in env.split(os.pathsep) if d])
        _DEFAULT_ENV = env
    return _DEFAULT


def render_prompt(name: str, /, **variables: Any) -> str:
    """Render template ``name`` to one string. Missing variables raise :class:`PromptError`."""
    return default_library().render(name, **variables)


def render_messages(name: str, /, **variables: Any) -> list[dict[str, str]]:
    """Render template ``name`` to chat messages ``[{"role": ..., "content": ...}, ...]``."""
    return default_library().messages(name, **variables)


def prompt_variables(name: str) -> list[str]:
    """The placeholders of template ``name`` that have no default (must be passed)."""
    return default_library().get(name).required


def list_prompts() -> list[str]:
    return default_library().names()
