#!/usr/bin/env bash
# `make check-deb`: the package of `make deb` installs and works from /usr/bin, then goes away:
#   tools/check_deb.sh [PATH/TO/notebook-index_VERSION_ARCH.deb]
# As root (apt-get): `apt-get install -y ./DEB`; then, in a private mount namespace where the
# source tree's top folder is hidden under an empty tmpfs (so neither the build folder nor the
# samples in the tree can stand in for what the package ships), `/usr/bin/notebook-index --version`
# must name the package's version, `build` must index a copy of SampleNotebooks/ into a throwaway
# index, and `query` must find a typed and a handwritten word in their files; the installed files
# (man page, completions, desktop-search and systemd files) must be where the package put them.
# Last `apt-get remove -y notebook-index`, whatever happened. The run is recorded as
# Benchmarks/results/check-deb-DATE.json: lintian's errors and warnings, sizes, hits, pass or fail. Refuses when another notebook-index
# package is already installed, so it never removes one it did not install. Exits 0 when all
# holds, 1 when something fails, 2 when it cannot run.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
deb=${1:-}
if [ -z "$deb" ]; then
    deb=$(ls -t "$root"/.build/notebook-index_*.deb 2>/dev/null | head -1)
fi
[ -n "$deb" ] && [ -f "$deb" ] || { echo "check-deb: no package (run 'make deb')" >&2; exit 2; }
case $deb in /*) ;; *) deb=$PWD/$deb ;; esac
[ "$(id -u)" -eq 0 ] || { echo "check-deb: needs root (apt-get install, unshare)" >&2; exit 2; }
if dpkg-query -W -f='${db:Status-Status}' notebook-index 2>/dev/null | grep -qx installed; then
    echo "check-deb: notebook-index is already installed as a package; remove it first" >&2
    exit 2
fi
version=$(dpkg-deb -f "$deb" Version)
work=$(mktemp -d /tmp/check-deb.XXXXXX)
cleanup() {
    DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq notebook-index >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT
cp -R "$root/SampleNotebooks" "$work/samples"

echo "check-deb: apt-get install -y $deb"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" || { echo "check-deb: FAIL install" >&2; exit 1; }

fail=0
for f in /usr/bin/notebook-index /usr/share/man/man1/notebook-index.1.gz \
    /usr/share/bash-completion/completions/notebook-index /usr/share/zsh/vendor-completions/_notebook-index \
    /usr/share/fish/vendor_completions.d/notebook-index.fish \
    /usr/share/dbus-1/services/io.github.notebook_index.SearchProvider.service \
    /usr/share/gnome-shell/search-providers/io.github.notebook_index.SearchProvider.ini \
    /usr/share/krunner/dbusplugins/notebook-index.desktop /usr/share/applications/io.github.notebook_index.desktop \
    /usr/lib/systemd/user/notebook-index.service /usr/lib/systemd/user/notebook-index.timer \
    /usr/share/doc/notebook-index/copyright; do
    [ -e "$f" ] || { echo "check-deb: FAIL missing $f" >&2; fail=1; }
done
grep -q '^ExecStart=/usr/bin/notebook-index build ' /usr/lib/systemd/user/notebook-index.service \
    || { echo "check-deb: FAIL the systemd service does not run /usr/bin/notebook-index" >&2; fail=1; }

# Runs with the source tree hidden; the working directory must be outside it.
top=/$(cut -d/ -f2 <<<"$root")
cat >"$work/run.sh" <<EOF
set -u
cd "$work"
mount -t tmpfs none "$top" || exit 2
[ -z "\$(ls -A "$top")" ] || exit 2
status=0
/usr/bin/notebook-index --version >"$work/version.txt" || status=1
/usr/bin/notebook-index build "$work/samples" --index "$work/index.sqlite" 2>"$work/build.err" || status=1
/usr/bin/notebook-index query lecture --index "$work/index.sqlite" >"$work/typed.txt" || status=1
/usr/bin/notebook-index query service --full-words --index "$work/index.sqlite" >"$work/hand.txt" || status=1
exit \$status
EOF
unshare -m sh -c "mount --make-rprivate / && sh '$work/run.sh'"
rc=$?
[ $rc -eq 2 ] && { echo "check-deb: could not hide $top in a mount namespace" >&2; exit 2; }
[ $rc -eq 0 ] || { echo "check-deb: FAIL a command failed ($(cat "$work/build.err"))" >&2; fail=1; }
grep -qx "notebook-index $version" "$work/version.txt" \
    || { echo "check-deb: FAIL --version does not say $version: $(head -1 "$work/version.txt")" >&2; fail=1; }
grep -q "xournal/lecture-notes.xopp" "$work/typed.txt" \
    || { echo "check-deb: FAIL 'lecture' (typed) not found in lecture-notes.xopp" >&2; fail=1; }
grep -q "svg/sketch-page-2.svg" "$work/hand.txt" \
    || { echo "check-deb: FAIL 'service' (handwritten) not found in sketch-page-2.svg" >&2; fail=1; }
cat "$work/version.txt"
echo "check-deb: query lecture: $(grep -c '^page ' "$work/typed.txt") hits;" \
    "query service: $(grep -c '^page ' "$work/hand.txt") hits"
lintian --tag-display-limit 0 "$deb" >"$work/lintian.txt" 2>/dev/null
lintian_errors=$(grep -c '^E: ' "$work/lintian.txt")
lintian_warnings=$(grep -c '^W: ' "$work/lintian.txt")
[ "$lintian_errors" -eq 0 ] || { echo "check-deb: FAIL lintian: $lintian_errors errors" >&2; fail=1; }
python3 "$root/Benchmarks/results.py" check-deb --command "make check-deb" \
    --set "package=$(basename "$deb")" --set "deb_bytes=$(stat -c %s "$deb")" \
    --set "installed_size_kb=$(dpkg-deb -f "$deb" Installed-Size)" \
    --set "lintian_errors=$lintian_errors" --set "lintian_warnings=$lintian_warnings" \
    --set "query_typed_hits=$(grep -c '^page ' "$work/typed.txt")" \
    --set "query_handwritten_hits=$(grep -c '^page ' "$work/hand.txt")" --set "passed=$((1 - fail))"
[ $fail -eq 0 ] && echo "check-deb: OK ($deb installed, built and queried from /usr/bin with $top hidden, removed)"
exit $fail
