# Sourced by scripts/mypyc_check.sh and scripts/mypyc_bench.sh: `compile_scratch_copy DIR...` copies the project's
# folders DIR... into a scratch directory ($work, removed on exit) and compiles the pure cores (app/scoring,
# app/errors.py) there with mypyc. $python: the project's interpreter, as an absolute path.
python=${PYTHON:-.venv/bin/python}
case $python in /*) ;; *) python=$PWD/$python ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

compile_scratch_copy() {
    cp -r "$@" "$work/"
    find "$work" -name __pycache__ -prune -exec rm -rf {} +
    (cd "$work" && "$(dirname "$python")/mypyc" app/errors.py app/scoring/ >"$work/mypyc.log" 2>&1) \
        || { tail -n 30 "$work/mypyc.log" >&2; echo "mypyc could not compile the core" >&2; exit 1; }
}
