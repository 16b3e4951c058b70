package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Against a real slurmctld started for this class (needs Slurm installed; CI installs it). */
@Tag("slurm")
class CliSlurmClientTest {
  @TempDir static Path dir;
  private static ScratchSlurmctld slurmctld;
  private static CliSlurmClient slurm;

  @BeforeAll
  static void startSlurmctld() throws IOException {
    slurmctld = ScratchSlurmctld.start(Files.createDirectory(dir.resolve("ctld")));
    slurm = new CliSlurmClient(ScratchSlurmctld.BIN, slurmctld.slurmConf());
  }

  @AfterAll
  static void stopSlurmctld() {
    if (slurmctld != null) {
      slurmctld.close();
    }
  }

  private static Map<String, SlurmNode> nodes() {
    return slurm.nodes().stream().collect(Collectors.toMap(SlurmNode::name, Function.identity()));
  }

  @Test
  void listsPoweredDownCloudNodes() {
    Map<String, SlurmNode> nodes = nodes();

    assertThat(nodes).containsKeys("gpu-001", "gpu-002", "gpu-003", "gpu-004", "cpu-1", "cpu-2");
    assertThat(nodes.get("gpu-004").flags()).contains("CLOUD", "POWERED_DOWN");
    assertThat(nodes.get("gpu-004").gres()).isEqualTo("gpu:h100:8");
  }

  @Test
  void setDownShowsTheReasonWithItsSpacesAndResumeReturnsTheNodeToIdlePoweredDown() {
    String reason = "cloud error: InsufficientInstanceCapacity in \"us-east-1a\" (offering p5)";
    slurm.setDown(List.of("gpu-002", "gpu-001"), reason);

    Map<String, SlurmNode> down = nodes();
    assertThat(down.get("gpu-001").shortState()).isEqualTo("down~");
    assertThat(down.get("gpu-001").reason()).isEqualTo(reason);
    assertThat(down.get("gpu-002").reason()).isEqualTo(reason);

    slurm.resume(List.of("gpu-001", "gpu-002"));

    Map<String, SlurmNode> resumed = nodes();
    assertThat(resumed.get("gpu-001").shortState()).isEqualTo("idle~");
    assertThat(resumed.get("gpu-002").shortState()).isEqualTo("idle~");
  }

  @Test
  void drainMarksTheNodeWithTheReason() {
    slurm.drain(List.of("cpu-2"), "maintenance window 2");

    SlurmNode node = nodes().get("cpu-2");
    assertThat(node.drained()).isTrue();
    assertThat(node.reason()).isEqualTo("maintenance window 2");
    slurm.resume(List.of("cpu-2"));
    assertThat(nodes().get("cpu-2").drained()).isFalse();
  }

