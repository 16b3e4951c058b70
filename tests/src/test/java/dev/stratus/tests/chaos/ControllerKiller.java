package dev.stratus.tests.chaos;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.tests.support.ControllerProcess;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * The controller process of a kill -9 experiment: SIGKILLs it by its PID and starts a new one on
 * the same config and log. What the kill cut is read from the world the dead controller left (the
 * provider's instances and Slurm's nodes just after the kill, when nothing else changes them): a
 * launch cut when an instance was still PENDING or STOPPED (its agent booting, or never started), a
 * termination cut when an instance outlived the power-down of its node; a requeue cut when the test
 * sees its signalled job not requeued yet. Counted per aimed point, with how many kills the world
 * confirmed.
 */
final class ControllerKiller implements AutoCloseable {
  static final String STARTED = "controller for cluster ";

  /** Where a kill was aimed. */
  enum Point {
    LAUNCH,
    TERMINATE,
    REQUEUE;

    /** Its key in reliability.json: {@code midLaunch}, {@code midTerminate}, {@code midRequeue}. */
    String key() {
      return "mid" + name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
    }
  }

  private final Path config;
  private final Path log;
  private final NodeProvider provider;
  private final CliSlurmClient slurm;
  private final String cluster;
  private final Map<Point, Integer> aimed = new EnumMap<>(Point.class);
  private final Map<Point, Integer> confirmed = new EnumMap<>(Point.class);
  private ControllerProcess process;
  private int starts;

  ControllerKiller(
      Path config, Path log, NodeProvider provider, CliSlurmClient slurm, String cluster) {
    this.config = config;
    this.log = log;
    this.provider = provider;
    this.slurm = slurm;
    this.cluster = cluster;
  }

  /** Starts a controller and waits until it says it started (its bridge exists then). */
  void start() throws IOException {
    process = ControllerProcess.start(config, log);
    starts++;
    await("controller start #" + starts)
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> startedLines() >= starts);
  }

  /** kill -9 by PID, a look at what it left, and a new controller. */
  void killAt(Point point) throws Exception {
    killAt(point, () -> cut(point));
  }

  /**
   * The same, with the test's own look at what the kill cut ({@code cutConfirmed}, asked just after
   * the kill: e.g. a signalled job not requeued yet).
   */
  void killAt(Point point, BooleanSupplier cutConfirmed) throws Exception {
    process.kill();
    aimed.merge(point, 1, Integer::sum);
    if (cutConfirmed.getAsBoolean()) {
      confirmed.merge(point, 1, Integer::sum);
    }
    start();
  }

  private boolean cut(Point point) {
    List<Instance> left = provider.list(cluster);
    return switch (point) {
      // booting (its agent outlives the controller), or claimed and never booted (then STOPPED)
      case LAUNCH ->
          left.stream()
              .anyMatch(
                  i -> i.state() == InstanceState.PENDING || i.state() == InstanceState.STOPPED);
      case TERMINATE -> {
        Set<String> released =
            slurm.nodes().stream()
                .filter(n -> !n.wantsInstance())
                .map(SlurmNode::name)
                .collect(Collectors.toSet());
        yield left.stream().anyMatch(i -> i.nodeName().map(released::contains).orElse(false));
      }
      case REQUEUE -> throw new IllegalArgumentException("a mid-requeue kill names its job");
    };
  }

  /** The log's length now: where {@link #loggedSince} starts reading. */
  long logSize() throws IOException {
    return Files.size(log);
  }

  /** Whether the log has a line containing {@code text} past byte {@code offset}. */
  boolean loggedSince(long offset, String text) throws IOException {
    try (SeekableByteChannel ch = Files.newByteChannel(log)) {
      ch.position(offset);
      String tail = new String(Channels.newInputStream(ch).readAllBytes(), UTF_8);
      return tail.contains(text);
    }
  }

  /** How many log lines past byte {@code offset} contain {@code text}. */
  long countSince(long offset, String text) throws IOException {
    try (SeekableByteChannel ch = Files.newByteChannel(log)) {
      ch.position(offset);
      String tail = new String(Channels.newInputStream(ch).readAllBytes(), UTF_8);
      return tail.lines().filter(l -> l.contains(text)).count();
    }
  }

  private long startedLines() throws IOException {
    try (var lines = Files.lines(log)) {
      return lines.filter(l -> l.contains(STARTED)).count();
    }
  }

  String cluster() {
    return cluster;
  }

  int kills() {
    return aimed.values().stream().mapToInt(Integer::intValue).sum();
  }

  int aimed(Point p) {
    return aimed.getOrDefault(p, 0);
  }

  int confirmed(Point p) {
    return confirmed.getOrDefault(p, 0);
  }

  @Override
  public void close() {
    if (process != null) {
      process.close();
    }
  }
}
