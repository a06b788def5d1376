#!/usr/bin/env bash
# scripts/deps.sh: make sure the build tools are installed (sourced by the
# other scripts). As root it installs what is missing with apt-get; otherwise
# it prints the exact command to run and stops.
# SPDX-License-Identifier: MIT
sw_need=()
command -v cmake >/dev/null 2>&1 || sw_need+=(cmake)
command -v cc >/dev/null 2>&1 || sw_need+=(gcc)
command -v make >/dev/null 2>&1 || sw_need+=(make)
command -v pkg-config >/dev/null 2>&1 || sw_need+=(pkg-config)
if ! pkg-config --exists cmocka 2>/dev/null; then sw_need+=(libcmocka-dev); fi
# tests/test_blossom.c checks the matching against networkx (an oracle)
python3 -c 'import networkx' >/dev/null 2>&1 || sw_need+=(python3-networkx)
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
