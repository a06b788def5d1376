#!/bin/sh
# tests/symbols.sh ARCHIVE: every symbol that libseatwise.a defines for other
# objects carries the sw_ prefix (docs/design.md), so a program that embeds
# the library never clashes with it. Compiler-made names (__..., and .gomp_...
# of an OpenMP named critical section) are left out.
# SPDX-License-Identifier: MIT
set -eu
bad=$(nm -g --defined-only "$1" | awk 'NF == 3 && $2 ~ /[TDBRCVWG]/ {print $3}' |
  grep -v -e '^sw_' -e '^__' -e '^\.' | sort -u || true)
if [ -n "$bad" ]; then
  echo "symbols without the sw_ prefix in $1:" >&2
  echo "$bad" >&2
  exit 1
fi
echo "every exported symbol of $1 starts with sw_"
