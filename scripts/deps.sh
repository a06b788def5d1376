#!/usr/bin/env bash
# scripts/deps.sh: make sure the build tools are installed (sourced by the
# other scripts). As root it installs what is missing with apt-get; otherwise
# it prints the exact command to run and stops (for clang, needed only to
# fuzz, it prints the command and goes on).
# SPDX-License-Identifier: MIT
sw_need=()
command -v cmake >/dev/null 2>&1 || sw_need+=(cmake)
command -v cc >/dev/null 2>&1 || sw_need+=(gcc)
command -v make >/dev/null 2>&1 || sw_need+=(make)
command -v pkg-config >/dev/null 2>&1 || sw_need+=(pkg-config)
command -v clang-format >/dev/null 2>&1 || sw_need+=(clang-format)
if ! pkg-config --exists cmocka 2>/dev/null; then sw_need+=(libcmocka-dev); fi
# tests/test_blossom.c checks the matching against networkx (an oracle)
python3 -c 'import networkx' >/dev/null 2>&1 || sw_need+=(python3-networkx)
# clang with libFuzzer for the fuzzing step of scripts/test (scripts/fuzz.sh):
# installed as root like the rest; otherwise only suggested, and the step skipped.
sw_fuzz_need=()
command -v clang >/dev/null 2>&1 || sw_fuzz_need+=(clang)
if ! command -v clang >/dev/null 2>&1 ||
   [ ! -e "$(clang -print-file-name="libclang_rt.fuzzer-$(uname -m).a" 2>/dev/null)" ]; then
  sw_fuzz_need+=(libclang-rt-dev)
fi
if [ ${#sw_fuzz_need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    sw_need+=("${sw_fuzz_need[@]}")
  else
    echo "seatwise: fuzzing skipped without ${sw_fuzz_need[*]}; install with:" >&2
    echo "  sudo apt-get install -y ${sw_fuzz_need[*]}" >&2
  fi
fi
if [ ${#sw_need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "seatwise: installing ${sw_need[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 && apt-get install -y -qq "${sw_need[@]}" >&2 || {
      echo "seatwise: apt-get install ${sw_need[*]} failed" >&2; exit 1; }
  else
    echo "seatwise: missing ${sw_need[*]}; install them with:" >&2
    echo "  sudo apt-get install -y ${sw_need[*]}" >&2
    exit 1
  fi
fi
# The browser check of scripts/test (scripts/browser-check) wants chromium,
# xmllint and python3: installed as root, else that check is skipped.
sw_opt=()
command -v chromium >/dev/null 2>&1 || sw_opt+=(chromium)
command -v xmllint >/dev/null 2>&1 || sw_opt+=(libxml2-utils)
command -v python3 >/dev/null 2>&1 || sw_opt+=(python3)
if [ ${#sw_opt[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "seatwise: installing ${sw_opt[*]} (for the browser check)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${sw_opt[@]}" >&2 ||
    { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${sw_opt[@]}" >&2; } ||
    echo "seatwise: could not install ${sw_opt[*]}: the browser check will be skipped" >&2
fi
