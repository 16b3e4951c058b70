package dev.stratus.core.render;

import dev.stratus.templates.Templates;
import dev.stratus.templates.TopologyView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes topology.conf only when its content really changes, so the caller runs {@code scontrol
 * reconfigure} only then (a reconfigure per pass would disturb slurmctld for nothing).
 */
public final class TopologyWriter {
  public static final String FILE = "topology.conf";

  private TopologyWriter() {}

  public static String render(TopologyView view) {
    return Templates.render(Templates.TOPOLOGY, view);
  }

  /** Returns true when the file was written (new or different content). */
  public static boolean writeIfChanged(TopologyView view, Path file) throws IOException {
    String text = render(view);
    if (Files.exists(file) && Files.readString(file).equals(text)) {
      return false;
    }
    AtomicFiles.write(file, text);
    return true;
  }
}
