package dev.stratus.sandbox.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
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
        .contains("for d in $DIRS; do printf ' --bind-try %s %s'")
        .contains("Debian package bubblewrap")
        .doesNotContain(".m2"); // /root is not the user's to read; only hooks (root) need the jars
    // inside the root already, a hook's client never goes through bwrap
    assertThat(enter.indexOf("/.stratus-root")).isLessThan(enter.indexOf("bwrap"));
  }

  /**
   * What the root sees of this machine besides the cluster: the user directories and the caller's
   * working directory, run by sh as the wrapper runs it; never the system's own directories, the
   * root itself, nor a directory already covered.
   */
  @Test
  void theUsersDirectoriesAndTheCallersWorkingDirectoryAreBoundButNotTheSystemsOwn()
      throws Exception {
    // outside /tmp (where @TempDir is, already covered by /tmp itself)
    Path outside = Files.createTempDirectory(Path.of("/var/tmp"), "stratus-wrappers-");
    try {
      Path plain = Files.createDirectories(outside.resolve("run-two"));
      Path blank = Files.createDirectories(outside.resolve("run one"));
      Path root = Files.createDirectories(outside.resolve("root"));
      Path inTmp = Files.createDirectories(dir.resolve("jobs"));

      assertThat(dirsFrom(plain, root).split(" ")).contains("/tmp", plain.toString());
      assertThat(dirsFrom(inTmp, root).split(" ")).containsOnlyOnce("/tmp");
      assertThat(dirsFrom(blank, root)).as("a blank splits the list").doesNotContain("run one");
      assertThat(dirsFrom(Path.of("/usr/share"), root)).doesNotContain("/usr");
      assertThat(dirsFrom(root, root)).as("the root itself").doesNotContain(root.toString());
    } finally {
      try (var all = Files.walk(outside)) {
        all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** {@code $DIRS} after the wrapper's loop, for a caller in {@code cwd} and the root {@code r}. */
  static String dirsFrom(Path cwd, Path r) throws Exception {
    Process p =
        new ProcessBuilder(
                "sh",
                "-c",
                "R="
                    + RootWrappers.quote(r.toString())
                    + "\n"
                    + RootWrappers.userDirs()
                    + "echo $DIRS")
            .directory(cwd.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    assertThat(p.waitFor()).as(out).isZero();
    return out;
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
