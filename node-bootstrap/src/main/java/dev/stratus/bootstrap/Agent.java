package dev.stratus.bootstrap;

import dev.stratus.bootstrap.gpu.GpuVerifier;
import dev.stratus.bootstrap.health.GpuAdmission;
import dev.stratus.bootstrap.secret.MungeKeySource;
import dev.stratus.bootstrap.secret.NodeKeySource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bootstrap steps, in order: hostname, node-key (when the settings name one), munge-socket,
 * munge-key, munged, controller-auth, gpus, gpu-health (when the pool's {@code gpuHealth} level is
 * 1 or 2), slurmd. Each step appends one status line; the first failure stops the agent, so slurmd
 * is never started on a node whose munge key slurmctld refuses, whose GPUs are not what Slurm was
 * told or fail their health checks, or that has no key to sign its notices with. The node key comes
 * early so every later step's report to the controller can be signed.
 */
final class Agent {
  /** The PATH every started program gets; slurmctld gives hooks none, so nothing relies on ours. */
  static final String SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(20);
  private static final Duration POLL = Duration.ofMillis(50);

  /**
   * Absolute paths of the system tools the agent runs, and {@code runDir} ({@code /run}), which
   * holds libmunge's default socket directory and slurmd's configless link ({@link Configless}).
   */
  record Tools(String hostname, String mount, String setpriv, Path runDir) {
    Tools(String hostname, String mount, String setpriv) {
      this(hostname, mount, setpriv, Path.of("/run"));
    }

    Tools(String hostname, String mount) {
      this(hostname, mount, "/usr/bin/setpriv");
    }
  }

  /** Waits between polls; a seam so tests never sleep. */
  interface Pause {
    void pause(Duration d) throws InterruptedException;
  }

  private final AgentSettings settings;
  private final Tools tools;
  private final CommandRunner runner;
  private final MungeKeySource keys;
  private final GpuVerifier gpus;
  private final Namespaces namespaces;
  private final StatusReporter status;
  private final MungeOwner mungeOwner;
  private final Optional<StatusUploader> uploader;
  private final Optional<NodeKeySource> nodeKey;
  private final Clock clock;
  private final Pause pause;

  Agent(
      AgentSettings settings,
      Tools tools,
      CommandRunner runner,
      MungeKeySource keys,
      GpuVerifier gpus,
      Namespaces namespaces,
      Clock clock,
      Pause pause) {
    this(settings, tools, runner, keys, Optional.empty(), gpus, namespaces, clock, pause);
  }

  /** {@code nodeKey}: where the node's signing key comes from, when the settings name one. */
  Agent(
      AgentSettings settings,
      Tools tools,
      CommandRunner runner,
      MungeKeySource keys,
      Optional<NodeKeySource> nodeKey,
      GpuVerifier gpus,
      Namespaces namespaces,
      Clock clock,
      Pause pause) {
    this.settings = settings;
    this.nodeKey = nodeKey;
    this.tools = tools;
    this.runner = runner;
    this.keys = keys;
    this.gpus = gpus;
    this.namespaces = namespaces;
    this.clock = clock;
    this.pause = pause;
    this.mungeOwner = new MungeOwner(settings.mungeUser(), tools.setpriv());
    this.uploader = settings.reportUrl().flatMap(u -> NodeKeyStep.uploader(settings, u));
    this.status =
        new StatusReporter(
            settings.statusFile(), clock, line -> uploader.ifPresent(u -> u.send(line)));
  }

  interface Step {
    void run() throws StepFailedException, IOException, InterruptedException;
  }

  /** A step that says what it read when it works (its status line's message). */
  interface ReadingStep {
    String run() throws StepFailedException, IOException, InterruptedException;
  }

  /**
   * Runs every step; true when all succeeded (slurmd started). Reports still being uploaded get a
   * few seconds more at the end: a slow controller never holds up the node's boot.
   */
  boolean run() {
    try {
      return steps();
    } finally {
      uploader.ifPresent(StatusUploader::finish);
    }
  }

  private boolean steps() {
    return step("hostname", this::hostname)
        && (nodeKey.isEmpty() || step("node-key", this::nodeKey))
        && step("munge-socket", this::mungeSocket)
        && step("munge-key", this::mungeKey)
        && step("munged", this::munged)
        && (!settings.checkController()
            || step("controller-auth", new ControllerAuth(settings, runner, clock, pause)::check))
        && step("gpus", this::gpus)
        && (settings.gpuHealth().level() == 0 || step("gpu-health", this::gpuHealth))
        && step("slurmd", this::slurmd);
  }

  private boolean step(String name, Step step) {
    return step(
        name,
        () -> {
          step.run();
          return "";
        });
  }

