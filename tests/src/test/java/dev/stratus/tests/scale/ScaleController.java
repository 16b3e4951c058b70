package dev.stratus.tests.scale;

import dev.stratus.cli.StratusCli;
import dev.stratus.sandbox.process.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code stratus controller --config FILE} in a JVM of its own, started as the {@code stratus}
 * launcher starts it ({@code -XX:+UseSerialGC}, no {@code -Xmx}), on this JVM's class path (which
 * holds the {@code scale} provider). Its log (with each pass's time, {@code ControllerDaemon} at
 * DEBUG) goes to {@code log/controller.log}; its peak resident memory is read from /proc.
 */
final class ScaleController implements AutoCloseable {
  private static final Pattern PASS = Pattern.compile("pass took (\\d+) us");
  private final Process process;
  final Path log;

  private ScaleController(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  static ScaleController start(Path root, Path config) throws IOException {
    Path log = root.resolve("log/controller.log");
    Path logback = root.resolve("etc/controller-logback.xml");
    Files.writeString(
        logback,
        """
        <configuration>
          <statusListener class="ch.qos.logback.core.status.NopStatusListener"/>
          <appender name="OUT" class="ch.qos.logback.core.FileAppender">
            <file>%s</file>
            <append>true</append>
            <encoder><pattern>%%d{HH:mm:ss.SSS} %%-5level %%logger{0} - %%msg%%n</pattern></encoder>
          </appender>
          <logger name="dev.stratus.daemon.ControllerDaemon" level="DEBUG"/>
          <logger name="org.quartz" level="WARN"/>
          <root level="INFO"><appender-ref ref="OUT"/></root>
        </configuration>
        """
            .formatted(log));
    List<String> argv =
        new ArrayList<>(
            List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-XX:+UseSerialGC",
                "-Dlogback.configurationFile=" + logback));
    if (Boolean.getBoolean("scale.jfr")) { // where the pass's time goes, for docs/measurements.md
      argv.add(
          "-XX:StartFlightRecording:settings=profile,filename="
              + root.resolve("log/controller.jfr"));
    }
    argv.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            StratusCli.class.getName(),
            "controller",
            "--config",
            config.toString()));
    ProcessBuilder pb =
        new ProcessBuilder(argv)
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(root.resolve("log/controller.out").toFile()));
    pb.environment().clear();
    pb.environment().put("PATH", Processes.PATH);
    return new ScaleController(pb.start(), log);
  }

  boolean alive() {
    return process.isAlive();
  }

  /** The passes' times so far, in microseconds, in the order they ran. */
  List<Long> passMicros() throws IOException {
    if (!Files.exists(log)) {
      return List.of();
    }
    return Files.readAllLines(log).stream()
        .map(PASS::matcher)
        .filter(Matcher::find)
        .map(m -> Long.parseLong(m.group(1)))
        .toList();
  }

  /** The controller JVM's peak resident memory (VmHWM) in MiB; empty once it has exited. */
  OptionalLong peakRssMib() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + process.pid() + "/status"))) {
        if (line.startsWith("VmHWM:")) {
          return OptionalLong.of(Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024);
        }
      }
    } catch (IOException e) {
      // gone
    }
    return OptionalLong.empty();
  }

  /** SIGTERM (the controller closes), SIGKILL after 30 s. */
  @Override
  public void close() {
    Processes.stop(process.pid(), Duration.ofSeconds(30));
  }
}
