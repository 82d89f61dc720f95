"""Tool arguments checked against the tool's inputSchema before anything runs.

A model's bad call (a number where a string belongs, a missing field, an unknown tool, arguments
that are not JSON) comes back to it as one sentence naming each field and what is expected —
with the field's own description, which carries the example ("订单号，格式如 SF123456") — so it
can correct the call. Nothing is sent to a tool until its arguments are valid.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, ValidationError

_JSON_TYPES = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "object": "an object",
    "array": "a list",
    "null": "null",
}


@dataclass(frozen=True, slots=True)
class Checked:
    """The parsed arguments, or why they cannot be used (`error`, written for the model)."""

    arguments: dict[str, Any]
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def parse_arguments(raw: str | None) -> tuple[dict[str, Any] | None, str | None]:
    """The model's argument text as an object, or an error."""
    if raw is None or not raw.strip():
        return {}, None
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        return None, f"the arguments are not valid JSON ({exc.msg} at character {exc.pos})"
    if not isinstance(value, dict):
        return None, f"the arguments must be a JSON object, got {_kind(value)}"
    return value, None


def check_call(name: str, raw_arguments: str | None, schema: Mapping[str, Any] | None) -> Checked:
    """Checks one call of tool `name` whose inputSchema is `schema`."""
    arguments, problem = parse_arguments(raw_arguments)
    if arguments is None:
        return Checked({}, f"Invalid call of {name}: {problem}. Expected: {signature(schema or {})}.")
    problems = validate(arguments, schema or {})
    if problems:
        return Checked(
            arguments,
            f"Invalid arguments for {name}: {'; '.join(problems)}. Expected: {signature(schema or {})}. "
            f"Correct the arguments and call {name} again.",
        )
    return Checked(arguments)


def unknown_tool(name: str, available: Iterable[str]) -> str:
    names = ", ".join(sorted(available)) or "none"
    return f"Unknown tool {name!r}: there is no such tool. Available tools: {names}."


def validate(arguments: Mapping[str, Any], schema: Mapping[str, Any]) -> list[str]:
    """Every problem of `arguments` against `schema`, one phrase each, in field order."""
    try:
        validator = Draft202012Validator(dict(schema))
        errors = sorted(
            validator.iter_errors(dict(arguments)), key=lambda e: [str(p) for p in e.absolute_path]
        )
    except SchemaError as exc:  # the server's schema is broken: say so rather than guess
        return [f"the tool's own input schema is invalid ({exc.message})"]
    return [_phrase(error, schema) for error in errors]


def _phrase(error: ValidationError, root: Mapping[str, Any]) -> str:
    where = ".".join(str(part) for part in error.absolute_path) or "the arguments"
    field_schema = error.schema if isinstance(error.schema, Mapping) else {}
    hint = _hint(field_schema)
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        prop = _property(root, [*error.absolute_path, missing])
        return f"{_path(error, missing)} is missing (required; {describe(prop)}{_hint(prop)})"
    if error.validator == "additionalProperties":
        allowed = ", ".join(field_schema.get("properties", {})) or "none"
        extras = sorted(set(error.instance) - set(field_schema.get("properties", {})))
        names = ", ".join(repr(extra) for extra in extras)
        return f"unknown argument {names} (the arguments are: {allowed})"
    if error.validator == "type":
        got = f"{_kind(error.instance)} {_show(error.instance)}"
        return f"{where} must be {describe(field_schema)}{hint}, got {got}"
    if error.validator == "enum":
        return f"{where} must be {describe(field_schema)}, got {_show(error.instance)}"
    if error.validator == "pattern":
        expected = hint or f" {field_schema['pattern']}"
        return f"{where} {_show(error.instance)} does not have the expected format{expected}"
    return f"{where}: {error.message}{hint}"


def _path(error: ValidationError, leaf: str) -> str:
    return ".".join([*(str(part) for part in error.absolute_path), leaf])


def _property(root: Mapping[str, Any], path: list[Any]) -> Mapping[str, Any]:
    node: Mapping[str, Any] = root
    for part in path:
        if isinstance(part, int):
            node = node.get("items", {}) if isinstance(node.get("items"), Mapping) else {}
        else:
            props = node.get("properties", {})
            node = props.get(part, {}) if isinstance(props, Mapping) else {}
    return node


def _hint(schema: Mapping[str, Any]) -> str:
    description = schema.get("description")
    return f" — {description}" if isinstance(description, str) and description.strip() else ""


def describe(schema: Mapping[str, Any]) -> str:
    """What a value of `schema` is, in words ("a string", "'low' or 'high'")."""
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    for combinator in ("anyOf", "oneOf"):
        if combinator in schema:
            return " or ".join(describe(option) for option in schema[combinator])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(_JSON_TYPES.get(str(k), str(k)) for k in kind)
    if kind is None:
        return "any value"
    words = _JSON_TYPES.get(str(kind), str(kind))
    if kind in ("integer", "number") and ("minimum" in schema or "maximum" in schema):
        words += f" from {schema.get('minimum', '-inf')} to {schema.get('maximum', 'inf')}"
    return words


def signature(schema: Mapping[str, Any]) -> str:
    """The arguments a tool takes, in one line: "order_id (a string, required); ..."."""
    required = set(schema.get("required", []))
    parts = []
    for name, prop in (schema.get("properties") or {}).items():
        prop = prop if isinstance(prop, Mapping) else {}
        need = "required" if name in required else "optional"
        parts.append(f"{name} ({describe(prop)}, {need})")
    return "; ".join(parts) or "no arguments"


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:59] + "…"
