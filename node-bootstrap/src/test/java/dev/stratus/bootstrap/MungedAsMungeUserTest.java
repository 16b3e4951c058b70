package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.bootstrap.gpu.GpuCheck;
import dev.stratus.bootstrap.secret.FileMungeKeySource;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The agent with the real munged of this machine, run as the distribution's {@code munge} user: the
 * key the agent installs is owned by munge, 0400, and munged (running as munge) answers with it.
 * Hostname and mount are stand-ins ({@code /bin/true}) and so is slurmd: only munge is real here.
 */
@Tag("slurm")
class MungedAsMungeUserTest {
  Path root;
  Path nodeDir;
  Long mungedPid;

  @BeforeEach
  void setUp() throws Exception {
    // munged (as munge) must be able to reach its files: every directory on the way is 0755.
    root = Files.createTempDirectory(Path.of("/tmp"), "stratus-munge-user-");
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
    nodeDir = Files.createDirectories(root.resolve("node"));
    Files.setPosixFilePermissions(nodeDir, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @AfterEach
  void stopMunged() throws Exception {
    if (mungedPid != null) {
      ProcessHandle.of(mungedPid).ifPresent(ProcessHandle::destroy);
    }
    new ProcessBuilder("rm", "-rf", root.toString()).start().waitFor(10, TimeUnit.SECONDS);
  }

  @Test
  void mungedRunsAsMungeWithAKeyOwnedByMunge() throws Exception {
    Path keys = Files.createDirectories(root.resolve("source"));
    Path source = keys.resolve("munge.key");
    byte[] key = new byte[1024];
    new SecureRandom().nextBytes(key);
    Files.write(source, key);
    Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("r--------"));
    Path sbin = Files.createDirectories(root.resolve("sbin"));
    Files.createSymbolicLink(sbin.resolve("munged"), Path.of("/usr/sbin/munged"));
    Files.writeString(sbin.resolve("slurmd"), "#!/bin/sh\nexit 0\n");
    Files.setPosixFilePermissions(
        sbin.resolve("slurmd"), PosixFilePermissions.fromString("rwx------"));
    Files.createDirectories(root.resolve("etc"));
    Files.writeString(root.resolve("etc/slurm.conf"), "ClusterName=t\n");
    // No bind mount here: the socket path is the node's own socket directory.
    Path socket = nodeDir.resolve("munge/munge.socket");
    AgentSettings settings =
        new AgentSettings(
            "gpu-001",
            "",
            root.resolve("etc/slurm.conf"),
            sbin,
            Path.of("/usr/bin"),
            new KeySourceSpec.FileSource(source),
            socket,
            nodeDir,
            0,
            root.resolve("dev"),
            nodeDir.resolve("status.jsonl"),
            Duration.ofSeconds(10),
            false,
            new GpuCheck.DeviceFiles(),
            false,
            Optional.empty(),
            "munge",
            "",
            Optional.empty(),
            Optional.empty());

    boolean ok =
        new Agent(
                settings,
                new Agent.Tools("/bin/true", "/bin/true", AgentMain.tool("setpriv")),
                new ProcessCommandRunner(AgentMain.tool("perl")),
                new FileMungeKeySource(source),
                n -> Optional.empty(),
                new Namespaces() {
                  @Override
                  public boolean privateUts() {
                    return false;
                  }

                  @Override
                  public boolean privateMount() {
                    return false;
                  }
                },
                Clock.systemUTC(),
                d -> Thread.sleep(d.toMillis()))
            .run();

    assertThat(ok).as("status: %s", Files.readString(settings.statusFile())).isTrue();
    mungedPid = Long.parseLong(Files.readString(nodeDir.resolve("munged/munged.pid")).strip());
    assertThat(Files.getOwner(settings.keyFile()).getName()).isEqualTo("munge");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(settings.keyFile())))
        .isEqualTo("r--------");
    assertThat(Files.readAllBytes(settings.keyFile())).isEqualTo(key);
    assertThat(Files.readAllLines(Path.of("/proc/" + mungedPid + "/status")))
        .anySatisfy(l -> assertThat(l).matches("Uid:\\s+" + uid("munge") + "\\s.*"));
    Process roundTrip =
        new ProcessBuilder(
                "sh", "-c", "/usr/bin/munge -n -S " + socket + " | /usr/bin/unmunge -S " + socket)
            .redirectErrorStream(true)
            .start();
    String out = new String(roundTrip.getInputStream().readAllBytes());
    assertThat(roundTrip.waitFor()).as(out).isZero();
    assertThat(out).contains("STATUS:").contains("Success");
  }

  static String uid(String user) throws Exception {
    Process id = new ProcessBuilder("id", "-u", user).start();
    String out = new String(id.getInputStream().readAllBytes()).strip();
    id.waitFor();
    return out;
  }
}
