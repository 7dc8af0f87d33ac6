"""JSON schemas for the four LLM-backed modules, matching the prompt templates.

They are kept small and flat so that a grammar-constrained small model (llama.cpp) can follow
them. Each is a plain dict; pass it as ``schema=`` to :meth:`LLMClient.complete_json`.
Commitments follow the plan contract in docs/formats.md (``id, subgoal, skill, confidence,
confirm{precondition,progress,completion}, falsify{execution,skill,planning}``); the verifier's
``scope`` uses the string ``"none"`` where docs/formats.md's checker output uses ``null``.
"""

from __future__ import annotations

import copy

from fcpkit.llm.quote_guard import VERIFIER_QUOTED_SCHEMA

__all__ = [
    "COMMITMENT_SCHEMA",
    "PLANNER_SCHEMA",
    "VERIFIER_SCHEMA",
    "VERIFIER_REASONED_SCHEMA",
    "PROMPT_SCHEMAS",
    "REPAIRER_SCHEMA",
    "EXECUTOR_SCHEMA",
    "SKILL_INDUCER_SCHEMA",
    "FAILURE_INDUCER_SCHEMA",
    "MODULE_SCHEMAS",
    "schema_for",
]

# maxLength bounds the answer (llama.cpp turns it into the grammar) so a small model that
# starts repeating itself stops early instead of running to max_tokens.
_SHORT = {"type": "string", "maxLength": 120}
_SENTENCE = {"type": "string", "maxLength": 300}
_STRINGS = {"type": "array", "items": _SHORT, "maxItems": 4}

COMMITMENT_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "id": {"type": "string", "maxLength": 40},
        "subgoal": _SHORT,
        "skill": {"type": "string", "maxLength": 80},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "confirm": {
            "type": "object",
            "properties": {"precondition": _STRINGS, "progress": _STRINGS, "completion": _STRINGS},
            "required": ["precondition", "progress", "completion"],
            "additionalProperties": False,
        },
        "falsify": {
            "type": "object",
            "properties": {"execution": _STRINGS, "skill": _STRINGS, "planning": _STRINGS},
            "required": ["execution", "skill", "planning"],
            "additionalProperties": False,
        },
    },
    "required": ["id", "subgoal", "skill", "confidence", "confirm", "falsify"],
    "additionalProperties": False,
}

PLANNER_SCHEMA: dict = {
    "type": "object",
    "properties": {"commitments": {"type": "array", "items": COMMITMENT_SCHEMA, "minItems": 1, "maxItems": 8}},
    "required": ["commitments"],
    "additionalProperties": False,
}

VERIFIER_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "decision": {"type": "string", "enum": ["continue", "advance", "repair"]},
        "scope": {"type": "string", "enum": ["none", "execution", "skill", "planning"]},
        "diagnosis": _SENTENCE,
        # optional: the page text (quoted) that contradicts a hard finding the answer lifts; it is
        # checked against the app-authored page text (fcpkit.core.precedence), never obeyed
        "contradicting": {"type": "string", "maxLength": 200},
    },
    "required": ["decision", "scope", "diagnosis"],
    "additionalProperties": False,
}

#: The verifier with a short reasoning field first: llama.cpp's grammar keeps the schema's key
#: order, so the model writes what it sees on the page before it commits to a decision.
VERIFIER_REASONED_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "reasoning": {"type": "string", "maxLength": 240},
        "decision": {"type": "string", "enum": ["continue", "advance", "repair"]},
        "scope": {"type": "string", "enum": ["none", "execution", "skill", "planning"]},
    },
    "required": ["reasoning", "decision", "scope"],
    "additionalProperties": False,
}

REPAIRER_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "scope": {"type": "string", "enum": ["execution", "skill", "planning"]},
        "strategy": {
            "type": "string",
            "enum": ["local_repair", "switch_skill", "backtrack", "rewrite_commitment", "replan"],
        },
        "backtrack": {"type": "boolean"},
        "guidance": _SENTENCE,
        "commitments": {"type": "array", "items": COMMITMENT_SCHEMA, "maxItems": 8},
    },
    "required": ["scope", "strategy", "backtrack", "guidance", "commitments"],
    "additionalProperties": False,
}

EXECUTOR_SCHEMA: dict = {
    "type": "object",
    "properties": {"reasoning": _SENTENCE, "action": _SHORT},
    "required": ["reasoning", "action"],
    "additionalProperties": False,
}

#: One skill written from one segment of a successful run (paper appendix B.3); evidence items
#: are templates whose {placeholders} must be the task parameters given in the prompt.
SKILL_INDUCER_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "key": _SENTENCE,
        "subgoal": _SHORT,
        "actions": _STRINGS,
        "preconditions": _STRINGS,
        "completion": _STRINGS,
        "falsifiers": _STRINGS,
    },
    "required": ["key", "subgoal", "actions", "preconditions", "completion", "falsifiers"],
    "additionalProperties": False,
}

#: One failure case's analysis (paper appendix B.4): the repair in words and a falsifier template.
FAILURE_INDUCER_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "analysis": _SENTENCE,
        "strategy": {"type": "string", "enum": ["local_repair", "switch_skill", "backtrack", "rewrite_commitment", "replan"]},
        "hint": _SENTENCE,
        "falsifier": _SHORT,
    },
    "required": ["analysis", "strategy", "hint", "falsifier"],
    "additionalProperties": False,
}

MODULE_SCHEMAS: dict[str, dict] = {
    "planner": PLANNER_SCHEMA,
    "verifier": VERIFIER_SCHEMA,
    "repairer": REPAIRER_SCHEMA,
    "executor": EXECUTOR_SCHEMA,
    "skill_inducer": SKILL_INDUCER_SCHEMA,
    "failure_inducer": FAILURE_INDUCER_SCHEMA,
}


#: The schema each verifier prompt template asks for (by template name).
PROMPT_SCHEMAS: dict[str, dict] = {
    "verifier": VERIFIER_SCHEMA,
    "verifier_v1": VERIFIER_SCHEMA,
    "verifier_reasoned": VERIFIER_REASONED_SCHEMA,
    "verifier_fewshot": VERIFIER_REASONED_SCHEMA,
    "verifier_quoted": VERIFIER_QUOTED_SCHEMA,
    "verifier_fewshot_quoted": VERIFIER_QUOTED_SCHEMA,
}


def schema_for(module: str) -> dict:
    """A deep copy of the default schema of ``module`` (planner/verifier/repairer/executor)."""
    try:
        return copy.deepcopy(MODULE_SCHEMAS[module])
    except KeyError:
        raise KeyError(f"no default schema for module {module!r}; known: {sorted(MODULE_SCHEMAS)}") from None
