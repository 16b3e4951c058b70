package dev.stratus.core.render;

import dev.stratus.core.config.LoadedConfig;
import dev.stratus.templates.CloudInitView;
import dev.stratus.templates.Templates;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code cloud-init-<cloud>.yaml} for every cloud that serves a pool, when stratus.yaml has
 * a {@code bootstrap:} block. The files hold no secret (see {@link CloudInitView}), so they are
 * written readable like the Slurm files.
 */
public final class CloudInitWriter {
  private CloudInitWriter() {}

  public static String render(CloudInitView view) {
    return Templates.render(Templates.CLOUD_INIT, view);
  }

  public static String fileName(String cloud) {
    return "cloud-init-" + cloud + ".yaml";
  }

  /** The paths written, in the order aws, gcp, azure; none without a bootstrap block. */
  public static List<Path> write(LoadedConfig loaded, Path dir) throws IOException {
    List<Path> written = new ArrayList<>();
    if (loaded.bootstrap().isEmpty()) {
      return written;
    }
    Map<String, CloudInitView> views = CloudInitViews.of(loaded.config(), loaded.bootstrap().get());
    for (var e : views.entrySet()) {
      Path file = dir.resolve(fileName(e.getKey()));
      AtomicFiles.write(file, render(e.getValue()));
      written.add(file);
    }
    return written;
  }
}
