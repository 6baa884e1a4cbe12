# Sourced by scripts/test and scripts/check_binder.
# quiet_pip PYTHON ARGS...: `PYTHON -m pip install --quiet ARGS...` with the full log kept in
# artifacts/pip-install.log. On failure the log is printed; on success only a one-line note, when pip
# had warnings (build back-end notices, unreachable optional indexes in the machine's pip settings).
quiet_pip() {
  local python=$1; shift
  local log=artifacts/pip-install.log rc=0
  mkdir -p artifacts
  "$python" -m pip install --quiet "$@" >"$log" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    cat "$log" >&2
    echo "pip failed (exit $rc); the log is in $log" >&2
  elif [ -s "$log" ]; then
    echo "ok ($(grep -c . "$log") lines of pip warnings in $log)"
  else
    echo ok
  fi
  return "$rc"
}
