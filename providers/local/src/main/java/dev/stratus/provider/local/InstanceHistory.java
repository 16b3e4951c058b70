package dev.stratus.provider.local;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The local cloud's own account of its instances, as a cloud's audit trail is: {@code
 * <stateDir>/history.jsonl}, one JSON object per line, appended when an instance is created ({@code
 * {"event":"launched","id":..,"cluster":..,"offering":"local/local/rack-a/t/spot","at":..}}, {@code
 * at} being its launch time) and when it is gone ({@code {"event":"ended","id":..,
 * "cluster":..,"at":..}}, once its namespace is deleted). Kept apart from the controller's ledger,
 * so what the instances ran can be checked against what the ledger billed.
 */
final class InstanceHistory {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path file;
  private final Clock clock;

  InstanceHistory(Path stateDir, Clock clock) {
    this.file = stateDir.resolve("history.jsonl");
    this.clock = clock;
  }

  void launched(InstanceRecord r) {
    append("launched", r, r.launchedAt(), Map.of("offering", r.offering().toString()));
  }

  void ended(InstanceRecord r) {
    append("ended", r, clock.instant().toString(), Map.of());
  }

  private synchronized void append(
      String event, InstanceRecord r, String at, Map<String, String> extra) {
    Map<String, String> line = new LinkedHashMap<>();
    line.put("event", event);
    line.put("id", r.id());
    line.put("cluster", r.cluster());
    line.putAll(extra);
    line.put("at", at);
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(
          file,
          JSON.writeValueAsString(line) + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a history line", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + file, e);
    }
  }
}
