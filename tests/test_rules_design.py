"""One rules model: every option and every preset is declared once, `players` included, and everything else that
names them (the request models, GET /rules, the OpenAPI document, the README's and the docs' tables) is generated
from those declarations. These tests fail when a concept is written down a second time."""

import ast
import re
from dataclasses import fields
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.match.rules import MATCH_OPTIONS, OPTIONS, MatchRules
from app.schemas.rules import HandRulesModel, MatchRulesIn, SettleRulesIn
from app.scoring.rules import DEFAULT_PRESET, HAND_OPTIONS, PRESETS, HandRules
from app.scoring.vocabulary import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"
DECLARED_IN = {"app/scoring/rules.py", "app/match/rules.py"}  # the option fields, and the preset table
SOURCE_KEYS = set(re.findall(r"^\| ([A-Z0-9-]+) \|", (ROOT / "docs" / "presets.md").read_text(), re.MULTILINE))


def _modules() -> list[tuple[str, ast.Module]]:
    return [(str(path.relative_to(ROOT)), ast.parse(path.read_text())) for path in sorted(APP.rglob("*.py"))]


def _string_keys(node: ast.Dict) -> set[str]:
    return {key.value for key in node.keys if isinstance(key, ast.Constant) and isinstance(key.value, str)}


def _option_declarations() -> list[tuple[str, str]]:
    """(module, name) of each class field declared with `option(...)`."""
    found = []
    for module, tree in _modules():
        for node in ast.walk(tree):
            if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                    and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", None) == "option"):
                found.append((module, node.target.id))
    return found


def test_every_option_is_declared_by_exactly_one_field() -> None:
    declared = [name for _, name in _option_declarations()]
    assert sorted(declared) == sorted(OPTIONS), "an option declared twice, or a field that is not in OPTIONS"
    assert {module for module, _ in _option_declarations()} == DECLARED_IN


def test_no_module_keeps_a_table_of_options_beside_the_fields() -> None:
    """A module-level dict keyed by options (their docs, labels, defaults), or a class whose fields are options (a
    hand-written request model), is a second declaration. Context flags share two names with options (renhou,
    nagashi_mangan), hence the threshold; a request body may name options (its values), hence module level only."""
    for module, tree in _modules():
        for node in tree.body:
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            if isinstance(value, ast.Dict) and module not in DECLARED_IN:
                keyed = _string_keys(value) & set(OPTIONS)
                assert len(keyed) <= 2 or 2 * len(keyed) <= len(value.keys), f"{module}:{node.lineno} keys options"
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name not in ("HandRules", "MatchRules"):
                names = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
                assert len(names & set(OPTIONS)) <= 2, f"{module}:{node.lineno} {node.name} declares options"


def test_every_preset_is_declared_once_in_the_preset_table() -> None:
    """No other dict keyed by the presets' names (their labels, their options of one scope), and no list of their
    names (a Literal, a tuple): the names come from PRESETS."""
    for module, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict) and len(_string_keys(node) & set(PRESETS)) > 1:
                assert module == "app/scoring/rules.py" and _is_the_preset_table(node), f"{module}:{node.lineno}"
            if isinstance(node, ast.Tuple | ast.List):
                names = {e.value for e in node.elts if isinstance(e, ast.Constant)} & set(PRESETS)
                assert len(names) <= 1, f"{module}:{node.lineno} lists presets"


def _is_the_preset_table(node: ast.Dict) -> bool:
    return all(isinstance(value, ast.Call) and getattr(value.func, "id", None) == "RuleSet" for value in node.values)


def test_players_is_one_option_read_by_both_scopes() -> None:
    assert [name for _, name in _option_declarations()].count("players") == 1
    assert OPTIONS["players"].scope == "both" and "players" in HAND_OPTIONS
    assert "players" not in {f.name for f in fields(MatchRules)}  # MatchRules reads it from its HandRules
    assert MatchRules(HandRules(players=3)).players == 3


@pytest.mark.parametrize(("model", "scopes"), [
    (HandRulesModel, {"hand", "both"}), (MatchRulesIn, {"match", "both"}), (SettleRulesIn, {"hand", "match", "both"}),
])
def test_each_request_model_is_the_option_table_of_its_scope(model: type, scopes: set[str]) -> None:
    expected = ["preset", *(name for name, option in OPTIONS.items() if option.scope in scopes)]
    assert list(model.model_fields) == expected  # type: ignore[attr-defined]
    for name in expected[1:]:
        assert model.model_fields[name].description == OPTIONS[name].spec.meaning  # type: ignore[attr-defined]


def test_the_scopes_are_the_rules_that_read_them() -> None:
    assert {name for name, option in OPTIONS.items() if option.scope != "match"} == set(HAND_OPTIONS)
    assert {name for name, option in OPTIONS.items() if option.scope == "match"} == set(MATCH_OPTIONS)


def test_every_option_and_preset_has_five_labels_and_known_sources() -> None:
    for what, label, sources in [*((name, o.spec.label, o.spec.sources) for name, o in OPTIONS.items()),
                                 *((name, p.label, p.sources) for name, p in PRESETS.items())]:
        assert all(label.of(language).strip() for language in LANGUAGES), what
        assert sources and set(sources) <= SOURCE_KEYS, (what, set(sources) - SOURCE_KEYS)


def test_every_option_is_read_by_the_core() -> None:
    """An option nobody reads is a promise the service does not keep."""
    read = {node.attr for module, tree in _modules() if module.startswith(("app/scoring", "app/match"))
            for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert set(OPTIONS) <= read, set(OPTIONS) - read


def test_get_rules_is_the_option_and_preset_tables(client: TestClient) -> None:
    body = client.get("/rules").json()
    assert body["default_preset"] == DEFAULT_PRESET
    assert [(o["name"], o["scope"], o["meaning"], o["labels"]) for o in body["options"]] == [
        (name, o.scope, o.spec.meaning, {language: o.spec.label.of(language) for language in LANGUAGES})
        for name, o in OPTIONS.items()]
    assert [p["name"] for p in body["presets"]] == list(PRESETS)
    for entry in body["presets"]:
        sent = PRESETS[entry["name"]].options
        assert {**entry["hand"], **entry["match"]}.items() >= sent.items(), entry["name"]


def test_the_openapi_preset_enum_is_the_preset_table(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert schemas["Preset"]["enum"] == list(PRESETS)


def test_the_readme_and_docs_tables_are_generated_from_the_tables() -> None:
    """`make openapi` (scripts/rules_docs.py) writes them; edit the option fields or PRESETS, never the tables."""
    from scripts import rules_docs

    readme = rules_docs.README.read_text(encoding="utf-8")
    assert rules_docs.readme(readme) == readme, "README's rules tables are stale: run `make openapi`"
    assert rules_docs.OPTIONS_DOC.read_text(encoding="utf-8") == rules_docs.options_document(), \
        "docs/options.md is stale: run `make openapi`"
