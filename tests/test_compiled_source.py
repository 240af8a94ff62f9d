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
# app/scoring and app/match, as setup.py compiles them. A settled hand makes a few of app/match's records, so their generated __init__ stays:
# dataclasses.replace and the standings' Fractions are its interpreted costs (docs/performance.md, "The match").
COMPILED = sorted([*CORE, *Path("app/match").glob("*.py")])


def module_of(path: Path) -> object:
    return importlib.import_module(".".join(path.with_suffix("").parts))


# Made only when the rules and the yaku tables are declared (a module loads, a set of rules is first met).
MADE_WITH_THE_TABLES = {"Rows", "Names", "Option", "OptionSpec", "RuleSet", "HandRules", "Yaku", "Yakuman", "ContextCheck",
                        "Term", "Need", "ContextFlag"}


@pytest.mark.parametrize("path", CORE, ids=str)
def test_every_record_writes_its_init(path: Path) -> None:
    """A record the pipeline makes (per hand, or per first-seen pattern) declares init=False and writes __init__,
    which the compiler compiles; a frozen one sets its fields with object.__setattr__, as the generated one does."""
    module = module_of(path)
    for name, cls in vars(module).items():
        if inspect.isclass(cls) and cls.__module__ == module.__name__ and dataclasses.is_dataclass(cls) \
                and name not in MADE_WITH_THE_TABLES:
            params = cls.__dataclass_params__  # type: ignore[attr-defined]
            assert not params.init and "__init__" in cls.__dict__, f"{path}: {name} needs init=False and an __init__"
            fields = [f.name for f in dataclasses.fields(cls)]
            assert _written_init(path, name) == (fields, fields), f"{path}: {name}.__init__ must take and set every field"


def _written_init(path: Path, name: str) -> tuple[list[str], list[str]]:
    """The parameters of a class's written __init__ (self left out) and the fields its body sets, in order."""
    (cls,) = [n for n in ast.parse(path.read_text()).body if isinstance(n, ast.ClassDef) and n.name == name]
    (init,) = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
    set_fields = []
    for statement in init.body:
        value = statement.value if isinstance(statement, ast.Expr) else None
        if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Attribute):
            set_fields.append(statement.targets[0].attr)
        elif isinstance(value, ast.Call) and isinstance(value.args[1], ast.Constant):  # object.__setattr__(self, ...)
            set_fields.append(str(value.args[1].value))
    return [a.arg for a in init.args.args[1:]], set_fields


@pytest.mark.parametrize("path", COMPILED, ids=str)
def test_every_module_constant_is_final(path: Path) -> None:
    for node in ast.parse(path.read_text()).body:
        targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets if isinstance(node, ast.Assign) else []
        for target in targets:
            if isinstance(target, ast.Name) and target.id.lstrip("_").isupper() and target.id not in ("K", "V"):
                annotation = ast.unparse(node.annotation) if isinstance(node, ast.AnnAssign) else ""
                assert "Final" in annotation, f"{path}:{node.lineno}: {target.id} is a constant: annotate it Final"
