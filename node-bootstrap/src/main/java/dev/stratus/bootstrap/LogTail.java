package dev.stratus.bootstrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The last lines of a daemon's output, to put the real reason into a failed step's message. */
final class LogTail {
  private static final int LINES = 3;
  private static final int MAX_CHARS = 400;

  private LogTail() {}

  /** {@code ": <last lines joined by ' | '>"}, or "" when there is nothing to show. */
  static String of(Path log) {
    if (log == null || !Files.isRegularFile(log)) {
      return "";
    }
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return format(lines);
    } catch (IOException | UncheckedIOException e) {
      return "";
    }
  }

  static String format(List<String> lines) {
    List<String> nonBlank = lines.stream().filter(l -> !l.isBlank()).toList();
    if (nonBlank.isEmpty()) {
      return "";
    }
    String tail =
        String.join(" | ", nonBlank.subList(Math.max(0, nonBlank.size() - LINES), nonBlank.size()));
    if (tail.length() > MAX_CHARS) {
      tail = "..." + tail.substring(tail.length() - MAX_CHARS);
    }
    return ": " + tail;
  }
}
