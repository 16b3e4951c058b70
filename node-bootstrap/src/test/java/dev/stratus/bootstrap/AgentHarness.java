package dev.stratus.bootstrap;

import dev.stratus.bootstrap.secret.FileMungeKeySource;
import dev.stratus.bootstrap.secret.NodeKeySource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

/**
 * The agent with a fake command runner, key file and clock, for the agent's tests: {@link
 * #runAgent} runs every step; {@link #commands} holds what it ran.
 */
abstract class AgentHarness {
  @TempDir Path dir;
  AgentSettings settings;
  Path key;
  final List<Command> commands = new ArrayList<>();
  Function<Command, Integer> exitCodes = c -> 0;
  Optional<String> gpuProblem = Optional.empty();
  boolean privateNamespaces = true;
  Optional<NodeKeySource> nodeKey = Optional.empty();
  static final Instant START = Instant.parse("2026-11-21T12:00:00Z");
  final MutableClock clock = MutableClock.of(START, ZoneOffset.UTC);

  @BeforeEach
  void setUp() throws Exception {
    key = dir.resolve("munge.key");
    Files.write(key, new byte[1024]);
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("r--------"));
    Path nodeDir = Files.createDirectories(dir.resolve("nodes/gpu-001"));
    Files.createDirectories(dir.resolve("etc"));
    Files.writeString(
        dir.resolve("etc/slurm.conf"), "SlurmdLogFile=" + dir + "/slurmd/%n/slurmd.log\n");
    settings =
        new AgentSettings(
            "gpu-001",
            "10.77.0.11",
            dir.resolve("etc/slurm.conf"),
            Path.of("/usr/sbin"),
            Path.of("/usr/bin"),
            key,
            dir.resolve("munge/munge.socket"),
            nodeDir,
            8,
            dir.resolve("dev"),
            nodeDir.resolve("status.jsonl"),
            Duration.ofSeconds(2),
            true);
  }

  /** Thrown by {@link #exitCodes} for a command that runs past its timeout. */
  static final class TimedOut extends RuntimeException {}

  boolean runAgent() {
    CommandRunner runner =
        c -> {
          commands.add(c);
          try {
            return exitCodes.apply(c);
          } catch (TimedOut t) {
            throw new StepFailedException(
                c.program() + " did not exit within " + c.timeout().toMillis() + " ms");
          }
        };
    Namespaces ns =
        new Namespaces() {
          @Override
          public boolean privateUts() {
            return privateNamespaces;
          }

          @Override
          public boolean privateMount() {
            return privateNamespaces;
          }
        };
    return new Agent(
            settings,
            new Agent.Tools("/bin/hostname", "/bin/mount", "/usr/bin/setpriv", dir.resolve("run")),
            runner,
            new FileMungeKeySource(key),
            nodeKey,
            n -> gpuProblem,
            ns,
            clock,
            clock::add)
        .run();
  }

  List<StatusLine> status() throws Exception {
    return Files.readAllLines(settings.statusFile()).stream()
        .map(l -> StatusLine.parse(l).orElseThrow())
        .toList();
  }

  List<String> programs() {
    return commands.stream().map(Command::program).toList();
  }

  /** What sinfo prints, by how the fake runner is told to answer. */
  Function<Command, Integer> sinfoSays(int rc, String output) {
    return c -> {
      if (!c.program().endsWith("/sinfo")) {
        return 0;
      }
      try {
        Files.writeString(c.log(), output + "\n");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return rc;
    };
  }
}
