package dev.stratus.simulator.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a job stream: the Philly subset's {@code jobs_flat.csv} (header {@code job_id,
 * submitted_time, num_gpus, ...}), or a site's {@code sacct --parsable2} export (a {@code |}
 * separated header with at least {@code JobID}, {@code Submit}, {@code Elapsed} and {@code
 * AllocTRES} or {@code ReqTRES}). Times without a zone are read as UTC. Job steps ({@code
 * 42.batch}) and jobs that never ran or hold no GPU are left out and counted. Errors name the file
 * and line.
 */
public final class JobStreamReader {
  private static final Pattern GPUS = Pattern.compile("gres/gpu(?::[^=,]+)?=(\\d+)");

  /** The jobs, sorted by submission, and how many lines were left out. */
  public record Stream(List<SimJob> jobs, int skipped) {}

  private JobStreamReader() {}

  public static Stream read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": cannot read the job stream: " + e.getMessage(), e);
    }
    if (lines.isEmpty()) {
      throw new IllegalArgumentException(file + ": is empty; expected a header line");
    }
    String header = lines.get(0);
    boolean sacct = header.contains("|");
    List<String> names = List.of(sacct ? header.split("\\|", -1) : header.split(",", -1));
    Map<String, Integer> column = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      column.put(names.get(i).strip(), i);
    }
    List<SimJob> jobs = new ArrayList<>();
    int skipped = 0;
    for (int n = 1; n < lines.size(); n++) {
      String line = lines.get(n);
      if (line.isBlank()) {
        continue;
      }
      String[] f = sacct ? line.split("\\|", -1) : line.split(",", -1);
      Row row = new Row(file, n + 1, f, column);
      try {
        Optional<SimJob> job = sacct ? sacct(row) : philly(row);
        job.ifPresent(jobs::add);
        if (job.isEmpty()) {
          skipped++;
        }
      } catch (DateTimeParseException | NumberFormatException e) {
        throw row.error("cannot read it: " + e.getMessage());
      }
    }
    jobs.sort(Comparator.comparing(SimJob::submit).thenComparing(SimJob::id));
    return new Stream(List.copyOf(jobs), skipped);
  }

  private static Optional<SimJob> philly(Row r) {
    double minutes = Double.parseDouble(r.get("sum_attempt_runtime_min"));
    Duration work = Duration.ofMillis(Math.round(minutes * 60_000));
    return Optional.of(
        new SimJob(
            r.get("job_id"),
            time(r.get("submitted_time")),
            Integer.parseInt(r.get("num_gpus")),
            work,
            work,
            "",
            "",
            Optional.empty()));
  }

  private static Optional<SimJob> sacct(Row r) {
    String id = r.get("JobID");
    if (id.contains(".")) {
      return Optional.empty();
    }
    Duration elapsed = slurmDuration(r.get("Elapsed")).orElse(Duration.ZERO);
    String tres = r.has("AllocTRES") ? r.get("AllocTRES") : "";
    if (tres.isBlank() && r.has("ReqTRES")) {
      tres = r.get("ReqTRES");
    }
    Matcher m = GPUS.matcher(tres);
    int gpus = m.find() ? Integer.parseInt(m.group(1)) : 0;
    if (elapsed.isZero() || gpus == 0) {
      return Optional.empty();
    }
    Duration limit =
        r.has("Timelimit") ? slurmDuration(r.get("Timelimit")).orElse(elapsed) : elapsed;
    String partition = r.has("Partition") ? r.get("Partition") : "";
    return Optional.of(
        new SimJob(
            id,
            time(r.get("Submit")),
            gpus,
            elapsed,
            limit,
            r.has("User") ? r.get("User") : "",
            r.has("Account") ? r.get("Account") : "",
            partition.isBlank() ? Optional.empty() : Optional.of(partition.split(",")[0])));
  }

  private static Instant time(String text) {
    return LocalDateTime.parse(text.strip().replace(' ', 'T')).toInstant(ZoneOffset.UTC);
  }

  /** Slurm's {@code [D-]HH:MM:SS} or {@code MM:SS}; empty for UNLIMITED, Partition_Limit, "". */
  static Optional<Duration> slurmDuration(String text) {
    String t = text.strip();
    if (t.isEmpty() || !Character.isDigit(t.charAt(0))) {
      return Optional.empty();
    }
    long days = 0;
    int dash = t.indexOf('-');
    if (dash > 0) {
      days = Long.parseLong(t.substring(0, dash));
      t = t.substring(dash + 1);
    }
    String[] p = t.split(":");
    long seconds = 0;
    for (String part : p) {
      seconds = seconds * 60 + Long.parseLong(part.contains(".") ? part.split("\\.")[0] : part);
    }
    if (p.length == 1) {
      seconds *= 60; // Slurm reads a bare number as minutes
    }
    return Optional.of(Duration.ofDays(days).plusSeconds(seconds));
  }

  private record Row(Path file, int line, String[] fields, Map<String, Integer> column) {
    boolean has(String name) {
      Integer i = column.get(name);
      return i != null && i < fields.length;
    }

    String get(String name) {
      Integer i = column.get(name);
      if (i == null) {
        throw new IllegalArgumentException(file + ": the header has no column '" + name + "'");
      }
      if (i >= fields.length) {
        throw error("has " + fields.length + " fields, no '" + name + "'");
      }
      return fields[i].strip();
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException(file + ":" + line + ": " + what);
    }
  }
}
