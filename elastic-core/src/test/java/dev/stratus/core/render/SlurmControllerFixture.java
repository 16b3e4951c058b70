package dev.stratus.core.render;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Test support: a real munged and slurmctld (Slurm 22.05 from the machine) started in a scratch
 * directory for one test, and stopped by the PIDs in their own pid files (both daemonize). Other
 * builds run Slurm on this machine at the same time, so everything here is private to the directory
 * and the port is random. The munge key's path is passed, never its content.
 */
public final class SlurmControllerFixture implements AutoCloseable {
  private final Path slurmConf;
  private final Path mungeSocket;
  private final Path mungedPid;
  private final Path slurmctldPid;
  private final Path logDir;

  private SlurmControllerFixture(Path slurmConf, Path mungeSocket, Path slurmctldPid, Path logDir) {
    this.slurmConf = slurmConf;
    this.mungeSocket = mungeSocket;
    this.mungedPid = mungeSocket.resolveSibling("munged.pid");
    this.slurmctldPid = slurmctldPid;
    this.logDir = logDir;
  }

  /** This machine's short hostname: slurmctld only starts where SlurmctldHost names it. */
  public static String hostname() throws IOException {
    String h = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
    int dot = h.indexOf('.');
    return dot < 0 ? h : h.substring(0, dot);
  }

  /** A port in 17817..19816 that nothing listens on right now. */
  public static int freePort() throws IOException {
    for (int i = 0; i < 50; i++) {
      int port = 17817 + ThreadLocalRandom.current().nextInt(2000);
      try (ServerSocket s = new ServerSocket()) {
        s.bind(new InetSocketAddress(port));
        return port;
      } catch (IOException busy) {
        // try another
      }
    }
    throw new IOException("no free port in 17817..19816");
  }

  /** Creates a fresh munge key (0600) at {@code keyFile} with mungekey. */
  public static void createMungeKey(Path keyFile) throws IOException {
    Files.createDirectories(keyFile.getParent());
    Files.setPosixFilePermissions(
        keyFile.getParent(), PosixFilePermissions.fromString("rwx------"));
    run(keyFile.getParent(), List.of("mungekey", "-c", "-k", keyFile.toString()), null);
  }

  /**
   * Fake GPU character devices {@code nvidia0..count-1} (major 195), as the local provider uses.
   */
  public static void createFakeGpus(Path dir, int count) throws IOException {
    Files.createDirectories(dir);
    for (int i = 0; i < count; i++) {
      Path dev = dir.resolve("nvidia" + i);
      if (!Files.exists(dev)) {
        run(
            dir,
            List.of("mknod", "-m", "666", dev.toString(), "c", "195", String.valueOf(i)),
            null);
      }
    }
  }

  /**
   * Starts munged on {@code mungeSocket} (pid, log and seed files beside it), then slurmctld with
   * {@code SLURM_CONF=slurmConf}, and waits until {@code scontrol ping} answers UP.
   *
   * @param slurmctldPid the SlurmctldPidFile named in slurm.conf
   */
  public static SlurmControllerFixture start(
      Path slurmConf, Path mungeKey, Path mungeSocket, Path slurmctldPid) throws IOException {
    Path sockDir = mungeSocket.getParent();
    Files.createDirectories(sockDir);
    // munged refuses a socket directory that is not executable by all
    Files.setPosixFilePermissions(sockDir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path logDir = slurmConf.getParent();
    var f = new SlurmControllerFixture(slurmConf, mungeSocket, slurmctldPid, logDir);
    try {
      run(
          sockDir,
          List.of(
              "munged",
              "--key-file=" + mungeKey,
              "--socket=" + mungeSocket,
              "--pid-file=" + f.mungedPid,
              "--log-file=" + sockDir.resolve("munged.log"),
              "--seed-file=" + sockDir.resolve("munged.seed")),
          null);
      run(logDir, List.of("slurmctld"), slurmConf);
      await("scontrol ping answers UP")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> f.scontrolQuietly("ping").contains("is UP"));
      return f;
    } catch (RuntimeException | IOException e) {
      String log = f.slurmctldLog();
      f.close();
      throw new IOException("slurmctld did not come up; its log ends:\n" + log, e);
    }
  }

  /** Runs scontrol against this controller; fails on a non-zero exit. */
  public String scontrol(String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("scontrol"));
    cmd.addAll(List.of(args));
    return run(logDir, cmd, slurmConf);
  }

  private String scontrolQuietly(String... args) {
    try {
      return scontrol(args);
    } catch (IOException e) {
      return "";
    }
  }

  /** The last 4 KB of slurmctld's log (SlurmctldLogFile next to the pid file). */
  public String slurmctldLog() {
    try {
      String log = Files.readString(slurmctldPid.resolveSibling("slurmctld.log"));
      return log.substring(Math.max(0, log.length() - 4096));
    } catch (IOException e) {
      return "(no slurmctld.log: " + e.getMessage() + ")";
    }
  }

  /** Stops slurmctld, then munged, each by the PID in its pid file, waiting for it to exit. */
  @Override
  public void close() {
    stop(slurmctldPid);
    stop(mungedPid);
  }

  private static void stop(Path pidFile) {
    Optional<ProcessHandle> p;
    try {
      p = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip()));
    } catch (IOException | NumberFormatException e) {
      return; // never started
    }
    p.ifPresent(
        h -> {
          h.destroy();
          try {
            h.onExit().get(20, TimeUnit.SECONDS);
          } catch (Exception e) {
            h.destroyForcibly();
          }
        });
  }

  /** Runs a command with a clean environment (PATH, and SLURM_CONF when given). */
  private static String run(Path dir, List<String> cmd, Path slurmConf) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
    // A daemon's forked child may hold a pipe open; it writes to a file instead.
    Path outFile = Files.createTempFile(dir, "." + Path.of(cmd.get(0)).getFileName(), ".out");
    pb.redirectOutput(outFile.toFile());
    pb.environment().clear();
    pb.environment().put("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
    if (slurmConf != null) {
      pb.environment().put("SLURM_CONF", slurmConf.toString());
    }
    Process p = pb.start();
    p.getOutputStream().close();
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", cmd) + " did not finish in 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    String out = Files.readString(outFile, StandardCharsets.UTF_8);
    Files.delete(outFile);
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", cmd) + " exited " + p.exitValue() + ": " + out);
    }
    return out;
  }
}
