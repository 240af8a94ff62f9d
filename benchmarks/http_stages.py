"""Where a POST /hand/score request's instructions go, the edge's stages beside the core's, counted by callgrind for
whichever build this tree runs (benchmarks/http_stages.sh runs it for both builds and prints the table).

    .venv/bin/python benchmarks/http_stages.py RUN PASSES --bodies FILE

The bodies are benchmarks/http_bodies.py's (what `make bench-http` sends). Every run first makes one pass of the
whole request over every body (so that, as in `make bench-http`, the server has seen every hand), then PASSES more of
RUN: `k` (0-5) does the first k stages of the route's work for each body, each pass with fresh objects as a request
makes them: 1 validate (the request model from the body's bytes, the route's one validation), 2 core records (the
hand, context and rules the core takes, app/api/core_args.py), 3 score (the core: score_hand), 4 encode (the answer's
names in English and msgspec's JSON of it), 5 response (the Response with its headers). `health` and `score` call
the whole ASGI app in-process (middleware, routing, the route class), GET /health and POST /hand/score, as uvicorn
would but without the server and its socket. A stage's cost is the difference between two runs.
"""

import argparse
import asyncio
import os
import sys
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import msgspec
from pydantic import TypeAdapter
from starlette.types import ASGIApp, Message, Scope

from app.api.core_args import context_of, hand_of, rules_of
from app.api.hand import json_response
from app.api.language import localize
from app.main import create_app
from app.schemas.hand import HandScoreRequest
from app.scoring import score_hand
from app.settings import Settings

STAGES = ("validate", "core records", "score", "encode", "response")
validate_json = TypeAdapter(HandScoreRequest).validate_json  # as the route class validates the body
encode = msgspec.json.Encoder().encode  # as app/api/hand.py writes the answer


def run_stages(bodies: list[bytes], stages: int) -> None:
    for body in bodies:
        if stages == 0:
            continue
        request = validate_json(body)
        if stages == 1:
            continue
        args = hand_of(request.hand), context_of(request.context), rules_of(request.rules)
        if stages == 2:
            continue
        result = score_hand(*args)
        if stages == 3:
            continue
        content = encode(localize(result, "en"))
        if stages == 5:
            json_response(content, "en")


def scope_of(method: str, path: str, body: bytes | None) -> Scope:
    headers = [(b"host", b"127.0.0.1")]
    if body is not None:
        headers += [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
            "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"", "headers": headers,
            "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000), "state": {}}


async def call(app: ASGIApp, method: str, path: str, body: bytes | None) -> None:
    """One request through the app, its body in one message; fails unless the answer is 200."""
    status = 0

    async def receive() -> Message:
        return {"type": "http.request", "body": body or b"", "more_body": False}

    async def send(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    await app(scope_of(method, path, body), receive, send)
    assert status == 200, (path, status, body)


def run_app(app: ASGIApp, bodies: list[bytes], path: str) -> None:
    async def requests() -> None:
        for body in bodies:
            if path == "/health":
                await call(app, "GET", path, None)
            else:
                await call(app, "POST", path, body)

    asyncio.run(requests())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", choices=[str(k) for k in range(len(STAGES) + 1)] + ["health", "score"])
    parser.add_argument("passes", type=int)
    parser.add_argument("--bodies", required=True, help="one /hand/score body a line (benchmarks/http_bodies.py)")
    args = parser.parse_args()
    with open(args.bodies, "rb") as f:
        bodies = [line.strip() for line in f if line.strip()]
    app = create_app(Settings.from_env())
    run_app(app, bodies, "/hand/score")
    run_app(app, bodies, "/health")
    runs: dict[str, Callable[[], None]] = {
        "health": lambda: run_app(app, bodies, "/health"),
        "score": lambda: run_app(app, bodies, "/hand/score"),
    }
    for _ in range(args.passes):
        runs.get(args.run, lambda: run_stages(bodies, int(args.run)))()


if __name__ == "__main__":
    main()
