"""`python -m app.healthcheck`: exit 0 when GET /health on this host answers {"status": "ok"}.

Used by the container's HEALTHCHECK (the image has no curl).
"""

import json
import sys
import urllib.request

from app.settings import Settings


def main() -> int:
    url = f"http://127.0.0.1:{Settings.from_env().port}/health"
    try:
        with urllib.request.urlopen(url, timeout=3) as response:
            ok = response.status == 200 and json.load(response) == {"status": "ok"}
    except Exception as exc:
        print(f"unhealthy: {exc}", file=sys.stderr)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
