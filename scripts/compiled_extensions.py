"""Put the C extensions of the compiled wheel in dist/ (`make dist`) into a copy of the project, beside the sources
they were compiled from, so that Python run in that copy imports the compiled core (extension modules come before
source in Python's import order). Used by `make test-compiled`, `make mypyc-check` and `make bench`.

    python scripts/compiled_extensions.py DEST      # exit 1 (and why) when dist/ holds no compiled wheel
"""

from __future__ import annotations

import sys
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

DIST = Path(__file__).resolve().parent.parent / "dist"


def compiled_wheel() -> Path:
    """The wheel of this project in dist/, when it holds the compiled core; SystemExit saying why otherwise."""
    wheels = sorted(DIST.glob("riichi_scoring-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one riichi_scoring wheel in {DIST} (make dist), found {len(wheels)}")
    if wheels[0].name.endswith("-none-any.whl"):
        raise SystemExit(f"{wheels[0].name} is the pure build: no C compiler or Python headers where it was built")
    return wheels[0]


def extract_extensions(wheel: Path, dest: Path) -> int:
    with zipfile.ZipFile(wheel) as archive:
        names = [name for name in archive.namelist() if name.endswith(tuple(EXTENSION_SUFFIXES))]
        for name in names:
            archive.extract(name, dest)
    return len(names)


def main() -> None:
    dest = Path(sys.argv[1])
    wheel = compiled_wheel()
    print(f"{wheel.name}: {extract_extensions(wheel, dest)} extension modules into {dest}")


if __name__ == "__main__":
    main()
