#!/usr/bin/env bash
# Robustness check of the test suite (docs: README, "Tests"): runs `.ci/run` on a fresh clone of this
# repository's committed HEAD while one core is kept busy by a bounded CPU loop, as on a CI machine where
# something else runs. The loop stops by itself after CARGA_SEGUNDOS (default 1800 s), or when this
# script ends. Prints the run's time and result; the whole log stays in the folder it names.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d /tmp/ci-bajo-carga-XXXXXX)
git clone -q "$repo" "$dir/repo"
echo "ci-under-load: clon de $(git -C "$dir/repo" log --oneline -1) en $dir/repo"

# One busy core: a shell loop that only spins, cut off by `timeout` whatever happens to this script.
timeout "${CARGA_SEGUNDOS:-1800}" bash -c 'while :; do :; done' &
carga=$!
# The clone goes; its vitest reports (each test's duration) stay beside the log.
trap 'kill "$carga" 2>/dev/null; cp "$dir"/repo/test-results/vitest-*.json "$dir"/ 2>/dev/null; rm -rf "$dir/repo"' EXIT

inicio=$SECONDS
(cd "$dir/repo" && CI=true .ci/run) >"$dir/ci.log" 2>&1
rc=$?
duracion=$((SECONDS - inicio))
grep -a -E '^== |^vitest: |^npm test: |Las diez|^ +[0-9.]+ s  ' "$dir/ci.log" || true
printf 'ci-under-load: %s (%d min %02d s) con un núcleo ocupado; .ci/run salió con %d; registro en %s\n' \
  "$([[ $rc -eq 0 ]] && echo VERDE || echo ROJO)" $((duracion / 60)) $((duracion % 60)) "$rc" "$dir/ci.log"
exit "$rc"
