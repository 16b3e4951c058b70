package dev.stratus.bootstrap;

import dev.stratus.bootstrap.gpu.DeviceFileGpuVerifier;
import dev.stratus.bootstrap.gpu.GpuCheck;
import dev.stratus.bootstrap.gpu.GpuVerifier;
import dev.stratus.bootstrap.gpu.NvidiaSmiGpuVerifier;
import dev.stratus.bootstrap.identity.CloudIdentities;
import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.FileMungeKeySource;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.MungeKeySource;
import dev.stratus.bootstrap.secret.NodeKeySource;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import dev.stratus.bootstrap.secret.VaultMungeKeySource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Entry point: {@code AgentMain --settings FILE}. Exit status 0 when slurmd was started, 1 when a
 * step failed (the status file says which), 2 for bad arguments or settings (printed to stderr, and
 * also written to the status file when its path could be read).
 *
 * <p>Kept free of elastic-core and logging frameworks so the JVM starts fast on a new node.
 */
public final class AgentMain {
  /** nvidia-smi can take tens of seconds on a cold 8-GPU machine (driver load, persistence off). */
  private static final Duration NVIDIA_SMI_TIMEOUT = Duration.ofSeconds(90);

  /** A node key in Vault's KV appears once the controller lists the new instance. */
  private static final Duration WAIT_FOR_NODE_KEY = Duration.ofMinutes(5);

  private AgentMain() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    if (args.length != 2 || !args[0].equals("--settings")) {
      System.err.println("usage: AgentMain --settings FILE");
      return 2;
    }
    AgentSettings settings;
    try {
      settings = AgentSettings.parse(Files.readString(Path.of(args[1]), StandardCharsets.UTF_8));
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("bad agent settings " + args[1] + ": " + e.getMessage());
      return 2;
    }
    Agent agent =
        new Agent(
            settings,
            new Agent.Tools(tool("hostname"), tool("mount"), tool("setpriv")),
            new ProcessCommandRunner(tool("perl")),
            keySource(settings.mungeKeySource(), Clock.systemUTC()),
            settings.nodeKey().map(k -> nodeKeySource(settings, k, Clock.systemUTC())),
            gpuVerifier(settings),
            Namespaces.fromProc(),
            Clock.systemUTC(),
            d -> Thread.sleep(d.toMillis()));
    return agent.run() ? 0 : 1;
  }

  /** Cloud logins get the VM's identity from its metadata service; AppRole needs none. */
  static MungeKeySource keySource(KeySourceSpec spec, Clock clock) {
    if (spec instanceof KeySourceSpec.VaultSource vault) {
      return new VaultMungeKeySource(vault, CloudIdentities.forSource(vault, clock));
    }
    return new FileMungeKeySource(((KeySourceSpec.FileSource) spec).path());
  }

  /** The node key's source; a Vault one uses the munge key source's Vault and identity. */
  static NodeKeySource nodeKeySource(AgentSettings settings, NodeKeySpec spec, Clock clock) {
    CloudIdentity identity =
        settings.mungeKeySource() instanceof KeySourceSpec.VaultSource vault
            ? CloudIdentities.forSource(vault, clock)
            : CloudIdentity.none();
    return new NodeKeySource(
        spec,
        settings.mungeKeySource(),
        identity,
        settings.nodeName(),
        WAIT_FOR_NODE_KEY,
        d -> Thread.sleep(d.toMillis()));
  }

  static GpuVerifier gpuVerifier(AgentSettings settings) {
    if (settings.gpuCheck() instanceof GpuCheck.NvidiaSmi smi) {
      return new NvidiaSmiGpuVerifier(smi, NVIDIA_SMI_TIMEOUT);
    }
    return new DeviceFileGpuVerifier(settings.deviceDir());
  }

  /** The absolute path of a system tool on {@link Agent#SYSTEM_PATH}, or its bare name. */
  static String tool(String name) {
    return find(name).map(Path::toString).orElse(name);
  }

  private static Optional<Path> find(String name) {
    for (String dir : Agent.SYSTEM_PATH.split(":")) {
      Path p = Path.of(dir, name);
      if (Files.isExecutable(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
