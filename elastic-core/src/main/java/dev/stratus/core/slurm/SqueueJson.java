package dev.stratus.core.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Parses {@code squeue --json}. 22.05 writes {@code job_state} as a string and {@code
 * tres_per_node} as {@code gres:gpu:h100:2}; 23.02+ writes {@code job_state} as an array (base
 * state first), wraps numbers as {@code {"set":..,"number":N}}, and later releases spell the GRES
 * {@code gres/gpu:h100=2}. All become {@link SlurmJob}s with {@code gresPerNode} like {@code
 * gpu:h100:2}. The job's {@code --constraint} is {@code features}, a string in both (22.05
 * measured: {@code "on-demand"}, {@code ""} for none).
 */
public final class SqueueJson {
  /** The members of a job this reads; the others are skipped unparsed. */
  private static final Set<String> READ =
      Set.of(
          "job_id",
          "name",
          "job_state",
          "state_reason",
          "partition",
          "nodes",
          "node_count",
          "tres_per_node",
          "restart_cnt",
          "requeue",
          "start_time",
          "user_name",
          "account",
          "time_limit",
          "end_time",
          "features",
          "admin_comment",
          "submit_time",
          "deadline");

  private SqueueJson() {}

  /**
   * @throws SlurmCommandException naming the field when the document is not what squeue writes
   */
  public static List<SlurmJob> parse(String json) {
    if (json == null || json.isBlank()) {
      throw new SlurmCommandException("squeue --json: empty document");
    }
    return parse(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * Reads the document job by job from {@code in}, never as one string or one tree: at 10,000 jobs
   * squeue prints about 40 MB, which as a tree would cost the controller hundreds of MB each time
   * it asks.
   *
   * @throws SlurmCommandException naming the field when the document is not what squeue writes
   */
  public static List<SlurmJob> parse(InputStream in) {
    JsonDocument doc = new JsonDocument("squeue --json", SlurmCommandException::new);
    List<SlurmJob> jobs = new ArrayList<>();
    doc.forEachOf(in, "jobs", READ, (i, item) -> jobs.add(job(doc, i, item)));
    return jobs;
  }

  /**
   * {@code user_name}, {@code account}, {@code time_limit} (minutes; 22.05 writes null for none,
   * 23.02+ {@code {"infinite":true}}), {@code admin_comment}, {@code submit_time}, {@code deadline}
   * (epoch seconds, 0 for none; 23.02+ as {@code {"set", "number"}}) and, for a finished job,
   * {@code end_time}.
   */
  private static SlurmJob.Accounting accounting(JsonDocument doc, JsonNode item, String path) {
    long limit = doc.limit(item, path, "time_limit");
    String state = state(doc.state(item, path, "job_state"));
    long end = doc.number(item, path, "end_time", 0, false);
    boolean finished = SlurmJob.finishedState(state.toUpperCase(Locale.ROOT));
    return new SlurmJob.Accounting(
        doc.text(item, path, "user_name"),
        doc.text(item, path, "account"),
        limit > 0 ? Optional.of(Duration.ofMinutes(limit)) : Optional.empty(),
        finished ? startTime(end) : Optional.empty(),
        doc.text(item, path, "admin_comment"),
        startTime(doc.number(item, path, "submit_time", 0, false)),
        startTime(doc.number(item, path, "deadline", 0, false)));
  }

  /**
   * The state as squeue prints it: 23.02+ gives the base state first and flags after it ({@code
   * ["RUNNING","CONFIGURING","POWER_UP_NODE"]} for a job whose nodes are booting, measured on
   * 24.11.5), where 22.05's JSON and every release's {@code squeue -o %T} say {@code CONFIGURING};
   * so the CONFIGURING flag wins over the base state, as it does there.
   */
  static String state(List<String> words) {
    return words.contains("CONFIGURING") ? "CONFIGURING" : words.get(0);
  }

  private static SlurmJob job(JsonDocument doc, int i, JsonNode item) {
    String path = "jobs[" + i + "]";
    long id = doc.number(item, path, "job_id", 0, true);
    if (id <= 0) {
      throw doc.fail(path + ".job_id", "must be > 0, got " + id);
    }
    path = path + "(job " + id + ")";
    JsonNode requeue = item.get("requeue");
    return new SlurmJob(
        id,
        doc.text(item, path, "name"),
        state(doc.state(item, path, "job_state")),
        doc.text(item, path, "state_reason"),
        doc.text(item, path, "partition"),
        doc.text(item, path, "nodes"),
        (int) doc.number(item, path, "node_count", 0, false),
        normaliseGres(doc.text(item, path, "tres_per_node")),
        (int) doc.number(item, path, "restart_cnt", 0, false),
        requeue != null && requeue.asBoolean(false),
        startTime(doc.number(item, path, "start_time", 0, false)),
        accounting(doc, item, path),
        doc.text(item, path, "features"));
  }

  /** squeue writes 0 when it has no start time. */
  private static Optional<Instant> startTime(long epochSeconds) {
    return epochSeconds > 0 ? Optional.of(Instant.ofEpochSecond(epochSeconds)) : Optional.empty();
  }

  /**
   * {@code gres:gpu:h100:2} (22.05) and {@code gres/gpu:h100=2} (23.11+) both become {@code
   * gpu:h100:2}; several entries stay comma separated; non-GRES TRES are left as they are.
   */
  static String normaliseGres(String tres) {
    if (tres == null || tres.isBlank()) {
      return "";
    }
    List<String> out = new ArrayList<>();
    for (String entry : tres.split(",")) {
      String e = entry.strip();
      if (e.startsWith("gres:") || e.startsWith("gres/")) {
        e = e.substring(5).replace('=', ':');
      }
      if (!e.isEmpty()) {
        out.add(e);
      }
    }
    return String.join(",", out);
  }
}
