package dev.stratus.tests.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.process.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A second slurmctld for an embedded cluster, Slurm's own BackupController, on this machine: its
 * own network namespace on the cluster's bridge (address {@code .2}, below the local provider's
 * node addresses) and its own UTS namespace, whose host name is the second SlurmctldHost, so
 * slurmctld finds itself in slurm.conf as the backup. It shares the StateSaveLocation and munged (a
 * Unix socket reached by path) with the primary; only its pid and log files differ (its own copy of
 * slurm.conf). {@link #addTo} must run before the primary starts.
 */
public final class BackupSlurmctld implements AutoCloseable {
  private final String netns;
  private final String veth;
  private final Process process;
  private final Path log;

  private BackupSlurmctld(String netns, String veth, Process process, Path log) {
    this.netns = netns;
    this.veth = veth;
    this.process = process;
    this.log = log;
  }

  /** The second SlurmctldHost's name for {@code cluster}. */
  public static String hostName(EmbeddedCluster cluster) {
    return "ctlb-" + cluster.config().cluster();
  }

  public static String address(EmbeddedCluster cluster) {
    String bridge = cluster.spec().bridgeAddress();
    return bridge.substring(0, bridge.lastIndexOf('.')) + ".2";
  }

  /**
   * Adds the backup to the cluster's slurm.conf (a second SlurmctldHost, a short SlurmctldTimeout)
   * and writes the backup's own copy beside it.
   */
  public static void addTo(EmbeddedCluster cluster) throws IOException {
    Path conf = cluster.config().slurm().slurmConf();
    String base = Files.readString(conf);
    String withBackup =
        base.replaceFirst(
            "(?m)^(SlurmctldHost=.*)$",
            "$1\nSlurmctldHost="
                + hostName(cluster)
                + "("
                + address(cluster)
                + ")"
                + "\nSlurmctldTimeout=5");
    assertThat(withBackup).as("slurm.conf names a SlurmctldHost").isNotEqualTo(base);
    Files.writeString(conf, withBackup);
    Path dir = cluster.root().resolve("ctld-backup");
    Files.createDirectories(dir);
    Files.writeString(
        backupConf(cluster),
        withBackup
            .replaceFirst("(?m)^SlurmctldPidFile=.*$", "SlurmctldPidFile=" + dir.resolve("pid"))
            .replaceFirst(
                "(?m)^SlurmctldLogFile=.*$", "SlurmctldLogFile=" + dir.resolve("slurmctld.log")));
  }

  private static Path backupConf(EmbeddedCluster cluster) {
    return cluster.config().slurm().confDir().resolve("slurm-backup.conf");
  }

  /** Starts it (the bridge must exist: the local provider makes it) in the foreground. */
  public static BackupSlurmctld start(EmbeddedCluster cluster) throws IOException {
    String name = cluster.config().cluster();
    String netns = "ctl-" + name;
    String veth = "vc" + Integer.toHexString(name.hashCode() & 0xfffffff);
    String bridge = cluster.spec().bridge();
    Path log = cluster.root().resolve("log/backup-slurmctld.out");
    for (List<String> step :
        List.of(
            List.of("ip", "netns", "add", netns),
            List.of(
                "ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", netns),
            List.of("ip", "link", "set", veth, "master", bridge, "up"),
            List.of("ip", "-n", netns, "addr", "add", address(cluster) + "/24", "dev", "eth0"),
            List.of("ip", "-n", netns, "link", "set", "eth0", "up"),
            List.of("ip", "-n", netns, "link", "set", "lo", "up"))) {
      assertThat(Processes.run(step, Map.of(), log, Duration.ofSeconds(10)))
          .as(step.toString())
          .isZero();
    }
    ProcessBuilder pb =
        new ProcessBuilder(
                "ip",
                "netns",
                "exec",
                netns,
                "unshare",
                "--uts",
                "sh",
                "-c",
                "hostname \"$0\" && exec \"$1\" -D -f \"$2\"",
                hostName(cluster),
                cluster.config().slurm().sbinDir().resolve("slurmctld").toString(),
                backupConf(cluster).toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.environment().clear();
    pb.environment().put("PATH", Processes.PATH);
    return new BackupSlurmctld(netns, veth, pb.start(), log);
  }

  public Path log() {
    return log;
  }

  /** Stops it (SIGTERM, then SIGKILL) and removes its namespace and link. */
  @Override
  public void close() {
    Processes.stop(process.pid(), Duration.ofSeconds(10));
    Processes.run(List.of("ip", "link", "del", veth), Map.of(), log, Duration.ofSeconds(10));
    Processes.run(List.of("ip", "netns", "del", netns), Map.of(), log, Duration.ofSeconds(10));
  }
}
