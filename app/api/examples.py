"""The OpenAPI document's examples: each operation's example requests (example_requests.py) on its request body, for
Swagger UI's picker, and beside each the app's real answer (example_responses.json) on the response of its status.

The answers are written by `make openapi` (scripts/examples.py runs every example request through the app) and
tests/test_examples.py checks each against the live answer. The document is built once, on its first request.
"""

import json
from pathlib import Path
from typing import Any

from app.api.example_requests import EXAMPLES

RESPONSES_PATH = Path(__file__).with_name("example_responses.json")
JSON = "application/json"

Answers = dict[str, dict[str, dict[str, Any]]]  # operation id -> example name -> {"status", "body"}


def load_answers() -> Answers:
    """The committed answers; none before the first `make openapi` (the examples then show requests only)."""
    if not RESPONSES_PATH.exists():
        return {}
    answers: Answers = json.loads(RESPONSES_PATH.read_text(encoding="utf-8"))
    return answers


def document_examples(openapi: dict[str, Any], answers: Answers | None = None) -> dict[str, Any]:
    """`openapi` (changed in place) with every operation's example requests and, where known, their answers."""
    answers = load_answers() if answers is None else answers
    for operations in openapi["paths"].values():
        for operation in operations.values():
            operation_id = operation["operationId"]
            examples = EXAMPLES.get(operation_id)
            if not examples:
                continue
            operation["requestBody"]["content"][JSON]["examples"] = {
                name: {"summary": summary, "value": body} for name, (summary, body) in examples.items()}
            for name, (summary, _) in examples.items():
                answer = answers.get(operation_id, {}).get(name)
                if answer is not None:
                    _add_answer(operation["responses"], str(answer["status"]), name, summary, answer["body"])
    return openapi


def _add_answer(responses: dict[str, Any], status: str, name: str, summary: str, body: object) -> None:
    response = responses[status]
    media = response["content"][JSON]  # copied, not changed: operations may share one error content
    examples = {**media.get("examples", {}), name: {"summary": summary, "value": body}}
    responses[status] = {**response, "content": {**response["content"], JSON: {**media, "examples": examples}}}
