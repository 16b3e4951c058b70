package dev.stratus.tests.scale;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.config.ThisHost;
import dev.stratus.core.render.EmbeddedSlurm;
import dev.stratus.core.render.SlurmConfigWriter;
import dev.stratus.hook.HookLaunchers;
import dev.stratus.hook.LauncherSpec;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.sandbox.embedded.ListenPorts;
import dev.stratus.sandbox.embedded.NodeHardware;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.sandbox.slurm.RootWrappers;
import dev.stratus.sandbox.slurm.SlurmInstall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The harness's Slurm control plane under {@code root}: a munge key and munged, a slurmctld of its
 * own (cluster name, port, state) on loopback, rendered by Stratus from the harness's stratus.yaml
 * (the include, gres.conf, the boot-wait prolog and the hook launchers), with two changes a
 * one-host cluster needs: each node's slurmd gets a {@code Port=} of its own, and gres.conf points
 * at fake GPU devices under the root. {@link #close} stops slurmctld and munged by their pid files.
 */
final class ScaleSlurm implements AutoCloseable {
  private static final Random RANDOM = new SecureRandom();

  private static final Pattern NODE_LINE = Pattern.compile("(?m)^NodeName=(\\S+) (.*)$");

  final Path root;
  final StratusConfig config;
  final EmbeddedSlurm slurm;
  final String release;

  private ScaleSlurm(Path root, StratusConfig config, EmbeddedSlurm slurm, String release) {
    this.root = root;
    this.config = config;
    this.slurm = slurm;
    this.release = release;
  }

  /** Writes every file for {@code spec} on the Slurm {@code install} names; starts nothing. */
  static ScaleSlurm prepare(Path root, String cluster, ScaleSpec spec, SlurmInstall install)
      throws IOException {
    for (String dir : List.of("etc", "bin", "munge", "ctld", "spool", "state", "log", "dev")) {
      Files.createDirectories(root.resolve(dir));
    }
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(
        root.resolve("munge"), PosixFilePermissions.fromString("rwxr-xr-x"));
    mungeKey(root);
    SlurmInstall.SlurmDirs dirs =
        install.install(root, RootWrappers.jvmBinds(LauncherSpec.minimalClassPath()));
    Path nodesDir = root.resolve("state/slurm/nodes");
    NodeHardware hardware = NodeHardware.measure(dirs.sbinDir(), root.resolve("log/commands.log"));
    Path yaml = root.resolve("stratus.yaml");
    Files.writeString(
        yaml,
        ScaleYaml.render(
            cluster,
            spec,
            dirs,
            install.version().toString(),
            hardware,
            nodesDir,
            ListenPorts.draw(RANDOM)));
    LoadedConfig loaded = ConfigLoader.loadAll(yaml);
    StratusConfig config = loaded.config();
    EmbeddedSlurm slurm =
        EmbeddedSlurm.of(config, ThisHost.shortName(), "127.0.0.1", ListenPorts.draw(RANDOM));
    Files.createDirectories(slurm.stateSaveLocation());
    Files.createDirectories(slurm.nodesDir());
    Path confDir = config.slurm().confDir();
    SlurmConfigWriter.write(loaded, confDir);
    SlurmConfigWriter.writeBase(slurm, config.slurm().slurmConf());
    Files.writeString(
        config.slurm().slurmConf(),
        Files.readString(config.slurm().slurmConf())
            + "# the scale harness: room for its queue\nMaxJobCount="
            + Math.max(10_000, 2 * spec.jobs())
            + "\n");
    Path include = confDir.resolve(SlurmConfigWriter.INCLUDE_FILE);
    Files.writeString(include, withPorts(Files.readString(include), slurmdPorts(spec.nodes())));
    Path gres = confDir.resolve(SlurmConfigWriter.GRES_FILE);
    Files.writeString(
        gres, Files.readString(gres).replace("File=/dev/nvidia", "File=" + fakeGpus(root)));
    HookLaunchers.write(
        config.powerSave().hookDir(),
        LauncherSpec.forThisJvm(
            config.spoolDir(), config.slurm().command("scontrol"), root.resolve("log/hooks.log")));
    return new ScaleSlurm(root, config, slurm, install.version().toString());
  }

  /**
   * Each NodeName line of the include with {@code Port=[first-last]}, one port per node from {@code
   * base} on: every slurmd on this host needs its own (read in slurmctld's read_config: a port
   * range as long as the line's hostlist).
   */
  static String withPorts(String include, int base) {
    Matcher m = NODE_LINE.matcher(include);
    StringBuilder out = new StringBuilder();
    int next = base;
    while (m.find()) {
      int count = Hostlist.expand(m.group(1)).size();
      String ports = "Port=[" + next + "-" + (next + count - 1) + "]";
      next += count;
      m.appendReplacement(
          out, Matcher.quoteReplacement("NodeName=" + m.group(1) + " " + m.group(2) + " " + ports));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** Eight character devices with NVIDIA's major, as the local provider makes them. */
  private static Path fakeGpus(Path root) throws IOException {
    Path dev = root.resolve("dev");
    for (int i = 0; i < 8; i++) {
      Path d = dev.resolve("nvidia" + i);
      if (!Files.exists(d)) {
        run(List.of("mknod", "-m", "666", d.toString(), "c", "195", Integer.toString(i)), root);
      }
    }
    return dev.resolve("nvidia");
  }

  private static void mungeKey(Path root) throws IOException {
    Path keys = root.resolve("keys");
    Files.createDirectories(keys);
    Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rwx------"));
    Path key = keys.resolve("munge.key");
    run(List.of("mungekey", "-c", "-k", key.toString()), root);
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("r--------"));
  }

  private static void run(List<String> argv, Path root) throws IOException {
    Path log = root.resolve("log/commands.log");
    int rc = Processes.run(argv, Map.of(), log, Duration.ofSeconds(30));
    if (rc != 0) {
      throw new IOException(argv.get(0) + " failed (exit " + rc + "), see " + log);
    }
  }

  /**
   * The first of {@code count} slurmd ports, drawn from 10000..19999, below the kernel's ephemeral
   * range (an outgoing connection never holds one) and the embedded clusters' slurmctld ports.
   */
  static int slurmdPorts(int count) {
    if (count > 9000) {
      throw new IllegalArgumentException("at most 9000 nodes fit the slurmd ports, got " + count);
    }
    return 10000 + RANDOM.nextInt(10000 - count);
  }

  /** Starts munged and slurmctld and waits until slurmctld answers {@code scontrol ping}. */
  void start() throws IOException {
    run(
        List.of(
            config.slurm().sbinDir().resolve("munged").toString(),
            "--key-file=" + config.mungeKeyFile(),
            "--socket=" + config.slurm().mungeSocket(),
            "--pid-file=" + root.resolve("ctld/munged.pid"),
            "--log-file=" + root.resolve("ctld/munged.log"),
            "--seed-file=" + root.resolve("ctld/munged.seed")),
        root);
    Path log = root.resolve("log/daemons.log");
    int rc =
        Processes.run(
            List.of(config.slurm().sbinDir().resolve("slurmctld").toString()),
            env(),
            log,
            Duration.ofSeconds(30));
    if (rc != 0) {
      throw new IOException("slurmctld failed (exit " + rc + "), see " + slurm.controllerLogFile());
    }
    Instant end = Instant.now().plusSeconds(30);
    while (Instant.now().isBefore(end)) {
      if (Processes.run(command("scontrol", "ping"), env(), log, Duration.ofSeconds(10)) == 0) {
        return;
      }
      Processes.pause(200);
    }
    throw new IOException("slurmctld did not answer within 30 s, see " + slurm.controllerLogFile());
  }

  /** {@code program} of the cluster's Slurm with {@code args}. */
  List<String> command(String program, String... args) {
    List<String> argv = new ArrayList<>(List.of(config.slurm().command(program).toString()));
    argv.addAll(List.of(args));
    return argv;
  }

  Map<String, String> env() {
    return Map.of(
        "SLURM_CONF",
        config.slurm().slurmConf().toString(),
        "PATH",
        config.slurm().binDir() + ":" + Processes.PATH);
  }

  /** Stops slurmctld, then munged, each by its pid file. */
  @Override
  public void close() {
    Processes.readPid(slurm.controllerPidFile())
        .ifPresent(pid -> Processes.stop(pid, Duration.ofSeconds(20)));
    Processes.readPid(root.resolve("ctld/munged.pid"))
        .ifPresent(pid -> Processes.stop(pid, Duration.ofSeconds(5)));
  }
}
