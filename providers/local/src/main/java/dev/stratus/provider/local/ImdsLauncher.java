package dev.stratus.provider.local;

import dev.stratus.api.spi.GpuAdmission;
import dev.stratus.provider.local.imds.LocalImdsMain;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Starts a node's metadata endpoint: one JVM running {@link #MAIN} (this provider's model of the
 * cloud's metadata service, with spot-handler's real watcher) in the node's network namespace,
 * serving EC2's IMDSv2 format on the node's address and, when {@code noticeUrl} is set, running the
 * AWS notice watcher against it, signing as the node with the key its agent installed (only the key
 * file's path is in argv). Started with {@code perl -e SIGRESET nsenter --net=/run/netns/NS -- java
 * ...} (never {@code ip netns exec}, docs/slurm-facts.md, "One namespace set per node"): an empty
 * signal mask, so the node's SIGKILL/SIGTERM reach it, stdin /dev/null, output to {@code imds.log}
 * in the node's directory, and an environment of PATH alone. It is not waited for: it lives as long
 * as the namespace's processes, and {@link NodeReaper} ends it with them.
 */
final class ImdsLauncher {
  static final String MAIN = LocalImdsMain.class.getName();

  /** Empty signal mask, then exec (same wrapper as the node-bootstrap agent's). */
  static final String SIGRESET =
      "use POSIX ();"
          + " POSIX::sigprocmask(POSIX::SIG_SETMASK(), POSIX::SigSet->new()) or die \"sigprocmask: $!\";"
          + " exec { $ARGV[0] } @ARGV or die \"exec $ARGV[0]: $!\";";

  private static final List<String> JVM_OPTIONS =
      List.of(
          "-XX:+UseSerialGC",
          "-XX:TieredStopAtLevel=1",
          "-XX:-UsePerfData",
          "-Xmx32m",
          "-Xss512k",
          "-XX:CICompilerCount=1");

  private final int port;
  private final Optional<URI> noticeUrl;
  private final Optional<Path> caFile;
  private final String classPath;

  ImdsLauncher(int port, Optional<URI> noticeUrl, Optional<Path> caFile, String classPath) {
    this.port = port;
    this.noticeUrl = noticeUrl;
    this.caFile = caFile;
    this.classPath = classPath;
  }

  /** The class path of this JVM, when it holds {@link #MAIN}; empty otherwise. */
  static Optional<String> classPathWithMain() {
    String resource = MAIN.replace('.', '/') + ".class";
    if (ImdsLauncher.class.getClassLoader().getResource(resource) == null) {
      return Optional.empty();
    }
    return Optional.of(System.getProperty("java.class.path"));
  }

  /**
   * The node's GPU health watcher, run in the same JVM beside the notice watcher when the node's
   * pool checks GPU health: its fake nvidia-smi, its kernel log, the poll interval and GPU count.
   */
  record Health(Path nvidiaSmi, Path kernelLog, Duration interval, int gpus) {
    static Optional<Health> of(GpuAdmission admission, Path tools, Path kernelLog, int gpus) {
      return admission.level() == 0
          ? Optional.empty()
          : Optional.of(
              new Health(tools.resolve("nvidia-smi"), kernelLog, admission.watchInterval(), gpus));
    }
  }

  /** The endpoint's base URL for a node. */
  URI base(InstanceRecord node) {
    return URI.create("http://" + node.address() + ":" + port);
  }

  /** {@code keyFile}: the node's signing key, when its agent installed one. */
  List<String> argv(InstanceRecord node, Optional<Path> keyFile) {
    return argv(node, keyFile, Optional.empty());
  }

  /** {@code health}: the GPU health watcher's settings, when the pool checks GPU health. */
  List<String> argv(InstanceRecord node, Optional<Path> keyFile, Optional<Health> health) {
    List<String> cmd = new ArrayList<>();
    cmd.addAll(List.of(Shell.tool("perl"), "-e", SIGRESET));
    cmd.addAll(List.of(Shell.tool("nsenter"), "--net=/run/netns/" + node.netns(), "--"));
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(JVM_OPTIONS);
    cmd.addAll(List.of("-cp", classPath, MAIN));
    cmd.addAll(List.of("--listen", node.address() + ":" + port, "--instance", node.id()));
    if (keyFile.isPresent()) {
      cmd.addAll(List.of("--node", node.nodeName(), "--key-file", keyFile.get().toString()));
      noticeUrl.ifPresent(u -> cmd.addAll(List.of("--sink", u.toString())));
      caFile.ifPresent(f -> cmd.addAll(List.of("--ca-file", f.toString())));
      if (noticeUrl.isPresent() && health.isPresent()) {
        Health h = health.get();
        cmd.addAll(
            List.of(
                "--nvidia-smi",
                h.nvidiaSmi().toString(),
                "--kernel-log",
                h.kernelLog().toString(),
                "--health-interval-ms",
                Long.toString(h.interval().toMillis()),
                "--gpus",
                Integer.toString(h.gpus())));
      }
    }
    return cmd;
  }

  /**
   * Starts the endpoint for a booted node; returns at once. Without the node's key it serves
   * metadata only: no watcher (its notices could not be signed) and no admin path.
   */
  void start(InstanceRecord node, Path nodeDir, Path keyFile, Optional<Health> health)
      throws IOException {
    Files.createDirectories(nodeDir);
    ProcessBuilder pb =
        new ProcessBuilder(
            argv(node, Files.exists(keyFile) ? Optional.of(keyFile) : Optional.empty(), health));
    pb.environment().clear();
    pb.environment().put("PATH", Shell.SYSTEM_PATH);
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(nodeDir.resolve("imds.log").toFile()));
    pb.redirectErrorStream(true);
    pb.start();
  }
}
