package dev.stratus.core.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Parses {@code sinfo --json}. 22.05 (openapi v0.0.38) writes {@code "state":"idle"} plus {@code
 * "state_flags":["CLOUD","POWERED_DOWN"]}; 23.02+ writes {@code "state":["IDLE","CLOUD",
 * "POWERED_DOWN"]} with the base state first. Both are accepted. {@code features} and {@code
 * active_features} are one comma-separated string in 22.05 and arrays in 24.11. From 23.02 {@code
 * sinfo --json} lists node groups ({@code "sinfo":[...]}); {@code scontrol --json show nodes}
 * writes the node list this parser reads ({@code "nodes":[...]}, 24.11.5 measured).
 */
public final class SinfoJson {
  private SinfoJson() {}

  /** Whether {@code json} is the 23.02+ {@code sinfo --json} document: node groups, no nodes. */
  public static boolean listsNodeGroups(String json) {
    JsonNode root = new JsonDocument("sinfo --json", SlurmCommandException::new).parse(json);
    return root.has("sinfo") && !root.has("nodes");
  }

  /**
   * @throws SlurmCommandException naming the field when the document is not what sinfo writes
   */
  public static List<SlurmNode> parse(String json) {
    JsonDocument doc = new JsonDocument("sinfo --json", SlurmCommandException::new);
    JsonNode root = doc.parse(json);
    doc.checkNoErrors(root);
    List<JsonNode> items = doc.array(root, "", "nodes");
    List<SlurmNode> nodes = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      JsonNode item = items.get(i);
      String path = "nodes[" + i + "]";
      String name = doc.requiredText(item, path, "name");
      List<String> state = doc.state(item, path + "(" + name + ")", "state");
      Set<String> flags = new LinkedHashSet<>();
      state.subList(1, state.size()).forEach(f -> flags.add(f.toUpperCase(Locale.ROOT)));
      doc.strings(item, "state_flags").forEach(f -> flags.add(f.toUpperCase(Locale.ROOT)));
      nodes.add(
          new SlurmNode(
              name,
              state.get(0),
              flags,
              doc.text(item, path, "reason"),
              doc.text(item, path, "address"),
              doc.text(item, path, "gres"),
              doc.strings(item, "partitions"),
              Set.copyOf(doc.commaList(item, path, "features")),
              Set.copyOf(doc.commaList(item, path, "active_features"))));
    }
    return nodes;
  }
}
