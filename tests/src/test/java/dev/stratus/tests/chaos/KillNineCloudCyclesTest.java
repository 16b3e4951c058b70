package dev.stratus.tests.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.daemon.ProviderRegistry;
import dev.stratus.provider.aws.AwsHarness;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.testkit.aws.Ec2Model;
import dev.stratus.testkit.aws.Ec2ModelServer;
import dev.stratus.tests.chaos.ControllerKiller.Point;
import dev.stratus.tests.chaos.KillCycles.Srun;
import dev.stratus.tests.support.InstanceWatch;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * kill -9 of the controller on a WireMock cloud: the same scale cycles as {@link
 * KillNineCyclesTest} on the real Slurm, but the pool's only offering is EC2's, reached through the
 * real AWS SDK at the EC2 model, which answers every call {@value #LATENCY_MS} ms late (after the
 * call took effect, as a slow region does), so that a kill lands inside a call. A {@link
 * CloudBooter} boots each instance the model holds as a real local node, so jobs still run. The
 * controller is SIGKILLed mid-launch (a {@code CreateFleet} taken by the cloud, its answer not yet
 * read) or mid-terminate (a termination just logged) and started again. Nothing may be lost or
 * doubled: no node ever has two live EC2 instances, no EC2 instance or node is left once the
 * cluster is idle (GC's orphan grace is 20 s), every resume came up and every job ran.
 */
@Tag("slurm")
class KillNineCloudCyclesTest {
  static final int NODES = 4;
  static final int CYCLES = Integer.getInteger("stratus.chaos.cycles", 2);
  static final long SEED = Long.getLong("stratus.chaos.seed", 20261125L);
  static final int LATENCY_MS = 1500;
  static final String ZONE = "us-east-1a";

  @Test
  void killingTheControllerMidLaunchOrMidTerminateOnAWireMockCloudLeaksAndDoublesNothing()
      throws Exception {
    Random draw = new Random(SEED);
    EmbeddedCluster cluster = KillCycles.prepare("kill9cloud", "k9c", NODES);
    Path root = cluster.root();
    String name = cluster.config().cluster();
    NodeProvider local = ProviderRegistry.create(cluster.config(), Clock.systemUTC()).get("local");
    local.start(); // the bridge slurmctld listens on: the controller here has no local provider
    Offering localSpot =
        cluster.config().pools().get(0).offerings().stream()
            .filter(o -> o.capacityType() == CapacityType.SPOT)
            .findFirst()
            .orElseThrow();
    CliSlurmClient slurm =
        new CliSlurmClient(cluster.config().slurm().binDir(), cluster.config().slurm().slurmConf());
    List<Srun> jobs = new ArrayList<>();
    try (Ec2ModelServer ec2 = new Ec2ModelServer()) {
      Ec2Model model = ec2.model();
      model.subnet("subnet-0a1", ZONE).subnet("subnet-0a2", ZONE);
      Path config = cloudConfig(cluster, ec2);
      try (CloudBooter booter = CloudBooter.start(model, local, name, localSpot);
          InstanceWatch watch =
              InstanceWatch.start(() -> CloudBooter.liveByNode(model, name), slurm);
          ControllerKiller killer =
              new ControllerKiller(
                  config, root.resolve("log/controller.log"), local, slurm, name)) {
        killer.start();
        cluster.start();
        ec2.latency(LATENCY_MS);
        Instant begin = Instant.now();
        List<Point> aims = KillCycles.aims(draw, CYCLES, List.of(Point.LAUNCH, Point.TERMINATE));
        for (int c = 0; c < CYCLES; c++) {
          Point aim = aims.get(c);
          List<Srun> wave = new ArrayList<>();
          int fleetsBefore = model.requests("CreateFleet").size();
          long logMark = killer.logSize();
          for (int i = 0; i < NODES; i++) {
            wave.add(Srun.start(cluster, "kc" + c + "-" + i));
          }
          jobs.addAll(wave);
          if (aim == Point.LAUNCH) {
            await("a CreateFleet taken by the cloud in cycle " + c)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> model.requests("CreateFleet").size() > fleetsBefore);
            Thread.sleep(draw.nextInt(LATENCY_MS));
            // cut when the cloud took a CreateFleet the dead controller never saw answered
            killer.killAt(
                aim,
                () -> {
                  try {
                    return model.requests("CreateFleet").size() - fleetsBefore
                        > killer.countSince(logMark, "LaunchExecutor - launched [");
                  } catch (IOException e) {
                    return false;
                  }
                });
          }
          for (Srun s : wave) {
            s.process().waitFor(240, TimeUnit.SECONDS);
          }
          if (aim == Point.TERMINATE) {
            long mark = killer.logSize();
            await("a termination in cycle " + c)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> killer.loggedSince(mark, "terminating "));
            Thread.sleep(draw.nextInt(300));
            // cut when a live instance outlived its node's power-down (the call never left) or
            // the suspend is still spooled (the cloud took the call, its answer was never read)
            killer.killAt(
                aim,
                () -> {
                  try {
                    return instanceOfAReleasedNode(model, slurm, name)
                        || !KillCycles.spooled(cluster).isEmpty();
                  } catch (IOException e) {
                    return false;
                  }
                });
          }
          await("cycle " + c + " scaled back to zero")
              .atMost(Duration.ofSeconds(180))
              .pollInterval(Duration.ofMillis(500))
              .ignoreExceptions()
              .until(() -> slurm.nodes().stream().allMatch(n -> n.poweredDown() && !n.down()));
        }
        Duration took = Duration.between(begin, Instant.now());
        // GC collects what a kill left (orphan grace 20 s) and the controller acknowledges the
        // last suspends once their terminations answered; what is still there is leaked or lost
        Instant settle = Instant.now().plusSeconds(90);
        while (Instant.now().isBefore(settle)
            && !(CloudBooter.liveOfCluster(model, name).isEmpty()
                && booter.booted().isEmpty()
                && KillCycles.spooled(cluster).isEmpty())) {
          Thread.sleep(1000);
        }
        Duration settled = Duration.between(begin.plus(took), Instant.now());
        watch.close();

        List<String> lost = KillCycles.lost(jobs);
        List<String> leaked = CloudBooter.liveOfCluster(model, name);
        List<Path> spoolLeft = KillCycles.spooled(cluster);
        Map<String, Object> f =
            KillCycles.runFigures(
                SEED, CYCLES, NODES, jobs.size(), killer, List.of(Point.LAUNCH, Point.TERMINATE));
        f.put("cloud", "EC2 model (WireMock), real AWS SDK, replies " + LATENCY_MS + " ms late");
        f.put("createFleetCalls", model.requests("CreateFleet").size());
        f.put("ec2InstancesLaunched", watch.everSeen.size());
        KillCycles.outcomeFigures(
            f,
            leaked.size(),
            watch.resumeTimeouts.size() + spoolLeft.size(),
            watch.duplicates.size(),
            lost.size(),
            took);
        f.put("settledAfterLastCycleSeconds", settled.toSeconds());
        Reliability.record("killNineCloud", null, f);
        System.out.println("kill -9 cycles on the EC2 model: " + f);

        assertThat(booter.failures).as("local boots of cloud instances that failed").isEmpty();
        assertThat(watch.duplicates).as("nodes seen with two live EC2 instances").isEmpty();
        assertThat(leaked).as("EC2 instances left").isEmpty();
        assertThat(booter.booted()).as("nodes left running").isEmpty();
        assertThat(watch.resumeTimeouts).as("nodes Slurm gave up resuming").isEmpty();
        assertThat(spoolLeft).as("requests never acknowledged").isEmpty();
        assertThat(lost).as("jobs that did not run to their end").isEmpty();
        assertThat(killer.kills()).isEqualTo(CYCLES);
      }
    } finally {
      jobs.forEach(s -> s.process().destroyForcibly());
      local.terminate(local.list(name).stream().map(Instance::id).toList());
      local.close();
      cluster.close();
    }
  }

  static boolean instanceOfAReleasedNode(Ec2Model model, CliSlurmClient slurm, String cluster) {
    Set<String> released =
        slurm.nodes().stream()
            .filter(n -> !n.wantsInstance())
            .map(SlurmNode::name)
            .collect(Collectors.toSet());
    return CloudBooter.liveByNode(model, cluster).keySet().stream().anyMatch(released::contains);
  }

  /**
   * The embedded cluster's stratus.yaml with its pool on EC2 alone (the model's endpoint, fake
   * static credentials) and the notice endpoint on loopback (no notices here), written beside it.
   */
  static Path cloudConfig(EmbeddedCluster cluster, Ec2ModelServer ec2) throws Exception {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    @SuppressWarnings("unchecked")
    Map<String, Object> cfg = yaml.readValue(cluster.configFile().toFile(), LinkedHashMap.class);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> pools = (List<Map<String, Object>>) cfg.get("pools");
    for (Map<String, Object> pool : pools) {
      pool.put(
          "offerings",
          List.of(
              Map.of(
                  "provider", "aws",
                  "region", "us-east-1",
                  "zone", ZONE,
                  "instanceType", "p5.48xlarge",
                  "capacity", "spot",
                  "pricePerHour", 40.0)));
    }
    Map<String, Object> aws = new LinkedHashMap<>(AwsHarness.defaults(ec2));
    aws.remove("pageSize"); // one page per listing: each reply comes 1.5 s late
    aws.put("pricesEndpoint", ec2.endpoint().toString());
    aws.put(
        "offerings",
        List.of(
            Map.of(
                "instanceType",
                "p5.48xlarge",
                "zone",
                ZONE,
                "capacityType",
                "spot",
                "pricePerHour",
                40.0)));
    cfg.put("providers", Map.of("aws", aws));
    @SuppressWarnings("unchecked")
    Map<String, Object> spot = (Map<String, Object>) cfg.get("spot");
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      spot.put("listen", "127.0.0.1:" + free.getLocalPort());
    }
    Path out = cluster.configFile().resolveSibling("stratus-cloud.yaml");
    yaml.writeValue(out.toFile(), cfg);
    return out;
  }
}
