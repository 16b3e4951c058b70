package dev.stratus.sandbox.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RootUsersTest {
  @TempDir Path dir;

  @Test
  void regularUsersTheRootLacksAreAddedWithTheirIds() {
    List<String> host =
        List.of(
            "root:x:0:0:root:/root:/bin/bash",
            "munge:x:101:103::/nonexistent:/usr/sbin/nologin",
            "alice:x:1001:1001::/home/alice:/bin/sh",
            "bob:x:1002:1002::/home/bob:/bin/sh",
            "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin");
    List<String> root =
        List.of("root:x:0:0:root:/root:/bin/bash", "munge:x:100:101::/nonexistent:/bin/false");

    assertThat(RootUsers.missing(host, root))
        .containsExactly(
            "alice:x:1001:1001::/home/alice:/bin/sh", "bob:x:1002:1002::/home/bob:/bin/sh");
  }

  @Test
  void aNameOrIdTheRootHasAlreadyIsLeftAlone() {
    List<String> host =
        List.of("carol:x:1003:1003::/home/carol:/bin/sh", "dave:x:1004:1004::/home/dave:/bin/sh");
    List<String> root = List.of("carol:x:1500:1500::/:/bin/sh", "erin:x:1004:1004::/:/bin/sh");

    assertThat(RootUsers.missing(host, root)).isEmpty();
  }

  @Test
  void syncAppendsToBothFilesOnceAndKeepsTheirMode() throws IOException {
    Path host = Files.createDirectories(dir.resolve("host"));
    Path etc = Files.createDirectories(dir.resolve("root/etc"));
    Files.writeString(host.resolve("passwd"), "alice:x:1001:1001::/home/alice:/bin/sh\n");
    Files.writeString(host.resolve("group"), "alice:x:1001:\nstaff:x:50:\n");
    Files.writeString(etc.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
    Files.writeString(etc.resolve("group"), "root:x:0:\n");
    Files.setPosixFilePermissions(
        etc.resolve("passwd"), PosixFilePermissions.fromString("rw-r--r--"));

    RootUsers.sync(host, etc);
    RootUsers.sync(host, etc);

    assertThat(etc.resolve("passwd"))
        .hasContent("root:x:0:0:root:/root:/bin/bash\nalice:x:1001:1001::/home/alice:/bin/sh");
    assertThat(etc.resolve("group")).hasContent("root:x:0:\nalice:x:1001:");
    // a temporary file is 0600: every user's clients must still read the root's passwd
    assertThat(Files.getPosixFilePermissions(etc.resolve("passwd")))
        .isEqualTo(PosixFilePermissions.fromString("rw-r--r--"));
    try (var files = Files.list(etc)) {
      assertThat(files).hasSize(2);
    }
  }
}
