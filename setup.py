"""The build: the pure core (app/scoring, app/match, app/errors.py) compiled with mypyc into C extensions where a C compiler
and the Python headers are present, the pure source otherwise. The .py files ship either way; an
extension module beside its source is what Python imports. GET /version says which build answers.

MAHJONG_BUILD=compiled insists on the compiled build (fails without a compiler), MAHJONG_BUILD=pure skips it;
unset, a wheel (`pip install .`, `pip wheel .`) is compiled when it can be. An editable install (`pip install -e`,
`make test`, `make run`) stays pure so that an edit takes effect.
"""

import os
import shutil
import sys
import sysconfig

from setuptools import setup

# The pure core: no web import. Its classes' annotations are read from the .py files that ship beside the extensions
# (app.scoring.annotations), as mypyc keeps only erased runtime classes.
CORE = ["app/errors.py", "app/scoring", "app/match"]
BUILD_COMMANDS = {"bdist_wheel", "build", "build_ext", "install"}


def can_compile() -> bool:
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "").split()
    headers = os.path.join(sysconfig.get_path("include"), "Python.h")
    return bool(compiler) and shutil.which(compiler[0]) is not None and os.path.exists(headers)


def compiled() -> bool:
    choice = os.environ.get("MAHJONG_BUILD", "")
    if choice not in ("", "compiled", "pure"):
        sys.exit(f"MAHJONG_BUILD={choice!r}: expected compiled, pure or nothing")
    building = bool(BUILD_COMMANDS & set(sys.argv[1:])) and "editable_wheel" not in sys.argv
    if choice == "pure" or not building:
        return False
    if choice == "compiled":
        return True
    if not can_compile():
        print("riichi-scoring: no C compiler or Python headers: building the pure source", file=sys.stderr)
        return False
    return True


# The README ships beside the service (GET /README.md, linked from the front door), under the environment's share/.
DATA_FILES = [("share/riichi-scoring", ["README.md"])]

if compiled():
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(CORE, opt_level="3"), data_files=DATA_FILES)
else:
    setup(data_files=DATA_FILES)
