package dev.stratus.tests.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SinfoJson;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.daemon.ControllerRuntime;
import dev.stratus.daemon.ProviderRegistry;
import dev.stratus.sandbox.embedded.AccountingSpec;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.embedded.EmbeddedSpec;
import dev.stratus.sandbox.embedded.NodeHardware;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.sandbox.slurm.SlurmInstall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An end-to-end test's world: an embedded cluster on real Slurm ({@link #slurmUnderTest}; random
 * names, ports and subnet, so runs do not collide), the controller running in this JVM, and the
 * Slurm commands the scenarios use. Closing it stops the controller, terminates every instance
 * still listed, stops slurmctld and munged, and asserts that no namespace of the cluster is left.
 */
public final class E2eCluster implements AutoCloseable {
  public static final Duration COMMAND_WAIT = CheckpointJobs.COMMAND_WAIT;

  public final EmbeddedCluster cluster;
  public final CliSlurmClient slurm;
  private ControllerRuntime runtime;
  private final CheckpointJobs commands;

  private E2eCluster(EmbeddedCluster cluster, ControllerRuntime runtime) throws Exception {
    this.cluster = cluster;
    this.runtime = runtime;
    this.slurm =
        new CliSlurmClient(cluster.config().slurm().binDir(), cluster.config().slurm().slurmConf());
    this.commands = new CheckpointJobs(cluster);
  }

  public static E2eCluster start(String prefix, int nodes) throws Exception {
    return start(prefix, nodes, EmbeddedCluster::config, c -> {});
  }

  /**
   * A cluster whose pool declares {@code declared} per node (its slurm.conf NodeName line); the
   * nodes still have what this machine has.
   */
  public static E2eCluster start(String prefix, int nodes, NodeHardware declared) throws Exception {
    return start(
        slurmUnderTest(), prefix, nodes, Optional.of(declared), EmbeddedCluster::config, c -> {});
  }

  /**
   * {@code config}: the controller's config, made from the prepared cluster (e.g. with a {@code
   * vault:} block); {@code beforeSlurm}: runs once the controller (and so the bridge) is up, before
   * slurmctld starts.
   */
  public static E2eCluster start(
      String prefix,
      int nodes,
      Function<EmbeddedCluster, StratusConfig> config,
      Consumer<EmbeddedCluster> beforeSlurm)
      throws Exception {
    return start(slurmUnderTest(), prefix, nodes, Optional.empty(), config, beforeSlurm);
  }

  /**
   * As {@link #start(String, int, Function, Consumer)}, on {@code install} whatever the suite's.
   */
  public static E2eCluster startOn(
      SlurmInstall install, String prefix, int nodes, Consumer<EmbeddedCluster> beforeSlurm)
      throws Exception {
    return start(install, prefix, nodes, Optional.empty(), EmbeddedCluster::config, beforeSlurm);
  }

  /**
   * A cluster with Slurm accounting (MariaDB and slurmdbd, the {@link AccountingSpec#TEAMS}
   * accounts, root a user of each) whose controller runs with {@code config}.
   */
  public static E2eCluster startWithAccounting(
      String prefix, int nodes, Function<EmbeddedCluster, StratusConfig> config) throws Exception {
    return start(
        slurmUnderTest(),
        prefix,
        nodes,
        Optional.empty(),
        Optional.of(AccountingSpec.onFreePorts(AccountingSpec.TEAMS)),
        config,
        c -> {});
  }

  private static E2eCluster start(
      SlurmInstall install,
      String prefix,
      int nodes,
      Optional<NodeHardware> declared,
      Function<EmbeddedCluster, StratusConfig> config,
      Consumer<EmbeddedCluster> beforeSlurm)
      throws Exception {
    return start(install, prefix, nodes, declared, Optional.empty(), config, beforeSlurm);
  }

  private static E2eCluster start(
      SlurmInstall install,
      String prefix,
      int nodes,
      Optional<NodeHardware> declared,
      Optional<AccountingSpec> accounting,
      Function<EmbeddedCluster, StratusConfig> config,
      Consumer<EmbeddedCluster> beforeSlurm)
      throws Exception {
    SecureRandom random = new SecureRandom();
    Path root = Files.createTempDirectory("stratus-" + prefix + "-e2e-");
    String name = prefix + Integer.toHexString(random.nextInt(0x10000));
    EmbeddedSpec spec =
        declared.isPresent()
            ? EmbeddedSpec.random(root, name, nodes, random, declared.get())
            : EmbeddedSpec.random(root, name, nodes, random);
    EmbeddedCluster cluster = EmbeddedCluster.prepare(spec, install, accounting);
    ControllerRuntime runtime = ControllerRuntime.start(config.apply(cluster), Clock.systemUTC());
    try {
      beforeSlurm.accept(cluster);
      cluster.start();
    } catch (Exception | AssertionError e) {
      runtime.close(); // a half-started cluster leaves no daemon behind (MariaDB is our child)
      cluster.close();
      throw e;
    }
    return new E2eCluster(cluster, runtime);
  }

  /** {@code -Dstratus.slurm=24.11}: the Slurm release the suite runs on (default 22.05). */
  public static final String SLURM_PROPERTY = "stratus.slurm";

  /** The release {@value #SLURM_PROPERTY} names, as given ({@code 22.05} when unset). */
  public static String slurmRelease() {
    return System.getProperty(SLURM_PROPERTY, SlurmVersion.DEFAULT.toString());
  }

  /** The Slurm the suite runs on (the 24.11 root is prepared the first time). */
  public static SlurmInstall slurmUnderTest() throws IOException {
    return SlurmInstall.choose(slurmRelease(), System.err);
  }

  /** The controller running now. */
  public ControllerRuntime runtime() {
    return runtime;
  }

