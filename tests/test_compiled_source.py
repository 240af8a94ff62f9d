"""The compiled build (mypyc) runs three things in the core interpreted, which these tests keep out of the per-hand
path (docs/performance.md, "What the compiler compiles"): the __init__ a dataclass generates, the constructor of a
named tuple, and every read of a module-level name that is not Final (a dictionary lookup per read)."""

import ast
import dataclasses
import importlib
import inspect
from pathlib import Path

import pytest

CORE = sorted(Path("app/scoring").glob("*.py"))


def module_of(path: Path) -> object:
    return importlib.import_module(".".join(path.with_suffix("").parts))


@pytest.mark.parametrize("path", CORE, ids=str)
def test_every_record_made_per_hand_writes_its_init(path: Path) -> None:
    """A dataclass that is not frozen is made per hand (a frozen one is a shared value, made once and memoized):
    it declares init=False and writes __init__, which the compiler compiles."""
    module = module_of(path)
    for name, cls in vars(module).items():
        if inspect.isclass(cls) and cls.__module__ == module.__name__ and dataclasses.is_dataclass(cls):
            params = cls.__dataclass_params__  # type: ignore[attr-defined]
            if not params.frozen:
                assert not params.init and "__init__" in cls.__dict__, f"{path}: {name} needs init=False and an __init__"


@pytest.mark.parametrize("path", CORE, ids=str)
def test_every_module_constant_is_final(path: Path) -> None:
    for node in ast.parse(path.read_text()).body:
        targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets if isinstance(node, ast.Assign) else []
        for target in targets:
            if isinstance(target, ast.Name) and target.id.lstrip("_").isupper() and target.id not in ("K", "V"):
                annotation = ast.unparse(node.annotation) if isinstance(node, ast.AnnAssign) else ""
                assert "Final" in annotation, f"{path}:{node.lineno}: {target.id} is a constant: annotate it Final"
