package dev.stratus.core.slurm;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway slurmctld for tests: its own temp dir, slurm.conf, state dir and free port, CLOUD
 * nodes {@code gpu-[001-004]} (partition gpu) and {@code cpu-[1-2]} (partition cpu), {@code
 * PrivateData=cloud}, auth/none (no munged), no slurmd. Runs in the foreground as this JVM's child,
 * so {@link #close()} stops exactly that process. Fails, never skips, when Slurm is not installed.
 */
public final class ScratchSlurmctld implements AutoCloseable {
  /** Where Slurm's programs are; override with STRATUS_SLURM_BIN. */
  public static final Path BIN =
      Path.of(System.getenv().getOrDefault("STRATUS_SLURM_BIN", "/usr/bin"));

  private static final Path SBIN =
      Path.of(System.getenv().getOrDefault("STRATUS_SLURM_SBIN", "/usr/sbin"));

  private final Path dir;
  private final Path conf;
  private final int port;
  private final Process process;

  private ScratchSlurmctld(Path dir) throws IOException {
    Path slurmctld = SBIN.resolve("slurmctld");
    for (Path p : List.of(slurmctld, BIN.resolve("scontrol"), BIN.resolve("sinfo"))) {
      if (!Files.isExecutable(p)) {
        throw new IllegalStateException(p + " is missing: install slurmctld and slurm-client");
      }
    }
    this.dir = dir;
    this.conf = dir.resolve("slurm.conf");
    this.port = freePort();
    Files.createDirectories(dir.resolve("state"));
    Files.writeString(conf, config());
    ProcessBuilder pb = new ProcessBuilder(slurmctld.toString(), "-D");
    pb.environment().clear();
    pb.environment()
        .putAll(Map.of("SLURM_CONF", conf.toString(), "PATH", "/usr/sbin:/usr/bin:/bin"));
    pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    pb.redirectErrorStream(true);
    pb.redirectOutput(dir.resolve("slurmctld.out").toFile());
    process = pb.start();
  }

  /** Starts one in {@code dir} (a fresh temp dir) and waits until {@code scontrol ping} says UP. */
  public static ScratchSlurmctld start(Path dir) throws IOException {
    ScratchSlurmctld ctld = new ScratchSlurmctld(dir);
    try {
      await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(ctld::up);
    } catch (RuntimeException e) {
      ctld.close();
      throw new IllegalStateException(
          "slurmctld did not come up; its log: " + ctld.dir.resolve("slurmctld.log"), e);
    }
    return ctld;
  }

  public Path slurmConf() {
    return conf;
  }

  public Path dir() {
    return dir;
  }

  public int port() {
    return port;
  }

  /** Runs a Slurm client program (e.g. sbatch) against this slurmctld. */
  public CommandRunner.Result run(String program, String... args) {
    List<String> command = new ArrayList<>(List.of(BIN.resolve(program).toString()));
    command.addAll(List.of(args));
    return new CommandRunner(
            Map.of("SLURM_CONF", conf.toString(), "PATH", "/usr/bin:/bin"), Duration.ofSeconds(30))
        .run(command);
  }

  private boolean up() {
    if (!process.isAlive()) {
      throw new IllegalStateException("slurmctld exited with " + process.exitValue());
    }
    return run("scontrol", "ping").stdout().contains("is UP");
  }

  /** Stops the slurmctld this object started (SIGTERM, then SIGKILL after 15 s). */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(15, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private String config() throws IOException {
    String host = InetAddress.getLoopbackAddress().getHostAddress();
    return String.join(
        "\n",
        "ClusterName=scratch" + port,
        "SlurmctldHost=" + hostname() + "(" + host + ")",
        "SlurmctldPort=" + port,
        "SlurmdPort=" + (port + 1),
        "SlurmUser=root",
        "AuthType=auth/none",
        "CredType=cred/none",
        "StateSaveLocation=" + dir.resolve("state"),
        "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"),
        "SlurmctldLogFile=" + dir.resolve("slurmctld.log"),
        "SlurmdSpoolDir=" + dir.resolve("spool"),
        "ProctrackType=proctrack/linuxproc",
        "TaskPlugin=task/none",
        "MailProg=/bin/true",
        "SelectType=select/cons_tres",
        "GresTypes=gpu",
        "ResumeProgram=/bin/true",
        "SuspendProgram=/bin/true",
        "ResumeTimeout=600",
        "SuspendTime=600",
        "PrivateData=cloud",
        "ReturnToService=2",
        "MinJobAge=300",
        "NodeName=gpu-[001-004] State=CLOUD CPUs=8 RealMemory=64000 Gres=gpu:h100:8"
            + " Feature=h100,spot",
        "NodeName=cpu-[1-2] State=CLOUD CPUs=4 RealMemory=8000",
        "PartitionName=gpu Nodes=gpu-[001-004] Default=YES MaxTime=INFINITE State=UP",
        "PartitionName=cpu Nodes=cpu-[1-2] MaxTime=INFINITE State=UP",
        "");
  }

  /**
   * slurmctld only serves as the host named in SlurmctldHost, which must be this machine's name.
   */
  private static String hostname() throws IOException {
    Path proc = Path.of("/proc/sys/kernel/hostname");
    return Files.exists(proc)
        ? Files.readString(proc).strip()
        : InetAddress.getLocalHost().getHostName();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
