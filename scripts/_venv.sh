# Sourced by scripts/lab and scripts/test: the project's own virtual environment, made once.
#
# Debian and Ubuntu keep their system Python "externally managed" (pip refuses to install into it) and
# have no `python` command, so both scripts use `.venv/` in the repository, made with `python3 -m venv`.
# PYTHON=/path/to/python uses that interpreter as it is instead (no .venv, nothing installed).
#
#   use_python         sets $PY: $PYTHON if given, else .venv/bin/python (making .venv if needed)
#   install_extra X    pip install -e '.[X]' into $PY, skipped while pyproject.toml is unchanged
#                      since the last install of X (or of an extra that includes it)

source scripts/_pip.sh

VENV=${VENV:-.venv}  # scripts/site builds in its own (.venv-site): see there

_make_venv() {
  local base
  base=$(command -v python3 || command -v python || true)
  if [ -z "$base" ]; then
    echo "error: no python3 on this machine: install Python 3.11 or newer (Debian: apt-get install python3 python3-venv)" >&2
    return 1
  fi
  if ! "$base" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "error: $base is Python $("$base" -c 'import platform; print(platform.python_version())'); nomercy needs 3.11 or newer" >&2
    return 1
  fi
  echo "making the virtual environment $VENV with $base (once)"
  rm -rf "$VENV"
  if ! "$base" -m venv "$VENV" 2>"$VENV.err"; then
    # Debian ships venv's pip bootstrap in a separate package.
    if grep -q ensurepip "$VENV.err" && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
      echo "installing Debian's python3-venv (apt-get), which python3 -m venv needs"
      { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv; } >/dev/null
      rm -rf "$VENV"
      "$base" -m venv "$VENV"
    else
      cat "$VENV.err" >&2
      echo "error: '$base -m venv $VENV' failed; on Debian or Ubuntu: sudo apt-get install python3-venv" >&2
      rm -f "$VENV.err"
      return 1
    fi
  fi
  rm -f "$VENV.err"
}

use_python() {
  if [ -n "${PYTHON:-}" ]; then
    PY=$PYTHON
    return 0
  fi
  if ! "$VENV/bin/python" -c '' 2>/dev/null; then
    _make_venv
  fi
  PY=$VENV/bin/python
}

# The extras an install of X brings: test includes lab, lab includes widgets.
_includes() {
  case $1 in
    test) echo "test lab widgets" ;;
    lab) echo "lab widgets" ;;
    *) echo "$1" ;;
  esac
}

# An editable install compiles the message catalogs once (hatch_build.py); a catalog that changed since (a pull, a
# merge, a new translation) is compiled again here, or the package would go on reading the old words.
_compile_changed_catalogs() {
  local po
  for po in nomercy/locale/*/LC_MESSAGES/nomercy.po; do
    if [ ! -f "${po%.po}.mo" ] || [ "$po" -nt "${po%.po}.mo" ]; then
      echo "compiling the message catalogs again (${po} changed since they were compiled)"
      "$PY" -c 'import pathlib, hatch_build; hatch_build.compile_catalogs(pathlib.Path("."))' 2>/dev/null \
        || quiet_pip "$PY" --no-deps --force-reinstall -e .  # no Babel in this environment: the build compiles them
      return
    fi
  done
}

install_extra() {
  local extra=$1 stamp hash
  if [ -n "${PYTHON:-}" ]; then
    echo "using $PYTHON as it is (PYTHON is set): nothing installed"
    return 0
  fi
  hash=$(cksum < pyproject.toml | cut -d' ' -f1)
  stamp="$(dirname "$PY")/../.nomercy-installed-$extra"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
    echo "nomercy[$extra] is installed in $VENV (pyproject.toml unchanged since)"
    _compile_changed_catalogs
    return 0
  fi
  echo "installing nomercy[$extra] into $(dirname "$(dirname "$PY")") (pip; a few minutes the first time)"
  quiet_pip "$PY" -e ".[$extra]"
  for included in $(_includes "$extra"); do
    echo "$hash" > "$(dirname "$PY")/../.nomercy-installed-$included"
  done
}
