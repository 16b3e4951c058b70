package dev.stratus.tests.support;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.stratus.api.model.Instance;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.NodeKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.LoggerFactory;

/**
 * Looks for secrets (the munge key raw and base64, Vault tokens, secret ids, the controller's
 * secret and every key derived from it: {@link #signingKeys}) everywhere they must not be: every
 * file under a cluster's root but its {@code keys/} directories (where the keys and the
 * controller's token file legitimately live, mode 0400), the argv and environment of every process
 * on this machine (the nodes' munged and slurmd, slurmctld, the watchers, job steps), and every
 * line Stratus logged, at DEBUG and up, while the scan was capturing. Secrets are compared as
 * ISO-8859-1 text, so raw key bytes are found in binary files too.
 */
public final class SecretScan implements AutoCloseable {
  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
  private final Logger stratus = (Logger) LoggerFactory.getLogger("dev.stratus");
  private final Level levelBefore = stratus.getLevel();

  /** Starts capturing what Stratus logs in this JVM (the controller runs here in the e2e tests). */
  public SecretScan() {
    logged.start();
    stratus.addAppender(logged);
    stratus.setLevel(Level.DEBUG);
  }

  /**
   * The controller's secret and the keys derived from it, raw (as ISO-8859-1 text, so binary files
   * are searched too) and base64 (how a wrapped or filed key travels): the operator's and, for each
   * instance, its node's key.
   */
  public static List<String> signingKeys(StratusConfig config, List<Instance> instances)
      throws IOException {
    byte[] secret = KeyFiles.read(config.controller().secretFile());
    List<byte[]> keys =
        new ArrayList<>(List.of(secret, NodeKeys.operator(secret, config.cluster())));
    for (Instance i : instances) {
      keys.add(
          NodeKeys.node(
              secret, config.cluster(), i.nodeName().orElseThrow(), i.clientToken().orElseThrow()));
    }
    List<String> out = new ArrayList<>();
    for (byte[] k : keys) {
      out.add(new String(k, StandardCharsets.ISO_8859_1));
      out.add(Base64.getEncoder().encodeToString(k));
    }
    return out;
  }

  /** Fails naming the place of the first secret found; returns the node pids it looked at. */
  public List<Long> assertNoSecretAnywhere(
      Collection<String> secrets, Path clusterRoot, List<String> nodeNamespaces)
      throws IOException {
    assertThat(secrets).isNotEmpty().allMatch(s -> s.length() >= 16);
    for (Path f : files(clusterRoot)) {
      byte[] bytes;
      try {
        bytes = Files.readAllBytes(f);
      } catch (NoSuchFileException gone) {
        continue; // the cluster is live: slurmd replaces its hwloc cache and temporary files
      }
      String text = new String(bytes, StandardCharsets.ISO_8859_1);
      for (String s : secrets) {
        assertThat(text.contains(s)).as("a secret in %s", f).isFalse();
      }
    }
    List<Long> nodePids = new ArrayList<>();
    for (String listed : nodeNamespaces) {
      String ns = listed.split(" ", 2)[0]; // "ip netns list" may add " (id: N)"
      Processes.Result r =
          Processes.output(
              List.of("ip", "netns", "pids", ns),
              Map.of(),
              clusterRoot.resolve("log/e2e-commands.log"),
              Duration.ofSeconds(10));
      assertThat(r.exitCode()).as("ip netns pids %s", ns).isZero();
      r.stdout().lines().map(String::strip).map(Long::parseLong).forEach(nodePids::add);
    }
    ProcessHandle.allProcesses()
        .forEach(
            p -> {
              for (String part : List.of("environ", "cmdline")) {
                String text = proc(p.pid(), part);
                for (String s : secrets) {
                  assertThat(text.contains(s))
                      .as("a secret in /proc/%d/%s (%s)", p.pid(), part, p.info().command())
                      .isFalse();
                }
              }
            });
    for (ILoggingEvent e : List.copyOf(logged.list)) {
      String line = e.getFormattedMessage() + " " + e.getThrowableProxy();
      for (String s : secrets) {
        assertThat(line.contains(s)).as("a secret logged by %s", e.getLoggerName()).isFalse();
      }
    }
    assertThat(logged.list).as("log lines captured").isNotEmpty();
    return nodePids;
  }

  private static List<Path> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> !root.relativize(p).toString().matches("(.*/)?keys/.*"))
          .toList();
    }
  }

  private static String proc(long pid, String part) {
    try {
      return new String(
          Files.readAllBytes(Path.of("/proc", Long.toString(pid), part)),
          StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      return ""; // the process has exited meanwhile
    }
  }

  @Override
  public void close() {
    stratus.detachAppender(logged);
    stratus.setLevel(levelBefore);
    logged.stop();
  }
}
