"""No module-level constant is bound twice unless the second binding reads the first (guard._RULES wraps
its rules, entities._ZH_TO_NAME fills in its pattern). A pattern module thousands of lines long is appended
to each round; a new pattern given an old one's name silently replaces it, and every rule that read the old
one reads the new one instead (found in round 47, when a new WHERE_THEY_LIVE_EN dropped an older shape)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src" / "hindsight"


def _bound_names(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.Assign):
        return [target.id for target in node.targets if isinstance(target, ast.Name)]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    return []


def _rebound_without_reading(tree: ast.Module) -> list[str]:
    seen: Counter[str] = Counter()
    shadowed = []
    for node in tree.body:
        read = {
            name.id
            for name in ast.walk(node)
            if isinstance(name, ast.Name) and isinstance(name.ctx, ast.Load)
        }
        for name in _bound_names(node):
            if name.isupper() or name.lstrip("_").isupper():
                if seen[name] and name not in read:
                    shadowed.append(name)
                seen[name] += 1
    return shadowed


def test_no_constant_is_silently_rebound() -> None:
    found = {
        str(path.relative_to(SOURCE)): names
        for path in sorted(SOURCE.rglob("*.py"))
        if (names := _rebound_without_reading(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_a_rebinding_that_does_not_read_the_first_is_found() -> None:
    tree = ast.parse("A = 1\nB = 2\nA = 3\nB = B + 1\n")
    assert _rebound_without_reading(tree) == ["A"]
