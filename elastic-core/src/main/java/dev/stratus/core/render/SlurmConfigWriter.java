package dev.stratus.core.render;

import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.templates.Templates;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes the rendered Slurm files, each atomically (see {@link AtomicFiles}). The include and
 * gres.conf belong in slurm.conf's directory: Slurm reads gres.conf from there. Re-rendering the
 * same config gives byte-identical files, so writing is idempotent. The include is merged with the
 * site's slurm.conf ({@link IncludeMerge}); when it cannot be, nothing is written ({@link
 * IncludeConflicts}).
 */
public final class SlurmConfigWriter {
  /** The include with power-saving settings, nodes and partitions. */
  public static final String INCLUDE_FILE = "stratus-slurm.conf";

  public static final String GRES_FILE = "gres.conf";

  private SlurmConfigWriter() {}

  /**
   * The include, merged with the slurm.conf that {@code slurm.slurmConf} names (none there: nothing
   * to merge with).
   *
   * @throws IncludeConflicts when it cannot be merged with that slurm.conf
   */
  public static String renderInclude(LoadedConfig config) throws IOException {
    return renderInclude(config, SiteSlurmConf.read(config.config().slurm().slurmConf()));
  }

  /** The include, merged with {@code site}. */
  public static String renderInclude(LoadedConfig config, SiteSlurmConf site) {
    return Templates.render(
        Templates.SLURM_INCLUDE,
        SlurmViews.include(config.config(), SlurmViews.configlessNodes(config), site));
  }

  /** How the include would merge with the slurm.conf at {@code slurmConf}. */
  public static IncludeMerge check(LoadedConfig config, Path slurmConf) throws IOException {
    return SlurmViews.merge(
        config.config(), SlurmViews.configlessNodes(config), SiteSlurmConf.read(slurmConf));
  }

  public static String renderGres(LoadedConfig config) {
    return Templates.render(Templates.GRES, SlurmViews.gres(config));
  }

  public static String renderBase(EmbeddedSlurm embedded) {
    return Templates.render(Templates.EMBEDDED_BASE, SlurmViews.base(embedded));
  }

  /** {@link #write(LoadedConfig, Path, Optional)} without a placement. */
  public static List<Path> write(LoadedConfig config, Path dir) throws IOException {
    return write(config, dir, Optional.empty());
  }

  /**
   * Writes {@value #INCLUDE_FILE} and {@value #GRES_FILE} into {@code dir} (created if missing),
   * the Prolog and TaskProlog when the config has a checkpoint dir, and topology.conf
   * (topology.yaml from Slurm 25.05): from {@code placement} (switch path per node) when given;
   * else, with {@code slurm.topology: tree}, a first one with every node unplaced when there is
   * none yet (slurmctld needs one to start; a file that exists is the controller's, which keeps it
   * up to date).
   *
   * @return the paths written, include first
   */
  public static List<Path> write(
      LoadedConfig config, Path dir, Optional<Map<String, List<String>>> placement)
      throws IOException {
    Path include = dir.resolve(INCLUDE_FILE);
    Path gres = dir.resolve(GRES_FILE);
    String includeText = renderInclude(config);
    String gresText = renderGres(config);
    AtomicFiles.write(include, includeText);
    AtomicFiles.write(gres, gresText);
    List<Path> written = new ArrayList<>(List.of(include, gres));
    CheckpointProlog.write(config.config()).ifPresent(written::add);
    TaskProlog.write(config.config()).ifPresent(written::add);
    BootWaitProlog.write(config.config(), dir).ifPresent(written::add);
    SlurmVersion version = config.config().slurm().version();
    Path topology = dir.resolve(TopologyWriter.fileFor(version));
    SlurmSettings.Topology kind = config.config().slurm().topology();
    if (placement.isPresent() || (kind.controllerWrites() && !Files.exists(topology))) {
      TopologyWriter.writeIfChanged(
          TopologyWriter.render(version, kind, config.config().pools(), placement.orElse(Map.of())),
          topology);
      written.add(topology);
    }
    return written;
  }

  /** Writes the embedded cluster's full base slurm.conf to {@code file}. */
  public static Path writeBase(EmbeddedSlurm embedded, Path file) throws IOException {
    AtomicFiles.write(file, renderBase(embedded));
    return file;
  }
}
