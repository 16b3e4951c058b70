package dev.stratus.templates;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.MustacheException;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Renders the Mustache templates under {@code dev/stratus/templates/} (resource {@code
 * <name>.mustache}) with a view record. Output is plain text, never HTML-escaped. A variable the
 * view lacks is an error, not an empty string, so a typo in a template cannot render a silently
 * broken slurm.conf. An empty string counts as false in a section ({@code {{#x}}...{{/x}}}), which
 * is how optional values are written.
 */
public final class Templates {
  /** The slurm.conf include with power-saving settings, nodes and partitions. */
  public static final String SLURM_INCLUDE = "stratus-slurm.conf";

  /** gres.conf: one GPU line per pool. */
  public static final String GRES = "gres.conf";

  /** topology.conf (tree) from where the providers placed the nodes. */
  public static final String TOPOLOGY = "topology.conf";

  /** The full base slurm.conf of the embedded (local) cluster. */
  public static final String EMBEDDED_BASE = "embedded-slurm.conf";

  private static final Mustache.Compiler COMPILER =
      Mustache.compiler().escapeHTML(false).emptyStringIsFalse(true);
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
    String resource = name + ".mustache";
    try (InputStream in = Templates.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no template named '" + name + "'");
      }
      return COMPILER.compile(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read template " + resource, e);
    }
  }
}