  @Test
  void setFeaturesChangesWhatAPoweredDownCloudNodeAdvertises() {
    slurm.setFeatures(List.of("gpu-003"), List.of("h100", "gpu", "on-demand"));

    SlurmNode node = nodes().get("gpu-003");
    assertThat(node.availableFeatures()).containsExactlyInAnyOrder("h100", "gpu", "on-demand");
    assertThat(node.activeFeatures()).containsExactlyInAnyOrder("h100", "gpu", "on-demand");
    assertThat(node.poweredDown()).isTrue();
    assertThatThrownBy(() -> slurm.setFeatures(List.of("gpu-003"), List.of("a b")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'a b'");
  }

  @Test
  void anUnknownNodeIsACommandExceptionNamingIt() {
    assertThatThrownBy(() -> slurm.setDown(List.of("gpu-999"), "test"))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining("nodename=gpu-999")
        .hasMessageContaining("Invalid node name");
  }

  @Test
  void jobsListsPendingAndRecentlyFinishedJobs() {
    long pending = submit("-N", "4", "-p", "cpu", "-J", "too-big");
    long cancelled = submit("-p", "gpu", "--gres=gpu:h100:2", "-J", "cancel-me", "--hold");
    assertThat(slurmctld.run("scancel", Long.toString(cancelled)).ok()).isTrue();

    Map<Long, SlurmJob> jobs =
        slurm.jobs().stream().collect(Collectors.toMap(SlurmJob::jobId, Function.identity()));

    assertThat(jobs.get(pending).pending()).isTrue();
    assertThat(jobs.get(pending).nodeCount()).isEqualTo(4);
    assertThat(jobs.get(cancelled).state()).isEqualTo("CANCELLED");
    assertThat(jobs.get(cancelled).gresPerNode()).isEqualTo("gpu:h100:2");
  }

  @Test
  void aJobsDeadlineSubmissionAndTimeLimitComeFromSqueue() {
    Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    long id =
        submit("-p", "gpu", "--gres=gpu:h100:8", "--time=90", "--deadline=now+6hours", "--hold");

    SlurmJob.Accounting a = job(id).accounting();

    assertThat(a.timeLimit()).contains(Duration.ofMinutes(90));
    assertThat(a.submitted())
        .hasValueSatisfying(s -> assertThat(s).isBetween(before, Instant.now()));
    assertThat(a.deadline())
        .hasValueSatisfying(
            d ->
                assertThat(d)
                    .isBetween(
                        before.plus(Duration.ofHours(6)), Instant.now().plus(Duration.ofHours(6))));
    assertThat(job(submit("-p", "gpu", "--hold")).accounting().deadline()).isEmpty();
  }

  @Test
  void theNarrowFormSaysWhatTheJsonFormSaysButTheJobsName() {
    submit("-p", "gpu", "--gres=gpu:h100:2", "-N", "2", "--time=1-02:30:00", "--hold");
    submit("-p", "gpu", "--constraint=h100", "--deadline=now+6hours", "--time=90", "--hold");
    submit("-p", "cpu", "--array=0-3", "--hold");
    long commented = submit("-p", "gpu", "--gres=gpu:h100:8", "--hold");
    slurm.note(commented, "stratus: held for budget team-a, a|b");
    long cancelled = submit("-p", "cpu", "--hold");
    assertThat(slurmctld.run("scancel", Long.toString(cancelled)).ok()).isTrue();
    submit("-p", "gpu", "--deadline=now+1minute", "--time=90");
    // squeue -O prints descriptions where the JSON form names the reason
    slurm.setDown(List.of("cpu-2"), "narrow test");
    submit("-p", "cpu", "-w", "cpu-2");
    long requeued = submit("-p", "gpu", "-J", "requeued-held");
    await().atMost(Duration.ofSeconds(30)).until(() -> job(requeued).state().equals("CONFIGURING"));
    assertThat(slurmctld.run("scontrol", "requeuehold", Long.toString(requeued)).ok()).isTrue();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> slurm.jobs().stream().anyMatch(j -> j.state().equals("DEADLINE")));

    // read one after the other while slurmctld moves jobs along: equal once they settle
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () -> {
              List<SlurmJob> fromJson =
                  SqueueJson.parse(
                          slurmctld.run("squeue", "--json", "--all", "--states=all").stdout())
                      .stream()
                      .map(j -> j.withName(""))
                      .toList();
              assertThat(slurm.jobs())
                  .hasSizeGreaterThanOrEqualTo(8)
                  .containsExactlyInAnyOrderElementsOf(fromJson);
            });
    List<SlurmJob> narrow = slurm.jobs();
    slurm.resume(List.of("cpu-2"));
    assertThat(narrow).extracting(SlurmJob::reason).contains("ReqNodeNotAvail");
    assertThat(narrow)
        .filteredOn(j -> j.jobId() == requeued)
        .singleElement()
        .satisfies(j -> assertThat(j.reason()).startsWith("JobHeld"));
  }

  @Test
  void readsTheJsonFormFromTheFirstTimeTheNarrowOneCannotBeRead() throws IOException {
    Path tries = dir.resolve("garbled-tries");
    Path bin =
        squeueBin("garbled", true, "echo tried >> " + tries + "\necho 'not|what|squeue|prints'");

    assertReadsJsonAfterOneNarrowTry(bin, tries);
  }

  @Test
  void aSlurmThatRefusesTheNarrowFormIsReadInJsonButABusyOneFailsAndSwitchesNothing()
      throws IOException {
    Path tries = dir.resolve("refused-tries");
    Path refusing =
        squeueBin(
            "refusing",
            true,
            "echo tried >> "
                + tries
                + "\necho 'squeue: error: Invalid job format specification: x' >&2\nexit 1");
    assertReadsJsonAfterOneNarrowTry(refusing, tries);

    Path downTries = dir.resolve("down-tries");
    Path down =
        squeueBin(
            "down",
            false,
            "echo \"$1\" >> "
                + downTries
                + "\necho 'slurm_load_jobs error: Socket timed out on send/recv operation' >&2"
                + "\nexit 1");
    CliSlurmClient nobodyHome = new CliSlurmClient(down, slurmctld.slurmConf());
    for (int call = 1; call <= 2; call++) {
      assertThatThrownBy(nobodyHome::jobs)
          .isInstanceOf(SlurmCommandException.class)
          .hasMessageContaining("-O jobid:0")
          .hasMessageContaining("Socket timed out");
    }
    assertThat(Files.readAllLines(downTries))
        .as("the narrow form tried on each call, the JSON form never asked of a busy slurmctld")
        .containsExactly("--noheader", "--noheader");
  }

  private static void assertReadsJsonAfterOneNarrowTry(Path bin, Path tries) throws IOException {
    long held = submit("-p", "gpu", "--hold");
    CliSlurmClient client = new CliSlurmClient(bin, slurmctld.slurmConf());

    assertThat(client.jobs()).extracting(SlurmJob::jobId).contains(held);
    assertThat(client.jobs()).extracting(SlurmJob::jobId).contains(held);
    assertThat(Files.readAllLines(tries)).hasSize(1);
  }