  private boolean step(String name, ReadingStep step) {
    try {
      String read = step.run();
      if (read.isEmpty()) {
        status.ok(name);
      } else {
        status.ok(name, read);
      }
      return true;
    } catch (StepFailedException e) {
      status.failed(name, e.getMessage());
    } catch (IOException e) {
      status.failed(name, e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      status.failed(name, "interrupted");
    }
    return false;
  }

  private void hostname() throws StepFailedException {
    if (settings.privateNamespaces() && !namespaces.privateUts()) {
      throw new StepFailedException(
          "refusing to set the hostname: not in a UTS namespace of its own (start the agent with"
              + " unshare --uts)");
    }
    expectZero(command(List.of(tools.hostname(), settings.nodeName()), log("agent-commands.log")));
  }

  private void nodeKey() throws StepFailedException, IOException {
    NodeKeyStep.run(nodeKey.orElseThrow(), settings, uploader, clock);
  }

  private void mungeSocket() throws StepFailedException, IOException {
    if (settings.privateNamespaces() && !namespaces.privateMount()) {
      throw new StepFailedException(
          "refusing to bind-mount: not in a mount namespace of its own (start the agent with"
              + " unshare --mount --propagation private)");
    }
    Path own = settings.nodeSocketDir();
    // munged requires the socket directory to be searchable by all. The shared (host) directory
    // is only created when missing; an existing one is left as it is.
    Files.createDirectories(own);
    Files.setPosixFilePermissions(own, PosixFilePermissions.fromString("rwxr-xr-x"));
    mungeOwner.own(own);
    if (settings.configless() && settings.privateNamespaces()) {
      Files.createDirectories(Configless.runSlurm(settings));
      Files.deleteIfExists(Configless.runSlurm(settings).resolve("conf")); // a stale cache link
    }
    for (Configless.BindMount m : Configless.mounts(settings, tools.runDir())) {
      if (!Files.isDirectory(m.target())) {
        Files.createDirectories(m.target());
        Files.setPosixFilePermissions(m.target(), PosixFilePermissions.fromString("rwxr-xr-x"));
      }
      expectZero(
          command(
              List.of(tools.mount(), "--bind", m.source().toString(), m.target().toString()),
              log("agent-commands.log")));
    }
    Optional<Path> link = Configless.socketLink(settings);
    if (link.isPresent()) {
      Files.deleteIfExists(link.get());
      Files.createSymbolicLink(link.get(), settings.mungeSocket().getFileName());
    }
  }

  private void mungeKey() throws StepFailedException, IOException {
    MungeKeyInstaller.install(keys, settings.keyFile());
    mungeOwner.own(settings.keyFile().getParent(), settings.keyFile());
  }

  private void munged() throws StepFailedException, InterruptedException, IOException {
    Path dir = mungeOwner.stateDir(settings.nodeDir());
    List<String> argv = new ArrayList<>();
    argv.add(settings.sbinDir().resolve("munged").toString());
    argv.add("--key-file=" + settings.keyFile());
    argv.add("--socket=" + settings.mungeSocket());
    argv.add("--pid-file=" + dir.resolve("munged.pid"));
    argv.add("--log-file=" + dir.resolve("munged.log"));
    argv.add("--seed-file=" + dir.resolve("munged.seed"));
    if (!settings.address().isEmpty()) {
      argv.add("--origin=" + settings.address());
    }
    expectZero(command(mungeOwner.command(argv), log("munged.out")));
    Command probe =
        command(
            List.of(
                settings.binDir().resolve("munge").toString(),
                "-n",
                "-S",
                settings.mungeSocket().toString()),
            null);
    Instant deadline = clock.instant().plus(settings.mungeTimeout());
    while (runner.run(probe) != 0) {
      if (!clock.instant().isBefore(deadline)) {
        throw new StepFailedException(
            "munged did not answer on "
                + settings.mungeSocket()
                + " within "
                + settings.mungeTimeout().toMillis()
                + " ms; see "
                + dir.resolve("munged.log"));
      }
      pause.pause(POLL);
    }
  }

  private void gpus() throws StepFailedException {
    var problem = gpus.verify(settings.gpuCount());
    if (problem.isPresent()) {
      throw new StepFailedException(problem.get() + "; slurmd not started");
    }
  }

  /**
   * The pool's GPU health checks; what each read goes to the status line (and the agent's output,
   * since the controller's bootstrap report carries no message for a step that worked).
   */
  private String gpuHealth() throws StepFailedException, InterruptedException {
    GpuAdmission.Outcome o = GpuAdmission.run(settings.gpuHealth(), settings.gpuCount());
    System.out.println(o.message());
    if (!o.ok()) {
      throw new StepFailedException(o.message());
    }
    return o.message();
  }

  private void slurmd() throws StepFailedException, IOException {
    for (Path d : SlurmdDirectories.of(settings, runner)) {
      Files.createDirectories(d);
    }
    // slurmd daemonizes; -b makes it report "rebooted now" so slurmctld does not wait for a boot.
    List<String> argv = new ArrayList<>(List.of(settings.sbinDir().resolve("slurmd").toString()));
    argv.addAll(Configless.slurmdArgs(settings));
    Command slurmd =
        new Command(
            argv,
            settings.configless() ? Map.of("PATH", SYSTEM_PATH) : settings.slurmEnv(),
            log("slurmd.out"),
            COMMAND_TIMEOUT);
    expectZero(slurmd);
  }

  private Command command(List<String> argv, Path log) {
    return new Command(argv, Map.of("PATH", SYSTEM_PATH), log, COMMAND_TIMEOUT);
  }

  private Path log(String name) {
    return settings.nodeDir().resolve(name);
  }

  private void expectZero(Command command) throws StepFailedException {
    int rc;
    try {
      rc = runner.run(command);
    } catch (StepFailedException e) {
      throw command.log() == null ? e : Configless.explain(e, command.log());
    }
    if (rc != 0) {
      throw new StepFailedException(
          command.program()
              + " exited with "
              + rc
              + (command.log() == null ? "" : "; see " + command.log())
              + LogTail.of(command.log()));
    }
  }
}
