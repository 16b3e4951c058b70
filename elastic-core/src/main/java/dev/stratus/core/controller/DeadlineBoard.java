package dev.stratus.core.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.core.plan.DeadlineStatus;
import dev.stratus.core.render.AtomicFiles;
import dev.stratus.policy.Explanation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The latest deadline decision per job ({@link DeadlineStatus}), for {@code stratus status}: kept
 * in memory, written to {@code <stateDir>/deadlines.json} (atomically, when it changed) for the
 * status command, which runs in its own process, to read. A decision whose choice changed is
 * logged. Jobs that no longer have a deadline (finished, gone) leave it. The file is a display, not
 * a truth: a restarted controller rewrites it at its first decisions. Where it writes the file,
 * each new decision is explained by the policy ({@link ExplanationJson}) once, when it is written:
 * a replay, which writes no file, never pays for explanations.
 */
public final class DeadlineBoard {
  public static final String FILE = "deadlines.json";
  private static final Logger log = LoggerFactory.getLogger(DeadlineBoard.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Optional<Path> file;
  private final Map<Long, DeadlineStatus> latest = new ConcurrentHashMap<>();
  private final Map<Long, Supplier<Optional<Explanation>>> unexplained = new ConcurrentHashMap<>();
  private volatile String written = "";

  /** {@code stateDir}: where the file goes; empty: kept in memory only (a replay). */
  DeadlineBoard(Optional<Path> stateDir) {
    this.file = stateDir.map(d -> d.resolve(FILE));
  }

  void record(DeadlineStatus status) {
    record(status, Optional::empty);
  }

  /** The latest decision for its job; {@code explain} is asked only when the file is written. */
  void record(DeadlineStatus status, Supplier<Optional<Explanation>> explain) {
    unexplained.put(status.jobId(), explain);
    DeadlineStatus before = latest.put(status.jobId(), status);
    if (before == null || !before.choice().equals(status.choice())) {
      log.info("deadline job {}: {} ({})", status.jobId(), status.choice(), status.reason());
    }
  }

  /** When each job's latest decision was taken. */
  Map<Long, Instant> decidedAt() {
    Map<Long, Instant> out = new HashMap<>();
    latest.forEach((id, status) -> out.put(id, status.decidedAt()));
    return out;
  }

  /** Keeps only these jobs, then writes the file if what it would hold changed. */
  void retainAndWrite(Set<Long> deadlineJobs) {
    latest.keySet().retainAll(deadlineJobs);
    if (file.isEmpty()) {
      unexplained.clear();
      return;
    }
    explainNew();
    String text = toJson(List.copyOf(latest.values()));
    if (text.equals(written)) {
      return;
    }
    try {
      Files.createDirectories(file.get().getParent());
      AtomicFiles.write(file.get(), text);
      written = text;
    } catch (IOException e) {
      log.warn(
          "cannot write {} (stratus status shows older decisions): {}", file.get(), e.getMessage());
    }
  }

  private void explainNew() {
    for (Long job : List.copyOf(unexplained.keySet())) {
      Supplier<Optional<Explanation>> explain = unexplained.remove(job);
      DeadlineStatus status = latest.get(job);
      if (status == null || explain == null) {
        continue;
      }
      try {
        explain.get().ifPresent(e -> latest.put(job, status.withExplanation(e)));
      } catch (RuntimeException e) {
        // an explanation is for people: its failure must not stop the controller
        log.warn("deadline job {}: cannot explain its decision: {}", job, e.toString());
      }
    }
  }

  static String toJson(List<DeadlineStatus> statuses) {
    ArrayNode jobs = JSON.createArrayNode();
    statuses.stream()
        .sorted(Comparator.comparingLong(DeadlineStatus::jobId))
        .forEach(
            d -> {
              ObjectNode o = jobs.addObject();
              o.put("job", d.jobId());
              o.put("choice", d.choice());
              o.put("location", d.location());
              o.put("running", d.running());
              o.put("reason", d.reason());
              o.put("submitted", d.submitted().toString());
              o.put("deadline", d.deadline().toString());
              o.put("work_s", d.work().toSeconds());
              o.put("done_s", d.done().toSeconds());
              o.put("decided_at", d.decidedAt().toString());
              d.explanation().ifPresent(e -> ExplanationJson.write(o.putObject("explanation"), e));
            });
    ObjectNode root = JSON.createObjectNode();
    root.set("jobs", jobs);
    return root.toString() + "\n";
  }

  /**
   * The decisions in {@code <stateDir>/deadlines.json}; none when the file does not exist (no
   * controller has decided for a deadline job here yet).
   *
   * @throws IllegalArgumentException naming the file and what is wrong in it
   */
  public static List<DeadlineStatus> read(Path stateDir) {
    Path path = stateDir.resolve(FILE);
    if (!Files.exists(path)) {
      return List.of();
    }
    try {
      List<DeadlineStatus> out = new ArrayList<>();
      for (JsonNode o : JSON.readTree(path.toFile()).path("jobs")) {
        out.add(
            new DeadlineStatus(
                o.required("job").asLong(),
                o.required("choice").asText(),
                o.path("location").asText(""),
                o.path("running").asText(""),
                o.required("reason").asText(),
                Instant.parse(o.required("submitted").asText()),
                Instant.parse(o.required("deadline").asText()),
                Duration.ofSeconds(o.required("work_s").asLong()),
                Duration.ofSeconds(o.required("done_s").asLong()),
                Instant.parse(o.required("decided_at").asText()),
                o.has("explanation")
                    ? Optional.of(ExplanationJson.read(o.get("explanation")))
                    : Optional.empty()));
      }
      return out;
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("cannot read " + path + ": " + e.getMessage(), e);
    }
  }
}
