package dev.stratus.core.slurm;

import dev.stratus.hook.hostlist.Hostlist;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link SlurmClient} over Slurm's commands ({@code sinfo}, {@code squeue}, {@code scontrol},
 * {@code scancel}) from one bin dir, each run with only {@code SLURM_CONF} and a fixed {@code
 * PATH}. Many nodes go to scontrol as one sorted hostlist. An empty node collection is a no-op. It
 * is also the {@link SlurmAccounting} of budgets and the ledger ({@code scontrol hold}, {@code
 * sacctmgr modify job}).
 */
public final class CliSlurmClient implements SlurmClient, SlurmAccounting, SlurmReservations {
  private static final Logger LOG = LoggerFactory.getLogger(CliSlurmClient.class);
  private static final Pattern FEATURE = Pattern.compile("[A-Za-z0-9_.:-]+");
  private static final Pattern TOPOLOGY_WORD = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
  private static final Pattern SIGNAL = Pattern.compile("(SIG)?[A-Z][A-Z0-9]*|[0-9]{1,2}");
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  private final Path binDir;
  // set once sinfo --json answered in the 23.02+ shape; never unset (one Slurm per client)
  private volatile boolean nodeGroupsInSinfo;
  private volatile boolean nodesAsJson;
  private final CommandRunner runner;
  private final SqueueReader jobs;
  private final ReservationCommands reservationArgs =
      new ReservationCommands(ZoneId.systemDefault());

  public CliSlurmClient(Path binDir, Path slurmConf) {
    this(binDir, slurmConf, DEFAULT_TIMEOUT);
  }

  public CliSlurmClient(Path binDir, Path slurmConf, Duration timeout) {
    this(
        binDir,
        new CommandRunner(
            Map.of(
                "SLURM_CONF",
                slurmConf.toAbsolutePath().toString(),
                "PATH",
                binDir.toAbsolutePath() + ":/usr/sbin:/usr/bin:/sbin:/bin"),
            timeout));
  }

  CliSlurmClient(Path binDir, CommandRunner runner) {
    this.binDir = binDir.toAbsolutePath();
    this.runner = runner;
    this.jobs = new SqueueReader(this.binDir.resolve("squeue"), runner);
  }

  /**
   * {@code scontrol -o show node}: one line per node, about half the bytes and time of the JSON
   * forms at 4,096 nodes (docs/measurements.md), read by {@link ScontrolNodeParser}. When its
   * output cannot be parsed, the JSON form from then on: {@code sinfo --json} (22.05), or {@code
   * scontrol --json show nodes} once sinfo answered with the 23.02+ document, which lists groups of
   * nodes by state instead of nodes (measured on 24.11.5). A command that fails (slurmctld busy or
   * down) fails the read and switches nothing: the JSON form would ask the same slurmctld.
   */
  /** Each read is its own command: slurmctld answers both under read locks. */
  @Override
  public boolean readsInParallel() {
    return true;
  }

  @Override
  public List<SlurmNode> nodes() {
    if (!nodesAsJson) {
      String text = ok("scontrol", "-o", "show", "node").stdout();
      try {
        return ScontrolNodeParser.parse(text);
      } catch (SlurmCommandException unreadable) {
        LOG.warn(
            "cannot read scontrol -o show node, reading nodes as JSON from now on: {}",
            unreadable.getMessage());
        nodesAsJson = true;
      }
    }
    if (nodeGroupsInSinfo) {
      return SinfoJson.parse(ok("scontrol", "--json", "show", "nodes").stdout());
    }
    String sinfo = ok("sinfo", "--json").stdout();
    if (SinfoJson.listsNodeGroups(sinfo)) {
      nodeGroupsInSinfo = true;
      return nodes();
    }
    return SinfoJson.parse(sinfo);
  }

  /**
   * The jobs of every partition and state (finished ones until MinJobAge), read by a {@link
   * SqueueReader}: {@code squeue -O} in its narrow form, {@code squeue --json} if that cannot be
   * read. A job's name is left empty in the narrow form.
   */
  @Override
  public List<SlurmJob> jobs() {
    return jobs.jobs();
  }

  @Override
  public void setDown(Collection<String> nodes, String reason) {
    updateNodes(nodes, "down", reason);
  }

  @Override
  public void resume(Collection<String> nodes) {
    updateNodes(nodes, "resume", null);
  }

  @Override
  public void powerDownForce(Collection<String> nodes, String reason) {
    updateNodes(nodes, "power_down_force", reason);
  }

  @Override
  public void drain(Collection<String> nodes, String reason) {
    updateNodes(nodes, "drain", reason);
  }

  /** A pending job cannot be requeued: Slurm answers "Job is pending execution". */
  @Override
  public void requeue(long jobId) {
    ok("scontrol", "requeue", Long.toString(positive(jobId)));
  }

  /**
   * Measured on 22.05: for a job that is not running yet, scancel prints "Job is in transitional
   * state, retrying" and never returns; the runner's time limit ends it with a {@link
   * SlurmCommandException}. Signal only running jobs.
   */
  @Override
  public void signalBatch(long jobId, String signal) {
    if (signal == null || !SIGNAL.matcher(signal).matches()) {
      throw new IllegalArgumentException(
          "signal '" + signal + "' must be a name like USR1 or SIGUSR1, or a number");
    }
    ok("scancel", "--signal=" + signal, "--batch", Long.toString(positive(jobId)));
  }

