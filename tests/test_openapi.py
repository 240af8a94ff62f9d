"""openapi/openapi.json is committed and equals what the app serves (`make openapi` rewrites it)."""

import json
import sys
from pathlib import Path

from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from export_openapi import OPENAPI_PATH, render  # noqa: E402


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
