#!/usr/bin/env bash
# `make deb`: the Debian package notebook-index_VERSION_ARCH.deb in .build/, from the release build.
# It lays out what `make install PREFIX=/usr` installs (the command with its resource bundle beside
# it, where Bundle.module looks; the man page; bash, zsh and fish completions; the GNOME, KRunner,
# D-Bus activation and .desktop files of contrib/), except that the command and its bundle live in
# /usr/lib/notebook-index/ with /usr/bin/notebook-index a link to the command: Debian allows no
# folder in /usr/bin, and Bundle.module looks beside the link's target (/proc/self/exe). It adds
# the nightly build's systemd user units (contrib/systemd/) and the copyright
# (contrib/debian/copyright, DEP-5). The version is the one `notebook-index --version` prints, the
# library dependencies are dpkg-shlibdeps' reading of the binary and the packages of the libraries
# it opens with dlopen (libmicrohttpd, libzinnia, libdbus), and lintian must report no error.
# DEB_MAINTAINER overrides the Maintainer field (default: git's user.name and user.email).
set -euo pipefail
cd "$(dirname "$0")/.."
make="${MAKE:-make}"

# dpkg-shlibdeps (dpkg-dev) and lintian, installed with apt-get when missing, as root.
need=()
command -v dpkg-shlibdeps >/dev/null 2>&1 || need+=(dpkg-dev)
command -v lintian >/dev/null 2>&1 || need+=(lintian)
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "make-deb: missing ${need[*]}; install with: sudo apt-get install -y ${need[*]}" >&2
        exit 1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi

"$make" build man completions
bin=.build/release/notebook-index
resources=.build/release/notebook-index_Recognition.resources
[ -d "$resources" ] || { echo "make-deb: $resources missing" >&2; exit 1; }

version=$("$bin" --version | sed -n 's/^notebook-index \([0-9][0-9A-Za-z.+~-]*\)$/\1/p')
[ -n "$version" ] || { echo "make-deb: no version in '$bin --version'" >&2; exit 1; }
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-"$(git config user.name || true) <$(git config user.email || true)>"}
[[ $maintainer =~ ^[^\<]*[^\<\ ]\ \<[^@\>]+@[^\>]+\>$ ]] \
    || { echo "make-deb: Maintainer '$maintainer' is not 'Name <address>'; set DEB_MAINTAINER" >&2; exit 1; }
# File dates and the changelog's date come from the commit, so two runs give the same package.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"
commit=$(git rev-parse --short HEAD)

stage=.build/deb
root="$stage/notebook-index"
rm -rf "$stage"
mkdir -p "$root/DEBIAN"

# The command and its bundle side by side, as `make install` puts them, but in a folder of their own.
install -D -m 755 -s "$bin" "$root/usr/lib/notebook-index/notebook-index"
cp -R "$resources" "$root/usr/lib/notebook-index/"
install -d "$root/usr/bin"
ln -s ../lib/notebook-index/notebook-index "$root/usr/bin/notebook-index"
# Man page and completions: zsh's vendor directory is Debian's (in zsh's default fpath there).
install -d "$root/usr/share/man/man1"
gzip -9n <.build/man/notebook-index.1 >"$root/usr/share/man/man1/notebook-index.1.gz"
install -D -m 644 .build/completions/notebook-index.bash "$root/usr/share/bash-completion/completions/notebook-index"
install -D -m 644 .build/completions/_notebook-index "$root/usr/share/zsh/vendor-completions/_notebook-index"
install -D -m 644 .build/completions/notebook-index.fish "$root/usr/share/fish/vendor_completions.d/notebook-index.fish"
# The desktop's search (docs/desktop-search.md), as `make install` puts it.
install -d "$root/usr/share/dbus-1/services" "$root/usr/share/applications" \
    "$root/usr/share/gnome-shell/search-providers" "$root/usr/share/krunner/dbusplugins" "$root/usr/lib/systemd/user"
sed 's|@BINDIR@|/usr/bin|' contrib/dbus/io.github.notebook_index.SearchProvider.service.in \
    >"$root/usr/share/dbus-1/services/io.github.notebook_index.SearchProvider.service"