  @Override
  public void setFeatures(Collection<String> nodes, Collection<String> features) {
    if (nodes.isEmpty()) {
      return;
    }
    for (String f : features) {
      if (!FEATURE.matcher(f).matches()) {
        throw new IllegalArgumentException("feature '" + f + "' is not a Slurm feature name");
      }
    }
    String list = String.join(",", features);
    ok(
        "scontrol",
        "update",
        "nodename=" + Hostlist.compressSorted(nodes),
        "availablefeatures=" + list,
        "activefeatures=" + list);
  }

  @Override
  public void reconfigure() {
    ok("scontrol", "reconfigure");
  }

  @Override
  public Map<String, String> topologyLeaves(String name) {
    return TopologyLeaves.parse(
        ok("scontrol", "show", "topology", slurmWord("topology", name)).stdout());
  }

  @Override
  public void setTopology(Collection<String> nodes, String topology, List<String> switchPath) {
    if (nodes.isEmpty()) {
      return;
    }
    StringBuilder spec = new StringBuilder(slurmWord("topology", topology));
    switchPath.forEach(s -> spec.append(':').append(slurmWord("switch", s)));
    ok("scontrol", "update", "nodename=" + Hostlist.compressSorted(nodes), "topology=" + spec);
  }

  /** A topology or switch name: letters, digits, '-', '_' and '.', as Stratus writes them. */
  private static String slurmWord(String what, String name) {
    if (name == null || !TOPOLOGY_WORD.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what + " name '" + name + "' must be 1..64 letters, digits, '-', '_' or '.'");
    }
    return name;
  }

  @Override
  public void hold(long jobId, String reason) {
    ok("scontrol", "hold", Long.toString(positive(jobId)));
    adminComment(jobId, reason);
  }

  @Override
  public void requeueHold(long jobId, String reason) {
    ok("scontrol", "requeuehold", Long.toString(positive(jobId)));
    adminComment(jobId, reason);
  }

  @Override
  public void release(long jobId, String note) {
    ok("scontrol", "release", Long.toString(positive(jobId)));
    adminComment(jobId, note);
  }

  @Override
  public void recordCost(long jobId, String text) {
    ok(
        "sacctmgr",
        "-i",
        "modify",
        "job",
        "where",
        "jobid=" + positive(jobId),
        "set",
        "AdminComment=" + comment(text));
  }

  @Override
  public void note(long jobId, String text) {
    adminComment(positive(jobId), text);
  }

  @Override
  public void cancel(long jobId, String reason) {
    adminComment(positive(jobId), reason);
    ok("scancel", Long.toString(jobId));
  }

  private void adminComment(long jobId, String text) {
    ok("scontrol", "update", "jobid=" + jobId, "AdminComment=" + comment(text));
  }

  /** One line, no quotes (sacctmgr turns them into backticks), at most 300 characters. */
  static String comment(String text) {
    if (text == null
        || text.isBlank()
        || text.length() > 300
        || text.chars().anyMatch(c -> c == '\n' || c == '\r' || c == '"' || c == '\'')) {
      throw new IllegalArgumentException(
          "a job comment must be one line of 1..300 characters without quotes, got '" + text + "'");
    }
    return text;
  }

  /** {@code reason} is required by Slurm for down/drain; the argv keeps its spaces intact. */
  private void updateNodes(Collection<String> nodes, String state, String reason) {
    if (nodes.isEmpty()) {
      return;
    }
    List<String> args =
        new ArrayList<>(List.of("update", "nodename=" + Hostlist.compressSorted(nodes)));
    args.add("state=" + state);
    if (reason != null || !state.equals("resume")) {
      if (reason == null || reason.isBlank() || reason.contains("\n")) {
        throw new IllegalArgumentException(
            "state=" + state + " needs a one-line, non-blank reason, got '" + reason + "'");
      }
      args.add("reason=" + reason);
    }
    ok("scontrol", args.toArray(String[]::new));
  }

  @Override
  public List<SlurmReservation> reservations() {
    return reservationArgs.parse(ok("scontrol", "-o", "show", "reservation").stdout());
  }

  @Override
  public void createReservation(SlurmReservation r) {
    ok("scontrol", reservationArgs.create(r, Instant.now()).toArray(String[]::new));
  }

  @Override
  public void updateReservation(SlurmReservation r, boolean started) {
    ok("scontrol", reservationArgs.update(r, started).toArray(String[]::new));
  }

  @Override
  public void deleteReservation(String name) {
    ok("scontrol", "delete", "ReservationName=" + name);
  }

  private CommandRunner.Result ok(String program, String... args) {
    List<String> command = command(program, args);
    CommandRunner.Result result = runner.run(command);
    if (!result.ok()) {
      throw failed(command, result.exitCode(), result.stderr());
    }
    return result;
  }

  private List<String> command(String program, String... args) {
    List<String> command = new ArrayList<>();
    command.add(binDir.resolve(program).toString());
    command.addAll(List.of(args));
    LOG.debug("running {}", command);
    return command;
  }

  static SlurmCommandException failed(List<String> command, int exitCode, String stderr) {
    return new SlurmCommandException(
        "`"
            + String.join(" ", command)
            + "` failed with exit code "
            + exitCode
            + ": "
            + stderr.strip());
  }

  private static long positive(long jobId) {
    if (jobId <= 0) {
      throw new IllegalArgumentException("job id must be > 0, got " + jobId);
    }
    return jobId;
  }
}
