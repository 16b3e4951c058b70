package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.cli.StratusCli;
import dev.stratus.core.config.DeadlineSettings;
import dev.stratus.core.controller.DeadlineBoard;
import dev.stratus.core.plan.DeadlineStatus;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.provider.local.LocalFaults;
import dev.stratus.sandbox.demo.CheckpointLog;
import dev.stratus.tests.support.CheckpointJobs;
import dev.stratus.tests.support.E2eCluster;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The controller applies a deadline decision on the real Slurm 22.05 of this machine. The embedded
 * pool sells spot and on-demand in one place; the controller decides with Uniform Progress in
 * 5-second ticks with a 10-second changeover. A job of 40 one-second steps, {@code --time=1} (its
 * work bound, 60 s) and {@code --deadline=now+4minutes}, is submitted while spot has no capacity
 * (the local provider's {@code exhaustedOfferings} fault, and the offering marked unavailable as a
 * failed launch would): it is behind from its first second and runs on on-demand. Spot then comes
 * back; once the job is ahead of schedule by two changeovers it is signalled, checkpoints, is
 * requeued and resumes on spot from its checkpoint, carrying the work it did, and completes before
 * its deadline. Two nodes: the move's replacement lands on the other one.
 */
@Tag("slurm")
class DeadlineMoveEndToEndTest {
  static final int STEPS = 40;
  static final int CKPT_EVERY = 5;
  static final Duration WAIT = Duration.ofSeconds(120);

  static E2eCluster e2e;
  static CheckpointJobs jobs;
  static Path localState;

  @BeforeAll
  static void startCluster() throws Exception {
    e2e =
        E2eCluster.start(
            "dl",
            2,
            cluster ->
                cluster
                    .config()
                    .withDeadlines(
                        new DeadlineSettings(
                            "uniform-progress",
                            Duration.ofSeconds(5),
                            Duration.ofSeconds(10),
                            Map.of())),
            cluster -> {});
    jobs = new CheckpointJobs(e2e.cluster);
    localState = e2e.cluster.config().stateDir().resolve("providers/local");
  }

  @AfterAll
  static void tearDown() {
    if (e2e != null) {
      LocalFaults.none().write(localState);
      e2e.close();
    }
  }

  @Test
  void aTightDeadlineJobRunsOnOnDemandWhileSpotIsGoneAndMovesBackToSpotWhenAhead()
      throws Exception {
    Instant began = Instant.now();
    Offering spot = offering(CapacityType.SPOT);
    new LocalFaults(Set.of(), Set.of(spot.key().toString())).write(localState);
    e2e.runtime().controller().unavailable().markUnavailable(spot.key());
    List<String> choices = new CopyOnWriteArrayList<>();
    ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor();
    watch.scheduleAtFixedRate(() -> recordChoices(choices), 0, 250, TimeUnit.MILLISECONDS);
    String job;
    try {
      job = jobs.submit(1, STEPS, CKPT_EVERY, List.of("--time=1", "--deadline=now+4minutes"));
      Instant deadline = e2e.job(job).orElseThrow().accounting().deadline().orElseThrow();

      Instance first = awaitRunningOn(job, CapacityType.ON_DEMAND);
      await()
          .atMost(WAIT)
          .pollInterval(Duration.ofMillis(250))
          .until(() -> choices.contains("stay on on-demand"));
      assertThat(choices).containsSubsequence("on-demand", "stay on on-demand");
      String statusWhileOnDemand = statusCommand();
      assertThat(statusWhileOnDemand)
          .contains("deadline jobs:", "job " + job, "runs on on-demand at local/local/rack-a/");

      // Spot is back: the provider has capacity, and the controller knows it as it would from a
      // successful launch.
      LocalFaults.none().write(localState);
      e2e.runtime().controller().unavailable().markAvailable(spot.key());

      await()
          .atMost(WAIT)
          .pollInterval(Duration.ofMillis(250))
          .until(() -> choices.contains("move to spot"));
      Instance second = awaitRunningOn(job, CapacityType.SPOT);
      assertThat(second.id()).isNotEqualTo(first.id());
      await() // the moved job's on-demand instance is released
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(500))
          .until(() -> e2e.local().get(first.id()).isEmpty());
      await()
          .atMost(WAIT)
          .pollInterval(Duration.ofSeconds(1))
          .until(() -> e2e.jobState(job).equals("COMPLETED"));
      Instant ended = e2e.job(job).flatMap(j -> j.accounting().ended()).orElseThrow();

      assertThat(choices).containsSubsequence("on-demand", "move to spot", "spot");
      // The resume after the move judged the job by the work its first run checkpointed.
      assertThat(carried).as("work done seen at the resume after the move").isNotEmpty();
      assertThat(carried.get(0)).isGreaterThanOrEqualTo(CKPT_EVERY);
      CheckpointLog run = jobs.log(job);
      assertThat(run.done()).isTrue();
      assertThat(run.signalled()).as("checkpointed on the move's signal").isTrue();
      assertThat(run.resumes())
          .singleElement()
          .satisfies(r -> assertThat(r.fromStep()).isPositive())
          .satisfies(r -> assertThat(r.stepsLost()).isZero());
      assertThat(ended).isBefore(deadline);
      System.out.printf(
          "deadline e2e: job %s on-demand then spot, done %s before its deadline; test %d s%n",
          job,
          Duration.between(ended, deadline),
          Duration.between(began, Instant.now()).toSeconds());
    } finally {
      watch.shutdownNow();
    }
  }

  /** Work done (seconds) in the decisions to resume on spot after the move. */
  static final List<Long> carried = new CopyOnWriteArrayList<>();

  /** Every new choice in the controller's deadline file, and the work it saw after a requeue. */
  static void recordChoices(List<String> choices) {
    try {
      for (DeadlineStatus d : DeadlineBoard.read(e2e.cluster.config().stateDir())) {
        if (choices.isEmpty() || !choices.get(choices.size() - 1).equals(d.choice())) {
          choices.add(d.choice());
        }
        if (choices.contains("move to spot") && d.choice().equals("spot")) {
          carried.add(d.done().toSeconds());
        }
      }
    } catch (RuntimeException e) {
      // the file is replaced atomically; a read error is not expected, but must not stop polling
    }
  }

  /** Waits until the job runs on an instance of {@code type}; that instance. */
  static Instance awaitRunningOn(String job, CapacityType type) {
    return await()
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              Optional<SlurmJob> j = e2e.job(job);
              if (j.isEmpty() || !j.get().state().equals("RUNNING")) {
                return Optional.<Instance>empty();
              }
              return instanceOn(j.get().nodes()).filter(i -> i.offering().capacityType() == type);
            },
            Optional::isPresent)
        .orElseThrow();
  }

  static Optional<Instance> instanceOn(String node) {
    return e2e.local().list(e2e.cluster.config().cluster()).stream()
        .filter(i -> i.nodeName().filter(node::equals).isPresent())
        .findFirst();
  }

  static Offering offering(CapacityType type) {
    return e2e.cluster.config().pools().get(0).offerings().stream()
        .filter(o -> o.capacityType() == type)
        .findFirst()
        .orElseThrow();
  }

  /** {@code stratus status --config F}, as a user runs it; what it printed. */
  static String statusCommand() {
    PrintStream saved = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (PrintStream capture = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      System.setOut(capture);
      StratusCli.commandLine().execute("status", "--config", e2e.cluster.configFile().toString());
    } finally {
      System.setOut(saved);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
