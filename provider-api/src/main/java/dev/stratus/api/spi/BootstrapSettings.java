package dev.stratus.api.spi;

import static dev.stratus.api.model.Checks.notNull;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What every new node needs to join the cluster, whichever provider starts it: the slurm.conf to
 * run slurmd with, where slurmd lives, the munge key's secret source and the munge socket path
 * named in slurm.conf's AuthInfo. The key comes from Vault when {@code vault} is set (each node
 * then gets its own {@link NodeCredential} in the {@link LaunchRequest}), else from the 0400 file
 * {@code mungeKeyFile}. {@code gpuHealth}: each pool's GPU admission check ({@link GpuAdmission}).
 * {@code slurmBinDir}: the Slurm and munge clients the node's agent runs (they must speak
 * slurmctld's RPC version; default {@code /usr/bin}).
 */
public record BootstrapSettings(
    Path slurmConf,
    Path slurmSbinDir,
    Path mungeKeyFile,
    Path mungeSocket,
    Optional<VaultSettings> vault,
    Path slurmBinDir,
    Map<String, GpuAdmission> gpuHealth) {
  public BootstrapSettings {
    notNull("slurmConf", slurmConf);
    notNull("slurmSbinDir", slurmSbinDir);
    notNull("mungeKeyFile", mungeKeyFile);
    notNull("mungeSocket", mungeSocket);
    vault = vault == null ? Optional.empty() : vault;
    notNull("slurmBinDir", slurmBinDir);
    gpuHealth = gpuHealth == null ? Map.of() : Map.copyOf(gpuHealth);
  }

  /** Every pool at GPU admission level 0. */
  public BootstrapSettings(
      Path slurmConf,
      Path slurmSbinDir,
      Path mungeKeyFile,
      Path mungeSocket,
      Optional<VaultSettings> vault,
      Path slurmBinDir) {
    this(slurmConf, slurmSbinDir, mungeKeyFile, mungeSocket, vault, slurmBinDir, Map.of());
  }

  /** The pool's GPU admission check, level 0 when stratus.yaml sets none. */
  public GpuAdmission gpuHealth(String pool) {
    return gpuHealth.getOrDefault(pool, GpuAdmission.INVENTORY);
  }

  /** With the clients in {@code /usr/bin}. */
  public BootstrapSettings(
      Path slurmConf,
      Path slurmSbinDir,
      Path mungeKeyFile,
      Path mungeSocket,
      Optional<VaultSettings> vault) {
    this(slurmConf, slurmSbinDir, mungeKeyFile, mungeSocket, vault, Path.of("/usr/bin"));
  }

  /** Nodes read the key from {@code mungeKeyFile}. */
  public BootstrapSettings(Path slurmConf, Path slurmSbinDir, Path mungeKeyFile, Path mungeSocket) {
    this(slurmConf, slurmSbinDir, mungeKeyFile, mungeSocket, Optional.empty());
  }
}
