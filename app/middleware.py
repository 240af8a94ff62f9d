"""Pure-ASGI layers: request limits, before the app sees a request (larger bodies answer 413, a body not sent as JSON
415, too deeply nested JSON 422), and the security headers of every answer."""

import re
from base64 import b64encode
from collections.abc import Mapping
from hashlib import sha256
from itertools import accumulate

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.errors import problem_response

# A JSON string, possessive so that no input makes it backtrack; an unterminated one runs to the end.
_JSON_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
_SQUARE = bytes.maketrans(b"{}", b"[]")  # nesting counts opening and closing brackets alike, whatever their kind
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_SKELETON = bytes(b for b in range(256) if b not in b'[]{}"\\')
_STEP = [0] * 256
_STEP[ord("[")] = 1
_STEP[ord("]")] = -1


def nested_deeper_than(body: bytes, limit: int) -> bool:
    """Whether arrays and objects nest more than `limit` levels deep in `body` (brackets inside strings do not count)."""
    if body.count(b"[") + body.count(b"{") <= limit:  # too few opening brackets to nest deeper (any single hand)
        return False
    skeleton = body.translate(_SQUARE, _NOT_SKELETON)  # brackets as [ and ], quotes, backslashes
    return _depth(_peeled(_brackets_outside_strings(body, skeleton), limit)) > 0


def _brackets_outside_strings(body: bytes, skeleton: bytes) -> bytes:
    # A body with no escape and no bracket inside a string (any real request) has each string as a pair of
    # adjacent quotes in its skeleton: dropping those pairs leaves no quote.
    brackets = skeleton.replace(b'""', b"")
    if b'"' in brackets or b"\\" in brackets:
        return _JSON_STRING.sub(b"", body).translate(_SQUARE, _NOT_BRACKETS)
    return brackets


def _peeled(brackets: bytes, levels: int) -> bytes:
    """`brackets` (only [ and ]) with `levels` levels peeled off: it still nests (depth over 0) exactly when
    `brackets` nests deeper than `levels`.

    With closing brackets after the end, every deepest opening bracket is followed by a closing one, so one
    pass dropping each adjacent pair "[]" lowers the depth by exactly one; each pass uses up at most one of the
    `levels` closing brackets added. A real request runs out of opening brackets after a few passes."""
    brackets += b"]" * levels
    for _ in range(levels):
        if b"[" not in brackets:
            break
        brackets = brackets.replace(b"[]", b"")
    return brackets


def _depth(brackets: bytes) -> int:
    """How deeply `brackets` (only [ and ]) nest: the highest count of opening brackets not yet closed."""
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def is_json(content_type: bytes | None) -> bool:
    """Whether a Content-Type names JSON: application/json or application/*+json (RFC 6839), parameters aside."""
    if content_type is None:
        return False
    media_type = content_type.split(b";", 1)[0].strip().lower()
    return media_type == b"application/json" or (media_type.startswith(b"application/") and media_type.endswith(b"+json"))


