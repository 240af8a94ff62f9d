"""GET /version says which build answers: the core (app/scoring, app/match) compiled with mypyc (setup.py) or its
Python source. The suite runs on both builds (`make test`, pure; `make test-compiled`, compiled, which sets MAHJONG_EXPECT_BUILD so
that a build that silently fell back to the source fails here)."""

import ast
import os
import platform
from pathlib import Path

from fastapi.testclient import TestClient

import app.scoring.evaluate
from app.api.health import CORE_MODULES, CORE_PACKAGES, core_build, core_modules, is_compiled
from app.match.rules import OPTIONS, AbortiveDraw, Length, Uma
from app.scoring.vocabulary import Renhou


def test_version_names_the_version_the_build_and_python(client: TestClient) -> None:
    answer = client.get("/version")
    assert answer.status_code == 200
    assert answer.json() == {"version": client.app.version, "build": core_build(),  # type: ignore[attr-defined]
                             "python": platform.python_version()}


def test_the_build_is_the_one_expected() -> None:
    expected = os.environ.get("MAHJONG_EXPECT_BUILD")
    build = core_build()
    if expected:
        assert build == expected
    assert build != "partial", [name for name in core_modules() if not is_compiled(name)]
    assert (build == "compiled") == app.scoring.evaluate.__file__.endswith(".so")


def test_every_core_module_is_counted() -> None:
    modules = core_modules()
    assert {"app.errors", "app.scoring", "app.scoring.evaluate", "app.scoring.analysis", "app.scoring.yaku"} <= set(modules)
    assert {"app.match", "app.match.rules", "app.match.settle", "app.match.endcheck", "app.match.standings"} <= set(modules)
    assert not any(name.startswith(("app.api", "app.schemas", "app.records")) for name in modules)


def test_the_build_looks_at_every_module_setup_py_compiles() -> None:
    """setup.py's CORE (what mypyc compiles) and GET /version's core (what core_build() looks at) are the same modules."""
    setup = ast.parse((Path(__file__).parent.parent / "setup.py").read_text())
    (core,) = [node.value for node in setup.body if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "CORE"]
    compiled = {path.removesuffix(".py").replace("/", ".") for path in ast.literal_eval(core)}
    assert compiled == {*CORE_PACKAGES, *CORE_MODULES}


def test_the_option_table_has_the_types_the_source_declares() -> None:
    """mypyc erases a compiled class's annotations to runtime classes (tuple[AbortiveDraw, ...] to tuple); the option
    table reads them from the source (app.scoring.annotations), so the request models, GET /rules and the coercion
    of a client's values see the same types in both builds."""
    assert OPTIONS["abortive_draws"].type == tuple[AbortiveDraw, ...]
    assert OPTIONS["goal_score"].type == int | None
    assert OPTIONS["uma"].type == Uma == tuple[int, ...]
    assert OPTIONS["floating_uma"].type == tuple[Uma, ...] | None
    assert OPTIONS["renhou"].type == Renhou
    assert OPTIONS["length"].type is Length
