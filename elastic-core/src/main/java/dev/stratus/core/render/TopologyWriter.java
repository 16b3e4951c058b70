package dev.stratus.core.render;

import dev.stratus.api.model.Pool;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.templates.Templates;
import dev.stratus.templates.TopologyView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes topology.conf (or from Slurm 25.05 topology.yaml, {@link TopologyYaml}) only when its
 * content really changes, so the caller runs {@code scontrol reconfigure} only then (a reconfigure
 * per pass would disturb slurmctld for nothing).
 */
public final class TopologyWriter {
  public static final String FILE = "topology.conf";

  private TopologyWriter() {}

  /** The file Stratus writes beside slurm.conf for {@code version}. */
  public static String fileFor(SlurmVersion version) {
    return version.takesTopologyYaml() ? TopologyYaml.FILE : FILE;
  }

  /** The text of {@link #fileFor(SlurmVersion)}: the YAML from 25.05, else {@link #render}. */
  public static String render(
      SlurmVersion version,
      SlurmSettings.Topology kind,
      List<Pool> pools,
      Map<String, List<String>> nodePaths) {
    return version.takesTopologyYaml()
        ? TopologyYaml.render(kind, pools, nodePaths)
        : render(kind, pools, nodePaths);
  }

  public static String render(TopologyView view) {
    return Templates.render(Templates.TOPOLOGY, view);
  }

  /**
   * topology.conf's text for {@code kind}: blocks ({@link BlockBuilder}) for {@code block}, else
   * switches ({@link TopologyBuilder}); {@code nodePaths}: each placed node's path from the top.
   */
  public static String render(
      SlurmSettings.Topology kind, List<Pool> pools, Map<String, List<String>> nodePaths) {
    return kind == SlurmSettings.Topology.BLOCK
        ? Templates.render(Templates.TOPOLOGY_BLOCK, BlockBuilder.build(pools, nodePaths))
        : render(TopologyBuilder.build(pools, nodePaths));
  }

  /** Returns true when the file was written (new or different content). */
  public static boolean writeIfChanged(TopologyView view, Path file) throws IOException {
    return writeIfChanged(render(view), file);
  }

  /** Returns true when the file was written (new or different content). */
  public static boolean writeIfChanged(String text, Path file) throws IOException {
    if (Files.exists(file) && Files.readString(file).equals(text)) {
      return false;
    }
    AtomicFiles.write(file, text);
    return true;
  }
}