  /**
   * A bin dir whose squeue runs the shell lines {@code script}, except that {@code --json} runs the
   * real squeue when {@code realJson}.
   */
  private static Path squeueBin(String name, boolean realJson, String script) throws IOException {
    Path bin = Files.createDirectory(dir.resolve(name + "-squeue-bin"));
    Path squeue = bin.resolve("squeue");
    Files.writeString(
        squeue,
        "#!/bin/sh\n"
            + (!realJson
                ? ""
                : "case \"$1\" in --json) exec "
                    + ScratchSlurmctld.BIN.resolve("squeue")
                    + " \"$@\";; esac\n")
            + script
            + "\n");
    Files.setPosixFilePermissions(squeue, PosixFilePermissions.fromString("r-xr-xr-x"));
    return bin;
  }

  @Test
  void signallingAPendingJobTimesOutBecauseScancelRetriesForever() {
    long held = submit("-p", "gpu", "-J", "held", "--hold");
    CliSlurmClient impatient =
        new CliSlurmClient(ScratchSlurmctld.BIN, slurmctld.slurmConf(), Duration.ofSeconds(2));

    assertThatThrownBy(() -> impatient.signalBatch(held, "USR1"))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining("scancel --signal=USR1 --batch " + held)
        .hasMessageContaining("timed out");
  }

  @Test
  void requeueOfAnAllocatedJobPutsItBackToPendingButAHeldJobCannotBeRequeued() {
    long allocated = submit("-p", "gpu", "-J", "allocated");
    long held = submit("-p", "gpu", "-J", "held-too", "--hold");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> job(allocated).state().equals("CONFIGURING"));

    slurm.requeue(allocated);

    assertThat(job(allocated).pending()).isTrue();
    assertThatThrownBy(() -> slurm.requeue(held))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining("scontrol requeue " + held)
        .hasMessageContaining("pending execution");
  }

  @Test
  void reconfigureSucceeds() {
    slurm.reconfigure();

    assertThat(nodes()).containsKey("gpu-003");
  }

  @Test
  void theNodeLinesSayWhatTheJsonFormSaysForDownAndDrainedNodes() {
    String reason = "spot gone = yes [us-east-1a] \"p5\" Comment=none";
    slurm.setDown(List.of("gpu-004"), reason);
    slurm.drain(List.of("cpu-1"), "maintenance window 1");
    try {
      List<SlurmNode> lines = slurm.nodes();
      List<SlurmNode> json = SinfoJson.parse(slurmctld.run("sinfo", "--json").stdout());

      assertThat(lines).containsExactlyInAnyOrderElementsOf(json);
      assertThat(lines)
          .filteredOn(n -> n.name().equals("gpu-004"))
          .singleElement()
          .extracting(SlurmNode::reason)
          .isEqualTo(reason);
    } finally {
      slurm.resume(List.of("gpu-004", "cpu-1"));
    }
  }

  @Test
  void readsTheJsonFormFromTheFirstTimeTheNodeLinesCannotBeParsed() throws IOException {
    Path bin = Files.createDirectory(dir.resolve("odd-scontrol-bin"));
    Files.createSymbolicLink(bin.resolve("sinfo"), ScratchSlurmctld.BIN.resolve("sinfo"));
    Path tries = dir.resolve("node-line-tries");
    Path scontrol = bin.resolve("scontrol");
    Files.writeString(
        scontrol,
        "#!/bin/sh\n"
            + "if [ \"$1\" = -o ]; then echo x >> "
            + tries
            + "; echo 'a line in some other form'; exit 0; fi\n"
            + "exec "
            + ScratchSlurmctld.BIN.resolve("scontrol")
            + " \"$@\"\n");
    Files.setPosixFilePermissions(scontrol, PosixFilePermissions.fromString("r-xr-xr-x"));
    CliSlurmClient client = new CliSlurmClient(bin, slurmctld.slurmConf());

    List<SlurmNode> first = client.nodes();
    List<SlurmNode> second = client.nodes();

    assertThat(first).extracting(SlurmNode::name).contains("gpu-001", "cpu-1");
    assertThat(second).containsExactlyInAnyOrderElementsOf(first);
    assertThat(Files.readAllLines(tries)).as("the node lines are tried once").hasSize(1);
  }

  private static SlurmJob job(long id) {
    return slurm.jobs().stream().filter(j -> j.jobId() == id).findFirst().orElseThrow();
  }

  private static long submit(String... args) {
    List<String> argv = new ArrayList<>(List.of("--parsable", "--wrap", "sleep 60"));
    argv.addAll(List.of(args));
    CommandRunner.Result r = slurmctld.run("sbatch", argv.toArray(String[]::new));
    assertThat(r.ok()).as("sbatch: %s", r.stderr()).isTrue();
    return Long.parseLong(r.stdout().strip().split(";")[0]);
  }
}
