package dev.stratus.simulator.trace;

import java.nio.file.Path;

/** A trace file that cannot be used; the message names the file and what is wrong with it. */
public final class TraceFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public TraceFormatException(Path file, String problem) {
    super(file + ": " + problem);
  }

  public TraceFormatException(Path file, String problem, Throwable cause) {
    super(file + ": " + problem, cause);
  }
}
