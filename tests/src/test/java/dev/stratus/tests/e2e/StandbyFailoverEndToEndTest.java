package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.ThisHost;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.standby.LeaseRecord;
import dev.stratus.core.standby.SlurmctldPing;
import dev.stratus.daemon.ProviderRegistry;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.embedded.EmbeddedSpec;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.tests.support.BackupSlurmctld;
import dev.stratus.tests.support.CheckpointJobs;
import dev.stratus.tests.support.ControllerProcess;
import dev.stratus.tests.support.InstanceWatch;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two controller processes on the real Slurm, each beside its own slurmctld (the primary, and a
 * BackupController in namespaces of its own), sharing the spool, the state and a lease. The active
 * one is killed with SIGKILL while a burst of jobs is being launched; the standby must take over,
 * and no node may ever have two instances, no instance may be left behind and every job must run
 * once, from the resume requests the dead one left in the spool.
 */
@Tag("slurm")
class StandbyFailoverEndToEndTest {
  static final Duration LEASE = Duration.ofSeconds(4);
  static final Duration RENEW = Duration.ofSeconds(1);
  static final int NODES = 4;
  static final int JOBS = 6;

  @Test
  void killingTheActiveControllerMidBurstHandsOverWithNoDuplicateLeakedOrLostWork()
      throws Exception {
    SecureRandom random = new SecureRandom();
    Path root = Files.createTempDirectory("stratus-failover-e2e-");
    String name = "fo" + Integer.toHexString(random.nextInt(0x10000));
    EmbeddedSpec spec = EmbeddedSpec.random(root, name, NODES, random);
    EmbeddedCluster cluster = EmbeddedCluster.prepare(spec);
    BackupSlurmctld.addTo(cluster);
    String yaml = Files.readString(cluster.configFile());
    String listen = "listen: \"" + spec.bridgeAddress() + ":" + spec.noticePort() + "\"";
    assertThat(yaml).contains(listen);
    Files.writeString(cluster.configFile(), yaml + standby(ThisHost.shortName()));
    Path configB = root.resolve("stratus-b.yaml");
    Files.writeString(
        configB,
        yaml.replace(listen, "listen: \"" + spec.bridgeAddress() + ":" + freePort() + "\"")
            + standby(BackupSlurmctld.hostName(cluster)));
    Path leaseFile = cluster.config().spoolDir().resolve("lease/lease.json"); // the default
    NodeProvider local = ProviderRegistry.create(cluster.config(), Clock.systemUTC()).get("local");
    CliSlurmClient slurm =
        new CliSlurmClient(cluster.config().slurm().binDir(), cluster.config().slurm().slurmConf());
    List<AutoCloseable> started = new ArrayList<>();
    InstanceWatch watch = null;
    try {
      ControllerProcess a =
          ControllerProcess.start(cluster.configFile(), root.resolve("log/a.log"));
      started.add(a);
      await("controller A holds the lease and made the bridge")
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  holder(leaseFile).startsWith(ThisHost.shortName() + "/")
                      && Processes.run(
                              List.of("ip", "link", "show", spec.bridge()),
                              Map.of(),
                              null,
                              Duration.ofSeconds(5))
                          == 0);
      cluster.start();
      started.add(BackupSlurmctld.start(cluster));
      await("both slurmctlds answer")
          .atMost(Duration.ofSeconds(60))
          .until(() -> ping(cluster).slurmctlds().stream().allMatch(SlurmctldPing.Slurmctld::up));
      ControllerProcess b = ControllerProcess.start(configB, root.resolve("log/b.log"));
      started.add(b);
      await("controller B stands by")
          .atMost(Duration.ofSeconds(60))
          .until(() -> Files.readString(b.log()).contains("standby controller beside slurmctld"));
      LeaseRecord before = LeaseRecord.parse(Files.readString(leaseFile), leaseFile.toString());
      assertThat(before.holder()).startsWith(ThisHost.shortName() + "/");

      watch = InstanceWatch.start(local, slurm, name);
      Set<String> duplicates = watch.duplicates;
      Set<String> everSeen = watch.everSeen;
      Set<String> resumeTimeouts = watch.resumeTimeouts;
      CheckpointJobs commands = new CheckpointJobs(cluster);
      List<String> jobs = new ArrayList<>();
      for (int i = 0; i < JOBS; i++) {
        jobs.add(
            commands
                .run(
                    List.of(
                        "sbatch",
                        "--parsable",
                        "-p",
                        "gpu",
                        "-N1",
                        "--exclusive",
                        "--gres=gpu:h100:1",
                        "--output=" + root.resolve("jobs/%j.out"),
                        "--wrap",
                        "sleep 5"))
                .strip());
      }
      await("the first instance of the burst")
          .atMost(Duration.ofSeconds(120))
          .pollInterval(Duration.ofMillis(100))
          .until(() -> !everSeen.isEmpty());
      long launchingAtKill = slurm.nodes().stream().filter(SlurmNode::poweringUp).count();
      Instant killed = Instant.now();
      a.kill();
      await("controller B holds the lease")
          .atMost(LEASE.multipliedBy(4))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> holder(leaseFile).startsWith(BackupSlurmctld.hostName(cluster) + "/"));
      Duration takeover = Duration.between(killed, Instant.now());
      await("every job of the burst completed")
          .atMost(Duration.ofSeconds(300))
          .pollInterval(Duration.ofSeconds(1))
          .ignoreExceptions() // squeue may time out while slurmctld is busy; asked again
          .until(() -> jobs.stream().allMatch(j -> state(slurm, j).equals("COMPLETED")));
      Duration allDone = Duration.between(killed, Instant.now());
      await("every node suspended, no instance and no namespace left")
          .atMost(Duration.ofSeconds(120))
          .pollInterval(Duration.ofSeconds(1))
          .ignoreExceptions()
          .untilAsserted(
              () -> {
                assertThat(slurm.nodes()).allMatch(n -> n.poweredDown() && !n.down());
                assertThat(local.list(name)).isEmpty();
              });
      watch.close();
      LeaseRecord after = LeaseRecord.parse(Files.readString(leaseFile), leaseFile.toString());
      List<Path> spoolLeft;
      try (var files = Files.list(cluster.config().spoolDir())) {
        spoolLeft = files.filter(f -> f.toString().endsWith(".json")).toList();
      }
      List<SlurmJob> ran =
          slurm.jobs().stream().filter(j -> jobs.contains(Long.toString(j.jobId()))).toList();
      System.out.printf(
          "standby failover (lease %d s, renew %d s): kill -9 with %d nodes powering up;"
              + " takeover %.2f s; %d jobs completed %.1f s after the kill; %d instances"
              + " launched, %d duplicate, %d leaked, %d lost resume requests"
              + " (ResumeTimeout %d, spool left %d, requeued %d)%n",
          LEASE.toSeconds(),
          RENEW.toSeconds(),
          launchingAtKill,
          takeover.toMillis() / 1000.0,
          ran.size(),
          allDone.toMillis() / 1000.0,
          everSeen.size(),
          duplicates.size(),
          local.list(name).size(),
          resumeTimeouts.size() + spoolLeft.size(),
          resumeTimeouts.size(),
          spoolLeft.size(),
          ran.stream().filter(j -> j.restartCount() > 0).count());