sed 's|@BINDIR@|/usr/bin|' contrib/desktop/io.github.notebook_index.desktop.in \
    >"$root/usr/share/applications/io.github.notebook_index.desktop"
install -m 644 contrib/gnome/io.github.notebook_index.SearchProvider.ini "$root/usr/share/gnome-shell/search-providers/"
install -m 644 contrib/krunner/notebook-index.desktop "$root/usr/share/krunner/dbusplugins/"
# The nightly build (docs/nightly-build.md): installed, not enabled; each user enables the timer.
sed 's|@BINDIR@|/usr/bin|' contrib/systemd/notebook-index.service.in \
    >"$root/usr/lib/systemd/user/notebook-index.service"
install -m 644 contrib/systemd/notebook-index.timer "$root/usr/lib/systemd/user/"

doc="$root/usr/share/doc/notebook-index"
# The version is the program's own, with no Debian revision: a native package, whose changelog
# Debian names changelog.gz (changelog.Debian.gz is for a revision of upstream's release).
install -D -m 644 contrib/debian/copyright "$doc/copyright"
{
    echo "notebook-index ($version) unstable; urgency=medium"
    echo
    echo "  * Built by make deb from commit $commit; the changes are in CHANGELOG.md."
    echo
    echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$doc/changelog.gz"

# Modes as dpkg expects them whatever the umask or the build left.
find "$root" -type d -exec chmod 755 {} +
find "$root/usr" -type f ! -path "$root/usr/lib/notebook-index/notebook-index" -exec chmod 644 {} +

# dpkg-shlibdeps reads the binary's NEEDED libraries and the packages that ship them; it wants a
# debian/control, so it runs in a scratch directory of its own.
shlib="$stage/shlibdeps"
mkdir -p "$shlib/debian"
printf 'Source: notebook-index\n\nPackage: notebook-index\nArchitecture: any\n' >"$shlib/debian/control"
depends=$(cd "$shlib" && dpkg-shlibdeps -O "$OLDPWD/$root/usr/lib/notebook-index/notebook-index" \
    | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
rm -rf "$shlib"
# the binary's packed relative relocations (DT_RELR, Package.swift) need glibc 2.36, which no
# symbol it uses tells dpkg-shlibdeps
depends=$(sed -E 's/libc6 \(>= 2\.(2[0-9]|3[0-5])(\.[0-9]+)?\)/libc6 (>= 2.36)/' <<<"$depends")
# libmicrohttpd, libzinnia and libdbus are opened by the code that uses them
# (Sources/DeferredLibraries), not linked, so dpkg-shlibdeps cannot see them: the packages holding
# the files opened are added by name.
for soname in libmicrohttpd.so.12 libzinnia.so.0 libdbus-1.so.3; do
    package=$(dpkg-query -S "*/$soname" | sed -n '1s/:.*//p')
    [ -n "$package" ] || { echo "make-deb: no installed package holds $soname" >&2; exit 1; }
    depends="$depends, $package"
done

(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/md5sums"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<EOF
Package: notebook-index
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: tegaki-zinnia-japanese, tegaki-zinnia-simplified-chinese
Section: text
Priority: optional
Description: offline full-text search of handwritten notebooks
 notebook-index reads handwritten notebooks (Xournal++, reMarkable, InkML,
 SVG and more), recognizes the handwriting on the machine itself, with no
 cloud and no GPU, and keeps an SQLite full-text index that answers a
 search with the file, the page and the ink of each word.
 .
 It searches from the command line, from a local search page
 (notebook-index serve) and from the desktop's own search: GNOME Shell and
 KRunner through D-Bus. A systemd user timer can rebuild the index every
 night. Chinese and Japanese are read with Zinnia and the Tegaki models.
EOF

deb=".build/notebook-index_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb"

# Errors fail the target; warnings and notes are printed for the reader.
lintian --fail-on error --tag-display-limit 0 "$deb"
echo "make-deb: $deb"
