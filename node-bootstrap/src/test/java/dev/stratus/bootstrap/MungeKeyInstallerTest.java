package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MungeKeyInstallerTest {
  @TempDir Path dir;

  Path source(String mode, int size) throws Exception {
    Path p = dir.resolve("source.key");
    byte[] key = new byte[size];
    Arrays.fill(key, (byte) 'K');
    Files.write(p, key);
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
    return p;
  }

  @Test
  void ownerOnlyModesAreAccepted() {
    Path p = Path.of("/k");
    assertThat(
            MungeKeyInstaller.checkSource(
                p, true, PosixFilePermissions.fromString("r--------"), 1024))
        .isEmpty();
    assertThat(
            MungeKeyInstaller.checkSource(
                p, true, PosixFilePermissions.fromString("rw-------"), 1024))
        .isEmpty();
  }

  @Test
  void groupReadableSourceIsRefusedNamingItsMode() {
    assertThat(
            MungeKeyInstaller.checkSource(
                Path.of("/k"), true, PosixFilePermissions.fromString("rw-r--r--"), 1024))
        .hasValue("munge key source /k must have mode 0400 or 0600, has 0644 (rw-r--r--)");
  }

  @Test
  void notARegularFileIsRefused() {
    assertThat(
            MungeKeyInstaller.checkSource(
                Path.of("/k"), false, PosixFilePermissions.fromString("r--------"), 1024))
        .hasValueSatisfying(m -> assertThat(m).contains("not a regular file"));
  }

  @Test
  void keyShorterThanMungedAcceptsIsRefused() {
    assertThat(
            MungeKeyInstaller.checkSource(
                Path.of("/k"), true, PosixFilePermissions.fromString("r--------"), 31))
        .hasValueSatisfying(m -> assertThat(m).contains("31 bytes"));
  }

  @Test
  void installWritesTheSameBytesWithMode0400InAPrivateDirectory() throws Exception {
    Path src = source("r--------", 1024);
    Path target = dir.resolve("node/keys/munge.key");

    MungeKeyInstaller.install(src, target);

    assertThat(Files.readAllBytes(target)).isEqualTo(Files.readAllBytes(src));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target)))
        .isEqualTo("r--------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target.getParent())))
        .isEqualTo("rwx------");
    assertThat(Files.list(target.getParent())).containsExactly(target);
  }

  @Test
  void installReplacesAnOlderKey() throws Exception {
    Path target = dir.resolve("node/keys/munge.key");
    MungeKeyInstaller.install(source("rw-------", 64), target);

    MungeKeyInstaller.install(source("rw-------", 128), target);

    assertThat(Files.size(target)).isEqualTo(128);
  }

  @Test
  void installRefusesAWorldReadableSourceWithoutCopyingIt() throws Exception {
    Path src = source("rw-r--r--", 1024);
    Path target = dir.resolve("node/keys/munge.key");

    assertThatThrownBy(() -> MungeKeyInstaller.install(src, target))
        .isInstanceOf(StepFailedException.class)
        .hasMessageContaining("0644")
        .hasMessageNotContaining("KKKK");
    assertThat(target).doesNotExist();
  }

  @Test
  void installRefusesASymlinkEvenToAGoodKey() throws Exception {
    Path src = source("r--------", 1024);
    Path link = Files.createSymbolicLink(dir.resolve("link.key"), src);

    assertThatThrownBy(() -> MungeKeyInstaller.install(link, dir.resolve("t/munge.key")))
        .hasMessageContaining("not a regular file");
  }
}
