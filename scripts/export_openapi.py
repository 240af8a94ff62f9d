"""Write the app's OpenAPI document to openapi/openapi.json (`make openapi`), after the answers to its examples
(scripts/examples.py), which the document shows, and the README's and docs' tables of rule options
(scripts/rules_docs.py)."""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPENAPI_PATH = ROOT / "openapi" / "openapi.json"


def render(document: dict) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    sys.path.insert(0, str(ROOT))
    import examples
    import rules_docs

    examples.main()
    rules_docs.main()
    from app.main import app  # its document is built on first use, from the answers just written

    OPENAPI_PATH.parent.mkdir(exist_ok=True)
    OPENAPI_PATH.write_text(render(app.openapi()), encoding="utf-8")
    print(f"wrote {OPENAPI_PATH.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
