package dev.stratus.core.slurm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The narrow form of the job list: {@code squeue --noheader --array -O <columns>} with every column
 * unpadded ({@code :0}) and ended by the ASCII unit separator, run with {@code
 * SLURM_TIME_FORMAT=%s} so times are epoch seconds. One line per job; it carries what a pass needs
 * ({@link SlurmJob} without its name) and is about 30 times smaller than {@code squeue --json} and
 * 10–40 times faster to print (measured on 22.05 and 26.05, see the measurements document).
 *
 * <p>No column a user writes freely is read: the job name and comment could hold a newline and so
 * forge a line. The constraint and GRES are checked by slurmctld at submission; the AdminComment,
 * which only an operator can set, is the last column, so a separator inside it stays in it. Any
 * line that does not parse is an error naming it (the caller then reads the JSON form instead).
 *
 * <p>{@code --array} prints one line per array task: a task split off into a job of its own has its
 * own job id, as in the JSON form; the tasks of an array not yet split share the array's job id and
 * are one job here, as they are one record in the JSON form. Without {@code --array}, 26.05 folds
 * pending tasks into one line and loses their job ids (measured).
 */
public final class SqueueColumns {
  static final char SEPARATOR = '\u001f';

  /** The columns in the order they are printed; {@code admin_comment} must stay last. */
  static final List<String> COLUMNS =
      List.of(
          "jobid",
          "state",
          "reason",
          "partition",
          "nodelist",
          "numnodes",
          "tres-per-node",
          "restartcnt",
          "requeue",
          "starttime",
          "username",
          "account",
          "timelimit",
          "endtime",
          "submittime",
          "deadline",
          "feature",
          "admin_comment");

  /** A reason as Slurm names it (its enum), e.g. {@code JobHeldUser}, {@code BeginTime}. */
  private static final Pattern REASON_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  /** A description slurmctld starts with the reason's name: {@code ReqNodeNotAvail, ...}. */
  private static final Pattern NAMED_DESCRIPTION = Pattern.compile("([A-Za-z][A-Za-z0-9_]*),.*");

  private static final Pattern TIME_LIMIT =
      Pattern.compile("(?:(\\d+)-)?(?:(\\d+):)?(\\d+):(\\d+)");

  private SqueueColumns() {}

  /** squeue's arguments after the program name. */
  public static List<String> arguments() {
    String format =
        COLUMNS.stream().map(c -> c + ":0" + SEPARATOR).collect(Collectors.joining(","));
    return List.of("--noheader", "--array", "--all", "--states=all", "-O", format);
  }

  /** The environment squeue needs besides the runner's: times as epoch seconds. */
  public static String timeFormat() {
    return "%s";
  }

