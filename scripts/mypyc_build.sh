# Sourced by scripts/mypyc_check.sh and scripts/test_compiled.sh: `compiled_scratch_copy DIR...` copies the
# project's folders DIR... into a scratch directory ($work, removed on exit) and puts beside their sources the C
# extensions of the compiled wheel in dist/ (`make dist`: setup.py, the cores compiled with mypyc), so that Python
# in $work imports the compiled core: the very modules the image runs. $python: the project's interpreter.
python=${PYTHON:-.venv/bin/python}
case $python in /*) ;; *) python=$PWD/$python ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

compiled_scratch_copy() {
    cp -r "$@" "$work/"
    find "$work" -name __pycache__ -prune -exec rm -rf {} +
    "$python" scripts/compiled_extensions.py "$work"
}