  /**
   * Stops the controller and starts a new one with {@code config} (what an operator does after
   * editing stratus.yaml); nodes, instances and Slurm keep running.
   */
  public void restartController(StratusConfig config) {
    runtime.close();
    runtime = ControllerRuntime.start(config, Clock.systemUTC());
  }

  public NodeProvider local() {
    return runtime.providers().get("local");
  }

  /** Runs a Slurm command against the cluster; its stdout; a non-zero exit fails the test. */
  public String run(String... argv) {
    return commands.run(List.of(argv));
  }

  /** {@code sbatch --parsable -p gpu --output=jobs/%j.out ARGS}; the job id. */
  public String sbatch(String... args) {
    return submit(List.of(), args);
  }

  private String submit(List<String> before, String... args) {
    List<String> argv = new ArrayList<>(before);
    argv.addAll(
        List.of(
            "sbatch",
            "--parsable",
            "-p",
            "gpu",
            "--output=" + cluster.root().resolve("jobs/%j.out")));
    argv.addAll(List.of(args));
    return run(argv.toArray(String[]::new)).strip();
  }

  /** The job's state in squeue (finished jobs stay listed for MinJobAge); UNKNOWN if absent. */
  public String jobState(String jobId) {
    return slurm.jobs().stream()
        .filter(j -> Long.toString(j.jobId()).equals(jobId))
        .map(SlurmJob::state)
        .findFirst()
        .orElse("UNKNOWN");
  }

  /**
   * A local user of this machine for jobs that must not run as root ({@code useradd} when missing;
   * kept afterwards, as other runs may use it at the same time).
   */
  public static String localUser(String name) {
    if (Processes.run(List.of("id", "-u", name), Map.of(), null, Duration.ofSeconds(10)) != 0) {
      Processes.run(
          List.of("useradd", "--no-create-home", "--shell", "/bin/sh", name),
          Map.of(),
          null,
          Duration.ofSeconds(30));
    }
    Processes.Result id =
        Processes.output(List.of("id", "-u", name), Map.of(), null, Duration.ofSeconds(10));
    assertThat(id.exitCode()).as("user " + name + " exists").isZero();
    return name;
  }

  /**
   * {@code sbatch --parsable -p gpu --chdir=/tmp --output=jobs/%j.out ARGS} as {@code user}; the
   * job id.
   */
  public String sbatchAs(String user, String... args) {
    List<String> argv = new ArrayList<>(List.of("--chdir=/tmp"));
    argv.addAll(List.of(args));
    return submit(List.of("runuser", "-u", user, "--"), argv.toArray(String[]::new));
  }

  /** A job's output file (jobs/<id>.out), or "" while there is none. */
  public String output(String jobId) throws IOException {
    Path out = cluster.root().resolve("jobs/" + jobId + ".out");
    return Files.exists(out) ? Files.readString(out) : "";
  }

  /** The job as squeue shows it. */
  public Optional<SlurmJob> job(String jobId) {
    return slurm.jobs().stream().filter(j -> Long.toString(j.jobId()).equals(jobId)).findFirst();
  }

  /**
   * The nodes as Slurm's JSON form says them ({@code sinfo --json} on 22.05, {@code scontrol --json
   * show nodes} from 23.02), to hold the controller's read of {@code scontrol -o show node} to.
   */
  public List<SlurmNode> nodesAsJson() {
    String sinfo = run("sinfo", "--json");
    return SinfoJson.parse(
        SinfoJson.listsNodeGroups(sinfo) ? run("scontrol", "--json", "show", "nodes") : sinfo);
  }

  public List<SlurmNode> nodes() {
    return slurm.nodes();
  }

  /** The network namespaces of this cluster's nodes that exist now. */
  public List<String> namespaces() {
    Processes.Result r =
        Processes.output(
            List.of("ip", "netns", "list"),
            Map.of(),
            cluster.root().resolve("log/e2e-commands.log"),
            Duration.ofSeconds(10));
    String prefix = "st-" + cluster.config().cluster() + "-";
    return r.stdout().lines().filter(l -> l.startsWith(prefix)).toList();
  }

  /**
   * The local nodes' metadata endpoints (and their watchers) still serving an address of this
   * cluster's subnet, by PID: each node's goes with its instance.
   */
  public List<Long> metadataProcesses() {
    String subnet = cluster.spec().subnet();
    String listen = "--listen " + subnet.substring(0, subnet.lastIndexOf('.') + 1);
    return ProcessHandle.allProcesses()
        .filter(
            p ->
                p.info()
                    .arguments()
                    .map(a -> String.join(" ", a))
                    .filter(a -> a.contains("LocalImdsMain") && a.contains(listen))
                    .isPresent())
        .map(ProcessHandle::pid)
        .toList();
  }

  /**
   * Every node powered down and not DOWN, no instance and no namespace left (plus {@code also}).
   */
  public void awaitAllSuspended(Duration within, Runnable also) {
    await()
        .atMost(within)
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> {
              assertThat(nodes()).allMatch(n -> n.poweredDown() && !n.down());
              assertThat(local().list(cluster.config().cluster())).isEmpty();
              assertThat(namespaces()).isEmpty();
              also.run();
            });
  }

  public void awaitAllSuspended(Duration within) {
    awaitAllSuspended(within, () -> {});
  }

  @Override
  public void close() {
    runtime.close();
    Map<String, NodeProvider> cleanup =
        ProviderRegistry.create(cluster.config(), Clock.systemUTC());
    for (NodeProvider p : cleanup.values()) {
      p.terminate(p.list(cluster.config().cluster()).stream().map(Instance::id).toList());
      assertThat(p.list(cluster.config().cluster())).isEmpty();
      p.close();
    }
    cluster.close();
    assertThat(namespaces()).isEmpty();
  }
}
