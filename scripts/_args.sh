# Arguments of the shell scripts under scripts/, checked before anything is installed or run: an unknown one is
# refused in one line with the script's usage (the '#   bash scripts/...' lines of its header), exit status 2, and
# -h or --help prints the usage. Sourced by the scripts; every Python script does the same with OneLineParser.

usage() { sed -n 's/^#   \(bash scripts\/[^#]*\).*/\1/p' "$0" | sed 's/ *$//'; }

# refuse_arguments "$@": the script takes none.
refuse_arguments() {
  if [ $# -gt 0 ]; then
    case "$1" in -h|--help) usage; exit 0 ;; esac
    echo "$(basename "$0"): unknown argument '$1': it takes none; usage: $(usage)" >&2
    exit 2
  fi
}

# refuse_unknown "ALLOWED" "$@": the script takes only the options named in ALLOWED (each followed by a value,
# as '--out DIR' or '--out=DIR'), or at most one plain argument when ALLOWED holds ARG.
refuse_unknown() {
  local allowed=" $1 " plain=0
  shift
  while [ $# -gt 0 ]; do
    case "$1" in
      -h|--help) usage; exit 0 ;;
      --*=*) [[ "$allowed" == *" ${1%%=*} "* ]] || { echo "$(basename "$0"): unknown option '${1%%=*}'; usage: $(usage)" >&2; exit 2; } ;;
      -*) [[ "$allowed" == *" $1 "* ]] || { echo "$(basename "$0"): unknown option '$1'; usage: $(usage)" >&2; exit 2; }
          [ $# -ge 2 ] || { echo "$(basename "$0"): $1 needs a value; usage: $(usage)" >&2; exit 2; }
          shift ;;
      *) if [[ "$allowed" == *" ARG "* ]] && [ $plain -eq 0 ]; then plain=1
         else echo "$(basename "$0"): unexpected argument '$1'; usage: $(usage)" >&2; exit 2; fi ;;
    esac
    shift
  done
}
