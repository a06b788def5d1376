#!/usr/bin/env bash
# scripts/fuzz.sh: build the libFuzzer harnesses (clang) in build/fuzz, replay
# the regression inputs and seed corpora, then fuzz each harness.
#   scripts/fuzz.sh [SECONDS] [HARNESS...]
# SECONDS per harness (default 10; 0 = replay only); HARNESS names such as
# asc or trf (default: all). New corpus inputs go to build/fuzz/corpus/NAME
# (kept between runs), crashes to build/fuzz/crashes/NAME/. Exit 1 when an
# input crashes or a round trip fails. docs/fuzzing.md has the longer run
# before a release and how a crash becomes a regression input.
# SPDX-License-Identifier: MIT
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
shift $(( $# > 0 ? 1 : 0 ))
all=(asc pairs history season_text season_json json trf results event_text event_json gotha goplayers)
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${all[@]}")
jobs=$(nproc 2>/dev/null || echo 2)
if ! command -v clang >/dev/null 2>&1; then
  echo "seatwise: fuzzing needs clang and libFuzzer (scripts/test installs them as root: scripts/deps.sh)" >&2
  exit 1
fi
cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_C_FLAGS_DEBUG="-O1 -g" -DSEATWISE_FUZZ=ON -DSEATWISE_TESTS=OFF \
      -DSEATWISE_BENCH=OFF -DSEATWISE_OPENMP=OFF -DSEATWISE_WERROR=ON >/dev/null
cmake --build build/fuzz --target fuzzers -j "$jobs"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
failed=()
for h in "${harnesses[@]}"; do
  bin=build/fuzz/tests/fuzz/fuzz_$h
  [ -x "$bin" ] || { echo "seatwise: no harness '$h' (one of: ${all[*]})" >&2; exit 2; }
  seeds=tests/fuzz/corpus/$h regress=tests/fuzz/regressions/$h
  work=build/fuzz/corpus/$h crashes=build/fuzz/crashes/$h
  mkdir -p "$work" "$crashes"
  log=build/fuzz/$h.log
  # Regression inputs one by one (each run once), then everything fuzzed from.
  inputs=()
  [ -d "$regress" ] && mapfile -t inputs < <(find "$regress" -type f | sort)
  if [ ${#inputs[@]} -gt 0 ] && ! "$bin" "${inputs[@]}" >"$log" 2>&1; then
    echo "fuzz $h: a regression input fails (log: $log)" >&2
    tail -n 30 "$log" >&2
    failed+=("$h")
    continue
  fi
  dirs=("$work" "$seeds")
  [ -d "$regress" ] && dirs+=("$regress")
  if [ "$seconds" = 0 ]; then
    opts=(-runs=0)
  else
    opts=(-max_total_time="$seconds")
  fi
  if "$bin" "${opts[@]}" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$crashes/" "${dirs[@]}" >"$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    kept=$(find "$work" -type f | wc -l)
    echo "fuzz $h: ${execs:-?} runs in ${seconds}s, $cov, $kept inputs kept in $work"
  else
    echo "fuzz $h: FAILED (log: $log, input saved in $crashes/)" >&2
    grep -E 'ERROR|round trip|SUMMARY|Test unit written' "$log" | head -n 10 >&2
    failed+=("$h")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "seatwise: fuzzing failed: ${failed[*]} (docs/fuzzing.md: a crash as a regression input)" >&2
  exit 1
fi
