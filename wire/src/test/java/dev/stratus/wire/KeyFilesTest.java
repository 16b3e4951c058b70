package dev.stratus.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyFilesTest {
  @TempDir Path dir;

  @Test
  void aWrittenKeyIsReadBackAndOnlyItsOwnerMayReadIt() throws IOException {
    byte[] key = new byte[32];
    key[5] = 7;
    Path file = dir.resolve("keys/node.key");

    KeyFiles.write(file, key);

    assertThat(KeyFiles.read(file)).isEqualTo(key);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("r--------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
        .isEqualTo("rwx------");
  }

  @Test
  void aKeyOthersMayReadOrOfTheWrongSizeOrALinkIsRefusedNamingTheFile() throws IOException {
    Path open = dir.resolve("open.key");
    Files.write(open, new byte[32]);
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
    Path short_ = dir.resolve("short.key");
    Files.write(short_, new byte[31]);
    Files.setPosixFilePermissions(short_, PosixFilePermissions.fromString("r--------"));
    Path link = Files.createSymbolicLink(dir.resolve("link.key"), short_);

    assertThatThrownBy(() -> KeyFiles.read(open))
        .hasMessageContaining(open.toString())
        .hasMessageContaining("readable by its owner only");
    assertThatThrownBy(() -> KeyFiles.read(short_)).hasMessageContaining("has 31");
    assertThatThrownBy(() -> KeyFiles.read(link)).hasMessageContaining("not a regular file");
  }
}
