"""openapi/openapi.json is committed and equals what the app serves (`make openapi` rewrites it)."""

import json
import sys
from pathlib import Path

import jsonschema
import pytest
from fastapi import APIRouter
from fastapi.testclient import TestClient
from pydantic import BaseModel

from app.main import create_app
from app.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from export_openapi import OPENAPI_PATH, render  # noqa: E402


class Echo(BaseModel):
    count: int


def test_committed_openapi_equals_the_served_one(client: TestClient) -> None:
    served = client.get("/openapi.json")
    assert served.status_code == 200
    assert OPENAPI_PATH.exists(), "openapi/openapi.json is missing: run `make openapi`"
    committed = json.loads(OPENAPI_PATH.read_text(encoding="utf-8"))
    assert committed == served.json(), "openapi/openapi.json is out of date: run `make openapi` and commit it"


def test_committed_openapi_is_in_the_exported_format(client: TestClient) -> None:
    """Byte for byte what `make openapi` writes, so that regenerating it gives no spurious diff."""
    assert OPENAPI_PATH.read_text(encoding="utf-8") == render(client.get("/openapi.json").json())


def test_document_names_the_service_endpoints(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "get" in paths["/health"]
    assert "/docs" not in paths  # the docs pages are not API operations


ERROR_REF = {"$ref": "#/components/schemas/ErrorResponse"}


def error_statuses(document: dict) -> dict[tuple[str, str], list[str]]:
    """Each operation's documented 4xx, after checking that every one of them is the one ErrorResponse (JSON only;
    an example answer may stand beside the schema)."""
    found = {}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            statuses = [status for status in operation["responses"] if status.startswith("4")]
            for status in statuses:
                content = operation["responses"][status]["content"]
                assert list(content) == ["application/json"], (method, path, status)
                assert content["application/json"]["schema"] == ERROR_REF, (method, path, status)
            found[(method, path)] = statuses
    return found


def test_every_4xx_of_every_operation_is_the_one_error_schema(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    body = ["413", "415", "422"]
    assert error_statuses(document) == {
        ("get", "/health"): [], ("get", "/version"): [], ("get", "/yaku"): ["422"], ("get", "/rules"): ["422"],  # 422: an unknown lang
        ("post", "/hand/score"): body, ("post", "/hand/score/batch"): body, ("post", "/hand/points"): body,
        ("post", "/hand/analyze"): body, ("post", "/hand/analyze/batch"): body,
        ("post", "/match/end-check"): body, ("post", "/match/settle"): body, ("post", "/match/replay"): body,
        ("post", "/records/verify"): body, ("post", "/records/convert"): body, ("post", "/records/stats"): body,
    }
    schemas = document["components"]["schemas"]
    assert schemas["ErrorResponse"] == {
        "title": "ErrorResponse", "type": "object", "additionalProperties": False,
        "description": "Every rejection (4xx, and the generic 500): one entry per problem.",
        "properties": {"detail": {"title": "Detail", "type": "array", "items": {"$ref": "#/components/schemas/ErrorEntry"}}},
        "required": ["detail"],
    }
    assert schemas["ErrorEntry"]["required"] == ["type", "loc", "msg"]
    assert schemas["ErrorEntry"]["properties"]["loc"]["items"] == {"anyOf": [{"type": "string"}, {"type": "integer"}]}
    # No other error schema: nothing else describes a `detail` list or a {type, loc, msg} entry.
    error_like = [name for name, schema in schemas.items()
                  if "detail" in schema.get("properties", {}) and "ok" not in schema["properties"]
                  or {"loc", "msg"} <= set(schema.get("properties", {}))]
    assert error_like == ["ErrorEntry", "ErrorResponse"]
    assert schemas["HandScoreBatchItem"]["properties"]["detail"]["items"] == {"$ref": "#/components/schemas/ErrorEntry"}


def test_a_route_added_later_is_documented_the_same_way() -> None:
    app = create_app(Settings())
    router = APIRouter()

    @router.put("/_things/{name}")
    async def rename_thing(name: str, body: Echo) -> Echo:
        return body

    @router.get("/_things")
    async def list_things(limit: int = 10) -> list[str]:
        return []

    app.include_router(router)
    document = app.openapi()
    assert error_statuses(document)[("put", "/_things/{name}")] == ["404", "413", "415", "422"]
    assert error_statuses(document)[("get", "/_things")] == ["422"]
    assert document["paths"]["/_things/{name}"]["put"]["operationId"] == "rename_thing"
    assert document["paths"]["/_things"]["get"]["operationId"] == "list_things"


def test_operation_ids_read_as_method_names(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    ids = {(method, path): operation["operationId"] for path, operations in paths.items() for method, operation in operations.items()}
    assert ids == {
        ("get", "/health"): "health", ("get", "/version"): "version", ("get", "/yaku"): "list_yaku", ("get", "/rules"): "list_rules",
        ("post", "/hand/score"): "score_hand", ("post", "/hand/score/batch"): "score_hands",
        ("post", "/hand/analyze"): "analyze_hand", ("post", "/hand/analyze/batch"): "analyze_hands",
        ("post", "/hand/points"): "score_points", ("post", "/match/end-check"): "check_match_end",
        ("post", "/match/settle"): "settle_hand", ("post", "/match/replay"): "replay_match",
        ("post", "/records/verify"): "verify_record", ("post", "/records/convert"): "convert_record",
        ("post", "/records/stats"): "record_stats",
    }


def test_schema_names_are_the_models_own(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert not [name for name in schemas if name.startswith(("Response_", "Body_"))]
    assert schemas["HealthResponse"]["properties"] == {"status": {"title": "Status", "type": "string", "const": "ok"}}


@pytest.mark.parametrize(("body", "headers", "status"), [
    (b"{}", {"Content-Type": "application/json"}, 422),
    (b"{", {"Content-Type": "application/json"}, 422),
    (b"{}", {"Content-Type": "text/plain"}, 415),
    (b" " * (16 * 1024 * 1024 + 1), {"Content-Type": "application/json"}, 413),  # over every cap, the stats' 16 MiB too
], ids=["invalid", "malformed", "not-json", "too-large"])
def test_every_error_answer_validates_against_the_documented_schema(client: TestClient, body: bytes, headers: dict[str, str],
                                                                    status: int) -> None:
    """What a generated client does: read the answer with the schema the document names for its status."""
    document = client.get("/openapi.json").json()
    for path, operations in document["paths"].items():
        if "post" not in operations:
            continue
        response = client.post(path, content=body, headers=headers)
        assert response.status_code == status, path
        schema = operations["post"]["responses"][str(status)]["content"]["application/json"]["schema"]
        jsonschema.validate(response.json(), {**schema, "components": document["components"]})


def enum_places(node: object, path: str = "") -> list[str]:
    """Where the document declares an enum, as JSON pointers."""
    if isinstance(node, dict):
        here = [path] if "enum" in node else []
        return here + [place for key, value in node.items() for place in enum_places(value, f"{path}/{key}")]
    if isinstance(node, list):
        return [place for i, value in enumerate(node) for place in enum_places(value, f"{path}/{i}")]
    return []


def test_each_word_list_is_one_named_schema(client: TestClient) -> None:
    """A client generator makes one type per concept: every enum is a component of its own (never inline in a
    property), and no two components list the same values."""
    document = client.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    places = enum_places(document)
    assert places and all(place.count("/") == 3 and place.startswith("/components/schemas/") for place in places), places
    values = [tuple(schemas[place.rsplit("/", 1)[1]]["enum"]) for place in places]
    assert len(values) == len(set(values)), "two schemas list the same values"
    for name in ("Wind", "WinType", "MeldType", "GroupKind", "Wait", "Limit", "Payer", "Preset", "YakuKind", "OptionScope",
                 "DoubleWindPairFu", "Renhou", "PaoCovers", "PaoHonba", "Players"):
        assert schemas[name]["title"] == name and schemas[name]["description"], name
    assert schemas["Wind"]["enum"] == ["east", "south", "west", "north"]
    # The field's own description and default beside the `$ref` (no title: pydantic writes none beside a `$ref`).
    assert schemas["ContextModel"]["properties"]["seat_wind"] == {
        "$ref": "#/components/schemas/Wind", "description": "east is the dealer", "default": "east"}
    assert schemas["MatchStateIn"]["properties"]["round_wind"]["$ref"] == "#/components/schemas/Wind"
    for model in ("HandRulesModel", "MatchRulesIn", "SettleRulesIn"):
        assert schemas[model]["properties"]["preset"]["anyOf"][0] == {"$ref": "#/components/schemas/Preset"}
        assert schemas[model]["properties"]["players"]["anyOf"][0] == {"$ref": "#/components/schemas/Players"}


def test_int_enums_name_their_members(client: TestClient) -> None:
    """openapi-python-client, openapi-generator and openapi-typescript take x-enum-varnames as the member names."""
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    int_enums = {name: schema for name, schema in schemas.items() if schema.get("type") == "integer" and "enum" in schema}
    assert set(int_enums) == {"DoubleWindPairFu", "Players"}
    assert int_enums["DoubleWindPairFu"]["x-enum-varnames"] == ["TWO", "FOUR"]
    assert int_enums["Players"]["x-enum-varnames"] == ["THREE", "FOUR"]


def test_a_batch_item_is_the_single_request_schema(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert schemas["HandScoreBatchRequest"]["properties"]["items"]["items"] == {"$ref": "#/components/schemas/HandScoreRequest"}
    assert schemas["HandAnalyzeBatchRequest"]["properties"]["items"]["items"] == {"$ref": "#/components/schemas/HandAnalyzeRequest"}


def test_the_document_says_where_it_is_served_its_license_and_that_no_credentials_are_needed(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    assert document["servers"] == [{"url": "/", "description": "the server that serves this document"}]
    assert document["info"]["license"]["name"]
    assert document["security"] == []
    tags = {tag for path in document["paths"].values() for operation in path.values() for tag in operation["tags"]}
    assert tags == {tag["name"] for tag in document["tags"]} and all(tag["description"] for tag in document["tags"])


def test_the_verify_answer_documents_its_rules_and_replay_as_the_requests_they_are(client: TestClient) -> None:
    """A generated client reads POST /records/verify's `rules` and `replay` as the SettleRulesIn and ReplayRequest it
    sends, and the mismatch values as what they can be."""
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    verify = schemas["RecordsVerifyResponse"]["properties"]
    assert verify["rules"]["$ref"] == "#/components/schemas/SettleRulesIn"
    assert verify["replay"]["$ref"] == "#/components/schemas/ReplayRequest"
    assert {"ReplayRequest-Input", "ReplayRequest-Output", "SettleRulesIn-Output"}.isdisjoint(schemas)
    recorded = schemas["MismatchOut"]["properties"]["recorded"]["anyOf"]
    assert recorded == [{"type": "integer"}, {"type": "string"},
                        {"type": "array", "items": {"$ref": "#/components/schemas/RecordedYakuOut"}}, {"type": "null"}]
