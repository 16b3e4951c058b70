package dev.stratus.tests.support;

import dev.stratus.cli.StratusCli;
import dev.stratus.sandbox.process.Processes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code stratus controller --config FILE} in a JVM of its own (this JVM's java and class path),
 * its output in {@code log}: a controller that can be killed like a real one.
 */
public final class ControllerProcess implements AutoCloseable {
  private final Process process;
  private final Path log;

  private ControllerProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  public static ControllerProcess start(Path config, Path log) throws IOException {
    String java = ProcessHandle.current().info().command().orElse("java");
    ProcessBuilder pb =
        new ProcessBuilder(
                List.of(
                    java,
                    "-Xmx512m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    StratusCli.class.getName(),
                    "controller",
                    "--config",
                    config.toString()))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.environment().clear();
    pb.environment().put("PATH", Processes.PATH);
    return new ControllerProcess(pb.start(), log);
  }

  public long pid() {
    return process.pid();
  }

  public Path log() {
    return log;
  }

  public boolean alive() {
    return process.isAlive();
  }

  /** kill -9: no shutdown hook runs, nothing is released. */
  public void kill() throws InterruptedException {
    process.destroyForcibly().waitFor();
  }

  /** SIGTERM (the controller closes and frees its lease), then SIGKILL after 30 s. */
  @Override
  public void close() {
    Processes.stop(process.pid(), Duration.ofSeconds(30));
  }
}
