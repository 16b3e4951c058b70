package dev.stratus.tests.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.daemon.ProviderRegistry;
import dev.stratus.sandbox.demo.CheckpointLog;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.tests.chaos.ControllerKiller.Point;
import dev.stratus.tests.chaos.KillCycles.Srun;
import dev.stratus.tests.support.CheckpointJobs;
import dev.stratus.tests.support.InstanceWatch;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * kill -9 of the controller, on the real Slurm with the local provider: {@value #NODES}-node scale
 * cycles (an {@code srun} per node onto powered-down nodes, then idle until every node is suspended
 * and its instance gone), and in each cycle the controller process is SIGKILLed by PID at a point
 * drawn from a seed, mid-launch (an agent still booting), mid-terminate (just after it logged a
 * termination) or mid-requeue (one node of the cycle runs a checkpointing batch job instead; its
 * node is reclaimed with a notice and the controller killed once it has signalled the job, before
 * the requeue), then started again. Nothing may be lost or doubled: no node ever has two live
 * instances, no instance or namespace is left, every node Slurm resumed came up (no {@code
 * ResumeTimeout}, no request left in the spool), every job ran to its end, and a reclaimed job was
 * requeued exactly once and resumed from its checkpoint. The figures go to reliability.json ({@code
 * killNine}). {@code -Dstratus.chaos.cycles=100} for the full run.
 */
@Tag("slurm")
class KillNineCyclesTest {
  static final int NODES = 4;
  static final int CYCLES = Integer.getInteger("stratus.chaos.cycles", 3);
  static final long SEED = Long.getLong("stratus.chaos.seed", 20261125L);
  static final int STEPS = 30;
  static final int EVERY = 3;
  static final int NOTICE_SECONDS = 20;

  @Test
  void killingTheControllerMidLaunchTerminateOrRequeueLosesLeaksAndDoublesNothing()
      throws Exception {
    Random draw = new Random(SEED);
    EmbeddedCluster cluster = KillCycles.prepare("kill9", "k9", NODES);
    Path root = cluster.root();
    String name = cluster.config().cluster();
    NodeProvider local = ProviderRegistry.create(cluster.config(), Clock.systemUTC()).get("local");
    CliSlurmClient slurm =
        new CliSlurmClient(cluster.config().slurm().binDir(), cluster.config().slurm().slurmConf());
    List<Srun> jobs = new ArrayList<>();
    List<String> checkpointJobs = new ArrayList<>();
    Map<String, SlurmJob> finished = new HashMap<>();
    CheckpointJobs checkpoints = new CheckpointJobs(cluster);
    try (ControllerKiller killer =
            new ControllerKiller(
                cluster.configFile(), root.resolve("log/controller.log"), local, slurm, name);
        InstanceWatch watch = InstanceWatch.start(local, slurm, name)) {
      killer.start();
      cluster.start();
      Instant begin = Instant.now();
      List<Point> aims = KillCycles.aims(draw, CYCLES, List.of(Point.values()));
      for (int c = 0; c < CYCLES; c++) {
        Point aim = aims.get(c);
        long logMark = killer.logSize();
        List<Srun> wave = new ArrayList<>();
        // a mid-requeue cycle gives one node to a checkpointing batch job, whose node it reclaims
        for (int i = 0; i < (aim == Point.REQUEUE ? NODES - 1 : NODES); i++) {
          wave.add(Srun.start(cluster, "kc" + c + "-" + i));
        }
        jobs.addAll(wave);
        Optional<CompletableFuture<Integer>> reclaim = Optional.empty();
        if (aim == Point.REQUEUE) {
          String job = checkpoints.submit(1, STEPS, EVERY, 8, "--exclusive", "-J", "kq" + c);
          checkpointJobs.add(job);
          reclaim = Optional.of(reclaimItsNodeAndKillMidRequeue(killer, slurm, checkpoints, job));
        }
        if (aim == Point.LAUNCH) {
          await("an agent booting in cycle " + c)
              .atMost(Duration.ofSeconds(60))
              .pollInterval(Duration.ofMillis(50))
              .until(
                  () ->
                      local.list(name).stream().anyMatch(i -> i.state() == InstanceState.PENDING));
          Thread.sleep(draw.nextInt(800));
          killer.killAt(aim);
        }
        for (Srun s : wave) {
          s.process().waitFor(180, TimeUnit.SECONDS);
        }
        if (reclaim.isPresent()) {
          assertThat(reclaim.get().get(120, TimeUnit.SECONDS)).as("stratus local reclaim").isZero();
          String job = checkpointJobs.get(checkpointJobs.size() - 1);
          // kept as Slurm showed it then: slurmctld forgets a finished job after MinJobAge (300 s)
          finished.put(
              job,
              await("job " + job + " completed after its requeue in cycle " + c)
                  .atMost(Duration.ofSeconds(240))
                  .pollInterval(Duration.ofSeconds(1))
                  .ignoreExceptions()
                  .until(() -> job(slurm, job), j -> j.map(SlurmJob::finished).orElse(false))
                  .orElseThrow());
        }
        if (aim == Point.TERMINATE) {
          long mark = killer.logSize();
          await("a termination in cycle " + c)
              .atMost(Duration.ofSeconds(60))
              .pollInterval(Duration.ofMillis(20))
              .until(() -> killer.loggedSince(mark, "terminating "));
          Thread.sleep(draw.nextInt(300));
          killer.killAt(aim);
        }
        // The next cycle starts as soon as Slurm has every node powered down, as a user's next
        // jobs would: instances a kill left behind must not stand in the way of new launches.
        await("cycle " + c + " scaled back to zero")
            .atMost(Duration.ofSeconds(150))
            .pollInterval(Duration.ofMillis(500))
            .ignoreExceptions()
            .until(() -> slurm.nodes().stream().allMatch(n -> n.poweredDown() && !n.down()));
        assertThat(killer.loggedSince(logMark, "Exception in thread"))
            .as("a controller thread died in cycle " + c)
            .isFalse();
      }
      Duration took = Duration.between(begin, Instant.now());
      // GC collects what a kill left (its orphan grace is 20 s); what is still there is leaked
      Instant settle = Instant.now().plusSeconds(60);
      while (Instant.now().isBefore(settle)
          && !(local.list(name).isEmpty() && namespaces(cluster).isEmpty())) {
        Thread.sleep(1000);
      }
      watch.close();

      List<String> lost = new ArrayList<>(KillCycles.lost(jobs));
      // a reclaimed job: requeued exactly once (neither lost nor requeued twice by the restarted
      // controller) and resumed from its checkpoint, at most one interval redone
      List<String> requeueProblems = new ArrayList<>();
      for (String job : checkpointJobs) {
        Optional<SlurmJob> j = Optional.ofNullable(finished.get(job));
        CheckpointLog out = checkpoints.log(job);
        if (j.isEmpty() || !j.get().state().equals("COMPLETED") || !out.done()) {
          lost.add("job " + job + ": " + j.map(SlurmJob::state).orElse("never finished"));
        } else if (j.get().restartCount() != 1 || out.maxStepsLost() > EVERY) {
          requeueProblems.add(
              "job "
                  + job
                  + ": "
                  + j.get().restartCount()
                  + " requeues, "
                  + out.maxStepsLost()
                  + " steps redone");
        }
      }
      List<Instance> leaked = local.list(name);
      List<String> namespaces = namespaces(cluster);
      List<Path> spoolLeft = KillCycles.spooled(cluster);
      Map<String, Object> f =
          KillCycles.runFigures(SEED, CYCLES, NODES, jobs.size(), killer, List.of(Point.values()));
      f.put("instancesLaunched", watch.everSeen.size());
      f.put("checkpointJobsReclaimed", checkpointJobs.size());
      f.put("reclaimedJobsNotRequeuedExactlyOnce", requeueProblems.size());
      KillCycles.outcomeFigures(
          f,
          leaked.size() + namespaces.size(),
          watch.resumeTimeouts.size() + spoolLeft.size(),
          watch.duplicates.size(),
          lost.size(),
          took);
      Reliability.record("killNine", null, f);
      System.out.println("kill -9 cycles: " + f);

      assertThat(watch.duplicates).as("nodes seen with two live instances").isEmpty();
      assertThat(leaked).as("instances left").isEmpty();
      assertThat(namespaces).as("namespaces left").isEmpty();
      assertThat(watch.resumeTimeouts).as("nodes Slurm gave up resuming").isEmpty();
      assertThat(spoolLeft).as("requests never acknowledged").isEmpty();
      assertThat(lost).as("jobs that did not run to their end").isEmpty();
      assertThat(requeueProblems).as("reclaimed jobs requeued other than once").isEmpty();
      assertThat(killer.kills()).isEqualTo(CYCLES);
      assertThat(watch.everSeen).hasSizeGreaterThanOrEqualTo(CYCLES * NODES);
    } finally {
      jobs.forEach(s -> s.process().destroyForcibly());
      for (NodeProvider p : ProviderRegistry.create(cluster.config(), Clock.systemUTC()).values()) {
        p.terminate(p.list(name).stream().map(Instance::id).toList());
        p.close();
      }
      cluster.close();
    }
  }

  /**
   * Waits until {@code job} runs past its first checkpoint, reclaims its node with a {@value
   * #NOTICE_SECONDS} s notice (in the background: the command returns once the node is gone) and
   * kills the controller as soon as it has logged the job's signal, before its requeue: confirmed
   * when the job still runs unrequeued just after the kill.
   */
  static CompletableFuture<Integer> reclaimItsNodeAndKillMidRequeue(
      ControllerKiller killer, CliSlurmClient slurm, CheckpointJobs checkpoints, String job)
      throws Exception {
    await("job " + job + " checkpointing")
        .atMost(Duration.ofSeconds(180))
        .pollInterval(Duration.ofMillis(500))
        .ignoreExceptions()
        .until(
            () ->
                job(slurm, job).map(j -> j.state().equals("RUNNING")).orElse(false)
                    && checkpoints.log(job).lastStep() > EVERY);
    SlurmJob running = job(slurm, job).orElseThrow();
    long mark = killer.logSize();
    CompletableFuture<Integer> reclaim =
        CompletableFuture.supplyAsync(
            () -> checkpoints.reclaim(running.nodes(), NOTICE_SECONDS + "s"));
    try {
      await("the controller signalling job " + job)
          .atMost(Duration.ofSeconds(NOTICE_SECONDS))
          .pollInterval(Duration.ofMillis(10))
          .until(() -> killer.loggedSince(mark, "action: SignalJob[jobId=" + job + ","));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "no signal for job "
              + job
              + " on "
              + running.nodes()
              + "; the network then:\n"
              + network(killer.cluster(), running.nodes()),
          e);
    }
    killer.killAt(
        Point.REQUEUE,
        () ->
            job(slurm, job)
                .map(j -> j.state().equals("RUNNING") && j.restartCount() == 0)
                .orElse(false));
    return reclaim;
  }

  /** The bridges, the host's listening sockets and neighbours, and the node's view of the net. */
  static String network(String cluster, String node) {
    String ns = "st-" + cluster + "-" + node;
    String script =
        "ip -o link show type bridge; ip -o addr show; ip neigh; ss -ltn;"
            + " ip -o link show | grep -c st-; ip netns exec "
            + ns
            + " sh -c 'ip -o addr; ip route; ip neigh'";
    Processes.Result r =
        Processes.output(List.of("sh", "-c", script), Map.of(), null, Duration.ofSeconds(20));
    return r.stdout();
  }

  static Optional<SlurmJob> job(CliSlurmClient slurm, String id) {
    return slurm.jobs().stream().filter(j -> Long.toString(j.jobId()).equals(id)).findFirst();
  }

  static List<String> namespaces(EmbeddedCluster cluster) {
    Processes.Result r =
        Processes.output(List.of("ip", "netns", "list"), Map.of(), null, Duration.ofSeconds(10));
    String prefix = "st-" + cluster.config().cluster() + "-";
    return r.stdout().lines().filter(l -> l.startsWith(prefix)).toList();
  }
}
