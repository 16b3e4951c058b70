package dev.stratus.packaging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A systemd unit file read as systemd reads its keys: {@code [Section]} headers, {@code Key=value}
 * lines, comments and blank lines skipped; a key given twice keeps both values in order.
 */
record Unit(String name, Map<String, List<String>> service, Map<String, List<String>> unit) {
  static Unit read(Path file) throws IOException {
    Map<String, Map<String, List<String>>> sections = new LinkedHashMap<>();
    Map<String, List<String>> current = null;
    for (String raw : Files.readAllLines(file)) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
        continue;
      }
      if (line.startsWith("[") && line.endsWith("]")) {
        current =
            sections.computeIfAbsent(
                line.substring(1, line.length() - 1), s -> new LinkedHashMap<>());
        continue;
      }
      int eq = line.indexOf('=');
      if (current == null || eq < 0) {
        throw new IllegalArgumentException(file + ": not a unit line: " + raw);
      }
      current
          .computeIfAbsent(line.substring(0, eq), k -> new ArrayList<>())
          .add(line.substring(eq + 1));
    }
    return new Unit(
        file.getFileName().toString(),
        sections.getOrDefault("Service", Map.of()),
        sections.getOrDefault("Unit", Map.of()));
  }

  /** The last value of a [Service] key (systemd's rule for single-valued keys), or "". */
  String get(String key) {
    List<String> values = service.getOrDefault(key, List.of());
    return values.isEmpty() ? "" : values.get(values.size() - 1);
  }
}
