"""The README's curl examples, parsed so that they can be run: by tests/test_readme.py against the app,
and by .ci/run against the running container (`python scripts/readme_examples.py --base-url URL`).

An example is a ```bash block holding one `curl` command (continued with backslashes); its body may be a file
(`--data-binary @docs/examples/...`, named from the repository's root). When the next
fenced block is ```json, it is the expected response: every key and list item it shows must be in the
real response with the same value (the real one may have more keys).
"""

import argparse
import json
import re
import shlex
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

README = Path(__file__).resolve().parent.parent / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)


@dataclass
class Example:
    line: int
    method: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    body: str | None = None
    expected: object = None

    def __str__(self) -> str:
        return f"README.md:{self.line} {self.method} {self.path}"


def parse_curl(command: str, line: int) -> Example:
    args = shlex.split(command.replace("\\\n", " "))
    if not args or args[0] != "curl":
        raise ValueError(f"README.md:{line}: not a curl command: {command!r}")
    method, url, headers, body = None, None, {}, None
    items = iter(args[1:])
    for arg in items:
        if arg in ("-s", "--silent", "-S", "--show-error", "-f", "--fail"):
            continue
        if arg in ("-X", "--request"):
            method = next(items)
        elif arg in ("-H", "--header"):
            name, _, value = next(items).partition(":")
            headers[name.strip()] = value.strip()
        elif arg in ("-d", "--data", "--data-raw", "--data-binary"):
            body = next(items)
            if body.startswith("@") and arg != "--data-raw":  # a file, named from the repository's root
                body = (README.parent / body[1:]).read_text(encoding="utf-8")
        elif arg.startswith("-"):
            raise ValueError(f"README.md:{line}: curl option {arg} is not understood by this checker")
        elif url is None:
            url = arg
        else:
            raise ValueError(f"README.md:{line}: more than one URL")
    if url is None:
        raise ValueError(f"README.md:{line}: curl without a URL")
    parts = urlsplit(url)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    return Example(line, method or ("POST" if body is not None else "GET"), path, headers, body)


def examples(text: str | None = None) -> list[Example]:
    text = README.read_text(encoding="utf-8") if text is None else text
    found: list[Example] = []
    blocks = list(FENCE.finditer(text))
    for index, block in enumerate(blocks):
        lang, content = block.group(1), block.group(2)
        if lang != "bash" or not content.lstrip().startswith("curl "):
            continue
        line = text.count("\n", 0, block.start()) + 1
        example = parse_curl(content.strip(), line)
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        between = text[block.end() : following.start()] if following else ""
        if following and following.group(1) == "json" and "```" not in between:
            example.expected = json.loads(following.group(2))
        found.append(example)
    return found


def mismatch(expected: object, actual: object, where: str = "$") -> str | None:
    """Where `expected` is not contained in `actual` (dict keys may be extra), or None."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            if key not in actual:
                return f"{where}.{key}: missing"
            problem = mismatch(value, actual[key], f"{where}.{key}")
            if problem:
                return problem
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{where}: expected {expected!r}, got {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            problem = mismatch(e, a, f"{where}[{i}]")
            if problem:
                return problem
        return None
    return None if expected == actual else f"{where}: expected {expected!r}, got {actual!r}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True, help="for example http://127.0.0.1:8000")
    base = parser.parse_args().base_url.rstrip("/")
    with urllib.request.urlopen(f"{base}/openapi.json", timeout=10) as response:
        served = json.load(response)["paths"]
    failures = 0
    for example in examples():
        if example.method.lower() not in served.get(example.path.split("?")[0], {}):
            print(f"skip {example}: not served yet")
            continue
        request = urllib.request.Request(
            base + example.path,
            data=None if example.body is None else example.body.encode(),
            headers=example.headers,
            method=example.method,
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, payload = response.status, json.load(response)
        except urllib.error.HTTPError as error:
            status, payload = error.code, error.read().decode(errors="replace")
        problem = f"status {status}: {payload}" if status != 200 else None
        if problem is None and example.expected is not None:
            problem = mismatch(example.expected, payload)
        print(f"{'FAIL' if problem else 'ok'} {example}" + (f": {problem}" if problem else ""))
        failures += problem is not None
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
