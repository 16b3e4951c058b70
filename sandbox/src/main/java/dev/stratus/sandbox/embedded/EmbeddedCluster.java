package dev.stratus.sandbox.embedded;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.render.EmbeddedSlurm;
import dev.stratus.hook.LauncherSpec;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.sandbox.slurm.RootWrappers;
import dev.stratus.sandbox.slurm.SlurmInstall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real Slurm control plane on this machine for the demo and the end-to-end tests: a munge key, a
 * munged, a slurmctld with CLOUD nodes rendered from a generated stratus.yaml, and the hook
 * launchers. The nodes themselves come later, from the local provider, when slurmctld resumes them.
 *
 * <pre>
 * root/stratus.yaml   etc/{slurm.conf,stratus-slurm.conf,gres.conf}   bin/ (hook launchers)
 * keys/munge.key (0400)   munge/munge.socket   ctld/ (munged)   spool/   jobs/   log/
 * state/slurm/{ctld,nodes/%n}   state/providers/local/
 * </pre>
 */
public final class EmbeddedCluster implements AutoCloseable {
  private final EmbeddedSpec spec;
  private final StratusConfig config;
  private final EmbeddedSlurm slurm;
  private final Optional<EmbeddedAccounting> accounting;
  private final int slurmdbdPort;

  private EmbeddedCluster(
      EmbeddedSpec spec,
      StratusConfig config,
      EmbeddedSlurm slurm,
      Optional<EmbeddedAccounting> accounting,
      int slurmdbdPort) {
    this.spec = spec;
    this.config = config;
    this.slurm = slurm;
    this.accounting = accounting;
    this.slurmdbdPort = slurmdbdPort;
  }

  /**
   * Renders Slurm's files again from the cluster's stratus.yaml as it is now (a scenario added a
   * pool before the cluster starts) and returns the config it read. Call before {@link #start}.
   */
  public StratusConfig rewriteSlurmFiles() throws IOException {
    LoadedConfig loaded = ConfigLoader.loadAll(configFile());
    EmbeddedFiles.write(spec, loaded, slurmdbdPort);
    return loaded.config();
  }

  /** Writes every file (config, key, slurm.conf, launchers) for this machine's Slurm. */
  public static EmbeddedCluster prepare(EmbeddedSpec spec) throws IOException {
    return prepare(spec, new SlurmInstall.Host());
  }

  /** Writes every file for the Slurm {@code install} names; starts nothing. */
  public static EmbeddedCluster prepare(EmbeddedSpec spec, SlurmInstall install)
      throws IOException {
    return prepare(spec, install, Optional.empty());
  }

