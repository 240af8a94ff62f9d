"""Write app/api/example_responses.json: the app's answer to every example request of app/api/example_requests.py.

Run by `make openapi` (scripts/export_openapi.py) before the document is written; tests/test_examples.py checks
that every committed answer is still the live one.
"""

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def answers() -> dict[str, dict[str, dict[str, Any]]]:
    """{operation id: {example name: {"status", "body"}}}, each request run through the app in-process."""
    sys.path.insert(0, str(ROOT))
    from fastapi.testclient import TestClient

    from app.api.example_requests import EXAMPLES
    from app.main import create_app
    from app.settings import Settings

    app = create_app(Settings())
    paths = {operation["operationId"]: (method, path)
             for path, operations in app.openapi()["paths"].items() for method, operation in operations.items()}
    client = TestClient(app, raise_server_exceptions=True)
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for operation_id, examples in EXAMPLES.items():
        method, path = paths[operation_id]
        for name, (_, body) in examples.items():
            response = client.request(method, path, json=body)
            found.setdefault(operation_id, {})[name] = {"status": response.status_code, "body": response.json()}
    return found


def render(found: dict[str, Any]) -> str:
    return json.dumps(found, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    from app.api.examples import RESPONSES_PATH

    RESPONSES_PATH.write_text(render(answers()), encoding="utf-8")
    print(f"wrote {RESPONSES_PATH.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
