package dev.stratus.bootstrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.function.Consumer;

/**
 * Appends status lines to the status file, each forced to disk before the next step starts, so the
 * provider sees how far the agent got even if the agent is killed; then hands the line to {@code
 * upload} (the controller's bootstrap endpoint, when the settings name one).
 */
final class StatusReporter {
  private final Path file;
  private final Clock clock;
  private final Consumer<StatusLine> upload;

  StatusReporter(Path file, Clock clock, Consumer<StatusLine> upload) {
    this.file = file;
    this.clock = clock;
    this.upload = upload;
  }

  void ok(String step) {
    append(StatusLine.ok(step, clock.instant()));
  }

  /** A step that worked, with what it read ({@code gpu-health}). */
  void ok(String step, String message) {
    append(StatusLine.ok(step, clock.instant(), message));
  }

  void failed(String step, String message) {
    append(StatusLine.failed(step, clock.instant(), message));
  }

  private void append(StatusLine line) {
    byte[] bytes = (line.toJson() + "\n").getBytes(StandardCharsets.UTF_8);
    try (FileChannel ch =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
      ch.write(ByteBuffer.wrap(bytes));
      ch.force(false);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to status file " + file, e);
    }
    upload.accept(line);
  }
}
