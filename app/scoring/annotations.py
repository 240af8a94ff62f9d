"""The field types of a class as its source writes them, in both builds.

A class compiled with mypyc keeps only erased runtime classes in `__annotations__` (`tuple[AbortiveDraw, ...]`
becomes `tuple`, `int | None` becomes `object`), so `typing.get_type_hints` no longer says what its fields hold.
The module's source ships beside the extension module (setup.py), so a compiled class's annotations are read from
there and evaluated in the module's namespace: the option table (app.scoring.rules.options_of) and the answer
models generated from the core's records (app.schemas.from_core) see the same types in both builds.
"""

import ast
import sys
from pathlib import Path
from typing import Any, get_type_hints


def field_types(cls: type) -> dict[str, Any]:
    """The type of each annotated field of `cls`, as written in its class body."""
    module = sys.modules[cls.__module__]
    file = module.__file__ or ""
    if file.endswith(".py"):
        return get_type_hints(cls)
    source = Path(file).parent / f"{module.__name__.rpartition('.')[2]}.py"
    (node,) = [n for n in ast.walk(ast.parse(source.read_text())) if isinstance(n, ast.ClassDef) and n.name == cls.__name__]
    return {item.target.id: eval(ast.unparse(item.annotation), vars(module))
            for item in node.body if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
