package dev.stratus.templates;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.MustacheException;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Renders the Mustache templates under {@code dev/stratus/templates/} (resource {@code
 * <name>.mustache}) with a view record. Output is plain text, never HTML-escaped. A variable the
 * view lacks is an error, not an empty string, so a typo in a template cannot render a silently
 * broken slurm.conf. An empty string counts as false in a section ({@code {{#x}}...{{/x}}}), which
 * is how optional values are written. A template may include another with {@code {{> name}}} (the
 * cloud-init user-data includes the part that differs per cloud, {@code cloud-init-<cloud>}).
 */
public final class Templates {
  /** The slurm.conf include with power-saving settings, nodes and partitions. */
  public static final String SLURM_INCLUDE = "stratus-slurm.conf";

  /** gres.conf: one GPU line per pool. */
  public static final String GRES = "gres.conf";

  /** topology.conf (tree) from where the providers placed the nodes. */
  public static final String TOPOLOGY = "topology.conf";

  /** topology.conf (topology/block, Slurm 23.11+) from the providers' NVLink domains. */
  public static final String TOPOLOGY_BLOCK = "topology-block.conf";

  /** The full base slurm.conf of the embedded (local) cluster. */
  public static final String EMBEDDED_BASE = "embedded-slurm.conf";

  /** cloud-init user-data for the nodes of one cloud ({@link CloudInitView}). */
  public static final String CLOUD_INIT = "cloud-init.yaml";

  private static final Mustache.Compiler COMPILER =
      Mustache.compiler().escapeHTML(false).emptyStringIsFalse(true).withLoader(Templates::partial);
  private static final Map<String, Template> CACHE = new ConcurrentHashMap<>();

  private Templates() {}

  /**
   * Renders template {@code name} (one of the constants above) with {@code view}.
   *
   * @throws IllegalArgumentException if there is no such template or the view lacks a variable
   */
  public static String render(String name, Object view) {
    Template template = CACHE.computeIfAbsent(name, Templates::compile);
    try {
      return template.execute(view);
    } catch (MustacheException e) {
      throw new IllegalArgumentException(
          "template " + name + " cannot render " + view.getClass().getSimpleName() + ": " + e, e);
    }
  }

  private static Template compile(String name) {
    return COMPILER.compile(source(name));
  }

  /** {@code {{> name}}} in a template includes {@code name.mustache} from the same folder. */
  private static Reader partial(String name) {
    return new StringReader(source(name));
  }

  private static String source(String name) {
    String resource = name + ".mustache";
    try (InputStream in = Templates.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no template named '" + name + "'");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read template " + resource, e);
    }
  }
}
