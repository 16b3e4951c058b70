#!/bin/sh
# Lays the controller distribution directory out as the Debian package and builds it with dpkg-deb
# (packaging/pom.xml runs this at `package`, after the assembly).
#   build-deb.sh DIST DEBIAN_SRC VERSION TIMESTAMP OUT
# DIST: target/stratus-VERSION/stratus-VERSION; DEBIAN_SRC: src/deb (control template, conffiles,
# maintainer scripts); TIMESTAMP: project.build.outputTimestamp, every file's mtime, so the same
# sources give the same package; OUT: where deb-root/ and stratus_DEBVERSION_all.deb go.
set -eu
dist=$1 debsrc=$2 version=$3 timestamp=$4 out=$5

# Maven's 0.1.0-SNAPSHOT is Debian's 0.1.0~SNAPSHOT: "~" sorts before the release it leads to.
debversion=$(printf '%s' "$version" | sed 's/-/~/')
epoch=$(date -u -d "$timestamp" +%s)
root=$out/deb-root
umask 022
rm -rf "$root"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/stratus" "$root/usr/lib/stratus/hooks" \
  "$root/lib/systemd/system" "$root/etc/stratus" "$root/etc/default" "$root/usr/share/doc/stratus"

cp -R "$dist/bin" "$dist/lib" "$dist/prometheus" "$dist/grafana" "$root/usr/share/stratus/"
ln -s ../share/stratus/bin/stratus "$root/usr/bin/stratus"
install -m 0644 "$dist"/systemd/*.service "$root/lib/systemd/system/"
install -m 0644 "$dist/etc/stratus.yaml.example" "$root/etc/stratus/"
install -m 0644 "$dist/etc/default/stratus" "$root/etc/default/stratus"
cp -R "$dist"/doc/. "$root/usr/share/doc/stratus/"
# Man pages gzipped as Debian policy asks (-n: no name or time inside, the same bytes each build).
install -d "$root/usr/share/man/man1"
for page in "$dist"/man/man1/*.1; do
  gzip -9n -c "$page" > "$root/usr/share/man/man1/$(basename "$page").gz"
  chmod 0644 "$root/usr/share/man/man1/$(basename "$page").gz"
done

# A native package's changelog: one entry for this build, dated like the files.
{
  printf 'stratus (%s) unstable; urgency=medium\n\n' "$debversion"
  printf '  * Built from the Stratus source tree, version %s.\n\n' "$version"
  printf ' -- Stratus maintainers <stratus@example.org>  %s\n' "$(date -u -R -d "@$epoch")"
} | gzip -9n > "$root/usr/share/doc/stratus/changelog.gz"
chmod 0644 "$root/usr/share/doc/stratus/changelog.gz"

install -m 0755 "$debsrc/postinst" "$debsrc/prerm" "$debsrc/postrm" "$root/DEBIAN/"
install -m 0644 "$debsrc/conffiles" "$root/DEBIAN/"
(cd "$root" && find usr lib -type f | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
size=$(du -sk --apparent-size --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@DEB_VERSION@/$debversion/" -e "s/@INSTALLED_SIZE@/$size/" "$debsrc/control" \
  > "$root/DEBIAN/control"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

find "$root" -exec touch -h -d "@$epoch" {} +
# gzip, not xz: the jars are compressed already (xz saves 6%) and xz takes minutes on them.
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zgzip --build "$root" \
  "$out/stratus_${debversion}_all.deb" >/dev/null
echo "built $out/stratus_${debversion}_all.deb"
