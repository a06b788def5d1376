#!/usr/bin/env bash
# scripts/deps.sh: the tools each script's job needs (sourced by the other
# scripts, which then call sw_deps with their job):
#   sw_deps build   cmake, gcc, make (scripts/example)
#   sw_deps test    those, and for scripts/test: pkg-config, cmocka,
#                   clang-format and python3-networkx (the test suite,
#                   configured with pkg-config); clang and libFuzzer
#                   (the clang build and fuzzing); chromium, xmllint and
#                   python3 (the browser check)
# As root, what is missing is installed with apt-get; otherwise the exact
# command is printed and the script stops. Two exceptions as a user: clang
# is only suggested (the clang build and fuzzing are skipped), and the
# browser check skips itself without its tools.
# SPDX-License-Identifier: MIT

sw_deps_root() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1
}

sw_deps_updated=0
sw_deps_apt() { # PACKAGE...: install, reading the package lists once first
  if [ "$sw_deps_updated" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || return 1
    sw_deps_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

sw_deps() {
  local need=() clang=() browser=()
  command -v cmake >/dev/null 2>&1 || need+=(cmake)
  command -v cc >/dev/null 2>&1 || need+=(gcc)
  command -v make >/dev/null 2>&1 || need+=(make)
  if [ "$1" = test ]; then
    command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
    command -v clang-format >/dev/null 2>&1 || need+=(clang-format)
    pkg-config --exists cmocka 2>/dev/null || need+=(libcmocka-dev)
    # tests/test_blossom.c checks the matching against networkx (an oracle)
    python3 -c 'import networkx' >/dev/null 2>&1 || need+=(python3-networkx)
    command -v clang >/dev/null 2>&1 || clang+=(clang)
    if ! command -v clang >/dev/null 2>&1 ||
       [ ! -e "$(clang -print-file-name="libclang_rt.fuzzer-$(uname -m).a" 2>/dev/null)" ]; then
      clang+=(libclang-rt-dev)
    fi
    command -v chromium >/dev/null 2>&1 || browser+=(chromium)
    command -v xmllint >/dev/null 2>&1 || browser+=(libxml2-utils)
    command -v python3 >/dev/null 2>&1 || browser+=(python3)
  fi
  if [ ${#clang[@]} -gt 0 ]; then
    if sw_deps_root; then
      need+=("${clang[@]}")
    else
      echo "seatwise: the clang build and fuzzing skipped without ${clang[*]}; install with:" >&2
      echo "  sudo apt-get install -y ${clang[*]}" >&2
    fi
  fi
  if [ ${#need[@]} -gt 0 ]; then
    if sw_deps_root; then
      echo "seatwise: installing ${need[*]}" >&2
      sw_deps_apt "${need[@]}" || {
        echo "seatwise: apt-get install ${need[*]} failed" >&2
        exit 1
      }
    else
      echo "seatwise: missing ${need[*]}; install them with:" >&2
      echo "  sudo apt-get install -y ${need[*]}" >&2
      exit 1
    fi
  fi
  if [ ${#browser[@]} -gt 0 ] && sw_deps_root; then
    echo "seatwise: installing ${browser[*]} (for the browser check)" >&2
    sw_deps_apt "${browser[@]}" ||
      echo "seatwise: could not install ${browser[*]}: the browser check will be skipped" >&2
  fi
}
