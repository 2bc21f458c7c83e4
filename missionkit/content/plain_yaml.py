"""PyYAML's syntax errors in plain words, with the line they point at and a caret under it.

PyYAML says what its parser expected ("expected <block end>, but found '<block mapping
start>'"); a designer needs what is wrong with the file and where. Each rule below turns one
family of parser messages into a sentence about the text; a message no rule knows keeps
PyYAML's wording, still shown with its line and caret."""

from __future__ import annotations

import re

import yaml

# (pattern over "context | problem", plain explanation, point at the context mark instead)
RULES: list[tuple[re.Pattern[str], str, bool]] = [
    (re.compile(r"character '\\t'"),
     "a tab character: YAML indents with spaces only (replace the tab by spaces)", False),
    (re.compile(r"quoted scalar.*end of stream"),
     "a quote opened here is never closed (add the closing quote)", True),
    (re.compile(r"flow sequence.*expected ',' or '\]'"),
     "a list opened with '[' is not closed with ']' on its line, or a ',' is missing", True),
    (re.compile(r"flow mapping.*expected ',' or '\}'"),
     "a mapping opened with '{' is not closed with '}' on its line, or a ',' is missing", True),
    (re.compile(r"mapping values are not allowed here"),
     "a ':' where none can be: either this line is indented differently from the line above, "
     "or a text holding ': ' needs quotes around it", False),
    (re.compile(r"block (collection|mapping).*expected <block end>"),
     "this line is not lined up with the lines above it: check its indentation (spaces "
     "before the first word)", False),
    (re.compile(r"could not find expected ':'"),
     "a key without its ':' (or a quote on the line above left open)", False),
    (re.compile(r"expected the node content, but found '([}\]])'"),
     "a closing '\\1' with nothing open before it", False),
    (re.compile(r"undefined alias '?([^']*)'?"),
     "'*\\1' refers to an anchor '&\\1' that is not defined (put text starting with '*' in "
     "quotes)", False),
    (re.compile(r"character '([@`])' that cannot start any token"),
     "a value cannot start with '\\1': put the text in quotes", False),
    (re.compile(r"did not find expected (key|'-' indicator)"),
     "this line is not lined up with the lines above it: check its indentation", False),
]


def explain(exc: yaml.MarkedYAMLError, text: str) -> tuple[int | None, str, str]:
    """(line, plain message, the line with a caret under the column) for a syntax error."""
    said = f"{exc.context or ''} | {exc.problem or ''}"
    message, mark = (exc.problem or exc.context or "invalid YAML").strip(), exc.problem_mark
    for pattern, plain, at_context in RULES:
        found = pattern.search(said)
        if found:
            message = found.expand(plain)
            if at_context and exc.context_mark is not None:
                mark = exc.context_mark
            break
    mark = mark or exc.context_mark
    if mark is None:
        return None, message, ""
    return mark.line + 1, message, caret(text, mark.line, mark.column)


def caret(text: str, line: int, column: int) -> str:
    """'  12 | <the line>' and a caret under `column` (0-based line and column)."""
    lines = text.splitlines()
    if not 0 <= line < len(lines):
        return ""
    shown = lines[line].replace("\t", " ")
    gutter = f"{line + 1:>5} | "
    return f"{gutter}{shown}\n{' ' * (len(gutter) - 2)}| {' ' * min(column, len(shown))}^"