  /**
   * Reads squeue's output line by line (never as one string).
   *
   * @throws SlurmCommandException naming the line and column that is not what squeue prints
   */
  public static List<SlurmJob> parse(InputStream in) {
    List<SlurmJob> jobs = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      int number = 0;
      while ((line = reader.readLine()) != null) {
        number++;
        if (line.isEmpty()) {
          continue;
        }
        SlurmJob job = job(line, number);
        if (seen.add(job.jobId())) {
          jobs.add(job);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return jobs;
  }

  static SlurmJob job(String line, int number) {
    String body =
        line.endsWith(String.valueOf(SEPARATOR)) ? line.substring(0, line.length() - 1) : line;
    String[] f = body.split(String.valueOf(SEPARATOR), COLUMNS.size());
    if (f.length != COLUMNS.size()) {
      throw fail(number, "has " + f.length + " columns, expected " + COLUMNS.size());
    }
    long id = number(f, 0, number);
    if (id <= 0) {
      throw fail(number, "jobid must be > 0, got '" + f[0] + "'");
    }
    String state = text(f[1]);
    if (state.isEmpty() || !state.chars().allMatch(c -> c == '_' || Character.isUpperCase(c))) {
      throw fail(number, "state must be a Slurm job state, got '" + f[1] + "'");
    }
    Optional<Instant> ended =
        SlurmJob.finishedState(state) ? epoch(f, 13, number) : Optional.empty();
    SlurmJob.Accounting accounting =
        new SlurmJob.Accounting(
            text(f[10]),
            text(f[11]),
            timeLimit(f[12], number),
            ended,
            text(f[17]),
            epoch(f, 14, number),
            epoch(f, 15, number));
    return new SlurmJob(
        id,
        "",
        state,
        reason(text(f[2])),
        text(f[3]),
        text(f[4]),
        (int) number(f, 5, number),
        SqueueJson.normaliseGres(text(f[6])),
        (int) number(f, 7, number),
        requeue(f[8], number),
        epoch(f, 9, number),
        accounting,
        text(f[16]));
  }

  /**
   * squeue prints the job's description instead of its reason's name when slurmctld gave one: the
   * name that starts it ({@code ReqNodeNotAvail, UnavailableNodes:gpu-001} is {@code
   * ReqNodeNotAvail}, as the JSON form says), else the description as it is ({@link
   * #describedOnly}).
   */
  static String reason(String printed) {
    Matcher m = NAMED_DESCRIPTION.matcher(printed);
    return m.matches() ? m.group(1) : printed;
  }

  /**
   * Whether {@code reason} is a description without the reason's name ({@code launch failed
   * requeued held} for what the JSON form calls {@code JobHeldUser}): only the JSON form has the
   * name then.
   */
  public static boolean describedOnly(String reason) {
    return !reason.isEmpty() && !REASON_NAME.matcher(reason).matches();
  }

  /** squeue prints "(null)" and "N/A" for a column with no value. */
  private static String text(String value) {
    String v = value.strip();
    return v.equals("(null)") || v.equals("N/A") ? "" : v;
  }

  private static long number(String[] f, int column, int line) {
    String v = text(f[column]);
    if (v.isEmpty()) {
      return 0;
    }
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw fail(line, COLUMNS.get(column) + " must be a number, got '" + f[column] + "'");
    }
  }

  /** Epoch seconds; "N/A", "Unknown", "None" or 0 mean none. */
  private static Optional<Instant> epoch(String[] f, int column, int line) {
    String v = text(f[column]);
    if (v.isEmpty() || v.equals("Unknown") || v.equals("None")) {
      return Optional.empty();
    }
    if (!v.chars().allMatch(Character::isDigit)) {
      throw fail(line, COLUMNS.get(column) + " must be epoch seconds, got '" + f[column] + "'");
    }
    long seconds = Long.parseLong(v);
    return seconds > 0 ? Optional.of(Instant.ofEpochSecond(seconds)) : Optional.empty();
  }

  /**
   * {@code M:SS}, {@code H:MM:SS} or {@code D-HH:MM:SS} as squeue prints a limit; {@code
   * UNLIMITED}, {@code NOT_SET} and the like are no limit (the JSON form's null or infinite).
   */
  static Optional<Duration> timeLimit(String value, int line) {
    String v = text(value);
    Matcher m = TIME_LIMIT.matcher(v);
    if (!m.matches()) {
      if (v.isEmpty() || v.chars().allMatch(c -> c == '_' || Character.isUpperCase(c))) {
        return Optional.empty();
      }
      throw fail(line, "timelimit must be [D-][H:]M:SS or a word, got '" + value + "'");
    }
    long days = m.group(1) == null ? 0 : Long.parseLong(m.group(1));
    long hours = m.group(2) == null ? 0 : Long.parseLong(m.group(2));
    long minutes = Long.parseLong(m.group(3));
    long seconds = Long.parseLong(m.group(4));
    Duration limit =
        Duration.ofDays(days).plusHours(hours).plusMinutes(minutes).plusSeconds(seconds);
    return limit.isZero() ? Optional.empty() : Optional.of(limit);
  }

  private static boolean requeue(String value, int line) {
    return switch (text(value)) {
      case "1", "yes", "YES" -> true;
      case "0", "no", "NO", "" -> false;
      default -> throw fail(line, "requeue must be 0 or 1, got '" + value + "'");
    };
  }

  private static SlurmCommandException fail(int line, String what) {
    return new SlurmCommandException("squeue -O, line " + line + ": " + what);
  }
}