class BodySizeLimit:
    """Reject a request whose body is over its cap (`path_caps` for the paths it names, else `max_body_bytes`), is not
    sent as JSON, or (when set) nests JSON deeper than `max_json_depth`.

    A declared Content-Length over the cap is refused before a byte of the body is read; otherwise
    the streamed body is counted as it arrives (chunked uploads included) and replayed to the app.
    A body (declared by Content-Length or sent chunked) whose Content-Type is missing or not JSON answers 415
    `unsupported_media_type`, whatever the route: every body the service reads is JSON.
    The nesting check runs on the whole body before any JSON parsing: it answers 422 `json_invalid`.
    """

    def __init__(self, app: ASGIApp, max_body_bytes: int, max_json_depth: int | None = None,
                 path_caps: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_json_depth = max_json_depth
        self.path_caps = dict(path_caps or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cap = self.path_caps.get(scope["path"], self.max_body_bytes)
        length, content_type = _body_headers(scope)
        if length > cap:
            await _too_large(cap, scope, receive, send)
            return
        if length and not is_json(content_type):
            response = problem_response(415, "unsupported_media_type", ["header", "content-type"],
                                        "The request body must be JSON, sent with the header `Content-Type: application/json`.")
            await response(scope, receive, send)
            return

        buffered: list[Message] = []
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            buffered.append(message)
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > cap:
                await _too_large(cap, scope, receive, send)
                return
            if not message.get("more_body", False):
                break

        depth = self.max_json_depth
        if depth is not None and size > depth and nested_deeper_than(b"".join(chunks), depth):
            response = problem_response(
                422,
                "json_invalid",
                ["body"],
                f"The JSON nests arrays and objects more than {depth} levels deep; "
                "a valid request needs far fewer.",
            )
            await response(scope, receive, send)
            return

        async def replay() -> Message:
            return buffered.pop(0) if buffered else await receive()

        await self.app(scope, replay, send)


async def _too_large(cap: int, scope: Scope, receive: Receive, send: Send) -> None:
    response = problem_response(413, "request_too_large", ["body"], f"The request body is larger than the limit of {cap} bytes.")
    await response(scope, receive, send)


def _body_headers(scope: Scope) -> tuple[int, bytes | None]:
    """The body's declared length (-1 when it is sent chunked, 0 without a body or a readable length) and its Content-Type."""
    length, content_type, chunked = 0, None, False
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                length = int(value)
            except ValueError:
                length = 0
        elif name == b"content-type":
            content_type = value
        elif name == b"transfer-encoding":
            chunked = True
    return -1 if chunked else length, content_type


# Every answer: no content sniffing, no Referer to anyone. HTML answers also a Content-Security-Policy: nothing from
# outside the service's own origin, no framing; WebAssembly in a Web Worker for the page's offline engine.
SECURITY_HEADERS = ((b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"))
CSP_HEADER = b"content-security-policy"
_CSP = {
    "default-src": "'self'",
    "script-src": "'self' 'wasm-unsafe-eval'",
    "worker-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def content_security_policy(script_hashes: tuple[str, ...] = (), style_hashes: tuple[str, ...] = ()) -> str:
    """The HTML answers' policy, with the sha256 hashes (base64) of a page's own inline scripts and styles added."""
    extra = {"script-src": script_hashes, "style-src": style_hashes}
    return "; ".join(" ".join([name, value, *(f"'sha256-{h}'" for h in extra.get(name, ()))])
                     for name, value in _CSP.items())


CONTENT_SECURITY_POLICY = content_security_policy().encode()
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_INLINE_STYLE = re.compile(r"<style>(.*?)</style>", re.DOTALL)


def _hashes(pattern: re.Pattern[str], html: str) -> tuple[str, ...]:
    return tuple(b64encode(sha256(block.encode()).digest()).decode() for block in pattern.findall(html))


def policy_for(html: str) -> dict[str, str]:
    """The Content-Security-Policy header of a page written here, its own inline scripts and styles allowed by hash
    (Swagger UI's start-up script, the front door's style) and nothing else inline."""
    policy = content_security_policy(_hashes(_INLINE_SCRIPT, html), _hashes(_INLINE_STYLE, html))
    return {"Content-Security-Policy": policy}


class SecurityHeaders:
    """Adds SECURITY_HEADERS to every answer, and the policy to an HTML (or script) answer that does not set its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", ()), *SECURITY_HEADERS]
                if _is_html(headers) and all(name != CSP_HEADER for name, _ in headers):
                    headers.append((CSP_HEADER, CONTENT_SECURITY_POLICY))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


# The answers a policy governs: a page, and a script a page may start as a worker (a worker's policy is its script's).
_POLICED = (b"text/html", b"text/javascript", b"application/javascript")


def _is_html(headers: list[tuple[bytes, bytes]]) -> bool:
    """Whether the answer is a page or a script (the worker's), which carry the policy."""
    return any(name == b"content-type" and value.startswith(_POLICED) for name, value in headers)