  /**
   * As {@link #prepare(EmbeddedSpec, SlurmInstall)}, with Slurm accounting (MariaDB and slurmdbd,
   * see {@link EmbeddedAccounting}) when {@code accounting} is given.
   */
  public static EmbeddedCluster prepare(
      EmbeddedSpec spec, SlurmInstall install, Optional<AccountingSpec> accounting)
      throws IOException {
    Path root = spec.root();
    for (String dir :
        List.of(
            "etc",
            "bin",
            "munge",
            "ctld",
            "nodes",
            "spool",
            "state",
            "log",
            "jobs",
            "checkpoints")) {
      Files.createDirectories(root.resolve(dir));
    }
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
    // munged refuses a socket directory that is not executable by all
    Files.setPosixFilePermissions(
        root.resolve("munge"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(
        root.resolve("jobs"), PosixFilePermissions.fromString("rwxrwxrwx"));
    // root's, not writable by users: the Prolog makes each job's own directory in it, and refuses
    // a parent users could plant a future job's directory in
    Files.setPosixFilePermissions(
        root.resolve("checkpoints"), PosixFilePermissions.fromString("rwxr-xr-x"));
    createMungeKey(root);
    Path yaml = root.resolve("stratus.yaml");
    // the hook launchers slurmctld runs need this JVM and its jars, in the root too
    SlurmInstall.SlurmDirs dirs =
        install.install(root, RootWrappers.jvmBinds(LauncherSpec.minimalClassPath()));
    Files.writeString(yaml, EmbeddedYaml.render(spec, dirs, install.version()));
    LoadedConfig loaded = ConfigLoader.loadAll(yaml);
    StratusConfig config = loaded.config();
    EmbeddedSlurm slurm =
        EmbeddedFiles.write(spec, loaded, accounting.map(AccountingSpec::slurmdbdPort).orElse(0));
    Optional<EmbeddedAccounting> dbd = Optional.empty();
    if (accounting.isPresent()) {
      if (!Files.isExecutable(config.slurm().sbinDir().resolve("slurmdbd"))) {
        throw new IOException(
            "Slurm accounting needs slurmdbd in "
                + config.slurm().sbinDir()
                + " (Debian package slurmdbd), which this Slurm does not have");
      }
      dbd =
          Optional.of(
              new EmbeddedAccounting(
                  accounting.get(), root, config.cluster(), config.slurm().sbinDir(), env(config)));
      dbd.get().prepare(config.slurm().confDir(), config.slurm().mungeSocket());
    }
    return new EmbeddedCluster(
        spec, config, slurm, dbd, accounting.map(AccountingSpec::slurmdbdPort).orElse(0));
  }

  private static void createMungeKey(Path root) throws IOException {
    Path keys = root.resolve("keys");
    Files.createDirectories(keys);
    Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rwx------"));
    Path key = keys.resolve("munge.key");
    if (!Files.exists(key)) {
      int rc =
          Processes.run(
              List.of("mungekey", "-c", "-k", key.toString()),
              Map.of(),
              root.resolve("log/mungekey.log"),
              Duration.ofSeconds(20));
      if (rc != 0) {
        throw new IOException(
            "mungekey failed (exit " + rc + "), see " + root.resolve("log/mungekey.log"));
      }
    }
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("r--------"));
  }

  /** Starts munged and slurmctld and waits until slurmctld answers. */
  public void start() throws IOException {
    Path root = spec.root();
    Path log = root.resolve("log/daemons.log");
    int rc =
        Processes.run(
            List.of(
                config.slurm().sbinDir().resolve("munged").toString(),
                "--key-file=" + config.mungeKeyFile(),
                "--socket=" + config.slurm().mungeSocket(),
                "--pid-file=" + root.resolve("ctld/munged.pid"),
                "--log-file=" + root.resolve("ctld/munged.log"),
                "--seed-file=" + root.resolve("ctld/munged.seed")),
            Map.of(),
            log,
            Duration.ofSeconds(20));
    if (rc != 0) {
      throw new IOException("munged failed to start (exit " + rc + "), see " + log);
    }
    if (accounting.isPresent()) {
      accounting.get().start();
    }
    rc =
        Processes.run(
            List.of(config.slurm().sbinDir().resolve("slurmctld").toString()),
            slurmEnv(),
            log,
            Duration.ofSeconds(30));
    if (rc != 0) {
      throw new IOException(
          "slurmctld failed to start (exit " + rc + "), see " + slurm.controllerLogFile());
    }
    awaitPing(log);
  }

  /**
   * Waits until slurmctld answers {@code scontrol ping}; fails at once when it has exited (a port
   * taken, a bad line in slurm.conf) and names the end of its log either way, so a CI run that
   * keeps only the console still says why.
   */
  private void awaitPing(Path log) throws IOException {
    Instant end = Instant.now().plusSeconds(60);
    while (Instant.now().isBefore(end)) {
      if (Processes.run(
              List.of(config.slurm().command("scontrol").toString(), "ping"),
              slurmEnv(),
              log,
              Duration.ofSeconds(10))
          == 0) {
        return;
      }
      Optional<Long> pid = Processes.readPid(slurm.controllerPidFile());
      if (pid.isPresent() && !Processes.alive(pid.get())) {
        throw new IOException(
            "slurmctld exited before it answered 'scontrol ping'; "
                + Processes.tail(slurm.controllerLogFile(), 8));
      }
      Processes.pause(200);
    }
    throw new IOException(
        "slurmctld did not answer 'scontrol ping' within 60 s, see "
            + log
            + "; "
            + Processes.tail(slurm.controllerLogFile(), 8));
  }

  /**
   * Stops slurmctld, then slurmdbd and MariaDB, then munged (each by its pid). Nodes are the
   * provider's to stop.
   */
  @Override
  public void close() {
    Processes.readPid(slurm.controllerPidFile())
        .ifPresent(pid -> Processes.stop(pid, Duration.ofSeconds(10)));
    accounting.ifPresent(EmbeddedAccounting::close);
    Processes.readPid(spec.root().resolve("ctld/munged.pid"))
        .ifPresent(pid -> Processes.stop(pid, Duration.ofSeconds(5)));
  }

  /**
   * SLURM_CONF, and PATH with the cluster's Slurm first: a bare {@code sbatch} is the one that
   * matches its slurmctld.
   */
  public Map<String, String> slurmEnv() {
    return env(config);
  }

  private static Map<String, String> env(StratusConfig config) {
    return Map.of(
        "SLURM_CONF",
        config.slurm().slurmConf().toString(),
        "PATH",
        config.slurm().binDir() + ":" + Processes.PATH);
  }

  /** The accounts of the cluster's slurmdbd; empty without accounting. */
  public List<String> accounts() {
    return accounting.map(a -> a.spec().accounts()).orElse(List.of());
  }

  /** What {@code slurmctld -V} of the cluster's Slurm prints, e.g. {@code slurm-wlm 24.11.5}. */
  public String slurmctldVersion() {
    Processes.Result r =
        Processes.output(
            List.of(config.slurm().sbinDir().resolve("slurmctld").toString(), "-V"),
            Map.of(),
            spec.root().resolve("log/daemons.log"),
            Duration.ofSeconds(20));
    return r.exitCode() == 0
        ? r.stdout().strip()
        : "unknown (slurmctld -V exit " + r.exitCode() + ")";
  }

  /** The release in {@link #slurmctldVersion()}, e.g. {@code 24.11.5}. */
  public String slurmRelease() {
    String banner = slurmctldVersion();
    Matcher m = Pattern.compile("\\d+\\.\\d+(\\.\\d+)?").matcher(banner);
    return m.find() ? m.group() : banner;
  }

  /**
   * Where the local provider places each slot of the pool (its racks, filled in name order), as
   * placement paths: what topology.conf is rendered from.
   */
  public Map<String, List<String>> rackPaths() {
    return EmbeddedFiles.rackPaths(spec, config().pools().get(0));
  }

  public EmbeddedSpec spec() {
    return spec;
  }

  public StratusConfig config() {
    return config;
  }

  public Path configFile() {
    return spec.root().resolve("stratus.yaml");
  }

  public Path root() {
    return spec.root();
  }
}
