"""The README's curl examples run against the app, so they cannot drift."""

import json
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.settings import Settings
from scripts.readme_examples import README, Example, examples, mismatch, parse_curl

README_TEXT = README.read_text(encoding="utf-8")
EXAMPLES = examples(README_TEXT)


def route_exists(app: FastAPI, method: str, path: str) -> bool:
    # FastAPI includes routers lazily (app.routes holds them unexpanded), so ask its OpenAPI document,
    # which lists every operation of every included router.
    return method.lower() in app.openapi()["paths"].get(path, {})


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_readme_example(app: FastAPI, client: TestClient, example: Example) -> None:
    if not route_exists(app, example.method, example.path):
        pytest.skip(f"{example.method} {example.path} is not implemented yet")
    response = client.request(
        example.method, example.path, content=None if example.body is None else example.body.encode(),
        headers=example.headers,
    )
    assert response.status_code == 200, response.text
    if example.expected is not None:
        problem = mismatch(example.expected, response.json())
        assert problem is None, f"{example}: {problem}"


def test_readme_has_an_example_for_every_endpoint(client: TestClient) -> None:
    documented = {(e.method.lower(), e.path) for e in EXAMPLES}
    for path, operations in client.get("/openapi.json").json()["paths"].items():
        for method in operations:
            assert (method, path) in documented, f"README has no curl example for {method.upper()} {path}"


def test_readme_has_the_contract_endpoints() -> None:
    documented = {(e.method, e.path) for e in EXAMPLES}
    for endpoint in [("GET", "/health"), ("GET", "/rules"), ("GET", "/yaku"), ("POST", "/hand/score"),
                     ("POST", "/match/end-check")]:
        assert endpoint in documented


def test_readme_examples_use_the_default_address() -> None:
    for block in re.findall(r"```bash\n(curl .*?)```", README_TEXT, re.DOTALL):
        assert "http://127.0.0.1:8000/" in block


def test_readme_documents_every_setting() -> None:
    names = {f"MAHJONG_{field.upper()}" for field in Settings.__dataclass_fields__}
    documented = set(re.findall(r"`(MAHJONG_[A-Z_]+)`", README_TEXT))
    assert names <= documented


def test_readme_names_the_default_preset_and_the_two_commands() -> None:
    assert re.search(r"default preset is\s+\*\*`tenhou`\*\*", README_TEXT)
    assert "make run " in README_TEXT and "make test " in README_TEXT


def test_curl_parser() -> None:
    example = parse_curl(
        "curl -s -X POST http://127.0.0.1:8000/x \\\n  -H 'Content-Type: application/json' \\\n  -d '{\"a\": 1}'", 1
    )
    assert (example.method, example.path, example.body) == ("POST", "/x", '{"a": 1}')
    assert example.headers == {"Content-Type": "application/json"}
    with pytest.raises(ValueError):
        parse_curl("curl --unknown http://127.0.0.1:8000/", 1)


def test_mismatch() -> None:
    assert mismatch({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2, "c": 3}], "d": 4}) is None
    assert mismatch({"a": 1}, {"a": 2}) == "$.a: expected 1, got 2"
    assert mismatch({"a": [1]}, {"a": [1, 2]}) is not None


def readme_section(title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", README_TEXT, re.DOTALL | re.MULTILINE)
    assert match, f"README has no section '{title}'"
    return match.group(1)


def test_readme_notation_section_is_the_api_description() -> None:
    """The README's notation guide is the text /docs shows (app/api/guide.py), word for word."""
    from app.api.guide import description, guide

    section = readme_section("Notation, melds and context defaults")
    assert section.endswith(f"\n{guide()}\n"), "README's notation section differs from app/api/guide.py's guide()"
    assert guide() in description()


def test_readme_context_defaults_are_the_models_defaults() -> None:
    """Each row of the README's defaults table against the request model's own default, and every field listed."""
    from app.schemas.analyze import AnalyzeContextModel

    defaults = readme_section("Notation, melds and context defaults").split("### Context defaults")[1].split("###")[0]
    rows = re.findall(r"^\| `(\w+)` \| `([^`]*)` \|", defaults, re.MULTILINE)
    fields = AnalyzeContextModel.model_fields
    assert [name for name, _ in rows] == list(fields)
    for name, default in rows:
        assert json.loads(default) == fields[name].get_default(call_default_factory=True), name


def test_readme_context_flags_are_the_flag_table() -> None:
    """The README's table of context flags has one row per row of the core's flag table, in its order, with what
    each needs and rules out."""
    from app.scoring.context_flags import CONTEXT_FLAGS

    flags = readme_section("Notation, melds and context defaults").split("### Context flags")[1]
    rows = re.findall(r"^\| `(\w+)` \| ([^|]*) \| ([^|]*) \|", flags, re.MULTILINE)
    assert [name for name, _, _ in rows] == [flag.name for flag in CONTEXT_FLAGS]
    assert dict((name, needs) for name, needs, _ in rows)["ippatsu"] == "`riichi`"
    assert dict((name, out) for name, _, out in rows)["rinshan"] == "`haitei`, `ippatsu`"
