package dev.stratus.core.bench;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerParts;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.testkit.fake.FakeNodeProvider;
import dev.stratus.wire.InterruptionNotice;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;

/**
 * Notice received → job requeued while a 900 s launch is in flight, on the in-memory fake provider
 * and Slurm, with the controller's real threads: its notice lane started, and a pass every second
 * (the reconcile interval of a busy controller) on a thread of its own. First one launch is held by
 * the fake cloud as an ARM create holds its caller (simulated: held until the benchmark ends), then
 * one running job after another gets a reclaim notice with a 120 s deadline; the job answers the
 * USR1 signal with a checkpoint at once (a file under the checkpoint dir, as the checkpoint
 * contract says), and Slurm's requeue takes the job off its node. Per notice it prints receipt →
 * signal issued and receipt → requeue issued; then n, median, p90 and max of both, and whether the
 * held launch was still in flight. Targets: signal median under 1 s (the lane's budget), requeue
 * median under 5 s. Exits 1 when either is missed. Argument: how many notices (default 10).
 */
public final class NoticeLaneBenchmark {
  static final Duration SIGNAL_TARGET = Duration.ofSeconds(1);
  static final Duration REQUEUE_TARGET = Duration.ofSeconds(5);
  static final Offering SPOT = Fixtures.offering("fake", "a", CapacityType.SPOT, "30");

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    Clock clock = Clock.systemUTC();
    Path checkpoints = Files.createTempDirectory("stratus-bench-ckpt-");
    FakeSlurm slurm = new FakeSlurm();
    Map<Long, Instant> signalled = new ConcurrentHashMap<>();
    Map<Long, Instant> requeued = new ConcurrentHashMap<>();
    SlurmClient jobsThatCheckpoint = jobsThatCheckpoint(slurm, checkpoints, signalled, requeued);
    FakeNodeProvider cloud = new FakeNodeProvider("fake", List.of(SPOT), clock);
    InMemoryRequests spool = new InMemoryRequests();
    int nodes = runs + 1;
    StratusConfig config =
        Fixtures.withSpot(
            Fixtures.config(List.of(Fixtures.pool("gpu", nodes, SPOT)), "fake"),
            new SpotSettings(
                "USR1",
                Duration.ofSeconds(60),
                Duration.ofSeconds(10),
                false,
                "",
                checkpoints.toString()));
    List<String> names = config.pools().get(0).nodeNames();
    slurm.cloudNodes(names);
    ScheduledExecutorService passes = Executors.newSingleThreadScheduledExecutor();
    try (Controller controller =
        new Controller(
            ControllerParts.builder(
                    config,
                    jobsThatCheckpoint,
                    Map.<String, NodeProvider>of("fake", cloud),
                    spool,
                    clock)
                .credentials(NodeCredentials.NONE)
                .build())) {
      for (int i = 0; i < runs; i++) {
        String node = names.get(i);
        spool.resume(slurm, clock.instant(), "r" + i, i + 1, node);
        slurm.registered(node);
        slurm.addJob(Fixtures.runningJob(i + 1, node, 1, clock.instant()));
      }
      controller.runPass();
      waitFor(() -> cloud.alive().size() == runs, "the running jobs' instances");
      cloud.holdLaunches();
      spool.resume(slurm, clock.instant(), "slow", 999, names.get(runs));
      controller.whenPassWanted(() -> {});
      controller.start();
      passes.scheduleWithFixedDelay(controller::runPass, 0, 1, TimeUnit.SECONDS);
      waitFor(() -> cloud.launchesHeld() == 1, "the 900 s launch to be in flight");
      Instant heldSince = clock.instant();

      List<Long> toSignal = new ArrayList<>();
      List<Long> toRequeue = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        long job = i + 1;
        Instance instance = on(cloud, names.get(i));
        Instant received = clock.instant();
        controller.receive(
            new InterruptionNotice(
                instance.id(),
                InterruptionNotice.Kind.RECLAIM,
                received.plusSeconds(120),
                received));
        waitFor(() -> requeued.containsKey(job), "job " + job + "'s requeue");
        long signal = Duration.between(received, signalled.get(job)).toMillis();
        long requeue = Duration.between(received, requeued.get(job)).toMillis();
        toSignal.add(signal);
        toRequeue.add(requeue);
        System.out.printf(
            Locale.ROOT,
            "notice %d: signal issued %d ms, requeue issued %d ms after receipt%n",
            i + 1,
            signal,
            requeue);
      }
      boolean stillHeld = cloud.launchesHeld() == 1;
      long heldFor = Duration.between(heldSince, clock.instant()).toSeconds();
      passes.shutdownNow();
      cloud.releaseLaunches();
      report("signal issued", toSignal, SIGNAL_TARGET, "");
      report(
          "requeue issued",
          toRequeue,
          REQUEUE_TARGET,
          "; the job checkpointed at once, the lane looks every second");
      System.out.printf(
          Locale.ROOT,
          "a launch held by the cloud was in flight the whole time (%d s): %s; %.0f passes ran%n",
          heldFor,
          stillHeld ? "yes" : "NO",
          controller.metrics().registry().get("stratus.controller.passes").counter().count());
      boolean met =
          stillHeld
              && Percentiles.of(toSignal, 50) < SIGNAL_TARGET.toMillis()
              && Percentiles.of(toRequeue, 50) < REQUEUE_TARGET.toMillis();
      ControllerPassBenchmark.deleteTree(checkpoints);
      System.exit(met ? 0 : 1);
    }
  }

  /** One line: n, median, p90 and max of {@code millis}, and the target for the median. */
  static void report(String what, List<Long> millis, Duration target, String note) {
    System.out.printf(
        Locale.ROOT,
        "notice received -> %s: n=%d, median %d ms, p90 %d ms, max %d ms (target: median < %d"
            + " ms)%s%n",
        what,
        millis.size(),
        Percentiles.of(millis, 50),
        Percentiles.of(millis, 90),
        Percentiles.of(millis, 100),
        target.toMillis(),
        note);
  }

  /**
   * The in-memory Slurm, with jobs that keep the checkpoint contract: a job signalled writes its
   * checkpoint at once; a requeued job leaves its node. Records when each was signalled and
   * requeued.
   */
  static SlurmClient jobsThatCheckpoint(
      FakeSlurm slurm,
      Path checkpoints,
      Map<Long, Instant> signalled,
      Map<Long, Instant> requeued) {
    return (SlurmClient)
        Proxy.newProxyInstance(
            NoticeLaneBenchmark.class.getClassLoader(),
            new Class<?>[] {SlurmClient.class},
            (proxy, method, args) -> {
              Object result;
              try {
                result = method.invoke(slurm, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
              if (method.getName().equals("signalBatch")) {
                long job = (Long) args[0];
                signalled.put(job, Instant.now());
                Path dir = Files.createDirectories(checkpoints.resolve(Long.toString(job)));
                Files.writeString(dir.resolve("ckpt"), "step");
              } else if (method.getName().equals("requeue")) {
                long job = (Long) args[0];
                requeued.put(job, Instant.now());
                slurm.removeJob(job);
              }
              return result;
            });
  }

  static Instance on(FakeNodeProvider cloud, String node) {
    return cloud.alive().stream()
        .filter(i -> i.nodeName().filter(node::equals).isPresent())
        .findFirst()
        .orElseThrow();
  }

  /** Polls every 5 ms for up to 60 s. */
  static void waitFor(BooleanSupplier done, String what) {
    Awaitility.await(what)
        .atMost(Duration.ofSeconds(60))
        .pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(5))
        .until(done::getAsBoolean);
  }
}
