"""GET /version says which build answers: the scoring core compiled with mypyc (setup.py) or its Python source. The
suite runs on both builds (`make test`, pure; `make test-compiled`, compiled, which sets MAHJONG_EXPECT_BUILD so
that a build that silently fell back to the source fails here)."""

import os
import platform

from fastapi.testclient import TestClient

import app.scoring.evaluate
from app.api.health import core_build, core_modules, is_compiled


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
    assert not any(name.startswith(("app.api", "app.schemas", "app.match")) for name in modules)
