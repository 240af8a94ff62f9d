"""Check a server's JSON log lines (read from stdin, e.g. `docker logs NAME 2>&1 | python scripts/check_json_logs.py`).

Fails when a line is not one JSON object with time, level, logger and message, when a line is at level error or
critical, or (with --request-id ID) when no access line carries that request id. Prints how many lines it read.
"""

import argparse
import json
import sys

REQUIRED = {"time", "level", "logger", "message"}


def problems(lines: list[str], request_id: str | None) -> list[str]:
    found = []
    access_ids = set()
    for number, line in enumerate(lines, 1):
        try:
            entry = json.loads(line)
        except ValueError:
            found.append(f"line {number} is not JSON: {line[:200]}")
            continue
        if not isinstance(entry, dict) or not REQUIRED <= set(entry):
            found.append(f"line {number} lacks {sorted(REQUIRED)}: {line[:200]}")
            continue
        if entry["level"] in ("error", "critical"):
            found.append(f"line {number} is an error: {line[:2000]}")
        if entry["logger"] == "app.access":
            access_ids.add(entry.get("request_id"))
    if request_id is not None and request_id not in access_ids:
        found.append(f"no access line carries the request id {request_id!r}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--request-id", help="an access line must carry this request id")
    args = parser.parse_args()
    lines = [line for line in sys.stdin.read().splitlines() if line.strip()]
    found = problems(lines, args.request_id)
    for problem in found:
        print(f"log check: {problem}", file=sys.stderr)
    print(f"log check: {len(lines)} JSON lines, {len(found)} problems")
    return 1 if found or not lines else 0


if __name__ == "__main__":
    sys.exit(main())
