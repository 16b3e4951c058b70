package dev.stratus.core.slurm;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the job list: the narrow form ({@link SqueueColumns}) first; the JSON form ({@code squeue
 * --json --all --states=all}, {@link SqueueJson}) from the first time the narrow one cannot be read
 * on, for the life of this reader (one Slurm per client), with one warning. When the narrow command
 * exits non-zero for another reason than slurmctld not answering ({@code slurm_load_jobs error:
 * Socket timed out ...}), the JSON one is tried: if it answers, this Slurm refuses the narrow form
 * and the reader switches; if it fails too, the narrow failure is thrown and nothing switches.
 *
 * <p>Why narrow: at 5,000 jobs squeue --json took 2.2–5.4 s and 238 MB (22.05) or 9.5–13 s and 760
 * MB (26.05) to print 15–42 MB, the narrow form 0.1–0.55 s and 15–17 MB for 0.5 MB. The controller
 * parses either in a stream; the time was squeue's.
 */
final class SqueueReader {
  private static final Logger LOG = LoggerFactory.getLogger(SqueueReader.class);

  /** How squeue says that slurmctld did not answer (22.05 to 26.05). */
  static final String RPC_FAILED = "slurm_load_jobs error";

  private final Path squeue;
  private final CommandRunner runner;
  private final CommandRunner narrowRunner;
  private volatile boolean json;
  // a job requeued held keeps its description for as long as it is held: its reason's name is
  // asked of the JSON form once (on 22.05 that is the whole queue's JSON), not on every pass
  private volatile Map<String, String> reasonNames = Map.of();

  SqueueReader(Path squeue, CommandRunner runner) {
    this.squeue = squeue;
    this.runner = runner;
    this.narrowRunner = runner.with(Map.of("SLURM_TIME_FORMAT", SqueueColumns.timeFormat()));
  }

  List<SlurmJob> jobs() {
    if (json) {
      return readJson();
    }
    List<String> command = command(SqueueColumns.arguments());
    CommandRunner.Read<List<SlurmJob>> narrow;
    try {
      narrow = narrowRunner.run(command, SqueueReader::narrow);
    } catch (Unreadable unreadable) {
      return switchToJson("could not be read: " + unreadable.getCause().getMessage());
    }
    if (narrow.ok()) {
      return withReasonNames(narrow.stdout());
    }
    // a Slurm that refuses the narrow form but answers the JSON one is not "slurmctld down"; a
    // time-out is thrown above, and an RPC that failed is slurmctld's: neither tries the JSON form,
    // which would ask a busy slurmctld for 30 times the bytes
    SlurmCommandException narrowFailed =
        CliSlurmClient.failed(command, narrow.exitCode(), narrow.stderr());
    if (narrow.stderr().contains(RPC_FAILED)) {
      throw narrowFailed;
    }
    try {
      return switchToJson("failed: " + narrowFailed.getMessage());
    } catch (SlurmCommandException jsonFailedToo) {
      json = false;
      narrowFailed.addSuppressed(jsonFailedToo);
      throw narrowFailed;
    }
  }

  /**
   * The jobs whose narrow reason is a description only ({@link SqueueColumns#describedOnly}: a
   * launch that failed and requeued the job held, for instance) get their reason's name from the
   * JSON form, asked for those jobs only (22.05 ignores {@code --jobs} with {@code --json} and
   * prints them all; they are few: a held requeue, not the queue's usual state), once per job and
   * description. Kept as printed when that read fails.
   */
  private List<SlurmJob> withReasonNames(List<SlurmJob> jobs) {
    Map<String, String> named = new HashMap<>();
    List<String> unknown = new ArrayList<>();
    for (SlurmJob j : jobs) {
      if (SqueueColumns.describedOnly(j.reason())) {
        String key = key(j);
        String name = reasonNames.get(key);
        if (name != null) {
          named.put(key, name);
        } else {
          unknown.add(Long.toString(j.jobId()));
        }
      }
    }
    if (!unknown.isEmpty()) {
      Map<Long, String> fromJson = new HashMap<>();
      try {
        read(
                runner,
                command(
                    List.of(
                        "--json", "--all", "--states=all", "--jobs=" + String.join(",", unknown))),
                SqueueJson::parse)
            .forEach(j -> fromJson.put(j.jobId(), j.reason()));
      } catch (SlurmCommandException e) {
        LOG.warn("reasons of jobs {} stay squeue's descriptions: {}", unknown, e.getMessage());
      }
      for (SlurmJob j : jobs) {
        if (fromJson.containsKey(j.jobId()) && SqueueColumns.describedOnly(j.reason())) {
          named.put(key(j), fromJson.get(j.jobId()));
        }
      }
    }
    // only the descriptions of this read stay: a job gone or described anew is asked again
    reasonNames = named;
    return jobs.stream()
        .map(
            j -> {
              String name = named.get(key(j));
              return name == null ? j : j.withReason(name);
            })
        .toList();
  }

  private static String key(SlurmJob job) {
    return job.jobId() + "\u0000" + job.reason();
  }

  private List<SlurmJob> switchToJson(String why) {
    json = true;
    List<SlurmJob> jobs = readJson();
    LOG.warn("squeue -O {}; reading squeue --json from now on", why);
    return jobs;
  }

  private List<SlurmJob> readJson() {
    return read(runner, command(List.of("--json", "--all", "--states=all")), SqueueJson::parse);
  }

  /** A narrow output that does not parse, told apart from a command that failed or timed out. */
  private static final class Unreadable extends RuntimeException {
    Unreadable(RuntimeException cause) {
      super(cause);
    }
  }

  private static List<SlurmJob> narrow(InputStream in) {
    try {
      return SqueueColumns.parse(in);
    } catch (SlurmCommandException | IllegalArgumentException e) {
      throw new Unreadable(e);
    }
  }

  /** Whether this reader has switched to the JSON form. */
  boolean readsJson() {
    return json;
  }

  private List<String> command(List<String> args) {
    List<String> command = new ArrayList<>(List.of(squeue.toString()));
    command.addAll(args);
    return command;
  }

  private static List<SlurmJob> read(
      CommandRunner runner,
      List<String> command,
      CommandRunner.StdoutReader<List<SlurmJob>> parse) {
    CommandRunner.Read<List<SlurmJob>> read = runner.run(command, parse);
    if (!read.ok()) {
      throw CliSlurmClient.failed(command, read.exitCode(), read.stderr());
    }
    return read.stdout();
  }
}
