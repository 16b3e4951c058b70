package dev.stratus.core.controller;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.plan.Action;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.testkit.fake.FakeNodeProvider;
import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.threeten.extra.MutableClock;

/**
 * A controller on the in-memory cloud and Slurm, a pool of four nodes with a spot and an on-demand
 * offering, and the steps tests share to get a job running or a notice in. The cloud calls run on
 * the controller's real cloud tasks; {@link #pass} waits for those a pass started, and the notice
 * lane runs when a test says so ({@link #noticeRun}), as its thread is not started here.
 */
public abstract class ControllerFixture {
  protected static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");
  protected static final Offering ON_DEMAND = offering("fake", "b", CapacityType.ON_DEMAND, "98");

  protected final MutableClock clock =
      MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
  protected final FakeNodeProvider cloud =
      new FakeNodeProvider("fake", List.of(SPOT, ON_DEMAND), clock);
  protected final FakeSlurm slurm = new FakeSlurm();
  protected final InMemoryRequests spool = new InMemoryRequests();
  protected Controller controller;
  private final AtomicBoolean passWanted = new AtomicBoolean();

  @BeforeEach
  void setUp() {
    slurm.cloudNodes(List.of("gpu-001", "gpu-002", "gpu-003", "gpu-004"));
    controller = newController();
  }

  @AfterEach
  void closeController() {
    controller.close();
  }

  /**
   * One pass, as the daemon runs it: waits until the launches and terminations it started have
   * ended, then runs the pass their end asked for (which acknowledges their request), and so on.
   * Returns the first pass's actions.
   */
  protected List<Action> pass() {
    List<Action> actions = onePass();
    for (int woken = 0; passWanted.getAndSet(false) && woken < 5; woken++) {
      onePass();
    }
    return actions;
  }

  /** Exactly one pass, then waits until the cloud work it started has ended. */
  protected List<Action> onePass() {
    passWanted.set(false);
    List<Action> actions = controller.runPass();
    awaitCloud(controller);
    return actions;
  }

  /** Waits until every cloud task {@code c} started has ended and been acted on. */
  protected static void awaitCloud(Controller c) {
    Awaitility.await()
        .pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(2))
        .atMost(Duration.ofSeconds(10))
        .until(c.cloudTasks()::idle);
  }

  /** One run of the notice lane. */
  protected List<Action> noticeRun() {
    return controller.runNotices();
  }

  protected Controller newController() {
    return newController(NodeCredentials.NONE);
  }

  protected Controller newController(NodeCredentials credentials) {
    return newController(credentials, new StratusMetrics());
  }

  protected Controller newController(NodeCredentials credentials, StratusMetrics metrics) {
    return newController(credentials, metrics, Fence.OPEN);
  }

  /** A controller that acts only while {@code fence} holds (a standby's lease). */
  protected Controller newController(
      NodeCredentials credentials, StratusMetrics metrics, Fence fence) {
    return wired(
        new Controller(
            ControllerParts.builder(
                    config(), slurm, Map.<String, NodeProvider>of("fake", cloud), spool, clock)
                .credentials(credentials)
                .metrics(metrics)
                .money(money())
                .fence(fence)
                .build()));
  }

  /** A controller whose tries of a launch are abandoned past {@code limit}. */
  protected Controller withLaunchLimit(Duration limit) {
    return withCloudCallLimits(limit, Duration.ofMinutes(5), Duration.ofMinutes(1));
  }

  /** A controller whose launches, terminations and listings are abandoned past these limits. */
  protected Controller withCloudCallLimits(Duration launch, Duration terminate, Duration list) {
    return wired(
        new Controller(
            ControllerParts.builder(
                    Fixtures.withTimeouts(
                        config(), Fixtures.TIMEOUTS.withCloudCalls(launch, terminate, list)),
                    slurm,
                    Map.<String, NodeProvider>of("fake", cloud),
                    spool,
                    clock)
                .credentials(NodeCredentials.NONE)
                .metrics(new StratusMetrics())
                .build()));
  }

  /** The controller's config: one pool of four nodes, spot and on-demand, no budgets. */
  protected StratusConfig config() {
    return Fixtures.config(List.of(pool("gpu", 4, SPOT, ON_DEMAND)), "fake");
  }

  /** No ledger, no live prices; jobs held through the in-memory Slurm. */
  protected ControllerMoney money() {
    return ControllerMoney.none(slurm);
  }

  /** {@code c} with its wish for a pass recorded, for {@link #pass} to honour. */
  protected Controller wired(Controller c) {
    c.whenPassWanted(() -> passWanted.set(true));
    return c;
  }

  protected void slurmResumes(String id, long job, String... nodes) {
    spool.resume(slurm, clock.instant(), id, job, nodes);
  }

  /**
   * Job {@code job} (8 GPUs per node) runs on {@code node}, launched and registered, and has run
   * for {@code ran}; returns the node's instance.
   */
  protected Instance jobRunning(long job, String node, Duration ran) {
    slurmResumes("r-" + job + "-" + node, job, node);
    pass();
    slurm.registered(node);
    slurm.addJob(Fixtures.runningJob(job, node, 1, clock.instant().minus(ran)));
    return cloud.alive().stream()
        .filter(i -> i.nodeName().filter(node::equals).isPresent())
        .findFirst()
        .orElseThrow();
  }

  /** A watcher reports a notice for {@code instance}, now, with {@code left} until its deadline. */
  protected boolean notice(Instance instance, InterruptionNotice.Kind kind, Duration left) {
    return controller.receive(
        new InterruptionNotice(instance.id(), kind, clock.instant().plus(left), clock.instant()));
  }
}
