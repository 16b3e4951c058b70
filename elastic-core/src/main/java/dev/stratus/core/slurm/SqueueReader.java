package dev.stratus.core.slurm;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the job list: the narrow form ({@link SqueueColumns}) first; the JSON form ({@code squeue
 * --json --all --states=all}, {@link SqueueJson}) from the first time the narrow one cannot be read
 * on, for the life of this reader (one Slurm per client), with one warning. A command that fails
 * fails either way: slurmctld down is not a reason to switch forms.
 *
 * <p>Why narrow: at 5,000 jobs squeue --json took 2.2–5.4 s and 238 MB (22.05) or 9.5–13 s and 760
 * MB (26.05) to print 15–42 MB, the narrow form 0.1–0.55 s and 15–17 MB for 0.5 MB. The controller
 * parses either in a stream; the time was squeue's.
 */
final class SqueueReader {
  private static final Logger LOG = LoggerFactory.getLogger(SqueueReader.class);

  private final Path squeue;
  private final CommandRunner runner;
  private final CommandRunner narrowRunner;
  private volatile boolean json;

  SqueueReader(Path squeue, CommandRunner runner) {
    this.squeue = squeue;
    this.runner = runner;
    this.narrowRunner = runner.with(Map.of("SLURM_TIME_FORMAT", SqueueColumns.timeFormat()));
  }

  List<SlurmJob> jobs() {
    if (!json) {
      List<String> command = command(SqueueColumns.arguments());
      try {
        return read(narrowRunner, command, SqueueReader::narrow);
      } catch (Unreadable unreadable) {
        json = true;
        LOG.warn(
            "squeue -O output could not be read ({}); reading squeue --json from now on",
            unreadable.getCause().getMessage());
      }
    }
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
      throw new SlurmCommandException(
          "`"
              + String.join(" ", command)
              + "` failed with exit code "
              + read.exitCode()
              + ": "
              + read.stderr().strip());
    }
    return read.stdout();
  }
}
