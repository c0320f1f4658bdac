#!/usr/bin/env bash
# mdBook for the mdBook site test, from Debian's own archive, without installing anything on the system.
#
# Debian 12 (bookworm, this project's machines) has no mdbook package; Debian 13 (trixie) has one, built against
# trixie's C library (2.39 or later; bookworm has 2.36). So this script fetches, with apt-get and a private apt
# folder (the system's sources and installed packages are not touched), trixie's `mdbook`, `libc6` and `libgcc-s1`,
# unpacks them under OUT/root, and writes OUT/bin/mdbook, which runs trixie's mdbook through trixie's own dynamic
# loader and libraries. Debian's mdbook build leaves out the theme's book.js (the script behind its theme menu and
# sidebar) and the fonts; OUT/book.js is that file from `librust-mdbook-dev`, the same version's source in Debian.
#
# Usage: mdbook-debian.sh OUT. Prints the mdbook version. Exits non-zero with a reason on stderr when it cannot.
set -euo pipefail
out="$1"
if [ -x "$out/bin/mdbook" ] && [ -f "$out/book.js" ] && "$out/bin/mdbook" --version; then exit 0; fi
command -v apt-get >/dev/null 2>&1 || { echo "no apt-get here (not a Debian system)" >&2; exit 3; }
case "$(dpkg --print-architecture)" in
  amd64) triplet=x86_64-linux-gnu; loader=ld-linux-x86-64.so.2 ;;
  arm64) triplet=aarch64-linux-gnu; loader=ld-linux-aarch64.so.1 ;;
  *) echo "no recipe for architecture $(dpkg --print-architecture)" >&2; exit 3 ;;
esac
rm -rf "$out"
apt="$out/apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs" "$out/root" "$out/bin"
echo 'deb http://deb.debian.org/debian trixie main' >"$apt/sources.list"
opts=(-qq -o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$apt/lists"
  -o "Dir::Cache=$apt/cache" -o Debug::NoLocking=true)
[ "$(id -u)" = 0 ] && opts+=(-o APT::Sandbox::User=root)
apt-get "${opts[@]}" update
(cd "$apt/debs" && apt-get "${opts[@]}" download mdbook libc6 libgcc-s1 librust-mdbook-dev)
for deb in "$apt"/debs/*.deb; do dpkg-deb -x "$deb" "$out/root"; done
cp "$out"/root/usr/share/cargo/registry/mdbook-*/src/front-end/js/book.js "$out/book.js"
lib="$out/root/usr/lib/$triplet"
printf '#!/bin/sh\nexec "%s" --library-path "%s" "%s" "$@"\n' "$lib/$loader" "$lib" "$out/root/usr/bin/mdbook" >"$out/bin/mdbook"
chmod +x "$out/bin/mdbook"
rm -rf "$apt"
"$out/bin/mdbook" --version
