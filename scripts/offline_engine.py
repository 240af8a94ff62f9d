"""make offline-engine: everything the calculator page needs to score and settle with no network, in app/web/offline/
(not committed; the service serves it under /calculator/static/offline/ and the wheel ships it).

- Pyodide's runtime (CPython 3.14 in WebAssembly), copied from the pinned npm package (tools/pyodide/package.json);
- the wheels of the Python packages the engine imports besides the standard library (WHEELS: pydantic and its
  dependencies, pydantic-core built for Pyodide's platform), downloaded from PyPI by pip;
- engine.zip: the service's own source, as it is in this tree: every module of the core (app/scoring, app/match)
  and every other module app.answers imports (the request and answer models of app/schemas, ...);
- files.json: what the service worker stores and the worker loads (names, sizes, the engine's version).

Usage: python scripts/offline_engine.py [OUT_DIR]
"""

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "tools" / "pyodide"
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The Python packages the engine imports besides the standard library (pydantic, for the very request and answer
# models the service validates and writes with), pinned to the service's own versions (tests/test_answers.py checks
# them against the environment pyproject.toml installs): pydantic-core's wheel is built for Pyodide's WebAssembly
# platform, the others are pure Python.
WHEELS = ("pydantic==2.14.4", "pydantic-core==2.50.5", "typing-extensions==4.16.0", "typing-inspection==0.4.5",
          "annotated-types==0.8.0")
# Pyodide 314's platform: CPython 3.14 on emscripten, ABI 2026_0 (pyodide-lock.json's "info").
WHEEL_PLATFORM = ("--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14", "--implementation", "cp")
CORE_PACKAGES = ("app/scoring", "app/match")
ENTRY_MODULE = "app.answers"
ENGINE = "engine.zip"


def imported_modules(module: str) -> list[str]:
    """The modules of `app` that importing `module` loads, in this tree's source (a fresh interpreter)."""
    code = f"import sys, {module}; print('\\n'.join(n for n in sys.modules if n == 'app' or n.startswith('app.')))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return sorted(out.split())


def source_of(module: str) -> Path:
    path = ROOT / module.replace(".", "/")
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def engine_sources() -> list[Path]:
    """The core's packages whole, and every other module the entry module imports (each package's __init__ included)."""
    core = {path for package in CORE_PACKAGES for path in (ROOT / package).rglob("*.py")}
    return sorted(core | {source_of(module) for module in imported_modules(ENTRY_MODULE)})


def write_engine(out: Path) -> str:
    """engine.zip of the engine's sources (fixed timestamps, so the same source gives the same bytes); its sha256."""
    with zipfile.ZipFile(out / ENGINE, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in engine_sources():
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return hashlib.sha256((out / ENGINE).read_bytes()).hexdigest()


def copy_runtime(out: Path) -> None:
    package = PYODIDE / "node_modules" / "pyodide"
    for name in RUNTIME:
        shutil.copyfile(package / name, out / name)


def download_wheels(out: Path) -> list[str]:
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                    *WHEEL_PLATFORM, "-d", str(out), *WHEELS], check=True)
    return sorted(path.name for path in out.glob("*.whl"))


def main(out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_runtime(out)
    wheels = download_wheels(out)
    version = write_engine(out)
    files = [*RUNTIME, *wheels, ENGINE]
    sizes = {name: (out / name).stat().st_size for name in files}
    manifest = {"version": version[:16], "wheels": wheels, "engine": ENGINE, "files": files, "bytes": sum(sizes.values()),
                "sizes": sizes}
    (out / "files.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"{out.relative_to(ROOT)}: {len(files)} files, {manifest['bytes'] / 1e6:.1f} MB")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "app" / "web" / "offline")
