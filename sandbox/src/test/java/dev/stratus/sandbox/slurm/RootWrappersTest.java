package dev.stratus.sandbox.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RootWrappersTest {
  @TempDir Path dir;

  @Test
  void everyDaemonAndClientEntersTheRootThroughOneScript() throws IOException {
    Path root = Path.of("/var/cache/stratus/slurm-24.11/root");
    Path bin = RootWrappers.write(dir, root, List.of(Path.of("/tmp/cluster one")));

    assertThat(bin).isEqualTo(dir.resolve("bin"));
    for (String p : List.of("slurmctld", "slurmd", "munged", "scontrol", "sbatch", "munge")) {
      assertThat(bin.resolve(p)).isExecutable();
    }
    assertThat(Files.readString(bin.resolve("slurmctld")))
        .contains("'" + dir.resolve("enter") + "' /usr/sbin/slurmctld \"$@\"");
    assertThat(Files.readString(bin.resolve("sbatch"))).contains(" /usr/bin/sbatch \"$@\"");
    String enter = Files.readString(dir.resolve("enter"));
    assertThat(enter)
        .contains("R='/var/cache/stratus/slurm-24.11/root'")
        // a hook slurmctld runs is inside the root already: its scontrol runs directly
        .contains("if [ -e /.stratus-root ]; then exec \"$@\"; fi")
        .contains("unshare --mount --propagation private")
        .contains("for d in proc dev sys run; do mount --rbind /$d \"$R/$d\"; done")
        .contains("bind '/tmp/cluster one'")
        .contains("/usr/sbin/chroot \"$R\"");
  }

  @Test
  void anotherUserEntersThroughBwrapSeeingTheClusterButNotTheHooksJvm() throws IOException {
    Path root = Path.of("/var/cache/stratus/slurm-24.11/root");
    RootWrappers.write(
        dir, root, List.of(Path.of("/tmp/cluster one"), Path.of("/root/.m2/repository/x.jar")));

    String enter = Files.readString(dir.resolve("enter"));
    String asUser =
        enter.substring(enter.indexOf("if [ \"$(id -u)\" != 0 ]"), enter.indexOf("--in-namespace"));
    assertThat(asUser)
        .contains("exec bwrap --bind \"$R\" /")
        .contains("--bind /run /run") // munged's socket: munge vouches for the caller's own uid
        .contains("--bind '/tmp/cluster one' '/tmp/cluster one'")
        .contains("--bind-try /home /home")
        .contains("Debian package bubblewrap")
        .doesNotContain(".m2"); // /root is not the user's to read; only hooks (root) need the jars
    // inside the root already, a hook's client never goes through bwrap
    assertThat(enter.indexOf("/.stratus-root")).isLessThan(enter.indexOf("bwrap"));
  }

  @Test
  void theJvmTheHooksRunIsBoundWithItsClassPath() throws IOException {
    Path jar = dir.resolve("elastic-core.jar");

    List<Path> binds = RootWrappers.jvmBinds(List.of(jar));

    assertThat(binds.get(0)).isEqualTo(Path.of(System.getProperty("java.home")).toRealPath());
    assertThat(binds).contains(jar);
  }

  @Test
  void aPathWithAQuoteIsRefusedNotEscaped() {
    assertThatThrownBy(() -> RootWrappers.write(dir, Path.of("/r"), List.of(Path.of("/tmp/it's"))))
        .hasMessageContaining("/tmp/it's contains a quote");
  }
}
