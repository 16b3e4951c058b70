package dev.stratus.tests.scale;

import dev.stratus.sandbox.process.Processes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The harness's Slurm commands: sbatch of a {@link JobMix.Batch} as one array, the split of its
 * tasks into job records of their own, release, cancel and the queries the burst is timed by. A
 * failed command throws, naming it and its log.
 */
final class Submitter {
  private final ScaleSlurm slurm;
  private final Path log;

  Submitter(ScaleSlurm slurm) {
    this.slurm = slurm;
    this.log = slurm.root.resolve("log/submit.log");
  }

  /** {@code sbatch --array=0-(count-1)} of the batch's shape and kind; the array's job id. */
  long submit(JobMix.Batch b, Optional<Long> heldJob) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--parsable",
                "--array=0-" + (b.count() - 1),
                "-p",
                b.partition(),
                "-N",
                Integer.toString(b.nodes()),
                "--gres=gpu:" + b.gpuModel() + ":" + b.gpus(),
                "-t",
                "60",
                "--chdir=/tmp",
                "-o",
                "/dev/null",
                "-J",
                "scale-" + b.kind().name().toLowerCase(Locale.ROOT)));
    switch (b.kind()) {
      case BURST -> args.addAll(List.of("-H", "--exclusive"));
      case HELD -> args.add("-H");
      case LATER -> args.addAll(List.of("--begin=now+1day", "--deadline=now+3days"));
      case DEPENDENT ->
          args.add(
              "--dependency=afterok:"
                  + heldJob.orElseThrow(() -> new IllegalStateException("no held job yet")));
      case ARRAY -> args.add("--begin=now+1day");
      case WAITING -> {}
    }
    args.addAll(List.of("--wrap", "sleep 3600"));
    String out = ok(slurm.command("sbatch", args.toArray(String[]::new)), Duration.ofSeconds(60));
    return Long.parseLong(out.strip().split(";")[0]);
  }

  /**
   * {@code scontrol update jobid=A_0,...,A_(n-1) TimeLimit=59}: an update naming tasks one by one
   * splits each into a job record of its own (measured on 22.05: 1,000 tasks in about 3.5 s; an
   * update of {@code A_[0-999]} or of {@code A} changes the array and splits nothing).
   */
  void split(long arrayId, int count) {
    String ids =
        IntStream.range(0, count).mapToObj(i -> arrayId + "_" + i).collect(Collectors.joining(","));
    ok(slurm.command("scontrol", "update", "jobid=" + ids, "TimeLimit=59"), Duration.ofMinutes(5));
  }

  void release(List<Long> arrayIds) {
    ok(slurm.command("scontrol", "release", join(arrayIds)), Duration.ofMinutes(2));
  }

  void cancel(List<Long> arrayIds) {
    if (!arrayIds.isEmpty()) {
      ok(slurm.command("scancel", join(arrayIds)), Duration.ofMinutes(2));
    }
  }

  /**
   * How many tasks of these arrays are RUNNING (each started task is a line of its own); -1 when
   * squeue failed (slurmctld busy past MessageTimeout), which a caller polling again may ignore.
   */
  int running(List<Long> arrayIds) {
    try {
      return count(arrayIds);
    } catch (IllegalStateException e) {
      return -1;
    }
  }

  private int count(List<Long> arrayIds) {
    return (int)
        ok(
                slurm.command("squeue", "-h", "-t", "R", "-j", join(arrayIds), "-o", "%i"),
                Duration.ofSeconds(60))
            .lines()
            .filter(l -> !l.isBlank())
            .count();
  }

  /** One Slurm read as the controller does it: its output's size and wall time. */
  record Read(String command, long bytes, long millis) {}

  /** Runs {@code program args} (read-only) once and times it. */
  Read time(String program, String... args) {
    long start = System.nanoTime();
    String out = ok(slurm.command(program, args), Duration.ofMinutes(5));
    return new Read(
        // the narrow squeue form's separator, shown
        (program + " " + String.join(" ", args)).replace('\u001f', '|'),
        out.length(),
        (System.nanoTime() - start) / 1_000_000);
  }

  /** How many job records squeue lists (a pending array not yet split is one). */
  int records() {
    return (int)
        ok(slurm.command("squeue", "-h", "-o", "%i"), Duration.ofSeconds(60))
            .lines()
            .filter(l -> !l.isBlank())
            .count();
  }

  /**
   * {@code sinfo -h -N -o "%N %t"}: every node and its short state ({@code idle~}, {@code alloc#}).
   */
  List<String[]> nodeStates() {
    return ok(slurm.command("sinfo", "-h", "-N", "-o", "%N %t"), Duration.ofSeconds(60))
        .lines()
        .filter(l -> !l.isBlank())
        .map(l -> l.strip().split("\\s+"))
        .toList();
  }

  private static String join(List<Long> ids) {
    return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
  }

  private String ok(List<String> argv, Duration timeout) {
    Processes.Result r = Processes.output(argv, slurm.env(), log, timeout);
    if (r.exitCode() != 0) {
      throw new IllegalStateException(
          String.join(" ", argv.subList(0, Math.min(argv.size(), 4)))
              + "... failed (exit "
              + r.exitCode()
              + "), see "
              + log);
    }
    return r.stdout();
  }
}
