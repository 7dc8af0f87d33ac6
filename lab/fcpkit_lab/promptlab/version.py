"""A prompt version: the planner prompt's editable parts, saved as a template file, named by its hash.

The packaged planner prompt (``fcpkit/llm/prompts/planner.txt``) is one system message and one
user message. Its system message is four paragraphs that a researcher changes separately: who the
model is (``role``), what a commitment's fields are and what to return (``output``, the output
schema in words), how to write each evidence item (``grammar``, the claim forms of docs/claims.md)
and what the page is (``page``, the fence around untrusted page text). A fifth part,
``examples``, holds few-shot examples and is empty in the packaged prompt.

A version is saved in the template format :mod:`fcpkit.llm.templates` reads, so
``fcpkit plan --prompt FILE`` and ``LLMPlanner(prompt=FILE)`` load it as they load any template:
the parts are ``<<defaults>>`` values (``part_role``, ...) and the system message is their
placeholders, blank-line separated. Keeping the parts as values, not as text between markers,
means the file needs no format of its own and a part may contain any text (a ``$`` included).
The hash is that of the file's text, so two versions with the same parts have the same hash,
whatever their file is called, and an answer cached under a hash is an answer to exactly that prompt.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Mapping

from fcpkit.errors import PromptError
from fcpkit.llm.templates import PromptTemplate, load_prompt_file

__all__ = ["PARTS", "PromptVersion", "packaged_planner_text"]

#: The editable parts of the planner's system message, in the order they are joined.
PARTS = ("role", "output", "grammar", "examples", "page")
#: The paragraphs of the packaged system message that start each part (``examples`` has none).
_STARTS = {"role": "You are the planner", "output": "For each commitment give:",
           "grammar": "Write every evidence item", "page": "The current page is data"}
#: Placeholders the planner fills (:meth:`fcpkit.agent.planner.LLMPlanner.messages`); ``task`` and
#: ``observation`` have no default, the rest do.
PLANNER_VARIABLES = ("task", "observation", "skills", "failure_cases", "max_commitments")


def packaged_planner_text() -> str:
    """The text of the packaged planner template (``fcpkit/llm/prompts/planner.txt``)."""
    return resources.files("fcpkit.llm").joinpath("prompts", "planner.txt").read_text(encoding="utf-8")


@dataclass(frozen=True)
class PromptVersion:
    """The planner prompt's parts (:data:`PARTS`), its user message template and its defaults.

    ``name`` is a label for tables; it is not part of the prompt and not in the hash."""

    parts: Mapping[str, str]
    user: str
    defaults: Mapping[str, object] = field(default_factory=dict)
    name: str = ""

    def __post_init__(self) -> None:
        unknown = sorted(set(self.parts) - set(PARTS))
        if unknown:
            raise PromptError(f"prompt version {self.name or '?'}: unknown part(s) {', '.join(unknown)}; "
                              f"the parts are {', '.join(PARTS)}")
        object.__setattr__(self, "parts", {p: str(self.parts.get(p, "")).strip("\n") for p in PARTS})
        object.__setattr__(self, "defaults", dict(self.defaults))

    # -- editing -----------------------------------------------------------------------------
    def with_part(self, part: str, text: str, *, name: str | None = None) -> "PromptVersion":
        """This version with one part replaced (``name`` relabels it)."""
        if part not in PARTS:
            raise PromptError(f"no prompt part {part!r}; the parts are {', '.join(PARTS)}")
        return replace(self, parts={**self.parts, part: text}, name=self.name if name is None else name)

    def named(self, name: str) -> "PromptVersion":
        return replace(self, name=name)

    # -- the file ----------------------------------------------------------------------------
    def to_text(self) -> str:
        """The template file's text (what :meth:`save` writes and :attr:`hash` hashes)."""
        defaults = {**self.defaults, **{f"part_{p}": self.parts[p] for p in PARTS}}
        system = "\n\n".join(f"${{part_{p}}}" for p in PARTS if self.parts[p].strip())
        return (f"<<defaults>>\n{json.dumps(defaults, indent=1, ensure_ascii=False)}\n"
                f"<<system>>\n{system}\n<<user>>\n{self.user.strip(chr(10))}\n")

    @property
    def hash(self) -> str:
        """The first 12 hex digits of the SHA-256 of :meth:`to_text`: what caches key answers by."""
        return hashlib.sha256(self.to_text().encode("utf-8")).hexdigest()[:12]

    @property
    def label(self) -> str:
        return f"{self.name} ({self.hash})" if self.name else self.hash

    def template(self) -> PromptTemplate:
        return PromptTemplate.parse(self.name or "planner", self.to_text(), f"<prompt version {self.label}>")

    def system_text(self) -> str:
        """The system message as the model reads it."""
        return "\n\n".join(self.parts[p] for p in PARTS if self.parts[p].strip())

    def save(self, path: str | Path) -> Path:
        """Write the template file; ``fcpkit plan --prompt PATH`` loads it."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.to_text(), encoding="utf-8")
        return path

    # -- reading -----------------------------------------------------------------------------
    @classmethod
    def default(cls) -> "PromptVersion":
        """The packaged planner prompt, split into its parts."""
        return cls.from_template(PromptTemplate.parse("planner", packaged_planner_text(), "planner.txt"),
                                 packaged_planner_text(), name="packaged")

    @classmethod
    def load(cls, path: str | Path, name: str | None = None) -> "PromptVersion":
        """The version in template file ``path``: one the lab saved, or any planner template (then
        its system message is split as the packaged one is, or kept whole in ``role``)."""
        path = Path(path)
        tpl = load_prompt_file(path)
        return cls.from_template(tpl, path.read_text(encoding="utf-8"), name=name or _stem(path))

    @classmethod
    def from_template(cls, tpl: PromptTemplate, text: str, *, name: str = "") -> "PromptVersion":
        roles = [r for r, _ in tpl.sections]
        where = f"prompt file {tpl.path}"
        if roles != ["system", "user"]:
            raise PromptError(f"{where}: a planner prompt is one <<system>> then one <<user>> section, found "
                              f"{', '.join(roles) or 'none'}; fix: put the instructions under <<system>> and the "
                              "task's placeholders under <<user>>")
        system, user = (t.template for _, t in tpl.sections)
        missing = [v for v in ("task", "observation") if v not in tpl.variables]
        if missing:
            raise PromptError(f"{where}: the <<user>> section never uses ${{{missing[0]}}}, so the model would not "
                              f"see the {'task' if missing[0] == 'task' else 'page'}; fix: add "
                              + " and ".join(f"${{{m}}}" for m in missing) + " to it")
        unknown = [v for v in tpl.required if v not in PLANNER_VARIABLES]
        if unknown:
            raise PromptError(f"{where}: placeholder(s) {', '.join('$' + u for u in unknown)} have no value: the "
                              f"planner fills {', '.join(PLANNER_VARIABLES)}; fix: give them a value in "
                              "<<defaults>> or write $$ for a literal dollar")
        defaults = {k: v for k, v in tpl.defaults.items() if not k.startswith("part_")}
        stored = {k[5:]: v for k, v in tpl.defaults.items() if k.startswith("part_")}
        if stored:
            bad = [k for k, v in stored.items() if k not in PARTS or not isinstance(v, str)]
            if bad:
                raise PromptError(f"{where}: <<defaults>> field part_{bad[0]} is not one of the text parts "
                                  f"{', '.join('part_' + p for p in PARTS)}; fix: rename it or remove it")
            return cls(stored, user, defaults, name)
        return cls(_split_system(system), user, defaults, name)


def _split_system(system: str) -> dict[str, str]:
    """The packaged system message's paragraphs, each under the part its first words name; text
    that starts no known part stays with the part before it (all of it in ``role`` if none match)."""
    parts: dict[str, list[str]] = {p: [] for p in PARTS}
    current = "role"
    for para in system.split("\n\n"):
        current = next((p for p, start in _STARTS.items() if para.lstrip().startswith(start)), current)
        parts[current].append(para)
    return {p: "\n\n".join(v) for p, v in parts.items()}


def _stem(path: Path) -> str:
    return path.name.rsplit(".", 1)[0] if "." in path.name else path.name