      assertThat(after.epoch()).isEqualTo(before.epoch() + 1);
      assertThat(duplicates).as("nodes seen with two instances").isEmpty();
      assertThat(resumeTimeouts).as("nodes Slurm gave up resuming").isEmpty();
      assertThat(spoolLeft).as("resume requests never acknowledged").isEmpty();
      assertThat(ran).hasSize(JOBS).allMatch(j -> j.restartCount() == 0);
      assertThat(everSeen).hasSizeGreaterThanOrEqualTo(NODES);
      assertThat(takeover).isLessThan(LEASE.multipliedBy(3));
    } finally {
      if (watch != null) {
        watch.close();
      }
      for (int i = started.size() - 1; i >= 0; i--) {
        started.get(i).close();
      }
      for (NodeProvider p : ProviderRegistry.create(cluster.config(), Clock.systemUTC()).values()) {
        p.terminate(p.list(name).stream().map(Instance::id).toList());
        p.close();
      }
      cluster.close();
    }
  }

  static String standby(String slurmctldHost) {
    return "controller:\n  standby: {leaseDuration: "
        + LEASE.toSeconds()
        + "s, renewEvery: "
        + RENEW.toSeconds()
        + "s, slurmctldHost: "
        + slurmctldHost
        + "}\n";
  }

  static String holder(Path leaseFile) {
    try {
      return LeaseRecord.parse(Files.readString(leaseFile), leaseFile.toString()).holder();
    } catch (IOException | IllegalArgumentException e) {
      return "";
    }
  }

  static SlurmctldPing ping(EmbeddedCluster cluster) {
    return SlurmctldPing.parse(
        Processes.output(
                List.of("scontrol", "ping"), cluster.slurmEnv(), null, Duration.ofSeconds(20))
            .stdout());
  }

  static String state(CliSlurmClient slurm, String job) {
    return slurm.jobs().stream()
        .filter(j -> Long.toString(j.jobId()).equals(job))
        .map(SlurmJob::state)
        .findFirst()
        .orElse("UNKNOWN");
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
