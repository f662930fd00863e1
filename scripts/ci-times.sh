# Sourced by scripts/test.sh and .ci/run: `timed <name> <command…>` runs a part of the test loop
# and appends its duration to one file, which `print_times` shows and `npm run bench` reads
# (issue 26: CI within 15 minutes; each part's share is what to cut next).
CI_TIMES_FILE="${CI_TIMES_FILE:-${XDG_CACHE_HOME:-$HOME/.cache}/hookreel/ci-times.tsv}"
mkdir -p "$(dirname "$CI_TIMES_FILE")"
if [ -z "${CI_TIMES_STARTED:-}" ]; then
  export CI_TIMES_STARTED=1
  : >"$CI_TIMES_FILE"
fi

timed() {
  local name="$1"
  shift
  local start end
  start=$(date +%s)
  "$@"
  end=$(date +%s)
  printf '%s\t%s\n' "$name" "$((end - start))" >>"$CI_TIMES_FILE"
}

# `timed_beside <name> <command…>`: a part that runs beside another one, so its time is shown but
# not added to the total (the part it runs beside already counts that wall time).
timed_beside() {
  local name="$1"
  shift
  local start end status=0
  start=$(date +%s)
  "$@" || status=$?
  end=$(date +%s)
  printf '%s\t%s\tbeside\n' "$name" "$((end - start))" >>"$CI_TIMES_FILE"
  return "$status"
}

print_times() {
  echo
  echo "Time of each part (load now: $(cut -d' ' -f1-3 /proc/loadavg)):"
  awk -F'\t' '{ printf "  %-40s %4d s%s\n", $1, $2, ($3 == "beside" ? " (beside, not added)" : ""); if ($3 != "beside") total += $2 } END { printf "  %-40s %4d s (CI target 900 s)\n", "all", total }' "$CI_TIMES_FILE"
}
