#!/usr/bin/env bash
# tests/install/check.sh BUILD_DIR VERSION CC: install the build into a
# temporary prefix as a user would, then check what a user gets: the program
# and its version, the man page (every option of every --help text), bash
# completion, the movement library, and a program built against the library
# with `pkg-config --cflags --libs seatwise` alone (tests/install/embed.c).
# Registered with ctest by tests/CMakeLists.txt.
# SPDX-License-Identifier: MIT
set -euo pipefail
build=$1 version=$2 cc=${3:-cc}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sw_install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fails=0
fail() {
  echo "FAIL: $*" >&2
  fails=$((fails + 1))
}

"${CMAKE:-cmake}" --install "$build" --prefix "$prefix" >"$tmp/install.log"

# --- the files ---
pcdir=$(echo "$prefix"/lib*/pkgconfig)
for f in bin/seatwise share/man/man1/seatwise.1 include/seatwise/seatwise.h \
  include/seatwise/seatwise_version.h share/bash-completion/completions/seatwise \
  share/seatwise/movements/README.md; do
  [ -s "$prefix/$f" ] || fail "not installed: $f"
done
[ -s "$pcdir/seatwise.pc" ] || fail "not installed: lib/pkgconfig/seatwise.pc"
[ -s "$(dirname "$pcdir")/libseatwise.a" ] || fail "not installed: lib/libseatwise.a"
n=$(find "$prefix/share/seatwise/movements" -name '*.txt' | wc -l)
[ "$n" = 343 ] || fail "share/seatwise/movements holds $n movements, expected 343"

# --- the program ---
sw=$prefix/bin/seatwise
got=$("$sw" --version)
[ "$got" = "seatwise $version" ] || fail "seatwise --version printed '$got', expected 'seatwise $version'"
"$sw" --help | grep -q -- '--version' || fail "seatwise --help does not list --version"
"$sw" analyze "$prefix/share/seatwise/movements/misc/8p6rSHGSB.txt" >"$tmp/analyze.txt" ||
  fail "seatwise analyze of an installed movement failed"
grep -q 'Qf' "$tmp/analyze.txt" || fail "seatwise analyze printed no Qf"

# --- the man page: every command and every option of the --help texts ---
man_text=$tmp/man.txt
sed 's/\\-/-/g' "$prefix/share/man/man1/seatwise.1" >"$man_text"
grep -q "seatwise $version" "$man_text" || fail "man page does not carry version $version"
helps=$tmp/helps.txt
: >"$helps"
for args in "" analyze optimize movement swiss seat go; do
  # shellcheck disable=SC2086
  "$sw" $args --help >>"$helps" 2>&1 || true
done
opts=$(grep -oE -- '(^|[^a-z-])--?[a-z][a-z-]*' "$helps" | grep -oE -- '--?[a-z][a-z-]*' | sort -u)
[ "$(echo "$opts" | wc -l)" -ge 25 ] || fail "only $(echo "$opts" | wc -l) options found in the --help texts"
for o in $opts; do
  grep -qF -- "$o" "$man_text" || fail "man page does not document $o"
done
for c in analyze optimize movement howell mitchell pair check generate random swiss-first \
  interval predefined schedule; do
  grep -qw -- "$c" "$man_text" || fail "man page does not document '$c'"
done
if command -v groff >/dev/null 2>&1; then
  warn=$(groff -man -ww -z "$prefix/share/man/man1/seatwise.1" 2>&1)
  [ -z "$warn" ] || fail "groff warns on the man page: $warn"
fi

# --- bash completion ---
comp=$prefix/share/bash-completion/completions/seatwise
for o in $opts; do
  case $o in -h) continue ;; esac
  grep -qF -- "$o" "$comp" || fail "bash completion does not offer $o"
done
got=$(bash -c '. "$1"; COMP_WORDS=(seatwise swiss p); COMP_CWORD=2; _seatwise
        echo "${COMPREPLY[*]}"' _ "$comp")
[ "$got" = pair ] || fail "completing 'seatwise swiss p' gave '$got', expected 'pair'"
got=$(bash -c '. "$1"; COMP_WORDS=(seatwise optimize x.season --thr); COMP_CWORD=3; _seatwise
        echo "${COMPREPLY[*]}"' _ "$comp")
[ "$got" = --threads ] || fail "completing 'seatwise optimize x --thr' gave '$got'"

# --- a program built against the library with pkg-config alone ---
export PKG_CONFIG_PATH=$pcdir
got=$(pkg-config --modversion seatwise)
[ "$got" = "$version" ] || fail "pkg-config --modversion seatwise gave '$got'"
movements=$(pkg-config --variable=movementsdir seatwise)
[ -d "$movements" ] || fail "pkg-config's movementsdir '$movements' is not a directory"
# shellcheck disable=SC2046
"$cc" -std=c17 -Wall -Wextra -Werror -o "$tmp/embed" "$here/embed.c" \
  $(pkg-config --cflags --libs seatwise) || fail "embed.c does not build against the install"
if [ -x "$tmp/embed" ]; then
  "$tmp/embed" "$movements" >"$tmp/embed.out" 2>&1 || fail "embed exited $?: $(cat "$tmp/embed.out")"
  want="seatwise $version
8p6rSHGSB.txt: Qf 80.00 (reference 80.00)
8p6rSHGSB.txt: Qo 85.71 (reference 85.71)"
  [ "$(head -3 "$tmp/embed.out")" = "$want" ] || fail "embed printed:
$(cat "$tmp/embed.out")
expected to start with:
$want"
  grep -qx 'optimize 4 sessions: 8 restarts, Qo [0-9.]* -> [0-9.]*' "$tmp/embed.out" ||
    fail "embed's optimize line missing: $(cat "$tmp/embed.out")"
  tail -1 "$tmp/embed.out" | grep -qx ok || fail "embed did not end with ok"
fi
# the header also compiles as C++ (extern "C" guards), when a C++ compiler is
# there: the one of the C compiler's family, since seatwise.pc carries that
# compiler's OpenMP flag (-fopenmp=libomp for clang, which g++ refuses)
case $(basename "$cc") in
  *clang*) cxx=${cc%clang*}clang++${cc##*clang} ;; # /usr/bin/clang-14: /usr/bin/clang++-14
  *) cxx=c++ ;;
esac
if command -v "$cxx" >/dev/null 2>&1; then
  printf '#include <seatwise.h>\nint main() { sw_error e; sw_error_clear(&e); return 0; }\n' \
    >"$tmp/embed.cpp"
  # shellcheck disable=SC2046
  "$cxx" -std=c++17 -Wall -Werror -o "$tmp/embedxx" "$tmp/embed.cpp" \
    $(pkg-config --cflags --libs seatwise) || fail "seatwise.h does not build as C++"
fi

if [ "$fails" -gt 0 ]; then
  echo "install check: $fails failure(s)" >&2
  exit 1
fi
echo "install check: ok ($prefix)"
