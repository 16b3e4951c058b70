package dev.stratus.simulator.trace;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;

/**
 * Reads spot traces in the two formats used by Can't Be Late ({@code {"metadata": {"gap_seconds":
 * N}, "data": [count, ...], "prices": [...]}}, prices optional) and by the GCP H100 record ({@code
 * metadata.start_time}, {@code metadata.price.spot_per_hour / on_demand_per_hour}, {@code null}
 * counts where no probe ran). Every problem is reported with the file and what is wrong.
 */
public final class TraceReader {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TraceReader() {}

  /** Every {@code *.json} file in {@code dir}, sorted by name. */
  public static List<Trace> readDirectory(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new TraceFormatException(dir, "not a directory of trace files");
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    } catch (IOException e) {
      throw new TraceFormatException(dir, "cannot list the directory: " + e.getMessage(), e);
    }
    if (files.isEmpty()) {
      throw new TraceFormatException(dir, "holds no *.json trace file");
    }
    return files.stream().map(TraceReader::read).toList();
  }

  public static Trace read(Path file) {
    JsonNode root;
    try {
      root = JSON.readTree(file.toFile());
    } catch (JacksonException e) {
      throw new TraceFormatException(
          file, "not valid JSON: " + e.getOriginalMessage().split("\n")[0], e);
    } catch (IOException e) {
      throw new TraceFormatException(file, "cannot be read: " + e.getMessage(), e);
    }
    if (root == null || !root.isObject()) {
      throw new TraceFormatException(file, "must hold a JSON object with metadata and data");
    }
    JsonNode meta = root.path("metadata");
    JsonNode gap = meta.path("gap_seconds");
    if (!gap.isNumber() || gap.asDouble() <= 0 || gap.asDouble() != Math.rint(gap.asDouble())) {
      throw new TraceFormatException(
          file, "metadata.gap_seconds must be a whole number of seconds > 0, got " + gap);
    }
    int[] counts = counts(file, root.path("data"));
    String name = file.getFileName().toString().replaceFirst("\\.json$", "");
    return new Trace(
        name,
        gap.asLong(),
        start(file, meta.path("start_time")),
        counts,
        prices(file, root.path("prices"), counts.length),
        price(file, meta.path("price"), "spot_per_hour"),
        price(file, meta.path("price"), "on_demand_per_hour"));
  }

  private static int[] counts(Path file, JsonNode data) {
    if (!data.isArray() || data.isEmpty()) {
      throw new TraceFormatException(file, "data must be a non-empty array of instance counts");
    }
    int[] counts = new int[data.size()];
    for (int i = 0; i < counts.length; i++) {
      JsonNode v = data.get(i);
      if (v.isNull()) {
        counts[i] = Trace.NO_PROBE;
      } else if (v.isIntegralNumber() && v.asInt() >= 0) {
        counts[i] = v.asInt();
      } else {
        throw new TraceFormatException(
            file, "data[" + i + "] must be a count >= 0 or null, got " + v);
      }
    }
    return counts;
  }

  private static Optional<Instant> start(Path file, JsonNode start) {
    if (start.isMissingNode() || start.isNull()) {
      return Optional.empty();
    }
    try {
      return Optional.of(OffsetDateTime.parse(start.asText()).toInstant());
    } catch (DateTimeParseException e) {
      throw new TraceFormatException(
          file, "metadata.start_time must be an ISO-8601 date-time, got " + start, e);
    }
  }

  private static double[] prices(Path file, JsonNode prices, int ticks) {
    if (prices.isMissingNode() || prices.isNull()) {
      return null;
    }
    if (!prices.isArray() || prices.size() != ticks) {
      throw new TraceFormatException(
          file,
          "prices must be an array with one price per tick (" + ticks + "), got " + size(prices));
    }
    double[] out = new double[ticks];
    for (int i = 0; i < ticks; i++) {
      JsonNode v = prices.get(i);
      if (!v.isNumber() || v.asDouble() < 0) {
        throw new TraceFormatException(file, "prices[" + i + "] must be a price >= 0, got " + v);
      }
      out[i] = v.asDouble();
    }
    return out;
  }

  private static String size(JsonNode node) {
    return node.isArray() ? node.size() + " entries" : node.getNodeType().toString().toLowerCase();
  }

  private static OptionalDouble price(Path file, JsonNode price, String field) {
    JsonNode v = price.path(field);
    if (v.isMissingNode() || v.isNull()) {
      return OptionalDouble.empty();
    }
    if (!v.isNumber() || v.asDouble() < 0) {
      throw new TraceFormatException(
          file, "metadata.price." + field + " must be a price >= 0, got " + v);
    }
    return OptionalDouble.of(v.asDouble());
  }
}
