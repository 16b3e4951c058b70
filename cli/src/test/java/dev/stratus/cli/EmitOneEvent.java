package dev.stratus.cli;

import dev.stratus.core.metrics.EventLog;

/** Run in a JVM of its own by {@link JsonEventLogTest}: one event through the CLI's logback.xml. */
public final class EmitOneEvent {
  private EmitOneEvent() {}

  public static void main(String[] args) {
    EventLog.emit("requeue", "job", 42L, "instance", "i-0 \"abc\"", "gpus", 8);
  }
}
